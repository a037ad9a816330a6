"""The state a score sheet asks for every few seconds (``referee/table/<id>/state/``): the next
hand, whether the table is closed, and who entered each hand, named as the table sees them."""
import pytest
from django.test import Client
from django.urls import reverse

from league.models import Player
from league.services.hands import hand_record, table_close
from league.services.seat_codes import seat_codes_for
from tests.factories import PlayerFactory, UserFactory, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db


def state(user, table) -> dict:
    client = Client()
    client.force_login(user)
    response = client.get(reverse("referee-table-state", args=[table.pk]))
    assert response.status_code == 200 and response["Cache-Control"].startswith("max-age=0")
    return response.json()


def test_the_state_names_who_entered_each_hand_as_the_table_sees_them():
    players = [PlayerFactory(first_name=f, last_name="Berg", public_name=p) for f, p in
               [("Anna", "full"), ("Ben", "initials"), ("Carla", "full"), ("Dora", "full")]]
    table = table_with_players(players=players, options={"entry": "players"})
    ben = UserFactory()
    Player.objects.filter(pk=players[1].pk).update(user=ben)
    referee = referee_for(table.session.tournament, first_name="Rita", last_name="Richter")
    code = seat_codes_for(session=table.session)[2]
    seat_user = Client()
    seat_user.post(reverse("seat-code"), {"code": code.code})
    code.refresh_from_db()
    first = hand_record(table=table, record=WIN, user=ben)
    second = hand_record(table=table, record=WIN, user=referee)
    hand_record(table=table, record=WIN, user=code.user)

    answer = state(referee, table)

    assert answer["next_number"] == 4 and answer["closed"] is False
    assert {n: h["by"] for n, h in answer["hands"].items()} == {"1": "Ben B.", "2": "Rita Richter", "3": "Carla Berg"}
    assert answer["hands"]["1"]["edit"] == f"/referee/hand/{first.pk}/edit/"
    assert answer["hands"]["2"]["edit"] == f"/referee/hand/{second.pk}/edit/"
    table_close(table=table, user=referee)
    assert state(ben, table)["closed"] is True


def test_only_those_who_may_write_at_the_table_read_its_state():
    table = table_with_players(options={"entry": "players"})
    client = Client()
    client.force_login(UserFactory())
    assert client.get(reverse("referee-table-state", args=[table.pk])).status_code in (403, 404)
    assert Client().get(reverse("referee-table-state", args=[table.pk])).status_code == 302
