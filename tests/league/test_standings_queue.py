"""Stale standings under live load: a hand write never waits for a running recomputation, a burst
of hands queues one task, a recomputation that dies leaves the standings stale for the sweep, and a
broker that is down fails no request (the sweep catches up once it is back)."""
import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import Export, GameResult, Hand, StandingsState, Tournament
from league.services import standings as standings_service
from league.services.exports import export_request, export_requeue_stale
from league.services.hands import hand_record
from league.tasks import exports_requeue_stale, standings_recompute_task, standings_sweep
from mjl.celery import app as celery_app
from tests.factories import AdminFactory, TournamentFactory, referee_for, table_with_players
from tests.hand_records import EAST_WINS_100

pytestmark = pytest.mark.django_db


def state_of(tournament) -> StandingsState:
    return StandingsState.objects.get(tournament=tournament)


def east_total(table) -> int | None:
    row = GameResult.objects.filter(table=table, seat=0).first()
    return row and row.total


@pytest.fixture
def sent(monkeypatch):
    """The standings tasks handed to the broker, as (tournament id, countdown): queued, not run."""
    calls = []

    def record(task, *args, countdown=None):
        calls.append((*args, countdown))
        return True

    monkeypatch.setattr(standings_service, "task_send", record)
    return calls


@pytest.fixture
def broker_down(settings, monkeypatch):
    """Celery with a real broker URL on a port nobody listens on (Celery reads the variable first)."""

    def reset_pools():
        celery_app._pool = None
        celery_app.amqp._producer_pool = None

    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.conf.task_always_eager = False
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:1/0")
    reset_pools()
    yield
    settings.CELERY_TASK_ALWAYS_EAGER = True
    celery_app.conf.task_always_eager = True
    reset_pools()


def test_a_burst_of_hands_queues_one_recomputation_and_the_next_change_queues_the_next(
        sent, django_capture_on_commit_callbacks, settings):
    settings.STANDINGS_MIN_INTERVAL = 1.0
    table = table_with_players()
    tournament = table.session.tournament
    user = AdminFactory()
    for _ in range(10):
        with django_capture_on_commit_callbacks(execute=True):
            hand_record(table=table, record=EAST_WINS_100, user=user)
    assert sent == [(tournament.pk, 0.0)]
    state = state_of(tournament)
    assert (state.requested, state.computed, state.queued_at is not None) == (10, 0, True)

    # The worker takes the task: the slot is free again and the ten hands are computed in one run.
    standings_service.standings_run(tournament_id=tournament.pk)
    state = state_of(tournament)
    assert (state.requested, state.computed, state.queued_at, state.recomputes) == (10, 10, None, 1)
    assert east_total(table) == 6000

    # The next hands queue one more run, held back to a second after the previous one started.
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            hand_record(table=table, record=EAST_WINS_100, user=user)
    assert len(sent) == 2 and sent[1][0] == tournament.pk and 0.5 < sent[1][1] <= 1.0


def test_a_queued_run_finding_the_standings_computed_does_nothing(sent, django_capture_on_commit_callbacks):
    table = table_with_players()
    tournament = table.session.tournament
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    standings_service.standings_run(tournament_id=tournament.pk)
    assert standings_service.standings_run(tournament_id=tournament.pk) is False
    assert state_of(tournament).recomputes == 1


def test_a_recomputation_that_dies_leaves_the_standings_stale_and_the_sweep_catches_up(
        sent, monkeypatch, django_capture_on_commit_callbacks):
    table = table_with_players()
    tournament = table.session.tournament
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    sync_rows = standings_service.sync_rows

    def dies_after_the_game_results(queryset, *args, **kwargs):
        written = sync_rows(queryset, *args, **kwargs)
        if queryset.model is not GameResult:
            raise SystemExit("worker killed")  # as a SIGKILL would: after writing, before the commit
        return written

    monkeypatch.setattr(standings_service, "sync_rows", dies_after_the_game_results)
    with pytest.raises(SystemExit):
        standings_service.standings_run(tournament_id=tournament.pk)
    state = state_of(tournament)
    assert state.dirty and state.queued_at is None and state.computed == 0
    assert east_total(table) is None  # the half-written results went with the transaction

    monkeypatch.setattr(standings_service, "sync_rows", sync_rows)
    assert standings_service.standings_sweep() == [tournament.pk]
    standings_recompute_task(tournament.pk)  # what the worker does with the swept task
    assert not state_of(tournament).dirty and east_total(table) == 600
    assert standings_service.standings_sweep() == []


def test_the_sweep_leaves_a_freshly_queued_run_alone_and_requeues_one_lost_in_the_queue(
        sent, django_capture_on_commit_callbacks, settings):
    table = table_with_players()
    tournament = table.session.tournament
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    assert standings_service.standings_sweep() == []
    StandingsState.objects.filter(pk=tournament.pk).update(
        queued_at=timezone.now() - timedelta(seconds=settings.STANDINGS_QUEUE_STALE_SECONDS + 1))
    assert standings_service.standings_sweep() == [tournament.pk]
    assert [call[0] for call in sent] == [tournament.pk, tournament.pk]


def test_with_the_broker_down_a_hand_post_answers_201_and_the_sweep_catches_up(
        broker_down, settings, caplog, django_capture_on_commit_callbacks):
    table = table_with_players()
    tournament = table.session.tournament
    client = APIClient()
    client.force_authenticate(referee_for(tournament))
    for number in (1, 2):
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            response = client.post(f"/api/v1/tables/{table.pk}/hands/", EAST_WINS_100, format="json")
        assert callbacks  # the queueing ran, after the commit
        assert response.status_code == 201, response.content
        assert response.json()["number"] == number
    assert "Could not queue league.standings_recompute" in caplog.text
    assert Hand.objects.filter(table=table).count() == 2
    state = state_of(tournament)
    assert state.dirty and state.queued_at is None  # nothing is waiting in a queue that never got it

    with django_capture_on_commit_callbacks(execute=True):
        closed = client.post(f"/api/v1/tables/{table.pk}/close/", format="json")
    assert closed.status_code == 200, closed.content

    # The broker is back (here: tasks run in-process); beat's sweep queues the recomputation.
    settings.CELERY_TASK_ALWAYS_EAGER = True
    celery_app.conf.task_always_eager = True
    standings_sweep.delay()
    assert not state_of(tournament).dirty and east_total(table) == 1200


def test_with_the_broker_down_an_export_stays_pending_and_the_sweep_builds_it_later(
        broker_down, settings, django_capture_on_commit_callbacks):
    tournament = TournamentFactory()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        export = export_request(kind="ema-csv", tournament=tournament, user=AdminFactory(), language="en")
    assert len(callbacks) == 1  # it tried, and the broker refused
    assert Export.objects.get(pk=export.pk).status == Export.Status.PENDING
    assert export_requeue_stale() == []  # just asked for: its task may still be on its way
    Export.objects.filter(pk=export.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.EXPORT_PENDING_SECONDS + 1))
    settings.CELERY_TASK_ALWAYS_EAGER = True
    celery_app.conf.task_always_eager = True
    with django_capture_on_commit_callbacks(execute=True):
        exports_requeue_stale.delay()
    assert Export.objects.get(pk=export.pk).status == Export.Status.DONE


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_hand_write_does_not_wait_for_a_running_recomputation(sent):
    table = table_with_players()
    tournament = table.session.tournament
    user = AdminFactory()
    holding, release = threading.Event(), threading.Event()

    def recomputation_in_progress():
        # What a running recomputation holds for its whole run: the tournament row.
        try:
            with transaction.atomic():
                Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
                holding.set()
                release.wait(10)
        finally:
            connection.close()

    runner = threading.Thread(target=recomputation_in_progress)
    runner.start()
    try:
        assert holding.wait(10)
        done = threading.Event()

        def write():
            try:
                hand_record(table=table, record=EAST_WINS_100, user=user)
                done.set()
            finally:
                connection.close()

        writer = threading.Thread(target=write)
        writer.start()
        assert done.wait(5), "the hand write waited for the recomputation's lock"
        writer.join()
    finally:
        release.set()
        runner.join()
    assert state_of(tournament).requested == 1
