"""A Celery worker SIGKILLed in the middle of a standings recomputation (issue 17, finding 1),
with real parts: PostgreSQL, the broker, and worker processes this test starts on a queue of its
own (the CI worker never sees its tasks). The worker is caught inside its transaction, after it
wrote the tables' new game results and while it waits for the standing rows, which the test holds
locked from a connection of its own; it is killed there. Its transaction dies with it: the
standings stay stale and are still marked so. A new worker with beat's standings sweep brings
them up to date, equal to a fresh recomputation."""
import os
import signal
import subprocess
import sys
import uuid

import psycopg
import pytest
import redis
from celery.app import routes as celery_routes
from django.conf import settings
from django.db import connection

from league.models import GameResult, Standing, StandingsState
from league.services.standings import standings_recompute
from mjl.celery import app as celery_app
from tests.factories import table_with_players
from tests.league.test_standings_worker import east_total, post_hands, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

SWEEP_SECONDS = 2


@pytest.fixture
def queue(monkeypatch):
    """A queue of this test's own: the recomputations the hand posts queue go there. Afterwards
    the queue and the message the killed worker never acknowledged are removed from the broker."""
    name = f"killtest-{uuid.uuid4().hex[:12]}"
    monkeypatch.setattr(celery_app.amqp.router, "routes",
                        celery_routes.prepare({"league.standings_recompute": {"queue": name}}))
    yield name
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.delete(name, f"_kombu.binding.{name}")
    for tag, raw in broker.hgetall("unacked").items():
        if f'"{name}"'.encode() in raw:
            broker.hdel("unacked", tag)
            broker.zrem("unacked_index", tag)


@pytest.fixture
def start_worker(queue, tmp_path):
    """Start a Celery worker (``beat=True``: with the standings sweep every SWEEP_SECONDS) on the
    test database that consumes only ``queue``; stopped at the end unless the test killed it."""
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs a database it can share: run with DATABASE_URL=postgres://…")
    db = connection.settings_dict
    database_url = (f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST'] or '127.0.0.1'}:"
                    f"{db['PORT'] or 5432}/{db['NAME']}")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.worker_settings", "MJL_TEST_QUEUE": queue,
           "DATABASE_URL": database_url, "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
           "STANDINGS_SWEEP_SECONDS": str(SWEEP_SECONDS)}
    started = []

    def start(*, beat: bool = False) -> subprocess.Popen:
        number = len(started) + 1
        command = [sys.executable, "-m", "celery", "-A", "mjl", "worker", "--pool=solo", "-Q", queue,
                   "-n", f"{queue}-{number}@%h", "--without-mingle", "--without-gossip", "--without-heartbeat",
                   "--loglevel=INFO"]
        if beat:
            command += ["--beat", "--schedule", str(tmp_path / "beat-schedule")]
        log = open(tmp_path / f"worker-{number}.log", "wb")  # noqa: SIM115 (closed with the worker)
        process = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        started.append((process, log))
        return process

    yield start
    for process, log in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


def recomputations_waiting_for_a_lock() -> list[int]:
    """Database sessions blocked in an update of the standing rows: a recomputation in mid-transaction."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' "
            "AND query LIKE %s", [f'UPDATE "{Standing._meta.db_table}"%'])
        return [pid for (pid,) in cursor.fetchall()]


def session_alive(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid])
        return cursor.fetchone() is not None


def rows(tournament) -> tuple[list, list]:
    return (sorted(GameResult.objects.filter(tournament=tournament).values_list("player_id", "total", "place")),
            sorted(Standing.objects.filter(tournament=tournament).values_list("player_id", "rank", "score")))


def test_a_worker_killed_mid_recomputation_leaves_the_standings_stale_and_the_sweep_catches_up(start_worker):
    table = table_with_players()
    tournament = table.session.tournament
    first = start_worker()
    post_hands(table, 1)
    assert wait_for(lambda: east_total(table) == 600), east_total(table)
    computed_once = rows(tournament)

    db = connection.settings_dict
    with psycopg.connect(dbname=db["NAME"], user=db["USER"], password=db["PASSWORD"] or None,
                         host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432) as holder:
        holder.execute(f'SELECT 1 FROM "{Standing._meta.db_table}" WHERE tournament_id = %s FOR UPDATE',
                       [tournament.pk])
        post_hands(table, 1)
        assert wait_for(recomputations_waiting_for_a_lock), "the worker never reached the standing rows"
        [blocked] = recomputations_waiting_for_a_lock()
        first.send_signal(signal.SIGKILL)
        assert first.wait(10) == -signal.SIGKILL
        holder.rollback()  # the dead worker's session now meets its closed socket and rolls back
    assert wait_for(lambda: not session_alive(blocked), 10), "the killed worker's transaction did not end"

    state = StandingsState.objects.get(pk=tournament.pk)
    assert state.computed < state.requested and state.dirty
    assert state.recomputes == 1
    assert east_total(table) == 600  # the second hand's game results died with the worker
    assert rows(tournament) == computed_once

    start_worker(beat=True)  # a new worker, and beat's sweep every SWEEP_SECONDS
    assert wait_for(lambda: not StandingsState.objects.get(pk=tournament.pk).dirty, SWEEP_SECONDS + 25)
    assert east_total(table) == 1200
    caught_up = rows(tournament)
    assert caught_up != computed_once
    assert standings_recompute(tournament=tournament) is False  # a fresh recomputation changes nothing
    assert rows(tournament) == caught_up
