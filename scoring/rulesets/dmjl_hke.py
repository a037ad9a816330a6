"""``dmjl-hke``: DMJL Hongkong "Easy" (docs/rules.md §4, seed 002).

Only the winner is paid, from a fan→points table; East has no advantage. Penalties: false
Mah-Jongg, severe obstruction, dead hand, dangerous game (optional rule). The optional "Umsetzen"
(``seat_change``) and chips (``start_points``, ``bust_ends_game``) are applied by ``scoring.flow``.
"""

from ..errors import ScoringError
from ..records import (
    COMMON_FIELDS,
    FLOW_OPTIONS,
    MOST_DOUBLES,
    Option,
    balances_of,
    count,
    flag,
    offenders,
    penalties,
    require_outcome,
    result,
    seat,
    win_type,
)
from ..texts import gettext_noop

NAME = "dmjl-hke"
LABEL = gettext_noop("DMJL Hongkong Easy")
FAMILY = "chinese-classical"  # the family a season ranks apart (FAMILIES)
GAME = "table_points"  # scoring/rulesets/__init__.py says what each attribute means
STANDING_METHOD = "table_points"
HAND_VALUE = "hke"
SHEET = NAME
USUAL_FINE = None
OUTCOMES = ("win", "draw", "void")
FIELDS = COMMON_FIELDS | {"winner", "win_type", "discarder", "fan", "limit_hand"}
PENALTIES = frozenset({"false_mahjong", "obstruction", "dead_hand", "dangerous_game"})
CARRIED: tuple[str, ...] = ()

DEFAULTS = {
    "min_fan": 0,
    "false_mahjong_penalty": 16,
    "obstruction_penalty": 16,
    "seat_change": False,
    "start_points": 0,
    "bust_ends_game": False,
    "rounds": 4,
    "max_hands": 0,
    "table_points": [4, 2, 1, 0],
}
OPTIONS = {
    "min_fan": Option(int, minimum=0),
    "false_mahjong_penalty": Option(int, minimum=0),
    "obstruction_penalty": Option(int, minimum=0),
    "seat_change": Option(bool),
    "start_points": Option(int, minimum=0),
    "bust_ends_game": Option(bool),
    **FLOW_OPTIONS,
}

# Points by fan (seed 002): index = fan; 10 fan or more and limit hands are LIMIT_POINTS.
FAN_POINTS = (1, 2, 4, 8, 16, 16, 16, 32, 32, 32)
LIMIT_POINTS = 64
# Multiples of the points each payer owes.
DISCARDER_PAYS, OTHERS_PAY, SELF_DRAW_PAYS = 2, 1, 2
# Dangerous game: the liable seat pays alone (self-draw, own discard) or shares with the discarder.
LIABLE_SELF_DRAW, LIABLE_OWN_DISCARD, LIABLE_WITH_DISCARDER = 6, 4, 2


def settle(record: dict, options: dict, dealer: int, outcome: str) -> dict:
    grouped = penalties(record, NAME, PENALTIES)
    if "false_mahjong" in grouped and outcome != "void":
        raise ScoringError("false_mahjong_needs_void", field="penalties")
    require_outcome(grouped, ("dangerous_game",), outcome, ("win",))
    transfers = []
    repeats = False
    if outcome == "win":
        winner = seat(record, "winner", missing="winner_required")
        transfers = _win(record, options, winner, grouped)
        repeats = winner == dealer
    elif outcome == "void":
        guilty = offenders(grouped, "false_mahjong")
        if not guilty:
            raise ScoringError("bad_record.void_without_offender", field="penalties", penalty="false_mahjong")
        transfers = _each_other(guilty, options["false_mahjong_penalty"])
    transfers += _each_other(offenders(grouped, "obstruction"), options["obstruction_penalty"])
    return result(balances_of(transfers), repeats)


def _each_other(guilty: list[int], amount: int) -> list[tuple[int, int, int]]:
    return [(g, s, amount) for g in guilty for s in range(4) if s != g]


def _win(record: dict, options: dict, winner: int, grouped: dict[str, list[dict]]) -> list[tuple[int, int, int]]:
    if winner in offenders(grouped, "dead_hand"):
        raise ScoringError("dead_hand_cannot_win", field="winner", seat=winner)
    _, discarder = win_type(record)
    if discarder == winner:
        raise ScoringError("winner_is_discarder", field="discarder", seat=winner)
    limit = flag(record, "limit_hand")
    if record.get("fan") is None and not limit:
        raise ScoringError("bad_record.fan_or_limit", field="fan")
    fan = count(record, "fan", default=0, most=MOST_DOUBLES)
    if not limit and fan < options["min_fan"]:
        raise ScoringError("below_min_fan", field="fan", fan=fan, min_fan=options["min_fan"])
    points = LIMIT_POINTS if limit or fan >= len(FAN_POINTS) else FAN_POINTS[fan]

    liable = grouped.get("dangerous_game")
    if liable:
        if len(liable) > 1:
            raise ScoringError("bad_record.one_liable", field="penalties", penalty="dangerous_game")
        culprit = liable[0]["seat"]
        if culprit == winner:
            raise ScoringError("bad_record.liable_is_winner", field="penalties", penalty="dangerous_game")
        if discarder is None:
            return [(culprit, winner, LIABLE_SELF_DRAW * points)]
        if discarder == culprit:
            return [(culprit, winner, LIABLE_OWN_DISCARD * points)]
        return [
            (culprit, winner, LIABLE_WITH_DISCARDER * points),
            (discarder, winner, LIABLE_WITH_DISCARDER * points),
        ]
    if discarder is None:
        return [(s, winner, SELF_DRAW_PAYS * points) for s in range(4) if s != winner]
    return [
        (s, winner, (DISCARDER_PAYS if s == discarder else OTHERS_PAY) * points)
        for s in range(4)
        if s != winner
    ]
