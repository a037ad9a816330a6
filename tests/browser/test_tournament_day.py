"""The tournament day in a real browser: a director checks players in, previews and commits a draw,
starts and extends the clock; the projector shows the seating, then the clock; hidden standings
stay hidden until revealed; a referee's sheet shows the time left; a player finds his table."""

import os
import re
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from league.models import CheckIn, Registration, Seat, Session, Table
from league.services.hands import hand_record, table_close
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, referee_for
from tests.hand_records import WIN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS")  # a directory: keep screenshots of the pages for a look


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.fixture
def tournament():
    tournament = TournamentFactory(slug="day-cup", name="Day Cup", session_count=3)
    names = [("Jan", "Dorn"), ("Tom", "Becker"), ("Ana", "Šimić"), ("Eva", "Adler"), ("Max", "Kühn"),
             ("Ida", "Berg"), ("Leo", "Zahn"), ("Mia", "Roth"), ("Ole", "Faber")]
    for first, last in names:
        Registration.objects.create(tournament=tournament, player=PlayerFactory(first_name=first, last_name=last))
    return tournament


def check_in_all_but_ole(tournament) -> None:
    for registration in Registration.objects.filter(tournament=tournament).exclude(player__last_name="Faber"):
        CheckIn.objects.create(tournament=tournament, player=registration.player)


def login(page, base: str, username: str, next_path: str) -> None:
    page.goto(f"{base}/login/?next={next_path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(re.escape(next_path) + "$"))


def test_a_director_checks_in_draws_and_runs_the_clock_and_the_projector_follows(live_server, phone, browser,
                                                                                 tournament):
    AdminFactory(username="director")
    page = phone
    login(page, live_server.url, "director", "/t/day-cup/control/")
    no_sideways_scroll(page)
    # Check in eight of the nine: a tap each, without leaving the page.
    for name in ["Dorn, Jan", "Becker, Tom", "Šimić, Ana", "Adler, Eva", "Kühn, Max", "Berg, Ida", "Zahn, Leo",
                 "Roth, Mia"]:
        page.click(f"button.checkin:has-text('{name}')")
        page.wait_for_selector(f"button.checkin.present:has-text('{name}')")
    assert CheckIn.objects.filter(tournament=tournament).count() == 8
    shot(page, "control-checkin")

    # Preview, then commit: the committed tables are the previewed ones; Ole, not checked in, sits out.
    page.select_option("#draw-method", "random")
    page.click("#draw button[name=preview]")
    page.wait_for_selector("#draw-preview")
    assert "Pairs meeting more than once" in page.inner_text("#draw-preview")
    proposed = page.inner_text("#draw-preview .tables")
    assert not Table.objects.exists()
    shot(page, "control-preview")
    page.click("#draw-preview button[name=commit]")
    page.wait_for_selector("#tables .minitable")
    assert Table.objects.filter(session__number=1).count() == 2
    assert not Seat.objects.filter(player__last_name="Faber").exists()
    for table in Table.objects.all():
        east = Seat.objects.get(table=table, position=0).player
        assert f"East – {east}" in proposed

    # The projector shows the seating while nobody plays.
    screen = browser.new_page(viewport={"width": 1280, "height": 720})
    screen.goto(f"{live_server.url}/t/day-cup/screen/")
    assert screen.get_attribute("[data-mode]", "data-mode") == "seating"
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    assert "Table 1" in screen.inner_text(".panel:not([hidden])")
    shot(screen, "screen-seating")

    # Start the clock with 90 minutes, then extend by 5.
    page.fill("#clock-minutes", "90")
    page.click("#clock button[value=start]")
    page.wait_for_selector("#clock .clock[data-state=running]")
    assert page.inner_text("#clock .clock").startswith(("1:29", "1:30"))
    page.fill("#clock-minutes", "5")
    page.click("#clock button[value=extend]")
    page.wait_for_function("document.querySelector('#clock .clock').textContent.startsWith('1:3')")
    session = Session.objects.get(tournament=tournament, number=1)
    assert session.clock_duration_s == 95 * 60
    shot(page, "control-clock")

    # The projector turns to the clock on its next fetch.
    screen.wait_for_selector("[data-mode=clock]", timeout=20_000)
    assert re.match(r"1:3\d:\d\d", screen.inner_text(".bigclock .clock"))
    shot(screen, "screen-clock")
    screen.close()


def test_a_referees_sheet_shows_the_time_left_at_the_table(live_server, phone, tournament):
    from league.services.day import clock_apply
    from league.services.seating import seating_generate

    check_in_all_but_ole(tournament)
    seating_generate(tournament=tournament, number=1, method="random")
    table = Table.objects.order_by("number").first()
    session = table.session
    clock_apply(session=session, action="start", seconds=3600)
    clock_apply(session=session, action="extend", seconds=600, table=table)
    referee_for(tournament, username="ref")
    login(phone, live_server.url, "ref", f"/referee/table/{table.pk}/")
    phone.wait_for_function("/^1:(09|10):\\d\\d$/.test(document.querySelector('.tableclock .clock').textContent)",
                            timeout=20_000)
    assert re.match(r"1:(09|10):\d\d", phone.inner_text(".tableclock .clock"))
    shot(phone, "sheet-clock")
    clock_apply(session=session, action="end")  # time is up: the sheet says what the rule asks
    phone.reload()
    phone.wait_for_selector(".tableclock [data-clock-up]:not([hidden])", timeout=20_000)
    assert phone.inner_text(".tableclock .timeup") == "Time is up: finish the hand being played."


def test_hidden_standings_stay_hidden_until_revealed_and_a_player_finds_his_table(live_server, phone, tournament):
    from league.services.seating import seating_generate

    tournament.options = {"hide_standings_from_session": 2}
    tournament.save()
    check_in_all_but_ole(tournament)
    seating_generate(tournament=tournament, number=1, method="random")
    for table in Table.objects.filter(session__number=1):
        hand_record(table=table, record=WIN, user=None)
        table_close(table=table, user=None)
    seating_generate(tournament=tournament, number=2, method="random")
    for table in Table.objects.filter(session__number=2):
        hand_record(table=table, record=WIN, user=None)
    standings_recompute(tournament=tournament)
    hidden_games = {r["player"]: r["games"] for r in APIClient().get(
        f"/api/v1/tournaments/{tournament.pk}/standings/").json()}
    assert set(hidden_games.values()) <= {0, 1}

    phone.goto(f"{live_server.url}/t/day-cup/standings/")
    assert "hidden until the director reveals" in phone.inner_text("main")
    no_sideways_scroll(phone)
    shot(phone, "standings-hidden")

    # A player finds his table by the start of his name, accents or not.
    phone.goto(f"{live_server.url}/t/day-cup/")
    phone.fill("#find-q", "simi")
    phone.wait_for_selector("ul.found li")
    seat = Seat.objects.get(session__number=2, player__last_name="Šimić")
    wind = ["East", "South", "West", "North"][seat.position]
    assert f"Session 2, Table {seat.table.number}, {wind}" in phone.inner_text("ul.found")
    no_sideways_scroll(phone)
    shot(phone, "tournament-find")

    # The director reveals; now everyone sees both sessions.
    tournament.refresh_from_db()
    admin = APIClient()
    admin.force_authenticate(AdminFactory())
    assert admin.post(f"/api/v1/tournaments/{tournament.pk}/reveal/").status_code == 200
    revealed = {r["player"]: r["games"] for r in APIClient().get(
        f"/api/v1/tournaments/{tournament.pk}/standings/").json()}
    assert max(revealed.values()) == 2
    # the browser may keep a public page PUBLIC_MAX_AGE seconds: reloading asks the server again
    phone.goto(f"{live_server.url}/t/day-cup/standings/")
    phone.reload()
    assert "hidden until the director reveals" not in phone.inner_text("main")


def test_the_projector_reveals_the_places_from_the_bottom_up_to_the_winner(live_server, browser, tournament):
    from league.services.day import tournament_reveal
    from league.services.seating import seating_generate

    tournament.options = {"hide_standings_from_session": 1}
    tournament.save()
    check_in_all_but_ole(tournament)
    seating_generate(tournament=tournament, number=1, method="random")
    for table in Table.objects.all():
        hand_record(table=table, record=WIN, user=None)
        table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    tournament_reveal(tournament=tournament)
    screen = browser.new_page(viewport={"width": 1280, "height": 720})
    screen.clock.install()
    screen.goto(f"{live_server.url}/t/day-cup/screen/")
    assert screen.get_attribute("[data-mode]", "data-mode") == "reveal"
    places = screen.locator("ol.reveal li.place")
    assert places.count() == 9
    assert screen.locator("ol.reveal li.shown").count() == 0
    screen.clock.run_for(2_500)
    shown = screen.locator("ol.reveal li.shown")
    assert shown.count() == 1 and shown.first.get_attribute("data-rank") == places.first.get_attribute("data-rank")
    screen.clock.run_for(3_000 * 7 + 6_500)
    assert screen.locator("ol.reveal li.shown").count() == 9
    assert screen.locator("ol.reveal li.veiled").count() == 0
    ranks = [int(places.nth(i).get_attribute("data-rank")) for i in range(9)]
    assert ranks == sorted(ranks, reverse=True) and ranks[-1] == 1
    shot(screen, "screen-reveal")
    screen.close()


def test_the_tournament_page_updates_its_parts_in_place_and_a_visitor_can_pause_that(live_server, phone, tournament):
    from league.services.seating import seating_generate

    check_in_all_but_ole(tournament)
    phone.clock.install()
    phone.goto(f"{live_server.url}/t/day-cup/")
    assert "No seating yet." in phone.inner_text("[data-live-src*='sessions']") or \
        "No sessions yet." in phone.inner_text("[data-live-src*='sessions']")
    phone.evaluate("window.scrollTo(0, 200); document.body.dataset.marker = 'same page'")
    seating_generate(tournament=tournament, number=1, method="random")
    phone.clock.run_for(31_000)
    phone.wait_for_function("document.querySelector(\"[data-live-src*='sessions']\").textContent.includes('East')")
    assert phone.evaluate("document.body.dataset.marker") == "same page"  # updated in place, not reloaded

    phone.click("[data-live-toggle]")
    assert phone.get_attribute("[data-live-toggle]", "aria-pressed") == "true"
    assert phone.inner_text("[data-live-status]") == "Updates paused."
    fetched = []
    phone.on("request", lambda request: "/live/" in request.url and fetched.append(request.url))
    phone.clock.run_for(65_000)
    assert fetched == []
    with phone.expect_request(lambda request: "/live/" in request.url):  # resuming fetches at once
        phone.click("[data-live-toggle]")
    assert phone.get_attribute("[data-live-toggle]", "aria-pressed") == "false"


def test_the_live_parts_ask_again_conditionally_and_keep_their_content_on_304(live_server, phone, tournament):
    from league.services.seating import seating_generate

    check_in_all_but_ole(tournament)
    seating_generate(tournament=tournament, number=1, method="random")
    phone.clock.install()
    phone.goto(f"{live_server.url}/t/day-cup/")
    before = phone.inner_text("[data-live-src*='sessions']")
    assert "East" in before
    with phone.expect_response(lambda response: "/live/sessions/" in response.url) as first:
        phone.clock.run_for(31_000)
    assert first.value.status == 200 and first.value.headers["etag"]
    with phone.expect_response(lambda response: "/live/sessions/" in response.url) as second:
        phone.clock.run_for(31_000)
    assert second.value.request.headers["if-none-match"] == first.value.headers["etag"]
    assert second.value.status == 304
    assert phone.inner_text("[data-live-src*='sessions']") == before
    assert phone.inner_text("[data-live-status]") == "Updated in place every 30 seconds."


def test_a_check_in_after_the_session_ran_out_leads_to_the_login_not_to_silence(live_server, phone, tournament):
    AdminFactory(username="director")
    page = phone
    login(page, live_server.url, "director", "/t/day-cup/control/")
    page.context.clear_cookies()  # the session runs out while the control room is open

    page.click("button.checkin:has-text('Dorn, Jan')")

    page.wait_for_url(re.compile(r"/login/\?next=/t/day-cup/control/$"))
    assert not CheckIn.objects.filter(tournament=tournament).exists()
