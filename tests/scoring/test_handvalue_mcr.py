"""MCR hands valued from tiles (docs/rules.md §9, engine ``mcr``, scoring/handvalue/mcr.py): the
answer's shape, hands worked by hand, the catalogue of elements, bad records, and 200 random winning
hands valued exactly as bare PyMahjongGB values them."""

import random

import pytest
from MahjongGB import MahjongFanCalculator

from scoring.handvalue import mcr, value, value_record
from tests.mcr_hands import bare_arguments, random_hand


def record(man="", pin="", sou="", honors="", win="", melds=(), flowers=0, **situation):
    return {"ruleset": "mcr", "tiles": {"man": man, "pin": pin, "sou": sou, "honors": honors}, "win_tile": win,
            "melds": list(melds), "flowers": flowers, "situation": situation}


def elements(answer):
    return {e["name"]: (e["points"], e["count"]) for e in answer["elements"]}


def test_a_pure_straight_on_a_discard_is_valued_element_by_element_with_its_flowers():
    answer = value_record(record(man="123456789", pin="111", sou="55", win="5s", flowers=2, seat_wind="S"))
    assert elements(answer) == {
        "Pure Straight": (16, 1), "Concealed Hand": (2, 1), "Pung of Terminals or Honors": (1, 1),
        "No Honors": (1, 1), "Single Wait": (1, 1), "Flower Tiles": (1, 2),
    }
    assert answer["won"] and answer["points"] == 23 and answer["flowers"] == 2 and answer["enough"]
    assert "Flower Tiles (×2): 2 points" in answer["explain"]
    assert "Pure Straight: 16 points" in answer["explain"]


def test_the_minimum_is_counted_without_the_flowers():
    hand = record(man="123456", pin="23499", sou="678", win="8s", flowers=2)
    answer = value_record(hand)
    assert answer["won"] and answer["points"] - 2 < 8 and answer["enough"] is False
    assert value_record({**hand, "options": {"min_points": 0}})["enough"] is True


def test_thirteen_orphans_is_88_and_its_excluded_elements_do_not_count():
    answer = value_record(record(man="19", pin="19", sou="19", honors="12345677", win="7z"))
    assert elements(answer)["Thirteen Orphans"] == (88, 1)
    assert "All Types" not in elements(answer) and "Concealed Hand" not in elements(answer)


def test_tiles_that_do_not_win_answer_won_false_and_0_points():
    answer = value_record(record(man="123456789", pin="112", sou="55", win="5s"))
    assert answer == {"won": False, "points": 0, "flowers": 0, "enough": False, "elements": [], "items": [],
                      "explain": []}


def test_a_concealed_kong_and_the_situation_reach_the_library():
    hand = record(man="123456789", sou="55", honors="5555", win="5s", self_drawn=True, kong=True,
                  melds=[{"type": "kan", "opened": False, "tiles": {"honors": "5555"}}])
    named = elements(value_record(hand))
    assert named["Concealed Kong"] == (2, 1) and named["Out with Replacement Tile"] == (8, 1)
    assert named["Dragon Pung"] == (2, 1)


@pytest.mark.parametrize(("hand", "field"), [
    (record(man="123456789", pin="111", sou="5", win="5s"), "tiles"),
    (record(man="123456789", pin="111", sou="55", win="6s"), "win_tile"),
    (record(man="123456789", pin="111", sou="55", win="5s", flowers=9), "flowers"),
    (record(man="123456789", pin="111", sou="55", win="5s", seat_wind="X"), "situation.seat_wind"),
    (record(man="123456789", pin="111", sou="55", win="5s", riichi=True), "situation"),
    (record(man="11111", win="1m"), "tiles"),
    (record(man="123456789", pin="111", sou="55", win="5s",
            melds=[{"type": "pon", "opened": True, "tiles": {"pin": "112"}}]), "melds[0].tiles"),
    ({**record(man="123456789", pin="111", sou="55", win="5s"), "dora_indicators": []}, "dora_indicators"),
])
def test_bad_records_name_their_field(hand, field):
    error = value(hand)["error"]
    assert error["code"] == "bad_record" and error["field"] == field


def test_a_record_read_before_is_checked_as_strictly_as_a_new_one():
    hand = record(man="123456789", pin="111", sou="55", win="5s", flowers=1)
    assert value_record(hand)["flowers"] == 1
    assert value({**hand, "flowers": True})["error"]["field"] == "flowers"
    assert value({**hand, "dora_indicators": []})["error"]["field"] == "dora_indicators"
    assert value({**hand, "flowers": 1.0})["error"]["field"] == "flowers"
    assert value({**hand, "situation": {"self_drawn": 1}})["error"]["field"] == "situation.self_drawn"
    melded = record(man="123456789", pin="111", sou="55", win="5s", melds=[
        {"type": "chi", "opened": True, "tiles": {"man": "123"}}])
    assert value_record(melded)["won"]
    melded["melds"][0]["opened"] = 1
    assert value(melded)["error"]["field"] == "melds[0].opened"
    assert value_record(hand)["points"] == value_record(dict(hand))["points"] == 22


def test_the_catalogue_holds_the_81_elements_and_the_librarys_one_more():
    assert len(mcr.ELEMENTS) == mcr.RULEBOOK_ELEMENTS + 1
    assert len({english for _, english, _ in mcr.ELEMENTS}) == len(mcr.ELEMENTS)
    assert sum(1 for _, _, points in mcr.ELEMENTS if points == 88) == 7
    assert mcr.ELEMENTS[-2][1:] == ("Flower Tiles", 1)


def test_200_random_winning_hands_are_valued_as_bare_pymahjonggb_values_them():
    rng = random.Random(41)
    for _ in range(200):
        hand = random_hand(rng)
        bare = MahjongFanCalculator(**bare_arguments(hand), verbose=True)
        ours = value_record(hand)
        assert ours["won"], hand
        assert ours["points"] == sum(points * count for points, count, _, _ in bare), hand
        assert elements(ours) == {english: (points, count) for points, count, _, english in bare}, hand
        assert ours["flowers"] == hand["flowers"]
        assert ours["enough"] is (ours["points"] - hand["flowers"] >= 8)
