"""Settlement throughput: 100,000 random valid hand records of all four rulesets (seeded),
settled in one process; prints settlements per second. Run: ``.venv/bin/python bench/settle.py``."""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scoring  # noqa: E402

COUNT = 100_000


def classical(rng: random.Random) -> dict:
    values = [rng.choice((0, 8, 24, 100, 300, 1200, 6000)) for _ in range(4)]
    winner = rng.randrange(4)
    values[winner] += 100
    record = {
        "ruleset": "dmjl-classical",
        "dealer": rng.randrange(4),
        "outcome": "win",
        "winner": winner,
        "hand_values": values,
    }
    if rng.random() < 0.2:
        record["penalties"] = [{"type": "dead_hand", "seat": (winner + 1) % 4}]
    return record


def hke(rng: random.Random) -> dict:
    winner = rng.randrange(4)
    record = {
        "ruleset": "dmjl-hke",
        "dealer": rng.randrange(4),
        "outcome": "win",
        "winner": winner,
        "fan": rng.randrange(12),
        "win_type": "self_draw",
    }
    if rng.random() < 0.6:
        record["win_type"], record["discarder"] = "discard", (winner + rng.randrange(1, 4)) % 4
    return record


def riichi(rng: random.Random) -> dict:
    winner = rng.randrange(4)
    record = {
        "ruleset": "riichi-ema",
        "dealer": rng.randrange(4),
        "outcome": "win",
        "wins": [{"seat": winner, "han": rng.randrange(1, 14), "fu": rng.choice((25, 30, 40, 52))}],
        "win_type": "self_draw",
        "riichi": [winner] if rng.random() < 0.5 else [],
        "riichi_sticks": rng.randrange(3),
        "honba": rng.randrange(3),
    }
    if rng.random() < 0.6:
        record["win_type"], record["discarder"] = "discard", (winner + rng.randrange(1, 4)) % 4
    if rng.random() < 0.2:
        record = {
            "ruleset": "riichi-ema",
            "dealer": record["dealer"],
            "outcome": "draw",
            "tenpai": rng.sample(range(4), rng.randrange(5)),
        }
    return record


def japanese(rng: random.Random) -> dict:
    winner = rng.randrange(4)
    record = {
        "ruleset": "japanese-classic",
        "dealer": rng.randrange(4),
        "outcome": "win",
        "winner": winner,
        "points": rng.randrange(20, 80, 2),
        "doubles": rng.randrange(9),
        "win_type": "self_draw",
    }
    if rng.random() < 0.6:
        record["win_type"], record["discarder"] = "discard", (winner + rng.randrange(1, 4)) % 4
    return record


def main() -> None:
    rng = random.Random(20240601)
    makers = (classical, hke, riichi, japanese)
    records = [makers[i % 4](rng) for i in range(COUNT)]
    started, cpu_started = time.perf_counter(), time.process_time()
    results = scoring.settle_many(records)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    errors = sum("error" in r for r in results)
    assert errors == 0, f"{errors} records were invalid"
    print(f"{COUNT} settlements in {elapsed:.3f} s: {COUNT / elapsed:,.0f} settlements/s")
    print(f"CPU time {cpu:.3f} s: {COUNT / cpu:,.0f} settlements per CPU second")


if __name__ == "__main__":
    main()
