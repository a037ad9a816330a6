"""Awkward things at the table on a 390 px phone (issue 42, item 7): targets a thumb can hit and
answers that show where the eye already is."""

import re

import pytest

from league.services.hands import hand_record
from tests.factories import referee_for, table_with_players

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
