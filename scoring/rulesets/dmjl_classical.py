"""``dmjl-classical``: classical Chinese Mah-Jongg as the DMJL plays it (docs/rules.md §3).

All four hands are valued; the winner is paid by everyone, the others settle their differences,
East pays and receives double. Penalties: dead hand, dangerous game (paid "für alle an alle" like a
dead hand), false Mah-Jongg, false naming and the Chemnitz catalogue's fines.
"""

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Literal, overload

from ..errors import ScoringError
from ..records import (
    COMMON_FIELDS,
    FALSE_NAMING_CLAIMS,
    FLOW_OPTIONS,
    LARGEST,
    Option,
    balances_of,
    choice,
    fines,
    is_amount,
    offenders,
    penalties,
    require_outcome,
    result,
    seat,
    split,
)
from ..texts import gettext_noop

NAME = "dmjl-classical"
LABEL = gettext_noop("DMJL classical Chinese")
FAMILY = "chinese-classical"  # the family a season ranks apart (FAMILIES)
GAME = "table_points"  # scoring/rulesets/__init__.py says what each attribute means
STANDING_METHOD = "table_points"
HAND_VALUE = "dmjl"
SHEET = NAME
USUAL_FINE = None
OUTCOMES = ("win", "draw", "void")
FIELDS = COMMON_FIELDS | {"hand_values", "winner", "limit_hand"}
PENALTIES = frozenset({"dead_hand", "dangerous_game", "false_mahjong", "false_naming", "fine"})
CARRIED: tuple[str, ...] = ()

DEFAULTS = {
    "upper_limit": 5000,
    # The valuation table of tile entry (docs/rules.md §9, 9a; scoring/handvalue): settlement ignores both.
    "table": "chemnitz",
    "prevailing_wind_pair": 2,
    "lower_limit": 100,
    "limit_mode": "cap_differences",
    "draw_scoring": "none",
    "false_mahjong_mode": "per_innocent",
    "false_mahjong_penalty": 300,
    "false_naming_chow": 50,
    "false_naming_pung": 100,
    "false_naming_kong": 100,
    "rounds": 4,
    "max_hands": 0,
    "table_points": [4, 2, 1, 0],
}
OPTIONS = {
    "upper_limit": Option(int, minimum=0),
    "table": Option(str, choices=("chemnitz", "kajongg")),
    "prevailing_wind_pair": Option(int, minimum=0),
    "lower_limit": Option(int, minimum=0),
    "limit_mode": Option(str, choices=("cap_differences", "cap_values")),
    "draw_scoring": Option(str, choices=("none", "differences")),
    "false_mahjong_mode": Option(str, choices=("per_innocent", "total")),
    "false_mahjong_penalty": Option(int, minimum=0),
    **{f"false_naming_{claim}": Option(int, minimum=0) for claim in FALSE_NAMING_CLAIMS},
    **FLOW_OPTIONS,
}

# The Chemnitz catalogue of fines (docs/rules.md §3 step 5): amounts by offence, for the score sheets.
FINE_CATALOGUE = {
    "early_look": 10,  # looking at tiles early
    "wrong_wall_end": 10,  # drawing from the wrong end of the wall
    "own_hand_misscored": 20,  # scoring one's own hand wrongly
    "misnamed_discard": 30,  # misnaming a discard
    "call_without_meld": 30,  # a tile called without the meld
    "call_without_meld_minor": 10,  # the same, the lesser case
    "false_mahjong_exposed": 100,  # a false Mah-Jongg when another player had already exposed his tiles
    "false_mahjong": 50,  # any other false Mah-Jongg
}

# A special hand (seed 000, last paragraph) is paid as this fraction of the upper limit.
LIMIT_HAND_FRACTIONS = {"half": Fraction(1, 2), "full": Fraction(1), "double": Fraction(2)}
PAIRS = tuple(combinations(range(4), 2))


def settle(record: dict, options: dict, dealer: int, outcome: str) -> dict:
    grouped = penalties(record, NAME, PENALTIES)
    if "false_mahjong" in grouped and outcome != "void":
        raise ScoringError("false_mahjong_needs_void", field="penalties")
    require_outcome(grouped, ("dangerous_game",), outcome, ("win",))
    limit_hand = record.get("limit_hand")
    if limit_hand is not None and (type(limit_hand) is not str or limit_hand not in LIMIT_HAND_FRACTIONS):
        choice(record, "limit_hand", tuple(LIMIT_HAND_FRACTIONS))
    values = _hand_values(record, required=outcome == "win")

    fined = offenders(grouped, "fine")
    if outcome == "void":
        guilty = offenders(grouped, "false_mahjong")
        if not guilty and not fined:
            raise ScoringError("bad_record.void_without_offender_or_fine", field="penalties")
        transfers = _false_mahjong(options, guilty) if guilty else []
        repeats = dealer not in guilty and dealer not in fined
    elif outcome == "win":
        transfers = _win(record, options, dealer, grouped, values, limit_hand)
        repeats = record["winner"] == dealer
    else:
        if options["draw_scoring"] == "differences":
            values = _hand_values(record, required=True)
            transfers = _differences(options, dealer, values, range(4))
            transfers = _dead_hands(transfers, offenders(grouped, "dead_hand"))
        else:
            transfers = []
        repeats = True
    for naming in grouped.get("false_naming", ()):
        transfers.append((naming["seat"], naming["claimant"], options["false_naming_" + naming["claim"]]))
    if fined:
        transfers += fines(grouped, dealer)
    return result(balances_of(transfers), repeats)


@overload
def _hand_values(record: dict, *, required: Literal[True]) -> list[int]: ...
@overload
def _hand_values(record: dict, *, required: bool) -> list[int] | None: ...
def _hand_values(record: dict, *, required: bool) -> list[int] | None:
    values = record.get("hand_values")
    if values is None and not required:
        return None
    if type(values) is not list or len(values) != 4 or not all(is_amount(v) for v in values):
        raise ScoringError(
            "bad_record", field="hand_values", name="hand_values", expected=f"four whole numbers from 0 to {LARGEST}"
        )
    return values


def _win(record: dict, options: dict, dealer: int, grouped: dict[str, list[dict]], values: list[int] | None,
         limit_hand: str | None) -> list[tuple[int, int, int]]:
    assert values is not None  # required for a win (settle reads them with required=True)
    winner = seat(record, "winner", missing="winner_required")
    dead = offenders(grouped, "dead_hand")
    if winner in dead:
        raise ScoringError("dead_hand_cannot_win", field="winner", seat=winner)
    upper = options["upper_limit"]
    if limit_hand:
        if not upper:
            raise ScoringError("bad_record.limit_hand_without_limit", field="limit_hand")
        value = int(upper * LIMIT_HAND_FRACTIONS[limit_hand])
    else:
        value = values[winner]
        if value < options["lower_limit"]:
            raise ScoringError(
                "below_lower_limit", field="hand_values", value=value, limit=options["lower_limit"]
            )
        if upper and value > upper:
            value = upper
    paid = [
        (payer, winner, value * 2 if dealer in (payer, winner) else value)
        for payer in range(4)
        if payer != winner
    ]

    liable = grouped.get("dangerous_game")
    if liable:
        # Seed 003: breaking the Störspielgebot pays "für alle an alle" exactly like a dead hand.
        if len(liable) > 1:
            raise ScoringError("bad_record.one_liable", field="penalties", penalty="dangerous_game")
        culprit = liable[0]["seat"]
        if culprit == winner:
            raise ScoringError("bad_record.liable_is_winner", field="penalties", penalty="dangerous_game")
        if culprit not in dead:
            dead = sorted((*dead, culprit))
    others = [s for s in range(4) if s != winner]
    return _dead_hands(paid + _differences(options, dealer, values, others), dead)


def _differences(options: dict, dealer: int, values: list[int], seats: Sequence[int]) -> list[tuple[int, int, int]]:
    """Each pair of ``seats`` settles the difference of their values, the lower paying the higher."""
    upper = options["upper_limit"]
    cap_values = upper and options["limit_mode"] == "cap_values"
    transfers = []
    for a, b in PAIRS:
        if a not in seats or b not in seats:
            continue
        va, vb = values[a], values[b]
        if cap_values:
            va, vb = min(va, upper), min(vb, upper)
        if va == vb:
            continue
        payer, payee, diff = (a, b, vb - va) if va < vb else (b, a, va - vb)
        if upper and diff > upper:
            diff = upper
        transfers.append((payer, payee, diff * 2 if dealer in (a, b) else diff))
    return transfers


def _dead_hands(transfers: list[tuple[int, int, int]], dead: list[int]) -> list[tuple[int, int, int]]:
    """Seed 003 "für alle an alle zahlen": dead hands receive nothing and pay the others' debts."""
    if not dead:
        return transfers
    out = []
    for payer, payee, amount in transfers:
        if payee in dead:
            continue
        if payer in dead:
            out.append((payer, payee, amount))
        else:
            out.extend(zip(dead, [payee] * len(dead), split(amount, len(dead)), strict=True))
    return out


def _false_mahjong(options: dict, guilty: list[int]) -> list[tuple[int, int, int]]:
    """No East double. ``per_innocent``: each innocent receives the penalty in total;
    ``total``: the offenders pay the penalty once, shared among the innocent players."""
    if not guilty:
        raise ScoringError("bad_record.void_without_offender", field="penalties", penalty="false_mahjong")
    innocent = [s for s in range(4) if s not in guilty]
    penalty = options["false_mahjong_penalty"]
    if options["false_mahjong_mode"] == "per_innocent":
        received = [penalty] * len(innocent)
    else:
        received = split(penalty, len(innocent)) if innocent else []
    transfers: list[tuple[int, int, int]] = []
    for payee, amount in zip(innocent, received, strict=True):
        transfers.extend(zip(guilty, [payee] * len(guilty), split(amount, len(guilty)), strict=True))
    return transfers
