"""The projector as the room sees it: never more than the public may see, whoever opened it; the
reveal without a flash of the winner, by the column the ranking is by; readable standings at
1920 × 1080 and on a phone."""

import pytest

from league.models import CheckIn, Registration, Table
from league.services.day import tournament_reveal
from league.services.hands import hand_record, table_close
from league.services.seating import seating_generate
from league.services.standings import standings_recompute
from tests.browser.test_tournament_day import WIN, login, shot
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory
from tests.hand_records import RIICHI_WIN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LONG_NAME = ("Maximiliane", "Oberhuber-Schönfeld")


def field(tournament, count: int, *, absent: int = 0) -> None:
    """``count`` registered players, all checked in but the last ``absent``; one has a long name."""
    for i in range(count):
        first, last = LONG_NAME if i == 0 else (f"Spieler{i}", f"Name{i:02d}")
        player = PlayerFactory(first_name=first, last_name=last)
        Registration.objects.create(tournament=tournament, player=player)
        if i < count - absent:
            CheckIn.objects.create(tournament=tournament, player=player)


def play_session(tournament, number: int, record: dict, *, close: bool = True) -> None:
    seating_generate(tournament=tournament, number=number, method="random", seed=number)
    for table in Table.objects.filter(session__tournament=tournament, session__number=number):
        hand_record(table=table, record=record, user=None)
        if close:
            table_close(table=table, user=None)


def test_an_administrator_opening_the_projector_in_a_hidden_session_shows_the_room_only_the_public_standings(
        live_server, phone):
    tournament = TournamentFactory(slug="hidden-cup", name="Hidden Cup", session_count=3,
                                   options={"hide_standings_from_session": 2})
    field(tournament, 8)
    play_session(tournament, 1, WIN)
    play_session(tournament, 2, WIN, close=False)
    standings_recompute(tournament=tournament)
    AdminFactory(username="director")
    phone.set_viewport_size({"width": 390, "height": 844})
    login(phone, live_server.url, "director", "/t/hidden-cup/control/")
    phone.goto(f"{live_server.url}/t/hidden-cup/screen/")
    panel = phone.locator(".standingspanel").first
    assert "before session 2" in panel.locator("h2").inner_text()
    games = phone.locator(".standingspanel table.standings tbody td.games").all_inner_texts()
    assert len(games) == 8 and set(games) == {"1"}  # session 2's games wait for the reveal
    # the part the projector fetches every few seconds keeps to that, too
    part = phone.evaluate("fetch('/t/hidden-cup/screen/part/').then(r => r.text())")
    assert "before session 2" in part and '<td class="games">2</td>' not in part
    shot(phone, "screen-hidden-admin")


def test_the_reveal_never_shows_the_winner_before_its_turn_and_riichi_reveals_by_score(live_server, browser):
    tournament = TournamentFactory(slug="reveal-cup", name="Reveal Cup", ruleset="riichi-ema", session_count=1,
                                   options={"hide_standings_from_session": 1})
    field(tournament, 8)
    play_session(tournament, 1, RIICHI_WIN)
    standings_recompute(tournament=tournament)
    tournament_reveal(tournament=tournament)
    winner = tournament.standings.filter(rank=1).first()

    # As the server sends it (before any script runs) every place is veiled, the winner too.
    still = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = still.new_page()
    page.goto(f"{live_server.url}/t/reveal-cup/screen/")
    assert page.locator("ol.reveal li.place").count() == 8
    assert page.locator("ol.reveal li.place:not(.veiled)").count() == 0
    assert not page.locator("ol.reveal li[data-rank='1']").first.is_visible() or \
        page.locator("ol.reveal li[data-rank='1']").first.evaluate("li => getComputedStyle(li).opacity") == "0"
    still.close()

    screen = browser.new_page(viewport={"width": 390, "height": 844})
    screen.clock.install()
    screen.goto(f"{live_server.url}/t/reveal-cup/screen/")
    assert screen.locator("ol.reveal li.shown").count() == 0
    screen.clock.run_for(2_000 + 3_000 * 6 + 6_500)
    assert screen.locator("ol.reveal li.shown").count() == 8
    # ranked by score (points and uma), so the reveal shows the score, with a heading that says so
    assert screen.locator("p.revealhead .pts").inner_text() == "Score"
    top = screen.locator("ol.reveal li[data-rank='1'] .pts").first.inner_text()
    assert top.replace(",", "") == f"{winner.score:f}".rstrip("0").rstrip(".")
    shot(screen, "screen-reveal-riichi")
    screen.close()


def test_the_projector_standings_have_headings_say_provisional_and_fit_ten_rows_at_full_hd(live_server, browser):
    tournament = TournamentFactory(slug="room-cup", name="Room Cup", session_count=2)
    field(tournament, 13, absent=1)  # twelve play, one never came
    play_session(tournament, 1, WIN)
    play_session(tournament, 2, WIN, close=False)  # tables still playing
    standings_recompute(tournament=tournament)
    screen = browser.new_page(viewport={"width": 1920, "height": 1080})
    screen.clock.install()
    screen.goto(f"{live_server.url}/t/room-cup/screen/")
    panel = screen.locator(".standingspanel:not([hidden])")
    assert panel.locator("thead th").all_inner_texts() == ["Rank", "Player", "Table points", "Score", "Games"]
    assert "provisional" in panel.locator("h2").inner_text()
    rows = panel.locator("tbody tr")
    assert rows.count() == 10
    bottom = screen.evaluate("innerHeight")
    last = rows.nth(9).bounding_box()
    assert last["y"] + last["height"] <= bottom  # the tenth row is on the screen, not clipped
    # the absent player is not shown with a 0 as if he had played
    screen.clock.run_for(10_500)
    panel = screen.locator(".standingspanel:not([hidden])")
    absent = panel.locator("tr.notplayed")
    assert absent.count() == 1 and "not played yet" in absent.inner_text()
    # no team standings in this tournament: no empty team slide
    assert screen.locator(".teamspanel").count() == 0
    shot(screen, "screen-standings-fullhd")
    screen.close()


def test_the_projector_seating_shows_long_names_whole_at_full_hd(live_server, browser):
    tournament = TournamentFactory(slug="seat-cup", name="Seat Cup", session_count=2)
    field(tournament, 12)
    seating_generate(tournament=tournament, number=1, method="random", seed=1)
    screen = browser.new_page(viewport={"width": 1920, "height": 1080})
    screen.clock.install()
    screen.goto(f"{live_server.url}/t/seat-cup/screen/")
    assert screen.get_attribute("[data-mode]", "data-mode") == "seating"
    name = f"{LONG_NAME[0]} {LONG_NAME[1]}"
    item = screen.locator(".screentable li", has_text=LONG_NAME[1])
    assert name in item.inner_text()
    assert item.evaluate("li => li.scrollWidth <= li.clientWidth")  # not cut off
    shot(screen, "screen-seating-fullhd")
    screen.close()


def test_a_hidden_projector_marks_the_running_sessions_figures_as_provisional_at_390_px(live_server, phone):
    # Issue 42, item 4: standings "before session 2" shown while session 1 is still played hold
    # unfinished figures, and say so as the projector says it when nothing is hidden.
    tournament = TournamentFactory(slug="hidden-running", name="Hidden Running", session_count=3,
                                   options={"hide_standings_from_session": 2})
    field(tournament, 8)
    play_session(tournament, 1, WIN, close=False)
    standings_recompute(tournament=tournament)
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/t/hidden-running/screen/")
    heading = phone.locator(".standingspanel h2").first
    assert "before session 2" in heading.inner_text()
    assert heading.locator("small.provisional").is_visible()
    assert "provisional: tables are still playing" in heading.inner_text()
    shot(phone, "screen-hidden-provisional")
