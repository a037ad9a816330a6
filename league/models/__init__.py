"""The league's models, one module per area."""
from .competition import (
    RULESET_CHOICES,
    WIND_CHOICES,
    League,
    RefereeAssignment,
    Registration,
    Season,
    Seat,
    Session,
    Table,
    Tournament,
)
from .exports import Export
from .people import Club, Player
from .play import Hand, HandRevision, TournamentPenalty
from .results import GameResult, SeasonRanking, Standing

__all__ = [
    "RULESET_CHOICES", "WIND_CHOICES", "Club", "Export", "GameResult", "Hand", "HandRevision", "League",
    "Player", "RefereeAssignment", "Registration", "Season", "SeasonRanking", "Seat", "Session", "Standing",
    "Table", "Tournament", "TournamentPenalty",
]
