"""An Idempotency-Key is bound to its request (method, target and a hash of the body): used again
for another hand it is refused with 422 ``idempotency_key_reused``, never answered with the hand
the key first stored, and nothing else changes."""
import pytest
from django.test import Client
from django.urls import reverse

from league.models import Hand, HandRevision
from tests.factories import client_for, referee_for
from tests.hand_records import EAST_WINS, WIN

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(table):
    return client_for(referee_for(table.session.tournament))


def hands_url(table) -> str:
    return f"/api/v1/tables/{table.pk}/hands/"


def refused_as_reused(response) -> bool:
    return response.status_code == 422 and response.json()["error"]["code"] == "idempotency_key_reused"


def test_the_same_key_with_another_hand_at_the_same_table_is_refused_and_stores_nothing(table, client):
    client.post(hands_url(table), WIN, format="json", headers={"Idempotency-Key": "k91"})
    second = client.post(hands_url(table), {**EAST_WINS, "number": 2}, format="json",
                         headers={"Idempotency-Key": "k91"})
    assert refused_as_reused(second)
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1]


def test_the_same_key_with_the_same_hand_still_answers_the_stored_hand(table, client):
    first = client.post(hands_url(table), WIN, format="json", headers={"Idempotency-Key": "k"})
    again = client.post(hands_url(table), WIN, format="json", headers={"Idempotency-Key": "k"})
    assert again.status_code == 201 and again.json() == first.json()


def test_a_correction_key_used_on_another_hand_is_refused_and_changes_nothing(table, client):
    one = client.post(hands_url(table), WIN, format="json").json()
    two = client.post(hands_url(table), WIN, format="json").json()
    client.put(f"/api/v1/hands/{one['id']}/", {"record": EAST_WINS, "version": 1}, format="json",
               headers={"Idempotency-Key": "fix"})
    version = Hand.objects.get(pk=two["id"]).version
    other = client.put(f"/api/v1/hands/{two['id']}/", {"record": EAST_WINS, "version": version}, format="json",
                       headers={"Idempotency-Key": "fix"})
    assert refused_as_reused(other)
    assert Hand.objects.get(pk=two["id"]).version == version


def test_a_correction_key_sent_again_with_another_record_is_refused(table, client):
    hand = client.post(hands_url(table), WIN, format="json").json()
    url = f"/api/v1/hands/{hand['id']}/"
    client.put(url, {"record": EAST_WINS, "version": 1}, format="json", headers={"Idempotency-Key": "fix"})
    again = client.put(url, {"record": WIN, "version": 1}, format="json", headers={"Idempotency-Key": "fix"})
    assert refused_as_reused(again)
    assert Hand.objects.get(pk=hand["id"]).record["winner"] == 0


def test_a_deletion_key_used_on_another_hand_is_refused_and_deletes_nothing(table, client):
    one = client.post(hands_url(table), WIN, format="json").json()
    two = client.post(hands_url(table), WIN, format="json").json()
    client.delete(f"/api/v1/hands/{two['id']}/", headers={"Idempotency-Key": "gone"})
    other = client.delete(f"/api/v1/hands/{one['id']}/", headers={"Idempotency-Key": "gone"})
    assert refused_as_reused(other)
    assert Hand.objects.filter(pk=one["id"]).exists()
    assert HandRevision.objects.filter(action="delete").count() == 1


def test_the_sheets_plain_form_refuses_a_used_key_and_offers_the_hand_again_with_a_fresh_key(table, client):
    referee = referee_for(table.session.tournament, username="sheetref")
    client.post(hands_url(table), {"outcome": "draw"}, format="json", headers={"Idempotency-Key": "k91"})
    browser = Client()
    browser.force_login(referee)
    fields = {"outcome": "win", "value_0": "20", "value_1": "300", "value_2": "40", "value_3": "0", "winner": "1",
              "key": "k91", "number": "2"}
    response = browser.post(reverse("referee-table", args=[table.pk]), fields, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert Hand.objects.filter(table=table).count() == 1
    key = response.context["form"]["key"].value()
    assert key and key != "k91"
    again = browser.post(reverse("referee-table", args=[table.pk]), {**fields, "key": key})
    assert again.status_code == 302 and Hand.objects.filter(table=table).count() == 2
