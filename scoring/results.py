"""A table's game result: totals, final points, game scores, places and table points (docs/rules.md §7).

Shares of tied players (table points, uma, the top bonus, leftover deposits) are exact: table points
are always ``Fraction``; scores and final points are ``int`` unless a share does not divide evenly,
in which case that seat's value is a ``Fraction``.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .flow import by_player, seating_sequence
from .numbers import exact, shares
from .options import ruleset_module, validate_options

__all__ = ["GameResult", "game_result", "settled_game", "hand_amounts", "places", "shares", "table_points"]


@dataclass(frozen=True, slots=True)
class GameResult:
    totals: list[int]  # sum of balances per seat
    adjustments: list[int]  # sum of adjustments (EMA chombo, MCR fines) per seat
    final_points: list[int | Fraction]  # the Chinese rulesets: the totals (plus MCR's fines)
    scores: list[int | Fraction]
    places: list[int]  # 1-4, tied seats share the better place
    table_points: list[int | Fraction]
    # A points game's riichi deposits left on the table at the end, each seat's share (the first
    # place's): part of its final points, shown with them so the score can be followed.
    leftover: list[int | Fraction] = field(default_factory=lambda: [0, 0, 0, 0])


def hand_amounts(result: dict) -> list[int]:
    """What one hand moves each seat's score by, as the score sheet shows it (its live preview and its
    list of hands alike): the balances plus the adjustments (EMA chombo) counted off the final result."""
    balances = list(result.get("balances") or [0, 0, 0, 0])
    adjustments = list(result.get("adjustments") or [0] * len(balances))
    return [b + a for b, a in zip(balances, adjustments, strict=True)]


def table_points(scores: list, scheme: Sequence[int | Fraction] = (4, 2, 1, 0)) -> list[int | Fraction]:
    """Table points by rank; ties share the points of the places they cover (two first: 3 each)."""
    return shares(scores, scheme)


def places(keys: list) -> list[int]:
    return [1 + sum(other > key for other in keys) for key in keys]


def game_result(ruleset: str, options: dict, results: list[dict]) -> GameResult:
    """The result of one table's game from its hands' results, in order, per player (the seat each
    took in the first wind round: the same as the hands' seats unless ``seat_change`` moves them).

    A ``table_points`` game (the Chinese rulesets): score = sum of balances plus adjustments (MCR's
    fines). A ``points`` game: final points = start + balances, the deposits left on the table going
    to the first place(s), and the ruleset's ``game_scores`` makes the scores (``riichi-ema``: final −
    start + uma + adjustments;
    ``japanese-classic``: final points rounded to thousands plus the shared top bonus, score = final −
    start − top_bonus / 4). Places and table points come from one ordering, the final points (the
    points before a chombo's adjustment, as the EMA places players), table points by the
    ``table_points`` option in every ruleset.
    """
    options = validate_options(ruleset, options)
    if options.get("seat_change"):
        # Seats are players' first-round seats: each hand's balances are moved to its players.
        results = [
            {**r, "balances": by_player(r["balances"], seating), "adjustments": by_player(r["adjustments"], seating)}
            for r, seating in zip(results, seating_sequence(options, results), strict=True)
        ]
    totals = [sum(r["balances"][s] for r in results) for s in range(4)]
    adjustments = [sum(r["adjustments"][s] for r in results) for s in range(4)]
    sticks = results[-1]["riichi_sticks"] if results and ruleset_module(ruleset).GAME == "points" else 0
    return settled_game(ruleset, options, totals, adjustments, sticks)


def settled_game(ruleset: str, options: dict, totals: list[int], adjustments: list[int],
                 riichi_sticks: int = 0) -> GameResult:
    """``game_result`` from what it needs of the hands when no ``seat_change`` moves the players:
    the sums of their balances and adjustments per seat and the deposits left on the table after
    the last hand (``riichi_sticks``, a ``points`` game's only); ``options`` already validated. The
    standings' recomputation sums the hands in the database and calls this per table."""
    module = ruleset_module(ruleset)
    shares_left: list = [0, 0, 0, 0]
    if module.GAME == "table_points":
        # The sum of the balances, less any points taken off the score (MCR's fines, docs/rules.md
        # §6a; the other Chinese rulesets have none).
        final: list = [t + a for t, a in zip(totals, adjustments, strict=True)]
        scores: list = list(final)
    else:
        # A points game: final points from the start, the deposits left on the table to the top; the
        # ruleset turns them into scores (uma, rounding, a top bonus: its ``game_scores``).
        start = options["start_points"]
        leftover = riichi_sticks * options["riichi_deposit"]
        raw = [start + t for t in totals]
        top = max(raw)
        winners = [s for s in range(4) if raw[s] == top]
        shares_left = [exact(Fraction(leftover, len(winners))) if s in winners else 0 for s in range(4)]
        final = [Fraction(p) + shares_left[s] for s, p in enumerate(raw)]
        final, scores = module.game_scores(final, options, adjustments)
        final = [exact(p) for p in final]
        scores = [exact(s) for s in scores]
    return GameResult(
        totals=totals,
        adjustments=adjustments,
        final_points=final,
        scores=scores,
        places=places(final),
        # One ordering for both: a chombo comes off the score after the places are set (EMA).
        table_points=table_points(final, options["table_points"]),
        leftover=shares_left,
    )
