"""Benchmark of the ``balanced`` seat draw on the target field sizes.

Run from the project root:  .venv/bin/python bench/seating.py [seed] [work]

Prints, per players x sessions: how the tables were made (``exact``: a construction of
league.seating.designs, no repeat by construction; ``cover``: a schedule of designs at the
counting bound on repeats; ``search``: the tabu search), repeated
pairs and the proven lower bound for them, repeat meetings (Σ max(0, m - 1)) and their
bound, the most meetings of one pair, the wind spread, and the wall time of the whole draw
(the design caches are cleared first, so each time includes building its construction).
``work`` is the search budget (default: the draw's own default).
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from league import seating  # noqa: E402
from league.seating import designs  # noqa: E402
from league.seating.bounds import repeat_bounds  # noqa: E402

CASES = [
    (12, 3),
    (16, 5),
    (20, 5), (20, 6),
    (24, 6),
    (24, 7), (24, 8),
    (28, 7), (28, 8), (28, 9),
    (32, 8), (32, 9), (32, 10),
    (36, 6), (36, 11),
    *[(40, s) for s in range(8, 14)],
    (44, 12), (44, 14),
    (52, 14), (52, 17),
    *[(64, s) for s in range(8, 22)],
    (76, 25), (88, 29), (100, 25), (100, 33), (136, 45),
    (128, 10),
    (200, 8),
]


def main(seed: int = 0, work: int | None = None) -> int:
    header = ("players x sessions", "method", "repeated", "bound", "extra", "bound", "max_meet", "wind", "time s")
    print("{:>18} {:>7} {:>9} {:>6} {:>6} {:>6} {:>9} {:>5} {:>7}".format(*header))
    worst = 0.0
    for n, sessions in CASES:
        designs._best.cache_clear()
        players = list(range(1, n + 1))
        start = time.perf_counter()
        schedule = seating.balanced(players, sessions, seed=seed, work=work)
        elapsed = time.perf_counter() - start
        worst = max(worst, elapsed)
        method = ("exact" if sessions <= designs.zero_repeat_sessions(n)
                  else "cover" if sessions <= len(designs.covering_classes(n)) else "search")
        r = seating.report(schedule)
        b = repeat_bounds(n, sessions)
        print(
            f"{f'{n} x {sessions}':>18} {method:>7} {r['repeated_pairs']:>9} {b['repeated_pairs']:>6} "
            f"{r['repeat_meetings']:>6} {b['repeat_meetings']:>6} {r['max_meetings']:>9} {r['wind_spread']:>5} "
            f"{elapsed:>7.2f}",
            flush=True,
        )
    print(f"slowest: {worst:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 0, int(sys.argv[2]) if len(sys.argv) > 2 else None))
