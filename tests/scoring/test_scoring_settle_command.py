"""``manage.py settle``: JSON lines or one JSON array in, one JSON line out per record, exit status."""

import io
import json

import pytest
from django.core.management import call_command

from tests.worked_cases import SETTLEMENT, read_cases

GOOD = {"id": "a", "ruleset": "dmjl-hke", "dealer": 0, "outcome": "draw"}
BAD = {"id": "b", "ruleset": "dmjl-hke", "dealer": 9, "outcome": "draw"}


def run(monkeypatch, capsys, text, *args):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = 0
    try:
        call_command("settle", *args)
    except SystemExit as exit_:
        code = exit_.code
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_json_lines_from_standard_input_are_answered_in_order(monkeypatch, capsys):
    code, out = run(monkeypatch, capsys, json.dumps(GOOD) + "\n\n" + json.dumps({**GOOD, "id": "c"}) + "\n")
    assert code == 0
    assert [r["id"] for r in out] == ["a", "c"]


def test_a_json_array_from_a_file_with_an_invalid_record_exits_with_one(monkeypatch, capsys, tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([GOOD, BAD, GOOD], indent=2))
    code, out = run(monkeypatch, capsys, "", str(path))
    assert code == 1
    assert [r.get("error", {}).get("code") for r in out] == [None, "bad_seat", None]


@pytest.mark.parametrize("line", ["{not json", "[1, 2"])
def test_an_unreadable_line_is_answered_as_an_invalid_record(monkeypatch, capsys, line):
    code, out = run(monkeypatch, capsys, json.dumps(GOOD) + "\n" + line + "\n")
    assert code == 1
    assert out[0]["id"] == "a" and out[-1]["error"]["code"] == "bad_record"


def test_every_public_settlement_case_holds_through_the_command(monkeypatch, capsys):
    cases = read_cases(SETTLEMENT)
    code, out = run(monkeypatch, capsys, "\n".join(json.dumps(case["hand"]) for case in cases))
    assert code == 1  # some public cases are invalid records on purpose
    assert len(out) == len(cases) == 55
    for case, answer in zip(cases, out, strict=True):
        for key, expected in case["expect"].items():
            got = answer.get("error", {}).get("code") if key == "error" else answer.get(key)
            assert got == expected, (case["hand"]["id"], key, answer)
