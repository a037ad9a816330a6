"""The public pages' cache cannot go stale by omission: a row a public page shows, written through
any door (here the ORM alone, no service, no cache code), retires the pages that show it."""
import pytest
from django.test import Client

from league.models import Session, Withdrawal
from tests.factories import PlayerFactory, table_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return table_with_players(slug="door")


def page(client: Client, url: str):
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en")


def test_a_table_closed_without_the_service_shows_closed_at_once(client, table, django_capture_on_commit_callbacks):
    before = page(client, "/t/door/session/1/")
    assert page(client, "/t/door/session/1/")["X-Cache"] == "hit"
    with django_capture_on_commit_callbacks(execute=True):
        table.closed = True
        table.save(update_fields=["closed"])
    after = page(client, "/t/door/session/1/")
    assert after["X-Cache"] == "miss" and after["ETag"] != before["ETag"]
    assert page(client, "/t/door/")["X-Cache"] == "miss"


def test_a_seat_given_to_another_player_without_the_service_shows_at_once(client, table):
    newcomer = PlayerFactory(first_name="Zora", last_name="Neuhaus")
    page(client, "/t/door/session/1/")
    assert page(client, "/t/door/session/1/")["X-Cache"] == "hit"
    seat = table.seats.get(position=2)
    seat.player = newcomer
    seat.save()
    assert "Zora Neuhaus" in page(client, "/t/door/session/1/").content.decode()


def test_a_withdrawal_and_a_clock_written_without_a_service_retire_the_tournaments_pages(client, table):
    tournament = table.session.tournament
    page(client, "/t/door/")
    Withdrawal.objects.create(tournament=tournament, player=table.seats.first().player, from_session=2)
    assert page(client, "/t/door/")["X-Cache"] == "miss"
    etag = page(client, "/t/door/screen/part/")["ETag"]
    Session.objects.filter(pk=table.session_id).first().save()  # e.g. its clock started in the shell
    assert page(client, "/t/door/screen/part/")["ETag"] != etag
