"""Riichi hand values through the mahjong package with the EMA options."""

import pytest

from scoring.handvalue import HandValueError, value, value_record
from scoring.handvalue.riichi import base_points, ema_options


def rv(tiles, win, melds=None, situation=None, **extra):
    record = {"ruleset": "riichi-ema", "tiles": tiles, "win_tile": win, "situation": situation or {}}
    if melds is not None:
        record["melds"] = melds
    record.update(extra)
    return value_record(record)


def test_ema_options_are_fresh_and_as_the_contract_says():
    first, second = ema_options(), ema_options()
    assert first is not second
    assert first.has_open_tanyao and not first.has_aka_dora and not first.has_double_yakuman
    assert not first.kiriage and not first.renhou_as_yakuman
    assert first.kazoe_limit == 1  # KAZOE_SANBAIMAN


def test_open_tanyao_counts():
    result = rv(
        {"man": "234678", "pin": "234567", "sou": "55"},
        "8m",
        melds=[{"type": "chi", "opened": True, "tiles": {"man": "234"}}],
    )
    assert "Tanyao" in result["yaku"] and result["han"] == 1


def test_counted_thirteen_han_is_sanbaiman_not_yakuman():
    result = rv({"man": "22334455667788"}, "8m", situation={"riichi": True, "tsumo": True})
    assert result["han"] == 13
    assert result["base"] == 6000


def test_no_double_yakuman_a_single_yakuman_counts_once():
    result = rv({"man": "11", "honors": "111222333444"}, "1m")
    assert result["han"] == 13
    assert result["base"] == 8000


def test_thirteen_wait_kokushi_is_one_yakuman():
    result = rv({"man": "19", "pin": "19", "sou": "19", "honors": "12345677"}, "7z")
    assert result["han"] == 13 and result["base"] == 8000


def test_seven_honour_pairs_is_one_yakuman_under_ema():
    """The public vector mjlib-131: one yakuman, 13 han (daichisei is not an EMA yaku)."""
    result = rv({"honors": "11223344556677"}, "7z")
    assert result["han"] == 13 and result["yaku"] == ["Tsuu Iisou"] and result["base"] == 8000


def test_missing_wind_means_no_wind_and_non_dealer():
    with pytest.raises(HandValueError) as info:
        rv({"man": "22234", "sou": "234567", "honors": "111"}, "1z")
    assert info.value.code == "no_yaku"
    result = rv({"man": "22234", "sou": "234567", "honors": "111"}, "1z", situation={"seat_wind": "E"})
    assert result["han"] == 1


def test_seat_and_round_wind_give_yakuhai():
    result = rv(
        {"man": "22234", "sou": "234567", "honors": "333"},
        "3z",
        situation={"seat_wind": "W", "round_wind": "W"},
    )
    assert result["han"] == 2


@pytest.mark.parametrize(
    ("han", "fu", "yakuman", "base"),
    [
        (1, 30, False, 240),
        (3, 60, False, 1920),
        (4, 30, False, 1920),
        (4, 40, False, 2000),
        (5, 30, False, 2000),
        (6, 30, False, 3000),
        (8, 30, False, 4000),
        (11, 30, False, 6000),
        (13, 30, False, 6000),
        (13, 30, True, 8000),
        (2, 25, False, 400),
        (1, 32, False, 320),
    ],
)
def test_base_points_follow_section_five(han, fu, yakuman, base):
    assert base_points(han, fu, yakuman) == base


def test_calculator_errors_keep_their_own_code():
    result = value(
        {
            "id": "r1",
            "ruleset": "riichi-ema",
            "tiles": {"man": "234456", "pin": "66", "sou": "123444", "honors": ""},
            "win_tile": "4s",
            "situation": {"rinshan": True},
        }
    )
    assert result["id"] == "r1"
    assert result["error"]["code"] == "rinshan_without_tsumo_not_allowed"


def test_winning_tile_not_in_hand_is_an_error():
    with pytest.raises(HandValueError) as info:
        rv({"man": "234456", "pin": "66", "sou": "123444"}, "9p")
    assert info.value.code == "winning_tile_not_in_hand"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"tiles": "123m"}, "tiles"),
        ({"win_tile": "0z"}, "win_tile"),
        ({"melds": [{"type": "chow"}]}, "melds[0]"),
        ({"situation": {"riichi": "yes"}}, "situation.riichi"),
        ({"situation": {"seat_wind": "X"}}, "situation.seat_wind"),
        ({"situation": {"nagashi_mangan": True}}, "situation"),
        ({"situation": {"renhou": False}}, "situation"),
        ({"dora_indicators": "1m"}, "dora_indicators"),
        ({"extra": 1}, "extra"),
    ],
)
def test_bad_riichi_records_are_bad_record(change, field):
    record = {
        "ruleset": "riichi-ema",
        "tiles": {"man": "234456", "pin": "66", "sou": "123444"},
        "win_tile": "4s",
    }
    record.update(change)
    result = value(record)
    assert result["error"]["code"] == "bad_record" and result["error"]["field"] == field


def test_a_red_five_written_0_counts_as_a_plain_five():
    plain = rv({"man": "234456", "pin": "66", "sou": "123444"}, "4s", situation={"tsumo": True})
    red = rv({"man": "234406", "pin": "66", "sou": "123444"}, "4s", situation={"tsumo": True})
    assert red == plain
    assert "Aka Dora" not in red["yaku"]


def test_ura_dora_shows_as_its_own_yaku_with_riichi_only():
    hand = {"man": "234456", "pin": "66", "sou": "123444"}
    with_riichi = rv(hand, "4s", situation={"riichi": True}, ura_dora_indicators=["5p"])
    assert "Ura Dora 2" in with_riichi["yaku"] or any(y.startswith("Ura Dora") for y in with_riichi["yaku"])
    assert with_riichi["han"] == 3
    without = rv(hand, "4s", situation={"tsumo": True}, ura_dora_indicators=["5p"])
    assert not any(y.startswith("Ura Dora") for y in without["yaku"])


def test_a_remembered_record_answers_as_a_fresh_one_and_never_hides_a_later_error():
    from scoring.handvalue import riichi

    hand = {"ruleset": "riichi-ema", "tiles": {"man": "234456", "pin": "66", "sou": "123444"}, "win_tile": "4s",
            "melds": [], "situation": {"tsumo": True}}
    riichi._parts_seen.clear()
    riichi._situations_seen.clear()
    fresh = value(hand)
    assert value(hand) == fresh and riichi._parts_seen  # the second answer came from the remembered parse
    # Same tiles, but melds given as a tuple and a situation that is not an object: errors, as when fresh.
    assert value({**hand, "melds": ()})["error"]["field"] == "melds"
    assert value({**hand, "situation": ["tsumo"]})["error"]["field"] == "situation"
    bad_meld = {**hand, "melds": [{"type": "pon"}], "situation": {"seat_wind": "X"}}
    assert value(bad_meld)["error"]["field"] == "situation.seat_wind"  # read in the record's order
