"""A table's game: dealer rotation, prevailing wind, riichi deposits and counters, the players'
running totals, the seating of each wind round, and how the game ends.

The table state supplies what a hand record does not carry when entered at a table: ``dealer``,
and for the Japanese rulesets the deposits (and counters) left on the table by the previous hand.

Seats are the table's four places; a player is named by the seat they took in the first wind round.
``seating[seat]`` is the player sitting at ``seat`` in the current wind round: always ``(0, 1, 2, 3)``
unless ``dmjl-hke`` plays with ``seat_change`` (seed 002's "Umsetzen"). A hand record always uses the
seats of its own wind round; ``totals`` are per player.

A game ends (``ending``) after its rounds (``"rounds"``), after ``max_hands`` or a ruleset's own game length
``hands`` (MCR's 16, docs/rules.md §6a), whichever is fewer (``"max_hands"``), when a
player's start points plus running total fall below zero under ``bust_ends_game`` (``"bust"``), or when
the leading dealer ends the last hand with ``"end_game": true`` under ``agari_yame`` (``"agari_yame"``).

The public functions take a ruleset's options as a tournament stores them and validate them once per
call; the functions with a leading underscore take options already validated, so that a game of many
hands (``replay``, ``seatings``) validates them once, not at every hand.
"""

from dataclasses import dataclass

from .errors import ScoringError
from .options import ruleset_module, validate_options
from .settlement import settle_record

WINDS = ("E", "S", "W", "N")


def seat_winds(dealer: int) -> tuple[str, ...]:
    """Each seat's wind in a hand dealt by ``dealer``: the dealer is East, then South, West, North."""
    return tuple(WINDS[(seat - dealer) % 4] for seat in range(4))


IDENTITY = (0, 1, 2, 3)
# Seed 002 "Umsetzen": who takes each wind's place after a wind round, as the wind (0 = East .. 3 = North,
# counted from the first dealer's seat) whose player moves there. After East's and West's rounds East and
# South swap and so do West and North; after South's round East and South cross the middle to West and
# North, West's player moves to South and North's to East.
SEAT_CHANGES = {0: (1, 0, 3, 2), 1: (3, 2, 0, 1), 2: (1, 0, 3, 2)}
ENDINGS = ("rounds", "max_hands", "bust", "agari_yame")


@dataclass(frozen=True, slots=True)
class TableState:
    dealer: int = 0
    prevailing_wind: str = "E"
    riichi_sticks: int = 0
    honba: int = 0
    hands_played: int = 0
    complete: bool = False
    initial_dealer: int = 0
    seating: tuple[int, ...] = IDENTITY  # the player at each seat in the current wind round
    totals: tuple[int, ...] = (0, 0, 0, 0)  # each player's running total of balances
    ending: str | None = None  # why the game is complete: one of ENDINGS
    next_seating: tuple[int, ...] = IDENTITY  # the player at each seat in the next wind round


@dataclass(frozen=True, slots=True)
class HandStep:
    record: dict
    result: dict
    dealer: int
    prevailing_wind: str
    seating: tuple[int, ...] = IDENTITY  # the player at each seat in this hand


def changed_seating(options: dict, seating: tuple[int, ...], wind: int, initial_dealer: int = 0) -> tuple[int, ...]:
    """The seating after wind round ``wind`` (0 = East) ends: changed under ``seat_change``, else the same."""
    moves = SEAT_CHANGES.get(wind) if options.get("seat_change") else None
    if moves is None:
        return seating
    out = list(seating)
    for to_wind, from_wind in enumerate(moves):
        out[(initial_dealer + to_wind) % 4] = seating[(initial_dealer + from_wind) % 4]
    return tuple(out)


def initial_state(ruleset: str, options: dict) -> TableState:
    return _initial_state(validate_options(ruleset, options))


def _initial_state(options: dict) -> TableState:
    return TableState(next_seating=changed_seating(options, IDENTITY, 0) if options["rounds"] > 1 else IDENTITY)


def is_last_hand(options: dict, state: TableState) -> bool:
    """Whether the coming hand is the game's last unless the dealer repeats: the last dealer of the last
    wind round (the "all last"), or the hand that reaches ``max_hands``."""
    wind = WINDS.index(state.prevailing_wind)
    last_round = wind == options["rounds"] - 1 and (state.dealer + 1) % 4 == state.initial_dealer
    limit = hand_limit(options)
    return last_round or 0 < limit <= state.hands_played + 1


def hand_limit(options: dict) -> int:
    """The hands a game lasts at most (0: no limit): ``max_hands``, or a ruleset's ``hands`` when fewer."""
    limits = [n for n in (options["max_hands"], options.get("hands", 0)) if n > 0]
    return min(limits) if limits else 0


def advance(ruleset: str, options: dict, state: TableState, result: dict, record: dict | None = None) -> TableState:
    """The state after a hand with ``result`` (and its ``record``, for ``end_game``): the deal passes
    unless East repeats, the wind moves on when the deal returns to the first dealer (the players change
    seats then under ``seat_change``), and the game ends as the module docstring says."""
    return _advance(validate_options(ruleset, options), state, result, record)


def _advance(options: dict, state: TableState, result: dict, record: dict | None = None) -> TableState:
    dealer, wind = state.dealer, WINDS.index(state.prevailing_wind)
    seating = state.seating
    totals = list(state.totals)
    for seat, amount in enumerate(result["balances"]):
        totals[seating[seat]] += amount
    if not result["dealer_repeats"]:
        dealer = (dealer + 1) % 4
        if dealer == state.initial_dealer:
            seating = changed_seating(options, seating, wind, state.initial_dealer)
            wind += 1
    hands = state.hands_played + 1
    ending = None
    if options.get("bust_ends_game") and any(options["start_points"] + total < 0 for total in totals):
        ending = "bust"
    elif type(record) is dict and record.get("end_game") is True:
        ending = "agari_yame"
    elif wind >= options["rounds"]:
        ending = "rounds"
    elif 0 < hand_limit(options) <= hands:
        ending = "max_hands"
    last_wind = min(wind, options["rounds"] - 1)
    return TableState(
        dealer=dealer,
        prevailing_wind=WINDS[last_wind % 4],
        riichi_sticks=result["riichi_sticks"],
        honba=result["honba"],
        hands_played=hands,
        complete=ending is not None,
        initial_dealer=state.initial_dealer,
        seating=seating,
        totals=tuple(totals),
        ending=ending,
        next_seating=changed_seating(options, seating, last_wind, state.initial_dealer)
        if ending is None and last_wind < options["rounds"] - 1 else seating,
    )


def _check_end_game(options: dict, state: TableState, record: dict, result: dict) -> None:
    """A record's ``"end_game": true`` (agari yame, validated by the ruleset) must come in the game's last
    hand from a dealer who leads after it (``options`` validated)."""
    if record.get("end_game") is not True:
        return
    totals = list(state.totals)
    for seat, amount in enumerate(result["balances"]):
        totals[state.seating[seat]] += amount
    dealer_total = totals[state.seating[state.dealer]]
    if not is_last_hand(options, state) or any(total > dealer_total for total in totals):
        raise ScoringError("bad_record.end_game_not_last", field="end_game")


def settle_at_table(ruleset: str, options: dict, state: TableState, record: dict) -> tuple[dict, dict]:
    """The record completed from the table and its result, checked against the game (``end_game``)."""
    return _settle_at_table(ruleset, options, validate_options(ruleset, options), state, record)


def _settle_at_table(ruleset: str, options: dict, valid: dict, state: TableState,
                     record: dict) -> tuple[dict, dict]:
    """``settle_at_table`` with the tournament's ``options`` as stored (the filled record carries
    them) and ``valid``, the same validated."""
    filled = fill_record(ruleset, options, state, record)
    result = settle_record(filled)
    _check_end_game(valid, state, filled, result)
    return filled, result


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


def seatings(ruleset: str, options: dict, results: list[dict]) -> list[tuple[int, ...]]:
    """The seating of each hand of a game, from the hands' results in order (seat changes follow only
    the dealer's rotation, which the results decide)."""
    return seating_sequence(validate_options(ruleset, options), results)


def seating_sequence(options: dict, results: list[dict]) -> list[tuple[int, ...]]:
    """``seatings`` with options already validated (``scoring.results`` has them)."""
    state = _initial_state(options)
    out = []
    for result in results:
        out.append(state.seating)
        state = _advance(options, state, result)
    return out


def by_player(values: list, seating: tuple[int, ...]) -> list:
    """Per-seat ``values`` of a hand reordered per player (their first-round seat)."""
    out = list(values)
    for seat, player in enumerate(seating):
        out[player] = values[seat]
    return out


def replay(ruleset: str, options: dict, records: list[dict]) -> tuple[list[HandStep], TableState]:
    """Settle a table's hands in order from the initial state. A ScoringError in a hand carries
    that hand's position in ``hand_index``."""
    valid = validate_options(ruleset, options)
    state = _initial_state(valid)
    steps = []
    for index, record in enumerate(records):
        try:
            filled, result = _settle_at_table(ruleset, options, valid, state, record)
        except ScoringError as error:
            error.hand_index = index
            raise
        steps.append(HandStep(filled, result, state.dealer, state.prevailing_wind, state.seating))
        state = _advance(valid, state, result, filled)
    return steps, state
