"""Findings 2, 9 and 10: what one request may ask of the API is bounded, and every malformed
input is a 400 (or 413) in the JSON error format, never a 500."""
import json

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.api.scoring import ScoringAnonThrottle
from league.models import Hand
from tests.factories import PlayerFactory, TournamentFactory, client_for, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db
RECORD = {"ruleset": "dmjl-classical", "dealer": 0, **WIN}


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["code"] and error["message"]
    return error


# 2: throttles, records per request, time per request

def test_anonymous_batches_are_smaller_than_those_of_logged_in_clients(api, admin_user, settings):
    settings.SCORING_MAX_RECORDS_ANON, settings.SCORING_MAX_RECORDS_USER = 2, 3
    assert error_of(api.post("/api/v1/settle/", [RECORD] * 3, format="json"), 413)["code"] == "batch_too_large"
    token = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=admin_user).key}")
    assert [a["balances"] for a in token.post("/api/v1/settle/", [RECORD] * 3, format="json").json()] \
        == [[-1336, 2304, -732, -236]] * 3
    assert error_of(token.post("/api/v1/handvalue/", [{}] * 4, format="json"), 413)["code"] == "batch_too_large"


def test_anonymous_clients_are_throttled_with_a_json_429(api, monkeypatch):
    monkeypatch.setattr(ScoringAnonThrottle, "THROTTLE_RATES", {"scoring_anon": "2/min"})
    statuses = [api.post("/api/v1/settle/", RECORD, format="json").status_code for _ in range(2)]
    assert statuses == [200, 200]
    assert error_of(api.post("/api/v1/handvalue/", {}, format="json"), 429)["code"] == "throttled"


def test_records_not_reached_in_the_request_time_are_answered_as_such(api, settings):
    settings.SCORING_MAX_SECONDS = -1  # the time is up before the first record
    answers = api.post("/api/v1/settle/", [RECORD, RECORD], format="json").json()
    assert [a["error"]["code"] for a in answers] == ["time_limit", "time_limit"]


# 9: body and string caps

def test_a_body_over_the_cap_is_refused_before_it_is_parsed(api, settings):
    settings.JSON_MAX_BYTES = 1000
    body = json.dumps([RECORD] * 50)
    assert error_of(api.post("/api/v1/settle/", body, content_type="application/json"), 413)["code"] == "too_large"


def test_a_hand_with_a_huge_id_is_refused_and_not_stored():
    table = table_with_players()
    referee = referee_for(table.session.tournament)
    response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", {**WIN, "id": "x" * 200_000},
                                        format="json")
    assert error_of(response, 400)["code"] == "bad_request"
    assert not Hand.objects.exists()


def test_a_players_name_longer_than_its_column_is_a_field_error(admin_api):
    response = admin_api.post("/api/v1/players/", {"first_name": "A" * 81, "last_name": "B", "country": "DE"},
                              format="json")
    assert "first_name" in error_of(response, 400)["fields"]


# 10: malformed input

def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("path", ["/api/v1/settle/", "/api/v1/handvalue/", "/api/v1/auth/token/",
                                  "/api/v1/players/", "/api/v1/tournaments/", "TABLE_HANDS", "TABLE_PREVIEW"])
def test_json_nested_a_thousand_deep_is_a_400_everywhere(admin_user, path):
    table = table_with_players()
    path = {"TABLE_HANDS": f"/api/v1/tables/{table.pk}/hands/",
            "TABLE_PREVIEW": f"/api/v1/tables/{table.pk}/preview/"}.get(path, path)
    response = client_for(admin_user).post(path, nested(1000), content_type="application/json")
    assert error_of(response, 400)["code"] == "bad_request"


@pytest.mark.parametrize("text", ["\u0000", "\ud800", "a\udfffb"])
def test_nul_and_lone_surrogates_in_strings_are_a_400(api, text):
    body = json.dumps({**RECORD, "id": text})  # json.dumps writes them as \\u escapes, as a client would
    assert error_of(api.post("/api/v1/settle/", body, content_type="application/json"), 400)["code"] == "bad_request"


def test_a_limit_beyond_any_integer_is_capped_and_such_an_offset_refused(api):
    PlayerFactory.create_batch(2)
    assert len(api.get("/api/v1/players/", {"limit": "9" * 40}).json()["results"]) == 2
    assert "offset" in error_of(api.get("/api/v1/players/", {"offset": "9" * 40}), 400)["fields"]


def test_a_nul_in_an_address_is_a_400_on_pages_and_in_the_api(api):
    TournamentFactory(published=True)
    assert Client().get("/l/dmjl/%00/").status_code == 400
    assert error_of(api.get("/api/v1/players/", {"search": "\x00"}), 400)["code"] == "bad_request"


def test_control_characters_in_a_name_are_refused_before_they_reach_a_workbook(admin_api):
    response = admin_api.post("/api/v1/players/", {"first_name": "An\x1bna", "last_name": "B", "country": "DE"},
                              format="json")
    assert error_of(response, 400)["code"] == "bad_request"


def test_options_is_no_part_of_the_api_and_answers_405(admin_api):
    assert error_of(admin_api.options("/api/v1/hands/1/"), 405)["code"] == "method_not_allowed"


def test_a_tournament_without_sessions_is_a_field_error_not_a_database_error(admin_api):
    tournament = TournamentFactory()
    response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"session_count": 0}, format="json")
    assert "session_count" in error_of(response, 400)["fields"]
