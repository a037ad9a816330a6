"""``japanese-classic``: Japanese Mah-Jongg in its older form (docs/rules.md §6, seed 004).

Points and doubles to a hand value with limits, East double, the discarder paying for all,
the rounding methods of seed 004 chapters 4 and 6, riichi deposits, false Mah-Jongg, dead hands,
fines, and the "Li fan shibari" minimum of doubles.
"""

from fractions import Fraction

from ..errors import ScoringError
from ..numbers import shares
from ..records import (
    COMMON_FIELDS,
    FLOW_OPTIONS,
    MOST_DOUBLES,
    Option,
    count,
    fines,
    flag,
    offenders,
    penalties,
    result,
    seat,
    seat_list,
    win_type,
)
from ..texts import gettext_noop

NAME = "japanese-classic"
LABEL = gettext_noop("Japanese, older rules")
FAMILY = "riichi"  # the family a season ranks apart (FAMILIES)
GAME = "points"  # scoring/rulesets/__init__.py says what each attribute means
STANDING_METHOD = "score"
HAND_VALUE = "japanese"
SHEET = NAME
OUTCOMES = ("win", "draw", "void")
FIELDS = COMMON_FIELDS | {
    "winner",
    "win_type",
    "discarder",
    "points",
    "doubles",
    "limit_hand",
    "riichi",
    "riichi_sticks",
}
PENALTIES = frozenset({"false_mahjong", "dead_hand", "fine"})
CARRIED = ("riichi_sticks",)

DEFAULTS = {
    "rounding": "round_points",
    "min_doubles": 0,
    "riichi_deposit": 1000,
    "start_points": 30000,
    "top_bonus": 12000,
    # Seed 004 ch.3 VIII: a whole game ("Li chan") is four rounds; two ("Han chan") is the short form.
    "rounds": 4,
    "max_hands": 0,
    "table_points": [4, 2, 1, 0],
}
OPTIONS = {
    "rounding": Option(str, choices=("round_points", "exact_then_round", "none", "points_only")),
    "min_doubles": Option(int, minimum=0),
    "riichi_deposit": Option(int, minimum=0),
    "start_points": Option(int, minimum=0),
    "top_bonus": Option(int, minimum=0),
    **FLOW_OPTIONS,
}

LIMIT_HAND = 8000
# (least doubles, hand value) for the limits, highest first; below them points × 2^doubles.
LIMITS = ((13, 6000), (10, 4000), (8, 3000))
SIMPLE_LIMIT = 2000
# Seed 004 ch.8: the usual amount for "other offences", which a score sheet offers first.
USUAL_FINE = SIMPLE_LIMIT
EAST_FACTOR = 2


def hand_value(points: int, doubles: int, limit_hand: bool, rounding: str) -> int:
    if limit_hand:
        return LIMIT_HAND
    for least, value in LIMITS:
        if doubles >= least:
            return value
    if rounding == "round_points" or rounding == "points_only":
        points = -(-points // 10) * 10
    return min(points << doubles, SIMPLE_LIMIT)


def settle(record: dict, options: dict, dealer: int, outcome: str) -> dict:
    grouped = penalties(record, NAME, PENALTIES)
    guilty = offenders(grouped, "false_mahjong")
    if guilty and outcome != "void":
        raise ScoringError("false_mahjong_needs_void", field="penalties")
    sticks = count(record, "riichi_sticks", default=0)
    riichi = seat_list(record, "riichi")
    balances = [0, 0, 0, 0]

    fined = offenders(grouped, "fine")
    if fined:
        # Seed 004 ch.8: the simple limit is the usual amount for "other offences".
        for payer, payee, amount in fines(grouped, dealer, SIMPLE_LIMIT):
            balances[payer] -= amount
            balances[payee] += amount

    if outcome == "void":
        if not guilty and not fined:
            raise ScoringError("bad_record.void_without_offender_or_fine", field="penalties")
        # The simple limit paid like a self-drawn win in reverse; this hand's deposits are returned.
        for offender in guilty:
            for s in range(4):
                if s != offender:
                    amount = SIMPLE_LIMIT * (EAST_FACTOR if dealer in (s, offender) else 1)
                    balances[offender] -= amount
                    balances[s] += amount
        return result(balances, dealer not in guilty and dealer not in fined, riichi_sticks=sticks)

    deposit = options["riichi_deposit"]
    for s in riichi:
        balances[s] -= deposit
    sticks += len(riichi)
    if outcome == "draw":
        return result(balances, True, riichi_sticks=sticks)

    winner = seat(record, "winner", missing="winner_required")
    if winner in offenders(grouped, "dead_hand"):
        raise ScoringError("dead_hand_cannot_win", field="winner", seat=winner)
    _, discarder = win_type(record)
    if discarder == winner:
        raise ScoringError("winner_is_discarder", field="discarder", seat=winner)
    limit = flag(record, "limit_hand")
    if record.get("points") is None and not limit:
        raise ScoringError("bad_record.points_or_limit", field="points")
    points = count(record, "points", default=0)
    doubles = count(record, "doubles", default=0, most=MOST_DOUBLES)
    if not limit and doubles < options["min_doubles"]:
        raise ScoringError("below_min_doubles", field="doubles", doubles=doubles, min_doubles=options["min_doubles"])
    value = hand_value(points, doubles, limit, options["rounding"])
    rounded = options["rounding"] in ("round_points", "exact_then_round")
    owed = [value * (EAST_FACTOR if dealer in (s, winner) else 1) if s != winner else 0 for s in range(4)]
    if discarder is None:
        payments = [(s, _round100(a) if rounded else a) for s, a in enumerate(owed) if s != winner]
    else:
        total = sum(owed)
        payments = [(discarder, _round100(total) if rounded else total)]
    for payer, amount in payments:
        balances[payer] -= amount
        balances[winner] += amount
    balances[winner] += sticks * deposit
    return result(balances, winner == dealer, riichi_sticks=0)


def _round100(amount: int) -> int:
    """To the nearest 100: 49 down, 50 up (seed 004 ch.4 V)."""
    return (amount + 50) // 100 * 100


def game_scores(final: list, options: dict, adjustments: list[int]) -> tuple[list, list]:
    """Final points rounded to thousands plus the top bonus (shared by ties); the bonus is the 3000
    each player never received (seed 004 ch.1), so score = final − start − top_bonus / 4."""
    start, bonus = options["start_points"], options["top_bonus"]
    final = [_round_thousands(p) for p in final]
    final = [p + b for p, b in zip(final, shares(final, [bonus, 0, 0, 0]), strict=True)]
    return final, [p - start - Fraction(bonus, 4) for p in final]


def _round_thousands(points: Fraction) -> int:
    """To thousands, …400 down and …500 up, on the magnitude (seed 004 ch.4 VI)."""
    magnitude = (abs(points) + 500) // 1000 * 1000
    return int(magnitude if points >= 0 else -magnitude)
