"""MCR hands valued per second through our engine (``scoring.handvalue.value``, engine ``mcr``) beside
bare PyMahjongGB on the same hands: random winning hands (tests/mcr_hands.py, seeded), the bare
library given its arguments ready-made (the yardstick), our engine given the record as the API
receives it (reading and checking it, the library's call, the answer with its elements and explain).

Run: .venv/bin/python bench/mcr_handvalue.py [--seconds 2] [--rounds 3] [--hands 500] [--seed 41]
     [--only ours|bare]   (one side alone, for farm-bench's whole-process --vs comparison)

Rates are per CPU second of this process (steadier than the clock on a shared machine), each the best
of ``--rounds`` rounds, ours and bare alternating so that both see the same load. ``warm``: the
same hands over and over, so records and the library's answers seen before are remembered (a
referee correcting one tile at a time, a tournament's hands repeating); ``cold``: ``--fresh``
distinct hands valued once each after every memory of the engine was emptied. Target: ours ≥
0.5 × bare. ``--only`` runs one side over the hands ``--rounds`` times, warm.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from MahjongGB import MahjongFanCalculator  # noqa: E402

from scoring.handvalue import mcr, riichi, value  # noqa: E402
from tests.mcr_hands import bare_arguments, random_hand  # noqa: E402


def clear() -> None:
    """Empty every memory of the engine: the library's answers, the records and their parts read."""
    for cache in (mcr._elements, mcr._valued, mcr._counts_of, riichi.meld_shape, mcr._standing, mcr._counted):
        cache.cache_clear()
    mcr._READ.clear()
    mcr._SITUATIONS.clear()


def run(calls: list, seconds: float) -> float:
    """Hands per CPU second, calling ``calls`` over and over for ``seconds``."""
    count = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for call in calls:
            call()
            count += 1
    return count / (time.process_time() - cpu)


def once(calls: list) -> float:
    """Hands per CPU second, calling each of ``calls`` once."""
    cpu = time.process_time()
    for call in calls:
        call()
    return len(calls) / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--fresh", type=int, default=20000, help="distinct hands for the cold figure")
    parser.add_argument("--only", choices=("ours", "bare"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    arguments = [bare_arguments(hand) for hand in hands]
    ours = [lambda hand=hand: value(hand) for hand in hands]
    bare = [lambda a=a: MahjongFanCalculator(**a, verbose=True) for a in arguments]
    assert all(value(hand).get("won") for hand in hands)

    if args.only:
        calls = ours if args.only == "ours" else bare
        for _ in range(args.rounds):
            for call in calls:
                call()
        return

    fresh = [random_hand(rng) for _ in range(args.fresh)]
    fresh_ours = [lambda hand=hand: value(hand) for hand in fresh]
    fresh_arguments = [bare_arguments(hand) for hand in fresh]
    fresh_bare = [lambda a=a: MahjongFanCalculator(**a, verbose=True) for a in fresh_arguments]

    best = {"bare": 0.0, "ours warm": 0.0, "bare fresh": 0.0, "ours cold": 0.0}
    for _ in range(args.rounds):
        best["bare"] = max(best["bare"], run(bare, args.seconds))
        best["ours warm"] = max(best["ours warm"], run(ours, args.seconds))
        best["bare fresh"] = max(best["bare fresh"], once(fresh_bare))
        clear()
        best["ours cold"] = max(best["ours cold"], once(fresh_ours))
    print(f"per CPU second, best of {args.rounds} rounds; warm: {args.hands} hands over and over for "
          f"{args.seconds:g} s; cold: {args.fresh} distinct hands once each, the engine's memory emptied first")
    for name, yardstick in (("ours warm", "bare"), ("ours cold", "bare fresh")):
        print(f"  {yardstick:10} {best[yardstick]:10.0f} hands/s")
        print(f"  {name:10} {best[name]:10.0f} hands/s   {best[name] / best[yardstick]:.2f} × bare")


if __name__ == "__main__":
    main()
