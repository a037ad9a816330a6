"""The authorization matrix of the club evenings' doors (issue 23): opening an evening and forming a
table, through the API and the pages, for every role: an anonymous visitor, a logged-in user with no
player, a registered player of the event with an account (at the table or not), a referee of the
event, a referee of another tournament, and an administrator. Whoever is refused changes nothing."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from league.models import Registration, Seat, Session, Tournament
from league.services.club import club_session_open
from league.services.tournaments import tournament_create
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, UserFactory, referee_for
from tests.faults.test_probing import all_routes

pytestmark = pytest.mark.django_db
CLUB_ROUTES = {"api/v1/tournaments/<int:pk>/sessions/", "api/v1/tournaments/<int:pk>/sessions/<int:number>/tables/",
               "t/<slug:slug>/evenings/", "t/<slug:slug>/evenings/<int:number>/table/"}
ROLES = ("anonymous", "user", "player_elsewhere", "player_at_table", "referee", "other_referee", "admin")
# Who may open the next evening, and who may form the table of the four players in ``seats``.
OPENS = {"player_elsewhere", "player_at_table", "referee", "admin"}
FORMS = {"player_at_table", "referee", "admin"}


def test_the_club_routes_are_all_in_the_matrix():
    routes = set(all_routes())
    assert CLUB_ROUTES <= routes
    assert {r for r in routes if "evening" in r or r.endswith("/sessions/")} <= CLUB_ROUTES


@pytest.fixture
def world():
    event = tournament_create(data={"slug": "club", "name": "Club", "ruleset": "dmjl-classical",
                                    "starts_on": "2026-01-01", "ends_on": "2026-12-31", "published": True,
                                    "kind": "club"})
    players = PlayerFactory.create_batch(5)
    for player in players:
        Registration.objects.create(tournament=event, player=player)
    at_table, elsewhere = UserFactory(), UserFactory()
    players[0].user, players[4].user = at_table, elsewhere
    players[0].save(update_fields=["user"])
    players[4].save(update_fields=["user"])
    users = {"anonymous": None, "user": UserFactory(), "player_elsewhere": elsewhere, "player_at_table": at_table,
             "referee": referee_for(event), "other_referee": referee_for(TournamentFactory()), "admin": AdminFactory()}
    return {"event": event, "seats": [p.pk for p in players[:4]], "users": users}


def api_client(user) -> APIClient:
    client = APIClient()  # no CSRF enforcement: the refusal must come from the permissions themselves
    if user is not None:
        client.force_login(user)
    return client


def page_client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def refused(status: int, who: str) -> bool:
    return status in ((401, 403) if who == "anonymous" else (403,))


@pytest.mark.parametrize("who", ROLES)
def test_opening_an_evening_through_the_api(who, world):
    event = world["event"]
    response = api_client(world["users"][who]).post(f"/api/v1/tournaments/{event.pk}/sessions/", format="json")
    if who in OPENS:
        assert response.status_code == 201 and Session.objects.filter(tournament=event).count() == 1
    else:
        assert refused(response.status_code, who), response.content
        assert not Session.objects.filter(tournament=event).exists()


@pytest.mark.parametrize("who", ROLES)
def test_forming_a_table_through_the_api(who, world):
    event = world["event"]
    club_session_open(tournament=event)
    response = api_client(world["users"][who]).post(f"/api/v1/tournaments/{event.pk}/sessions/1/tables/",
                                                    {"seats": world["seats"]}, format="json")
    if who in FORMS:
        assert response.status_code == 201 and Seat.objects.filter(session__tournament=event).count() == 4
    else:
        assert refused(response.status_code, who), response.content
        assert not Seat.objects.filter(session__tournament=event).exists()


@pytest.mark.parametrize("who", ROLES)
def test_the_evenings_and_their_tables_are_public_reads(who, world):
    event = world["event"]
    club_session_open(tournament=event)
    client = api_client(world["users"][who])
    assert client.get(f"/api/v1/tournaments/{event.pk}/sessions/").status_code == 200
    assert client.get(f"/api/v1/tournaments/{event.pk}/sessions/1/tables/").json() == []


@pytest.mark.parametrize("who", ROLES)
def test_the_pages_open_an_evening_and_form_a_table_only_for_those_allowed(who, world):
    event = world["event"]
    client = page_client(world["users"][who])
    opened = client.post(f"/t/{event.slug}/evenings/")
    form = client.get(f"/t/{event.slug}/evenings/1/table/")
    seats = dict(zip(["E", "S", "W", "N"], world["seats"], strict=True))
    formed = client.post(f"/t/{event.slug}/evenings/1/table/", seats)
    if who == "anonymous":
        assert opened.status_code == 302 and opened["Location"].startswith("/login/")
        assert form.status_code == 302 and formed.status_code == 302
    elif who not in OPENS:
        assert opened.status_code == 403 and form.status_code == 403 and formed.status_code == 403
    else:
        assert opened.status_code == 302 and form.status_code == 200
        if who in FORMS:
            assert formed.status_code == 302
        else:
            assert formed.status_code == 200 and 'id="error-summary"' in formed.content.decode()
    expected = 4 if who in FORMS else 0
    assert Seat.objects.filter(session__tournament=event).count() == expected
    assert Session.objects.filter(tournament=event).count() == (1 if who in OPENS else 0)


def test_an_unpublished_club_event_is_404_to_its_players(world):
    event = world["event"]
    Tournament.objects.filter(pk=event.pk).update(published=False)
    player = world["users"]["player_at_table"]
    assert api_client(player).post(f"/api/v1/tournaments/{event.pk}/sessions/").status_code == 404
    assert page_client(player).post(f"/t/{event.slug}/evenings/").status_code == 404
    assert not Session.objects.filter(tournament=event).exists()
