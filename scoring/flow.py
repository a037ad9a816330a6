"""A table's game: dealer rotation, prevailing wind, riichi deposits and counters, completion.

The table state supplies what a hand record does not carry when entered at a table: ``dealer``,
and for the Japanese rulesets the deposits (and counters) left on the table by the previous hand.
"""

from dataclasses import dataclass

from .api import ruleset_module, settle_record, validate_options
from .errors import ScoringError

WINDS = ("E", "S", "W", "N")


def seat_winds(dealer: int) -> tuple[str, ...]:
    """Each seat's wind in a hand dealt by ``dealer``: the dealer is East, then South, West, North."""
    return tuple(WINDS[(seat - dealer) % 4] for seat in range(4))


@dataclass(frozen=True, slots=True)
class TableState:
    dealer: int = 0
    prevailing_wind: str = "E"
    riichi_sticks: int = 0
    honba: int = 0
    hands_played: int = 0
    complete: bool = False
    initial_dealer: int = 0


@dataclass(frozen=True, slots=True)
class HandStep:
    record: dict
    result: dict
    dealer: int
    prevailing_wind: str


def initial_state(ruleset: str, options: dict) -> TableState:
    validate_options(ruleset, options)
    return TableState()


def advance(ruleset: str, options: dict, state: TableState, result: dict) -> TableState:
    """The state after a hand with ``result``: the deal passes unless East repeats, the wind moves
    on when the deal returns to the first dealer, and the game ends after the ruleset's rounds
    (or after ``max_hands`` hands when that option is set)."""
    options = validate_options(ruleset, options)
    dealer, wind = state.dealer, WINDS.index(state.prevailing_wind)
    if not result["dealer_repeats"]:
        dealer = (dealer + 1) % 4
        if dealer == state.initial_dealer:
            wind += 1
    hands = state.hands_played + 1
    complete = wind >= options["rounds"] or 0 < options["max_hands"] <= hands
    return TableState(
        dealer=dealer,
        prevailing_wind=WINDS[min(wind, options["rounds"] - 1) % 4],
        riichi_sticks=result["riichi_sticks"],
        honba=result["honba"],
        hands_played=hands,
        complete=complete,
        initial_dealer=state.initial_dealer,
    )


def fill_record(ruleset: str, options: dict, state: TableState, record: dict) -> dict:
    """A copy of ``record`` completed from the table: ruleset, options (the record's own
    options override the tournament's), dealer and the carried deposits/counters."""
    if type(record) is not dict:
        raise ScoringError("bad_record.not_object")
    if state.complete:
        raise ScoringError("bad_record.game_complete")
    filled = dict(record)
    own = record.get("options")
    filled["ruleset"] = ruleset
    filled["options"] = {**options, **own} if type(own) is dict else dict(options) if own is None else own
    filled["dealer"] = state.dealer
    for name in ruleset_module(ruleset).CARRIED:
        filled[name] = getattr(state, name)
    return filled


def replay(ruleset: str, options: dict, records: list[dict]) -> tuple[list[HandStep], TableState]:
    """Settle a table's hands in order from the initial state. A ScoringError in a hand carries
    that hand's position in ``hand_index``."""
    state = initial_state(ruleset, options)
    steps = []
    for index, record in enumerate(records):
        try:
            filled = fill_record(ruleset, options, state, record)
            result = settle_record(filled)
        except ScoringError as error:
            error.hand_index = index
            raise
        steps.append(HandStep(filled, result, state.dealer, state.prevailing_wind))
        state = advance(ruleset, options, state, result)
    return steps, state
