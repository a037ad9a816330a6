"""The public entry points of scoring.handvalue."""

import pytest

from scoring.handvalue import HandValueError, value, value_many, value_record


def test_unknown_ruleset_is_an_error():
    result = value({"id": 7, "ruleset": "zung-jung", "tiles": ""})
    assert result == {"id": 7, "error": result["error"]}
    assert result["error"]["code"] == "unknown_ruleset"


@pytest.mark.parametrize(
    "record",
    [
        None,
        [],
        {"tiles": "b1b1b1"},
        {"ruleset": "dmjl-classical"},
        {"ruleset": "dmjl-classical", "tiles": 5},
        {"ruleset": "dmjl-classical", "tiles": "", "seat_wind": "X"},
        {"ruleset": "dmjl-classical", "tiles": "", "options": {"upper_limit": -1}},
        {"ruleset": "dmjl-classical", "tiles": "", "colour": "red"},
    ],
)
def test_missing_or_ill_typed_fields_are_bad_record(record):
    assert value(record)["error"]["code"] == "bad_record"


def test_unknown_option_is_an_error():
    assert value({"ruleset": "dmjl-classical", "tiles": "", "options": {"roof": 1}})["error"]["code"] == (
        "unknown_option"
    )


def test_value_record_raises_with_code_message_field_and_position():
    with pytest.raises(HandValueError) as info:
        value_record({"ruleset": "dmjl-classical", "tiles": "RB1B1Q2"})
    error = info.value
    assert (error.code, error.field, error.position) == ("bad_tiles", "tiles", 5)
    assert error.message == "Cannot read 'Q2' at position 5."


def test_value_many_answers_every_record_in_order():
    records = [
        {"id": "a", "ruleset": "dmjl-classical", "tiles": "fs"},
        {"id": "b", "ruleset": "nope"},
        {"id": "c", "ruleset": "dmjl-classical", "tiles": "drdrdr"},
    ]
    results = value_many(records)
    assert [r["id"] for r in results] == ["a", "b", "c"]
    assert results[0]["value"] == 4 and "error" in results[1] and results[2]["value"] == 8


def test_id_is_echoed_only_when_present():
    assert "id" not in value({"ruleset": "dmjl-classical", "tiles": "fs"})
