"""HTTP caching of the public reads (league.cache): anonymous pages, live parts, the projector and
the API's public reads carry an ETag made from the page cache's version tokens and `Cache-Control:
public` with short lifetimes; a conditional request answers 304 without a query; a hand changes the
tag; logged-in callers (an administrator seeing hidden standings above all) are never `public` and
never get the public tag."""

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.models import Registration, SeasonRanking, Table
from league.services.hands import hand_record, table_close
from league.services.seating import seating_generate
from league.services.standings import standings_recompute
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
    table_with_players,
)
from tests.hand_records import EAST_WINS_100, WIN

pytestmark = pytest.mark.django_db


def directives(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def is_public(response) -> bool:
    return "public" in directives(response)


@pytest.fixture
def table():
    return table_with_players(slug="final")


def public_urls(table) -> list[str]:
    slug = table.session.tournament.slug
    return [f"/t/{slug}/", f"/t/{slug}/standings/", f"/t/{slug}/statistics/", f"/t/{slug}/records/",
            f"/t/{slug}/session/1/", f"/t/{slug}/live/standings/", f"/t/{slug}/live/top/",
            f"/t/{slug}/live/session-1/", f"/t/{slug}/screen/", f"/t/{slug}/screen/part/",
            f"/p/{table.seats.first().player_id}/", "/"]


def test_anonymous_public_pages_carry_a_stable_etag_and_short_public_lifetimes(client, table, settings):
    settings.PUBLIC_MAX_AGE, settings.PUBLIC_S_MAXAGE, settings.PUBLIC_STALE_WHILE_REVALIDATE = 7, 3, 40
    for url in public_urls(table):
        first, again = client.get(url), client.get(url)
        assert first.status_code == 200, url
        assert first["ETag"] and first["ETag"] == again["ETag"], url
        assert directives(first) == {"public", "max-age=7", "s-maxage=3", "stale-while-revalidate=40"}, url
        assert "Cookie" in first["Vary"] and "Accept-Language" in first["Vary"], url


def test_a_conditional_request_answers_304_from_the_cache_without_a_query(client, table,
                                                                          django_assert_max_num_queries):
    for url in public_urls(table):
        etag = client.get(url)["ETag"]
        with django_assert_max_num_queries(0):
            response = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 304, url
        assert response["ETag"] == etag and is_public(response), url
        assert response.content == b"", url


class ReadsRecorded:
    """The page cache with the keys it was asked for written down."""

    def __init__(self, cache):
        self.cache, self.read = cache, []

    def get(self, key, *args, **kwargs):
        self.read.append(key)
        return self.cache.get(key, *args, **kwargs)

    def get_many(self, keys, *args, **kwargs):
        self.read.extend(keys)
        return self.cache.get_many(keys, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.cache, name)


def test_a_conditional_request_reads_the_pages_tag_not_the_page_and_an_old_tag_gets_the_kept_page(
        client, table, monkeypatch):
    from league import cache as page_cache

    url = "/t/final/standings/"
    kept = client.get(url)
    recorded = ReadsRecorded(page_cache.cache)
    monkeypatch.setattr(page_cache, "cache", recorded)
    assert client.get(url, HTTP_IF_NONE_MATCH=kept["ETag"]).status_code == 304
    assert [key for key in recorded.read if ":tag:" in key]
    assert not [key for key in recorded.read if ":page:" in key]  # the 304 needed no page
    again = client.get(url, HTTP_IF_NONE_MATCH='"an-older-one"')
    assert again.status_code == 200 and again["X-Cache"] == "hit"
    assert again["ETag"] == kept["ETag"] and again.content == kept.content


def test_an_old_etag_gets_the_page_again(client, table):
    response = client.get("/t/final/standings/", HTTP_IF_NONE_MATCH='"not-the-current-one"')
    assert response.status_code == 200 and response.content


def test_each_language_has_its_own_etag(client, table):
    german = client.get("/t/final/standings/", HTTP_ACCEPT_LANGUAGE="de")
    english = client.get("/t/final/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert german["ETag"] != english["ETag"]
    assert client.get("/t/final/standings/", HTTP_ACCEPT_LANGUAGE="en",
                      HTTP_IF_NONE_MATCH=german["ETag"]).status_code == 200


def test_a_hand_entered_changes_the_etag_of_the_standings_and_their_live_part(
    client, table, django_capture_on_commit_callbacks
):
    user = AdminFactory()
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=user)
    urls = ["/t/final/standings/", "/t/final/live/standings/",
            f"/api/v1/tournaments/{table.session.tournament_id}/standings/"]
    before = {url: client.get(url)["ETag"] for url in urls}
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=user)
    for url in urls:
        response = client.get(url, HTTP_IF_NONE_MATCH=before[url])
        assert response.status_code == 200, url
        assert response["ETag"] != before[url], url
    assert ">1.200<" in client.get("/t/final/standings/").content.decode()  # 1.200: German groups thousands


def test_logged_in_visitors_get_private_answers_never_the_public_etag(client, table):
    anonymous = client.get("/t/final/standings/")
    for user in (UserFactory(), AdminFactory()):
        own = Client()
        own.force_login(user)
        response = own.get("/t/final/standings/")
        assert response.status_code == 200
        assert not is_public(response) and {"private", "no-cache"} <= directives(response)
        assert response["ETag"] != anonymous["ETag"]
        assert own.get("/t/final/standings/", HTTP_IF_NONE_MATCH=anonymous["ETag"]).status_code == 200


@pytest.fixture
def hidden():
    """A tournament whose standings are hidden from session 1 on, its first session played."""
    tournament = TournamentFactory(session_count=3, slug="hidden", options={"hide_standings_from_session": 1})
    for _number in range(8):
        Registration.objects.create(tournament=tournament, player=PlayerFactory())
    seating_generate(tournament=tournament, number=1, method="random")
    for table in Table.objects.filter(session__tournament=tournament):
        hand_record(table=table, record=WIN, user=None)
        table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    return tournament


def test_hidden_standings_an_administrator_sees_never_reach_a_shared_cache(client, hidden):
    admin = Client()
    admin.force_login(AdminFactory())
    for url in ["/t/hidden/standings/", "/t/hidden/live/standings/", "/t/hidden/session/1/"]:
        public = client.get(url)
        own = admin.get(url)  # the figures below as German prints them: 2.304
        assert "2.304" not in public.content.decode() and "2.304" in own.content.decode(), url
        assert is_public(public) and not is_public(own) and "private" in directives(own), url
        assert own["ETag"] != public["ETag"], url
        assert "2.304" not in client.get(url).content.decode(), url  # the administrator's page was not kept
    api_url = f"/api/v1/tournaments/{hidden.pk}/standings/"
    public = APIClient().get(api_url)
    token = Token.objects.create(user=AdminFactory())
    own = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}").get(api_url)
    assert [row["games"] for row in public.json()] != [row["games"] for row in own.json()]
    assert is_public(public) and not is_public(own) and own["ETag"] != public["ETag"]
    assert APIClient().get(api_url).json() == public.json()


def api_urls(tournament, season) -> list[str]:
    base = f"/api/v1/tournaments/{tournament.pk}"
    return [f"{base}/standings/", f"{base}/team-standings/", f"{base}/statistics/", f"{base}/find/?q=a",
            f"/api/v1/seasons/{season.pk}/ranking/", f"/api/v1/seasons/{season.pk}/ranking/?limit=1&offset=1"]


def test_the_apis_public_reads_answer_304_without_a_query(table, django_assert_max_num_queries):
    season = SeasonFactory()
    for rank, player in enumerate(PlayerFactory.create_batch(2), start=1):
        SeasonRanking.objects.create(season=season, player=player, rank=rank, value=10 - rank, games=2, tournaments=1)
    api = APIClient()
    for url in api_urls(table.session.tournament, season):
        first = api.get(url)
        assert first.status_code == 200 and is_public(first) and first["ETag"], url
        assert "Authorization" in first["Vary"], url
        with django_assert_max_num_queries(0):
            again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304, url
        with django_assert_max_num_queries(0):
            assert api.get(url).json() == first.json(), url


def test_a_season_rankings_pages_are_kept_apart(table):
    season = SeasonFactory()
    for rank, player in enumerate(PlayerFactory.create_batch(2), start=1):
        SeasonRanking.objects.create(season=season, player=player, rank=rank, value=10 - rank, games=2, tournaments=1)
    api = APIClient()
    first = api.get(f"/api/v1/seasons/{season.pk}/ranking/?limit=1").json()["results"]
    second = api.get(f"/api/v1/seasons/{season.pk}/ranking/?limit=1&offset=1").json()["results"]
    assert [row["rank"] for row in first + second] == [1, 2]


def test_api_callers_with_a_token_are_answered_privately(table):
    token = Token.objects.create(user=UserFactory())
    response = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}").get(
        f"/api/v1/tournaments/{table.session.tournament_id}/standings/")
    assert response.status_code == 200 and not is_public(response) and "private" in directives(response)


def test_the_browsable_api_is_never_shared(table):
    response = Client().get(f"/api/v1/tournaments/{table.session.tournament_id}/standings/", HTTP_ACCEPT="text/html")
    assert not is_public(response)
