"""Awkward things at the table on a 390 px phone (issue 42, item 7): targets a thumb can hit and
answers that show where the eye already is."""

import re

import pytest

from league.models import Export, Registration
from league.services.exports import export_build
from league.services.hands import hand_record
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, referee_for, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def sheet(browser, live_server, table, username):
    context = browser.new_context(viewport=PHONE, locale="en-GB", device_scale_factor=1, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/login/?next=/referee/table/{table.pk}/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))
    return context, page


def test_the_riichi_sheets_tile_toggles_are_44_px_targets_at_390_px(live_server, browser):
    table = table_with_players(slug="toggle-cup", name="Toggle Cup", ruleset="riichi-ema")
    referee_for(table.session.tournament, username="toggleref")
    context, page = sheet(browser, live_server, table, "toggleref")
    toggles = page.locator("[data-tiles-toggle]")
    assert toggles.count() == 4
    for index in range(4):
        box = toggles.nth(index).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


IN_VIEW = """selector => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def test_a_corrections_preview_shows_in_view_beside_the_save_button_at_390_px(live_server, browser):
    table = table_with_players(slug="fix-cup", name="Fix Cup")
    referee_for(table.session.tournament, username="fixref")
    hand = hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 300, 40, 0]},
                       user=None)
    context, page = sheet(browser, live_server, table, "fixref")
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.goto(f"{live_server.url}/referee/hand/{hand.pk}/edit/")
    page.fill("input[name=value_1]", "400")
    page.wait_for_function("document.querySelector('#correction-preview').textContent.includes('Hand 1')")
    assert page.evaluate(IN_VIEW, "#correction-preview"), "the preview is off the screen"
    assert page.evaluate(IN_VIEW, "#hand-form button[type=submit]")
    assert errors == []
    context.close()


# Kajongg scoringtest "kaj-51" (tests/browser/test_tile_entry.py): a hand with a long explanation.
KAJ_51 = "b3B3B3b3 wewewe RDbDbDbS1S1S1S2S2 LS2S2S2"


def test_the_tiles_explanation_shows_under_the_tiles_above_the_picker_at_390_px(live_server, browser):
    table = table_with_players(slug="explain-cup", name="Explain Cup", options={"table": "kajongg"})
    referee_for(table.session.tournament, username="explainref")
    context, page = sheet(browser, live_server, table, "explainref")
    page.click("[data-tiles-toggle='0']")
    page.fill("#tiles-input-0", KAJ_51)
    page.wait_for_function("document.querySelectorAll('#tiles-explain-0 li').length > 2")
    page.locator("#tiles-input-0").scroll_into_view_if_needed()
    assert page.evaluate(IN_VIEW, "#tiles-explain-0"), "the explanation is off the screen"
    explain, picker = page.locator("#tiles-explain-0").bounding_box(), page.locator("#tile-picker").bounding_box()
    assert explain["y"] + explain["height"] <= picker["y"]  # read before the picker, not under it
    context.close()


def admin_phone(browser, live_server, next_path, locale="en-GB"):
    AdminFactory(username="polishadmin")
    context = browser.new_context(viewport=PHONE, locale=locale, device_scale_factor=1, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/login/?next={next_path}")
    page.fill("input[name=username]", "polishadmin")
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(re.escape(next_path) + "$"))
    return context, page


def test_the_exports_table_shows_its_download_link_at_390_px(live_server, browser):
    tournament = table_with_players(slug="export-cup", name="Export Cup", published=True).session.tournament
    for kind in ("score-sheets-xlsx", "results-xlsx"):
        export = Export.objects.create(kind=kind, tournament=tournament, language="de")
        export_build(export_id=export.pk)
    Export.objects.create(kind="score-sheets-pdf", tournament=tournament, language="de", session_number=1,
                          status=Export.Status.RUNNING, progress=40)
    context, page = admin_phone(browser, live_server, f"/t/{tournament.slug}/exports/", locale="de-DE")
    links = page.locator("a", has_text="Herunterladen")
    assert links.count() == 2
    for index in range(2):
        box = links.nth(index).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page.evaluate("[...document.querySelectorAll('.scroll')].every(s => s.scrollWidth <= s.clientWidth)")
    context.close()


NAME_LINES = """() => [...document.querySelectorAll('#draw-preview ul.seats li')].map(li => {
  const wind = li.querySelector('.wind').getBoundingClientRect();
  const name = li.querySelector('.name').getBoundingClientRect();
  return {text: li.textContent, wind_right: wind.right, name_left: name.left, name_top: name.top, wind_top: wind.top};
})"""


def test_the_draw_preview_keeps_each_name_beside_its_wind_at_390_px(live_server, browser):
    tournament = TournamentFactory(slug="draw-cup", name="Draw Cup")
    for n in range(8):
        player = PlayerFactory(first_name=f"Maximiliane{n}", last_name=f"Schwarzenberger-Lindqvist{n}")
        Registration.objects.create(tournament=tournament, player=player)
    context, page = admin_phone(browser, live_server, f"/t/{tournament.slug}/control/")
    page.click("#draw button[name=preview]")
    page.wait_for_selector("#draw-preview .minitable")
    lines = page.evaluate(NAME_LINES)
    assert len(lines) == 8
    for line in lines:
        assert line["name_left"] >= line["wind_right"] and abs(line["name_top"] - line["wind_top"]) < 4, line
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


CARD = """() => {
  const card = document.querySelector('a.tablecard');
  const style = getComputedStyle(card), mark = getComputedStyle(card, '::after');
  const box = card.getBoundingClientRect();
  return {border: parseFloat(style.borderRightWidth), radius: parseFloat(style.borderTopLeftRadius),
          background: style.backgroundColor, page: getComputedStyle(document.body).backgroundColor,
          mark: mark.content, height: box.height, width: box.width,
          focused: document.activeElement === card, outline: style.outlineStyle,
          outline_width: parseFloat(style.outlineWidth)};
}"""


def test_a_referees_table_card_looks_tappable_and_shows_its_focus_at_390_px(live_server, browser):
    table = table_with_players(slug="card-cup", name="Card Cup")
    referee_for(table.session.tournament, username="cardref")
    context, page = sheet(browser, live_server, table, "cardref")
    page.goto(f"{live_server.url}/referee/")
    card = page.evaluate(CARD)
    assert card["border"] >= 1 and card["radius"] > 0 and card["background"] != card["page"], card  # a box
    assert "›" in card["mark"], card  # a chevron says it leads somewhere
    assert card["height"] >= 44 and card["width"] >= PHONE["width"] * 0.8, card  # the whole card is the target
    page.focus("a.tablecard")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # focus by keyboard: :focus-visible
    card = page.evaluate(CARD)
    assert card["focused"] and card["outline"] != "none" and card["outline_width"] >= 2, card
    page.click("a.tablecard >> text=Table 1")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))
    context.close()
