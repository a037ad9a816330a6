"""Fines and the next wind round's seats on the score sheet, in a real browser at phone width."""

import os
import re
from pathlib import Path

import pytest

from league.models import Hand
from tests.factories import referee_for, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, table):
    referee_for(table.session.tournament, username="ref")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/login/?next=/referee/table/{table.pk}/")
    page.fill("input[name=username]", "ref")
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def shoot(page, name):
    if os.environ.get("SCREENSHOT_DIR"):
        page.screenshot(path=str(Path(os.environ["SCREENSHOT_DIR"]) / name), full_page=True)


def test_a_referee_fines_a_player_from_the_catalogue_and_sees_it_in_the_preview(live_server, phone):
    table = table_with_players(slug="fine-cup", name="Fine Cup")
    log_in(phone, live_server, table)
    phone.check("input[name=outcome][value=void]")
    phone.click("details.fines summary")
    phone.select_option("select[name=fine_seat_0]", "2")
    phone.select_option("select[name=fine_kind_0]", "false_mahjong_exposed")
    phone.wait_for_function("document.querySelector(\"[data-preview-seat='2']\").textContent.includes('400')")
    assert fits_the_phone(phone)
    shoot(phone, "fines.png")
    phone.click("#hand-form button[type=submit]")
    phone.wait_for_selector("#hand-1")
    assert Hand.objects.get(table=table).result["balances"] == [200, 100, -400, 100]


def test_the_sheet_shows_who_sits_where_in_the_next_wind_round(live_server, phone):
    table = table_with_players(slug="seat-cup", name="Seat Cup", ruleset="dmjl-hke", options={"seat_change": True})
    players = [s.player for s in table.seats.order_by("position")]
    log_in(phone, live_server, table)
    text = phone.inner_text("#next-seats")
    assert f"East – {players[1]}" in text and f"North – {players[2]}" in text
    assert fits_the_phone(phone)
    shoot(phone, "next-seats.png")
