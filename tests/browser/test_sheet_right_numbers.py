"""The score sheet where a number could reach people wrong (Playwright on Chromium at 390 × 844 px):
half-typed hands, previews against what is stored, penalty lines, winds on every page, tile entry
and implausible values."""

import re

import pytest

from league.models import Hand
from tests.factories import PlayerFactory, referee_for, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SAVE = "#hand-form button[type=submit]"
NAMES = [("Anna", "Berg"), ("Ben", "Schmidt"), ("Carla", "Weiß"), ("Dieter", "Zimmermann")]


def table_of(ruleset="dmjl-classical", slug="numbers-cup"):
    players = [PlayerFactory(first_name=first, last_name=last) for first, last in NAMES]
    table = table_with_players(ruleset=ruleset, slug=slug, name="Numbers Cup", players=players)
    referee_for(table.session.tournament, username="numref")
    return table


def open_sheet(browser, live_server, table, *, locale="en-GB"):
    context = browser.new_context(viewport=PHONE, locale=locale, device_scale_factor=1,
                                  bypass_csp=True)  # the tests' string waits evaluate; CSP is tested in tests/faults
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/login/?next=/referee/table/{table.pk}/")
    page.fill("input[name=username]", "numref")
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))
    return context, page


def test_enter_after_the_winners_value_moves_on_and_a_half_typed_hand_is_not_saved(live_server, browser):
    table = table_of()
    context, page = open_sheet(browser, live_server, table)
    page.select_option("select[name=winner]", "1")
    page.fill("input[name=value_1]", "120")
    page.press("input[name=value_1]", "Enter")
    assert page.evaluate("document.activeElement.name") == "value_2"
    page.click(SAVE)
    page.wait_for_selector("#error-summary:not([hidden])")
    summary = page.inner_text("#error-summary")
    for missing in ("East – Anna Berg", "West – Carla Weiß", "North – Dieter Zimmermann"):
        assert missing in summary
    assert "South – Ben Schmidt" not in summary
    assert not Hand.objects.filter(table=table).exists()
    context.close()


def test_a_riichi_chombo_previews_the_minus_20000_the_list_of_hands_then_shows(live_server, browser):
    table = table_of("riichi-ema", slug="chombo-cup")
    context, page = open_sheet(browser, live_server, table)
    page.check("input[name=outcome][value=void]")
    page.select_option("select[name=chombo]", "2")
    page.wait_for_function("document.querySelector(\"#seats [data-preview-seat='2']\").textContent === '-20000'")
    page.click(SAVE)
    page.wait_for_selector("#hand-1")
    assert page.inner_text("#hand-1 td:nth-child(5)") == "-20000"
    context.close()


def test_a_fines_line_shows_the_fines_own_amount_and_offence(live_server, browser):
    table = table_of(slug="fine-line-cup")
    context, page = open_sheet(browser, live_server, table)
    for seat, value in enumerate(["20", "300", "40", "0"]):
        page.fill(f"input[name=value_{seat}]", value)
    page.select_option("select[name=winner]", "1")
    page.click("details.fines summary")
    page.select_option("select[name=fine_seat_0]", "3")
    page.select_option("select[name=fine_kind_0]", "free")
    page.fill("input[name=fine_amount_0]", "40")
    page.click(SAVE)
    page.wait_for_selector("#hand-1")
    assert page.inner_text("#hand-1 .penalty") == "Fine: N – Dieter (40)"
    context.close()
