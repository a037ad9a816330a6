"""The season ranking as stored (the database's grouped reads, the write, the unchanged check)
against MERS's arithmetic (scoring.mers) worked out here from the rows the test made, for random
seasons: tied ranks, no-shows, a tournament of one player, computed and overridden weights,
results aged by half and dropped, an external tournament's standings and the sum and average
methods on the same games."""
import datetime
import random
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

import pytest

from league.models import GameResult, RankingSnapshot, Season, SeasonRanking, Session, Standing, Table, Tournament
from league.services.rankings import rankings_recompute
from scoring import mers
from scoring.numbers import shared_ranks, to_decimal
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory

pytestmark = pytest.mark.django_db

D = datetime.date
SEASON_END = D(2025, 12, 31)
COUNTRIES = ["DE", "NL", "FR", "AT", "DK", "BE", "IT", "PL", "HU", "GB", "SE"]


def random_season(rng: random.Random):
    """A finished season of 40 players and eight tournaments; returns the season and, per
    tournament, its standings as (player id, rank, games, country) and its game results as
    (player id, table points)."""
    season = SeasonFactory(name=f"Random {rng.random()}", starts_on=D(2025, 1, 1), ends_on=SEASON_END,
                           ranking_method=Season.RankingMethod.MERS, min_games=3)
    players = [PlayerFactory(country=rng.choice(COUNTRIES)) for _ in range(40)]
    made = {}
    for number in range(8):
        external = number == 7
        lone = number == 6  # one player: N < 2, no result from it
        ends_on = rng.choice([D(2025, 3, 1), D(2025, 11, 2), D(2024, 12, 30), D(2024, 2, 1), D(2023, 6, 1)])
        days = rng.randrange(1, 4)
        tournament = TournamentFactory(
            season=season, status=Tournament.Status.FINISHED, starts_on=ends_on - datetime.timedelta(days=days - 1),
            ends_on=ends_on, qualifying=rng.random() < 0.3,
            weight=rng.choice([None, None, Decimal("1.5"), Decimal("4")]),
            kind=Tournament.Kind.EXTERNAL if external else Tournament.Kind.TOURNAMENT)
        field = rng.sample(players, 1 if lone else rng.randrange(8, 40))
        session = Session.objects.create(tournament=tournament, number=1)
        standings, games = [], []
        for place, player in enumerate(field, start=1):
            rank = max(1, place - rng.choice([0, 0, 0, 1]))  # some players share a rank
            played = 0 if external else rng.choice([0, 1, 3, 5]) if place > 1 else 2
            Standing.objects.create(tournament=tournament, player=player, rank=rank, table_points=played * 2,
                                    score=0, games=played if not external else rng.choice([0, 4]))
            standings.append((player.pk, rank, Standing.objects.get(tournament=tournament, player=player).games,
                              player.country))
            for game in range(played):
                table = Table.objects.get_or_create(session=session, number=game + 1)[0]
                points = Decimal(rng.choice([0, 1, 2, 4]))
                GameResult.objects.create(table=table, tournament=tournament, session_number=1, player=player,
                                          seat=0, total=0, score=0, place=1, table_points=points, hands=16)
                games.append((player.pk, points))
        made[tournament] = (standings, games)
    return season, made


def expected_mers(made) -> list[tuple]:
    """(player id, rank, value, games, tournaments, results) best first, by docs/rules.md §11."""
    results, games, tournaments = defaultdict(list), defaultdict(int), defaultdict(int)
    for tournament, (standings, game_rows) in made.items():
        for player_id in {player_id for player_id, _points in game_rows}:
            tournaments[player_id] += 1
        for player_id, _points in game_rows:
            games[player_id] += 1
        external = tournament.kind == Tournament.Kind.EXTERNAL
        if external:
            for player_id, _rank, played, _country in standings:
                games[player_id] += played
                tournaments[player_id] += 1
        ranked = sorted((rank, player_id, country) for player_id, rank, played, country in standings
                        if played or external)
        if len(ranked) < 2:
            continue
        weight = (Fraction(tournament.weight) if tournament.weight is not None else mers.tournament_weight(
            days=(tournament.ends_on - tournament.starts_on).days + 1, players=len(ranked),
            countries=len({country for _rank, _player_id, country in ranked}), qualifying=tournament.qualifying))
        factor = mers.age_factor(ended_on=tournament.ends_on, ranking_date=SEASON_END)
        for (_rank, player_id, _country), place in zip(ranked, shared_ranks(rank for rank, _p, _c in ranked),
                                                       strict=True):
            results[player_id].append(mers.Result(tournament.pk, mers.base_rank(place=place, players=len(ranked)),
                                                   weight, factor, tournament.ends_on))
    values = {player_id: mers.player_value(player_results) for player_id, player_results in results.items()}
    order = sorted(values, key=lambda p: (not values[p].ranked, -to_decimal(values[p].value, 2), p))
    ranked_ids = [p for p in order if values[p].ranked]
    ranks = dict(zip(ranked_ids, shared_ranks(to_decimal(values[p].value, 2) for p in ranked_ids), strict=True))
    return [(p, ranks.get(p), to_decimal(values[p].value, 2), games[p], tournaments[p], values[p].results)
            for p in order]


def stored(season) -> list[tuple]:
    rows = SeasonRanking.objects.filter(season=season).order_by("rank", "-value", "player_id")
    return [(row.player_id, row.rank, row.value, row.games, row.tournaments, row.results)
            for row in sorted(rows, key=lambda row: (row.rank is None, -row.value, row.player_id))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_seasons_mers_ranking_is_the_arithmetic_of_its_rows(seed):
    season, made = random_season(random.Random(seed))
    assert rankings_recompute(season=season) is True
    expected = expected_mers(made)
    assert stored(season) == expected
    assert any(rank is None for _p, rank, *_rest in expected)  # the random season has unranked players too
    assert any(result["age_factor"] == 0.5 for *_head, results in expected for result in results)
    snapshot = RankingSnapshot.objects.filter(season=season).order_by("player_id")
    assert sorted((s.player_id, s.rank, s.value) for s in snapshot) == sorted((p, r, v) for p, r, v, *_ in expected)
    assert rankings_recompute(season=season) is False  # nothing changed: nothing computed, nothing written


@pytest.mark.parametrize("seed", [4, 5])
def test_a_random_seasons_sum_and_average_count_the_same_games(seed):
    season, made = random_season(random.Random(seed))
    points, games, played_external = defaultdict(Decimal), defaultdict(int), defaultdict(int)
    for tournament, (standings, game_rows) in made.items():
        for player_id, table_points in game_rows:
            points[player_id] += table_points
            games[player_id] += 1
        if tournament.kind == Tournament.Kind.EXTERNAL:
            for player_id, _rank, played, _country in standings:
                points[player_id] += Standing.objects.get(tournament=tournament, player_id=player_id).table_points
                games[player_id] += played
                played_external[player_id] += played
    Season.objects.filter(pk=season.pk).update(ranking_method=Season.RankingMethod.TABLE_POINTS_SUM)
    season.refresh_from_db()
    rankings_recompute(season=season)
    assert {row[0]: (row[2], row[3]) for row in stored(season)} == {
        p: (to_decimal(points[p], 2), games[p]) for p in points}
    Season.objects.filter(pk=season.pk).update(ranking_method=Season.RankingMethod.TABLE_POINTS_AVG)
    season.refresh_from_db()
    rankings_recompute(season=season)
    averages = {row[0]: row[2] for row in stored(season)}
    assert averages == {p: to_decimal(Fraction(points[p]) / games[p], 2) for p in points if games[p]}
