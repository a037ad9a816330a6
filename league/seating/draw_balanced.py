"""The ``balanced`` method: the whole schedule of a tournament drawn in advance.

1. Tables.  When an exact construction of :mod:`.designs` seats the field for all the
   sessions without a repeated pair, the tables are its parallel classes, and nobody meets
   anybody twice *by construction*: 16 players up to 5 sessions, 20 up to 5, 24 up to 7,
   28 up to 9, 32 up to 10, 36 up to 11, 40 up to 13, 44 up to 14, 52 up to 17, 64 up to 21,
   76 up to 25, 88 up to 29, 100 up to 33, 200 up to 25 and many more (see
   :func:`.designs.zero_repeat_sessions`).  With more sessions than that, a schedule at the
   counting bound is taken where one is known (:func:`.designs.covering_classes`: 24 players
   over 8 sessions meet everyone, 12 pairs twice).  Otherwise (the field has no such
   construction, e.g. 12 or 48 players, or more sessions than it has classes) the randomised
   tabu search of :mod:`.search` minimises repeated meetings, *searched*, starting from the
   classes that exist; :func:`.bounds.repeat_bounds` gives a proven lower bound to compare with.
   Players are mapped onto design points, and sessions (but a covering's, repeats last) and tables
   are ordered, by the seed.
2. Groups.  With ``groups`` (player -> club or team), same-group players at one table are
   penalised, with weight S - s in session s (0-based), so clashes are avoided wherever
   possible and, where not, pushed to the later sessions.  Repeated meetings always weigh
   more than clashes.  For designs only the labelling of points is searched, so the
   no-repeat guarantee is kept.
3. Winds.  Seats within each table are ordered by the exact equitable colouring of
   :mod:`.winds`: each player sits each wind ⌊S/4⌋ or ⌈S/4⌉ times.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .designs import covering_classes, parallel_classes
from .errors import Schedule, check_session, check_sessions, field
from .search import arrange
from .winds import balance_winds, seat_by_history

# A continuation is drawn while the tournament waits (about two seconds of pure Python).
_CONTINUE_WORK = 1_000_000


def balanced(
    players: Sequence[int],
    sessions: int,
    *,
    seed: int = 0,
    groups: Mapping[int, str] | None = None,
    substitutes: Sequence[int] = (),
    work: int | None = None,
    previous: Schedule = (),
) -> Schedule:
    """schedule[session][table] = four player ids in seat order (seat 0 = East).

    ``substitutes`` are added in order, only as many as needed to make a multiple of four.
    ``work`` bounds the local search (roughly: swaps evaluated; default 3,000,000, about
    five seconds of pure Python at most).  It is a count, not a clock, so the result is the
    same on any machine.  Fields with no repeat-free schedule use the whole budget; easy ones
    (the usual 16 to 200 players over 5 to 10 sessions) finish in well under a second.
    ``previous``: sessions already played with a different field (a late registration or
    withdrawal changed it).  They are returned unchanged as the first sessions, and the
    rest are searched against their real meetings (players no longer in the field are
    ignored); seats in the new sessions go to the winds each player has sat least.  The
    default ``work`` is smaller here (1,000,000).
    Raises :class:`SeatingError`.
    """
    check_sessions(sessions)
    ids = field(players, substitutes)
    n = len(ids)
    rng = random.Random(seed)
    group_of = _group_indices(ids, groups)
    weights = [sessions - s for s in range(sessions)]
    if previous:
        return _continue(ids, sessions, previous, rng, group_of, weights, work)

    classes = parallel_classes(n)
    # More sessions than repeat-free classes: a schedule at the counting bound, where one is known,
    # in its own order (the repeats last); the design's classes may come in any order.
    known = covering_classes(n)
    covering = len(classes) < sessions <= len(known)
    if covering:
        classes = known[:sessions]
    else:
        rng.shuffle(classes)
    for lines in classes:
        rng.shuffle(lines)
    if sessions <= len(classes):
        tables = classes[:sessions]
        label = list(range(n))
        rng.shuffle(label)  # label[point] = player index
        if group_of is not None:
            for _ in range(2):
                label = _relabel(tables, label, group_of, weights, rng)
                if not covering:
                    # Any classes of the design will do, in any order: take those with the fewest
                    # clashes under this labelling, fewest first (clashes weigh most early on).
                    clashes = [_clashes(lines, label, group_of) for lines in classes]
                    order = sorted(range(len(classes)), key=lambda c: clashes[c])[:sessions]
                    tables = [classes[c] for c in order]
        idx = [[[label[p] for p in line] for line in lines] for lines in tables]
    else:
        idx = arrange(n, sessions, rng, group_of=group_of, clash_weight=weights, start=classes, work=work)

    schedule = [[[ids[i] for i in table] for table in session] for session in idx]
    return balance_winds(schedule, seed)


def _continue(
    ids: list[int],
    sessions: int,
    previous: Schedule,
    rng: random.Random,
    group_of: list[int] | None,
    weights: list[int],
    work: int | None,
) -> Schedule:
    for s, session in enumerate(previous):
        check_session(session, s)
    out: Schedule = [[list(table) for table in session] for session in previous[:sessions]]
    fresh = sessions - len(out)
    if fresh <= 0:
        return out
    index = {pid: i for i, pid in enumerate(ids)}
    history = [[[index[p] for p in table if p in index] for table in session] for session in out]
    idx = arrange(len(ids), fresh, rng, group_of=group_of, clash_weight=weights[len(out):], history=history,
                  work=_CONTINUE_WORK if work is None else work)
    for session in idx:
        out.append(seat_by_history([[ids[i] for i in table] for table in session], out, rng))
    return out


def _group_indices(ids: list[int], groups: Mapping[int, str] | None) -> list[int] | None:
    if not groups:
        return None
    names: dict[str, int] = {}
    out = []
    for pid in ids:
        name = groups.get(pid)
        if name is None or name == "":
            out.append(-1)
        else:
            out.append(names.setdefault(name, len(names)))
    return out if any(g >= 0 for g in out) else None


def _clashes(lines: list[list[int]], label: list[int], group_of: list[int]) -> int:
    """Same-group pairs at the tables of one class under a labelling."""
    total = 0
    for line in lines:
        groups = [group_of[label[p]] for p in line]
        total += sum(1 for i in range(4) for j in range(i + 1, 4) if groups[i] >= 0 and groups[i] == groups[j])
    return total


def _relabel(
    tables: list[list[list[int]]],
    label: list[int],
    group_of: list[int],
    weights: list[int],
    rng: random.Random,
    rounds: int = 60,
    work: int = 300_000,
) -> list[int]:
    """Swap which player sits on which design point to reduce weighted group clashes.

    Tables stay lines of the design, so no pair ever meets twice.
    """
    n = len(label)
    sessions = len(tables)
    # mates[s][point] = the other three points on point's line in session s
    mates = []
    for lines in tables:
        row: list[list[int]] = [[] for _ in range(n)]
        for line in lines:
            for p in line:
                row[p] = [q for q in line if q != p]
        mates.append(row)
    point_of = [0] * n
    for p, player in enumerate(label):
        point_of[player] = p

    def clash(player: int, point: int, x: int = -1, y: int = -1) -> int:
        """Weighted clashes of ``player`` if placed on ``point``, not counting players x, y."""
        g = group_of[player]
        if g < 0:
            return 0
        total = 0
        for s in range(sessions):
            for q in mates[s][point]:
                other = label[q]
                if other != x and other != y and group_of[other] == g:
                    total += weights[s]
        return total

    def swap_gain(x: int, y: int) -> int:
        # x and y are in different groups, so the pair x, y never counts.
        px, py = point_of[x], point_of[y]
        before = clash(x, px, x, y) + clash(y, py, x, y)
        after = clash(x, py, x, y) + clash(y, px, x, y)
        return before - after

    players = list(range(n))
    for _ in range(rounds):
        improved = False
        rng.shuffle(players)
        for x in players:
            if group_of[x] < 0 or clash(x, point_of[x], -1) == 0:
                continue
            best_y, best_gain = None, 0
            for y in range(n):
                if y != x and group_of[y] != group_of[x]:
                    work -= sessions
                    gain = swap_gain(x, y)
                    if gain > best_gain:
                        best_y, best_gain = y, gain
            if best_y is not None:
                px, py = point_of[x], point_of[best_y]
                label[px], label[py] = best_y, x
                point_of[x], point_of[best_y] = py, px
                improved = True
        if not improved or work <= 0:
            break
    return label
