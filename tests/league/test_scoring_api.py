"""``settle/`` and ``handvalue/`` over HTTP: no login, nothing stored, the same answers as the commands."""

import pytest

from league.models import Hand
from tests.worked_cases import VECTORS, read_cases

pytestmark = pytest.mark.django_db


def cases(name: str) -> list[dict]:
    return read_cases(VECTORS / name)


def test_every_public_settlement_case_holds_over_the_api(api):
    batch = cases("public.jsonl")
    answers = api.post("/api/v1/settle/", [c["hand"] for c in batch], format="json").json()
    assert len(answers) == len(batch)
    for case, answer in zip(batch, answers, strict=True):
        for key, expected in case["expect"].items():
            got = answer.get("error", {}).get("code") if key == "error" else answer.get(key)
            assert got == expected, (case["hand"]["id"], key)
    assert Hand.objects.count() == 0


def test_one_record_gets_one_result(api):
    response = api.post("/api/v1/settle/", {"id": "x", "ruleset": "dmjl-classical", "dealer": 0, "outcome": "win",
                                            "winner": 1, "hand_values": [20, 576, 4, 128]}, format="json")
    assert response.status_code == 200
    assert response.json()["balances"] == [-1336, 2304, -732, -236] and response.json()["id"] == "x"


def test_an_invalid_record_is_a_400_with_its_code(api):
    response = api.post("/api/v1/settle/", {"ruleset": "mahjong-of-the-moon"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "unknown_ruleset"


def test_a_batch_answers_every_record_even_when_some_are_invalid(api):
    answers = api.post("/api/v1/settle/", [{"ruleset": "x"}, 7, {"ruleset": "dmjl-hke", "dealer": 0,
                                                                   "outcome": "draw"}], format="json").json()
    assert answers[0]["error"]["code"] == "unknown_ruleset"
    assert answers[1]["error"]["code"] == "bad_record"
    assert answers[2]["balances"] == [0, 0, 0, 0]


def test_every_public_handvalue_case_is_answered_over_the_api(api):
    batch = cases("handvalue_public.jsonl")
    answers = api.post("/api/v1/handvalue/", [c["hand"] for c in batch], format="json").json()
    assert len(answers) == len(batch)
    first = batch[0]
    assert {k: answers[0][k] for k in first["expect"]} == first["expect"]


def test_bad_tile_notation_names_the_position(api):
    response = api.post("/api/v1/handvalue/", {"ruleset": "dmjl-classical", "tiles": "b3B3B3 X9"}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_tiles" and error["position"] == 7


def test_a_too_large_batch_is_refused_in_the_users_language(api, settings):
    settings.SCORING_MAX_RECORDS_ANON = 2
    response = api.post("/api/v1/settle/", [{}, {}, {}], format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 413
    assert response.json()["error"]["message"] == "Höchstens 2 Datensätze in einer Anfrage."
