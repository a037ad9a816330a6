"""The referee's home and a session page with a substitute whose result is fixed, at phone width."""

import os
import re
from pathlib import Path

import pytest

from league.models import Registration
from league.services.hands import hand_record
from league.services.standings import standings_recompute
from tests.factories import PlayerFactory, SessionFactory, TournamentFactory, referee_for, table_with_players
from tests.hand_records import RIICHI_WIN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shoot(page, name):
    if os.environ.get("SCREENSHOT_DIR"):
        page.screenshot(path=str(Path(os.environ["SCREENSHOT_DIR"]) / name), full_page=True)


def test_a_referee_sees_winds_the_dealer_and_the_substitute_on_his_home_and_the_session_page(live_server, phone):
    tournament = TournamentFactory(ruleset="riichi-ema", slug="sub-cup", name="Sub Cup",
                                   options={"substitute_scoring": "fixed"})
    players = [PlayerFactory(first_name=first, last_name=last)
               for first, last in [("Jan", "Dorn"), ("Tom", "Becker"), ("Sam", "Ersatz"), ("Eva", "Adler")]]
    Registration.objects.create(tournament=tournament, player=players[2], substitute=True)
    table = table_with_players(session=SessionFactory(tournament=tournament), players=players)
    hand_record(table=table, record=RIICHI_WIN, user=None)
    standings_recompute(tournament=tournament)
    referee_for(tournament, username="ref")
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/login/?next=/referee/")
    phone.fill("input[name=username]", "ref")
    phone.fill("input[name=password]", "secret-pass-123")
    phone.click("form.login button[type=submit]")
    phone.wait_for_url(re.compile(r"/referee/$"))
    seats = phone.locator("a.tablecard ul.seats li").all_inner_texts()
    # one hand won by South: the deal passed on, Tom deals now and is East, as on the score sheet
    assert seats[0].startswith("North – Jan Dorn (") and seats[1].startswith("East – Tom Becker (")
    assert "Dealer" in seats[1] and "substitute, fixed result" in seats[2]
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shoot(phone, "referee-home-winds.png")
    phone.goto(f"{live_server.url}/t/sub-cup/session/1/")
    assert "fixed result" in phone.locator("p.substitute-rule").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shoot(phone, "session-substitute.png")
