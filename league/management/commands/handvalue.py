"""``python manage.py handvalue [FILE]``: value hands from their tiles (SCORING.md sections 9 and 10).

Reads JSON lines (one record per line) or one JSON array from FILE or standard input and writes one
JSON result per record, in input order. Exit status 1 when any record was invalid, else 0.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from scoring.handvalue import value


def read_records(text: str) -> list:
    stripped = text.strip()
    if not stripped:
        return []
    if stripped.startswith("["):
        try:
            records = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise CommandError(f"Cannot read the JSON array: {exc}") from None
        return list(records)
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            records.append(_Unreadable(number, str(exc)))
    return records


class _Unreadable:
    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason

    def answer(self) -> dict:
        message = f"Line {self.line} is not JSON: {self.reason}"
        return {"error": {"code": "bad_record", "message": message, "field": None}}


class Command(BaseCommand):
    help = "Value hands from their tiles (dmjl-classical, riichi-ema); JSON lines in, JSON lines out."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="JSON lines or a JSON array (default: standard input)")

    def handle(self, *args, **options):
        path = options.get("file")
        if path and path != "-":
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        else:
            text = sys.stdin.read()
        failed = False
        for record in read_records(text):
            result = record.answer() if isinstance(record, _Unreadable) else value(record)
            failed = failed or "error" in result
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        if failed:
            sys.exit(1)
