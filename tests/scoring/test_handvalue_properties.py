"""Invariants of hand values from tiles, checked with hypothesis: any hand gets an answer (never an
exception), values are never negative, a limit hand carries no points, and a hand's value does not
depend on the order its concealed tiles are written in."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.handvalue import value

SUIT_TILES = [f"{g}{n}" for g in "sbc" for n in "123456789"]
HONOUR_TILES = ["we", "ws", "ww", "wn", "db", "dg", "dr"]
TILES = SUIT_TILES + HONOUR_TILES
WINDS = st.sampled_from("ESWN")

concealed = st.lists(st.sampled_from(TILES), min_size=0, max_size=14)
exposed_pungs = st.lists(st.sampled_from(TILES), max_size=3)
bonus = st.lists(st.sampled_from([f"{g}{w}" for g in "fy" for w in "eswn"]), max_size=3, unique=True)
source = st.sampled_from(["", " md", " mw", " mz", " mZ", " mk", " me", " m1"])


def hand_string(tiles, pungs, flowers, how, last):
    parts = [t * 3 for t in pungs]
    if tiles:
        parts.append("R" + "".join(t[0].upper() + t[1] for t in tiles))
    parts.extend(flowers)
    text = " ".join(parts) + how
    if last and tiles:
        text += f" L{tiles[-1][0].upper()}{tiles[-1][1]}"
    return text


@settings(max_examples=150, deadline=None)
@given(concealed, exposed_pungs, bonus, source, st.booleans(), WINDS, WINDS, st.sampled_from(["chemnitz", "kajongg"]))
def test_any_classical_hand_gets_a_non_negative_value(tiles, pungs, flowers, how, last, seat, wind, table):
    text = hand_string(tiles, pungs, flowers, how, last)
    record = {"ruleset": "dmjl-classical", "tiles": text, "seat_wind": seat, "prevailing_wind": wind,
              "options": {"upper_limit": 0, "table": table}}
    answer = value(record)
    assert "error" not in answer, (text, answer)
    assert answer["value"] >= 0 and answer["points"] >= 0 and answer["doubles"] >= 0
    if answer["limits"]:
        assert answer["won"] and answer["limit_hand"] in ("half", "full", "double") and answer["points"] == 0
    else:
        assert answer["limit_hand"] is None and answer["value"] == answer["points"] * 2 ** answer["doubles"]
    shuffled = {**record, "tiles": hand_string(list(reversed(tiles[:-1])) + tiles[-1:], pungs, flowers, how, last)}
    assert value(shuffled) == answer


@settings(max_examples=150, deadline=None)
@given(concealed, exposed_pungs, bonus, source, st.booleans(), WINDS, WINDS)
def test_any_hongkong_hand_gets_an_answer(tiles, pungs, flowers, how, last, seat, wind):
    text = hand_string(tiles, pungs, flowers, how, last)
    answer = value({"ruleset": "dmjl-hke", "tiles": text, "seat_wind": seat, "prevailing_wind": wind})
    assert "error" not in answer, (text, answer)
    if not answer["won"]:
        assert answer == {"won": False, "fan": 0, "limit_hand": False, "items": [], "explain": []}
    elif answer["limit_hand"]:
        assert answer["fan"] is None
    else:
        assert answer["fan"] >= 0


suit_digits = st.lists(st.sampled_from("123456789"), max_size=6).map("".join)
honour_digits = st.lists(st.sampled_from("1234567"), max_size=5).map("".join)


@settings(max_examples=150, deadline=None)
@given(suit_digits, suit_digits, suit_digits, honour_digits, st.booleans(), WINDS, WINDS)
def test_any_japanese_classic_hand_gets_an_answer_or_a_bad_record(man, pin, sou, honors, tsumo, seat, wind):
    tiles = {"man": man, "pin": pin, "sou": sou, "honors": honors}
    win = next((f"{t[0]}{s}" for t, s in ((man, "m"), (pin, "p"), (sou, "s"), (honors, "z")) if t), "1m")
    answer = value({"ruleset": "japanese-classic", "tiles": tiles, "win_tile": win,
                    "situation": {"tsumo": tsumo, "seat_wind": seat, "round_wind": wind}})
    if "error" in answer:
        assert answer["error"]["code"] == "bad_record"
    elif answer["won"] and not answer["limit_hand"]:
        assert answer["points"] >= 20 and answer["doubles"] >= 0
