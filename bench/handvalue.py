"""Hands valued per second, per ruleset (and per dmjl-classical table), from the public vector
hands (repeated and mutated, seeded); riichi beside the bare ``mahjong`` calculator in the same run.

Run: .venv/bin/python bench/handvalue.py [--seconds 2] [--seed 1]

Rates are per CPU second of this process (steadier than the clock on a shared machine).
Two figures per ruleset: ``warm`` (hands seen before: parsed tiles and their groupings are
remembered, as at the table where a referee corrects one tile at a time) and ``cold`` (every
cache emptied before each hand). The machine is shared: each figure is the best of ``--rounds``
rounds, and riichi's rounds alternate with the bare calculator's so that both see the same load.
"""

import argparse
import copy
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402

from scoring.handvalue import dmjl, japanese, notation, riichi, value  # noqa: E402

VECTORS = Path(__file__).resolve().parents[1] / "tests" / "vectors" / "handvalue_public.jsonl"
WINDS = "ESWN"
CACHES = (
    notation.parse_cached, dmjl.winning_groupings, dmjl.best_loser_grouping, riichi._to_136_cached,
    japanese.decompositions,
)
DICTS = (riichi._parts_seen, riichi._situations_seen)  # riichi's parsed records and situations


def hands() -> list[dict]:
    with VECTORS.open(encoding="utf-8") as handle:
        return [json.loads(line)["hand"] for line in handle if line.strip()]


def mutate(hand: dict, rng: random.Random, table: str | None) -> dict:
    """Same tiles, other circumstances: winds (and the limit) for DMJL, situation flags for riichi."""
    hand = copy.deepcopy(hand)
    if hand["ruleset"] in ("dmjl-classical", "dmjl-hke"):
        hand["seat_wind"] = rng.choice(WINDS)
        hand["prevailing_wind"] = rng.choice(WINDS)
        if table:
            hand["options"] = {"upper_limit": rng.choice([0, 500, 1000, 5000]), "table": table}
    else:
        situation = dict(hand.get("situation", {}))
        situation["seat_wind"] = rng.choice(WINDS)
        situation["round_wind"] = rng.choice(WINDS)
        if rng.random() < 0.3:
            situation["riichi"] = True
        hand["situation"] = situation
    return hand


def clear() -> None:
    for cache in CACHES:
        cache.cache_clear()
    for remembered in DICTS:
        remembered.clear()


def run(records: list, seconds: float, call, cold: bool = False) -> tuple[int, float, int]:
    count = errors = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for record in records:
            if cold:
                clear()
            answer = call(record)
            if isinstance(answer, dict) and "error" in answer:
                errors += 1
            count += 1
    # per CPU second of this process: the machine may be shared, and the clock counts the others' work
    return count, time.process_time() - cpu, errors


def best(rounds: int, seconds: float, *runs) -> list[tuple[int, float, int]]:
    """Each of ``runs`` (records, call, cold) ``rounds`` times, interleaved; the fastest round of each."""
    fastest: list[tuple[int, float, int] | None] = [None] * len(runs)
    for _ in range(rounds):
        for i, (records, call, cold) in enumerate(runs):
            outcome = run(records, seconds / rounds, call, cold)
            if fastest[i] is None or outcome[0] / outcome[1] > fastest[i][0] / fastest[i][1]:
                fastest[i] = outcome
    return fastest  # type: ignore[return-value]


def bare_riichi(records: list[dict]) -> list[tuple]:
    """The calculator's own arguments, converted once: what the bare library is asked per hand."""
    calls = []
    for record in records:
        tiles = riichi._to_136(riichi._suit_strings(record["tiles"], "tiles"))
        win = riichi._to_136(riichi._single_tile(record["win_tile"], "win_tile"))[0] // 4
        win_tile = next((t for t in reversed(tiles) if t // 4 == win), win * 4)
        situation = record.get("situation", {})
        calls.append((tiles, win_tile, riichi._melds(record), riichi._indicators(record, "dora_indicators"), situation))
    return calls


def call_bare(args: tuple) -> object:
    tiles, win_tile, melds, dora, situation = args
    config = riichi._config(situation)
    return HandCalculator().estimate_hand_value(tiles, win_tile, melds=melds, dora_indicators=dora, config=config)


def report(label: str, count: int, elapsed: float, errors: int, distinct: int, extra: str = "") -> float:
    rate = count / elapsed
    print(f"{label:32s} {rate:9.0f} hands/s ({count} in {elapsed:.2f} s, {distinct} tile sets, {errors} errors){extra}")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    all_hands = hands()
    plans = [("dmjl-classical", "chemnitz"), ("dmjl-classical", "kajongg"), ("dmjl-hke", None),
             ("riichi-ema", None), ("japanese-classic", None)]
    for ruleset, table in plans:
        pool = [h for h in all_hands if h["ruleset"] == ruleset]
        if not pool:
            continue
        records = [mutate(h, rng, table) for h in pool for _ in range(20)]
        rng.shuffle(records)
        label = f"{ruleset} ({table})" if table else ruleset
        if ruleset == "riichi-ema":
            bare = bare_riichi(records)
            warm, cold, alone = best(
                args.rounds, args.seconds, (records, value, False), (records, value, True), (bare, call_bare, False)
            )
            ours = report(f"{label} warm", *warm, len(pool))
            report(f"{label} cold", *cold, len(pool))
            rate = report("mahjong 2.1.0 bare", *alone, len(pool))
            print(f"{'riichi-ema warm / bare':32s} {ours / rate:9.2f} (target at least 0.5)")
            continue
        warm, cold = best(args.rounds, args.seconds, (records, value, False), (records, value, True))
        report(f"{label} warm", *warm, len(pool))
        report(f"{label} cold", *cold, len(pool))


if __name__ == "__main__":
    main()
