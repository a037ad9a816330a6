"""A director with an odd field (19 checked in) at 390 px: the control room says how many are
missing and offers the two ways on, a walk-in substitute in one step or a bye for a chosen player."""

import pytest

from league.models import Bye, CheckIn, Registration, Seat, Table
from league.services.hands import hand_record
from league.services.seating import seating_generate
from tests.browser.test_tournament_day import WIN, login, no_sideways_scroll, shot
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def nineteen():
    tournament = TournamentFactory(slug="odd-cup", name="Odd Cup", session_count=2)
    for i in range(19):
        player = PlayerFactory(first_name=f"Spieler{i}", last_name=f"Name{i:02d}")
        Registration.objects.create(tournament=tournament, player=player)
        CheckIn.objects.create(tournament=tournament, player=player)
    AdminFactory(username="director")
    return tournament


def preview(page) -> None:
    page.select_option("#draw-method", "random")
    page.click("#draw button[name=preview]")
    page.wait_for_load_state()


def test_a_walk_in_substitute_fills_the_last_table_in_one_step(live_server, phone, nineteen):
    page = phone
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, live_server.url, "director", "/t/odd-cup/control/")
    assert "1 more player is needed to fill the last table" in page.inner_text("#field")
    preview(page)
    message = page.inner_text(".messages")
    assert "19 players and 0 substitutes" in message and "1 more are needed" in message
    assert "walk-in" in message
    no_sideways_scroll(page)
    shot(page, "control-odd-field")

    page.fill("#walkin-first", "Wanda")
    page.fill("#walkin-last", "Walk-In")
    page.click("#walkin button[type=submit]")
    page.wait_for_selector("text=Wanda Walk-In is registered as a substitute and checked in.")
    walkin = Registration.objects.get(player__last_name="Walk-In")
    assert walkin.substitute and CheckIn.objects.filter(player=walkin.player).exists()
    assert "Every table will have four players." in page.inner_text("#field")
    preview(page)
    page.wait_for_selector("#draw-preview")
    page.click("#draw-preview button[name=commit]")
    page.wait_for_selector("#tables .minitable")
    assert Table.objects.count() == 5 and Seat.objects.filter(player=walkin.player).exists()


def test_seating_fewer_a_chosen_player_sits_out_with_a_bye(live_server, phone, nineteen):
    page = phone
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, live_server.url, "director", "/t/odd-cup/control/")
    assert "choose 3 players who sit out with a bye" in page.inner_text("#field")
    for name in ("Name00", "Name01", "Name02"):
        page.select_option("#bye-player", label=f"{name}, Spieler{int(name[-2:])}")
        page.click("#bye button[type=submit]")
        page.wait_for_selector("text=sits out session 1 with a bye")
    assert Bye.objects.filter(session_number=1).count() == 3
    assert "Every table will have four players." in page.inner_text("#field")
    preview(page)
    page.click("#draw-preview button[name=commit]")
    page.wait_for_selector("#tables .minitable")
    assert Table.objects.count() == 4
    assert not Seat.objects.filter(player__last_name__in=["Name00", "Name01", "Name02"]).exists()
    no_sideways_scroll(page)


@pytest.mark.parametrize("width", [768, 390])
def test_a_long_name_keeps_its_total_beside_it_in_the_control_room(live_server, phone, width):
    tournament = TournamentFactory(slug="long-cup", name="Long Cup", session_count=1)
    players = [PlayerFactory(first_name="Maximiliane-Josefine", last_name="Oberhuber-Schönfeld-Wittgenstein")]
    players += [PlayerFactory() for _ in range(3)]
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
    seating_generate(tournament=tournament, number=1, method="random", seed=1)
    hand_record(table=Table.objects.get(), record=WIN, user=None)
    AdminFactory(username="director")
    phone.set_viewport_size({"width": width, "height": 1024})
    login(phone, live_server.url, "director", "/t/long-cup/control/")
    item = phone.locator("#tables ul.seats li", has_text="Oberhuber")
    name, total = item.locator(".name").bounding_box(), item.locator(".total").bounding_box()
    assert total["x"] >= name["x"] + name["width"]  # beside the name, right-aligned
    assert total["y"] < name["y"] + name["height"]  # not pushed below it
    no_sideways_scroll(phone)
    shot(phone, f"control-long-name-{width}")
