"""Randomised local search for table groupings (who sits with whom in each session).

This is the "social golfer" problem with groups of four: split N = 4k players into k tables
in each of S sessions so that no pair meets twice.  Where that is impossible the search
minimises S * (repeat meetings, Σ max(0, m - 1)) + Σ C(m, 2) over pairs (m = times the
pair meets): first as few repeat meetings as possible ("maximum socialisation"), then the
unavoidable ones spread so that no pair meets much more often than the others.
Optionally it also keeps players of one group (club, team) apart, more strongly in
earlier sessions.  It stops early when it reaches the proven bound of :mod:`.bounds`.

Method (after Dotú and Van Hentenryck's tabu search for the social golfer problem):
a greedy start builds each session table by table from the players who have met the
table least; then each step looks at the players in conflict (share a table with someone
they meet again, or with someone from their group; a random sample when there are very
many), tries swapping each with every player at another table of that session, and makes
the best swap that is not tabu (ties broken at random).  When
the search stalls it returns to the best seating found so far and shakes it with a few
random swaps.  It stops at a proven lower bound or after a fixed amount of work, so the
result depends only on the inputs and the seed, never on the clock.

Everything here works on player indices 0 .. N-1; callers map ids.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .bounds import repeat_bounds
from .errors import TABLE_SIZE

IndexSchedule = list[list[list[int]]]

_SAMPLE = 1000
_FRUITLESS_RESTARTS = 150
_STALL = 300
_TENURE = (4, 30)


def repeat_lower_bound(n: int, sessions: int) -> int:
    """A lower bound of the sum over pairs of C(m, 2).

    Each player has 3 meetings per session to spread over n - 1 others; the sum of C(m, 2)
    over their partners is smallest when the meetings are spread evenly.
    """
    if n <= 1:
        return 0
    total = (TABLE_SIZE - 1) * sessions
    q, r = divmod(total, n - 1)
    per_player = r * (q + 1) * q // 2 + (n - 1 - r) * q * (q - 1) // 2
    return n * per_player // 2


class _State:
    def __init__(
        self,
        n: int,
        schedule: IndexSchedule,
        group_of: Sequence[int] | None,
        clash_weight: Sequence[int],
        base: list[int] | None = None,
        base_sessions: int = 0,
    ):
        self.n = n
        self.base, self.base_sessions = base, base_sessions
        self.tables = [[list(t) for t in session] for session in schedule]
        self.group_of = list(group_of) if group_of is not None else None
        self.clash_weight = list(clash_weight)
        self.repeat_weight = 6 * max(self.clash_weight, default=0) + 1 if self.group_of else 1
        self.spread_weight = max(len(schedule) + base_sessions, 1)
        self.pos = []
        self.meet = list(base) if base is not None else [0] * (n * n)
        for session in self.tables:
            where = [0] * n
            for t, table in enumerate(session):
                for p in table:
                    where[p] = t
                for i in range(TABLE_SIZE):
                    for j in range(i + 1, TABLE_SIZE):
                        self._bump(table[i], table[j], 1)
            self.pos.append(where)
        self.bad = {a * n + b for a in range(n) for b in range(a + 1, n) if self.meet[a * n + b] > 1}
        self.cost = self.repeat_weight * self.repeat_cost() + self.clash_cost()

    def _bump(self, a: int, b: int, delta: int) -> None:
        self.meet[a * self.n + b] += delta
        self.meet[b * self.n + a] += delta

    def repeat_cost(self) -> int:
        """W * (repeat meetings) + Σ C(m, 2): first as few repeats as possible, then spread evenly."""
        n, meet, w = self.n, self.meet, self.spread_weight
        total = 0
        for a in range(n):
            row = a * n
            for b in range(a + 1, n):
                m = meet[row + b]
                if m > 1:
                    total += w * (m - 1) + m * (m - 1) // 2
        return total

    def clash_cost(self) -> int:
        g = self.group_of
        if g is None:
            return 0
        total = 0
        for s, session in enumerate(self.tables):
            w = self.clash_weight[s]
            if not w:
                continue
            for table in session:
                for i in range(TABLE_SIZE):
                    gi = g[table[i]]
                    if gi < 0:
                        continue
                    for j in range(i + 1, TABLE_SIZE):
                        if g[table[j]] == gi:
                            total += w
        return total

    def conflicted(self) -> list[tuple[int, int]]:
        """(session, player) for every player in conflict in that session, in a fixed order."""
        n = self.n
        found: set[tuple[int, int]] = set()
        for key in self.bad:
            a, b = divmod(key, n)
            for s, where in enumerate(self.pos):
                if where[a] == where[b]:
                    found.add((s, a))
                    found.add((s, b))
        g = self.group_of
        if g is not None:
            for s, session in enumerate(self.tables):
                if not self.clash_weight[s]:
                    continue
                for table in session:
                    for i in range(TABLE_SIZE):
                        gi = g[table[i]]
                        if gi < 0:
                            continue
                        for j in range(i + 1, TABLE_SIZE):
                            if g[table[j]] == gi:
                                found.add((s, table[i]))
                                found.add((s, table[j]))
        return sorted(found)

    def swap_delta(self, s: int, x: int, y: int) -> int:
        n, meet = self.n, self.meet
        t1 = self.tables[s][self.pos[s][x]]
        t2 = self.tables[s][self.pos[s][y]]
        xr, yr = x * n, y * n
        d = r = 0
        for a in t1:
            if a != x:
                gain, lose = meet[yr + a], meet[xr + a]
                d += gain - lose + 1
                r += (gain >= 1) - (lose >= 2)
        for b in t2:
            if b != y:
                gain, lose = meet[xr + b], meet[yr + b]
                d += gain - lose + 1
                r += (gain >= 1) - (lose >= 2)
        d = (d + r * self.spread_weight) * self.repeat_weight
        g = self.group_of
        if g is not None and self.clash_weight[s]:
            gx, gy = g[x], g[y]
            c = 0
            for a in t1:
                if a != x and g[a] >= 0:
                    c += (g[a] == gy) - (g[a] == gx)
            for b in t2:
                if b != y and g[b] >= 0:
                    c += (g[b] == gx) - (g[b] == gy)
            d += c * self.clash_weight[s]
        return d

    def swap(self, s: int, x: int, y: int, delta: int) -> None:
        i1, i2 = self.pos[s][x], self.pos[s][y]
        t1, t2 = self.tables[s][i1], self.tables[s][i2]
        for a in t1:
            if a != x:
                self._bump(x, a, -1)
                self._bump(y, a, 1)
                self._mark(x, a)
                self._mark(y, a)
        for b in t2:
            if b != y:
                self._bump(y, b, -1)
                self._bump(x, b, 1)
                self._mark(y, b)
                self._mark(x, b)
        t1[t1.index(x)] = y
        t2[t2.index(y)] = x
        self.pos[s][x], self.pos[s][y] = i2, i1
        self.cost += delta

    def _mark(self, a: int, b: int) -> None:
        key = a * self.n + b if a < b else b * self.n + a
        if self.meet[key] > 1:
            self.bad.add(key)
        else:
            self.bad.discard(key)

    def snapshot(self) -> IndexSchedule:
        return [[list(t) for t in session] for session in self.tables]


def greedy_session(
    n: int,
    meet: list[int],
    rng: random.Random,
    group_of: Sequence[int] | None = None,
    clash_weight: int = 0,
    repeat_weight: int = 1,
) -> list[list[int]]:
    """One session built table by table, adding the player who has met the table least."""
    order = list(range(n))
    rng.shuffle(order)
    session = []
    while order:
        table = [order.pop()]
        while len(table) < TABLE_SIZE:
            best_i, best = 0, None
            for i, c in enumerate(order):
                score = repeat_weight * sum(meet[c * n + t] for t in table)
                if group_of is not None and clash_weight and group_of[c] >= 0:
                    score += clash_weight * sum(group_of[t] == group_of[c] for t in table)
                if best is None or score < best:
                    best_i, best = i, score
                    if score == 0:
                        break
            table.append(order.pop(best_i))
        session.append(table)
    return session


def arrange(
    n: int,
    sessions: int,
    rng: random.Random,
    *,
    group_of: Sequence[int] | None = None,
    clash_weight: Sequence[int] | None = None,
    start: IndexSchedule | None = None,
    work: int | None = None,
    history: Sequence[Sequence[Sequence[int]]] = (),
) -> IndexSchedule:
    """Table groupings for n players (n a multiple of 4) over the given sessions.

    ``start`` may give the first sessions (e.g. from an exact design); the rest are built
    greedily before the search.  ``work`` bounds the number of swaps evaluated.
    ``history``: sessions already played (tables of player indices, possibly incomplete:
    players who were not there are left out); their meetings count, but they are not
    changed and not returned.
    """
    if clash_weight is None:
        clash_weight = [sessions - s for s in range(sessions)] if group_of is not None else [0] * sessions
    if group_of is not None and not any(g >= 0 for g in group_of):
        group_of = None
    base = None
    if history:
        base = [0] * (n * n)
        for session in history:
            for table in session:
                for a in table:
                    for b in table:
                        if a != b:
                            base[a * n + b] += 1
    nb = len(history)
    schedule: IndexSchedule = [[list(t) for t in session] for session in (start or [])][:sessions]
    state = _State(n, schedule, group_of, clash_weight[: len(schedule)], base, nb)
    rw = 6 * max(clash_weight, default=0) + 1 if group_of is not None else 1
    for s in range(len(schedule), sessions):
        schedule.append(greedy_session(n, state.meet, rng, group_of, clash_weight[s], rw))
        state = _State(n, schedule, group_of, clash_weight[: s + 1], base, nb)
    if n <= TABLE_SIZE:
        return schedule
    if base is not None:
        # Nothing can undo the repeats already played: the target is no new one.
        before = _State(n, [], None, [], base, nb + sessions)
        target = state.repeat_weight * before.cost
    else:
        bound = repeat_bounds(n, sessions)["repeat_meetings"]
        target = state.repeat_weight * (state.spread_weight * bound + repeat_lower_bound(n, sessions))
    if work is None:
        work = 3_000_000
    return _tabu(state, target, rng, work)


def _tabu(state: _State, target: int, rng: random.Random, work: int) -> IndexSchedule:
    n = state.n
    sessions = len(state.tables)
    best_cost, best = state.cost, state.snapshot()
    tabu = [[0] * n for _ in range(sessions)]
    stall_limit = _STALL + 2 * n
    sample_size = _SAMPLE
    it = stall = fruitless = 0
    while state.cost > target and work > 0:
        it += 1
        conflicted = state.conflicted()
        if not conflicted:
            break  # only clashes that cannot be weighed remain
        work -= 40 + 4 * len(conflicted)  # the bookkeeping of a step
        if len(conflicted) > sample_size:
            conflicted = rng.sample(conflicted, sample_size)
        move, move_delta, ties = None, None, 0
        for s, x in conflicted:
            home = state.pos[s][x]
            x_tabu = tabu[s][x] > it
            for t, table in enumerate(state.tables[s]):
                if t == home:
                    continue
                for y in table:
                    work -= 1
                    d = state.swap_delta(s, x, y)
                    if (x_tabu or tabu[s][y] > it) and state.cost + d >= best_cost:
                        continue
                    if move_delta is None or d < move_delta:
                        move, move_delta, ties = (s, x, y), d, 1
                    elif d == move_delta:
                        ties += 1
                        if rng.randrange(ties) == 0:
                            move = (s, x, y)
        if move is None:
            stall = stall_limit
        else:
            s, x, y = move
            state.swap(s, x, y, move_delta)
            tenure = _TENURE[0] + rng.randrange(_TENURE[1])
            tabu[s][x] = it + tenure
            tabu[s][y] = it + tenure
            if state.cost < best_cost:
                best_cost, best = state.cost, state.snapshot()
                stall = fruitless = 0
            else:
                stall += 1
        if stall >= stall_limit:
            fruitless += 1
            if fruitless > _FRUITLESS_RESTARTS:
                break
            # Restart from the best seating, shaken by a few random swaps.
            state = _State(n, best, state.group_of, state.clash_weight, state.base, state.base_sessions)
            for _ in range(2 + rng.randrange(3)):
                s = rng.randrange(sessions)
                x, y = rng.sample(range(n), 2)
                if state.pos[s][x] != state.pos[s][y]:
                    state.swap(s, x, y, state.swap_delta(s, x, y))
            work -= n * n * sessions  # rebuilding the state is not free
            tabu = [[0] * n for _ in range(sessions)]
            stall = 0
    return best
