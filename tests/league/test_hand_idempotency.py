"""Repeats are harmless: an Idempotency-Key and a hand's number make a retried, double-tapped or
queued request answer what the first one did, never store or delete a second hand."""
import threading

import pytest
from django.db import IntegrityError, connection, transaction
from rest_framework.test import APIClient

from league.models import Hand, HandRevision
from league.services.hands import hand_record
from tests.factories import client_for, referee_for, table_with_players
from tests.hand_records import EAST_WINS, WIN

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(table):
    return client_for(referee_for(table.session.tournament))


def post(client, table, record, key=None):
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client.post(f"/api/v1/tables/{table.pk}/hands/", record, format="json", headers=headers)


def test_the_same_key_twice_stores_one_hand_and_answers_identical_bodies(table, client):
    first = post(client, table, WIN, key="tap-1")
    second = post(client, table, WIN, key="tap-1")
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert second.headers["Idempotent-Replayed"] == "true"
    assert Hand.objects.filter(table=table).count() == 1
    assert Hand.objects.get(table=table).idempotency_key == "tap-1"


def test_a_key_sent_again_with_another_record_is_refused_not_answered_with_the_first_hand(table, client):
    post(client, table, WIN, key="k")
    again = post(client, table, EAST_WINS, key="k")
    assert again.status_code == 422 and again.json()["error"]["code"] == "idempotency_key_reused"
    assert Hand.objects.filter(table=table).count() == 1


def test_different_keys_store_different_hands(table, client):
    assert post(client, table, WIN, key="a").json()["number"] == 1
    assert post(client, table, WIN, key="b").json()["number"] == 2


def test_a_key_is_unique_per_table_not_across_tables(table, client):
    other = table_with_players(session=table.session, number=2, players=None)
    referee = referee_for(table.session.tournament)
    assert post(client_for(referee), table, WIN, key="same").status_code == 201
    assert post(client_for(referee), other, WIN, key="same").status_code == 201
    assert Hand.objects.count() == 2


def test_a_key_longer_than_100_characters_is_refused(table, client):
    response = post(client, table, WIN, key="x" * 101)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_idempotency_key"
    assert post(client, table, WIN, key="x" * 100).status_code == 201


def test_a_number_that_exists_already_answers_409_with_the_tables_state(table, client):
    assert post(client, table, {**WIN, "number": 1}).status_code == 201
    response = post(client, table, {**WIN, "number": 1})
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "hand_number_exists"
    assert error["next_number"] == 2
    assert error["table"]["dealer"] == 1 and error["table"]["totals"] == [-1336, 2304, -732, -236]
    assert Hand.objects.filter(table=table).count() == 1


def test_a_number_ahead_of_the_next_hand_is_refused(table, client):
    response = post(client, table, {**WIN, "number": 3})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "hand_number_ahead"
    assert not Hand.objects.exists()


@pytest.mark.parametrize("number", ["1", 0, -2, True, 1.5])
def test_a_number_that_is_not_a_whole_number_from_one_is_a_400(table, client, number):
    response = post(client, table, {**WIN, "number": number})
    assert response.status_code == 400
    assert "number" in response.json()["error"]["fields"]


def test_the_right_number_stores_the_hand_without_keeping_number_in_the_record(table, client):
    body = post(client, table, {**WIN, "number": 1}).json()
    assert body["number"] == 1 and "number" not in body["record"]


def test_a_key_of_a_deleted_hand_does_not_store_it_again(table, client):
    hand = post(client, table, WIN, key="gone").json()
    assert client.delete(f"/api/v1/hands/{hand['id']}/").status_code == 204
    response = post(client, table, WIN, key="gone")
    assert response.status_code == 409 and response.json()["error"]["code"] == "hand_deleted"
    assert not Hand.objects.exists()


def test_repeating_a_deletion_deletes_no_other_hand(table, client):
    post(client, table, WIN)
    second = post(client, table, WIN).json()
    assert client.delete(f"/api/v1/hands/{second['id']}/").status_code == 204
    assert client.delete(f"/api/v1/hands/{second['id']}/").status_code == 204
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    assert HandRevision.objects.filter(action="delete").count() == 1


def test_a_repeated_deletion_is_still_refused_to_another_tournaments_referee(table, client):
    hand = post(client, table, WIN).json()
    client.delete(f"/api/v1/hands/{hand['id']}/")
    stranger = client_for(referee_for(table_with_players().session.tournament))
    assert stranger.delete(f"/api/v1/hands/{hand['id']}/").status_code in (403, 404)


def test_a_repeated_correction_with_its_key_answers_the_corrected_hand(table, client):
    hand = post(client, table, WIN).json()
    url = f"/api/v1/hands/{hand['id']}/"
    first = client.put(url, {"record": EAST_WINS, "version": 1}, format="json", headers={"Idempotency-Key": "fix"})
    again = client.put(url, {"record": EAST_WINS, "version": 1}, format="json", headers={"Idempotency-Key": "fix"})
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() and again.json()["version"] == 2
    assert HandRevision.objects.filter(action="update").count() == 1
    # without the key the stale version is a conflict, as before
    stale = client.put(url, {"record": EAST_WINS, "version": 1}, format="json")
    assert stale.status_code == 409


def test_a_key_used_for_an_entry_cannot_be_reused_for_a_correction(table, client):
    hand = post(client, table, WIN, key="one").json()
    response = client.put(f"/api/v1/hands/{hand['id']}/", {"record": EAST_WINS, "version": 1}, format="json",
                          headers={"Idempotency-Key": "one"})
    assert response.status_code == 422 and response.json()["error"]["code"] == "idempotency_key_reused"


def test_the_database_refuses_two_hands_with_one_key_at_a_table(table):
    referee = referee_for(table.session.tournament)
    hand_record(table=table, record=WIN, user=referee, idempotency_key="db")
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(table=table, number=2, record={}, result={}, dealer=0, prevailing_wind="E",
                            idempotency_key="db")


def test_the_schema_documents_the_idempotency_key_header(client):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content.decode()
    assert "Idempotency-Key" in schema


@pytest.mark.django_db(transaction=True)
def test_concurrent_requests_with_one_key_store_one_hand():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; SQLite serialises writers itself")
    table = table_with_players()
    referee = referee_for(table.session.tournament)
    bodies = []

    def send():
        try:
            response = post(client_for(referee), table, WIN, key="racing")
            bodies.append((response.status_code, response.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [status for status, _body in bodies] == [201] * 4
    assert len({body["id"] for _status, body in bodies}) == 1
    assert Hand.objects.filter(table=table).count() == 1


def test_the_players_confirm_a_closed_tables_result_through_the_api(table, client):
    post(client, table, WIN)
    url = f"/api/v1/tables/{table.pk}/confirmations/"
    player = table.seats.get(position=2).player_id
    refused = client.post(url, {"player": player}, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "table_open"
    client.post(f"/api/v1/tables/{table.pk}/close/")
    response = client.post(url, {"player": player}, format="json")
    assert response.status_code == 200 and response.json()["confirmations"] == [player]
    assert client.post(url, {"player": player}, format="json").json()["confirmations"] == [player]
    stranger = client_for(referee_for(table_with_players().session.tournament))
    assert stranger.post(url, {"player": player}, format="json").status_code in (403, 404)
    assert APIClient().post(url, {"player": player}, format="json").status_code in (401, 403)
