"""``manage.py handvalue`` on 2,000 riichi hands against the bare ``mahjong`` calculator on the same
hands, each as a whole process (start-up included), as a referee's tool or a script would run them.

Run from the project root:

* ``.venv/bin/python bench/handvalue_command.py write FILE [COUNT]`` writes the hands (the public
  riichi vector hands with their situations varied, seeded, as bench/handvalue.py varies them) as
  JSON lines;
* ``.venv/bin/python bench/handvalue_command.py bare FILE`` values them with the bare calculator
  (``HandCalculator.estimate_hand_value``, the arguments converted as bench/handvalue.py converts
  them) and writes han and fu per line;
* ``.venv/bin/python manage.py handvalue FILE`` is the command measured against it.

Time both with any whole-process timer (``/usr/bin/time -v``, or hyperfine) in turns; the figure
quoted is bare time / command time (target at least 0.5).
"""
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def write(path: str, count: int) -> None:
    import handvalue as bench  # bench/handvalue.py: the vector hands and their variations

    rng = random.Random(1)
    pool = [hand for hand in bench.hands() if hand["ruleset"] == "riichi-ema"]
    with open(path, "w", encoding="utf-8") as out:
        for i in range(count):
            out.write(json.dumps(bench.mutate(pool[i % len(pool)], rng, None)) + "\n")


def bare(path: str) -> None:
    from mahjong.hand_calculating.hand import HandCalculator

    from scoring.handvalue import riichi

    calculator = HandCalculator()
    out = sys.stdout
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            tiles = riichi._to_136(riichi._suit_strings(record["tiles"], "tiles"))
            win = riichi._to_136(riichi._single_tile(record["win_tile"], "win_tile"))[0] // 4
            win_tile = next((t for t in reversed(tiles) if t // 4 == win), win * 4)
            result = calculator.estimate_hand_value(
                tiles, win_tile, melds=riichi._melds(record),
                dora_indicators=riichi._indicators(record, "dora_indicators"),
                config=riichi._config(record.get("situation", {})))
            out.write(json.dumps({"han": result.han, "fu": result.fu, "error": result.error}) + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("write", "bare"):
        sys.exit(__doc__)
    if sys.argv[1] == "write":
        write(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 2000)
    else:
        bare(sys.argv[2])
