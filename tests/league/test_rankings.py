"""Season rankings: each method against figures worked out by hand."""
import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import (
    GameResult,
    RankingSnapshot,
    Season,
    SeasonRanking,
    Session,
    Standing,
    Table,
    Tournament,
)
from league.selectors.standings import season_ranking_for
from league.services.hands import hand_record
from league.services.rankings import rankings_recompute, tournament_finish
from league.services.standings import standings_recompute
from league.tasks import rankings_recompute_all
from tests.factories import AdminFactory, PlayerFactory, SeasonFactory, TournamentFactory, table_with_players

pytestmark = pytest.mark.django_db
FINISHED = Tournament.Status.FINISHED


def tournament_in(season, **fields) -> Tournament:
    fields.setdefault("status", FINISHED)
    return TournamentFactory(season=season, **fields)


def game(tournament, session_number: int, points: dict) -> None:
    """One table game with the given table points per player (scores are not used by rankings)."""
    session, _created = Session.objects.get_or_create(tournament=tournament, number=session_number)
    table = Table.objects.create(session=session, number=session.tables.count() + 1)
    for seat, (player, table_points) in enumerate(points.items()):
        GameResult.objects.create(table=table, tournament=tournament, session_number=session_number,
                                  player=player, seat=seat, total=0, score=0, place=1,
                                  table_points=table_points, hands=16)


def standing(tournament, player, rank: int) -> None:
    Standing.objects.create(tournament=tournament, player=player, rank=rank, table_points=0, score=0, games=4)


def ranking(season) -> list[tuple]:
    return [(r.player_id, r.rank, r.value, r.games, r.tournaments) for r in season_ranking_for(season=season)]


@pytest.fixture
def league_games():
    """p1..p6 over two counted tournaments; a running and an unpublished one do not count."""
    season = SeasonFactory()
    p = [None, *PlayerFactory.create_batch(6)]
    t1, t2 = tournament_in(season), tournament_in(season)
    game(t1, 1, {p[1]: 4, p[2]: 2, p[3]: 1, p[4]: 0})
    game(t1, 2, {p[1]: 3, p[3]: 3, p[4]: 1, p[5]: 0})
    game(t2, 1, {p[2]: 4, p[1]: 0, p[4]: 2, p[6]: 1})
    game(tournament_in(season, status=Tournament.Status.RUNNING), 1, {p[5]: 4, p[6]: 2, p[3]: 1, p[4]: 0})
    game(tournament_in(season, published=False), 1, {p[5]: 4, p[6]: 2, p[3]: 1, p[4]: 0})
    return season, p


def test_sum_of_table_points_over_the_finished_published_tournaments(league_games):
    season, p = league_games
    assert rankings_recompute(season=season) is True
    assert ranking(season) == [
        (p[1].pk, 1, Decimal(7), 3, 2),  # 4 + 3 + 0
        (p[2].pk, 2, Decimal(6), 2, 2),  # 2 + 4
        (p[3].pk, 3, Decimal(4), 2, 1),  # 1 + 3
        (p[4].pk, 4, Decimal(3), 3, 2),  # 0 + 1 + 2
        (p[6].pk, 5, Decimal(1), 1, 1),
        (p[5].pk, 6, Decimal(0), 1, 1),
    ]


def test_average_per_game_leaves_players_below_the_minimum_unranked(league_games):
    season, p = league_games
    Season.objects.filter(pk=season.pk).update(ranking_method=Season.RankingMethod.TABLE_POINTS_AVG,
                                               min_games=2)
    season.refresh_from_db()
    rankings_recompute(season=season)
    assert ranking(season) == [
        (p[2].pk, 1, Decimal(3), 2, 2),  # 6 / 2
        (p[1].pk, 2, Decimal("2.33"), 3, 2),  # 7 / 3, given to 2 decimals
        (p[3].pk, 3, Decimal(2), 2, 1),  # 4 / 2
        (p[4].pk, 4, Decimal(1), 3, 2),  # 3 / 3
        (p[6].pk, None, Decimal(1), 1, 1),  # one game: not ranked
        (p[5].pk, None, Decimal(0), 1, 1),
    ]


def test_running_the_ranking_twice_changes_nothing(league_games):
    season, _p = league_games
    rankings_recompute(season=season)
    before = list(SeasonRanking.objects.order_by("pk").values())
    assert rankings_recompute(season=season) is False
    assert list(SeasonRanking.objects.order_by("pk").values()) == before


def writes(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries
            if q["sql"].lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE")]


def test_an_unchanged_ranking_recompute_writes_no_row(league_games):
    season, _p = league_games
    rankings_recompute(season=season)
    with CaptureQueriesContext(connection) as queries:
        assert rankings_recompute(season=season) is False
    assert writes(queries) == []


def test_a_changed_ranking_updates_only_the_rows_that_changed_in_one_statement(league_games):
    season, _p = league_games
    rankings_recompute(season=season)
    before = dict(SeasonRanking.objects.values_list("player_id", "value"))
    changed = SeasonRanking.objects.order_by("rank", "player_id").first()
    SeasonRanking.objects.filter(pk=changed.pk).update(value=Decimal("-5"), games=99)  # as if stale
    with CaptureQueriesContext(connection) as queries:
        assert rankings_recompute(season=season) is True
    updates = [sql for sql in writes(queries) if "league_seasonranking" in sql]
    assert len(updates) == 1 and updates[0].count(str(changed.pk)) >= 1
    assert dict(SeasonRanking.objects.values_list("player_id", "value")) == before


def test_chemnitz_ranking_takes_the_games_in_the_order_they_were_played():
    season = SeasonFactory(ranking_method=Season.RankingMethod.CHEMNITZ)
    p = [None, *PlayerFactory.create_batch(6)]
    later = tournament_in(season, starts_on=datetime.date(2026, 5, 1), ends_on=datetime.date(2026, 5, 1))
    earlier = tournament_in(season, starts_on=datetime.date(2026, 3, 1), ends_on=datetime.date(2026, 3, 1))
    game(later, 1, {p[1]: 0, p[2]: 1, p[5]: 2, p[6]: 4})
    game(earlier, 1, {p[1]: 4, p[2]: 2, p[3]: 1, p[4]: 0})
    rankings_recompute(season=season)
    assert [(r.player_id, r.rank, r.value) for r in season_ranking_for(season=season)] == [
        # 0.2910, then 0.0371 and 0.0410 (equal at 2 decimals: one place), -0.0566, -0.0938, -0.2188
        (p[6].pk, 1, Decimal("0.29")), (p[1].pk, 2, Decimal("0.04")), (p[5].pk, 2, Decimal("0.04")),
        (p[2].pk, 4, Decimal("-0.06")), (p[3].pk, 5, Decimal("-0.09")), (p[4].pk, 6, Decimal("-0.22")),
    ]


def test_finishing_a_tournament_updates_its_standings_and_the_season_ranking(
        django_capture_on_commit_callbacks):
    season = SeasonFactory()
    table = table_with_players(season=season)
    tournament = table.session.tournament
    hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]},
                user=AdminFactory())
    with django_capture_on_commit_callbacks(execute=True):
        tournament_finish(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.status == FINISHED
    seats = [s.player_id for s in table.seats.order_by("position")]
    assert [(r.player_id, r.rank, r.value) for r in season_ranking_for(season=season)] == [
        (seats[1], 1, 4), (seats[3], 2, 2), (seats[2], 3, 1), (seats[0], 4, 0)]


def test_the_periodic_job_recomputes_every_season(league_games):
    season, _p = league_games
    rankings_recompute_all.delay()
    assert SeasonRanking.objects.filter(season=season).count() == 6


def test_mers_places_a_disqualified_player_among_those_who_played_not_behind_no_shows():
    season = SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31),
                           ranking_method=Season.RankingMethod.MERS)
    tournament = tournament_in(season, ends_on=datetime.date(2026, 5, 2))
    played = PlayerFactory.create_batch(4)
    no_show = PlayerFactory()
    for rank, player in enumerate(played[:3], start=1):
        standing(tournament, player, rank)  # 1000, 666⅔, 333⅓ in a field of four who played
        game(tournament, 1, {player: 0})
    Standing.objects.create(tournament=tournament, player=no_show, rank=4, table_points=0, score=0, games=0)
    Standing.objects.create(tournament=tournament, player=played[3], rank=5, table_points=0, score=0, games=1,
                            disqualified=True)
    game(tournament, 1, {played[3]: 0})
    rankings_recompute(season=season)
    values = {r.player_id: r.value for r in season_ranking_for(season=season)}
    assert values[played[3].pk] == Decimal(0)  # fourth of four who played: base 0, never negative
    # 1000 with the two-day tournament's weight 2, padded with four 0s of weight 1:
    # Part A 2000 / 6 = 333.33…, Part B 2000 / 5 = 400 -> 366.67
    assert values[played[0].pk] == Decimal("366.67")


def test_finishing_a_tournament_through_the_api_updates_its_season_ranking(admin_api,
                                                                           django_capture_on_commit_callbacks):
    season = SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
    table = table_with_players(season=season, status=Tournament.Status.RUNNING)
    tournament = table.session.tournament
    hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]},
                user=AdminFactory())
    assert not SeasonRanking.objects.filter(season=season).exists()
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"status": "finished"}, format="json")
    assert response.status_code == 200
    leader = SeasonRanking.objects.get(season=season, rank=1)
    assert leader.player_id == table.seats.get(position=1).player_id and leader.value == Decimal(4)
    with django_capture_on_commit_callbacks(execute=True):
        admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"published": False}, format="json")
    assert not SeasonRanking.objects.filter(season=season).exists()


def snapshots(season) -> list[tuple]:
    return list(RankingSnapshot.objects.filter(season=season).order_by("taken_on", "rank", "player_id")
                .values_list("taken_on", "player_id", "rank", "value"))


@pytest.fixture
def two_tournaments():
    """a–d play one game in May; a second tournament ending in June turns the table round."""
    season = SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
    a, b, c, d = PlayerFactory.create_batch(4)
    may = tournament_in(season, starts_on=datetime.date(2026, 5, 1), ends_on=datetime.date(2026, 5, 2))
    game(may, 1, {a: 4, b: 2, c: 1, d: 0})
    june = tournament_in(season, starts_on=datetime.date(2026, 6, 6), ends_on=datetime.date(2026, 6, 7),
                         status=Tournament.Status.RUNNING)
    game(june, 1, {d: 4, c: 2, b: 1, a: 0})
    return season, (a, b, c, d), june


MAY, JUNE = datetime.date(2026, 5, 2), datetime.date(2026, 6, 7)


def test_each_recomputation_keeps_a_snapshot_dated_by_the_last_counted_tournaments_end(two_tournaments):
    season, (a, b, c, d), june = two_tournaments
    assert rankings_recompute(season=season) is True  # only May counts: June is still running
    june.status = FINISHED
    june.save(update_fields=["status"])
    assert rankings_recompute(season=season) is True
    assert snapshots(season) == [
        (MAY, a.pk, 1, Decimal(4)), (MAY, b.pk, 2, Decimal(2)), (MAY, c.pk, 3, Decimal(1)),
        (MAY, d.pk, 4, Decimal(0)),
        # a 4 + 0, d 0 + 4, b 2 + 1, c 1 + 2: equal values share the rank
        (JUNE, a.pk, 1, Decimal(4)), (JUNE, d.pk, 1, Decimal(4)), (JUNE, b.pk, 3, Decimal(3)),
        (JUNE, c.pk, 3, Decimal(3)),
    ]


def test_a_running_club_event_dates_its_snapshot_today_not_on_its_last_evening_to_come():
    today = timezone.localdate()
    season = SeasonFactory(starts_on=today - datetime.timedelta(days=60), ends_on=today + datetime.timedelta(days=60))
    a, b, c, d = PlayerFactory.create_batch(4)
    evenings = tournament_in(season, kind=Tournament.Kind.CLUB, status=Tournament.Status.RUNNING,
                             starts_on=today - datetime.timedelta(days=7), ends_on=today + datetime.timedelta(days=30))
    game(evenings, 1, {a: 4, b: 2, c: 1, d: 0})

    assert rankings_recompute(season=season) is True

    assert {taken_on for taken_on, *_row in snapshots(season)} == {today}


def test_recomputing_twice_leaves_the_snapshots_as_they_were(two_tournaments):
    season, _players, june = two_tournaments
    rankings_recompute(season=season)
    june.status = FINISHED
    june.save(update_fields=["status"])
    rankings_recompute(season=season)
    before = list(RankingSnapshot.objects.order_by("pk").values())
    assert rankings_recompute(season=season) is False
    assert list(RankingSnapshot.objects.order_by("pk").values()) == before


def test_a_late_correction_replaces_the_snapshot_of_its_date_not_the_earlier_ones(two_tournaments):
    season, (a, b, c, d), june = two_tournaments
    rankings_recompute(season=season)
    june.status = FINISHED
    june.save(update_fields=["status"])
    rankings_recompute(season=season)
    GameResult.objects.filter(tournament=june, player=a).update(table_points=3)  # a corrected: 4 + 3
    assert rankings_recompute(season=season) is True
    assert [row for row in snapshots(season) if row[0] == JUNE] == [
        (JUNE, a.pk, 1, Decimal(7)), (JUNE, d.pk, 2, Decimal(4)), (JUNE, b.pk, 3, Decimal(3)),
        (JUNE, c.pk, 3, Decimal(3)),
    ]
    assert len([row for row in snapshots(season) if row[0] == MAY]) == 4


def test_a_tournament_that_no_longer_counts_takes_its_later_snapshot_with_it(two_tournaments):
    season, _players, june = two_tournaments
    june.status = FINISHED
    june.save(update_fields=["status"])
    rankings_recompute(season=season)  # run late: both count, one snapshot dated June
    assert {row[0] for row in snapshots(season)} == {JUNE}
    june.published = False
    june.save(update_fields=["published"])
    assert rankings_recompute(season=season) is True
    assert {row[0] for row in snapshots(season)} == {MAY}


def test_a_new_snapshot_retires_the_cached_player_pages(two_tournaments, client):
    season, (a, *_rest), june = two_tournaments

    def ranking_points() -> int:
        page = client.get(f"/p/{a.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        if 'aria-label="Ranking over time"' not in page:
            return 0
        chart = page[page.index('aria-label="Ranking over time"'):]
        return chart[:chart.index("</svg>")].count("<circle")

    rankings_recompute(season=season)
    RankingSnapshot.objects.all().delete()  # as before the history existed
    assert ranking_points() == 0  # and the page is cached so
    assert rankings_recompute(season=season) is True  # only the snapshot is new
    assert ranking_points() == 1
    june.status = FINISHED
    june.save(update_fields=["status"])
    rankings_recompute(season=season)
    assert ranking_points() == 2


def test_a_tournament_with_hidden_standings_counts_in_the_season_ranking_once_revealed(
    admin_api, client, django_capture_on_commit_callbacks
):
    season = SeasonFactory()
    p = PlayerFactory.create_batch(4)
    hidden = tournament_in(season, options={"hide_standings_from_session": 2})
    game(hidden, 1, {p[0]: 4, p[1]: 2, p[2]: 1, p[3]: 0})
    rankings_recompute(season=season)
    assert ranking(season) == []
    assert client.get(f"/api/v1/seasons/{season.pk}/ranking/").json()["results"] == []
    assert p[0].name not in client.get(season.get_absolute_url()).content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the reveal queues the season's ranking
        assert admin_api.post(f"/api/v1/tournaments/{hidden.pk}/reveal/").status_code == 200
    assert ranking(season) == [
        (p[0].pk, 1, Decimal(4), 1, 1), (p[1].pk, 2, Decimal(2), 1, 1),
        (p[2].pk, 3, Decimal(1), 1, 1), (p[3].pk, 4, Decimal(0), 1, 1),
    ]
    assert [row["player"] for row in client.get(f"/api/v1/seasons/{season.pk}/ranking/").json()["results"]] == [
        player.pk for player in p]
    assert p[0].name in client.get(season.get_absolute_url()).content.decode()


def test_hiding_a_finished_tournaments_standings_takes_it_out_of_the_season_ranking(
    admin_api, django_capture_on_commit_callbacks
):
    season = SeasonFactory()
    table = table_with_players(season=season, status=FINISHED)
    tournament = table.session.tournament
    hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}, user=None)
    standings_recompute(tournament=tournament)
    rankings_recompute(season=season)
    assert len(ranking(season)) == 4
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/",
                                   {"options": {"hide_standings_from_session": 1}}, format="json")
    assert response.status_code == 200
    assert GameResult.objects.filter(tournament=tournament).count() == 4  # the games stay, hidden
    assert ranking(season) == []


def test_unranked_players_are_listed_by_their_results_not_by_name_on_the_page_and_in_the_api(
        league_games, client, api):
    season, p = league_games
    PlayerFactory._meta.model.objects.filter(pk=p[5].pk).update(last_name="Aaronson")  # 0 points
    PlayerFactory._meta.model.objects.filter(pk=p[6].pk).update(last_name="Zylinski")  # 1 point
    Season.objects.filter(pk=season.pk).update(ranking_method=Season.RankingMethod.TABLE_POINTS_AVG, min_games=2)
    season.refresh_from_db()
    rankings_recompute(season=season)
    page = client.get(season.get_absolute_url()).content.decode()
    assert page.index("Zylinski") < page.index("Aaronson")
    rows = api.get(f"/api/v1/seasons/{season.pk}/ranking/").json()
    rows = rows.get("results", rows)
    assert [r["player"] for r in rows][-2:] == [p[6].pk, p[5].pk]


def test_before_the_first_hand_a_tournament_shows_no_ranks(api, client):
    table = table_with_players(status=Tournament.Status.REGISTRATION)
    tournament = table.session.tournament
    standings_recompute(tournament=tournament)
    assert set(Standing.objects.filter(tournament=tournament).values_list("rank", flat=True)) == {None}
    assert {row["rank"] for row in api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()} == {None}
    page = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert '<td class="num">–</td>' in page and '<td class="num">1</td>' not in page
    hand_record(table=table, record={"outcome": "win", "winner": 0, "hand_values": [100, 0, 0, 0]},
                user=AdminFactory())
    standings_recompute(tournament=tournament)
    assert sorted(Standing.objects.filter(tournament=tournament).values_list("rank", flat=True)) == [1, 2, 2, 2]
