"""``manage.py handvalue``: JSON lines or a JSON array in, one JSON line per record out."""

import io
import json

import pytest
from django.core.management import call_command


def run(tmp_path, text):
    path = tmp_path / "hands.jsonl"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    code = 0
    try:
        call_command("handvalue", str(path), stdout=out)
    except SystemExit as exc:
        code = exc.code
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_command_values_json_lines_in_order(tmp_path):
    lines = [
        {"id": "a", "ruleset": "dmjl-classical", "tiles": "fs"},
        {"id": "b", "ruleset": "dmjl-classical", "tiles": "drdrdr"},
    ]
    code, results = run(tmp_path, "\n".join(json.dumps(x) for x in lines))
    assert code == 0
    assert [(r["id"], r["value"]) for r in results] == [("a", 4), ("b", 8)]


def test_command_reads_a_json_array_and_exits_one_on_an_invalid_record(tmp_path):
    records = [{"id": "a", "ruleset": "x"}, {"id": "b", "ruleset": "dmjl-classical", "tiles": "fs"}]
    code, results = run(tmp_path, json.dumps(records))
    assert code == 1
    assert results[0]["error"]["code"] == "unknown_ruleset" and results[1]["value"] == 4


@pytest.mark.parametrize("blank", ["", "\n\n"])
def test_command_with_no_records_writes_nothing(tmp_path, blank):
    assert run(tmp_path, blank) == (0, [])
