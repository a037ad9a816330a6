"""Reading materialised results: a tournament's standings, a season's ranking, a player's games.

Each function is one query (joins by ``select_related``), never one per row.
"""
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F, QuerySet

from ..models import GameResult, Player, Registration, Season, SeasonRanking, Standing, Tournament
from ..services.standings import shared_ranks


def standings_for(*, tournament: Tournament) -> list[Standing]:
    """The tournament's standings, best first; disqualified players last."""
    return list(Standing.objects.filter(tournament=tournament).select_related("player__club")
                .order_by("rank", "player__last_name", "player__first_name", "player_id"))


# Ranked players by rank; unranked ones (too few games or tournaments) after them by their results
# (value, then games), never by name first.
SEASON_ORDER = (F("rank").asc(nulls_last=True), "-value", "-games", "player__last_name", "player__first_name",
                "player_id")


def season_ranking_for(*, season: Season) -> QuerySet[SeasonRanking]:
    """The season's ranking, best first; players without a rank (too few games) after the others."""
    return (SeasonRanking.objects.filter(season=season).select_related("player__club")
            .order_by(*SEASON_ORDER))


def player_results(*, player: Player, tournaments: QuerySet[Tournament] | None = None) -> list[GameResult]:
    """The player's table games, newest tournament first, within ``tournaments`` when given (pass
    ``visible_tournaments(user)`` on public pages)."""
    results = GameResult.objects.filter(player=player)
    if tournaments is not None:
        results = results.filter(tournament__in=tournaments)
    return list(results.select_related("tournament", "table")
                .order_by("-tournament__starts_on", "tournament_id", "session_number"))


def player_standings(*, player: Player, tournaments: QuerySet[Tournament] | None = None) -> list[Standing]:
    """The player's final or current place in each tournament, newest first."""
    standings = Standing.objects.filter(player=player)
    if tournaments is not None:
        standings = standings.filter(tournament__in=tournaments)
    return list(standings.select_related("tournament__season")
                .order_by("-tournament__starts_on", "tournament_id"))


@dataclass
class TeamRow:
    rank: int | None
    team: str
    members: list[int]  # player ids, best standing first
    counted: list[int]  # the members whose figures the row sums (all, or the best k)
    table_points: Decimal
    score: Decimal
    names: list[str] = field(default_factory=list)


def team_rows(entries: list[tuple], *, method: str | None, best: int, by_score: bool) -> list[TeamRow]:
    """Team standings from ``(team, player_id, rank, table_points, score, name)`` of the members'
    standings: the sum of every member's figures (``"sum"``) or of the ``best`` best-placed members
    (``"best"``); teams ordered like the tournament's standings, equal figures share the place."""
    if method not in ("sum", "best"):
        return []
    teams: dict[str, list[tuple]] = defaultdict(list)
    for entry in entries:
        if entry[0]:
            teams[entry[0]].append(entry)
    rows = []
    for team, members in teams.items():
        members.sort(key=lambda m: (m[2], m[1]))
        counted = members[:best] if method == "best" else members
        rows.append(TeamRow(0, team, [m[1] for m in members], [m[1] for m in counted],
                            sum((m[3] for m in counted), Decimal(0)), sum((m[4] for m in counted), Decimal(0)),
                            [m[5] for m in members]))

    def key(row: TeamRow) -> tuple:
        return (-row.score, -row.table_points) if by_score else (-row.table_points, -row.score)

    rows.sort(key=lambda row: (key(row), row.team.casefold()))
    for row, rank in zip(rows, shared_ranks(key(row) for row in rows), strict=True):
        row.rank = rank
    return rows


def team_standings_for(*, tournament: Tournament) -> list[TeamRow]:
    """The tournament's team standings by its ``team_standings`` option (empty when it is off)."""
    options = tournament.day_options
    if not options.get("team_standings"):
        return []
    teams = dict(Registration.objects.filter(tournament=tournament).exclude(team="")
                 .values_list("player_id", "team"))
    entries = [(teams[player_id], player_id, rank, table_points, score, f"{first} {last}")
               for player_id, rank, table_points, score, first, last in
               Standing.objects.filter(tournament=tournament, player_id__in=list(teams))
               .values_list("player_id", "rank", "table_points", "score", "player__first_name",
                            "player__last_name")]
    rows = team_rows(entries, method=options.get("team_standings"), best=options.get("team_best", 3),
                     by_score=tournament.effective_standing_method == Tournament.StandingMethod.SCORE)
    if not any(entry[2] for entry in entries):  # before the first hand: no ranks, as in the standings
        for row in rows:
            row.rank = None
    return rows
