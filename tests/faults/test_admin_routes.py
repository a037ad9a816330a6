"""The authorization matrix of the administrators' own doors (issue 25): every management page
(``/manage/…``) and every API route that only administrators may use (the audit log, archiving and
restoring, merging and erasing players) refuses an anonymous visitor, a logged-in user and a referee
of the tournament, for reading and writing alike, and changes nothing for them."""
import pytest
from rest_framework.test import APIClient

from league.models import AuditEntry, Player, Tournament
from tests.factories import (
    AdminFactory,
    ClubFactory,
    PlayerFactory,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
    referee_for,
)
from tests.faults.test_probing import all_routes

pytestmark = pytest.mark.django_db
ADMIN_API = ("api/v1/audit/", "/merge/", "/erase/", "/archive/", "/restore/", "/external-results/")


def admin_routes() -> list[str]:
    return [route for route in all_routes()  # me/erase/ is the player's own door: tests/faults/test_account_routes.py
            if route.startswith("manage") or (route.startswith("api/v1/") and not route.startswith("api/v1/me/")
                                              and any(part in route for part in ADMIN_API))]


def test_the_administrators_routes_are_found_and_open_to_an_administrator(world):
    admin = APIClient()
    admin.force_login(AdminFactory())
    assert admin.get(url_for("manage/", world)).status_code == 200
    assert admin.get(url_for("api/v1/audit/", world)).status_code == 200
    routes = admin_routes()
    assert {"manage/", "manage/t/new/", "manage/audit/", "api/v1/audit/", "api/v1/players/<pk>/erase/",
            "api/v1/tournaments/<pk>/archive/", "manage/seasons/<int:pk>/results/",
            "api/v1/seasons/<int:pk>/external-results/"} <= set(routes)


@pytest.fixture
def world():
    season = SeasonFactory()
    tournament = TournamentFactory(season=season, published=True)
    player = PlayerFactory()
    return {"slug": tournament.slug, "tournament": tournament, "season": season, "player": player,
            "club": ClubFactory(), "referee": referee_for(tournament)}


def url_for(route: str, world: dict) -> str:
    values = {"slug": world["slug"], "pk": world["player"].pk if "players/" in route else world["tournament"].pk}
    if route.startswith("manage/leagues/"):
        values["slug"] = world["season"].league.slug
    elif route.startswith("manage/seasons/") or route.startswith("api/v1/seasons/"):
        values["pk"] = world["season"].pk
    elif route.startswith("manage/clubs/"):
        values["pk"] = world["club"].pk
    url = route
    for name, value in values.items():
        for kind in ("int:", "slug:", "str:", ""):
            url = url.replace(f"<{kind}{name}>", str(value))
    assert "<" not in url, url
    return "/" + url


def client(who: str, world: dict) -> APIClient:
    client = APIClient()  # no CSRF enforcement: the refusal must come from the permissions themselves
    if who == "user":
        client.force_login(UserFactory())
    elif who == "referee":
        client.force_login(world["referee"])
    return client


@pytest.mark.parametrize("who", ["anonymous", "user", "referee"])
@pytest.mark.parametrize("method", ["get", "post"])
def test_no_one_but_an_administrator_passes_an_administrators_door(who, method, world):
    caller = client(who, world)
    player = world["player"]
    for route in admin_routes():
        url = url_for(route, world)
        response = getattr(caller, method)(url, {"keep": player.pk, "remove": player.pk, "confirm": "1"})
        refused = response.status_code in (401, 403, 404, 405) or (
            response.status_code == 302 and "/login" in response["Location"])
        assert refused, (url, method, who, response.status_code)
    player.refresh_from_db()
    assert player.first_name != "Anonymous"
    assert Tournament.objects.get(pk=world["tournament"].pk).archived_at is None
    assert Player.objects.filter(pk=player.pk).exists() and not AuditEntry.objects.exists()
