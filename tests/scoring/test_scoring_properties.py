"""Invariants of settlement, checked with hypothesis."""

from hypothesis import given, settings
from hypothesis import strategies as st

import scoring

seats = st.integers(0, 3)
values = st.lists(st.integers(0, 9000), min_size=4, max_size=4)


@st.composite
def classical_wins(draw, max_dead=3):
    hand_values = draw(values)
    winner = draw(seats)
    hand_values[winner] = max(hand_values[winner], 100)
    record = {
        "ruleset": "dmjl-classical",
        "dealer": draw(seats),
        "outcome": "win",
        "winner": winner,
        "hand_values": hand_values,
        "options": {"limit_mode": draw(st.sampled_from(["cap_differences", "cap_values"]))},
    }
    dead = draw(st.sets(seats.filter(lambda s: s != winner), max_size=max_dead))
    record["penalties"] = [{"type": "dead_hand", "seat": s} for s in sorted(dead)]
    return record


@st.composite
def any_valid(draw):
    ruleset = draw(st.sampled_from(scoring.RULESETS))
    winner = draw(seats)
    discarder = draw(seats.filter(lambda s: s != winner) | st.none())
    kind = (
        {"win_type": "discard", "discarder": discarder}
        if discarder is not None
        else {"win_type": "self_draw"}
    )
    record = {"ruleset": ruleset, "dealer": draw(seats), "outcome": "win"}
    if ruleset == "dmjl-classical":
        return draw(classical_wins())
    if ruleset == "dmjl-hke":
        return {**record, **kind, "winner": winner, "fan": draw(st.integers(0, 14))}
    if ruleset == "mcr":
        flowers = draw(st.integers(0, 8))
        return {**record, **kind, "winner": winner, "points": draw(st.integers(8, 400)) + flowers, "flowers": flowers}
    riichi = sorted(draw(st.sets(seats)))
    sticks = draw(st.integers(0, 5))
    if ruleset == "japanese-classic":
        return {
            **record,
            **kind,
            "winner": winner,
            "points": draw(st.integers(20, 110)),
            "doubles": draw(st.integers(0, 14)),
            "riichi": riichi,
            "riichi_sticks": sticks,
        }
    if draw(st.booleans()):
        return {
            **record,
            "outcome": "draw",
            "tenpai": sorted(draw(st.sets(seats))),
            "riichi": riichi,
            "riichi_sticks": sticks,
        }
    return {
        **record,
        **kind,
        "wins": [
            {
                "seat": winner,
                "han": draw(st.integers(1, 13)),
                "fu": draw(st.sampled_from([20, 25, 30, 40, 110])),
            }
        ],
        "riichi": riichi,
        "riichi_sticks": sticks,
        "honba": draw(st.integers(0, 4)),
    }


@given(any_valid())
def test_balances_sum_to_zero_or_to_the_deposits_taken_from_the_table(record):
    result = scoring.settle_record(record)
    put = len(record.get("riichi", []))
    taken = record.get("riichi_sticks", 0) + put if record["outcome"] == "win" else 0
    assert sum(result["balances"]) == 1000 * (taken - put)


def _rotated(record, k):
    out = dict(record, dealer=(record["dealer"] + k) % 4, winner=(record["winner"] + k) % 4)
    out["hand_values"] = [record["hand_values"][(s - k) % 4] for s in range(4)]
    out["penalties"] = [{**p, "seat": (p["seat"] + k) % 4} for p in record["penalties"]]
    return out


# With several dead hands the remainder of a shared debt falls on the first in seat order, which
# does not rotate; one dead hand at most keeps the table symmetric.
@given(classical_wins(max_dead=1), st.integers(1, 3))
def test_rotating_all_seats_and_the_dealer_rotates_the_balances(record, k):
    balances = scoring.settle_record(record)["balances"]
    rotated = scoring.settle_record(_rotated(record, k))["balances"]
    assert rotated == [balances[(s - k) % 4] for s in range(4)]


@given(classical_wins())
def test_a_dead_hand_never_receives(record):
    balances = scoring.settle_record(record)["balances"]
    assert all(balances[p["seat"]] <= 0 for p in record["penalties"])


@given(classical_wins(max_dead=0), seats)
def test_easts_transfers_are_exactly_twice_a_non_easts_for_the_same_values(record, seat):
    # As East every transfer of ``seat`` is doubled: 2 x its base sum S. As non-East only its transfer
    # with East is: S + t(East). Over the three other dealers that makes 4 x S.
    as_east = scoring.settle_record({**record, "dealer": seat})["balances"][seat]
    others = sum(
        scoring.settle_record({**record, "dealer": d})["balances"][seat] for d in range(4) if d != seat
    )
    assert 2 * as_east == others


fines = st.lists(st.fixed_dictionaries({"type": st.just("fine"), "seat": seats, "amount": st.integers(1, 5000)}),
                max_size=4)


@st.composite
def classical_with_dangerous_game_and_fines(draw):
    record = draw(classical_wins(max_dead=2))
    dead = {p["seat"] for p in record["penalties"]}
    liable = draw(st.sampled_from([s for s in range(4) if s != record["winner"]]) | st.none())
    extra = [{"type": "dangerous_game", "seat": liable}] if liable is not None else []
    record["penalties"] = record["penalties"] + extra + draw(fines)
    record["_paying"] = dead | ({liable} if liable is not None else set())
    return record


@given(classical_with_dangerous_game_and_fines())
def test_fur_alle_an_alle_and_fines_keep_the_zero_sum_and_the_liable_never_receive_at_the_table(record):
    paying = record.pop("_paying")
    result = scoring.settle_record(record)
    assert sum(result["balances"]) == 0
    without_fines = scoring.settle_record(
        {**record, "penalties": [p for p in record["penalties"] if p["type"] != "fine"]})
    assert all(without_fines["balances"][s] <= 0 for s in paying)
    # Fines come on top, each offender paying its amount to each other player (double with East).
    fined = [0, 0, 0, 0]
    for p in record["penalties"]:
        if p["type"] == "fine":
            for s in range(4):
                if s != p["seat"]:
                    amount = p["amount"] * (2 if record["dealer"] in (s, p["seat"]) else 1)
                    fined[s] += amount
                    fined[p["seat"]] -= amount
    assert result["balances"] == [a + b for a, b in zip(without_fines["balances"], fined, strict=True)]


@given(st.sampled_from(["dmjl-classical", "japanese-classic"]), st.sampled_from(["win", "draw", "void"]),
       seats, fines.filter(bool))
def test_fines_keep_the_zero_sum_in_any_outcome(ruleset, outcome, dealer, penalties):
    record = {"ruleset": ruleset, "dealer": dealer, "outcome": outcome, "penalties": penalties}
    if outcome == "win":
        winner = (dealer + 1) % 4
        if ruleset == "dmjl-classical":
            record.update(winner=winner, hand_values=[100 if s == winner else 20 for s in range(4)])
        else:
            record.update(winner=winner, win_type="self_draw", points=30, doubles=1)
    result = scoring.settle_record(record)
    assert sum(result["balances"]) == 0
    if outcome == "void":
        assert result["dealer_repeats"] is (dealer not in {p["seat"] for p in penalties})


@given(st.lists(st.integers(-100, 100), min_size=4, max_size=4))
def test_table_points_always_sum_to_seven(scores):
    assert sum(scoring.results.table_points(scores)) == 7


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 20)
    | st.floats(allow_nan=False)
    | st.sampled_from(
        [
            "win",
            "draw",
            "void",
            "abort",
            "discard",
            "self_draw",
            "dead_hand",
            "false_mahjong",
            "pao",
            "chombo",
            "false_naming",
            "pung",
            "full",
            "dangerous_game",
            "obstruction",
        ]
    ),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(
        st.sampled_from(["seat", "han", "fu", "yakuman", "type", "claimant", "claim", "x"]), inner, max_size=4
    ),
    max_leaves=12,
)
record_keys = st.sampled_from(
    [
        "id",
        "options",
        "dealer",
        "outcome",
        "penalties",
        "winner",
        "hand_values",
        "limit_hand",
        "win_type",
        "discarder",
        "fan",
        "wins",
        "riichi",
        "riichi_sticks",
        "honba",
        "tenpai",
        "points",
        "doubles",
        "other",
    ]
)


@settings(max_examples=500)
@given(st.sampled_from([*scoring.RULESETS, "x"]), st.dictionaries(record_keys, json_values, max_size=9))
def test_settle_never_raises_for_arbitrary_json(ruleset, record):
    result = scoring.settle({"ruleset": ruleset, **record})
    assert ("error" in result) != ("balances" in result)


@given(json_values)
def test_settle_never_raises_for_anything_at_all(value):
    assert "error" in scoring.settle(value) or "balances" in scoring.settle(value)
