"""Hands valued per second, per ruleset, from the public vector hands (repeated and mutated, seeded).

Run: .venv/bin/python bench/handvalue.py [--seconds 2] [--seed 1]
"""

import argparse
import copy
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.handvalue import value  # noqa: E402

# ../shared beside the checkout (the main checkout and the worktrees sit at different depths).
SHARED = next(
    (p / "shared" for p in Path(__file__).resolve().parents if (p / "shared" / "vectors").is_dir()), Path("shared")
)
VECTORS = SHARED / "vectors" / "handvalue_public.jsonl"
WINDS = "ESWN"


def hands() -> list[dict]:
    with VECTORS.open(encoding="utf-8") as handle:
        return [json.loads(line)["hand"] for line in handle if line.strip()]


def mutate(hand: dict, rng: random.Random) -> dict:
    """Same tiles, other circumstances: winds for DMJL, situation flags for riichi."""
    hand = copy.deepcopy(hand)
    if hand["ruleset"] == "dmjl-classical":
        hand["seat_wind"] = rng.choice(WINDS)
        hand["prevailing_wind"] = rng.choice(WINDS)
        hand["options"] = {"upper_limit": rng.choice([0, 500, 1000, 5000])}
    else:
        situation = dict(hand.get("situation", {}))
        situation["seat_wind"] = rng.choice(WINDS)
        situation["round_wind"] = rng.choice(WINDS)
        if rng.random() < 0.3:
            situation["riichi"] = True
        hand["situation"] = situation
    return hand


def bench(ruleset: str, pool: list[dict], seconds: float, rng: random.Random) -> tuple[int, float, int]:
    records = [mutate(h, rng) for h in pool for _ in range(20)]
    rng.shuffle(records)
    count = errors = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for record in records:
            if "error" in value(record):
                errors += 1
            count += 1
    elapsed = time.perf_counter() - start
    return count, elapsed, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    all_hands = hands()
    for ruleset in ("dmjl-classical", "riichi-ema"):
        pool = [h for h in all_hands if h["ruleset"] == ruleset]
        count, elapsed, errors = bench(ruleset, pool, args.seconds, rng)
        print(
            f"{ruleset:15s} {count / elapsed:10.0f} hands/s "
            f"({count} hands in {elapsed:.2f} s, {len(pool)} distinct tile sets, {errors} errors)"
        )


if __name__ == "__main__":
    main()
