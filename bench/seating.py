"""Benchmark of the ``balanced`` seat draw on the target field sizes.

Run from the project root:  .venv/bin/python bench/seating.py [seed]

Prints, per players x sessions: repeated pairs, repeat meetings, most meetings of one pair,
wind spread, and the wall time of the draw.
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from league import seating  # noqa: E402

CASES = [(16, 5), (36, 6), (64, 8), (128, 10), (200, 8)]


def main(seed: int = 0) -> int:
    header = ("players x sessions", "repeated", "extra", "max_meet", "wind", "time s")
    print("{:>18} {:>9} {:>6} {:>9} {:>5} {:>7}".format(*header))
    worst = 0.0
    for n, sessions in CASES:
        players = list(range(1, n + 1))
        start = time.perf_counter()
        schedule = seating.balanced(players, sessions, seed=seed)
        elapsed = time.perf_counter() - start
        worst = max(worst, elapsed)
        r = seating.report(schedule)
        print(
            f"{f'{n} x {sessions}':>18} {r['repeated_pairs']:>9} {r['repeat_meetings']:>6} "
            f"{r['max_meetings']:>9} {r['wind_spread']:>5} {elapsed:>7.2f}"
        )
    print(f"slowest: {worst:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
