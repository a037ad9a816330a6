"""A player on a phone (390 px) finds his table with the three he plays with and a link to it; the
records page follows play in place like the standings."""

import pytest

from league.models import Registration, Seat, Table
from league.services.hands import hand_record
from league.services.seating import seating_generate
from tests.browser.test_tournament_day import WIN, check_in_all_but_ole, no_sideways_scroll, shot
from tests.factories import PlayerFactory, TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tournament():
    tournament = TournamentFactory(slug="find-cup", name="Find Cup", session_count=2)
    names = [("Jan", "Dorn"), ("Tom", "Becker"), ("Ana", "Šimić"), ("Eva", "Adler"), ("Max", "Kühn"),
             ("Ida", "Berg"), ("Leo", "Zahn"), ("Mia", "Roth"), ("Ole", "Faber")]
    for first, last in names:
        Registration.objects.create(tournament=tournament, player=PlayerFactory(first_name=first, last_name=last))
    check_in_all_but_ole(tournament)
    seating_generate(tournament=tournament, number=1, method="random", seed=4)
    return tournament


def test_find_my_table_names_the_tablemates_and_links_to_the_table(live_server, phone, tournament):
    phone.set_viewport_size({"width": 390, "height": 844})
    seat = Seat.objects.select_related("table").get(player__last_name="Šimić")
    mates = Seat.objects.filter(table=seat.table).exclude(pk=seat.pk).select_related("player")
    phone.goto(f"{live_server.url}/t/find-cup/")
    phone.fill("#find-q", "simi")
    phone.wait_for_selector("ul.found li .mates")
    found = phone.inner_text("ul.found")
    assert all(mate.player.name in found for mate in mates)
    no_sideways_scroll(phone)
    shot(phone, "find-tablemates")
    phone.click("ul.found li a")
    phone.wait_for_url(f"**/t/find-cup/session/1/#table-{seat.table.number}")
    assert phone.locator(f"#table-{seat.table.number}").is_visible()

    # the page without JavaScript says the same
    phone.goto(f"{live_server.url}/t/find-cup/find/?q=simi")
    assert all(mate.player.name in phone.inner_text("ul.found") for mate in mates)
    assert phone.get_attribute("ul.found li a", "href") == f"/t/find-cup/session/1/#table-{seat.table.number}"


def test_the_records_page_updates_in_place(live_server, phone, tournament):
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.clock.install()
    phone.goto(f"{live_server.url}/t/find-cup/records/")
    part = "[data-live-src*='records']"
    assert "Biggest hand" in phone.inner_text(part)
    phone.evaluate("document.body.dataset.marker = 'same page'")
    winner = Seat.objects.get(table=Table.objects.get(number=1), position=1).player
    hand_record(table=Table.objects.get(number=1), record=WIN, user=None)
    phone.clock.run_for(31_000)
    phone.wait_for_function(f"document.querySelector(\"{part}\").textContent.includes({winner.name!r})")
    assert phone.evaluate("document.body.dataset.marker") == "same page"
    no_sideways_scroll(phone)


def test_a_wide_statistics_table_shows_that_more_columns_lie_to_the_side(live_server, phone, tournament):
    # narrower than the phones the pages are made for (360 px and up, where the table fits)
    phone.set_viewport_size({"width": 320, "height": 700})
    hand_record(table=Table.objects.get(number=1), record=WIN, user=None)
    phone.goto(f"{live_server.url}/t/find-cup/statistics/")
    box = phone.locator(".scroll:has(table.stats)")
    assert box.evaluate("el => el.scrollWidth > el.clientWidth")  # the table is wider than the phone
    layers = box.evaluate("el => getComputedStyle(el).backgroundAttachment")
    assert "local" in layers and "scroll" in layers  # covers that move with the table over fixed shadows
    no_sideways_scroll(phone)
    shot(phone, "statistics-scroll-hint")
