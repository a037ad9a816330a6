"""The one reader and writer behind ``manage.py settle`` and ``manage.py handvalue``: hand records as
JSON lines or one JSON array from FILE or standard input, one JSON result line per record in input
order, exit status 1 when any record was invalid (SCORING.md section 10)."""
import json
import sys
from collections.abc import Callable

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _


class Unreadable:
    """A line that is not JSON: answered as an invalid record, in its place."""

    def __init__(self, line: int, reason: str) -> None:
        self.line, self.reason = line, reason

    def answer(self) -> dict:
        message = _("Line %(line)s is not JSON: %(reason)s") % {"line": self.line, "reason": self.reason}
        return {"error": {"code": "bad_record", "message": message, "field": None}}


def read_records(text: str) -> list:
    """One JSON array, or one JSON value per non-empty line."""
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            records = json.loads(stripped)
        except ValueError:
            pass  # not one array after all: read it line by line
        else:
            return records if type(records) is list else [records]
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except ValueError as error:
                records.append(Unreadable(number, str(error)))
    return records


class RecordsCommand(BaseCommand):
    """Subclasses name the function that answers one record (it never raises)."""

    answer: Callable[[object], dict]

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="JSON lines or a JSON array; standard input if omitted")

    def handle(self, *args, file=None, **options):
        if file and file != "-":
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
        else:
            text = sys.stdin.read()
        failed = False
        for record in read_records(text):
            result = record.answer() if isinstance(record, Unreadable) else type(self).answer(record)
            failed = failed or "error" in result
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        if failed:
            sys.exit(1)
