"""``mcr``: Mahjong Competition Rules (Chinese Official) as the EMA plays them (docs/rules.md §6a).

The record carries the winner's points (the sum of the 81 scoring elements, flower points
included) and how many of them are flower points; a win needs ``min_points`` without the flowers.
A hand valued from its tiles may also carry its scoring ``elements`` as the valuation answered them
(``[{"name", "points", "count"}]``, names and values of :mod:`scoring.mcr_elements`, adding up to
the points): they settle nothing, the statistics count them.
Self-drawn: each other player pays 8 + points; on a discard the discarder pays 8 + points, the two
others 8 each. No dealer doubling, no limit; a drawn hand pays nothing. A false Mah-Jongg costs the
offender ``false_mahjong_points`` to each other player and the hand goes on for the others (the
record still ends in a win or a draw); fines come off the offender's score (``adjustments``). The
deal passes after every hand; a game is ``hands`` hands (16: four wind rounds), which
``scoring.flow`` applies.
"""

from ..errors import ScoringError
from ..mcr_elements import POINTS as ELEMENT_POINTS
from ..records import (
    COMMON_FIELDS,
    FLOW_OPTIONS,
    LARGEST,
    Option,
    balances_of,
    count,
    offenders,
    penalties,
    result,
    seat,
    win_type,
)
from ..texts import gettext_noop

NAME = "mcr"
LABEL = gettext_noop("MCR (Chinese Official, EMA)")
FAMILY = "mcr"  # the family a season ranks apart (FAMILIES)
GAME = "table_points"  # scoring/rulesets/__init__.py says what each attribute means
STANDING_METHOD = "table_points"
HAND_VALUE = "mcr"
SHEET = NAME
USUAL_FINE = None
OUTCOMES = ("win", "draw")
FIELDS = COMMON_FIELDS | {"winner", "win_type", "discarder", "points", "flowers", "elements"}
PENALTIES = frozenset({"false_mahjong", "fine"})
CARRIED: tuple[str, ...] = ()

DEFAULTS = {
    "min_points": 8,
    "false_mahjong_points": 10,
    # A game's hands (scoring.flow ends the game after them; four wind rounds of four hands each).
    "hands": 16,
    "rounds": 4,
    "max_hands": 0,
    "table_points": [4, 2, 1, 0],
}
OPTIONS = {
    "min_points": Option(int, minimum=0),
    "false_mahjong_points": Option(int, minimum=0),
    "hands": Option(int, minimum=1),
    **FLOW_OPTIONS,
}

# What every player pays the winner on top of the points (the rulebook's "basic points").
BASE = 8
# Flower points a hand can hold: the eight flower and season tiles.
MOST_FLOWERS = 8
# How often one element may count in a hand (the library counts a few up to four times).
MOST_COUNT = 8
ELEMENTS_EXPECTED = ("the hand's scoring elements: a list of {name, points, count} of the MCR catalogue, "
                     "adding up to the points")


def settle(record: dict, options: dict, dealer: int, outcome: str) -> dict:
    grouped = penalties(record, NAME, PENALTIES)
    transfers = []
    false_mahjong = offenders(grouped, "false_mahjong")
    if outcome == "win":
        transfers = _win(record, options, false_mahjong)
    elif "elements" in record:
        raise ScoringError("bad_record", field="elements", name="elements", expected="no elements: nobody won")
    fee = options["false_mahjong_points"]
    transfers += [(g, s, fee) for g in false_mahjong for s in range(4) if s != g]
    adjustments = [0, 0, 0, 0]
    for fine in grouped.get("fine", ()):
        if "amount" not in fine:
            raise ScoringError(
                "bad_record", field="penalties", name="amount", expected=f"a whole number from 1 to {LARGEST}"
            )
        adjustments[fine["seat"]] -= fine["amount"]
    # The deal passes after every hand, whoever won (docs/rules.md §6a).
    return result(balances_of(transfers), False, adjustments=adjustments)


def _win(record: dict, options: dict, false_mahjong: list[int]) -> list[tuple[int, int, int]]:
    winner = seat(record, "winner", missing="winner_required")
    if winner in false_mahjong:
        # A false Mah-Jongg leaves the offender's hand dead for the rest of the hand.
        raise ScoringError("dead_hand_cannot_win", field="winner", seat=winner)
    _, discarder = win_type(record)
    if discarder == winner:
        raise ScoringError("winner_is_discarder", field="discarder", seat=winner)
    points = count(record, "points")
    flowers = count(record, "flowers", default=0, most=MOST_FLOWERS)
    if flowers > points:
        raise ScoringError("bad_record", field="flowers", name="flowers",
                           expected="a count of flower points from 0 to 8, at most the points")
    if points - flowers < options["min_points"]:
        raise ScoringError("below_minimum", field="points", points=points - flowers, minimum=options["min_points"])
    _elements_checked(record.get("elements"), points)
    if discarder is None:
        return [(s, winner, BASE + points) for s in range(4) if s != winner]
    return [(s, winner, BASE + points if s == discarder else BASE) for s in range(4) if s != winner]


def _elements_checked(elements: object, points: int) -> None:
    """The hand's scoring elements, if the record names them: each of the catalogue with its value,
    counted 1 to 8 times, their points adding up to the record's."""
    if elements is None:
        return
    total = 0
    if not isinstance(elements, list) or len(elements) > len(ELEMENT_POINTS):
        raise ScoringError("bad_record", field="elements", name="elements", expected=ELEMENTS_EXPECTED)
    for element in elements:
        if not isinstance(element, dict) or set(element) != {"name", "points", "count"}:
            raise ScoringError("bad_record", field="elements", name="elements", expected=ELEMENTS_EXPECTED)
        name, value, times = element["name"], element["points"], element["count"]
        if (type(name) is not str or ELEMENT_POINTS.get(name) != value or type(value) is not int
                or type(times) is not int or not 1 <= times <= MOST_COUNT):
            raise ScoringError("bad_record", field="elements", name="elements", expected=ELEMENTS_EXPECTED)
        total += value * times
    if total != points:
        raise ScoringError("bad_record", field="elements", name="elements", expected=ELEMENTS_EXPECTED)
