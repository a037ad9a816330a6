"""dmjl-hke hand values from tiles: one test per line of seed 002's fan table and per limit hand."""

import pytest

from scoring.handvalue import value, value_record
from scoring.handvalue.hke import CONDITIONS, HKE_RULES, MELD_CONDITIONS

BASE = "c1c2c3 b4b5b6 s7s8s9 c5c6c7 RS2S2"  # four chows and a pair of dots


def hv(tiles, seat="S", prevailing="E"):
    return value_record({"ruleset": "dmjl-hke", "tiles": tiles, "seat_wind": seat, "prevailing_wind": prevailing})


def lines(result):
    """The names of the rules that counted (an explain line is "name (meld): n fan")."""
    names = [r.name for r in HKE_RULES]
    return [max((n for n in names if line.startswith(n)), key=len) for line in result["explain"]]


def test_every_rule_has_a_condition():
    for rule in HKE_RULES:
        assert rule.when in (MELD_CONDITIONS if rule.scope == "meld" else CONDITIONS), rule.name


@pytest.mark.parametrize(
    ("tiles", "seat", "prevailing", "rule", "fan"),
    [
        (BASE + " md Ls2", "S", "E", "No Flowers nor Seasons", 1),
        (BASE + " fs md Ls2", "S", "E", "Seat Flower", 1),
        (BASE + " ys md Ls2", "S", "E", "Seat Season", 1),
        (BASE + " fe fs fw fn md Ls2", "N", "E", "All Flowers", 1),
        (BASE + " ye ys yw yn md Ls2", "N", "E", "All Seasons", 1),
        (BASE + " md Ls2", "S", "E", "All Chows", 1),
        ("dbdbdb b4b5b6 s7s8s9 c5c6c7 RS2S2 md Ls2", "S", "E", "Pung (Kong) of Dragons", 1),
        ("dbdbdbdb b4b5b6 s7s8s9 c5c6c7 RS2S2 md Ls2", "S", "E", "Pung (Kong) of Dragons", 1),
        ("wswsws b4b5b6 s7s8s9 c5c6c7 RS2S2 md Ls2", "S", "E", "Pung (Kong) of Seat Wind", 1),
        ("wewewe b4b5b6 s7s8s9 c5c6c7 RS2S2 md Ls2", "S", "E", "Pung (Kong) of Prevalent Wind", 1),
        (BASE + " mw LS2", "S", "E", "Self-Draw", 1),
        (BASE + " mz LS2", "S", "E", "Last Tile Draw", 1),
        (BASE + " mZ Ls2", "S", "E", "Last Tile Claim", 1),
        (BASE + " me LS2", "S", "E", "Out with Replacement Tile", 1),
        (BASE + " mk Ls2", "S", "E", "Robbing the Kong", 1),
        ("c1c1c1 b4b4b4 s7s7s7 c5c5c5 RS2S2 md Ls2", "S", "E", "All Pungs", 3),
        ("c1c2c3 c4c5c6 c7c8c9 wnwnwn RC5C5 md Lc5", "S", "E", "Half Flush", 3),
        ("RC1C1C3C3B4B4B6B6S7S7S9S9WnWn mw LWn", "S", "E", "Seven Pairs", 4),
        ("dbdbdb dgdgdg c1c2c3 b4b5b6 RDrDr md Ldr", "S", "E", "Little Three Dragons", 4),
        ("c1c2c3 c4c5c6 c7c8c9 c2c2c2 RC5C5 md Lc5", "S", "E", "Full Flush", 6),
    ],
)
def test_each_fan_rule_counts(tiles, seat, prevailing, rule, fan):
    result = hv(tiles, seat, prevailing)
    assert result["won"] and not result["limit_hand"]
    assert rule in lines(result)
    assert f"{rule}" in " ".join(result["explain"]) and f": {fan} fan" in next(
        line for line in result["explain"] if line.startswith(rule)
    )


def test_fan_add_up():
    # No flowers 1 + dragon pung 1 + seat wind pung 1 + prevalent wind pung 1 + self-draw 1.
    result = hv("dbdbdb wswsws wewewe c5c6c7 RS2S2 mw LS2", seat="S", prevailing="E")
    assert result["fan"] == 5


def test_a_wind_both_seat_and_prevalent_gives_two_fan_also_as_a_kong():
    result = hv("wewewewe b4b5b6 s7s8s9 c5c6c7 RS2S2 md Ls2", seat="E", prevailing="E")
    assert result["fan"] == 3  # no flowers + seat wind + prevalent wind


def test_full_flush_is_six_on_its_own_not_with_half_flush():
    result = hv("c1c2c3 c4c5c6 c7c8c9 c2c2c2 RC5C5 md Lc5")
    assert result["fan"] == 7 and "Half Flush" not in lines(result)  # full flush 6 + no flowers 1


def test_a_concealed_hand_has_no_fan_of_its_own():
    result = hv("RB2B3B4B5B6B7C4C4C4S6S7S8S9S9 fs mw LS8")
    assert result["fan"] == 2  # seed flower + self-draw (public vector hke-pub-2)


@pytest.mark.parametrize(
    ("tiles", "rule"),
    [
        ("RC1C1C1B4B4B4S7S7S7C5C5C5S2S2 mw LS2", "Fully Concealed Four Concealed Pungs"),
        ("dbdbdb dgdgdg drdrdr c1c2c3 RS2S2 md Ls2", "Big Three Dragons"),
        ("wewewe wswsws wwwwww c1c2c3 RWnWn md Lwn", "Little Four Winds"),
        ("wewewe wswsws wwwwww wnwnwn RC1C1 md Lc1", "Big Four Winds"),
        ("wewewe wswsws dbdbdb drdrdr RWnWn md Lwn", "All Honours"),
        ("c1c1c1 c9c9c9 b1b1b1 s9s9s9 RS1S1 md Ls1", "All Terminals"),
        ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 md Lc5", "Nine Gates"),
        ("RC1C9B1B9S1S9WeWsWwWnDbDgDrDr md Ldr", "Thirteen Orphans"),
        ("c1c1c1c1 b4b4b4b4 s7s7s7s7 c5c5c5c5 RS2S2 md Ls2", "All Kongs"),
        ("dgdgdg b1b1b1 b4b4b4 b7b7b7 RB9B9 md Lb9", "Jade Dragon"),
        ("drdrdr c1c1c1 c4c4c4 c7c7c7 RC9C9 md Lc9", "Ruby Dragon"),
        ("dbdbdb s1s1s1 s4s4s4 s7s7s7 RS9S9 md Ls9", "Pearl Dragon"),
    ],
)
def test_each_limit_hand(tiles, rule):
    result = hv(tiles)
    assert result["won"] and result["limit_hand"] is True and result["fan"] is None
    assert rule in lines(result)


def test_four_concealed_pungs_won_on_a_discard_is_no_limit_hand():
    result = hv("RC1C1C1B4B4B4S7S7S7C5C5C5S2S2 md Ls2")
    assert not result["limit_hand"] and "All Pungs" in lines(result)


def test_tiles_that_are_no_mah_jongg_answer_won_false():
    assert hv("c1c2c3 RB4B5") == {"won": False, "fan": 0, "limit_hand": False, "items": [], "explain": []}


def test_the_best_grouping_counts():
    # 111 222 333 of characters read as pungs (All Pungs 3) rather than three chows (nothing).
    result = hv("b4b4b4 RC1C1C1C2C2C2C3C3C3S5S5 md Ls5")
    assert "All Pungs" in lines(result)


def test_bad_records_are_refused():
    assert value({"ruleset": "dmjl-hke", "tiles": "x"})["error"]["code"] == "bad_tiles"
    assert value({"ruleset": "dmjl-hke", "tiles": "", "seat_wind": "Q"})["error"]["field"] == "seat_wind"
    assert value({"ruleset": "dmjl-hke", "tiles": "", "options": {"nope": 1}})["error"]["code"] == "unknown_option"
    assert "error" not in value({"ruleset": "dmjl-hke", "tiles": "", "options": {"min_fan": 3}})
