"""Standings are not frozen after a worker crash: a recomputation queued but never started (its
worker died holding it) is taken over by the next change once it is older than one recomputation's
time, instead of blocking every re-queue until the sweep counts it lost a minute later."""
from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import StandingsState
from league.services import standings as standings_service
from league.services.hands import hand_record
from tests.factories import AdminFactory, table_with_players
from tests.hand_records import EAST_WINS_100

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    calls = []

    def record(task, *args, countdown=None):
        calls.append(args[0])
        return True

    monkeypatch.setattr(standings_service, "task_send", record)
    return calls


def a_run_of_half_a_second_then_a_lost_claim(tournament, *, claimed_seconds_ago: float) -> None:
    now = timezone.now()
    StandingsState.objects.filter(pk=tournament.pk).update(
        started_at=now - timedelta(seconds=60), finished_at=now - timedelta(seconds=59.5),
        queued_at=now - timedelta(seconds=claimed_seconds_ago))


def test_the_next_hand_takes_over_a_claim_older_than_one_recomputation(sent, django_capture_on_commit_callbacks):
    table = table_with_players()
    tournament = table.session.tournament
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    a_run_of_half_a_second_then_a_lost_claim(tournament, claimed_seconds_ago=10)
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    assert sent == [tournament.pk, tournament.pk]


def test_a_fresh_claim_is_left_to_its_task(sent, django_capture_on_commit_callbacks):
    table = table_with_players()
    tournament = table.session.tournament
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    a_run_of_half_a_second_then_a_lost_claim(tournament, claimed_seconds_ago=0.5)
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    assert sent == [tournament.pk]


def test_a_claim_lives_for_the_countdown_the_last_run_and_a_margin_but_never_past_the_sweeps_limit(settings):
    now = timezone.now()
    settings.STANDINGS_MIN_INTERVAL, settings.STANDINGS_QUEUE_STALE_SECONDS = 1.0, 60
    assert standings_service.claim_lifetime(now - timedelta(seconds=3), now) == 1.0 + 3.0 + 2.0
    assert standings_service.claim_lifetime(now - timedelta(seconds=600), now) == 60
    assert standings_service.claim_lifetime(None, None) == 3.0
