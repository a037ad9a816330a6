"""An MCR tournament (the EMA's Chinese Official rules) on a 390 px phone, from its creation with the
"EMA MCR" preset on the site's own pages to its ranking (issue 41): eight players entered in one
paste, session 1 drawn, a table's hands entered from tiles with the tile picker (a discard win, a
self-draw, a hand below the 8-point minimum refused), the table closed, the results workbook and the
EMA CSV downloaded and read, the standings and the projector showing table points 4/2/1/0, and the
score sheet read in German."""
import csv
import io
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from openpyxl import load_workbook

from league.models import Hand, Seat, Table, Tournament
from league.permissions import ADMIN_GROUP
from league.services.hands import hand_record, table_close
from scoring.handvalue import value_record
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390
SHOTS = os.environ.get("SCREENSHOTS")  # a directory: keep screenshots of the pages for a look
NAMES = ["Anna Adler", "Bert Brandt", "Cora Claus", "Dirk Dahl", "Emma Ernst", "Finn Fuchs", "Gina Graf",
         "Hugo Horn"]
# West wins a pure straight on North's discard with two flowers; East draws a pure straight himself;
# South's all chows and short straight (3 points) is below the minimum of 8.
DISCARD_WIN = {"ruleset": "mcr", "tiles": {"man": "123456789", "pin": "111", "sou": "55"}, "win_tile": "5s",
               "flowers": 2, "situation": {"seat_wind": "W", "round_wind": "E"}}
SELF_DRAW = {"ruleset": "mcr", "tiles": {"man": "123456789", "sou": "234", "pin": "99"}, "win_tile": "9p",
             "situation": {"seat_wind": "N", "round_wind": "E", "self_drawn": True}}
TOO_LOW = {"ruleset": "mcr", "tiles": {"man": "123456", "pin": "234678", "sou": "55"}, "win_tile": "8p",
           "situation": {"seat_wind": "N", "round_wind": "E"},
           "melds": [{"type": "chi", "opened": True, "tiles": {"man": "123", "pin": "", "sou": "", "honors": ""}}]}


def submit(page, selector: str = "main form[novalidate] button.primary") -> None:
    with page.expect_navigation():
        page.click(selector)


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def tap(page, seat: int, *codes: str) -> None:
    picker = page.locator(f"#tiles-{seat} #tile-picker")
    for code in codes:
        if code == "last":
            picker.locator("[data-picker-last]").click()
        elif code in ("concealed", "exposed"):
            picker.locator(f"[data-picker-mode={code}]").click()
        else:
            picker.locator(f"[data-tile={code}]").click()


def preview_settles(page, balances: list[int]) -> None:
    shown = [f"+{b}" if b > 0 else str(b) for b in balances]
    page.wait_for_function(
        "shown => shown.every((text, seat) =>"
        " document.querySelector(`[data-preview-seat='${seat}']`).textContent === text)", arg=shown)


def test_an_mcr_tournament_runs_from_the_preset_to_its_ranking_on_a_390_px_phone(live_server, browser):
    director = UserFactory(username="director")
    director.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    context = browser.new_context(viewport={"width": WIDTH, "height": 844}, locale="en-GB", device_scale_factor=1,
                                  accept_downloads=True, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("dialog", lambda dialog: dialog.accept())
    base = live_server.url

    page.goto(f"{base}/login/?next=/manage/t/new/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", "secret-pass-123")
    submit(page, "form.login button[type=submit]")
    assert page.url.endswith("/manage/t/new/")

    # The tournament from the "EMA MCR" preset, one session.
    assert "EMA MCR" in page.inner_text("#id_rules")
    page.fill("#id_name", "MCR Open")
    page.fill("#id_starts_on", "2027-05-08")
    page.fill("#id_ends_on", "2027-05-08")
    page.select_option("#id_rules", "preset:EMA MCR")
    submit(page)
    page.fill("#id_session_count", "1")
    submit(page)
    tournament = Tournament.objects.get(name="MCR Open")
    assert tournament.ruleset == "mcr"
    assert tournament.options["min_points"] == 8 and tournament.options["table_points"] == [4, 2, 1, 0]
    no_sideways_scroll(page)

    # The rule options form: the preset filled in again there, then saved.
    page.goto(f"{base}/manage/t/{tournament.slug}/options/")
    page.select_option("#id_preset", "EMA MCR")
    submit(page, "button[name=action][value=preset]")
    assert page.input_value("#id_opt_min_points") == "8"
    assert page.input_value("#id_opt_hands") == "16"
    no_sideways_scroll(page)
    submit(page, "form.options button[value=save]")
    assert "The options are saved." in page.inner_text("main")
    assert page.input_value("#id_opt_min_points") == "8"
    assert page.input_value("#id_opt_table_points") in ("4, 2, 1, 0", "4,2,1,0", "[4, 2, 1, 0]")

    # Eight players in one paste, registered.
    page.goto(f"{base}/manage/players/bulk/?tournament={tournament.pk}")
    page.fill("#id_rows", "\n".join(f"{name}\tMCR Club\tDE" for name in NAMES))
    submit(page, "button[value=preview]")
    submit(page, "button[value=create]")
    assert page.locator("ul.registrations li").count() == 8

    # Session 1 drawn from the control room.
    page.goto(f"{base}/t/{tournament.slug}/control/")
    page.select_option("#draw-method", "balanced")
    submit(page, "#draw button[name=preview]")
    submit(page, "#draw-preview button[name=commit]")
    tables = list(Table.objects.filter(session__tournament=tournament).order_by("number"))
    assert len(tables) == 2
    table, other = tables

    # The score sheet of table 1: hand 1, West wins on North's discard, all from the picker's tiles.
    page.goto(f"{base}/referee/table/{table.pk}/")
    no_sideways_scroll(page)
    discard = value_record(DISCARD_WIN)
    page.click("[data-tiles-toggle='2']")
    assert page.is_visible("#tiles-2 #tile-picker")
    tap(page, 2, *[f"c{n}" for n in range(1, 10)], "s1", "s1", "s1", "b5", "last", "b5", "fe", "fs")
    tap(page, 2, "b7")  # a wrong tap, taken back
    page.click("#tiles-2 #tile-picker [data-picker-action=undo]")
    panel = page.locator("#tiles-2")
    assert panel.locator("[data-suit=man]").input_value() == "123456789"
    assert panel.locator("[data-suit=pin]").input_value() == "111"
    assert panel.locator("[data-suit=sou]").input_value() == "55"
    assert panel.locator("[data-win-tile]").input_value() == "5s"
    assert panel.locator("[data-flowers]").input_value() == "2"
    page.wait_for_function(f"document.querySelector('input[name=points]').value === '{discard['points']}'")
    assert page.input_value("input[name=flowers]") == "2"
    assert page.input_value("select[name=winner]") == "2"
    assert "Pure Straight: 16 points" in page.inner_text("#tiles-explain-2")
    no_sideways_scroll(page)
    # every row of tiles fits the phone: no tile cut off or pushed out of its row
    assert page.evaluate("[...document.querySelectorAll('#tiles-2 .picker-tiles, #tiles-2 .suits')]"
                         ".every(row => row.scrollWidth <= row.clientWidth)")
    shot(page, "mcr-walk-picker")
    page.select_option("select[name=discarder]", "3")
    first = [-8, -8, discard["points"] + 24, -(8 + discard["points"])]
    preview_settles(page, first)
    with page.expect_navigation():
        page.click("#hand-form button[type=submit]")
    assert Hand.objects.get(table=table, number=1).result["balances"] == first

    # Hand 2: the first seat (North now: the winds turn every hand) draws its own winning tile.
    drawn = value_record(SELF_DRAW)
    page.click("[data-tiles-toggle='0']")
    tap(page, 0, *[f"c{n}" for n in range(1, 10)], "b2", "b3", "b4", "s9", "last", "s9")
    page.check("input[name=win_type][value=self_draw]")
    page.wait_for_function(f"document.querySelector('input[name=points]').value === '{drawn['points']}'")
    assert page.input_value("select[name=winner]") == "0"
    second = [3 * (8 + drawn["points"]), -(8 + drawn["points"]), -(8 + drawn["points"]), -(8 + drawn["points"])]
    preview_settles(page, second)
    with page.expect_navigation():
        page.click("#hand-form button[type=submit]")
    assert Hand.objects.get(table=table, number=2).result["balances"] == second

    # Hand 3, read in German (the site's language switch): North's hand, an exposed chow among its
    # tiles, is worth 3 points: the panel says it is not enough, and the sheet refuses it.
    low = value_record(TOO_LOW)
    assert not low["enough"]
    with page.expect_navigation():
        page.click("header a[hreflang=de]")
    assert page.locator("html").get_attribute("lang") == "de"
    page.click("[data-tiles-toggle='1']")
    tap(page, 1, "exposed", "c1", "c2", "c3", "concealed", "c4", "c5", "c6", "s2", "s3", "s4", "s6", "s7",
        "b5", "b5", "last", "s8")
    assert page.locator("#tiles-1 [data-melds]").input_value() == "123m"
    assert page.locator("#tiles-1 [data-win-tile]").input_value() == "8p"
    page.wait_for_function(f"document.querySelector('input[name=points]').value === '{low['points']}'")
    page.wait_for_function("document.getElementById('tiles-explain-1').textContent.includes('Kurze Straße')")
    assert page.inner_text("#tiles-explain-1").split("\n") == ["Nur Tschau: 2 Punkte", "Kurze Straße: 1 Punkt"]
    assert "Weniger als 8 Punkte ohne die Blumen" in page.inner_text("#tiles-sum-1")
    assert "Tap the tiles" not in page.inner_text("#tiles-1")  # the picker's hint is German too
    no_sideways_scroll(page)
    shot(page, "mcr-walk-low-de")
    page.select_option("select[name=discarder]", "0")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("text=Die 3 Punkte des Gewinners ohne Blumen liegen unter dem Minimum von 8.")
    assert not Hand.objects.filter(table=table, number=3).exists()
    # the refused form keeps what was entered, to be corrected
    assert page.input_value("select[name=winner]") == "1" and page.input_value("input[name=points]") == "3"
    assert page.input_value("select[name=discarder]") == "0"
    no_sideways_scroll(page)
    with page.expect_navigation():
        page.click("header a[hreflang=en]")

    # The table closes after two hands (the game not over: the director confirms).
    with page.expect_navigation():
        page.click("form[action$='/close/'] button[type=submit]")
    table.refresh_from_db()
    assert table.closed
    totals = {position: sum(hand.result["balances"][position] for hand in Hand.objects.filter(table=table))
              for position in range(4)}
    assert sum(totals.values()) == 0
    # The other table: two hands entered by its referee through the service, closed.
    hand_record(table=other, record={"outcome": "win", "winner": 1, "win_type": "self_draw", "points": 10,
                                     "flowers": 1}, user=None)
    hand_record(table=other, record={"outcome": "win", "winner": 2, "win_type": "discard", "discarder": 3,
                                     "points": 12, "flowers": 0}, user=None)
    table_close(table=other, user=None)
    expected = {}  # player's name -> (table points, score): the ranking at each table gives 4/2/1/0
    for closed in (table, other):
        balances = [sum(hand.result["balances"][position] for hand in Hand.objects.filter(table=closed))
                    for position in range(4)]
        assert len(set(balances)) == 4  # no ties: every place has its own table points
        for place, position in enumerate(sorted(range(4), key=lambda position: -balances[position])):
            player = Seat.objects.get(table=closed, position=position).player
            expected[f"{player.first_name} {player.last_name}"] = ([4, 2, 1, 0][place], balances[position])
    ranking = sorted(expected, key=lambda name: (-expected[name][0], -expected[name][1]))

    # The standings page: the ranking with its table points.
    page.goto(f"{base}/t/{tournament.slug}/standings/")
    shot(page, "mcr-walk-standings")
    no_sideways_scroll(page)
    rows = page.locator("main table tbody tr")
    assert rows.count() == 8
    for rank, name in enumerate(ranking, start=1):
        cells = rows.nth(rank - 1).locator("td:visible, th:visible").all_inner_texts()
        assert cells[:4] == [str(rank), name, str(expected[name][0]), str(expected[name][1])]

    # In German: the same ranking under German headings.
    with page.expect_navigation():
        page.click("header a[hreflang=de]")
    headings = [h.replace("\xad", "") for h in page.locator("main table thead th:visible").all_inner_texts()]
    assert headings[:4] == ["Rang", "Spieler", "Tischpunkte", "Punkte"]
    assert rows.nth(0).locator("td:visible, th:visible").all_inner_texts()[:3] == [
        "1", ranking[0], str(expected[ranking[0]][0])]
    no_sideways_scroll(page)
    with page.expect_navigation():
        page.click("header a[hreflang=en]")

    # The exports: the results workbook and the EMA CSV, asked for and downloaded.
    page.goto(f"{base}/t/{tournament.slug}/exports/")
    no_sideways_scroll(page)
    files = {}
    for kind in ("results-xlsx", "ema-csv"):
        submit(page, f"button[name=kind][value={kind}]")
        link = page.locator("a:has-text('Download')").first
        link.wait_for()
        with page.expect_download() as download:
            link.click()
        files[kind] = download.value.path().read_bytes()
    rows_csv = list(csv.reader(io.StringIO(files["ema-csv"].decode("utf-8-sig"))))
    assert rows_csv[0][:6] == ["Place", "Last name", "First name", "EMA number", "Table points", "Score"]
    assert [(r[0], f"{r[2]} {r[1]}", r[4], r[5]) for r in rows_csv[1:]] == [
        (str(rank), name, str(expected[name][0]), str(expected[name][1])) for rank, name in enumerate(ranking, 1)]
    workbook = load_workbook(io.BytesIO(files["results-xlsx"]), read_only=True)
    standings = list(workbook["Standings"].iter_rows(values_only=True))
    assert standings[0][:6] == ("Rank", "Name", "Club", "Country", "Table points", "Score")
    assert [(r[0], r[1], r[4], r[5]) for r in standings[1:9]] == [
        (rank, name, expected[name][0], expected[name][1]) for rank, name in enumerate(ranking, 1)]
    hands = list(workbook["Hands"].iter_rows(values_only=True))
    first_table = hands[2:4]  # after the table's title and the headings: hand 1 and hand 2, as entered
    assert [row[4:8] for row in first_table] == [tuple(first), tuple(second)]

    # The projector: the standings with the same table points.
    screen = context.new_page()
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.goto(f"{base}/t/{tournament.slug}/screen/")
    shot(screen, "mcr-walk-screen")
    # the session is over: the unused clock does not say "not started"
    assert screen.inner_text(".bigclock .clocknote") == "Every table of this session is closed."
    shown = screen.locator(".panel:not([hidden]) table tbody tr")
    assert shown.count() == 8
    for rank, name in enumerate(ranking, start=1):
        cells = shown.nth(rank - 1).locator("td:visible, th:visible").all_inner_texts()
        assert cells[:4] == [str(rank), name, str(expected[name][0]), str(expected[name][1])]
    assert screen.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screen.close()
    context.close()
