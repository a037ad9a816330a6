"""The Me page as a player with an account reads it: its numbers agree with what the public may see
(a hidden session's games are counted only after the reveal), and its links open (the score sheet
is offered only where the player may write at the table)."""
import re

import pytest
from django.test import Client

from league.services.day import tournament_reveal
from tests.factories import UserFactory, hidden_second_session, table_with_players

pytestmark = pytest.mark.django_db


def signed_in(player) -> Client:
    player.user = UserFactory()
    player.save(update_fields=["user"])
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(player.user)
    return client


def games_column(html: str, tournament) -> str:
    row = re.search(rf'<tr><th scope="row"><a href="{tournament.get_absolute_url()}">.*?</tr>', html).group(0)
    return re.findall(r'<td class="num">([^<]*)</td>', row)[-1]


def test_the_me_page_counts_a_hidden_sessions_games_only_after_the_reveal():
    tournament, players = hidden_second_session(slug="me-hidden")
    me = signed_in(players[1])

    assert games_column(me.get("/me/").content.decode(), tournament) == "1"
    tournament_reveal(tournament=tournament)
    assert games_column(me.get("/me/").content.decode(), tournament) == "2"


@pytest.mark.parametrize(("entry", "offered"), [("referee", False), ("players", True)])
def test_the_me_page_offers_the_score_sheet_only_where_the_player_may_write(entry, offered):
    table = table_with_players(slug=f"me-sheet-{entry}", options={"entry": entry})
    me = signed_in(table.seats.get(position=0).player)

    page = me.get("/me/").content.decode()

    assert f"/t/{table.session.tournament.slug}/session/1/#table-1" in page
    assert (f'href="/referee/table/{table.pk}/"' in page) is offered
    if offered:
        assert me.get(f"/referee/table/{table.pk}/").status_code == 200
    else:
        assert me.get(f"/referee/table/{table.pk}/").status_code == 403


def test_my_tables_tell_a_player_at_a_referees_table_where_to_look_instead_of_calling_them_unassigned():
    table = table_with_players(slug="my-tables", options={"entry": "referee"})
    me = signed_in(table.seats.get(position=0).player)

    page = me.get("/referee/").content.decode()

    assert "You are not assigned to any tournament." not in page
    assert "your Me page shows where you sit." in page and '<a href="/me/">My table</a>' in page
    assert "You are not assigned to any tournament." in signed_in_without_player().get("/referee/").content.decode()


def signed_in_without_player() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(UserFactory())
    return client
