"""The public pages' cache: anonymous visitors get the costly parts from the cache in one query,
every change the pages show (a hand, seating, a recomputed ranking) shows at once, and logged-in
users always see fresh pages."""

from decimal import Decimal

import pytest
from django.urls import reverse

from league.models import GameResult, SeasonRanking, Session, Standing, Tournament
from league.services.hands import hand_record
from league.services.rankings import rankings_recompute
from league.services.seating import seating_generate
from tests.factories import AdminFactory, PlayerFactory, SeasonFactory, TournamentFactory, table_with_players

pytestmark = pytest.mark.django_db

EAST_WINS_100 = {"outcome": "win", "winner": 0, "hand_values": [100, 0, 0, 0]}  # [600, -200, -200, -200]


def standings(tournament, count: int) -> list:
    players = PlayerFactory.create_batch(count)
    Standing.objects.bulk_create(
        Standing(tournament=tournament, player=player, rank=rank, table_points=Decimal(count - rank),
                 score=Decimal(1000 - rank), games=2)
        for rank, player in enumerate(players, start=1)
    )
    return players


def test_a_cached_standings_page_costs_one_query_for_any_number_of_players(client, django_assert_max_num_queries):
    tournament = TournamentFactory(slug="many")
    standings(tournament, 200)
    first = client.get("/t/many/standings/").content.decode()
    with django_assert_max_num_queries(1):
        again = client.get("/t/many/standings/").content.decode()
    def table(page: str) -> str:  # the rest differs per request (the language form's CSRF token)
        return page[page.index('<table class="data">'):page.index("</table>")]

    assert table(again) == table(first)
    assert again.count("/p/") >= 200


def test_cached_tournament_session_and_season_pages_cost_one_query(client, django_assert_max_num_queries):
    season = SeasonFactory(name="2026")
    tournament = TournamentFactory(slug="wide", season=season)
    session = Session.objects.create(tournament=tournament, number=1)
    for number in range(1, 6):
        table_with_players(session=session, number=number)
    SeasonRanking.objects.create(season=season, player=PlayerFactory(), rank=1, value=10, games=2, tournaments=1)
    for url in ["/t/wide/", "/t/wide/session/1/", season.get_absolute_url()]:
        client.get(url)
        with django_assert_max_num_queries(1):
            assert client.get(url).status_code == 200, url


def test_a_new_hand_shows_on_the_standings_page_once_the_standings_are_recomputed(
    client, django_capture_on_commit_callbacks
):
    table = table_with_players(slug="live")
    east = table.seats.get(position=0).player
    user = AdminFactory()
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=user)
    url = reverse("tournament-standings", args=["live"])
    before = client.get(url).content.decode()
    assert ">600<" in before and ">1200<" not in before
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=user)
    assert GameResult.objects.get(table=table, player=east).total == 1200
    after = client.get(url).content.decode()
    assert ">1200<" in after
    assert ">1200<" in client.get(reverse("tournament", args=["live"])).content.decode()
    assert ">1200<" in client.get(reverse("tournament-session", args=["live", 1])).content.decode()


def test_drawing_a_session_shows_its_tables_on_the_tournament_page(client):
    tournament = TournamentFactory(slug="draw")
    players = PlayerFactory.create_batch(8)
    for player in players:
        tournament.registrations.create(player=player)
    assert str(players[0]) not in client.get("/t/draw/").content.decode()
    seating_generate(tournament=tournament, number=1, method="balanced")
    assert str(players[0]) in client.get("/t/draw/").content.decode()


def test_a_recomputed_season_ranking_shows_on_the_season_page(client):
    season = SeasonFactory(name="2026")
    tournament = TournamentFactory(season=season, status=Tournament.Status.FINISHED)
    players = standings(tournament, 4)
    url = season.get_absolute_url()
    assert str(players[0]) not in client.get(url).content.decode()
    GameResult.objects.bulk_create(
        GameResult(table=table_with_players(session=Session.objects.create(tournament=tournament, number=1),
                                            players=players),
                   tournament=tournament, session_number=1, player=player, seat=0, total=0, score=0, place=1,
                   table_points=Decimal(4), hands=1)
        for player in players[:1]
    )
    rankings_recompute(season=season)
    assert str(players[0]) in client.get(url).content.decode()


def test_logged_in_users_see_fresh_pages_while_visitors_get_the_cached_one(client):
    tournament = TournamentFactory(slug="fresh")
    player = standings(tournament, 1)[0]
    assert ">999<" in client.get("/t/fresh/standings/").content.decode()
    Standing.objects.filter(player=player).update(score=Decimal(777))  # behind the services' back
    assert ">999<" in client.get("/t/fresh/standings/").content.decode()
    client.force_login(AdminFactory())
    assert ">777<" in client.get("/t/fresh/standings/").content.decode()


def test_each_language_has_its_own_cached_page(client):
    standings(TournamentFactory(slug="lang"), 2)
    assert "Tischpunkte" in client.get("/t/lang/standings/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Table points" in client.get("/t/lang/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tischpunkte" in client.get("/t/lang/standings/", HTTP_ACCEPT_LANGUAGE="de").content.decode()


def test_the_cached_page_still_refreshes_only_while_the_tournament_runs(client):
    tournament = TournamentFactory(slug="ends")
    standings(tournament, 2)
    assert 'http-equiv="refresh"' in client.get("/t/ends/standings/").content.decode()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    assert 'http-equiv="refresh"' not in client.get("/t/ends/standings/").content.decode()


def test_a_missing_session_is_not_found_and_not_cached(client):
    TournamentFactory(slug="gap")
    assert client.get("/t/gap/session/3/").status_code == 404
    assert client.get("/t/gap/session/3/").status_code == 404
