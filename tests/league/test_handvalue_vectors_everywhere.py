"""Every public hand-value vector holds through ``manage.py handvalue`` and POST /api/v1/handvalue/
(the functions: tests/scoring/test_handvalue_vectors.py)."""

import io
import json

import pytest
from django.core.management import call_command

from tests.handvalue_vectors import assert_case_holds, handvalue_cases

CASES = handvalue_cases()


def test_the_vectors_are_there():
    assert len(CASES) == 59


def test_every_vector_holds_through_the_command(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(c["hand"]) for c in CASES), encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:  # some vectors expect an error: exit status 1
        call_command("handvalue", str(path), stdout=out)
    assert exited.value.code == 1
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(results) == len(CASES)
    for case, result in zip(CASES, results, strict=True):
        assert_case_holds(case, result)


@pytest.mark.django_db
def test_every_vector_holds_through_the_api_one_by_one_and_as_a_batch(api):
    batch = api.post("/api/v1/handvalue/", [c["hand"] for c in CASES], format="json").json()
    for case, answer in zip(CASES, batch, strict=True):
        assert_case_holds(case, answer)
    for case in CASES:
        response = api.post("/api/v1/handvalue/", case["hand"], format="json")
        assert response.status_code == (400 if "error" in case["expect"] else 200)
        assert_case_holds(case, response.json())
