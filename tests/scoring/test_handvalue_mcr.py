"""MCR hands valued from tiles (docs/rules.md §9, engine ``mcr``, scoring/handvalue/mcr.py): the
answer's shape, hands worked by hand, the catalogue of elements, bad records, and 200 random winning
hands valued exactly as bare PyMahjongGB values them."""

import random

import pytest
from MahjongGB import MahjongFanCalculator

from scoring.handvalue import mcr, value, value_record

SUITS = ("man", "pin", "sou")


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


def test_the_catalogue_holds_the_81_elements_and_the_librarys_one_more():
    assert len(mcr.ELEMENTS) == mcr.RULEBOOK_ELEMENTS + 1
    assert len({english for _, english, _ in mcr.ELEMENTS}) == len(mcr.ELEMENTS)
    assert sum(1 for _, _, points in mcr.ELEMENTS if points == 88) == 7
    assert mcr.ELEMENTS[-2][1:] == ("Flower Tiles", 1)


# --- 200 random winning hands against bare PyMahjongGB ---

def _random_hand(rng: random.Random) -> dict:
    counts = [0] * 34
    groups = []
    while len(groups) < 4:
        kind = rng.choice(("chow", "pung", "kong", "chow"))
        tile = rng.randrange(34)
        if kind == "chow":
            if tile >= 27 or tile % 9 > 6:
                continue
            tiles = [tile, tile + 1, tile + 2]
        else:
            tiles = [tile] * (3 if kind == "pung" else 4)
        if any(counts[t] + tiles.count(t) > 4 for t in set(tiles)):
            continue
        for t in tiles:
            counts[t] += 1
        groups.append((kind, tiles))
    while True:
        pair = rng.randrange(34)
        if counts[pair] <= 2:
            counts[pair] += 2
            break
    melds, concealed = [], [pair, pair]
    for kind, tiles in groups:
        called = kind == "kong" or rng.random() < 0.4
        if called:
            opened = rng.random() < 0.6 if kind == "kong" else True
            melds.append({"type": {"chow": "chi", "pung": "pon", "kong": "kan"}[kind], "opened": opened,
                          "tiles": _suits(tiles)})
        else:
            concealed.extend(tiles)
    win = rng.choice(concealed)
    return {"ruleset": "mcr", "tiles": _suits([t for t in range(34) for _ in range(counts[t])]),
            "win_tile": _name(win), "melds": melds, "flowers": rng.randrange(9),
            "situation": {"self_drawn": rng.random() < 0.4, "last_of_kind": rng.random() < 0.1,
                          "kong": False, "last_of_wall": rng.random() < 0.05,
                          "seat_wind": rng.choice("ESWN"), "round_wind": rng.choice("ESWN")}}


def _suits(tiles: list[int]) -> dict:
    out = {"man": "", "pin": "", "sou": "", "honors": ""}
    for t in sorted(tiles):
        out[(*SUITS, "honors")[t // 9] if t < 27 else "honors"] += str(t % 9 + 1 if t < 27 else t - 26)
    return out


def _name(tile: int) -> str:
    return f"{tile % 9 + 1}{'mps'[tile // 9]}" if tile < 27 else f"{tile - 26}z"


def _bare(hand: dict):
    """The same hand straight to the library, its tiles written by this test itself."""
    letters = {"man": "W", "pin": "B", "sou": "T"}
    dragons = {5: "J3", 6: "J2", 7: "J1"}

    def codes(suits):
        return [letters[s] + ch for s in SUITS for ch in suits.get(s, "")] + [
            f"F{ch}" if int(ch) <= 4 else dragons[int(ch)] for ch in suits.get("honors", "")]

    hand_tiles = codes(hand["tiles"])
    packs = []
    for meld in hand["melds"]:
        tiles = codes(meld["tiles"])
        for code in tiles:
            hand_tiles.remove(code)
        kind = {"chi": "CHI", "pon": "PENG", "kan": "GANG"}[meld["type"]]
        packs.append((kind, tiles[1] if kind == "CHI" else tiles[0], 1 if meld["opened"] else 0))
    win = codes(_suits([_index(hand["win_tile"])]))[0]
    hand_tiles.remove(win)
    s = hand["situation"]
    winds = "ESWN"
    return MahjongFanCalculator(
        pack=tuple(packs), hand=tuple(hand_tiles), winTile=win, flowerCount=hand["flowers"],
        isSelfDrawn=s["self_drawn"], is4thTile=s["last_of_kind"], isAboutKong=s["kong"],
        isWallLast=s["last_of_wall"], seatWind=winds.index(s["seat_wind"]),
        prevalentWind=winds.index(s["round_wind"]), verbose=True)


def _index(name: str) -> int:
    number, suit = int(name[0]), name[1]
    return 27 + number - 1 if suit == "z" else "mps".index(suit) * 9 + number - 1


def test_200_random_winning_hands_are_valued_as_bare_pymahjonggb_values_them():
    rng = random.Random(41)
    for _ in range(200):
        hand = _random_hand(rng)
        bare = _bare(hand)
        ours = value_record(hand)
        assert ours["won"], hand
        assert ours["points"] == sum(points * count for points, count, _, _ in bare), hand
        assert elements(ours) == {english: (points, count) for points, count, _, english in bare}, hand
        assert ours["flowers"] == hand["flowers"]
        assert ours["enough"] is (ours["points"] - hand["flowers"] >= 8)
