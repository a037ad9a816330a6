"""Record and option validation, error codes, fields and messages (docs/rules.md §1, 2 and 8)."""

import pytest

import scoring
from scoring.errors import TEMPLATES

WIN = {"ruleset": "dmjl-classical", "dealer": 0, "outcome": "win", "winner": 1, "hand_values": [0, 200, 0, 0]}


def error_for(record):
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.settle_record(record)
    return caught.value


def test_the_five_rulesets_are_offered():
    assert scoring.RULESETS == ("dmjl-classical", "dmjl-hke", "riichi-ema", "japanese-classic", "mcr")


def test_default_options_are_a_fresh_copy():
    options = scoring.default_options("riichi-ema")
    options["uma"].append(1)
    assert scoring.default_options("riichi-ema")["uma"] == [15000, 5000, -5000, -15000]


def test_validate_options_merges_overrides_into_the_defaults():
    options = scoring.validate_options("dmjl-classical", {"upper_limit": 3000})
    assert options["upper_limit"] == 3000 and options["lower_limit"] == 100 and options["rounds"] == 4


@pytest.mark.parametrize(
    ("ruleset", "options", "code"),
    [
        ("mahjong", {}, "unknown_ruleset"),
        ("dmjl-hke", {"upper_limit": 1}, "unknown_option"),
        ("dmjl-classical", {"upper_limit": True}, "bad_record"),
        ("dmjl-classical", {"limit_mode": "x"}, "bad_record"),
        ("riichi-ema", {"uma": [1, 2, 3]}, "bad_record"),
        ("dmjl-classical", [], "bad_record"),
    ],
)
def test_bad_options_are_rejected(ruleset, options, code):
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.validate_options(ruleset, options)
    assert caught.value.code == code


def test_an_unknown_record_field_is_a_bad_record_naming_the_field():
    error = error_for({**WIN, "bonus": 1})
    assert (error.code, error.field) == ("bad_record", "bonus")


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"dealer": 4}, "bad_seat", "dealer"),
        ({"dealer": True}, "bad_record", "dealer"),
        ({"dealer": "0"}, "bad_record", "dealer"),
        ({"winner": -1}, "bad_seat", "winner"),
        ({"winner": None}, "winner_required", "winner"),
        ({"outcome": "abort"}, "bad_outcome", "outcome"),
        ({"outcome": None}, "bad_outcome", "outcome"),
        ({"hand_values": [0, 200, 0]}, "bad_record", "hand_values"),
        ({"hand_values": [0, 200.0, 0, 0]}, "bad_record", "hand_values"),
        ({"ruleset": 1}, "unknown_ruleset", "ruleset"),
        ({"penalties": [{"type": "chombo", "seat": 0}]}, "bad_record", "penalties"),
        ({"penalties": [{"type": "dead_hand", "seat": 9}]}, "bad_seat", "penalties"),
        ({"penalties": [{"type": "dead_hand", "seat": 0, "why": "x"}]}, "bad_record", "penalties"),
        ({"options": {"nope": 1}}, "unknown_option", "options"),
    ],
)
def test_invalid_fields_give_the_right_code_and_field(change, code, field):
    error = error_for({**WIN, **change})
    assert (error.code, error.field) == (code, field)


def test_the_message_is_the_template_formatted_with_the_params():
    error = error_for({**WIN, "dealer": 7})
    assert error.message == error.template.format(**error.params)
    assert error.message == "'dealer' must be a seat from 0 to 3, not 7."


def test_every_template_belongs_to_a_code_of_section_8():
    codes = {
        "unknown_ruleset",
        "unknown_option",
        "bad_record",
        "bad_seat",
        "bad_outcome",
        "winner_required",
        "discarder_required",
        "winner_is_discarder",
        "dead_hand_cannot_win",
        "below_lower_limit",
        "below_min_fan",
        "below_min_doubles",
        "below_minimum",
        "false_mahjong_needs_void",
        "bad_han_fu",
        "abortive_draw_not_allowed",
    }
    assert {key.partition(".")[0] for key in TEMPLATES} == codes


def test_the_id_is_echoed_in_results_and_errors():
    assert scoring.settle({**WIN, "id": "h1"})["id"] == "h1"
    assert scoring.settle({**WIN, "id": "h2", "dealer": 5}) == {
        "id": "h2",
        "error": {
            "code": "bad_seat",
            "message": "'dealer' must be a seat from 0 to 3, not 5.",
            "field": "dealer",
        },
    }


@pytest.mark.parametrize("record", [None, 3, "x", [], [WIN]])
def test_settle_answers_anything_that_is_not_a_record(record):
    assert scoring.settle(record)["error"]["code"] == "bad_record"


def test_settle_many_answers_each_record_in_order():
    results = scoring.settle_many([WIN, {**WIN, "winner": 8}, WIN])
    assert ["error" in r for r in results] == [False, True, False]
