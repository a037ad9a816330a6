"""Stages of a tournament: a qualification, a final for the top N, with points carried over
(docs/rules.md §7, docs/api.md "Events across tournaments").

A tournament's option ``stages`` is null or a list of stages ``{"name", "from_session",
"players"?, "carry"}``. The first starts at session 1; each later one starts at a later session.
``players``: from that stage's first session only the top N of the standings before it are seated
(a multiple of four). ``carry``: how much of the table points and score of the stage before is
carried into it, ``"all"``, ``"none"`` or ``"half"`` (halved, rounded half away from zero to a
whole number). Pure Python: the league layer reads the games, this module does the arithmetic.
"""
from collections.abc import Sequence
from fractions import Fraction

from .records import LARGEST

CARRIES = ("all", "none", "half")
KEYS = frozenset({"name", "from_session", "players", "carry"})
NAME_LENGTH = 60
EXPECTED = ("null or a list of stages {\"name\", \"from_session\", \"players\"?, \"carry\"}: the first from "
            "session 1, each later one from a later session, players a multiple of 4 (not on the first), "
            "carry one of 'all', 'none', 'half'")


def valid(stages: object) -> bool:
    """Whether ``stages`` is a valid value of the option (null included)."""
    if stages is None:
        return True
    if type(stages) is not list or not stages or len(stages) > 20:
        return False
    previous = 0
    for index, stage in enumerate(stages):
        if type(stage) is not dict or not set(stage) <= KEYS or not {"name", "from_session", "carry"} <= set(stage):
            return False
        name, start, carry = stage["name"], stage["from_session"], stage["carry"]
        if type(name) is not str or not name.strip() or len(name) > NAME_LENGTH or not name.isprintable():
            return False
        if type(start) is not int or start > LARGEST or start <= previous or (index == 0 and start != 1):
            return False
        if type(carry) is not str or carry not in CARRIES:
            return False
        players = stage.get("players")
        if players is not None and (index == 0 or type(players) is not int or not 4 <= players <= LARGEST
                                    or players % 4):
            return False
        previous = start
    return True


def half_away_from_zero(value: Fraction) -> int:
    """``value`` halved and rounded to a whole number, halves away from zero (7 → 4, −7 → −4)."""
    half = Fraction(value) / 2
    whole, rest = divmod(abs(half.numerator), half.denominator)
    if 2 * rest >= half.denominator:
        whole += 1
    return whole if half >= 0 else -whole


def carried(value: Fraction, carry: str) -> Fraction:
    """What of ``value`` (table points or score at the end of a stage) the next stage starts with."""
    if carry == "all":
        return Fraction(value)
    if carry == "half":
        return Fraction(half_away_from_zero(value))
    return Fraction(0)


def stage_of(stages: Sequence[dict] | None, session: int) -> int:
    """The index of the stage session ``session`` belongs to (0 without stages)."""
    index = 0
    for position, stage in enumerate(stages or ()):
        if stage["from_session"] <= session:
            index = position
    return index


def sessions_of(stages: Sequence[dict] | None, index: int, session_count: int) -> range:
    """The session numbers of stage ``index`` (every session without stages)."""
    if not stages:
        return range(1, session_count + 1)
    first = stages[index]["from_session"]
    end = stages[index + 1]["from_session"] if index + 1 < len(stages) else session_count + 1
    return range(first, max(first, end))


def cut(ordered: Sequence[int], players: int | None) -> list[int]:
    """Who goes on: the first ``players`` of the standings (best first, ties as they list them);
    everyone without a cut."""
    return list(ordered) if players is None else list(ordered[:players])
