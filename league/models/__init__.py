"""The league's models, one module per area."""
from .accounts import AccountClaim
from .audit import AuditEntry
from .competition import (
    WIND_CHOICES,
    WIND_NAMES,
    ClockState,
    League,
    RefereeAssignment,
    Registration,
    Season,
    Seat,
    Session,
    Table,
    Tournament,
)
from .day import Bye, CheckIn, SeatCode, Withdrawal, withdrawn_in
from .exports import Export
from .limits import RateCount
from .people import Club, Player, PlayerMerge, full_name, shown_name, shown_name_order
from .play import Hand, HandRevision, TableConfirmation, TableDispute, TournamentPenalty
from .results import (
    GameResult,
    PlayerTotal,
    RankingSnapshot,
    RankingState,
    SeasonRanking,
    Standing,
    StandingsState,
    TableGame,
)
from .roles import Role
from .signups import Signup

__all__ = [
    "full_name",
    "shown_name",
    "shown_name_order",
    "WIND_CHOICES", "WIND_NAMES", "AccountClaim", "AuditEntry", "Bye", "CheckIn", "ClockState", "Club", "Export",
    "GameResult", "Hand", "HandRevision", "League",
    "Player", "PlayerMerge", "RankingSnapshot", "RankingState", "RateCount", "RefereeAssignment", "Registration",
    "Role",
    "Season",
    "SeasonRanking", "Seat", "SeatCode", "Session",
    "PlayerTotal", "Signup", "Standing", "StandingsState", "Table", "TableConfirmation", "TableDispute", "TableGame",
    "Tournament", "TournamentPenalty",
    "Withdrawal", "withdrawn_in",
]
