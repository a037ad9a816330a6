"""The one reader and writer behind ``manage.py settle`` and ``manage.py handvalue``: hand records as
JSON lines or one JSON array from FILE or standard input, one JSON result line per record in input
order, exit status 1 when any record was invalid (docs/rules.md §10)."""
import codecs
import itertools
import json
import sys
from collections.abc import Callable, Iterator

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from league.errors import error_body, with_error_body


class Unreadable:
    """A line that is not JSON: answered as an invalid record, in its place."""

    def __init__(self, line: int, reason: str) -> None:
        self.line, self.reason = line, reason

    def answer(self) -> dict:
        message = _("Line %(line)s is not JSON: %(reason)s") % {"line": self.line, "reason": self.reason}
        return error_body("bad_record", message)


def read_records(text: str) -> list:
    """One JSON array, or one JSON value per non-empty line (all of ``text`` at once: the API's reader)."""
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            records = json.loads(stripped)
        except ValueError:
            pass  # not one array after all: read it line by line
        else:
            return records if type(records) is list else [records]
    return [record for batch in _line_batches(iter([text])) for record in batch]


CHUNK = 64 * 1024


def _chunks(stream) -> Iterator[str]:
    """The stream's text as it arrives: from a binary stream whatever one read returns (a pipe's
    line as soon as it is written), decoded as UTF-8; from a text stream in chunks."""
    binary = getattr(stream, "buffer", stream)
    if hasattr(binary, "read1"):
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        while chunk := binary.read1(CHUNK):
            yield decoder.decode(chunk)
        yield decoder.decode(b"", final=True)
        return
    while chunk := stream.read(CHUNK):
        yield chunk


def _line_batches(chunks: Iterator[str], start: int = 1) -> Iterator[list]:
    """Records of the complete lines that have arrived, one list per chunk: JSON values, or
    ``Unreadable`` in the place of a line that is not JSON. Blank lines are skipped but counted."""
    number, rest = start, ""
    for chunk in chunks:
        lines = (rest + chunk).split("\n")
        rest = lines.pop()
        batch = []
        for line in lines:
            if line.strip():
                batch.append(_parse(line, number))
            number += 1
        yield batch
    if rest.strip():
        yield [_parse(rest, number)]


def _parse(line: str, number: int):
    try:
        return json.loads(line)
    except ValueError as error:
        return Unreadable(number, str(error))


def stream_records(stream) -> Iterator[list]:
    """The records of ``stream`` in batches as they arrive, in constant memory for JSON lines: one
    JSON array (the input starts with ``[``) is read whole."""
    chunks = _chunks(stream)
    head = ""
    for chunk in chunks:
        head += chunk
        if head.strip():
            break
    if head.lstrip().startswith("["):
        yield read_records(head + "".join(chunks))
        return
    yield from _line_batches(itertools.chain([head], chunks))


class RecordsCommand(BaseCommand):
    """Subclasses name the function that answers one record (it never raises). Reads a line, answers
    a line: each batch of lines that has arrived is answered and flushed before the next read, so a
    caller can talk to it line by line over a pipe, and memory stays constant however long the
    input. No system checks: it touches no database."""

    answer: Callable[[object], dict]
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="JSON lines or a JSON array; standard input if omitted")

    def handle(self, *args, file=None, **options):
        if file and file != "-":
            with open(file, "rb") as handle:
                failed = self._answer_all(handle)
        else:
            failed = self._answer_all(sys.stdin)
        if failed:
            sys.exit(1)

    def _answer_all(self, stream) -> bool:
        answer = type(self).answer
        failed = False
        for batch in stream_records(stream):
            if not batch:
                continue
            lines = []
            for record in batch:
                result = record.answer() if isinstance(record, Unreadable) else with_error_body(answer(record))
                failed = failed or "error" in result
                lines.append(json.dumps(result, ensure_ascii=False))
            self.stdout.write("\n".join(lines))
            self.stdout.flush()
        return failed
