"""Players at the table (tournament option ``entry`` "players"), Playwright on Chromium at 390 px:
one player enters the hand and closes the table on their phone, the three others open the link the
sheet shows on their own phones and confirm; the table counts only after the third confirmation."""
import re

import pytest
from django.conf import settings

from league.models import GameResult, Player
from league.services.confirmations import dispute_open
from league.services.hands import hand_record, table_close
from league.services.standings import standings_recompute
from tests.browser.test_accessibility import BROKEN_REFERENCES, SMALL_TARGETS, UNSCOPED_HEADERS
from tests.browser.test_sheet_hall import PHONE, SAVE, enter_win
from tests.factories import PlayerFactory, UserFactory, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table():
    players = [PlayerFactory(first_name=f, last_name=last) for f, last in
               [("Anna", "Berg"), ("Ben", "Schmidt"), ("Carla", "Weiß"), ("Dieter", "Zimmermann")]]
    table = table_with_players(slug="club-night", name="Club night", players=players, options={"entry": "players"})
    for index, player in enumerate(players):
        Player.objects.filter(pk=player.pk).update(user=UserFactory(username=f"player{index}"))
    return table


def phone_of(browser, live_server, username: str, path: str):
    context = browser.new_context(viewport=PHONE, locale="en-GB", device_scale_factor=1, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{live_server.url}/login/?next={path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(rf"{re.escape(path)}$"))
    return context, page


def counted(table) -> bool:
    standings_recompute(tournament=table.session.tournament)
    return GameResult.objects.filter(table=table).exists()


def test_one_player_enters_and_the_three_others_confirm_from_their_own_phones(live_server, browser, table):
    sheet = f"/referee/table/{table.pk}/"
    context, page = phone_of(browser, live_server, "player0", sheet)
    enter_win(page)
    page.click(SAVE)
    page.wait_for_selector("#hand-1")
    page.click("form[action$='/close/'] button[type=submit]")
    page.wait_for_selector("#confirm-link svg")
    link = page.get_attribute("#confirm-link a", "href")
    assert link.endswith(sheet) and page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
    assert not counted(table)
    for number, username in enumerate(["player1", "player2", "player3"], start=1):
        context, page = phone_of(browser, live_server, username, link.removeprefix(live_server.url))
        page.click("text=I confirm this result")
        page.wait_for_selector(".messages >> text=confirmed the result")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        text = page.inner_text("#table-counting")
        context.close()
        if number < 3:
            assert "Provisional" in text and not counted(table)
    assert "Confirmed: the table counts" in text and counted(table)


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_players_closed_sheet_and_their_tables_pass_axe_at_390_px(live_server, browser, table, language):
    from axe_playwright_python.sync_playwright import Axe

    player = table.seats.get(position=1).player
    hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 300, 40, 0]},
                user=player.user)
    table_close(table=table, user=player.user)
    dispute_open(table=table, user=table.seats.get(position=2).player.user, message="Hand 1 was self-drawn")
    sheet = f"/referee/table/{table.pk}/"
    context, page = phone_of(browser, live_server, "player1", sheet)
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    for path in (sheet, "/referee/"):
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.lang") == language
        violations = [(v["id"], [n["target"] for n in v["nodes"]]) for v in Axe().run(page).response["violations"]
                      if v["impact"] in ("serious", "critical")]
        problems = violations + page.evaluate(SMALL_TARGETS) + page.evaluate(BROKEN_REFERENCES)
        problems += page.evaluate(UNSCOPED_HEADERS)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        assert problems == [], (path, problems)
    assert sheet in page.content()  # the closed table waits for this player's confirmation
    context.close()
