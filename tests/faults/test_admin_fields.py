"""Issue 25, finding 3: Django's admin edited around the history (a hand moved to another table as
number 99, a table, session or registration given another parent). Whatever the services own is
read-only in the admin: a form posted with such changes stores none of them."""
import pytest

from league.models import Hand, Registration, Session, Signup, Table, TournamentPenalty
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SessionFactory,
    TournamentFactory,
    table_with_hands,
    table_with_players,
)

from .admin_forms import change_form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(AdminFactory())
    return client


def post_changes(client, url: str, **changes):
    data = change_form_data(client, url)
    data.update({name: str(value) for name, value in changes.items()})
    return client.post(url, data)


def test_a_hand_cannot_be_moved_renumbered_or_rekeyed_in_the_admin(admin_client):
    table = table_with_hands(2)
    other = table_with_players(session=table.session, number=2)
    hand = table.hands.get(number=2)
    before = (hand.table_id, hand.number, hand.idempotency_key, hand.record)
    post_changes(admin_client, f"/admin/league/hand/{hand.pk}/change/", table=other.pk, number=99,
                 idempotency_key="stolen", dealer=3)
    hand.refresh_from_db()
    assert (hand.table_id, hand.number, hand.idempotency_key, hand.record) == before
    assert not Hand.objects.filter(table=other).exists()


def test_a_table_keeps_its_session_number_and_state(admin_client):
    table = table_with_hands(1)
    elsewhere = SessionFactory(tournament=TournamentFactory(), number=1)
    post_changes(admin_client, f"/admin/league/table/{table.pk}/change/", session=elsewhere.pk, number=7,
                 closed="on", clock_extra_s=600)
    table.refresh_from_db()
    assert (table.session_id, table.number, table.closed, table.clock_extra_s) == (table.session_id, 1, False, 0)
    assert not Table.objects.filter(session=elsewhere).exists()


def test_a_session_keeps_its_tournament_number_and_clock(admin_client):
    table = table_with_hands(1)
    session = table.session
    other = TournamentFactory()
    post_changes(admin_client, f"/admin/league/session/{session.pk}/change/", tournament=other.pk, number=3,
                 clock_state="running")
    session.refresh_from_db()
    assert (session.tournament_id, session.number, session.clock_state) == (table.session.tournament_id, 1, "idle")
    assert not Session.objects.filter(tournament=other).exists()


def test_a_registration_keeps_its_tournament_and_player(admin_client):
    table = table_with_players()
    registration = Registration.objects.filter(tournament=table.session.tournament).first()
    stranger, other = PlayerFactory(), TournamentFactory()
    post_changes(admin_client, f"/admin/league/registration/{registration.pk}/change/", player=stranger.pk,
                 tournament=other.pk, team="Dragons")
    registration.refresh_from_db()
    assert (registration.player_id, registration.tournament_id) != (stranger.pk, other.pk)
    assert registration.tournament_id == table.session.tournament_id and registration.team == "Dragons"


def test_a_registration_in_the_tournament_form_keeps_its_player(admin_client):
    table = table_with_players()
    tournament = table.session.tournament
    stranger = PlayerFactory()
    url = f"/admin/league/tournament/{tournament.pk}/change/"
    data = change_form_data(admin_client, url)
    data["registrations-0-player"] = str(stranger.pk)
    admin_client.post(url, data)
    assert not Registration.objects.filter(player=stranger).exists()
    assert Registration.objects.filter(tournament=tournament).count() == 4


def test_a_penalty_keeps_its_player_and_tournament(admin_client):
    table = table_with_players()
    tournament = table.session.tournament
    player = table.seats.first().player
    penalty = TournamentPenalty.objects.create(tournament=tournament, player=player, points=10, reason="late")
    post_changes(admin_client, f"/admin/league/tournamentpenalty/{penalty.pk}/change/", player=PlayerFactory().pk,
                 tournament=TournamentFactory().pk, points=20)
    penalty.refresh_from_db()
    assert (penalty.player_id, penalty.tournament_id, penalty.points) == (player.pk, tournament.pk, 20)


def test_a_sign_up_is_not_approved_behind_the_services_back(admin_client):
    tournament = TournamentFactory(registration_open=True)
    signup = Signup.objects.create(tournament=tournament, first_name="A", last_name="B", email="a@example.org",
                                   status=Signup.Status.PENDING, token="t" * 20)
    post_changes(admin_client, f"/admin/league/signup/{signup.pk}/change/", status="approved",
                 tournament=TournamentFactory().pk)
    signup.refresh_from_db()
    assert (signup.status, signup.tournament_id) == ("pending", tournament.pk)


def test_the_admin_still_saves_what_it_may_change(admin_client):
    table = table_with_hands(1)
    session = table.session
    response = post_changes(admin_client, f"/admin/league/session/{session.pk}/change/",
                            starts_at_0="2026-05-01", starts_at_1="10:00:00")
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.starts_at is not None


def test_the_hand_history_cannot_be_deleted_in_the_admin(admin_client):
    table = table_with_hands(1)
    revision = table.hand_revisions.get()
    assert admin_client.post(f"/admin/league/handrevision/{revision.pk}/delete/", {"post": "yes"}).status_code == 403
    assert table.hand_revisions.count() == 1
