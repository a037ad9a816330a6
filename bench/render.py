"""Benchmark of a public standings page rendered on a cache miss (in-process, no server).

Run from the project root:  .venv/bin/python bench/render.py [--players 256] [--runs 30]
    [--page standings|tournament|session]

Builds a tournament (``--players`` players of 20 clubs, registered, four sessions drawn, standings
with spread values) in a fresh SQLite file in a temporary folder, then asks for its standings page
``--runs`` times with the page cache emptied before each request, so that every answer is rendered
(queries, template) as on the first request after a hand. Prints min/median/max of the render and,
as the baseline, of a cache hit of the same page, and of a conditional request answered 304.
Target: median miss ≤ 20 ms for 256 players.

``--page sheet``: the score sheet of one table with ``--hands`` hands (stored through the hand
service), as its referee (an administrator) loads it after each hand (referees' pages are never
cached), beside the baseline of a trivial view (the language switch, a redirect) in the same run:
the sheet's render cost as a ratio, what the live mix with ``bench/live.py --via sheet`` pays per hand.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time
from decimal import Decimal

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
os.environ["ALLOWED_HOSTS"] = "testserver"
os.environ["HTTPS"] = "0"
os.environ.pop("CACHE_URL", None)  # the per-process cache: the figure is the render, not Redis
TEMP = tempfile.TemporaryDirectory()
os.environ["DATABASE_URL"] = f"sqlite:///{pathlib.Path(TEMP.name) / 'bench.sqlite3'}"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

# the static files' names as they are (no collectstatic for a benchmark)
settings.STORAGES = {**settings.STORAGES,
                     "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}

from django.contrib.auth.models import User  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from league.models import Club, Player, Registration, Standing, Tournament  # noqa: E402
from league.services.seating import seating_generate  # noqa: E402

SESSIONS = 4
TARGET_MS = 20


def build_tournament(players: int) -> str:
    rng = random.Random(2026)
    clubs = Club.objects.bulk_create(Club(name=f"Bench club {i}", city="Berlin") for i in range(20))
    people = Player.objects.bulk_create(
        Player(first_name=f"Bench{i}", last_name=f"Player{i:03d}", club=clubs[i % 20], country="DE")
        for i in range(players))
    tournament = Tournament.objects.create(
        slug="bench", name="Bench open", ruleset="dmjl-classical", place="Berlin",
        starts_on=datetime.date(2026, 5, 1), ends_on=datetime.date(2026, 5, 2),
        status=Tournament.Status.RUNNING, published=True, session_count=SESSIONS)
    Registration.objects.bulk_create(Registration(tournament=tournament, player=p) for p in people)
    for number in range(1, SESSIONS + 1):
        seating_generate(tournament=tournament, number=number, method="random")
    values = sorted(((rng.randrange(0, 17), rng.randrange(-20000, 20000)) for _ in people), reverse=True)
    Standing.objects.bulk_create(
        Standing(tournament=tournament, player=player, rank=rank, table_points=Decimal(points) + Decimal("0.25"),
                 score=Decimal(score), games=SESSIONS, average_place=Decimal("2.5"))
        for rank, (player, (points, score)) in enumerate(zip(people, values, strict=True), start=1))
    return tournament.slug


def timed(client: Client, path: str, *, miss: bool = False, etag: str | None = None) -> float:
    if miss:
        cache.clear()
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    start = time.perf_counter()
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="de", **headers)
    elapsed = (time.perf_counter() - start) * 1000
    if etag:
        assert response.status_code == 304, response.status_code
    else:
        assert response.status_code == 200 and response["X-Cache"] == ("miss" if miss else "hit"), response["X-Cache"]
    return elapsed


def sheet_table(slug: str, hands: int) -> int:
    """The first table of the first session, with ``hands`` stored hands (a classical win each)."""
    from league.models import Table
    from league.services.hands import hand_record

    table = Table.objects.filter(session__tournament__slug=slug, session__number=1).order_by("number").first()
    user = User.objects.create_superuser("bench-referee", password="bench-password")
    for number in range(hands):
        winner = number % 4
        values = [8, 16, 24, 32]
        values[winner] = 100 + 20 * number
        hand_record(table=table, user=user, idempotency_key=f"bench-{number}",
                    record={"outcome": "win", "winner": winner, "hand_values": values})
    return table.pk


def sheet(args) -> None:
    """The score sheet's render against a trivial view's, three figures each."""
    call_command("migrate", verbosity=0)
    slug = build_tournament(args.players)
    table_id = sheet_table(slug, args.hands)
    client = Client()
    client.login(username="bench-referee", password="bench-password")
    path, trivial = f"/referee/table/{table_id}/", "/i18n/setlang/"

    def once(url: str) -> float:
        # CPU time of this process (the server's work, in process): steadier than the clock on a
        # machine shared with other work.
        start = time.process_time()
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="de") if url == path else client.post(
            url, {"language": "de", "next": "/"})
        elapsed = (time.process_time() - start) * 1000
        assert response.status_code in (200, 302), response.status_code
        return elapsed

    import django.forms.forms
    import django.forms.utils
    from django.forms.renderers import DjangoTemplates, get_default_renderer

    renderers = {"remembering": get_default_renderer(), "django": DjangoTemplates()}

    def with_renderer(name: str) -> float:
        # each form and error list asks its module's get_default_renderer: answer the chosen one
        django.forms.forms.get_default_renderer = django.forms.utils.get_default_renderer = lambda: renderers[name]
        return once(path)

    for _ in range(3):
        with_renderer("remembering"), once(trivial), with_renderer("django")
    sheets, plain, trivials = [], [], []
    for _ in range(args.runs):  # interleaved: all see the same load
        sheets.append(with_renderer("remembering"))
        plain.append(with_renderer("django"))
        trivials.append(once(trivial))
    sheets.sort(), plain.sort(), trivials.sort()
    for name, figures in (("score sheet", sheets), ("score sheet, Django's form renderer", plain),
                          ("trivial view", trivials)):
        print(f"{name}, {args.hands} hands, CPU: min {figures[0]:.1f} / median {statistics.median(figures):.1f} / "
              f"max {figures[-1]:.1f} ms")
    print(f"sheet / trivial (median): {statistics.median(sheets) / statistics.median(trivials):.1f}×; with "
          f"Django's form renderer {statistics.median(plain) / statistics.median(trivials):.1f}×")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--hands", type=int, default=16, help="hands at the table (--page sheet)")
    parser.add_argument("--page", choices=["standings", "tournament", "session", "sheet"], default="standings",
                        help="the standings page (the target), the tournament page (its four sessions' seats) "
                             "or the first session's page")
    args = parser.parse_args()
    if args.page == "sheet":
        sheet(args)
        return
    call_command("migrate", verbosity=0)
    slug = build_tournament(args.players)
    path = {"standings": f"/t/{slug}/standings/", "tournament": f"/t/{slug}/",
            "session": f"/t/{slug}/session/1/"}[args.page]
    client = Client()
    for _ in range(3):  # warm up: templates compiled, translations loaded
        timed(client, path, miss=True)
    misses = sorted(timed(client, path, miss=True) for _ in range(args.runs))
    hits = sorted(timed(client, path) for _ in range(args.runs))
    etag = client.get(path, HTTP_ACCEPT_LANGUAGE="de")["ETag"]
    unchanged = sorted(timed(client, path, etag=etag) for _ in range(args.runs))
    for name, figures in (("miss", misses), ("hit", hits), ("304 (If-None-Match)", unchanged)):
        print(f"{args.page} page, {args.players} players, cache {name}: min {figures[0]:.1f} / "
              f"median {statistics.median(figures):.1f} / max {figures[-1]:.1f} ms")
    median = statistics.median(misses)
    print(f"miss / hit: {median / statistics.median(hits):.1f}×; target: median miss ≤ {TARGET_MS} ms "
          f"({'met' if median <= TARGET_MS else 'not met'})")


if __name__ == "__main__":
    main()
