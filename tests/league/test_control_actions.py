"""The control room's actions, one handler and one form each (league.views.day.ACTIONS,
league.views.control_forms): the actions the page's forms post to, what a form's fields mean
(an id of nothing is a 404, a missing confirmation a message), and who may use which."""
import re
from pathlib import Path

import pytest
from django.test import Client

from league.models import Bye, Registration, Session, Table, TableDispute, Withdrawal
from league.services.seating import seating_generate
from league.views.day import ACTIONS
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, referee_for

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "league"


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=3, slug="control-actions")
    for number in range(8):
        Registration.objects.create(tournament=tournament, player=PlayerFactory(last_name=f"Spieler{number}"))
    return tournament


def logged_in(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def control(tournament, action: str) -> str:
    return f"/t/{tournament.slug}/control/{action}/"


def first_player(tournament):
    return Registration.objects.filter(tournament=tournament).order_by("pk").first().player


def test_every_action_the_control_room_posts_to_has_its_handler_and_no_other():
    posted = set()
    for name in ("control.html", "_control_live.html"):
        posted |= set(re.findall(r"tournament-control-action' tournament.slug '([a-z]+)'",
                                 (TEMPLATES / name).read_text(encoding="utf-8")))
    assert posted == set(ACTIONS)


def test_an_unknown_action_is_not_found_for_a_director_and_refused_to_a_referee(tournament):
    assert logged_in(AdminFactory()).post(control(tournament, "explode")).status_code == 404
    assert logged_in(referee_for(tournament)).post(control(tournament, "explode")).status_code == 403


def test_a_bye_is_given_and_taken_back_for_the_posted_session(tournament):
    admin, player = logged_in(AdminFactory()), first_player(tournament)

    given = admin.post(control(tournament, "bye"), {"player": player.pk, "session": "2"}, follow=True)
    assert Bye.objects.filter(tournament=tournament, player=player, session_number=2).exists()
    assert "sits out session 2 with a bye" in given.content.decode()
    assert given.redirect_chain[-1][0].endswith("?session=2")

    admin.post(control(tournament, "unbye"), {"player": player.pk, "session": "2"})
    assert not Bye.objects.filter(tournament=tournament).exists()


def test_a_withdrawal_is_taken_back_from_the_control_room(tournament):
    admin, player = logged_in(AdminFactory()), first_player(tournament)
    admin.post(control(tournament, "withdraw"), {"player": player.pk, "from_session": "2", "only": "1"})
    assert Withdrawal.objects.get(tournament=tournament, player=player).until_session == 2

    page = admin.post(control(tournament, "unwithdraw"), {"player": player.pk}, follow=True).content.decode()
    assert not Withdrawal.objects.exists() and "plays again" in page


@pytest.mark.parametrize("player", ["abc", "0", "9" * 30])
def test_a_player_id_of_nobody_is_not_found(tournament, player):
    response = logged_in(AdminFactory()).post(control(tournament, "withdraw"), {"player": player, "from_session": 1})
    assert response.status_code == 404 and not Withdrawal.objects.exists()


def test_the_clock_extends_a_table_of_its_session_and_no_other(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    table = Table.objects.order_by("number").first()
    admin = logged_in(AdminFactory())
    admin.post(control(tournament, "clock"), {"session": 1, "action": "start", "minutes": 90})

    other_session = admin.post(control(tournament, "clock"),
                               {"session": 2, "action": "extend", "minutes": 5, "table": table.pk})
    assert other_session.status_code == 404
    unknown = admin.post(control(tournament, "clock"), {"session": 1, "action": "extend", "minutes": 5, "table": "x"})
    assert unknown.status_code == 404

    page = admin.post(control(tournament, "clock"), {"session": 1, "action": "extend", "minutes": 5,
                                                      "table": table.pk}, follow=True).content.decode()
    table.refresh_from_db()
    assert table.clock_extra_s == 300 and "Table 1 plays 5 minutes longer." in page
    assert not Session.objects.filter(tournament=tournament, number=2).exists()


def test_the_reveal_needs_its_box_ticked(tournament):
    admin = logged_in(AdminFactory())
    page = admin.post(control(tournament, "reveal"), {"confirm": ""}, follow=True).content.decode()
    tournament.refresh_from_db()
    assert "Tick the box to confirm the reveal." in page and tournament.standings_revealed_at is None


def test_a_missing_confirmation_by_fetch_is_answered_as_plain_text(tournament):
    response = logged_in(AdminFactory()).post(control(tournament, "reveal"), {}, HTTP_X_REQUESTED_WITH="fetch")
    assert (response.status_code, response.content.decode()) == (400, "Tick the box to confirm the reveal.")


def test_a_referee_resolves_a_dispute_of_this_tournament_only(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    table = Table.objects.order_by("number").first()
    dispute = TableDispute.objects.create(table=table, player=table.seats.first().player, message="wrong winner")
    elsewhere = TournamentFactory(slug="elsewhere")
    referee = logged_in(referee_for(tournament))

    assert referee.post(control(elsewhere, "resolve"), {"dispute": dispute.pk}).status_code == 403
    assert logged_in(referee_for(elsewhere)).post(control(elsewhere, "resolve"),
                                                  {"dispute": dispute.pk}).status_code == 404
    assert referee.post(control(tournament, "resolve"), {"dispute": ""}).status_code == 404
    assert referee.post(control(tournament, "resolve"), {"dispute": dispute.pk}).status_code == 302
    dispute.refresh_from_db()
    assert dispute.status == TableDispute.Status.RESOLVED


def test_a_penalty_with_points_that_are_no_number_is_refused_at_the_points(tournament):
    page = logged_in(AdminFactory()).post(control(tournament, "penalty"), {
        "player": first_player(tournament).pk, "points": "many", "reason": "late"}, follow=True).content.decode()
    assert "The penalty is incomplete" in page and not tournament.penalties.exists()
