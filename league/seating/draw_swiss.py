"""The ``swiss`` method: the next session drawn from the current standings.

Players are seated strongest together: the leader with the next three, and so on down the
standings, except that players who have already met are kept apart where possible.

1. A depth-first search builds the tables from the top.  Each table takes the best-placed
   unseated player and three others from a window of the next few; the candidate trios are
   tried in order of how little they disturb the standings (sum of places, then the
   higher-placed first), and a trio is allowed only if nobody at the table has met.  The
   search backtracks when a later table cannot be filled, within a fixed budget.
2. If that finds nothing (late in a small event repeats can be unavoidable), a local
   search over swaps minimises ``R * (previous meetings at the same table) + Σ (table
   distance from the standings)²``, starting from the straight standings order.
3. Seats: each table is ordered to give each player the wind they have sat least
   (:func:`.winds.seat_by_history`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from .errors import TABLE_SIZE, Schedule, SeatingError, check_session, check_unique
from .winds import seat_by_history

_WINDOW = 14
_NODE_BUDGET = 200_000


def previous_meetings(previous: Schedule) -> Counter[tuple[int, int]]:
    met: Counter[tuple[int, int]] = Counter()
    for s, session in enumerate(previous):
        check_session(session, s)
        for table in session:
            for a, b in combinations(table, 2):
                met[(a, b) if a < b else (b, a)] += 1
    return met


def swiss(
    players_in_standing_order: Sequence[int],
    previous: Schedule,
    *,
    seed: int = 0,
) -> list[list[int]]:
    """The next session's tables (seat 0 = East), best-placed players at the first table.

    ``players_in_standing_order`` is everybody who sits in the next session, leader first
    (substitutes included: the caller decides their place); the count must be a multiple
    of four.  ``previous`` is the sessions played so far.
    """
    order = list(players_in_standing_order)
    check_unique(order)
    if len(order) < TABLE_SIZE:
        raise SeatingError("too_few_players", f"a table needs {TABLE_SIZE} players; there are {len(order)}")
    if len(order) % TABLE_SIZE:
        raise SeatingError("not_multiple_of_four", f"{len(order)} players cannot fill tables of {TABLE_SIZE}")
    rng = random.Random(seed)
    met = previous_meetings(previous)

    def have_met(a: int, b: int) -> bool:
        return met.get((a, b) if a < b else (b, a), 0) > 0

    tables = _depth_first(order, have_met)
    if tables is None:
        tables = _least_repeats(order, met, rng)
    return seat_by_history(tables, previous, rng)


def _trios(width: int) -> list[tuple[int, int, int]]:
    return sorted(combinations(range(width), 3), key=lambda c: (sum(c), c))


def _depth_first(order: list[int], have_met) -> list[list[int]] | None:
    trios = {w: _trios(w) for w in range(3, _WINDOW + 1)}
    budget = [_NODE_BUDGET]
    chosen: list[list[int]] = []

    def place(remaining: list[int]) -> bool:
        if not remaining:
            return True
        anchor, rest = remaining[0], remaining[1:]
        window = rest[:_WINDOW]
        for trio in trios[len(window)]:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            members = [anchor] + [window[i] for i in trio]
            if any(have_met(a, b) for a, b in combinations(members, 2)):
                continue
            taken = set(trio)
            chosen.append(members)
            if place([p for i, p in enumerate(window) if i not in taken] + rest[_WINDOW:]):
                return True
            chosen.pop()
            if budget[0] < 0:
                return False
        return False

    return chosen if place(order) else None


def _least_repeats(order: list[int], met: Counter[tuple[int, int]], rng: random.Random) -> list[list[int]]:
    n = len(order)
    k = n // TABLE_SIZE
    weight = k * k * TABLE_SIZE + 1  # one meeting avoided beats any shift in the standings
    tables = [order[t * TABLE_SIZE : (t + 1) * TABLE_SIZE] for t in range(k)]
    ideal = {p: i // TABLE_SIZE for i, p in enumerate(order)}

    def meet(a: int, b: int) -> int:
        return met.get((a, b) if a < b else (b, a), 0)

    def table_cost(members: list[int], t: int) -> int:
        c = sum(meet(a, b) for a, b in combinations(members, 2)) * weight
        return c + sum((t - ideal[p]) ** 2 for p in members)

    costs = [table_cost(tb, t) for t, tb in enumerate(tables)]
    improved = True
    while improved:
        improved = False
        pairs = [(t1, t2) for t1 in range(k) for t2 in range(t1 + 1, k)]
        rng.shuffle(pairs)
        for t1, t2 in pairs:
            best = None
            for i in range(TABLE_SIZE):
                for j in range(TABLE_SIZE):
                    a = tables[t1][:i] + [tables[t2][j]] + tables[t1][i + 1 :]
                    b = tables[t2][:j] + [tables[t1][i]] + tables[t2][j + 1 :]
                    ca, cb = table_cost(a, t1), table_cost(b, t2)
                    gain = costs[t1] + costs[t2] - ca - cb
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, a, b, ca, cb)
            if best is not None:
                _, tables[t1], tables[t2], costs[t1], costs[t2] = best
                improved = True
    # Keep the standings order inside each table and of the tables themselves.
    rank = {p: i for i, p in enumerate(order)}
    for tb in tables:
        tb.sort(key=rank.__getitem__)
    tables.sort(key=lambda tb: rank[tb[0]])
    return tables
