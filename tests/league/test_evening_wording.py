"""A club evening read right (issue 42, item 10): the standings name as final only the rounds whose
every table is closed and counts (confirmed, no open dispute), the others as provisional; closing
a game that is not over warns with the number of hands, and what closing means is said alike
before and after (final at a referees' table, counting once confirmed at a players' table)."""
import pytest
from django.test import Client
from django.urls import reverse

from league.models import Player
from league.selectors.day import sessions_in
from league.services.confirmations import dispute_open, table_confirm
from league.services.hands import hand_record, table_close
from tests.factories import SessionFactory, TournamentFactory, UserFactory, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db


def played_table(tournament, number: int):
    table = table_with_players(session=SessionFactory(tournament=tournament, number=number))
    for seat in table.seats.all():
        Player.objects.filter(pk=seat.player_id).update(user=UserFactory())
    hand_record(table=table, record=WIN, user=None)
    return table


def test_rounds_waiting_for_confirmations_or_disputed_are_provisional_not_in():
    evening = TournamentFactory(options={"entry": "players"}, session_count=4)
    confirmed, unconfirmed, disputed, still_open = (played_table(evening, n) for n in (1, 2, 3, 4))
    for table in (confirmed, unconfirmed, disputed):
        table_close(table=table, user=None)
    for table in (confirmed, disputed):
        for seat in table.seats.select_related("player__user")[:3]:
            table_confirm(table=table, user=seat.player.user)
    dispute_open(table=disputed, user=disputed.seats.get(position=3).player.user, message="wrong")

    lines = sessions_in(evening)

    assert lines.complete == [1]
    assert lines.running == [2, 3, 4]
    assert sessions_in(evening, hidden_from=3).running == [2]


def test_at_a_referees_tournament_a_closed_round_is_in():
    tournament = TournamentFactory(session_count=2)
    closed = played_table(tournament, 1)
    played_table(tournament, 2)
    table_close(table=closed, user=None)

    assert (sessions_in(tournament).complete, sessions_in(tournament).running) == ([1], [2])


@pytest.mark.parametrize(("entry", "warning", "after"), [
    ("players", "Only 1 hand is played and the game is not over. Close this table anyway? Its result counts once "
     "three of its players confirmed it.", "its result counts once three of its players confirmed it"),
    ("referee", "Only 1 hand is played and the game is not over. Close this table anyway? Its result becomes final.",
     "its result is final")])
def test_closing_a_game_that_is_not_over_says_how_many_hands_and_what_closing_means(entry, warning, after):
    table = table_with_players(options={"entry": entry})
    user = UserFactory()
    Player.objects.filter(pk=table.seats.get(position=0).player_id).update(user=user)
    hand_record(table=table, record=WIN, user=None)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user if entry == "players" else UserFactory(is_superuser=True))

    page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    assert f'data-confirm="{warning}"' in page

    closed = client.post(reverse("referee-table-close", args=[table.pk]), follow=True).content.decode()
    assert f"The table is closed; {after}." in closed
    assert ("its result is final" in closed) == (entry == "referee")
