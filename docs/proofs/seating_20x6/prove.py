"""Re-runs the exhaustive searches behind the 20 x 6 bound of ``league/seating/bounds.py``.

Run from the project root (needs a C compiler, ``cc``; about a quarter of an hour on one core):

    python docs/proofs/seating_20x6/prove.py

It proves that every schedule of six sessions for 20 players repeats at least six meetings
(the sum over pairs of max(0, m - 1)), and that one repeating at most five pairs has a pair
meeting three times.  README.md beside this file gives the argument; this script builds the
cases it names, hands each to ``search.c`` and checks that none has a schedule.  As a control
it also asks for six repeat meetings, which the draw reaches, and checks what it finds.
"""

from __future__ import annotations

import itertools
import math
import pathlib
import re
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
CELLS = [(i, j) for i in range(5) for j in range(5) if i != j]
INDEX = {cell: n for n, cell in enumerate(CELLS)}
ROWS = [[INDEX[(i, j)] for j in range(5) if j != i] for i in range(5)]
COLUMNS = [[INDEX[(i, j)] for i in range(5) if i != j] for j in range(5)]


def third_sessions() -> list[list[list[int]]]:
    """Sessions sharing no pair with ROWS or COLUMNS, one per orbit of the grid's symmetries.

    Two sessions that share no pair are, up to naming the players, the rows and the columns of
    the 5 x 5 grid without its diagonal; the permutations of 0..4 applied to both coordinates,
    and the transposition, are the symmetries that keep that pair of sessions.
    """
    tables = [
        t for t in itertools.combinations(CELLS, 4) if len({c[0] for c in t}) == 4 and len({c[1] for c in t}) == 4
    ]
    by_cell = {c: [t for t in tables if c in t] for c in CELLS}
    partitions: list[tuple] = []

    def extend(used: frozenset, chosen: list) -> None:
        open_cells = [c for c in CELLS if c not in used]
        if not open_cells:
            partitions.append(tuple(sorted(chosen)))
            return
        for t in by_cell[open_cells[0]]:
            if used.isdisjoint(t):
                extend(used | set(t), [*chosen, t])

    extend(frozenset(), [])
    symmetries = [(pi, flip) for pi in itertools.permutations(range(5)) for flip in (False, True)]

    def image(session: tuple, pi: tuple, flip: bool) -> tuple:
        def move(c):
            a, b = pi[c[0]], pi[c[1]]
            return (b, a) if flip else (a, b)

        return tuple(sorted(tuple(sorted(move(c) for c in t)) for t in session))

    seen: set = set()
    representatives = []
    for session in partitions:
        if session in seen:
            continue
        orbit = {image(session, pi, flip) for pi, flip in symmetries}
        seen |= orbit
        representatives.append([[INDEX[c] for c in t] for t in min(orbit)])
    assert len(partitions) == len(seen) == 9408, "every third session lies in exactly one orbit"
    return representatives


def second_sessions(extra: int) -> list[list[list[int]]]:
    """S2 holding A = {0, 1} like S1 = tables 0-3, 4-7, ..., and ``extra`` other pairs of S1.

    Cell (i, j) of the intersection matrix counts S1's table i in S2's table j; A is in cell
    (0, 0), which holds 2; ``extra`` other cells hold 2, the rest at most 1 (a cell of 3 would
    share three pairs).  One matrix per class under permuting S1's other tables and S2's other
    tables; the players of a cell are interchangeable.
    """
    rows = [r for r in itertools.product(range(3), repeat=5) if sum(r) == 4]
    classes = set()

    def canon(m):
        return max(
            tuple(tuple(r[j] for j in (0, *pc)) for r in [m[0]] + [m[i] for i in pr])
            for pr in itertools.permutations(range(1, 5))
            for pc in itertools.permutations(range(1, 5))
        )

    def shared(row):
        return sum(math.comb(x, 2) for x in row)

    def extend(acc, sums, pairs):
        if len(acc) == 5:
            if all(s == 4 for s in sums) and pairs == 1 + extra:
                classes.add(canon(acc))
            return
        for r in rows:
            new = [a + b for a, b in zip(sums, r, strict=True)]
            if max(new) <= 4 and pairs + shared(r) <= 1 + extra:
                extend([*acc, r], new, pairs + shared(r))

    for first in rows:
        if first[0] == 2:
            extend([first], list(first), shared(first))
    s1 = [list(range(4 * i, 4 * i + 4)) for i in range(5)]
    sessions = []
    for m in sorted(classes):
        s2: list[list[int]] = [[] for _ in range(5)]
        for i in range(5):
            players = iter(s1[i])
            for j in range(5):
                s2[j].extend(next(players) for _ in range(m[i][j]))
        assert s2[0][:2] == [0, 1]
        sessions.append(s2)
    return sessions


def repeat_meetings(sessions) -> tuple[int, int, int]:
    """Repeat meetings, repeated pairs and most meetings of a pair.

    Counted here rather than by ``league.seating.report`` so that the control checks the search
    with code that shares nothing with the product.
    """
    count: dict = {}
    for session in sessions:
        assert sorted(p for t in session for p in t) == list(range(20))
        for table in session:
            for pair in itertools.combinations(sorted(table), 2):
                count[pair] = count.get(pair, 0) + 1
    repeated = [m for m in count.values() if m > 1]
    return sum(m - 1 for m in repeated), len(repeated), max(count.values())


def run(binary: pathlib.Path, args: list[str], fixed) -> str:
    text = "".join(" ".join(map(str, t)) + "\n" for session in fixed for t in session)
    return subprocess.run([str(binary), *args], input=text, capture_output=True, text=True, check=True).stdout


def found(output: str) -> int:
    return int(re.search(r"found (\d+)", output).group(1))


def first_schedule(output: str) -> list[list[list[int]]]:
    lines = output.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("schedule costing"))
    return [[list(map(int, t.split())) for t in line.split("|")] for line in lines[start + 1 : start + 4]]


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        binary = pathlib.Path(tmp) / "search"
        subprocess.run(["cc", "-O2", "-o", str(binary), str(HERE / "search.c")], check=True)
        started = time.perf_counter()
        thirds = third_sessions()
        print(f"case T: {len(thirds)} third sessions sharing no pair with the first two")
        control = 0
        for s3 in thirds:
            fixed = [ROWS, COLUMNS, s3]
            assert found(run(binary, ["T", "5", "meetings"], fixed)) == 0
            assert found(run(binary, ["T", "5", "pairs"], fixed)) == 0
            out = run(binary, ["T", "6", "meetings"], fixed)
            if found(out):
                control += 1
                assert repeat_meetings(fixed + first_schedule(out))[0] == 6
        print(f"  none at 5 repeat meetings, none at 5 repeated pairs; {control} reach 6 (control)")
        assert control > 0
        seconds = [(extra, s2) for extra in (0, 1) for s2 in second_sessions(extra)]
        print(f"case H: {len(seconds)} second sessions holding the pair meeting three times")
        s1 = [list(range(4 * i, 4 * i + 4)) for i in range(5)]
        for extra, s2 in seconds:
            out = run(binary, ["H", "5"], [s1, s2])
            print(f"  S2 sharing {extra} more pair(s) with S1: {out.strip().splitlines()[-1]}")
            assert found(out) == 0
        print(f"proved in {time.perf_counter() - started:.0f} s: no 20 x 6 schedule repeats fewer than 6 meetings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
