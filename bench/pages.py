"""Benchmark of the public standings page under concurrent clients.

Run from the project root:  .venv/bin/python bench/pages.py [--clients 50] [--requests 2000] [--workers N]
    [--worker-class sync|gthread] [--threads N] [--driver python|wrk] [--duration S]

Builds a tournament of 200 players (registrations, four drawn sessions, standings) in a fresh
SQLite file in a temporary folder, or in the configured DATABASE_URL when set (the rows it makes
are left there, under a new slug). Then serves the app with gunicorn (sync workers, DEBUG off) on
127.0.0.1 at a free port and drives /t/<slug>/standings/ with ``--clients`` threads until
``--requests`` responses or 60 s, whichever comes first; prints p50/p95/p99 latency and requests
per second. Twice: with the page cache (as in production) and without it (a dummy cache), to show
what the cache buys. Target: p95 under 50 ms with 50 clients.

The clients: ``--driver python`` (the default) runs them as Python threads in this process, each
with one HTTP connection it reuses where the server allows (sync workers close it after each
response); on a small machine they compete with the server for the CPUs, which inflates the
figures. ``--driver wrk`` uses wrk (Debian package ``wrk``) with ``--clients`` connections for
``--duration`` seconds instead; its percentiles come from a small Lua ``done`` hook.

``--baselines``: one client instead, asking in turn for a static file (the baseline), the standings
page from the page cache, the same page answered 304 (If-None-Match), the standings API and its
304, ``--requests`` times each per run, over ``--runs`` runs against the same server (with
``CACHE_URL``, the cache the workers share in production); prints each
one's requests per second (min / median / max) and its ratio to the static file's in the same run,
and then each web process's resident memory after serving all of that (issue 40's goal: under
75 MB before its first export; measure it with the production requirements alone, as in
``python3.11 -m venv /tmp/prod && /tmp/prod/bin/pip install -r requirements.txt``).

Only loopback addresses are used; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import os
import pathlib
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from decimal import Decimal

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)

TEMP = tempfile.TemporaryDirectory()
if not os.environ.get("DATABASE_URL"):
    os.environ["DATABASE_URL"] = f"sqlite:///{pathlib.Path(TEMP.name) / 'bench.sqlite3'}"

HOST = "127.0.0.1"
DEADLINE_SECONDS = 60
PLAYERS = 200
SESSIONS = 4
# Settings for the run without the page cache: everything as configured, the cache a dummy.
NO_CACHE_SETTINGS = """from mjl.settings import *  # noqa: F403
CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
"""

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from league.models import Club, Player, Registration, Standing, Tournament  # noqa: E402
from league.services.seating import seating_generate  # noqa: E402


def build_tournament(count: int = PLAYERS) -> str:
    """``count`` players of 20 clubs, registered, four sessions drawn, standings with spread values."""
    rng = random.Random(2026)
    stamp = time.strftime("%Y%m%d%H%M%S")
    clubs = Club.objects.bulk_create(Club(name=f"Bench club {stamp}-{i}", city="Berlin") for i in range(20))
    players = Player.objects.bulk_create(
        Player(first_name=f"Bench{i}", last_name=f"Player{i:03d}", club=clubs[i % 20], country="DE")
        for i in range(count)
    )
    tournament = Tournament.objects.create(
        slug=f"bench-{stamp}", name=f"Bench open {stamp}", ruleset="dmjl-classical", place="Berlin",
        starts_on=datetime.date(2026, 5, 1), ends_on=datetime.date(2026, 5, 2),
        status=Tournament.Status.RUNNING, published=True, session_count=SESSIONS)
    Registration.objects.bulk_create(Registration(tournament=tournament, player=p) for p in players)
    for number in range(1, SESSIONS + 1):
        seating_generate(tournament=tournament, number=number, method="random")
    values = sorted(((rng.randrange(0, 17), rng.randrange(-20000, 20000)) for _ in players), reverse=True)
    Standing.objects.bulk_create(
        Standing(tournament=tournament, player=player, rank=rank, table_points=Decimal(points),
                 score=Decimal(score), games=SESSIONS, average_place=Decimal("2.5"))
        for rank, (player, (points, score)) in enumerate(zip(players, values, strict=True), start=1)
    )
    return tournament.slug


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


HEADERS = {"Accept-Language": "de"}


def get(port: int, path: str, connection: http.client.HTTPConnection | None = None) -> tuple[int, int]:
    """One GET; on ``connection`` when given (it reconnects by itself when the server closed it)."""
    own = connection is None
    if own:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request("GET", path, headers=HEADERS)
        response = connection.getresponse()
        return response.status, len(response.read())
    except (OSError, http.client.HTTPException):
        connection.close()
        raise
    finally:
        if own:
            connection.close()


def rate(port: int, path: str, count: int, *, etag: str = "") -> tuple[float, str]:
    """Requests per second of ``count`` GETs of ``path`` by one client (each answer read whole), and
    the ETag of the last answer; with ``etag``, conditional GETs that must be answered 304."""
    headers = dict(HEADERS, **({"If-None-Match": etag} if etag else {}))
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    start = time.perf_counter()
    for _ in range(count):
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != (304 if etag else 200):
            raise SystemExit(f"GET {path}: {response.status}")
    elapsed = time.perf_counter() - start
    connection.close()
    return count / elapsed, response.getheader("ETag") or ""


def baselines(port: int, slug: str, args) -> None:
    """One client: each kind of public read against a static file through the same server."""
    tournament_id = Tournament.objects.get(slug=slug).pk
    page, api = f"/t/{slug}/standings/", f"/api/v1/tournaments/{tournament_id}/standings/"
    kinds = ["static file", "standings page (cached)", "standings page, 304", "standings API (cached)",
             "standings API, 304"]
    rates = {kind: [] for kind in kinds}
    for path in (page, api):  # every worker imports its code and loads its translations first
        rate(port, path, args.workers * 10)
    for _run in range(args.runs):
        rates["static file"].append(rate(port, "/static/league/league.css", args.requests)[0])
        per_second, page_tag = rate(port, page, args.requests)
        rates["standings page (cached)"].append(per_second)
        rates["standings page, 304"].append(rate(port, page, args.requests, etag=page_tag)[0])
        per_second, api_tag = rate(port, api, args.requests)
        rates["standings API (cached)"].append(per_second)
        rates["standings API, 304"].append(rate(port, api, args.requests, etag=api_tag)[0])

    def spread(values: list[float], digits: int) -> str:
        return " / ".join(f"{value:.{digits}f}" for value in (min(values), statistics.median(values), max(values)))

    print(f"{args.players} players; one client, {args.requests} requests each per run, {args.runs} runs "
          "(min / median / max)")
    for kind in kinds:
        ratios = [value / base for value, base in zip(rates[kind], rates["static file"], strict=True)]
        print(f"{kind:<26} {spread(rates[kind], 0):>20} req/s   of the static file's: {spread(ratios, 2)}")


def workers_memory(server: subprocess.Popen) -> list[float]:
    """The resident memory (MB) of each of the server's worker processes."""
    sizes = []
    for status in pathlib.Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
        except OSError:
            continue
        if int(fields.get("PPid", "0")) == server.pid and "VmRSS" in fields:
            sizes.append(int(fields["VmRSS"].split()[0]) / 1024)
    return sorted(sizes)


def server_env(settings_module: str = "mjl.settings") -> dict:
    """As in production (DEBUG off), on plain HTTP at the loopback address."""
    return dict(os.environ, DJANGO_SETTINGS_MODULE=settings_module, DEBUG="0", SECRET_KEY="bench-only-secret",
                ALLOWED_HOSTS=HOST, SECURE_SSL_REDIRECT="0", LOG_LEVEL="ERROR")


def start_server(port: int, args, settings_module: str) -> subprocess.Popen:
    env = server_env(settings_module)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "mjl.wsgi:application", "--bind", f"{HOST}:{port}",
         "--workers", str(args.workers), "--worker-class", args.worker_class, "--threads", str(args.threads),
         "--pythonpath", f"{ROOT},{TEMP.name}", "--log-level", "warning", "--backlog", "256"],
        cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn did not start")
        try:
            get(port, "/")
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not answer within 30 s")


def drive(port: int, path: str, *, clients: int, requests: int) -> dict:
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    taken = [0]
    stop_at = time.monotonic() + DEADLINE_SECONDS

    def client() -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        while time.monotonic() < stop_at:
            with lock:
                if taken[0] >= requests:
                    break
                taken[0] += 1
            start = time.perf_counter()
            try:
                status, _size = get(port, path, connection)
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    failures.append(type(error).__name__)
                continue
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    failures.append(str(status))
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - began
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return {"requests": len(latencies), "failures": len(failures), "wall": wall,
            "rps": len(latencies) / wall, "p50": cuts[49] * 1000, "p95": cuts[94] * 1000, "p99": cuts[98] * 1000}


# wrk's summary, as one line that drive_wrk reads: latencies in microseconds
WRK_SCRIPT = """
wrk.headers["Accept-Language"] = "LANGUAGE"
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH %d %d %d %d %d %d\\n", summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
""".replace("LANGUAGE", HEADERS["Accept-Language"])


def drive_wrk(port: int, path: str, *, clients: int, duration: int) -> dict:
    script = pathlib.Path(TEMP.name) / "bench.lua"
    script.write_text(WRK_SCRIPT)
    threads = max(1, min(clients, os.cpu_count() or 1))
    done = subprocess.run(["wrk", f"-t{threads}", f"-c{clients}", f"-d{duration}s", "--timeout", "30s",
                           "-s", str(script), f"http://{HOST}:{port}{path}"],
                          capture_output=True, text=True, check=True)
    found = re.search(r"^BENCH (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$", done.stdout, re.MULTILINE)
    if not found:
        raise SystemExit(f"no summary from wrk:\n{done.stdout}{done.stderr}")
    count, errors, micros, p50, p95, p99 = (int(value) for value in found.groups())
    wall = micros / 1e6
    return {"requests": count, "failures": errors, "wall": wall, "rps": count / wall,
            "p50": p50 / 1000, "p95": p95 / 1000, "p99": p99 / 1000}


def run(label: str, settings_module: str, path: str, args) -> dict:
    port = free_port()
    server = start_server(port, args, settings_module)
    try:
        for _ in range(args.workers * 10):  # every worker imports its code and fills its cache
            get(port, path)
        if args.driver == "wrk":
            figures = drive_wrk(port, path, clients=args.clients, duration=args.duration)
        else:
            figures = drive(port, path, clients=args.clients, requests=args.requests)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"{label:<28} {figures['requests']:>6} req  {figures['failures']:>3} failed  "
          f"{figures['rps']:>7.0f} req/s  p50 {figures['p50']:6.1f} ms  p95 {figures['p95']:6.1f} ms  "
          f"p99 {figures['p99']:6.1f} ms")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=min(4, max(2, os.cpu_count() or 2)),
                        help="gunicorn workers (default: one per CPU, 2 to 4)")
    parser.add_argument("--worker-class", choices=["sync", "gthread"], default="sync")
    parser.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    parser.add_argument("--driver", choices=["python", "wrk"], default="python",
                        help="the clients: Python threads in this process, or wrk")
    parser.add_argument("--duration", type=int, default=15, help="seconds of load with --driver wrk")
    parser.add_argument("--no-compare", action="store_true", help="skip the run without the page cache")
    parser.add_argument("--baselines", action="store_true",
                        help="one client: the public reads against a static file (see above)")
    parser.add_argument("--runs", type=int, default=3, help="runs of --baselines")
    parser.add_argument("--players", type=int, default=PLAYERS, help="players in the tournament (a multiple of 4)")
    args = parser.parse_args()
    if not 1 <= args.requests <= 10_000 or not 1 <= args.clients <= 200:
        parser.error("at most 10,000 requests and 200 clients")
    if args.players % 4 or not 4 <= args.players <= 1000:
        parser.error("4 to 1,000 players, a multiple of 4")
    if not 1 <= args.threads <= 64 or not 1 <= args.duration <= DEADLINE_SECONDS:
        parser.error(f"1 to 64 threads, 1 to {DEADLINE_SECONDS} s")
    if args.baselines and not os.environ.get("CACHE_URL"):
        parser.error("--baselines needs CACHE_URL (a cache the server's workers share, as in production: "
                     "each worker's own cache would give each its own entity tags)")
    if args.driver == "wrk" and not shutil.which("wrk"):
        parser.error("wrk is not installed (apt-get install wrk)")

    call_command("migrate", verbosity=0)
    if not (ROOT / "staticfiles" / "staticfiles.json").exists():
        # with DEBUG off the pages need the static files' manifest
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT,
                       env=server_env(), check=True)
    slug = build_tournament(args.players)
    if args.baselines:
        port = free_port()
        server = start_server(port, args, "mjl.settings")
        try:
            baselines(port, slug, args)
            sizes = workers_memory(server)
            print(f"web processes after these reads: {', '.join(f'{size:.1f}' for size in sizes)} MB resident "
                  f"(goal: under 75 MB): {'met' if sizes and max(sizes) < 75 else 'NOT met'}")
        finally:
            server.terminate()
            server.wait(timeout=30)
        return 0
    path = f"/t/{slug}/standings/"
    load = (f"wrk for {args.duration} s" if args.driver == "wrk"
            else f"Python threads, up to {args.requests} requests or {DEADLINE_SECONDS} s")
    workers = f"{args.workers} gunicorn {args.worker_class} workers" + (
        f" x {args.threads} threads" if args.worker_class == "gthread" else "")
    print(f"{args.players} players, {SESSIONS} sessions; GET {path} with {args.clients} clients, {workers}; {load}")
    cached = run("with the page cache", "mjl.settings", path, args)
    if not args.no_compare:
        (pathlib.Path(TEMP.name) / "bench_nocache.py").write_text(NO_CACHE_SETTINGS)
        run("without (dummy cache)", "bench_nocache", path, args)
    print(f"target p95 < 50 ms: {'met' if cached['p95'] < 50 else 'NOT met'}")
    return 0 if cached["failures"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
