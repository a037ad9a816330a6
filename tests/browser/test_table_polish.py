"""Awkward things at the table on a 390 px phone (issue 42, item 7): targets a thumb can hit and
answers that show where the eye already is."""

import re

import pytest

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
