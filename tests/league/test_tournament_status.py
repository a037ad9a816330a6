"""The tournament's status follows play: running from the first hand, finished when the last
session's tables are all closed (and running again when one is reopened); the control room sets it
by hand to undo or force that. A finished tournament counts in its season's ranking."""
import pytest

from league.models import Registration, SeasonRanking, Table, Tournament
from league.services.hands import hand_record, table_close, table_reopen
from league.services.seating import seating_generate
from tests.factories import AdminFactory, PlayerFactory, SeasonFactory, TournamentFactory, referee_for
from tests.league.test_day_pages import WIN, control, logged_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=2, slug="status-cup", status=Tournament.Status.REGISTRATION,
                                   season=SeasonFactory(), registration_open=True)
    for _ in range(4):
        Registration.objects.create(tournament=tournament, player=PlayerFactory())
    return tournament


def play(tournament, number: int, *, close: bool = True) -> Table:
    seating_generate(tournament=tournament, number=number, method="random", seed=1)
    table = Table.objects.get(session__tournament=tournament, session__number=number)
    hand_record(table=table, record=WIN, user=None)
    if close:
        table_close(table=table, user=None)
    return table


def status(tournament) -> str:
    tournament.refresh_from_db()
    return tournament.status


def test_the_first_hand_makes_the_tournament_running_and_it_no_longer_offers_sign_up(tournament):
    assert "Sign up for this tournament" in logged_in(None).get("/t/status-cup/").content.decode()
    seating_generate(tournament=tournament, number=1, method="random", seed=1)
    assert status(tournament) == "registration"  # a draw is not play yet
    hand_record(table=Table.objects.get(), record=WIN, user=None)
    assert status(tournament) == "running"
    assert "Sign up for this tournament" not in logged_in(None).get("/t/status-cup/").content.decode()


def test_closing_the_last_sessions_last_table_finishes_the_tournament_and_the_season_counts_it(tournament):
    play(tournament, 1)
    assert status(tournament) == "running"  # session 1 closed, session 2 still to come
    table = play(tournament, 2)
    assert status(tournament) == "finished"
    assert SeasonRanking.objects.filter(season=tournament.season).count() == 4
    table_reopen(table=table, user=AdminFactory())
    assert status(tournament) == "running"


def test_the_control_room_undoes_or_forces_the_status(tournament):
    play(tournament, 1)
    admin = logged_in(AdminFactory())
    assert logged_in(referee_for(tournament)).post(control(tournament, "status"),
                                                   {"status": "finished"}).status_code == 403
    assert status(tournament) == "running"
    assert admin.post(control(tournament, "status"), {"status": "finished"}).status_code == 302
    assert status(tournament) == "finished"
    assert SeasonRanking.objects.filter(season=tournament.season).exists()
    page = admin.get(control(tournament), follow=True).content.decode()
    assert "Now: <strong>Finished</strong>" in page
    response = admin.post(control(tournament, "status"), {"status": "over"}, follow=True)
    assert "Choose one of: draft, registration, running, finished." in response.content.decode()
    assert status(tournament) == "finished"
    admin.post(control(tournament, "status"), {"status": "running"})
    assert status(tournament) == "running"


def test_a_tournament_finished_by_hand_stays_finished_when_an_earlier_sessions_table_is_closed(tournament):
    table = play(tournament, 1, close=False)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    table_close(table=table, user=None)
    assert status(tournament) == "finished"  # the last session has no open table to play
