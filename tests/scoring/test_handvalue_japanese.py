"""japanese-classic hand values from tiles: seed 004's points (chapter 4) and doubles and limit
hands (chapter 5), one test per rule, with docs/rules.md §9's decisions."""

import pytest

from scoring.handvalue import value, value_record
from scoring.handvalue.japanese import CONDITIONS, JC_RULES, SET_CONDITIONS, trump_after


def jv(man="", pin="", sou="", honors="", win="", melds=None, flowers=0, dora=(), **situation):
    record = {
        "ruleset": "japanese-classic",
        "tiles": {"man": man, "pin": pin, "sou": sou, "honors": honors},
        "win_tile": win,
        "situation": situation,
        "dora_indicators": list(dora),
    }
    if melds:
        record["melds"] = melds
    if flowers:
        record["flowers"] = flowers
    return value_record(record)


def meld(kind, opened=True, **tiles):
    return {"type": kind, "opened": opened, "tiles": tiles}


def line(result, name):
    """The explain line of rule ``name`` (or None)."""
    return next((x for x in result["explain"] if x.startswith(name + ":") or x.startswith(name + " (")), None)


def test_every_rule_has_a_condition():
    for rule in JC_RULES:
        if rule.scope in ("trumps", "flowers"):
            continue
        assert rule.when in (SET_CONDITIONS if rule.scope.startswith("set") else CONDITIONS), rule.name


# --- points: chapter 4 -------------------------------------------------------------------------


def test_public_example_points_are_not_rounded():
    result = jv(man="23499", pin="666", sou="345678", win="3s", riichi=True, seat_wind="S", round_wind="E")
    assert (result["points"], result["doubles"]) == (34, 1)


def test_winning_is_twenty_and_a_concealed_hand_on_a_discard_ten_more():
    result = jv(man="234", pin="345", sou="345678", honors="33", win="8s", seat_wind="S", round_wind="E")
    assert line(result, "Winning") == "Winning: 20 points"
    assert line(result, "Concealed Hand Won on a Discard") == "Concealed Hand Won on a Discard: 10 points"
    drawn = jv(man="234", pin="345", sou="345678", honors="33", win="8s", tsumo=True, seat_wind="S", round_wind="E")
    assert line(drawn, "Concealed Hand Won on a Discard") is None


@pytest.mark.parametrize(
    ("hand", "rule", "points"),
    [
        (dict(man="222", melds=[meld("pon", man="222")]), "Open Pung of Simples", 2),
        (dict(man="999", melds=[meld("pon", man="999")]), "Open Pung of Terminals or Honours", 4),
        (dict(man="222"), "Concealed Pung of Simples", 4),
        (dict(man="111"), "Concealed Pung of Terminals or Honours", 8),
        (dict(man="2222", melds=[meld("kan", man="2222")]), "Open Kong of Simples", 8),
        (dict(man="1111", melds=[meld("kan", man="1111")]), "Open Kong of Terminals or Honours", 16),
        (dict(man="2222", melds=[meld("kan", False, man="2222")]), "Concealed Kong of Simples", 16),
        (dict(man="9999", melds=[meld("kan", False, man="9999")]), "Concealed Kong of Terminals or Honours", 32),
    ],
)
def test_sets_score_their_points(hand, rule, points):
    melds = hand.pop("melds", None)
    result = jv(man=hand["man"] + "567", pin="234", sou="345", honors="22", win="5m", melds=melds, seat_wind="N")
    found = line(result, rule)
    assert found is not None and found.endswith(f"m): {points} points"), result["explain"]


@pytest.mark.parametrize(
    ("pair", "seat", "round_", "rules"),
    [
        ("55", "S", "E", ["Pair of Dragons"]),
        ("22", "S", "E", ["Pair of Own Wind"]),
        ("11", "S", "E", ["Pair of Round Wind"]),
        ("11", "E", "E", ["Pair of Own Wind", "Pair of Round Wind"]),
        ("44", "S", "E", []),
    ],
)
def test_pairs_score_dragons_own_and_round_wind(pair, seat, round_, rules):
    result = jv(man="234567", pin="234", sou="345", honors=pair, win="7m", seat_wind=seat, round_wind=round_)
    for name in ("Pair of Dragons", "Pair of Own Wind", "Pair of Round Wind"):
        assert (line(result, name) is not None) == (name in rules), name


@pytest.mark.parametrize(
    ("man", "win", "tsumo", "rule", "points"),
    [
        ("234567", "7m", True, "Two-sided Wait, Self-drawn", 2),
        ("234567", "6m", False, "Closed Wait on a Discard", 2),
        ("234567", "6m", True, "Closed Wait, Self-drawn", 4),
        ("123567", "3m", False, "Edge Wait on a Discard", 2),
        ("123567", "3m", True, "Edge Wait, Self-drawn", 4),
    ],
)
def test_waits_score_their_points(man, win, tsumo, rule, points):
    result = jv(man=man, pin="234", sou="345", honors="55", win=win, tsumo=tsumo, seat_wind="S", round_wind="E")
    assert line(result, rule) == f"{rule}: {points} points"


def test_pair_and_pung_waits():
    pair = jv(man="234567", pin="234", sou="345", honors="44", win="4z", seat_wind="S", round_wind="E")
    assert line(pair, "Pair Wait on a Discard") == "Pair Wait on a Discard: 2 points"
    simple = jv(man="234567", pin="234", sou="333", honors="44", win="3s", tsumo=True, seat_wind="S")
    assert line(simple, "Pung Wait of Simples, Self-drawn") == "Pung Wait of Simples, Self-drawn: 4 points"
    major = jv(man="234567", pin="234", sou="33", honors="444", win="4z", seat_wind="S")
    assert line(major, "Pung Wait of Terminals or Honours on a Discard").endswith(": 4 points")
    # the pung completed by the discard counts as open
    assert line(major, "Open Pung of Terminals or Honours") is not None
    drawn = jv(man="234567", pin="234", sou="33", honors="444", win="4z", tsumo=True, seat_wind="S")
    assert line(drawn, "Pung Wait of Terminals or Honours, Self-drawn").endswith(": 10 points")


def test_flowers_score_four_each():
    result = jv(man="234567", pin="234", sou="345", honors="44", win="7m", flowers=2, seat_wind="S")
    assert line(result, "Flower or Season") == "Flower or Season (2): 8 points"


def test_seven_pairs_are_forty_points_flat_and_two_doubles():
    result = jv(man="1133", pin="5577", sou="2299", honors="66", win="6z", seat_wind="S", round_wind="E")
    assert (result["points"], result["doubles"]) == (40, 2)


# --- doubles: chapter 5 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "rule", "doubles"),
    [
        (dict(man="234567", pin="234", sou="345", honors="44", win="7m", tsumo=True), "Concealed Self-drawn Hand", 1),
        (dict(man="234567", pin="234", sou="34577", win="7m"), "No-points Hand", 1),
        (dict(man="234567", pin="234", sou="345", honors="44", win="7m", riichi=True), "Riichi", 1),
        (dict(man="234567", pin="234", sou="34588", win="7m"), "All Simples", 1),
        (dict(man="123789", pin="123", sou="999", honors="44", win="3p"), "Terminal or Honour in Each Set", 1),
        (dict(man="234567", pin="234", sou="23499", win="4s"), "Three Similar Sequences", 1),
        (dict(man="234567", pin="234", sou="99", honors="555", win="7m"), "Lucky Set of Dragons", 1),
        (dict(man="234567", pin="234", sou="99", honors="222", win="7m"), "Lucky Set of Own Wind", 1),
        (dict(man="234567", pin="234", sou="99", honors="111", win="7m"), "Lucky Set of Round Wind", 1),
        (dict(man="234567", pin="234", sou="345", honors="44", win="7m", tsumo=True, haitei=True),
         "Win on the Last Tile of the Wall", 1),
        (dict(man="234567", pin="234", sou="345", honors="44", win="7m", houtei=True), "Win on the Last Discard", 1),
        (dict(man="123789", pin="123", sou="99999"[:3] + "11", win="3p"), "Terminal in Each Set", 2),
        (dict(man="222555", pin="888", sou="33", honors="444", win="3s",
              melds=[meld("pon", man="222")]), "Four Triplets", 2),
        (dict(man="222555", pin="888", sou="234", honors="44", win="4z"), "Three Concealed Triplets", 2),
        (dict(man="123456789", honors="44555", win="9m"), "One Suit with Honours", 2),
        (dict(man="1133", pin="5577", sou="2299", honors="66", win="6z"), "Seven Pairs", 2),
        (dict(man="123456789", pin="234", sou="55", win="9m"), "Three Consecutive Sequences", 2),
        (dict(man="123456789", pin="234", sou="55", win="9m", melds=[meld("chi", pin="234")]),
         "Three Consecutive Sequences, Open", 1),
        (dict(man="234567", pin="234", sou="345", honors="44", win="7m", riichi=True, double_riichi=True),
         "Double Riichi", 2),
        (dict(man="234", pin="234", honors="55566677", win="7z"), "Little Three Dragons", 2),
        (dict(man="111999", pin="111", honors="22255", win="5z", melds=[meld("pon", pin="111")]),
         "All Terminals and Honours", 2),
        (dict(man="12345678999", sou="", pin="", honors="", win="9m", extra="222"), "One Suit Only", 4),
    ],
)
def test_each_doubles_rule(hand, rule, doubles):
    extra = hand.pop("extra", "")
    if extra:
        hand["man"] = "".join(sorted(hand["man"] + extra))
    hand.setdefault("seat_wind", "S")
    hand.setdefault("round_wind", "E")
    result = jv(**hand)
    assert result["won"] and not result["limit_hand"], result
    expected = f"{doubles} double" + ("s" if doubles > 1 else "")
    found = line(result, rule)
    assert found is not None and found.endswith(expected), result["explain"]


def test_no_points_hand_gets_no_points_for_drawing():
    result = jv(man="234567", pin="234", sou="34577", win="7m", tsumo=True, seat_wind="S")
    # no-points hand + concealed self-drawn + all simples
    assert result["points"] == 20 and result["doubles"] == 3


def test_trump_tiles_double_once_each_and_follow_the_seeds_order():
    assert [trump_after(t) for t in (8, 2, 30, 33, 31)] == [0, 3, 27, 31, 32]
    result = jv(man="234567", pin="234", sou="345", honors="44", win="7m", dora=["1m", "3z"], seat_wind="S")
    assert line(result, "Bonus Tile") == "Bonus Tile (3): 3 doubles"


def test_ura_dora_are_not_part_of_the_rules():
    record = {"ruleset": "japanese-classic", "tiles": {"man": "234567", "pin": "234", "sou": "345", "honors": "44"},
              "win_tile": "7m", "ura_dora_indicators": ["1m"]}
    assert value(record)["error"]["field"] == "ura_dora_indicators"


def test_ippatsu_rinshan_and_chankan_add_nothing():
    plain = jv(man="234567", pin="234", sou="345", honors="44", win="7m", tsumo=True, seat_wind="S")
    flagged = jv(man="234567", pin="234", sou="345", honors="44", win="7m", tsumo=True, seat_wind="S",
                 ippatsu=True, rinshan=True)
    assert (plain["points"], plain["doubles"]) == (flagged["points"], flagged["doubles"])


# --- limit hands -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "rule"),
    [
        (dict(man="234567", pin="234", sou="345", honors="44", win="7m", tsumo=True, tenhou=True), "Heavenly Hand"),
        (dict(man="234567", pin="234", sou="345", honors="44", win="7m", chiihou=True), "Earthly Hand"),
        (dict(man="234", honors="55566677722", win="2z"), "Big Three Dragons"),
        (dict(man="111999", pin="111999", sou="11", win="1s"), "All Terminals"),
        (dict(honors="11122233355566", win="6z"), "All Honours"),
        (dict(man="222555", pin="888", sou="444", honors="22", win="2z"), "Four Concealed Triplets"),
        (dict(man="22", honors="111222333444", win="2m"), "Big Four Winds"),
        (dict(man="19", pin="19", sou="19", honors="12345677", win="7z"), "Thirteen Orphans"),
        (dict(man="11123456789995", win="5m"), "Nine Gates"),
        (dict(sou="22334466888", honors="666", win="6z"), "All Green"),
    ],
)
def test_each_limit_hand(hand, rule):
    hand.setdefault("seat_wind", "S")
    result = jv(**hand)
    assert (result["won"], result["points"], result["doubles"], result["limit_hand"]) == (True, None, None, True)
    assert f"{rule}: limit hand" in result["explain"]


def test_four_concealed_triplets_may_take_the_pairs_tile_from_a_discard():
    result = jv(man="222555", pin="888", sou="33", honors="444", win="3s", seat_wind="S")
    assert result["limit_hand"] and "Four Concealed Triplets: limit hand" in result["explain"]


def test_four_triplets_with_one_completed_by_a_discard_is_no_limit_hand():
    result = jv(man="222555", pin="888", sou="333", honors="44", win="3s", seat_wind="S")
    assert not result["limit_hand"] and line(result, "Three Concealed Triplets") and line(result, "Four Triplets")


def test_tiles_that_are_no_mah_jongg_answer_won_false():
    result = jv(man="234567", pin="234", sou="349", honors="44", win="7m")
    assert result == {"won": False, "points": 0, "doubles": 0, "limit_hand": False, "items": [], "explain": []}


def test_the_reading_worth_most_counts():
    # 111222333m as three pungs (three concealed triplets 2) beats three chows.
    result = jv(man="111222333", pin="234", sou="55", win="4p", seat_wind="S")
    assert line(result, "Three Concealed Triplets")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"tiles": "123m"}, "tiles"),
        ({"win_tile": "9p"}, "win_tile"),
        ({"melds": [{"type": "pon", "tiles": {"man": "123"}}]}, "melds[0].tiles"),
        ({"flowers": 9}, "flowers"),
        ({"situation": {"tsumo": "yes"}}, "situation.tsumo"),
        ({"extra": 1}, "extra"),
    ],
)
def test_bad_records_are_bad_record(change, field):
    record = {"ruleset": "japanese-classic", "tiles": {"man": "234567", "pin": "234", "sou": "345", "honors": "44"},
              "win_tile": "7m"}
    record.update(change)
    error = value(record)["error"]
    assert error["code"] == "bad_record" and error["field"] == field
