"""The score sheet and public pages in a real browser (Playwright driving Debian's Chromium)."""

import os
import re
from decimal import Decimal
from pathlib import Path

import pytest

from league.models import GameResult, Hand, Session, Standing
from tests.factories import PlayerFactory, TournamentFactory, referee_for, table_with_players

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def enter_classical(page, values, *, winner=None, outcome="win", dead=()):
    page.check(f"input[name=outcome][value={outcome}]")
    for seat, value in enumerate(values):
        page.fill(f"input[name=value_{seat}]", str(value))
    if winner is not None:
        page.select_option("select[name=winner]", str(winner))
    for seat in dead:
        page.check(f"input[name=dead_hand][value='{seat}']")


def preview_cells(page) -> list[str]:
    return [page.inner_text(f"[data-preview-seat='{seat}']") for seat in range(4)]


def totals(page) -> list[int]:
    """The totals as numbers (the page groups thousands, 1,200, as its language writes them)."""
    return [int(page.inner_text(f"#seats .total[data-seat='{seat}']").replace(",", "")) for seat in range(4)]


def test_a_referee_enters_three_hands_sees_the_preview_corrects_and_finds_the_history(live_server, phone):
    table = table_with_players(slug="browser-cup", name="Browser Cup")
    referee_for(table.session.tournament, username="ref")
    page = phone
    page.goto(f"{live_server.url}/login/?next=/referee/table/{table.pk}/")
    page.fill("input[name=username]", "ref")
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))
    assert "Table 1" in page.inner_text("h1")

    # Hand 1: seat 1 wins; the preview settles it before saving (the form's own fields, posted
    # to the referees' preview view, never to the API with a record built in the browser).
    previews = []
    page.on("request", lambda request: request.method == "POST" and previews.append(request))
    enter_classical(page, [20, 300, 40, 0], winner=1)
    page.wait_for_function("document.querySelector(\"[data-preview-seat='1']\").textContent.startsWith('+')")
    previewed = preview_cells(page)
    sent = [r for r in previews if r.url.endswith(f"/referee/table/{table.pk}/preview/")]
    assert sent and not [r for r in previews if "/api/" in r.url]
    assert "value_1=300" in sent[-1].post_data and "csrfmiddlewaretoken=" in sent[-1].post_data
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-1")
    first = Hand.objects.get(table=table, number=1)
    assert [int(v.replace(",", "")) for v in previewed] == first.result["balances"]
    assert totals(page) == first.result["balances"]

    # Hand 2: a dead hand. The preview first refuses a dead winner, next to the winner field.
    enter_classical(page, [100, 0, 60, 500], winner=3, dead=[3])
    page.wait_for_function("document.getElementById('err-winner').textContent.length > 0")
    assert "dead hand" in page.inner_text("#err-winner")
    page.select_option("select[name=winner]", "0")
    page.wait_for_function("document.getElementById('err-winner').textContent.length === 0")
    page.wait_for_function("document.querySelector(\"[data-preview-seat='0']\").textContent.startsWith('+')")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-2")
    second = Hand.objects.get(table=table, number=2)
    assert {"type": "dead_hand", "seat": 3} in second.record["penalties"]
    # the dead hand pays for seat 1 (nothing to the dead hand's 500) and receives nothing
    assert second.result["balances"][1] == 0 and second.result["balances"][3] < 0

    # Hand 3: a draw.
    page.check("input[name=outcome][value=draw]")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-3")
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    expected = [sum(h.result["balances"][seat] for h in hands) for seat in range(4)]
    assert totals(page) == expected
    screenshots = os.environ.get("SCREENSHOT_DIR")
    if screenshots:
        page.screenshot(path=str(Path(screenshots) / "score_sheet_375.png"), full_page=True)

    # Correct the first hand: the form comes pre-filled; the sheet shows the new totals.
    page.click("#hand-1 a:has-text('Edit')")
    page.wait_for_url(re.compile(r"/referee/hand/\d+/edit/$"))
    assert page.input_value("input[name=value_1]") == "300"
    page.fill("input[name=value_1]", "400")
    page.click("#hand-form button[type=submit]")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))
    assert "Hand 1 corrected." in page.inner_text(".messages")
    first.refresh_from_db()
    assert first.record["hand_values"][1] == 400 and first.version == 2
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert totals(page) == [sum(h.result["balances"][seat] for h in hands) for seat in range(4)]

    # The history lists the entry and the correction.
    page.click("#hand-1 a:has-text('History')")
    page.wait_for_url(re.compile(r"/referee/hand/\d+/history/$"))
    history = page.inner_text("ol.history")
    assert "entered" in history and "corrected" in history and "ref" in history


def test_a_visitor_reads_the_standings_and_a_players_page(live_server, browser):
    tournament = TournamentFactory(slug="open-cup", name="Open Cup")
    players = PlayerFactory.create_batch(4)
    for number in (1, 2):
        table = table_with_players(
            session=Session.objects.create(tournament=tournament, number=number), players=players
        )
        for seat, player in enumerate(players):
            GameResult.objects.create(
                table=table,
                tournament=tournament,
                session_number=number,
                player=player,
                seat=seat,
                total=300 - 200 * seat,
                score=Decimal(300 - 200 * seat) * number,
                place=seat + 1,
                table_points=Decimal([4, 2, 1, 0][seat]),
                hands=10,
            )
    for rank, player in enumerate(players, start=1):
        Standing.objects.create(
            tournament=tournament,
            player=player,
            rank=rank,
            games=2,
            table_points=Decimal([8, 4, 2, 0][rank - 1]),
            score=Decimal(900 - 600 * (rank - 1)),
        )
    TournamentFactory(slug="hidden-cup", name="Hidden Cup", published=False)

    context = browser.new_context(viewport={"width": 375, "height": 812}, locale="de-DE", bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/open-cup/standings/")
    assert page.inner_text("h1") == "Tabelle"
    rows = page.locator("table.data tbody tr")
    assert rows.count() == 4
    assert str(players[0]) in rows.nth(0).inner_text()
    page.click(f"text={players[1]}")
    page.wait_for_url(re.compile(rf"/p/{players[1].pk}/$"))
    assert page.inner_text("h1") == str(players[1])
    chart = page.locator("svg.chart")
    assert chart.is_visible()
    assert page.locator("svg.chart circle").count() == 2
    assert "Open Cup" in page.inner_text("main")
    response = page.goto(f"{live_server.url}/t/hidden-cup/")
    assert response.status == 404
    context.close()
