"""Future seat draws cannot be computed: a draw's seed comes from ``secrets``, is kept with the
session for audit (administrators see it), and reaches everyone else only when no draw still to
come depends on it: after the session for a random draw, after the tournament for a balanced one
(whose one seed draws every session)."""
import pytest

from league.models import Session, Tournament
from league.services.seating import seating_generate
from tests.factories import AdminFactory, TournamentFactory, client_for, referee_for, register_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=4)
    register_players(tournament, 8)
    return tournament


def seed_seen_by(user, tournament, number=1):
    return client_for(user).get(f"/api/v1/tournaments/{tournament.pk}/sessions/{number}/seating/").json()["seed"]


def test_the_public_and_referees_do_not_see_a_balanced_draws_seed_while_sessions_are_to_come(tournament):
    seating_generate(tournament=tournament, number=1, method="balanced")
    assert seed_seen_by(None, tournament) is None
    assert seed_seen_by(referee_for(tournament), tournament) is None


def test_an_administrator_sees_the_seed_for_audit(tournament):
    session = seating_generate(tournament=tournament, number=1, method="balanced")
    assert seed_seen_by(AdminFactory(), tournament) == Session.objects.get(pk=session.pk).draw_seed is not None


def test_a_balanced_seed_stays_secret_after_its_first_session_closes(tournament):
    session = seating_generate(tournament=tournament, number=1, method="balanced")
    session.tables.update(closed=True)
    assert seed_seen_by(None, tournament) is None


def test_a_random_draws_seed_is_published_once_its_session_is_over(tournament):
    session = seating_generate(tournament=tournament, number=1, method="random")
    assert seed_seen_by(None, tournament) is None
    session.tables.update(closed=True)
    assert seed_seen_by(None, tournament) == session.draw_seed


def test_every_seed_is_published_when_the_tournament_is_finished(tournament):
    session = seating_generate(tournament=tournament, number=1, method="balanced")
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    assert seed_seen_by(None, tournament) == session.draw_seed
