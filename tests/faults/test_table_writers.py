"""The authorization matrix of the tables' write doors (issue 23): with tournament option ``entry``
"players" a player writes only at the open table where they sit and only while it is open, confirms
and disputes only their own table; referees and administrators keep every door they had; nobody
else passes. Each door is tried by every role, through the API and the score sheet, and a refusal
changes nothing."""
import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import Hand, Player, TableConfirmation, TableDispute
from league.services.confirmations import dispute_open
from league.services.hands import hand_record, table_close
from tests.factories import AdminFactory, UserFactory, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db
ROLES = ("anonymous", "user", "other_player", "seated", "other_referee", "referee", "admin")


@pytest.fixture
def world(request):
    entry = getattr(request, "param", "players")
    table = table_with_players(options={"entry": entry})
    tournament = table.session.tournament
    users = {"user": UserFactory(), "referee": referee_for(tournament), "admin": AdminFactory(),
             "other_referee": referee_for(table_with_players().session.tournament)}
    for role, seat in (("seated", table.seats.get(position=0)),
                       ("other_player", table_with_players(options={"entry": entry}).seats.get(position=0))):
        users[role] = UserFactory()
        Player.objects.filter(pk=seat.player_id).update(user=users[role])
    hand = hand_record(table=table, record=WIN, user=users["referee"])
    return {"table": table, "hand": hand, "users": users}


def client_as(role: str, world: dict) -> APIClient:
    client = APIClient()  # no CSRF enforcement: the refusal must come from the permissions themselves
    if role != "anonymous":
        client.force_login(world["users"][role])
    return client


def closed(world: dict) -> None:
    table_close(table=world["table"], user=world["users"]["referee"])


def disputed(world: dict) -> TableDispute:
    closed(world)
    return dispute_open(table=world["table"], user=world["users"]["seated"], message="wrong")


def refused(response) -> bool:
    return response.status_code in (401, 403) or (response.status_code == 302 and "/login" in response["Location"])


# (name, who passes, prepare the world, make the request, what a pass changed)
DOORS = [
    ("post a hand", {"seated", "referee", "admin"}, None,
     lambda c, w: c.post(f"/api/v1/tables/{w['table'].pk}/hands/", WIN, format="json"),
     lambda w: Hand.objects.filter(table=w["table"]).count() == 2),
    ("preview a hand", {"seated", "referee", "admin"}, None,
     lambda c, w: c.post(f"/api/v1/tables/{w['table'].pk}/preview/", WIN, format="json"), None),
    ("correct a hand", {"seated", "referee", "admin"}, None,
     lambda c, w: c.put(f"/api/v1/hands/{w['hand'].pk}/", {"record": {**WIN, "winner": 3}, "version": 1},
                        format="json"),
     lambda w: Hand.objects.get(pk=w["hand"].pk).version == 2),
    ("delete a hand", {"seated", "referee", "admin"}, None,
     lambda c, w: c.delete(f"/api/v1/hands/{w['hand'].pk}/"),
     lambda w: not Hand.objects.filter(pk=w["hand"].pk).exists()),
    ("read a hand's history", {"seated", "referee", "admin"}, None,
     lambda c, w: c.get(f"/api/v1/hands/{w['hand'].pk}/history/"), None),
    ("close the table", {"seated", "referee", "admin"}, None,
     lambda c, w: c.post(f"/api/v1/tables/{w['table'].pk}/close/"),
     lambda w: type(w["table"]).objects.get(pk=w["table"].pk).closed),
    ("reopen the table", {"admin"}, closed,
     lambda c, w: c.delete(f"/api/v1/tables/{w['table'].pk}/close/"),
     lambda w: not type(w["table"]).objects.get(pk=w["table"].pk).closed),
    ("confirm the result", {"seated", "referee", "admin"}, closed,
     lambda c, w: c.post(f"/api/v1/tables/{w['table'].pk}/confirmations/", {}, format="json"),
     lambda w: TableConfirmation.objects.filter(table=w["table"]).exists()),
    ("dispute the result", {"seated"}, closed,
     lambda c, w: c.post(f"/api/v1/tables/{w['table'].pk}/disputes/", {"message": "no"}, format="json"),
     lambda w: TableDispute.objects.filter(table=w["table"]).exists()),
    ("list the disputes", {"seated", "referee", "admin"}, disputed,
     lambda c, w: c.get(f"/api/v1/tables/{w['table'].pk}/disputes/"), None),
    ("resolve a dispute", {"referee", "admin"}, disputed,
     lambda c, w: c.patch(f"/api/v1/tables/{w['table'].pk}/disputes/{TableDispute.objects.get().pk}/",
                          {"status": "resolved"}, format="json"),
     lambda w: TableDispute.objects.get().status == "resolved"),
    ("open the score sheet", {"seated", "referee", "admin"}, None,
     lambda c, w: c.get(reverse("referee-table", args=[w["table"].pk])), None),
    ("close on the score sheet", {"seated", "referee", "admin"}, None,
     lambda c, w: c.post(reverse("referee-table-close", args=[w["table"].pk])),
     lambda w: type(w["table"]).objects.get(pk=w["table"].pk).closed),
    ("confirm on the score sheet", {"seated", "referee", "admin"}, closed,
     lambda c, w: c.post(reverse("referee-table-confirm", args=[w["table"].pk])),
     lambda w: TableConfirmation.objects.filter(table=w["table"]).exists()),
    ("dispute on the score sheet", {"seated"}, closed,
     lambda c, w: c.post(reverse("referee-table-dispute", args=[w["table"].pk]), {"message": "no"}),
     lambda w: TableDispute.objects.filter(table=w["table"]).exists()),
    ("write at the closed table", {"referee", "admin"}, closed,
     lambda c, w: c.put(f"/api/v1/hands/{w['hand'].pk}/", {"record": {**WIN, "winner": 3}, "version": 1},
                        format="json"), None),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("door", DOORS, ids=[door[0] for door in DOORS])
def test_each_door_of_a_players_table_lets_in_exactly_its_writers(role, door, world):
    _name, passes, prepare, request, changed = door
    if prepare:
        prepare(world)
    response = request(client_as(role, world), world)
    if role in passes:
        assert not refused(response) and response.status_code < 500, (role, response.status_code)
        assert changed is None or changed(world)
    else:
        assert refused(response), (role, response.status_code)
        assert changed is None or not changed(world)


@pytest.mark.parametrize("world", ["referee"], indirect=True)
@pytest.mark.parametrize("door", DOORS, ids=[door[0] for door in DOORS])
def test_at_a_refereed_tournament_a_seated_player_passes_no_write_door(door, world):
    _name, _passes, prepare, request, changed = door
    if prepare is disputed:
        pytest.skip("no dispute can be opened at a refereed tournament's table")
    if prepare:
        prepare(world)
    response = request(client_as("seated", world), world)
    assert refused(response), response.status_code
    assert changed is None or not changed(world)


ODD_BODIES = [None, [], "text", 0, {"player": "x"}, {"player": -1}, {"player": 2**63}, {"player": True},
              {"player": [1]}, {"message": None}, {"message": ["a"]}, {"message": {"a": 1}}, {"status": "open"},
              {"status": None}, {"status": "resolved", "message": "x" * 10_000}]


@pytest.mark.parametrize("role", ["seated", "referee", "admin"])
def test_odd_bodies_at_the_confirmation_and_dispute_doors_answer_4xx_or_2xx_never_5xx(role, world):
    disputed(world)
    dispute = TableDispute.objects.get()
    client = client_as(role, world)
    table = world["table"].pk
    for body in ODD_BODIES:
        for method, url in (("post", f"/api/v1/tables/{table}/confirmations/"),
                            ("post", f"/api/v1/tables/{table}/disputes/"),
                            ("patch", f"/api/v1/tables/{table}/disputes/{dispute.pk}/"),
                            ("patch", f"/api/v1/tables/{table}/disputes/{2**40}/")):
            response = getattr(client, method)(url, body, format="json")
            assert response.status_code < 500, (method, url, body, response.status_code)
            if response.status_code >= 400:
                assert "code" in response.json()["error"], response.content
