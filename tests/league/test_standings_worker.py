"""Standings kept by a real Celery worker: a burst of hands costs one or two recomputations, the
sweep brings back standings a dead worker or a broker that was down left stale. Run by CI only,
with a broker and a worker started against the test database."""
import time

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from league.models import GameResult, StandingsState
from league.tasks import standings_sweep
from mjl.celery import app as celery_app
from tests.factories import referee_for, table_with_players
from tests.hand_records import EAST_WINS_100

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def wait_for(condition, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def east_total(table) -> int | None:
    row = GameResult.objects.filter(table=table, seat=0).first()
    return row and row.total


def post_hands(table, count: int) -> None:
    client = APIClient()
    client.force_authenticate(referee_for(table.session.tournament))
    for _ in range(count):
        response = client.post(f"/api/v1/tables/{table.pk}/hands/", EAST_WINS_100, format="json")
        assert response.status_code == 201, response.content


def reset_pools() -> None:
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


def test_a_burst_of_hands_is_computed_by_the_worker_in_few_runs():
    table = table_with_players()
    post_hands(table, 10)
    assert wait_for(lambda: east_total(table) == 6000), east_total(table)
    state = StandingsState.objects.get(tournament=table.session.tournament)
    assert not state.dirty and state.queued_at is None
    assert 1 <= state.recomputes <= 3  # one run for the first hand, one (or two) for the rest of the burst


def test_standings_left_stale_by_a_dead_worker_are_caught_up_by_the_sweep():
    table = table_with_players()
    post_hands(table, 1)
    assert wait_for(lambda: east_total(table) == 600)
    tournament = table.session.tournament
    # A run that died before its commit: one more change asked for, none written, no task queued.
    StandingsState.objects.filter(pk=tournament.pk).update(requested=5, computed=4, queued_at=None)
    GameResult.objects.filter(table=table).delete()
    standings_sweep.delay()
    assert wait_for(lambda: east_total(table) == 600)
    assert not StandingsState.objects.get(pk=tournament.pk).dirty


def test_with_the_broker_on_a_closed_port_hands_are_stored_and_caught_up_when_it_returns(monkeypatch):
    table = table_with_players()
    with monkeypatch.context() as patch:
        # Celery reads the variable before its settings.
        patch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:1/0")
        patch.setattr(settings, "CELERY_BROKER_URL", "redis://127.0.0.1:1/0")
        reset_pools()
        try:
            post_hands(table, 2)  # each answers 201 (asserted there)
        finally:
            reset_pools()
    state = StandingsState.objects.get(tournament=table.session.tournament)
    assert state.dirty and state.queued_at is None and east_total(table) is None
    standings_sweep.delay()  # what beat sends every STANDINGS_SWEEP_SECONDS
    assert wait_for(lambda: east_total(table) == 1200)
