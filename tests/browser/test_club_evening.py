"""A club evening at 390 px: a player with an account opens the evening on the event's page and
forms the table they sit at, East first (themselves offered as East); a second player, on their own
phone, finds the four already seated and forms the next table from the others."""

import pytest

from league.models import Registration, Seat
from league.services.tournaments import tournament_create
from tests.browser.test_tournament_day import login, no_sideways_scroll, shot
from tests.factories import PlayerFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = [("Jan", "Dorn"), ("Tom", "Becker"), ("Ana", "Šimić"), ("Eva", "Adler"), ("Max", "Kühn"), ("Ida", "Berg"),
         ("Leo", "Zahn"), ("Mia", "Roth")]


@pytest.fixture
def event():
    event = tournament_create(data={"slug": "donnerstag", "name": "Donnerstagsrunde", "ruleset": "dmjl-classical",
                                    "starts_on": "2026-01-01", "ends_on": "2026-12-31", "published": True,
                                    "kind": "club"})
    players = [PlayerFactory(first_name=first, last_name=last) for first, last in NAMES]
    for player in players:
        Registration.objects.create(tournament=event, player=player)
    for player, username in ((players[0], "jan"), (players[4], "max")):
        player.user = UserFactory(username=username)
        player.save(update_fields=["user"])
    return event, players


def seat(page, winds: dict) -> None:
    for wind, player in winds.items():
        page.select_option(f"#id_{wind}", str(player.pk))
    page.click("main form button.primary")
    page.wait_for_url("**/referee/table/*/")  # on to the new table's score sheet


def test_two_players_open_the_evening_and_form_their_tables_on_their_phones(live_server, browser, event):
    event, players = event
    jan = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB").new_page()
    login(jan, live_server.url, "jan", "/t/donnerstag/")
    jan.click("text=Open the next evening")
    jan.wait_for_url("**/t/donnerstag/evenings/1/table/")
    assert jan.input_value("#id_E") == str(players[0].pk)  # Jan sits East unless he chooses otherwise
    no_sideways_scroll(jan)
    shot(jan, "club-form-table")
    seat(jan, {"S": players[1], "W": players[2], "N": players[3]})
    assert "Table 1 of session 1 is formed." in jan.inner_text(".messages")
    assert list(Seat.objects.filter(session__tournament=event).order_by("position")
                .values_list("player_id", flat=True)) == [p.pk for p in players[:4]]

    max_ = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE").new_page()
    login(max_, live_server.url, "max", "/t/donnerstag/")
    max_.click("text=Einen Tisch in Runde 1 bilden")
    max_.wait_for_url("**/t/donnerstag/evenings/1/table/")
    offered = {int(v) for v in max_.locator("#id_S option").evaluate_all("os => os.map(o => o.value)") if v}
    assert offered == {p.pk for p in players[4:]}  # the four at Jan's table are seated already
    seat(max_, {"E": players[4], "S": players[5], "W": players[6], "N": players[7]})
    assert "Tisch 2 der Runde 1 ist gebildet." in max_.inner_text(".messages")
    assert Seat.objects.filter(session__tournament=event).count() == 8
