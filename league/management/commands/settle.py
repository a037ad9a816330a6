"""``manage.py settle [FILE]``: settle hand records (JSON lines or one JSON array) from FILE or
standard input, one JSON result line per record in input order; exit status 1 if any was invalid."""

import json
import sys

from django.core.management.base import BaseCommand

import scoring


def read_records(text: str) -> list:
    """One JSON array, or one JSON value per non-empty line; an unreadable line stays a string so
    that it is answered as an invalid record."""
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            records = json.loads(stripped)
        except ValueError:
            pass
        else:
            return records if type(records) is list else [records]
    records = []
    for line in text.splitlines():
        if line.strip():
            try:
                records.append(json.loads(line))
            except ValueError:
                records.append(line)
    return records


class Command(BaseCommand):
    help = "Settle hand records (SCORING.md) from FILE or standard input and print one result per line."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="JSON lines or a JSON array; standard input if omitted")

    def handle(self, *args, file=None, **options):
        if file and file != "-":
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
        else:
            text = sys.stdin.read()
        failed = False
        for result in scoring.settle_many(read_records(text)):
            failed = failed or "error" in result
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        if failed:
            sys.exit(1)
