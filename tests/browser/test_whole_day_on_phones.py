"""A whole tournament day on phones with the projector open (issue 42, "done when"), Playwright on
Chromium: the director on a 390 px phone checks eight players in and draws session 1 in the control
room and opens the seat cards; the four players of table 1, without accounts, type their seat codes
on their own phones and land on their table's sheet; one enters the hand, the others' sheets show
it without reloading; the projector, open throughout at desktop size, shows the seating, then the
running figures marked provisional; the table is closed, confirmed, disputed; the director reopens
it from the control room, corrects the hand and closes it again; the four are asked to confirm
again, and once they have, the projector shows the final figures."""
import re

import pytest

from league.models import CheckIn, Hand, Registration, Seat, SeatCode, Table, TableDispute
from league.services.confirmations import table_confirm
from league.services.hands import hand_record, table_close
from tests.browser.test_sheet_hall import SAVE, enter_win
from tests.browser.test_tournament_day import login, shot
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory
from tests.hand_records import WIN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 720}
NAMES = [("Jan", "Dorn"), ("Tom", "Becker"), ("Ana", "Šimić"), ("Eva", "Adler"), ("Max", "Kühn"),
         ("Ida", "Berg"), ("Leo", "Zahn"), ("Mia", "Roth")]
WINDS = ["East", "South", "West", "North"]


def new_page(browser, viewport: dict):
    # bypass_csp: the test's own wait_for_function strings (the CSP is tested in tests/faults)
    context = browser.new_context(viewport=viewport, locale="en-GB", device_scale_factor=1, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def fits(page) -> bool:
    """No sideways scroll: the page is no wider than the phone."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def totals(page) -> list[str]:
    return page.locator("#hands tfoot td.total").all_inner_texts()


def screen_refreshed(screen, expected: str, *, gone: str = "") -> str:
    """The projector fetches its panels every 15 s by itself: let its clock run to the next fetch, and
    wait until it shows ``expected`` (and no longer ``gone``)."""
    screen.clock.run_for(16_000)
    shown = "document.querySelector('#screen').textContent"
    screen.wait_for_function(f"{shown}.includes({expected!r})" + (f" && !{shown}.includes({gone!r})" if gone else ""),
                             timeout=15_000)
    return screen.inner_text("#screen")


def standings_row(screen, name: str) -> dict:
    row = screen.locator(".standingspanel tbody tr", has_text=name).first
    return {"pts": row.locator("td.pts").inner_text(), "score": row.locator("td.score").inner_text(),
            "games": row.locator("td.games").inner_text()}


@pytest.fixture
def tournament():
    tournament = TournamentFactory(slug="phone-day", name="Phone Day", session_count=2,
                                   options={"entry": "players"})
    for first, last in NAMES:
        Registration.objects.create(tournament=tournament, player=PlayerFactory(first_name=first, last_name=last))
    AdminFactory(username="director")
    return tournament


def test_a_whole_day_is_walked_on_phones_with_the_projector_open(live_server, browser, tournament):
    base = live_server.url
    director = new_page(browser, PHONE)
    login(director, base, "director", "/t/phone-day/control/")
    assert fits(director)

    # The projector is opened before anything happens and stays open all day.
    screen = new_page(browser, DESKTOP)
    screen.clock.install()
    screen.goto(f"{base}/t/phone-day/screen/")

    # Check-in: a tap per player, without leaving the control room.
    for first, last in NAMES:
        director.click(f"button.checkin:has-text('{last}, {first}')")
        director.wait_for_selector(f"button.checkin.present:has-text('{last}, {first}')")
    assert CheckIn.objects.filter(tournament=tournament).count() == 8

    # The draw of session 1, previewed, then committed.
    director.select_option("#draw-method", "random")
    director.click("#draw button[name=preview]")
    director.wait_for_selector("#draw-preview")
    director.click("#draw-preview button[name=commit]")
    director.wait_for_selector("#tables .minitable")
    assert director.locator("#tables .minitable").count() == 2 and fits(director)
    table, other = Table.objects.filter(session__number=1).order_by("number")
    seated = {seat.position: seat.player for seat in Seat.objects.filter(table=table).select_related("player")}
    shot(director, "day-control-drawn")

    # The projector turns to the seating on its own.
    text = screen_refreshed(screen, "Seating")
    assert screen.get_attribute("[data-mode]", "data-mode") == "seating"
    assert "Table 1" in text and "Table 2" in text
    assert str(seated[0]) in screen.inner_text(".screentable:has(h3:text-is('Table 1'))")
    shot(screen, "day-screen-seating")

    # The seat cards: the control room links them; each card shows its seat's code.
    with director.expect_navigation():
        director.click("a:has-text('Seat codes for session 1')")
    assert fits(director)
    codes = {}
    for position in range(4):
        card = director.locator(".seatcard", has_text=f"Table 1 · {WINDS[position]}").first
        assert str(seated[position]) in card.inner_text()
        # the expiry ends the sentence with one period (en-GB's "4:23 p.m." made it "p.m..")
        assert re.search(r"Valid until \d\d/\d\d/\d{4}, \d\d:\d\d\.$", card.locator("p.meta").last.inner_text())
        codes[position] = card.locator(".code").inner_text()
    assert {c.replace("-", "") for c in codes.values()} == set(
        SeatCode.objects.filter(seat__table=table).values_list("code", flat=True))
    shot(director, "day-seat-cards")

    # The four of table 1 type their codes on their own phones and land on their table's sheet.
    sheet = f"/referee/table/{table.pk}/"
    phones = {}
    for position in range(4):
        page = new_page(browser, PHONE)
        page.goto(f"{base}/seat/")
        page.fill("input[name=code]", codes[position].lower())
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.url == f"{base}{sheet}"
        assert "Hand 1" in page.inner_text("#hand-heading") and fits(page)
        phones[position] = page
    east, south, west, north = (phones[p] for p in range(4))

    # East enters the first hand; South's phone, untouched, shows it by itself (the sheet asks every
    # few seconds and, with nothing typed on it, shows the sheet as the server has it now).
    enter_win(east, values=(20, 300, 40, 0), winner=1)
    east.click(SAVE)
    east.wait_for_selector("#hand-1")
    south.wait_for_selector("#hand-1", timeout=20_000)
    assert "Hand 2" in south.inner_text("#hand-heading")
    south.wait_for_function(f"[...document.querySelectorAll('#hands tfoot td.total')].map(td => td.textContent)"
                            f".join() === {','.join(totals(east))!r}")
    running = totals(east)
    assert running == totals(south) and fits(south)
    shot(south, "day-sheet-followed")

    # The other table plays its game, closes it and its referee confirms it (not the point here: through
    # the services); table 1 plays on.
    hand_record(table=other, record=WIN, user=None)
    table_close(table=other, user=None)
    table_confirm(table=other, user=None)
    balances = Hand.objects.get(table=other).result["balances"]
    others = {seat.player: balances[seat.position] for seat in Seat.objects.filter(table=other)}

    # The projector shows the running figures, marked provisional: table 2's game, while table 1's
    # players, whose table does not count until it is confirmed, have not played yet.
    screen_refreshed(screen, "provisional")
    assert screen.get_attribute("[data-mode]", "data-mode") == "clock"
    heading = screen.locator(".standingspanel h2").first.inner_text()
    assert "provisional: tables are still playing" in heading
    for player, balance in others.items():
        row = standings_row(screen, player.last_name)
        assert row["score"].replace(",", "") == str(balance) and row["games"] == "1", player
    for player in seated.values():
        assert "not played yet" in screen.locator(".standingspanel tbody tr", has_text=player.last_name).inner_text()
    shot(screen, "day-screen-provisional")

    # East closes the table and confirms; South disputes.
    with east.expect_navigation():
        east.click("form[action$='/close/'] button[type=submit]")
    assert "counts once three of its players confirmed it" in east.inner_text(".messages")
    with east.expect_navigation():
        east.click("text=I confirm this result")
    assert "confirmed the result" in east.inner_text(".messages")
    south.goto(f"{base}{sheet}")
    south.fill("#dispute-message", "Hand 1: the 300 were Eva's, not mine")
    with south.expect_navigation():
        south.click("form.dispute button[type=submit]")
    assert "Your dispute was sent to the referees" in south.inner_text(".messages")
    assert "A dispute about this result is open" in south.inner_text("#table-counting") and fits(south)
    shot(south, "day-sheet-disputed")

    # The projector: every table is closed, table 1 waits for its confirmations and still counts as
    # not played.
    screen_refreshed(screen, "awaits confirmation", gone="tables are still playing")
    assert "1 closed table awaits confirmation" in screen.locator(".standingspanel h2").first.inner_text()
    assert "not played yet" in screen.locator(".standingspanel tbody tr", has_text=seated[1].last_name).inner_text()

    # The director sees the dispute in the control room and reopens the table from there.
    director.goto(f"{base}/t/phone-day/control/?session=1")
    disputes = director.inner_text("#disputes")
    assert "Session 1, table 1" in disputes and "the 300 were Eva's" in disputes and fits(director)
    with director.expect_navigation():
        director.click("#disputes button:has-text('Reopen to correct')")
    assert director.url == f"{base}{sheet}"
    assert "The table is open again" in director.inner_text(".messages")

    # The director corrects the hand: the 300 go to West; and closes the table again.
    with director.expect_navigation():
        director.click("#hand-1 a:has-text('Edit')")
    assert director.input_value("input[name=value_1]") == "300" and fits(director)
    director.fill("input[name=value_1]", "40")
    director.fill("input[name=value_2]", "300")
    director.select_option("select[name=winner]", "2")
    with director.expect_navigation():
        director.click(SAVE)
    assert "Hand 1 corrected." in director.inner_text(".messages")
    corrected = totals(director)
    assert corrected != running
    # the projector: table 1 is being played again
    screen_refreshed(screen, "tables are still playing", gone="awaits confirmation")
    with director.expect_navigation():
        director.click("form[action$='/close/'] button[type=submit]")
    assert fits(director)
    assert not TableDispute.objects.filter(table=table, status=TableDispute.Status.OPEN).exists()
    assert Hand.objects.get(table=table).record["hand_values"] == [20, 40, 300, 0]

    # The four are asked to confirm the corrected result again, each on their own phone.
    for position, page in phones.items():
        page.goto(f"{base}{sheet}")
        assert "This result was corrected after the table had been closed" in page.inner_text("#corrected")
        assert totals(page) == corrected and fits(page)
        assert page.locator("text=I confirm this result").count() == 1, WINDS[position]
    assert "Provisional" in east.inner_text("#table-counting")  # East's first confirmation went with the reopening
    shot(west, "day-sheet-corrected")

    # While table 1 waits for its confirmations the projector says so.
    screen_refreshed(screen, "awaits confirmation", gone="tables are still playing")
    assert "1 closed table awaits confirmation" in screen.locator(".standingspanel h2").first.inner_text()

    for page in (east, south, west):
        with page.expect_navigation():
            page.click("text=I confirm this result")
        assert "confirmed the result" in page.inner_text(".messages")
    assert "Confirmed: the table counts in the standings." in west.inner_text("#table-counting")

    # Final figures on the projector: nothing provisional, nothing waiting, the corrected totals.
    screen_refreshed(screen, "Every table of this session is closed.", gone="awaits confirmation")
    heading = screen.locator(".standingspanel h2").first.inner_text()
    assert "provisional" not in heading and "awaits" not in heading
    assert "Every table of this session is closed." in screen.inner_text(".bigclock")
    for position in range(4):
        row = standings_row(screen, seated[position].last_name)
        assert row["score"].replace(",", "") == corrected[position].replace(",", "") and row["games"] == "1"
    for player, balance in others.items():
        assert standings_row(screen, player.last_name)["score"].replace(",", "") == str(balance)
    assert screen.locator(".standingspanel tbody tr").count() == 8
    shot(screen, "day-screen-final")
