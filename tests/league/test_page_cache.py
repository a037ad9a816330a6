"""The public pages' cache: anonymous visitors get whole pages from the cache without a query,
every change the pages show (a hand, seating, a recomputed ranking, a tournament's status) shows at
once, each language is cached apart, nothing per visitor is in a page (no cookie, no CSRF token),
and logged-in users always see fresh pages."""

from decimal import Decimal

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from league import cache as page_cache
from league.cache import standings_changed
from league.models import GameResult, SeasonRanking, Session, Standing, Tournament
from league.services.hands import hand_record, table_close
from league.services.rankings import ranking_fields, rankings_recompute, tournament_saved
from league.services.seating import seating_generate
from tests.factories import AdminFactory, PlayerFactory, SeasonFactory, TournamentFactory, table_with_players
from tests.hand_records import EAST_WINS_100

pytestmark = pytest.mark.django_db


def standings(tournament, count: int) -> list:
    players = PlayerFactory.create_batch(count)
    Standing.objects.bulk_create(
        Standing(tournament=tournament, player=player, rank=rank, table_points=Decimal(count - rank),
                 score=Decimal(1000 - rank), games=2)
        for rank, player in enumerate(players, start=1)
    )
    return players


def test_a_cached_standings_page_costs_no_query_for_any_number_of_players(client, django_assert_max_num_queries):
    tournament = TournamentFactory(slug="many")
    standings(tournament, 200)
    first = client.get("/t/many/standings/")
    with django_assert_max_num_queries(0):
        again = client.get("/t/many/standings/")
    assert again.content == first.content
    assert again["Content-Type"] == first["Content-Type"] == "text/html; charset=utf-8"
    assert again.content.decode().count("/p/") >= 200


def test_cached_home_tournament_session_player_and_season_pages_cost_no_query(client, django_assert_max_num_queries):
    season = SeasonFactory(name="2026")
    tournament = TournamentFactory(slug="wide", season=season)
    session = Session.objects.create(tournament=tournament, number=1)
    for number in range(1, 6):
        table_with_players(session=session, number=number)
    SeasonRanking.objects.create(season=season, player=PlayerFactory(), rank=1, value=10, games=2, tournaments=1)
    player = PlayerFactory()
    for url in ["/", "/t/wide/", "/t/wide/standings/", "/t/wide/session/1/", season.get_absolute_url(),
                reverse("player", args=[player.pk])]:
        client.get(url)
        with django_assert_max_num_queries(0):
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
    assert ">600<" in before and ">1.200<" not in before
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=user)
    assert GameResult.objects.get(table=table, player=east).total == 1200
    after = client.get(url).content.decode()
    assert ">1.200<" in after
    assert ">1.200<" in client.get(reverse("tournament", args=["live"])).content.decode()
    assert ">1.200<" in client.get(reverse("tournament-session", args=["live", 1])).content.decode()


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
    assert "<h1>Tabelle</h1>" in client.get("/t/lang/standings/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Standings</h1>" in client.get("/t/lang/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<h1>Tabelle</h1>" in client.get("/t/lang/standings/", HTTP_ACCEPT_LANGUAGE="de").content.decode()


def finish(tournament, **changes) -> None:
    """An edit as the admin and the API make it."""
    before = ranking_fields(tournament)
    for name, value in changes.items():
        setattr(tournament, name, value)
    tournament.save()
    tournament_saved(tournament=tournament, before=before)


def test_the_cached_page_still_updates_itself_only_while_the_tournament_runs(client,
                                                                             django_capture_on_commit_callbacks):
    tournament = TournamentFactory(slug="ends", status=Tournament.Status.RUNNING)
    standings(tournament, 2)
    assert "data-live-src" in client.get("/t/ends/standings/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        finish(tournament, status=Tournament.Status.FINISHED)
    assert "data-live-src" not in client.get("/t/ends/standings/").content.decode()


def test_a_renamed_or_unpublished_tournament_shows_so_on_the_cached_pages(client):
    tournament = TournamentFactory(slug="edit", name="Spring open")
    standings(tournament, 2)
    assert "Spring open" in client.get("/t/edit/standings/").content.decode()
    assert "Spring open" in client.get("/").content.decode()
    finish(tournament, name="Summer open")
    assert "Summer open" in client.get("/t/edit/standings/").content.decode()
    assert "Summer open" in client.get("/").content.decode()
    finish(tournament, published=False)
    assert client.get("/t/edit/standings/").status_code == 404
    assert "Summer open" not in client.get("/").content.decode()


def test_german_and_english_pages_are_cached_apart_by_cookie_and_accept_language(client):
    standings(TournamentFactory(slug="both"), 2)
    for _ in range(2):
        german = client.get("/t/both/standings/", HTTP_ACCEPT_LANGUAGE="de")
        english = client.get("/t/both/standings/", HTTP_ACCEPT_LANGUAGE="en")
        assert "<h1>Tabelle</h1>" in german.content.decode() and german["Content-Language"] == "de"
        assert "<h1>Standings</h1>" in english.content.decode() and english["Content-Language"] == "en"
        for response in (german, english):
            assert {"cookie", "accept-language"} <= {v.strip().lower() for v in response["Vary"].split(",")}
    client.cookies["django_language"] = "en"
    assert "Table points" in client.get("/t/both/standings/", HTTP_ACCEPT_LANGUAGE="de").content.decode()


def test_anonymous_page_responses_carry_no_cookie_and_no_csrf_token(client):
    season = SeasonFactory(name="2026")
    tournament = TournamentFactory(slug="plain", season=season)
    table = table_with_players(session=Session.objects.create(tournament=tournament, number=1))
    player = table.seats.first().player
    standings(tournament, 2)
    for url in ["/", "/t/plain/", "/t/plain/standings/", "/t/plain/session/1/", reverse("player", args=[player.pk]),
                season.get_absolute_url()]:
        for _ in range(2):  # rendered, then from the cache
            response = client.get(url)
            assert response.status_code == 200, url
            assert not response.cookies, url
            assert "Set-Cookie" not in response, url
            assert "csrfmiddlewaretoken" not in response.content.decode(), url


def test_a_logged_in_admin_gets_fresh_pages_and_never_fills_the_visitors_cache(client):
    tournament = TournamentFactory(slug="admin")
    player = standings(tournament, 1)[0]
    assert ">999<" in client.get("/t/admin/standings/").content.decode()
    client.force_login(AdminFactory())
    Standing.objects.filter(player=player).update(score=Decimal(777))  # behind the services' back
    admin_page = client.get("/t/admin/standings/").content.decode()
    assert ">777<" in admin_page and ("Log out" in admin_page or "Ausloggen" in admin_page)
    Standing.objects.filter(player=player).update(score=Decimal(555))
    assert ">555<" in client.get("/t/admin/standings/").content.decode()
    client.logout()
    assert ">999<" in client.get("/t/admin/standings/").content.decode()  # the visitors' page, unchanged


def test_the_language_link_switches_the_language_and_goes_back(client):
    standings(TournamentFactory(slug="switch"), 2)
    german = client.get("/t/switch/standings/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'href="/lang/en/?next=/t/switch/standings/"' in german
    response = client.get("/lang/en/?next=/t/switch/standings/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302 and response["Location"] == "/t/switch/standings/"
    assert response.cookies["django_language"].value == "en"
    english = client.get("/t/switch/standings/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Table points" in english and 'href="/lang/de/?next=/t/switch/standings/"' in english


def test_the_language_link_refuses_an_off_site_next_and_an_unknown_language(client):
    for target in ["https://evil.example/", "//evil.example/", "/\\evil.example/", "javascript:alert(1)"]:
        response = client.get("/lang/de/", {"next": target})
        assert response.status_code == 302 and response["Location"] == "/", target
    assert client.get("/lang/de/").status_code == 302
    assert client.get("/lang/xx/?next=/").status_code == 404
    assert client.post("/lang/de/", {"next": "/"}).status_code == 405


def test_a_pending_message_is_shown_to_its_visitor_and_not_cached_for_others(client, rf):
    standings(TournamentFactory(slug="note"), 2)
    client.get("/t/note/standings/")  # cached without a message
    storage = CookieStorage(rf.get("/"))
    storage.add(constants.INFO, "Only for you")
    carrier = HttpResponse()
    storage.update(carrier)
    client.cookies["messages"] = carrier.cookies["messages"].value
    assert "Only for you" in client.get("/t/note/standings/").content.decode()
    client.cookies.pop("messages", None)
    assert "Only for you" not in client.get("/t/note/standings/").content.decode()


def test_a_missing_session_is_not_found_and_not_cached(client):
    TournamentFactory(slug="gap")
    assert client.get("/t/gap/session/3/").status_code == 404
    assert client.get("/t/gap/session/3/").status_code == 404


def test_a_player_renamed_anywhere_shows_at_once_on_the_cached_standings(client):
    tournament = TournamentFactory()
    player = PlayerFactory(first_name="Ada", last_name="Before")
    Standing.objects.create(tournament=tournament, player=player, rank=1, table_points=4, score=100, games=1)
    url = f"/t/{tournament.slug}/standings/"
    assert "Before" in client.get(url).content.decode()
    player.last_name = "After"
    player.save()  # straight through the ORM, as the admin does: no service is involved
    page = client.get(url).content.decode()
    assert "After" in page and "Before" not in page


def test_a_ranking_row_deleted_in_the_admin_leaves_the_cached_season_page(client, admin_user):
    season = SeasonFactory()
    row = SeasonRanking.objects.create(season=season, player=PlayerFactory(last_name="Gone"), rank=1, value=4,
                                       games=1, tournaments=1)
    url = f"/l/{season.league.slug}/{season.name}/"
    assert "Gone" in client.get(url).content.decode()
    staff = Client()
    staff.force_login(admin_user)
    response = staff.post(f"/admin/league/seasonranking/{row.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302 and not SeasonRanking.objects.exists()
    assert "Gone" not in client.get(url).content.decode()


def test_a_recomputation_retires_only_the_standings_and_the_sessions_whose_results_changed(
    client, django_capture_on_commit_callbacks
):
    tournament = TournamentFactory(slug="narrow")
    first = Session.objects.create(tournament=tournament, number=1)
    second = Session.objects.create(tournament=tournament, number=2)
    table = table_with_players(session=first, number=1)
    table_with_players(session=second, number=1)
    user = AdminFactory()
    urls = ["/t/narrow/", "/t/narrow/standings/", "/t/narrow/session/1/", "/t/narrow/session/2/", "/"]
    for url in urls:
        assert client.get(url)["X-Cache"] == "miss", url
        assert client.get(url)["X-Cache"] == "hit", url
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=user)
    assert {url: client.get(url)["X-Cache"] for url in urls} == {
        "/t/narrow/": "miss", "/t/narrow/standings/": "miss", "/t/narrow/session/1/": "miss",
        "/t/narrow/session/2/": "hit", "/": "hit",
    }
    assert ">600<" in client.get("/t/narrow/session/1/").content.decode()


def test_closing_a_table_retires_its_session_and_the_tournament_page_not_the_other_sessions(
    client, django_capture_on_commit_callbacks
):
    tournament = TournamentFactory(slug="close")
    first = Session.objects.create(tournament=tournament, number=1)
    table = table_with_players(session=first, number=1)
    table_with_players(session=Session.objects.create(tournament=tournament, number=2), number=1)
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    urls = ["/t/close/", "/t/close/standings/", "/t/close/session/1/", "/t/close/session/2/"]
    for url in urls:
        client.get(url)
    with django_capture_on_commit_callbacks(execute=True):
        table_close(table=table, user=AdminFactory())
    assert {url: client.get(url)["X-Cache"] for url in urls} == {
        "/t/close/": "miss", "/t/close/standings/": "hit", "/t/close/session/1/": "miss",
        "/t/close/session/2/": "hit",
    }
    assert "✓" in client.get("/t/close/").content.decode()


def test_while_one_request_renders_a_retired_page_the_others_get_the_copy_before(client):
    tournament = TournamentFactory(slug="stale")
    player = standings(tournament, 1)[0]
    assert ">999<" in client.get("/t/stale/standings/").content.decode()
    Standing.objects.filter(player=player).update(score=Decimal(777))
    standings_changed(tournament_id=tournament.pk)
    cache.add("league:pages:rendering:de:/t/stale/standings/", 1, 10)  # someone else is rendering it
    response = client.get("/t/stale/standings/", HTTP_ACCEPT_LANGUAGE="de")
    assert response["X-Cache"] == "stale" and ">999<" in response.content.decode()
    cache.delete("league:pages:rendering:de:/t/stale/standings/")
    response = client.get("/t/stale/standings/", HTTP_ACCEPT_LANGUAGE="de")
    assert response["X-Cache"] == "miss" and ">777<" in response.content.decode()
    assert client.get("/t/stale/standings/", HTTP_ACCEPT_LANGUAGE="de")["X-Cache"] == "hit"


def test_a_copy_too_old_is_not_served_while_another_request_renders(client, monkeypatch):
    tournament = TournamentFactory(slug="old")
    player = standings(tournament, 1)[0]
    client.get("/t/old/standings/", HTTP_ACCEPT_LANGUAGE="de")
    Standing.objects.filter(player=player).update(score=Decimal(777))
    standings_changed(tournament_id=tournament.pk)
    monkeypatch.setattr(page_cache, "STALE_SECONDS", -1)
    cache.add("league:pages:rendering:de:/t/old/standings/", 1, 10)
    response = client.get("/t/old/standings/", HTTP_ACCEPT_LANGUAGE="de")
    assert response["X-Cache"] == "miss" and ">777<" in response.content.decode()


def test_a_draw_that_changes_no_standing_still_shows_on_the_statistics_and_records_pages(
    client, django_capture_on_commit_callbacks
):
    table = table_with_players(slug="stats")
    user = AdminFactory()
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=user)
    urls = ["/t/stats/statistics/", "/t/stats/records/", "/t/stats/standings/"]
    for url in urls:
        assert client.get(url, HTTP_ACCEPT_LANGUAGE="en")["X-Cache"] == "miss", url
        assert client.get(url, HTTP_ACCEPT_LANGUAGE="en")["X-Cache"] == "hit", url
    assert client.get(urls[0], HTTP_ACCEPT_LANGUAGE="en").content.decode().count('<td class="num">1</td>') >= 4
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record={"outcome": "draw"}, user=user)
    answers = {url: client.get(url, HTTP_ACCEPT_LANGUAGE="en") for url in urls}
    assert {url: response["X-Cache"] for url, response in answers.items()} == {
        "/t/stats/statistics/": "miss", "/t/stats/records/": "miss", "/t/stats/standings/": "hit"}
    assert answers["/t/stats/statistics/"].content.decode().count('<td class="num">2</td>') == 4  # 2 hands each


def test_a_very_long_address_makes_no_cache_key_a_memcached_server_would_refuse(client):
    """A live part of session 999…9 (300 digits) names a subject, and a 300-digit player number a
    path, far beyond the 250 characters memcached allows in a key: the keys name them by digest."""
    import warnings

    from django.core.cache.backends.base import CacheKeyWarning

    tournament = table_with_players(published=True).session.tournament
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheKeyWarning)
        assert client.get(f"/t/{tournament.slug}/live/session-{'9' * 300}/").status_code == 404
        assert client.get(f"/p/{'9' * 300}/").status_code == 404
        first, again = client.get(f"/t/{tournament.slug}/"), client.get(f"/t/{tournament.slug}/")
    assert (first["X-Cache"], again["X-Cache"]) == ("miss", "hit")
    long_path = f"/t/{tournament.slug}/live/session-{'9' * 300}/"
    assert all(len(key) <= 250 for key in (page_cache._path_key(long_path), page_cache._page_key(long_path, "de"),
                                          page_cache._token_key("session" + "9" * 300)))


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_kept_page_answered_before_the_middleware_says_all_that_the_whole_way_says(settings, language):
    """``KeptPagesMiddleware`` answers a kept copy before the session, language, CSRF and messages
    middleware run: its answers, 200 and 304, page and API, carry the same headers and body as the
    same copy answered the whole way."""
    tournament = TournamentFactory(slug="kept", status=Tournament.Status.RUNNING)
    standings(tournament, 8)
    headers = {"HTTP_ACCEPT_LANGUAGE": language}

    def answers(client: Client) -> list:
        kept = []
        for path in ("/t/kept/standings/", f"/api/v1/tournaments/{tournament.pk}/standings/"):
            page = client.get(path, **headers)
            kept += [page, client.get(path, HTTP_IF_NONE_MATCH=page["ETag"], **headers)]
        return kept

    for path in ("/t/kept/standings/", f"/api/v1/tournaments/{tournament.pk}/standings/"):
        Client().get(path, **headers)  # rendered and kept
    early = answers(Client())
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name != "league.middleware.KeptPagesMiddleware"]
    whole = answers(Client())
    assert [answer.status_code for answer in early] == [answer.status_code for answer in whole] == [200, 304] * 2
    assert all(not hasattr(answer.wsgi_request, "session") for answer in early)  # answered early indeed
    assert all(hasattr(answer.wsgi_request, "session") for answer in whole)
    for early_answer, whole_answer in zip(early, whole, strict=True):
        assert dict(early_answer.items()) == dict(whole_answer.items())
        assert early_answer.content == whole_answer.content
    assert early[0]["Content-Language"] == language and early[0]["X-Cache"] == "hit"


@pytest.mark.parametrize("visitor", [
    {"HTTP_COOKIE": "sessionid=abc"}, {"HTTP_AUTHORIZATION": "Token abc"},
    {"HTTP_COOKIE": f"{CookieStorage.cookie_name}=pending"}, {"QUERY_STRING": "page=2"},
])
def test_a_visitor_with_a_session_a_token_a_pending_message_or_a_query_goes_the_whole_way(visitor):
    TournamentFactory(slug="kept")
    Client().get("/t/kept/standings/")
    answer = Client().get("/t/kept/standings/", **visitor)
    assert hasattr(answer.wsgi_request, "session")
