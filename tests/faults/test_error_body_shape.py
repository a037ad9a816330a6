"""One error body shape (docs/api.md): ``{"error": {"code", "message", "fields"}}`` with ``fields`` a map
of field names to messages, built by one helper (``league.errors.error_body``) for the API, the
score sheet's script and the commands; a ``settle/`` batch no longer mixes ``field`` and ``fields``."""
import json
import pathlib

import pytest
from django.core.management import call_command

from league.errors import ServiceError, error_body
from tests.factories import client_for

pytestmark = pytest.mark.django_db

GOOD = {"ruleset": "dmjl-classical", "dealer": 0, "outcome": "draw"}
BAD_SEAT = {"ruleset": "dmjl-classical", "dealer": 0, "outcome": "win", "winner": 7,
            "hand_values": [0, 0, 0, 0]}
NOT_AN_OBJECT = 5


def is_one_shape(error: dict) -> bool:
    return {"code", "message", "fields"} <= error.keys() and "field" not in error \
        and isinstance(error["fields"], dict) and all(isinstance(m, list) for m in error["fields"].values())


def test_a_settle_batch_answers_every_error_in_the_one_shape(settings):
    answers = client_for(None).post("/api/v1/settle/", [GOOD, BAD_SEAT, NOT_AN_OBJECT], format="json").json()
    errors = [answer["error"] for answer in answers if "error" in answer]
    assert len(errors) == 2 and all(is_one_shape(error) for error in errors)
    assert errors[0]["fields"] == {"winner": [errors[0]["message"]]}


def test_a_batch_cut_short_by_the_time_limit_answers_in_the_same_shape(settings):
    settings.SCORING_MAX_SECONDS = -1
    answers = client_for(None).post("/api/v1/settle/", [BAD_SEAT, GOOD], format="json").json()
    assert all(is_one_shape(answer["error"]) for answer in answers)


def test_a_hand_value_error_keeps_its_position_beside_the_fields():
    response = client_for(None).post("/api/v1/handvalue/", {"ruleset": "dmjl-classical", "tiles": "zz9"},
                                     format="json")
    error = response.json()["error"]
    assert response.status_code == 400 and is_one_shape(error)


def test_the_settle_command_writes_errors_in_the_one_shape(tmp_path, capsys):
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join([json.dumps(BAD_SEAT), "not json"]) + "\n")
    with pytest.raises(SystemExit):
        call_command("settle", str(path))
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 2 and all(is_one_shape(line["error"]) for line in lines)


def test_service_errors_and_framework_errors_share_the_shape():
    assert is_one_shape(ServiceError("x", "y", extra={"table": {}}).as_dict()["error"])
    assert is_one_shape(client_for(None).get("/api/v1/no-such-thing/").json()["error"])
    assert is_one_shape(client_for(None).post("/api/v1/players/", {}, format="json").json()["error"])


def test_no_module_but_the_helper_writes_an_error_body_by_hand():
    league = pathlib.Path(__file__).resolve().parents[2] / "league"
    by_hand = [str(path.relative_to(league)) for path in league.rglob("*.py")
               if '{"error": {"code": ' in path.read_text() and path != league / "errors.py"]
    assert by_hand == []
    assert error_body("c", "m") == {"error": {"code": "c", "message": "m", "fields": {}}}
