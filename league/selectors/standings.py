"""Reading materialised results: a tournament's standings, a season's ranking, a player's games.

Each function is one query (joins by ``select_related``), never one per row.
"""
from django.db.models import F, QuerySet

from ..models import GameResult, Player, Season, SeasonRanking, Standing, Tournament


def standings_for(*, tournament: Tournament) -> list[Standing]:
    """The tournament's standings, best first; disqualified players last."""
    return list(Standing.objects.filter(tournament=tournament).select_related("player__club")
                .order_by("rank", "player__last_name", "player__first_name", "player_id"))


def season_ranking_for(*, season: Season) -> QuerySet[SeasonRanking]:
    """The season's ranking, best first; players without a rank (too few games) after the others."""
    return (SeasonRanking.objects.filter(season=season).select_related("player__club")
            .order_by(F("rank").asc(nulls_last=True), "-value", "player__last_name", "player__first_name",
                      "player_id"))


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
