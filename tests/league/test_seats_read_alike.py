"""A table's seats read alike wherever the table is listed: the score sheet, the session page, the
referee's home and the control room name each seat by its wind in the hand being played (the dealer
is East), and show each player's running figure as the score sheet does (with points on the table:
the start plus the game so far)."""
import re

import pytest
from django.test import Client

from league.models import Seat
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, client_for, referee_for, table_with_players

pytestmark = pytest.mark.django_db

CLASSICAL_SOUTH_WINS = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}
RIICHI_SOUTH_DRAWS = {"outcome": "win", "win_type": "self_draw", "wins": [{"seat": 1, "han": 3, "fu": 40}]}


def pages_of(table, user) -> dict[str, str]:
    """The score sheet, the referee's home and the control room as ``user`` reads them (English),
    and the public session page."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    tournament = table.session.tournament
    read = {"sheet": f"/referee/table/{table.pk}/", "referee home": "/referee/",
            "control room": f"/t/{tournament.slug}/control/", "session page": f"/t/{tournament.slug}/session/1/"}
    return {name: client.get(address).content.decode() for name, address in read.items()}


def a_table_after_one_hand(hand: dict, **tournament_fields):
    table = table_with_players(**tournament_fields)
    referee = referee_for(table.session.tournament)
    assert client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", hand, format="json").status_code == 201
    standings_recompute(tournament=table.session.tournament)
    return table, referee


def wind_of(page: str, name: str) -> str | None:
    """The wind written just before ``name`` on a page: "North – Anna", "<td>North</td><td>Anna"."""
    found = re.search(r"(East|South|West|North)(?:</span>|</td>|\s| <span class=\"badge\">Dealer</span>|<td>|–|"
                      r"<span class=\"name\">|<a href=\"[^\"]*\">)*" + re.escape(name), page)
    return found.group(1) if found else None


def test_every_page_names_the_seats_by_their_winds_in_the_hand_being_played():
    table, referee = a_table_after_one_hand(CLASSICAL_SOUTH_WINS)  # East does not win: South deals next
    seats = {seat.position: seat.player for seat in Seat.objects.filter(table=table).select_related("player")}
    admin_pages = pages_of(table, AdminFactory())
    referee_pages = pages_of(table, referee)
    for name, page in [*admin_pages.items(), ("referee's sheet", referee_pages["sheet"])]:
        shown = (lambda player: player.full_name) if name == "control room" else str
        assert wind_of(page, shown(seats[1])) == "East", name  # the new dealer
        assert wind_of(page, shown(seats[2])) == "South", name
        assert wind_of(page, shown(seats[3])) == "West", name
        assert wind_of(page, shown(seats[0])) == "North", name


def test_the_referee_home_and_the_control_room_show_the_points_the_score_sheet_shows():
    table, _referee = a_table_after_one_hand(RIICHI_SOUTH_DRAWS, ruleset="riichi-ema")
    pages = pages_of(table, AdminFactory())
    # 3 han 40 fu drawn by South: 1300 from each non-dealer, 2600 from the dealer, on 30000 each
    in_seat_order = ["27,400", "35,200", "28,700", "28,700"]  # grouped as English writes thousands
    assert re.findall(r'data-points-seat="\d">(-?[\d,]+)', pages["sheet"]) == in_seat_order
    assert re.findall(r'<span class="total">(-?[\d,]+)</span>', pages["control room"]) == in_seat_order
    assert re.findall(r"\((-?[\d,]+)\)", pages["referee home"]) == in_seat_order
