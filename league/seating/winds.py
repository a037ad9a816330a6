"""Seat (wind) assignment within tables that are already fixed.

Who sits at which table is decided elsewhere; here the four players of each table are put
in seat order (seat 0 = East at the start of the game, then South, West, North) so that
every player sits each wind as evenly as the number of sessions allows.

``balance_winds`` is exact.  It is an equitable edge colouring of a bipartite graph
(de Werra): one side holds the tables, the other holds each player split into blocks of
four consecutive sessions; an edge joins a player block to each table the player sits at
in those sessions.  Every vertex has degree at most four, so by König's theorem the edges
can be coloured with four colours (the winds) so that no vertex sees a colour twice.  A
table then has one player of each wind, and a player sits each wind exactly once in every
full block of four sessions and at most once in the remainder: each wind ⌊S/4⌋ or ⌈S/4⌉
times, a spread of at most one (zero when S is a multiple of four).

``seat_by_history`` is the greedy choice for one new session (Swiss draws): at each table
the seat order that gives each player the wind they have sat least.
"""

from __future__ import annotations

import random
from itertools import permutations

from .errors import TABLE_SIZE, Schedule

_PERMUTATIONS = list(permutations(range(TABLE_SIZE)))


def balance_winds(schedule: Schedule, seed: int = 0) -> Schedule:
    """The same tables, with each table's players reordered so winds are balanced."""
    rng = random.Random(seed)
    block_of: dict[tuple[int, int], int] = {}  # (player, block) -> vertex
    played: dict[int, int] = {}
    table_vertex: list[list[int]] = []
    edges: list[tuple[int, int]] = []
    vertex = 0
    for session in schedule:
        row = []
        for _table in session:
            row.append(vertex)
            vertex += 1
        table_vertex.append(row)
    for s, session in enumerate(schedule):
        for t, table in enumerate(session):
            for pid in table:
                count = played.get(pid, 0)
                played[pid] = count + 1
                key = (pid, count // TABLE_SIZE)
                if key not in block_of:
                    block_of[key] = vertex
                    vertex += 1
                edges.append((block_of[key], table_vertex[s][t]))
    # at[v][c] = the vertex joined to v by the edge coloured c, or -1.
    at = [[-1] * TABLE_SIZE for _ in range(vertex)]
    rng.shuffle(edges)
    for u, v in edges:
        free_u = [c for c in range(TABLE_SIZE) if at[u][c] < 0]
        free_v = [c for c in range(TABLE_SIZE) if at[v][c] < 0]
        common = [c for c in free_u if c in free_v]
        if common:
            colour = common[0]
        else:
            a, b = free_u[0], free_v[0]
            # Swap colours a and b along the a/b alternating path that starts at v; the graph
            # is bipartite, so the path cannot reach u, and afterwards a is free at v.
            path = []
            x, c = v, a
            while at[x][c] >= 0:
                y = at[x][c]
                path.append((x, y, c))
                x, c = y, (b if c == a else a)
            for x, y, c in path:
                at[x][c] = -1
                at[y][c] = -1
            for x, y, c in path:
                d = b if c == a else a
                at[x][d] = y
                at[y][d] = x
            colour = a
        at[u][colour] = v
        at[v][colour] = u
    # Read the colours back: the wind of player pid at table (s, t).
    played.clear()
    out: Schedule = []
    for s, session in enumerate(schedule):
        new_session = []
        for t, table in enumerate(session):
            tv = table_vertex[s][t]
            seats = [0] * TABLE_SIZE
            for pid in table:
                count = played.get(pid, 0)
                played[pid] = count + 1
                pv = block_of[(pid, count // TABLE_SIZE)]
                seats[at[tv].index(pv)] = pid
            new_session.append(seats)
        out.append(new_session)
    return out


def wind_counts(schedule: Schedule) -> dict[int, list[int]]:
    """player -> [times East, South, West, North] (seat index in the table)."""
    counts: dict[int, list[int]] = {}
    for session in schedule:
        for table in session:
            for seat, pid in enumerate(table):
                counts.setdefault(pid, [0] * TABLE_SIZE)[seat] += 1
    return counts


def seat_by_history(tables: list[list[int]], previous: Schedule, rng: random.Random) -> list[list[int]]:
    """Order each table so players get the winds they have sat least so far."""
    counts = wind_counts(previous)
    out = []
    for table in tables:
        order = list(_PERMUTATIONS)
        rng.shuffle(order)
        best, best_cost = None, None
        for perm in order:
            cost = 0
            for pid, seat in zip(table, perm, strict=True):
                c = counts.get(pid, [0] * TABLE_SIZE)
                excess = c[seat] - min(c)
                cost += excess * excess
            if best_cost is None or cost < best_cost:
                best, best_cost = perm, cost
        seats = [0] * TABLE_SIZE
        for pid, seat in zip(table, best, strict=True):
            seats[seat] = pid
        out.append(seats)
    return out
