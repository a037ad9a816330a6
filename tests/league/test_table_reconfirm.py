"""A dispute settled on the web (issue 42, item 9): an administrator reopens the disputed table from
the control room or its sheet, corrects it and closes it again; the correction resolves the open
dispute (the disputing player is told), every player with an address is asked by e-mail to confirm
the corrected result, and the table counts again once they have."""
import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from league.models import Player, Table, TableDispute
from league.selectors.tables import provisional_table_ids
from league.services.confirmations import dispute_open, dispute_resolve, table_confirm
from league.services.hands import hand_correct, hand_record, table_close
from tests.factories import AdminFactory, UserFactory, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed():
    """A players' table, closed and confirmed by all four, then disputed by the player in seat 1."""
    table = table_with_players(options={"entry": "players"})
    users = []
    for seat in table.seats.order_by("position"):
        user = UserFactory(email=f"{seat.player.first_name.lower()}@example.org")
        Player.objects.filter(pk=seat.player_id).update(user=user)
        users.append(user)
    hand = hand_record(table=table, record=WIN, user=users[0])
    table_close(table=table, user=users[0])
    for user in users:
        table_confirm(table=table, user=user)
    dispute_open(table=table, user=users[1], message="The winner was seat 3.")
    return {"table": table, "hand": hand, "users": users}


def admin_client() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(AdminFactory())
    return client


def counts(table: Table) -> bool:
    return table.pk not in provisional_table_ids(table.session.tournament, table.session.number)


def test_a_dispute_is_settled_by_reopening_correcting_and_confirming_again(
        disputed, django_capture_on_commit_callbacks):
    table, users = disputed["table"], disputed["users"]
    client = admin_client()
    control = client.get(reverse("tournament-control", args=[table.session.tournament.slug])).content.decode()
    assert reverse("referee-table-reopen", args=[table.pk]) in control

    reopened = client.post(reverse("referee-table-reopen", args=[table.pk]), follow=True)

    assert "The table is open again" in reopened.content.decode()
    table.refresh_from_db()
    assert not table.closed and table.reopened_at is not None and not table.confirmations.exists()
    hand_correct(hand=disputed["hand"], record={**WIN, "winner": 3}, version=1, user=None)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("referee-table-close", args=[table.pk]))

    table.refresh_from_db()
    assert table.closed
    assert TableDispute.objects.get().status == TableDispute.Status.RESOLVED
    # in the site's language (German), whoever's request sent them
    resolved = [m for m in mail.outbox if "Ihr Einspruch" in m.subject]
    assert [m.to for m in resolved] == [[users[1].email]]
    asked = [m for m in mail.outbox if "Bitte bestätigen Sie das korrigierte Ergebnis" in m.subject]
    assert {m.to[0] for m in asked} == {user.email for user in users} and len(asked) == 4
    assert f"http://127.0.0.1:8000/referee/table/{table.pk}/" in asked[0].body
    sheet = Client(HTTP_ACCEPT_LANGUAGE="en")
    sheet.force_login(users[2])
    assert "This result was corrected after the table had been closed" in sheet.get(
        reverse("referee-table", args=[table.pk])).content.decode()
    assert not counts(table)
    for user in users[:3]:
        table_confirm(table=table, user=user)
    assert counts(table)


def test_resolving_a_dispute_in_the_control_room_tells_the_disputing_player(
        disputed, django_capture_on_commit_callbacks):
    table, users = disputed["table"], disputed["users"]
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        dispute_resolve(dispute=TableDispute.objects.get(), user=referee_for(table.session.tournament))

    assert [m.to for m in mail.outbox] == [[users[1].email]]
    assert "The winner was seat 3." in mail.outbox[0].body


def test_only_administrators_reopen_a_table_from_its_sheet(disputed):
    table = disputed["table"]
    for user in (referee_for(table.session.tournament), disputed["users"][0]):
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(user)
        page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
        assert "Reopen to correct" not in page
        client.post(reverse("referee-table-reopen", args=[table.pk]))
        table.refresh_from_db()
        assert table.closed and table.confirmations.count() == 4


def test_reopening_through_the_api_asks_again_when_closed_again(disputed, django_capture_on_commit_callbacks):
    from rest_framework.test import APIClient

    table = disputed["table"]
    api = APIClient()
    api.force_authenticate(AdminFactory())
    assert api.delete(f"/api/v1/tables/{table.pk}/close/").status_code == 200
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/v1/tables/{table.pk}/close/").status_code == 200

    assert len([m for m in mail.outbox if "korrigierte Ergebnis" in m.subject]) == 4


def test_a_first_close_asks_nobody_again():
    table = table_with_players(options={"entry": "players"})
    seat = table.seats.get(position=0)
    Player.objects.filter(pk=seat.player_id).update(user=UserFactory(email="a@example.org"))
    hand_record(table=table, record=WIN, user=None)
    mail.outbox.clear()

    table_close(table=table, user=None)

    assert mail.outbox == []
