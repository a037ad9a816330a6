"""A live tournament session under load: referees entering hands while the public reads the pages.

Run from the project root, with PostgreSQL and Redis (each URL is required):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/mjl_load CACHE_URL=redis://127.0.0.1:6379/6 \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/live.py [--seconds 60] [--port 8501]

Builds a running tournament of 200 players on 50 tables (one drawn session, 25 referees with API
tokens), then starts a real Celery worker (``--pool=solo``) and gunicorn (4 sync workers, DEBUG off)
and, for ``--seconds``:

* 25 referees each post a hand every 2 s (alternating between their two tables) over the API, or
  with ``--via sheet`` as the score sheet's script does: the form's fields to the sheet (logged in,
  with the CSRF token, answered in JSON), then the sheet page loaded again;
* 50 viewers each read the tournament page or its standings page (alternately), one second apart,
  as anonymous visitors (the page cache's ``X-Cache`` header tells hits from misses);
* one client reads a trivial view (the language switch, a redirect) every half second, for scale;
* a monitor reads the game results every 0.1 s to see when each posted hand shows in the standings.

Prints the hand POST's server time p50/p95 (gunicorn's own request time, from its access log; with
``--via sheet`` also the sheet page that follows each hand),
the share of public pages served from the cache (hit or stale), recomputations per minute (the
tournament's ``StandingsState.recomputes``), the standings lag p95 (from a POST's answer to its hand
counted in the game results), the viewers' p95 next to the trivial view's p95 in the same run, the
errors, the machine's load average before and after, and the CPU seconds each part used (web
processes, the worker, PostgreSQL's backends, Redis, the load generators). Targets (issue 15): POST
p50 <= 30 ms and p95 <= 80 ms, cache >= 90 %, recomputes <= 60/min, lag p95 <= 2 s. Removes its rows
and stops its processes at the end.

With ``--phases`` (and ``--runs 3``), each run measures three phases of ``--seconds`` against the same
servers: the trivial view alone, the hand POSTs alone (the referees and the trivial client, no
viewers), then the mix; it prints, per run and as min / median / max, the hand POST's server time p50
in the mix against its time alone (issue 27: goal <= 1.5, through the API and through the score
sheet) and the trivial view's p95 in the mix against its p95 alone (goal <= 3). Each phase that posts
hands posts to a session of its own (a game ends after 16 hands).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import pathlib
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
# One key for this process and the servers it starts: the sessions made here must be valid there.
os.environ["SECRET_KEY"] = "bench-only-secret-" + "k" * 40
for name in ("DATABASE_URL", "CACHE_URL", "CELERY_BROKER_URL"):
    if not os.environ.get(name, "").startswith(("postgres", "redis")):
        raise SystemExit(f"bench/live.py needs {name} (PostgreSQL and Redis; see the docstring)")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

settings.DEBUG = False

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

from league.models import (  # noqa: E402
    GameResult,
    Player,
    RefereeAssignment,
    Registration,
    Seat,
    Session,
    StandingsState,
    Table,
    Tournament,
)

HOST = "127.0.0.1"
TABLES = 50
REFEREES = 25
VIEWERS = 50
HAND_EVERY = 2.0
VIEW_EVERY = 1.0
TRIVIAL_EVERY = 0.5
TRIVIAL = "/lang/en/?next=/"


def build(tag: str, sessions: int = 1) -> tuple[Tournament, list[tuple[str, list[list[int]], str]]]:
    """The tournament, and per referee (API token, [[its two table ids] per session], session cookie).

    A game ends after 16 hands, so each phase that posts hands posts them to a session of its own."""
    import datetime

    day = datetime.date.today()
    tournament = Tournament.objects.create(slug=f"bench-live-{tag}", name=f"Bench live {tag}",
                                           ruleset="dmjl-classical", starts_on=day, ends_on=day,
                                           session_count=sessions, status=Tournament.Status.RUNNING, published=True)
    players = Player.objects.bulk_create([Player(first_name=f"Live{tag}", last_name=f"P{i:03d}")
                                          for i in range(4 * TABLES)])
    Registration.objects.bulk_create([Registration(tournament=tournament, player=p) for p in players])
    per_session = []
    for number in range(1, sessions + 1):
        session = Session.objects.create(tournament=tournament, number=number)
        tables = Table.objects.bulk_create([Table(session=session, number=n) for n in range(1, TABLES + 1)])
        order = random.Random(number).sample(players, len(players))
        Seat.objects.bulk_create([Seat(session=session, table=table, position=position,
                                       player=order[4 * i + position])
                                  for i, table in enumerate(tables) for position in range(4)])
        per_session.append(tables)
    User = get_user_model()
    referees = []
    for index in range(REFEREES):
        user = User.objects.create_user(username=f"bench-live-{tag}-{index}", password=None)
        RefereeAssignment.objects.create(tournament=tournament, user=user)
        token = Token.objects.create(user=user).key
        referees.append((token, [[tables[2 * index].pk, tables[2 * index + 1].pk] for tables in per_session],
                         logged_in(user)))
    return tournament, referees


CSRF_SECRET = "benchlivecsrfsecret0123456789abc"  # 32 characters: a CSRF cookie as Django makes one


def logged_in(user) -> str:
    """Cookies of a web session logged in as ``user`` (as after the login form), with a CSRF cookie."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"sessionid={session.session_key}; csrftoken={CSRF_SECRET}"


def sheet_fields(record: dict, number: int) -> dict:
    """A classical win as the score sheet's form sends it."""
    fields = {"outcome": record["outcome"], "winner": record["winner"], "number": number,
              "key": f"bench-{random.getrandbits(64):016x}"}
    fields.update({f"value_{seat}": value for seat, value in enumerate(record["hand_values"])})
    return fields


def clean(tournament: Tournament, tag: str) -> None:
    tournament.delete()  # sessions, tables, seats, hands, results, standings, its state
    Player.objects.filter(first_name=f"Live{tag}").delete()
    get_user_model().objects.filter(username__startswith=f"bench-live-{tag}-").delete()


def request(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None, *,
            form: bool = False):
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        data = None if body is None else urllib.parse.urlencode(body) if form else json.dumps(body)
        all_headers = {"Accept-Language": "de", **(headers or {})}
        if data is not None:
            all_headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        payload = response.read()
        return response.status, response.getheader("X-Cache"), payload
    finally:
        connection.close()


def _stat(pid: int) -> list[str]:
    try:
        return pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def cpu_seconds(root: int) -> float:
    """User and system CPU time of a process and all its children so far (Linux /proc): the live
    children's own, and through the root's ``cutime``/``cstime`` those that have exited (PostgreSQL's
    backends come and go)."""
    fields = _stat(root)
    if not fields:
        return 0.0
    total = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime, stime, cutime, cstime
    try:
        children = pathlib.Path(f"/proc/{root}/task/{root}/children").read_text().split()
    except OSError:
        children = []
    for child in children:
        if child_fields := _stat(int(child)):
            total += int(child_fields[11]) + int(child_fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def named(name: str) -> list[int]:
    """The processes whose command name is ``name`` and whose parent's is not: the server's root."""
    found = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found[int(entry.name)] = int(_stat(int(entry.name))[1])
            except (OSError, IndexError):
                continue
    return [pid for pid, parent in found.items() if parent not in found]


def cpu_snapshot(server: int, worker: int) -> dict[str, float]:
    """CPU seconds used so far per part of the run: where the machine's two cores went (PostgreSQL
    and Redis as a whole, whichever databases they serve)."""
    own = os.times()
    return {"web (gunicorn)": cpu_seconds(server), "Celery worker": cpu_seconds(worker),
            "PostgreSQL": sum(cpu_seconds(pid) for pid in named("postgres")),
            "Redis": sum(cpu_seconds(pid) for pid in named("redis-server")),
            "load generators (this process)": own.user + own.system}


def quantile(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def hand(number: int, rng: random.Random) -> dict:
    """A win by a seat that is not the dealer (the deal moves on: 16 hands to a game)."""
    dealer = (number - 1) % 4
    winner = (dealer + 1 + rng.randrange(3)) % 4
    values = [rng.randrange(10, 200, 2) for _ in range(4)]
    values[winner] = rng.randrange(100, 600, 2)
    return {"outcome": "win", "winner": winner, "hand_values": values}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--port", type=int, default=8501)
    parser.add_argument("--via", choices=["api", "sheet"], default="api",
                        help="post hands over the API (default) or as the score sheet's script does")
    parser.add_argument("--phases", action="store_true",
                        help="each run measures the trivial view alone, then the hand POSTs alone (with only the "
                             "trivial client), then the mix; prints the mix's ratios to them")
    parser.add_argument("--runs", type=int, default=1, help="runs of the phases (with --phases; default 1)")
    args = parser.parse_args()
    plan = []
    for run in range(args.runs if args.phases else 1):
        if args.phases:
            plan += [(run, "trivial alone", {"trivial"}), (run, "posts alone", {"referees", "trivial"})]
        plan.append((run, "mix", {"referees", "viewers", "trivial"}))
    posting = [phase for phase in plan if "referees" in phase[2]]
    call_command("migrate", verbosity=0)
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, check=True,
                   env=dict(os.environ, DEBUG="0"))
    tag = f"{int(time.time()) % 100000}"
    tournament, referees = build(tag, sessions=len(posting))
    log_dir = tempfile.TemporaryDirectory()
    access_log = pathlib.Path(log_dir.name) / "access.log"
    env = dict(os.environ, DEBUG="0", ALLOWED_HOSTS=HOST,
               SECURE_SSL_REDIRECT="0", LOG_LEVEL="WARNING")
    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "mjl", "worker", "--pool=solo",
                               "--loglevel=WARNING", "-n", f"bench-live-{tag}@%h"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=open(pathlib.Path(log_dir.name) / "worker.log", "w"))
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "mjl.wsgi:application", "--bind",
                               f"{HOST}:{args.port}", "--workers", "4", "--worker-class", "sync",
                               "--access-logfile", str(access_log),
                               "--access-logformat", '%(m)s %(U)s %(s)s %(D)s',
                               "--log-level", "warning", "--backlog", "256"], cwd=ROOT, env=env)
    measured = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                request(args.port, "GET", TRIVIAL)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("gunicorn did not start") from None
                time.sleep(0.3)
        for run, name, roles in plan:
            session = posting.index((run, name, roles)) if "referees" in roles else None
            time.sleep(2)  # the last phase's recomputation settles
            load_before = os.getloadavg()
            lines_before = len(access_log.read_text().splitlines())
            cpu_before = cpu_snapshot(server.pid, worker.pid)
            results = drive(args, tournament, referees, roles, session)
            cpu_after = cpu_snapshot(server.pid, worker.pid)
            time.sleep(0.5)  # the access log's last lines
            results["cpu"] = {part: cpu_after[part] - cpu_before[part] for part in cpu_before}
            results["log"] = access_log.read_text().splitlines()[lines_before:]
            results["load"] = (load_before, os.getloadavg())
            measured.append((run, name, results))
    finally:
        server.terminate()
        worker.terminate()
        server.wait(20)
        worker.wait(20)
    for run, name, results in measured:
        server_times, sheet_times = server_side(results["log"], args.via)
        if name == "mix":
            print(f"\n== run {run + 1}: the mix" if args.phases else "")
            report(results, server_times, sheet_times, *results["load"], args)
    if args.phases:
        phase_ratios(measured, args)
    clean(tournament, tag)
    return 0


def server_side(log: list[str], via: str) -> tuple[list[float], list[float]]:
    """The hand POSTs' and the sheet pages' server times (ms) from gunicorn's access log lines."""
    posts = (r"^POST /api/v1/tables/\d+/hands/ 201 (\d+)$" if via == "api"
             else r"^POST /referee/table/\d+/ 201 (\d+)$")
    server_times, sheet_times = [], []
    for line in log:
        if found := re.match(posts, line):
            server_times.append(int(found.group(1)) / 1000)
        elif found := re.match(r"^GET /referee/table/\d+/ 200 (\d+)$", line):
            sheet_times.append(int(found.group(1)) / 1000)
    return server_times, sheet_times


def phase_ratios(measured: list, args) -> None:
    """Per run: the hand POST's server time p50 in the mix against the POSTs alone (goal <= 1.5), and
    the trivial view's p95 in the mix against the trivial view alone (goal <= 3); then min/median/max."""
    by_run: dict[int, dict[str, dict]] = {}
    for run, name, results in measured:
        by_run.setdefault(run, {})[name] = results
    print(f"\n== the mix against each part alone ({args.via}), {len(by_run)} runs of {args.seconds} s per phase")
    print(f"{'run':>3} {'POST p50 alone':>14} {'in mix':>7} {'ratio':>6} {'POST p95 alone':>14} {'in mix':>7} "
          f"{'trivial p95 alone':>17} {'in mix':>7} {'ratio':>6} {'load':>5}")
    post_ratios, trivial_ratios = [], []
    for run, phases in sorted(by_run.items()):
        alone = server_side(phases["posts alone"]["log"], args.via)[0]
        mixed = server_side(phases["mix"]["log"], args.via)[0]
        t_alone = [t * 1000 for t in phases["trivial alone"]["trivial"]]
        t_mixed = [t * 1000 for t in phases["mix"]["trivial"]]
        post_ratios.append(quantile(mixed, 50) / quantile(alone, 50))
        trivial_ratios.append(quantile(t_mixed, 95) / quantile(t_alone, 95))
        print(f"{run + 1:>3} {quantile(alone, 50):>11.1f} ms {quantile(mixed, 50):>7.1f} {post_ratios[-1]:>6.2f} "
              f"{quantile(alone, 95):>11.1f} ms {quantile(mixed, 95):>7.1f} "
              f"{quantile(t_alone, 95):>14.1f} ms {quantile(t_mixed, 95):>7.1f} {trivial_ratios[-1]:>6.2f} "
              f"{phases['mix']['load'][1][0]:>5.2f}")

    def spread(values: list[float]) -> str:
        return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"

    print(f"hand POST p50, mix / alone (min / median / max): {spread(post_ratios)} "
          f"(goal <= 1.5: {'ok' if max(post_ratios) <= 1.5 else 'MISSED'})")
    print(f"trivial view p95, mix / alone (min / median / max): {spread(trivial_ratios)} "
          f"(goal <= 3: {'ok' if max(trivial_ratios) <= 3 else 'MISSED'})")


def drive(args, tournament: Tournament, referees, roles: set[str], session: int | None) -> dict:
    """One phase of ``args.seconds``: the clients in ``roles`` (referees posting to the tables of their
    ``session``-th session, viewers, the trivial client)."""
    port = args.port
    lock = threading.Lock()
    stop = threading.Event()
    posted: list[tuple[int, int, float]] = []  # (table id, hand number, answered at)
    post_errors: list[str] = []
    views: list[tuple[float, str]] = []
    view_errors: list[str] = []
    trivial: list[float] = []
    seen: dict[tuple[int, int], float] = {}  # (table id, hands counted) -> first seen at
    state = StandingsState.objects.filter(pk=tournament.pk).values_list("recomputes", flat=True).first() or 0
    started = time.monotonic()

    def referee(index: int, token: str, table_ids: list[int], cookies: str) -> None:
        rng = random.Random(index)
        numbers = {table_id: 0 for table_id in table_ids}
        next_at = started + rng.random() * HAND_EVERY
        turn = 0
        while not stop.is_set():
            stop.wait(max(0.0, next_at - time.monotonic()))
            if stop.is_set():
                break
            next_at += HAND_EVERY
            table_id = table_ids[turn % 2]
            turn += 1
            record = hand(numbers[table_id] + 1, rng)
            try:
                if args.via == "api":
                    status, _cache, body = request(port, "POST", f"/api/v1/tables/{table_id}/hands/", record,
                                                   {"Authorization": f"Token {token}"})
                else:
                    status, _cache, body = request(
                        port, "POST", f"/referee/table/{table_id}/", sheet_fields(record, numbers[table_id] + 1),
                        {"Cookie": cookies, "X-CSRFToken": CSRF_SECRET, "Accept": "application/json"}, form=True)
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    post_errors.append(type(error).__name__)
                continue
            answered = time.monotonic()
            if status == 201:
                answer = json.loads(body)
                numbers[table_id] = answer["number"] if args.via == "api" else answer["hand"]["number"]
                with lock:
                    posted.append((table_id, numbers[table_id], answered))
                if args.via == "sheet":  # the script shows the server's sheet once its queue is empty
                    try:
                        request(port, "GET", f"/referee/table/{table_id}/", headers={"Cookie": cookies})
                    except (OSError, http.client.HTTPException) as error:
                        with lock:
                            post_errors.append(f"sheet {type(error).__name__}")
            else:
                with lock:
                    post_errors.append(f"{status} {body[:80]!r}")

    def viewer(index: int) -> None:
        paths = [f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/"]
        next_at = started + random.Random(index).random() * VIEW_EVERY
        turn = index
        while not stop.is_set():
            stop.wait(max(0.0, next_at - time.monotonic()))
            if stop.is_set():
                break
            next_at += VIEW_EVERY
            path = paths[turn % 2]
            turn += 1
            began = time.perf_counter()
            try:
                status, cache_state, _body = request(port, "GET", path)
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    view_errors.append(type(error).__name__)
                continue
            with lock:
                views.append((time.perf_counter() - began, cache_state or "none"))
                if status != 200:
                    view_errors.append(str(status))

    def trivial_client() -> None:
        while not stop.is_set():
            began = time.perf_counter()
            try:
                request(port, "GET", TRIVIAL)
                trivial.append(time.perf_counter() - began)
            except (OSError, http.client.HTTPException):
                pass
            stop.wait(TRIVIAL_EVERY)

    def monitor() -> None:
        from django.db import connection

        try:
            while not stop.is_set():
                now = time.monotonic()
                rows = GameResult.objects.filter(tournament=tournament, seat=0).values_list("table_id", "hands")
                for table_id, hands in rows:
                    if (table_id, hands) not in seen:
                        seen[(table_id, hands)] = now
                stop.wait(0.1)
            time.sleep(3)  # the last hands' recomputation
            now = time.monotonic()
            for table_id, hands in GameResult.objects.filter(tournament=tournament, seat=0).values_list(
                    "table_id", "hands"):
                seen.setdefault((table_id, hands), now)
        finally:
            connection.close()

    threads = []
    if "referees" in roles:
        threads += [threading.Thread(target=referee, args=(i, token, ids[session], cookies))
                    for i, (token, ids, cookies) in enumerate(referees)]
    if "viewers" in roles:
        threads += [threading.Thread(target=viewer, args=(i,)) for i in range(VIEWERS)]
    if "trivial" in roles:
        threads.append(threading.Thread(target=trivial_client))
    watcher = threading.Thread(target=monitor)
    for thread in [*threads, watcher]:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in threads:
        thread.join()
    watcher.join()
    elapsed = time.monotonic() - started
    recomputes = (StandingsState.objects.filter(pk=tournament.pk).values_list("recomputes", flat=True).first()
                  or 0) - state

    # A hand shows once the results count it or any later hand of its table.
    lags, missing = [], 0
    counted: dict[int, list[tuple[int, float]]] = {}
    for (table_id, hands), at in seen.items():
        counted.setdefault(table_id, []).append((hands, at))
    for table_id, number, answered in posted:
        times = [at for hands, at in counted.get(table_id, []) if hands >= number]
        if times:
            lags.append(max(0.0, min(times) - answered))
        else:
            missing += 1
    return {"elapsed": elapsed, "posted": posted, "post_errors": post_errors, "views": views,
            "view_errors": view_errors, "trivial": trivial, "recomputes": recomputes, "lags": lags,
            "missing": missing}


def report(results: dict, server_times: list[float], sheet_times: list[float], load_before, load_after,
           args) -> None:
    views = results["views"]
    cached = sum(1 for _t, state in views if state in ("hit", "stale"))
    stale = sum(1 for _t, state in views if state == "stale")
    view_times = [t * 1000 for t, _state in views]
    trivial = [t * 1000 for t in results["trivial"]]
    minutes = results["elapsed"] / 60
    p50, p95 = quantile(server_times, 50), quantile(server_times, 95)
    share = cached / len(views) if views else 0.0
    per_minute = results["recomputes"] / minutes
    lag95 = quantile(results["lags"], 95)
    viewer95, trivial95 = quantile(view_times, 95), quantile(trivial, 95)

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    print(f"bench/live.py: {args.seconds} s, {REFEREES} referees x 1 hand / {HAND_EVERY:g} s on {TABLES} tables, "
          f"{VIEWERS} viewers x 1 page / {VIEW_EVERY:g} s; gunicorn 4 sync workers, 1 Celery worker (solo)")
    print(f"machine: {os.cpu_count()} CPUs, load average {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    print(f"hands posted {len(results['posted'])}, errors {len(results['post_errors'])} "
          f"{sorted(set(results['post_errors']))[:3]}")
    via = "API" if args.via == "api" else "score sheet"
    print(f"hand POST ({via}) server time p50 {p50:6.1f} ms (target <= 30: {verdict(p50 <= 30)}), "
          f"p95 {p95:6.1f} ms (target <= 80: {verdict(p95 <= 80)})")
    if sheet_times:
        print(f"the sheet page loaded after each hand: p50 {quantile(sheet_times, 50):6.1f} ms, "
              f"p95 {quantile(sheet_times, 95):6.1f} ms")
    print(f"public pages {len(views)}, from the cache {share:.1%} ({stale} of them stale while re-rendering) "
          f"(target >= 90 %: {verdict(share >= 0.9)}); errors {len(results['view_errors'])}")
    print(f"standings recomputations {results['recomputes']} = {per_minute:.1f}/min "
          f"(target <= 60: {verdict(per_minute <= 60)})")
    print(f"standings lag p50 {quantile(results['lags'], 50):.2f} s, p95 {lag95:.2f} s "
          f"(target <= 2 s: {verdict(lag95 <= 2)}); hands never seen {results['missing']}")
    print(f"viewer p95 {viewer95:.1f} ms, trivial view p95 {trivial95:.1f} ms, ratio {viewer95 / trivial95:.2f}")
    available = (os.cpu_count() or 1) * results["elapsed"]
    print(f"CPU seconds in {results['elapsed']:.0f} s (of {available:.0f} available): "
          + ", ".join(f"{part} {seconds:.1f}" for part, seconds in results["cpu"].items()))


if __name__ == "__main__":
    sys.exit(main())
