"""``manage.py settle`` over 100,000 JSON lines against a bare JSON line round trip, in the same run.

Run from the project root: ``.venv/bin/python bench/settle_command.py [COUNT]``. Writes the records
(all four rulesets, seeded, from bench/settle.py) to a temporary file, then times, each as a child
process reading the file on standard input and writing to /dev/null:

* the bare round trip: ``for line in stdin: write(json.dumps(json.loads(line)))`` in plain Python;
* ``manage.py settle`` (Django start-up, reading, settling, writing).

Prints both wall times, the ratio bare / settle (target ≥ 0.35) and the command's peak memory
(maximum resident set of the child, target ≤ 100 MiB).
"""
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import settle as records  # noqa: E402  (bench/settle.py: the record makers)

BARE = ("import json, sys\n"
        "out = sys.stdout\n"
        "for line in sys.stdin:\n"
        "    if line.strip():\n"
        "        out.write(json.dumps(json.loads(line), ensure_ascii=False) + '\\n')\n")


def run(command: list[str], source: Path) -> tuple[float, float]:
    """Wall time (s) and peak resident memory (MiB) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    with open(source, "rb") as stdin, open(os.devnull, "wb") as stdout:
        started = time.perf_counter()
        code = subprocess.run(command, cwd=ROOT, stdin=stdin, stdout=stdout, check=False).returncode
        elapsed = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert code in (0, 1), f"{command} exited with {code}"
    # ru_maxrss of children is the largest of them so far: run the command after the smaller bare loop
    return elapsed, max(peak, before) / 1024


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(20240601)
    makers = (records.classical, records.hke, records.riichi, records.japanese)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "records.jsonl"
        with open(source, "w", encoding="utf-8") as out:
            for i in range(count):
                out.write(json.dumps(makers[i % 4](rng)) + "\n")
        size = source.stat().st_size / 2**20
        python = sys.executable
        bare, bare_peak = run([python, "-c", BARE], source)
        env_command = [python, "manage.py", "settle"]
        settle, settle_peak = run(env_command, source)
    ratio = bare / settle
    print(f"{count:,} records ({size:.1f} MiB of JSON lines), load average {os.getloadavg()[0]:.2f}")
    print(f"bare JSON line round trip   {bare:8.3f} s   peak {bare_peak:6.1f} MiB")
    print(f"manage.py settle            {settle:8.3f} s   peak {settle_peak:6.1f} MiB")
    print(f"ratio bare / settle {ratio:.2f} (target >= 0.35): {'ok' if ratio >= 0.35 else 'MISSED'}; "
          f"peak memory target <= 100 MiB: {'ok' if settle_peak <= 100 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
