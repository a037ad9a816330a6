"""The authorization matrix of scoped roles (issue 38): a league administrator, a club organiser
and a tournament director, each working inside their own scope, are refused everywhere outside it.

Every route of the site, pages and API alike (Django's admin aside: it is the site administrators'
alone and refuses everyone who is not staff), that names a tournament, table, hand, player, league,
season, club, export, sign-up or role is asked with every method for things outside the caller's
scope, and answered as it answers a logged-in user without any role: where that user is refused
(401, 403, 404, 405, or the login page), a role outside its scope must be refused too. A request
that got further (even to a 400 for the empty body) is an unexpected success. The routes without an
object (``/manage/``, ``roles/``, ``audit/`` …) show each caller their own scope: checked below."""
import pytest
from rest_framework.test import APIClient

from league.models import AccountClaim, Export, Role, Signup, Tournament
from tests.factories import (
    CLASSICAL_WIN,
    PlayerFactory,
    SessionFactory,
    UserFactory,
    client_for,
    referee_for,
    table_with_players,
)
from tests.faults.test_probing import all_routes
from tests.roles_world import federation

pytestmark = pytest.mark.django_db
METHODS = ("get", "post", "patch", "delete")
SKIPPED = ("admin/", "signup/<str:token>", "account/confirm/", "account/invitation/")
# what <pk> names, by the route's beginning
PK_OF = (("api/v1/players/", "player"), ("api/v1/clubs/", "club"), ("api/v1/leagues/", "league"),
         ("api/v1/seasons/", "season"), ("manage/seasons/", "season"), ("manage/clubs/", "club"),
         ("api/v1/tournaments/", "tournament"), ("api/v1/tables/", "table"), ("api/v1/hands/", "hand"),
         ("api/v1/exports/", "export"), ("api/v1/roles/", "role"), ("api/v1/account/claims/", "claim"),
         ("manage/players/", "player"))
OBJECT_PARTS = ("<slug:slug>", "<int:pk>", "<pk>", "<int:table_id>", "<int:hand_id>", "<int:player_id>",
                "<slug:league_slug>")


def object_routes() -> list[str]:
    """Every route that names an object, but Django's admin and the e-mailed links' tokens."""
    return [route for route in all_routes() if not route.startswith(SKIPPED) and any(
        part in route for part in OBJECT_PARTS)]


def outside_bundle(tournament: Tournament, world) -> dict:
    """A tournament outside the callers' scopes with a table and a hand, a registered player (of a
    club no caller organises), a sign-up, an export and a referee's role, and a league, season and
    club none of them holds."""
    session = SessionFactory(tournament=tournament)
    table = table_with_players(session=session, players=PlayerFactory.create_batch(4, club=world.other_club))
    referee = referee_for(tournament)
    response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", CLASSICAL_WIN, format="json")
    assert response.status_code == 201, response.content
    player = table.seats.first().player
    return {
        "claim": AccountClaim.objects.create(player=player, user=UserFactory(is_active=False),
                                             email=f"claim{tournament.pk}@example.org"),
        "tournament": tournament, "table": table, "hand": table.hands.get(), "player": player,
        "league": world.other_league, "season": world.other_season, "club": world.other_club,
        "role": Role.objects.get(user=referee), "export": Export.objects.create(kind="results-xlsx",
                                                                                tournament=tournament),
        "signup": Signup.objects.create(tournament=tournament, first_name="Sina", last_name="Ort",
                                        email=f"sina{tournament.pk}@example.org", token=f"tok{tournament.pk}"),
    }


def fill(route: str, bundle: dict) -> str:
    url = route
    if "<slug:slug>" in url:
        url = url.replace("<slug:slug>", bundle["league"].slug if route.startswith("manage/leagues/")
                          else bundle["tournament"].slug)
    for kind in ("<int:pk>", "<pk>"):
        if kind in url:
            name = next(name for prefix, name in PK_OF if route.startswith(prefix))
            url = url.replace(kind, str(bundle[name].pk), 1)
    values = {"<int:table_id>": bundle["table"].pk, "<int:hand_id>": bundle["hand"].pk,
              "<int:player_id>": bundle["player"].pk, "<int:player>": bundle["player"].pk,
              "<slug:league_slug>": bundle["league"].slug, "<str:name>": bundle["season"].name,
              "<int:number>": 1, "<str:action>": "checkin", "<str:part>": "standings",
              "<int:sid>": bundle["signup"].pk, "<int:did>": 1, "<int:export_id>": bundle["export"].pk,
              "(?P<player>[0-9]+)": bundle["player"].pk}
    for part, value in values.items():
        url = url.replace(part, str(value))
    assert "<" not in url, url
    return "/" + url


def refused(response) -> bool:
    return response.status_code in (401, 403, 404, 405) or (
        response.status_code == 302 and "/login" in response.get("Location", ""))


def session_client(user) -> APIClient:
    client = APIClient()  # no CSRF enforcement: the refusal must come from the permissions themselves
    client.force_login(user)  # a session: the pages see the user as the API does
    return client


def ask(client, method: str, url: str):
    return client.get(url) if method == "get" else getattr(client, method)(url, {}, format="json")


@pytest.fixture
def world():
    world = federation(published=True)
    world.bundles = {t.pk: outside_bundle(t, world) for t in
                     (world.tournament, world.other_tournament, world.club_event, world.other_club_event)}
    hidden = Tournament.objects.create(slug="hidden-outside", name="Hidden", ruleset="dmjl-classical",
                                       starts_on=world.tournament.starts_on, ends_on=world.tournament.ends_on,
                                       season=world.other_season, published=False)
    world.bundles[hidden.pk] = outside_bundle(hidden, world)
    return world


def outside_of(world, who: str) -> list[int]:
    mine = {"league_admin": world.tournament, "club_organiser": world.club_event, "director": world.tournament}[who]
    return [pk for pk in world.bundles if pk != mine.pk]


def test_the_matrix_covers_every_kind_of_object():
    routes = object_routes()
    assert {"t/<slug:slug>/control/", "manage/t/<slug:slug>/", "api/v1/tournaments/<pk>/",
            "api/v1/roles/<int:pk>/", "referee/table/<int:table_id>/", "api/v1/hands/<int:pk>/",
            "manage/leagues/<slug:slug>/", "manage/clubs/<int:pk>/", "api/v1/players/<pk>/"} <= set(routes)


def test_each_role_is_refused_everywhere_outside_its_scope(world, capsys):
    plain = session_client(UserFactory())
    routes = object_routes()
    baseline = {}
    for pk, bundle in world.bundles.items():
        for route in routes:
            url = fill(route, bundle)
            for method in METHODS:
                baseline[(pk, route, method)] = refused(ask(plain, method, url))
    counts = {"requests": 0, "refused": 0, "public": 0, "unexpected": 0}
    unexpected = []
    for who in ("league_admin", "club_organiser", "director"):
        client = session_client(getattr(world, who))
        for pk in outside_of(world, who):
            for route in routes:
                url = fill(route, world.bundles[pk])
                for method in METHODS:
                    response = ask(client, method, url)
                    counts["requests"] += 1
                    if refused(response):
                        counts["refused"] += 1
                    elif baseline[(pk, route, method)]:
                        counts["unexpected"] += 1
                        unexpected.append((who, method, url, response.status_code))
                    else:
                        counts["public"] += 1  # open to any logged-in user too (public pages, sign-ups …)
    with capsys.disabled():
        print(f"\nscoped roles matrix: {len(routes)} routes × {len(METHODS)} methods; {counts}")
    assert unexpected == [], unexpected
    assert counts["refused"] > counts["public"] > 0


def test_inside_their_scope_each_role_does_its_work(world):
    for who, tournament in (("league_admin", world.tournament), ("club_organiser", world.club_event),
                            ("director", world.tournament)):
        client = session_client(getattr(world, who))
        for url in (f"/manage/t/{tournament.slug}/", f"/t/{tournament.slug}/control/",
                    f"/api/v1/tournaments/{tournament.pk}/signups/", f"/api/v1/tournaments/{tournament.pk}/referees/"):
            assert client.get(url).status_code == 200, (who, url)
        reveal = client.post(f"/api/v1/tournaments/{tournament.pk}/reveal/", {}, format="json")
        assert reveal.status_code == 200, (who, reveal.content)
    league_admin = session_client(world.league_admin)
    assert league_admin.get(f"/manage/seasons/{world.season.pk}/").status_code == 200
    assert league_admin.patch(f"/api/v1/leagues/{world.league.pk}/", {"description": "Ours"},
                              format="json").status_code == 200
    organiser = session_client(world.club_organiser)
    assert organiser.patch(f"/api/v1/clubs/{world.club.pk}/", {"city": "Köln"}, format="json").status_code == 200


def test_the_lists_and_manage_show_only_the_callers_scope(world):
    for who, mine in (("league_admin", world.tournament), ("club_organiser", world.club_event),
                      ("director", world.tournament)):
        client = session_client(getattr(world, who))
        page = client.get("/manage/").content.decode()
        assert f"/manage/t/{mine.slug}/" in page
        for pk in outside_of(world, who):
            assert f"/manage/t/{world.bundles[pk]['tournament'].slug}/" not in page, who
        audit = client.get("/api/v1/audit/").json()["results"]
        assert all(entry["object_repr"] != "Hidden" for entry in audit)
    assert session_client(UserFactory()).get("/manage/").status_code == 403
