"""A season's ranking computes nothing when nothing it is computed from has changed (RankingState),
and computes again as soon as anything has: a game result, a standing, a country, the method."""
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import GameResult, RankingState, Season, SeasonRanking, Standing
from league.services.rankings import rankings_recompute
from tests.factories import PlayerFactory, SeasonFactory
from tests.league.test_rankings import game, league_games, ranking, tournament_in  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def mers_season(season, p):
    """Two MERS tournaments with standings for the players of league_games."""
    Season.objects.filter(pk=season.pk).update(ranking_method=Season.RankingMethod.MERS)
    season.refresh_from_db()
    for tournament in season.tournaments.filter(status="finished", published=True):
        for rank, player_id in enumerate(GameResult.objects.filter(tournament=tournament)
                                         .values_list("player_id", flat=True).distinct().order_by("player_id"),
                                         start=1):
            Standing.objects.get_or_create(tournament=tournament, player_id=player_id,
                                           defaults={"rank": rank, "table_points": 0, "score": 0, "games": 1})
    return season


def test_an_unchanged_season_reads_no_game_row_and_writes_nothing(league_games):  # noqa: F811
    season, _p = league_games
    assert rankings_recompute(season=season) is True
    assert RankingState.objects.filter(season=season).exists()
    with CaptureQueriesContext(connection) as queries:
        assert rankings_recompute(season=season) is False
    sql = [q["sql"] for q in queries]
    assert not [s for s in sql if s.startswith(("INSERT", "UPDATE", "DELETE"))]
    # game results only summed per tournament (the fingerprint), never per player as a computation does
    assert not [s for s in sql if s.startswith('SELECT "league_gameresult"."player_id"')]


def test_a_changed_game_result_is_computed_again(league_games):  # noqa: F811
    season, p = league_games
    rankings_recompute(season=season)
    GameResult.objects.filter(player=p[6]).update(table_points=9)
    assert rankings_recompute(season=season) is True
    assert ranking(season)[0][:3] == (p[6].pk, 1, Decimal(9))


def test_a_changed_standing_or_country_recomputes_mers(league_games):  # noqa: F811
    season, p = league_games
    season = mers_season(season, p)
    rankings_recompute(season=season)
    before = dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value"))
    tournament = season.tournaments.filter(status="finished", published=True).order_by("pk").first()
    first = Standing.objects.filter(tournament=tournament).order_by("rank").first()
    last = Standing.objects.filter(tournament=tournament).order_by("-rank").first()
    Standing.objects.filter(pk=first.pk).update(rank=last.rank)
    Standing.objects.filter(pk=last.pk).update(rank=first.rank)
    assert rankings_recompute(season=season) is True
    assert dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value")) != before
    assert rankings_recompute(season=season) is False


def test_a_changed_method_recomputes(league_games):  # noqa: F811
    season, _p = league_games
    rankings_recompute(season=season)
    Season.objects.filter(pk=season.pk).update(ranking_method=Season.RankingMethod.TABLE_POINTS_AVG, min_games=1)
    season.refresh_from_db()
    assert rankings_recompute(season=season) is True


def test_ranking_rows_swapped_by_anything_else_are_rebuilt(league_games):  # noqa: F811
    season, p = league_games
    season = mers_season(season, p)
    rankings_recompute(season=season)
    rows = list(SeasonRanking.objects.filter(season=season, rank__isnull=False).order_by("rank")[:2])
    assert rows[0].value != rows[1].value
    before = dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value"))
    # two rows exchange their values: every value is still there, only the players are wrong
    SeasonRanking.objects.filter(pk=rows[0].pk).update(value=rows[1].value)
    SeasonRanking.objects.filter(pk=rows[1].pk).update(value=rows[0].value)
    assert rankings_recompute(season=season) is True
    assert dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value")) == before


def test_an_unchanged_chemnitz_season_computes_nothing_and_a_new_order_of_its_games_is_computed_again():
    season = SeasonFactory(ranking_method=Season.RankingMethod.CHEMNITZ)
    p = [None, *PlayerFactory.create_batch(6)]
    tournament = tournament_in(season)
    game(tournament, 1, {p[1]: 4, p[2]: 2, p[3]: 1, p[4]: 0})
    game(tournament, 2, {p[1]: 0, p[2]: 1, p[5]: 2, p[6]: 4})
    rated = 'SELECT "league_gameresult"."table_id" AS "table_id", "league_gameresult"."player_id"'  # one by one
    with CaptureQueriesContext(connection) as queries:
        assert rankings_recompute(season=season) is True
    assert [q for q in queries if rated in q["sql"]]
    with CaptureQueriesContext(connection) as queries:
        assert rankings_recompute(season=season) is False
    sql = [q["sql"] for q in queries]
    assert not [s for s in sql if s.startswith(("INSERT", "UPDATE", "DELETE")) or rated in s]
    before = dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value"))
    # the two sessions' games change places in the order: the same standings and the same sums
    games = GameResult.objects.filter(tournament=tournament)
    games.filter(session_number=1).update(session_number=3)
    games.filter(session_number=2).update(session_number=1)
    games.filter(session_number=3).update(session_number=2)
    assert rankings_recompute(season=season) is True
    after = dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value"))
    assert after != before
    RankingState.objects.filter(season=season).delete()  # computed from scratch: the same
    rankings_recompute(season=season)
    assert dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value")) == after
