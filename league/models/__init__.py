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
from .results import GameResult, RankingSnapshot, SeasonRanking, Standing
from .signups import Signup

__all__ = [
    "RULESET_CHOICES", "WIND_CHOICES", "Club", "Export", "GameResult", "Hand", "HandRevision", "League",
    "Player", "RankingSnapshot", "RefereeAssignment", "Registration", "Season", "SeasonRanking", "Seat", "Session",
    "Signup", "Standing", "Table", "Tournament", "TournamentPenalty",
]
