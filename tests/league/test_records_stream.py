"""``manage.py settle`` and ``handvalue`` stream: a line in, a line out, before the next line is
written; memory stays flat however long the input; no system checks on start."""
import json
import os
import selectors
import subprocess
import sys
from pathlib import Path

from league.management.commands.handvalue import Command as HandValueCommand
from league.management.commands.settle import Command as SettleCommand
from league.management.records import stream_records

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"id": "a", "ruleset": "dmjl-hke", "dealer": 0, "outcome": "draw"}


def read_line(process, seconds: float = 20) -> str:
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    assert selector.select(seconds), "no answer to the line written"
    return process.stdout.readline()


def test_settle_answers_each_line_before_the_next_one_is_written():
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "mjl.settings"}
    process = subprocess.Popen([sys.executable, "manage.py", "settle"], cwd=ROOT, env=environment,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        for number in range(3):
            process.stdin.write(json.dumps({**GOOD, "id": f"h{number}"}) + "\n")
            process.stdin.flush()
            answer = json.loads(read_line(process))
            assert answer["id"] == f"h{number}" and "error" not in answer
        process.stdin.write("{not json\n")
        process.stdin.flush()
        assert json.loads(read_line(process))["error"]["code"] == "bad_record"
        process.stdin.close()
        assert process.wait(20) == 1
    finally:
        process.kill()


class Lines:
    """A binary stream of ``count`` JSON lines made as they are read, never held whole."""

    def __init__(self, count: int) -> None:
        self.left, self.made = count, 0

    def read1(self, size: int) -> bytes:
        block = []
        while self.left and len(block) < 500:
            block.append(json.dumps({**GOOD, "id": self.left}))
            self.left -= 1
        self.made += 1
        return ("\n".join(block) + "\n").encode() if block else b""


def test_records_are_read_in_batches_as_they_arrive_not_all_at_once():
    source = Lines(5000)
    batches = stream_records(source)
    first = next(batches)
    assert len(first) == 500 and source.made <= 2  # the rest is not read yet
    assert sum(len(batch) for batch in batches) == 4500


def test_the_commands_skip_system_checks():
    assert SettleCommand.requires_system_checks == [] and HandValueCommand.requires_system_checks == []
