"""Benchmark of the results workbook on a large tournament (100,000 hands by default).

Run from the project root:  .venv/bin/python bench/export.py [hands] [--trace] [--runs 3]

Builds a scratch SQLite database in a temporary directory (or uses BENCH_DATABASE_URL, which must
point at a scratch database: it is migrated and filled), fills it with bulk_create (not through
the services, for speed), then builds the export in a fresh process so that its peak resident
memory is the build's own. Prints the wall time and peak RSS of the build; with --trace, a
second build under tracemalloc reports its peak of Python allocations.

The baseline, measured in the same process right after each build: the same cells (values,
number formats, bold headings, sheets) read back from the built file and written again with bare
openpyxl in write-only mode, from memory (no database, no formatting work). ``--runs`` builds
(default 3) give min/median/max of both and of their ratio (goal: at most 1.3), in CPU seconds of
the process (the build's own database reads included), steadier than the clock on a shared machine.
"""

from __future__ import annotations

import os
import pathlib
import random
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TABLE_HANDS = 20
SESSIONS = 10
LIMIT_SECONDS = 60
LIMIT_MB = 200


def setup(database_url: str, media: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["MEDIA_ROOT"] = media
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()


def generate(hands: int) -> int:
    """A tournament with ``hands`` hands in SESSIONS sessions of 20-hand tables; returns its id."""
    import datetime
    from decimal import Decimal

    from django.core.management import call_command

    import scoring
    from league import models

    call_command("migrate", verbosity=0)
    tables_per_session = max(1, hands // (TABLE_HANDS * SESSIONS))
    player_count = 4 * tables_per_session
    club = models.Club.objects.create(name="Bench club")
    players = models.Player.objects.bulk_create(
        [
            models.Player(first_name=f"First{i}", last_name=f"Last{i}", club=club, ema_id=f"{i:08d}")
            for i in range(player_count)
        ],
        batch_size=2000,
    )
    tournament = models.Tournament.objects.create(
        slug="bench",
        name="Bench open",
        ruleset="dmjl-classical",
        place="Berlin",
        session_count=SESSIONS,
        starts_on=datetime.date(2026, 5, 1),
        ends_on=datetime.date(2026, 5, 3),
    )
    rng = random.Random(1)
    pool = []
    for _ in range(64):
        winner = rng.randrange(4)
        values = [rng.choice([0, 8, 16, 24, 48, 96, 128]) for _seat in range(4)]
        values[winner] = rng.choice([100, 200, 576, 1000, 2000])
        record = {
            "ruleset": "dmjl-classical",
            "outcome": "win",
            "winner": winner,
            "hand_values": values,
            "dealer": 0,
        }
        pool.append((record, scoring.settle(record)))
    made = 0
    for number in range(1, SESSIONS + 1):
        session = models.Session.objects.create(tournament=tournament, number=number)
        tables = models.Table.objects.bulk_create(
            [models.Table(session=session, number=n) for n in range(1, tables_per_session + 1)],
            batch_size=2000,
        )
        order = players[:]
        rng.shuffle(order)
        seats, results, batch = [], [], []
        for index, table in enumerate(tables):
            for position in range(4):
                player = order[4 * index + position]
                seats.append(models.Seat(session=session, table=table, position=position, player=player))
                results.append(
                    models.GameResult(
                        table=table,
                        tournament=tournament,
                        session_number=number,
                        player=player,
                        seat=position,
                        total=0,
                        score=Decimal(0),
                        place=position + 1,
                        table_points=Decimal([4, 2, 1, 0][position]),
                        hands=TABLE_HANDS,
                    )
                )
            for hand_number in range(1, TABLE_HANDS + 1):
                record, result = pool[rng.randrange(len(pool))]
                batch.append(
                    models.Hand(
                        table=table,
                        number=hand_number,
                        record=record,
                        result=result,
                        dealer=(hand_number - 1) % 4,
                        prevailing_wind="ESWN"[(hand_number - 1) // 4 % 4],
                    )
                )
                made += 1
            if len(batch) >= 5000:
                models.Hand.objects.bulk_create(batch)
                batch = []
        models.Hand.objects.bulk_create(batch)
        models.Seat.objects.bulk_create(seats, batch_size=2000)
        models.GameResult.objects.bulk_create(results, batch_size=2000)
    models.Standing.objects.bulk_create(
        [
            models.Standing(
                tournament=tournament,
                player=p,
                rank=i + 1,
                table_points=Decimal(40 - i % 40),
                score=Decimal(i),
                games=SESSIONS,
            )
            for i, p in enumerate(players)
        ],
        batch_size=2000,
    )
    print(f"generated {made} hands, {tables_per_session * SESSIONS} tables, {player_count} players")
    return tournament.pk


def build(tournament_id: int, *, trace: bool) -> None:
    """Run in a fresh process: build the workbook and report time and memory."""
    import tracemalloc

    from league.models import Export
    from league.services.exports import export_build

    export = Export.objects.create(kind="results-xlsx", tournament_id=tournament_id, language="de")
    if trace:
        tracemalloc.start()
    start, cpu = time.perf_counter(), time.process_time()
    export_build(export_id=export.pk)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    export.refresh_from_db()
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    line = f"status {export.status} {export.error}".strip()
    if trace:
        line += f", tracemalloc peak {tracemalloc.get_traced_memory()[1] / 2**20:.0f} MB (slowed by tracing)"
    else:
        ok = elapsed < LIMIT_SECONDS and peak_rss < LIMIT_MB
        line += (
            f", {elapsed:.1f} s, peak RSS {peak_rss:.0f} MB, file {export.file.size / 2**20:.1f} MB"
            f" — {'within' if ok else 'OVER'} {LIMIT_SECONDS} s / {LIMIT_MB} MB"
        )
    print(line)
    if not trace:
        bare = baseline(export.file.path)
        # CPU seconds of this process: the build and the baseline run one after the other, and on a
        # shared machine the clock counts the others' work too
        print(f"RATIO build {cpu:.3f} bare {bare:.3f} ratio {cpu / bare:.3f} (CPU s)")


def baseline(path: str) -> float:
    """Seconds bare openpyxl (write-only) takes to write the cells of the workbook at ``path``
    again with the same number formats and fonts."""
    import io

    from openpyxl import Workbook, load_workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    bold = Font(bold=True)
    source = load_workbook(path, read_only=True)
    sheets = []
    for sheet in source.worksheets:
        rows = []
        for row in sheet.iter_rows():
            rows.append([(c.value, c.number_format, bool(c.font and c.font.b)) for c in row
                         if getattr(c, "value", None) is not None or getattr(c, "font", None) is not None])
        sheets.append((sheet.title, rows))
    source.close()
    start = time.process_time()
    workbook = Workbook(write_only=True)
    for title, rows in sheets:
        sheet = workbook.create_sheet(title=title)
        for row in rows:
            out = []
            for value, number_format, is_bold in row:
                if number_format != "General" or is_bold:
                    item = WriteOnlyCell(sheet, value=value)
                    if number_format != "General":
                        item.number_format = number_format
                    if is_bold:
                        item.font = bold
                    out.append(item)
                else:
                    out.append(value)
            sheet.append(out)
    workbook.save(io.BytesIO())
    return time.process_time() - start


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--build":
        database_url, media, tournament_id, trace = (
            sys.argv[2],
            sys.argv[3],
            int(sys.argv[4]),
            sys.argv[5] == "1",
        )
        setup(database_url, media)
        build(tournament_id, trace=trace)
        return 0
    runs = 3
    arguments = [a for a in sys.argv[1:] if a != "--trace"]
    if "--runs" in arguments:
        at = arguments.index("--runs")
        runs = int(arguments[at + 1])
        del arguments[at:at + 2]
    hands = int(arguments[0]) if arguments else 100_000
    modes = ("0", "1") if "--trace" in sys.argv else ("0",)
    with tempfile.TemporaryDirectory() as scratch:
        database_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{scratch}/bench.sqlite3"
        media = f"{scratch}/media"
        setup(database_url, media)
        start = time.perf_counter()
        tournament_id = generate(hands)
        print(f"generation {time.perf_counter() - start:.1f} s")
        ratios = []
        for trace in modes:
            for _run in range(runs if trace == "0" else 1):
                done = subprocess.run(
                    [sys.executable, __file__, "--build", database_url, media, str(tournament_id), trace],
                    check=True, cwd=ROOT, capture_output=True, text=True,
                )
                print(done.stdout, end="", flush=True)
                ratios += [[float(x) for x in line.split()[2:7:2]] for line in done.stdout.splitlines()
                           if line.startswith("RATIO")]
        if ratios:
            for index, label in enumerate(("build CPU s", "bare openpyxl CPU s", "build / bare")):
                values = sorted(r[index] for r in ratios)
                print(f"{label:16s} min {values[0]:.3f} median {values[len(values) // 2]:.3f} max {values[-1]:.3f}"
                      f" ({len(values)} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
