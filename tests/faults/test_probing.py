"""Issue 25, finding 11: an unpublished tournament could be probed (``/t/<slug>/control/`` answered
403 for one that exists and 404 for one that does not). Every route that names a tournament, a
page or the API, answers someone who may not see it exactly as it answers for one that does not
exist."""
import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.factories import TournamentFactory, UserFactory, client_for, table_with_hands, table_with_players

pytestmark = pytest.mark.django_db
MISSING_PK, MISSING_SLUG = 999999, "no-such-tournament"
EXTRA = {"number": 1, "action": "checkin", "part": "standings", "player": 1, "sid": 1, "export_id": 1}


def all_routes():
    """Every route as a template, the router's regular expressions written as ``<pk>``."""
    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                yield prefix + str(entry.pattern)
    routes = []
    for route in walk(get_resolver().url_patterns):
        if "(?P<format>" in route:
            continue  # the router's suffix variants of the same views
        routes.append(route.replace("(?P<pk>[^/.]+)", "<pk>").replace("^", "").replace("$", ""))
    return sorted(set(routes))


def tournament_routes():
    """Every route with a tournament's ``slug`` or (under ``tournaments/``) ``pk``."""
    return [route for route in all_routes()
            if "<slug:slug>" in route or "tournaments/<int:pk>" in route or "tournaments/<pk>" in route]


def fill(route: str, *, slug: str, pk: int) -> str:
    url = route.replace("<slug:slug>", slug).replace("<int:pk>", str(pk)).replace("<pk>", str(pk))
    for name, value in EXTRA.items():
        for kind in ("int", "str", "slug", ""):
            url = url.replace(f"<{kind}:{name}>" if kind else f"<{name}>", str(value))
    assert "<" not in url, url
    return "/" + url


def status_for(client, method: str, url: str) -> int:
    if method == "get":
        return client.get(url).status_code
    return getattr(client, method)(url, {}, format="json").status_code


def test_the_routes_are_found():
    routes = tournament_routes()
    assert {"t/<slug:slug>/control/", "api/v1/tournaments/<pk>/", "api/v1/tournaments/<int:pk>/standings/"} <= set(
        routes)


@pytest.mark.parametrize("who", ["anonymous", "user", "referee_elsewhere"])
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_an_unpublished_tournament_answers_like_a_missing_one(who, method):
    hidden = TournamentFactory(published=False, slug="hidden-cup", registration_open=True)
    table_with_players(session=None, published=False)
    user = None
    if who == "user":
        user = UserFactory()
    elif who == "referee_elsewhere":
        user = UserFactory()
        TournamentFactory(published=True).referee_assignments.create(user=user)
    api = client_for(None)
    if user is not None:
        api.force_login(user)  # a session: the pages see the user as the API does
    differing = []
    for route in tournament_routes():
        there = status_for(api, method, fill(route, slug=hidden.slug, pk=hidden.pk))
        missing = status_for(api, method, fill(route, slug=MISSING_SLUG, pk=MISSING_PK))
        if there != missing:
            differing.append((route, there, missing))
    assert differing == []


def table_and_hand_routes():
    """Every route naming a table or a hand (pages and API)."""
    return [route for route in all_routes() if any(
        part in route for part in ("<int:table_id>", "<int:hand_id>", "tables/<int:pk>", "hands/<int:pk>"))]


def table_url(route: str, table_id: int, hand_id: int) -> str:
    return "/" + route.replace("<int:table_id>", str(table_id)).replace("<int:hand_id>", str(hand_id)).replace(
        "tables/<int:pk>", f"tables/{table_id}").replace("hands/<int:pk>", f"hands/{hand_id}")


@pytest.mark.parametrize("who", ["anonymous", "user", "referee_elsewhere"])
@pytest.mark.parametrize("method", ["get", "post", "put", "delete"])
def test_a_table_or_hand_of_an_unpublished_tournament_answers_like_a_missing_one(who, method):
    table = table_with_hands(1, published=False)
    hand = table.hands.get()
    user = None
    if who != "anonymous":
        user = UserFactory()
    if who == "referee_elsewhere":
        TournamentFactory(published=True).referee_assignments.create(user=user)
    api = client_for(None)
    if user is not None:
        api.force_login(user)
    differing = []
    for route in table_and_hand_routes():
        there = status_for(api, method, table_url(route, table.pk, hand.pk))
        missing = status_for(api, method, table_url(route, MISSING_PK, MISSING_PK))
        if there != missing:
            differing.append((route, there, missing))
    assert differing == []
