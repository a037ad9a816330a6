"""A tournament's standings from its players' games and penalties (docs/rules.md §7).

Each player's games are added up exactly (``Fraction``); penalty points come off the game score.
Best first: players who are not disqualified before disqualified ones (they always rank last),
within each players with games before those who have not played yet, then by the tournament's
standing method — ``table_points``: sum of table points, then sum of game scores; ``score``: sum
of game scores, then average place (lower is better). Players equal on every key share the rank.
"""
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .numbers import shared_ranks

BY_SCORE = "score"  # the standing method that ranks by game score first
BY_TABLE_POINTS = "table_points"


@dataclass
class Tally:
    """One player's figures in one tournament, exact."""

    table_points: Fraction = Fraction(0)
    score: Fraction = Fraction(0)
    games: int = 0
    byes: int = 0  # sessions sat out by the director's choice, scored without a game
    place_sum: int = 0
    penalty_points: int = 0
    disqualified: bool = False

    @property
    def average_place(self) -> Fraction | None:
        return Fraction(self.place_sum, self.games) if self.games else None


def tally(*, players: Iterable[int], games: Iterable[tuple[int, Fraction, Fraction, int]],
          penalties: Iterable[tuple[int, int, bool]],
          byes: Iterable[tuple[int, Fraction, Fraction]] = (),
          totals: Iterable[tuple[int, Fraction, Fraction, int, int]] = ()) -> dict[int, Tally]:
    """player id → their tally: ``players`` (registered: listed even without games), ``games`` as
    ``(player id, table points, game score, place)``, ``penalties`` as ``(player id, points,
    disqualified)``, ``byes`` (a session sat out by the director's choice) as ``(player id, table
    points, score)``: added as the tournament scores a bye, without counting a game. ``totals``:
    games already summed per player, as ``(player id, table points, game score, games, sum of
    places)`` (``running_totals``)."""
    tallies = {player_id: Tally() for player_id in players}
    for player_id, table_points, score, games_played, place_sum in totals:
        entry = tallies.setdefault(player_id, Tally())
        entry.table_points += table_points
        entry.score += score
        entry.games += games_played
        entry.place_sum += place_sum
    for player_id, table_points, score, place in games:
        entry = tallies.setdefault(player_id, Tally())
        entry.table_points += table_points
        entry.score += score
        entry.games += 1
        entry.place_sum += place
    for player_id, table_points, score in byes:
        entry = tallies.setdefault(player_id, Tally())
        entry.table_points += table_points
        entry.score += score
        entry.byes += 1
    for player_id, points, disqualified in penalties:
        entry = tallies.setdefault(player_id, Tally())
        entry.penalty_points += points
        entry.score -= points
        entry.disqualified = entry.disqualified or disqualified
    return tallies


def sort_key(entry: Tally, method: str) -> tuple:
    """The order of the standings (smaller first) under ``method``."""
    group = (entry.disqualified, entry.games == 0 and entry.byes == 0)  # a bye is a session taken part in
    if method == BY_SCORE:
        return (*group, -entry.score, entry.average_place or 0)
    return (*group, -entry.table_points, -entry.score)


def ranked(tallies: dict[int, Tally], method: str) -> list[tuple[int, int, Tally]]:
    """``(player id, rank, tally)`` best first; equal keys share the rank, ties listed by player id.
    The keys' fractions are compared as whole numbers over their common denominator (the same
    order, without a Fraction comparison per step of the sort)."""
    keys = {player_id: sort_key(entry, method) for player_id, entry in tallies.items()}
    common = math.lcm(*{part.denominator for key in keys.values() for part in key[2:]}) if keys else 1
    whole = {player_id: (*key[:2], *(part.numerator * (common // part.denominator) for part in key[2:]))
             for player_id, key in keys.items()}
    ordered = sorted(tallies.items(), key=lambda item: (whole[item[0]], item[0]))
    ranks = shared_ranks(whole[player_id] for player_id, _entry in ordered)
    return [(player_id, rank, entry) for (player_id, entry), rank in zip(ordered, ranks, strict=True)]


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of fractions, added as whole numbers over their common denominator (one
    Fraction made, not one per addition)."""
    values = list(values)
    common = math.lcm(*(value.denominator for value in values)) if values else 1
    return Fraction(sum(value.numerator * (common // value.denominator) for value in values), common)


def running_totals(totals: dict[int, list], games: Iterable[tuple[int, Fraction, Fraction, int]], *,
                   sign: int = 1) -> None:
    """Add (``sign`` 1) or take away (−1) ``games`` as in ``tally`` to/from ``totals`` (player id →
    ``[table points, game score, games, sum of places]``, changed in place); a player left without
    games is removed. Taking away a game of a player who has none raises ValueError (the totals do
    not hold the games taken away)."""
    by_player: dict[int, list] = {}
    for player_id, table_points, score, place in games:
        if sign < 0 and player_id not in totals:
            raise ValueError(f"player {player_id} has no games to take away")
        entry = by_player.setdefault(player_id, [[], [], 0, 0])
        entry[0].append(table_points)
        entry[1].append(score)
        entry[2] += 1
        entry[3] += place
    for player_id, (table_points, score, games_played, places) in by_player.items():
        before = totals.get(player_id)
        if before is not None:
            table_points.append(before[0] if sign > 0 else -before[0])
            score.append(before[1] if sign > 0 else -before[1])
        entry = [exact_sum(table_points) if sign > 0 else -exact_sum(table_points),
                 exact_sum(score) if sign > 0 else -exact_sum(score),
                 sign * games_played + (before[2] if before else 0), sign * places + (before[3] if before else 0)]
        if entry[2] < 0:
            raise ValueError(f"player {player_id} has fewer games than taken away")
        if entry[2] == 0:
            totals.pop(player_id, None)
        else:
            totals[player_id] = entry
