"""Tile entry on the score sheet in a real browser: Kajongg notation and the tile picker fill a
classical seat's hand value (and the winner's special hand); man/pin/sou/honours strings fill a
riichi winner's han and fu; a Hongkong winner's tiles fill fan, winner and way of winning; a
japanese-classic winner's tiles fill points and doubles. All go through POST /api/v1/handvalue/
(docs/rules.md §9)."""

import os
import re
from pathlib import Path

import pytest

from league.models import Hand
from scoring.handvalue import value_record
from tests.factories import referee_for, table_with_players
from tests.handvalue_vectors import handvalue_cases

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

# Kajongg scoringtest "kaj-51" (Classical Chinese DMJL), East in an East round, upper limit 500:
# 60 points and 5 doubles, 1920 cut to the limit of 500 (with the default limit of 5000: 1920),
# with Kajongg's table (the tournament chooses it; the default is the Chemnitz table).
KAJ_51 = "b3B3B3b3 wewewe RDbDbDbS1S1S1S2S2 LS2S2S2"
KAJ_51_VALUE = 500


def login_to_sheet(page, live_server, table):
    page.goto(f"{live_server.url}/login/?next=/referee/table/{table.pk}/")
    page.fill("input[name=username]", "ref")
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))


def sheet(live_server, page, **table_fields):
    """A new table (``table_with_players(**table_fields)``) whose referee "ref" is logged in on
    ``page`` at its score sheet."""
    table = table_with_players(**table_fields)
    referee_for(table.session.tournament, username="ref")
    login_to_sheet(page, live_server, table)
    return table


def fill_tiles(panel, **suits: str) -> None:
    """Type each suit's tiles (``man="234"``) into a riichi-shaped tile panel, in the order given."""
    for suit, tiles in suits.items():
        panel.locator(f"[data-suit={suit}]").fill(tiles)


def screenshot(page, name: str) -> None:
    """The whole page as ``name`` in SCREENSHOT_DIR, when that is set."""
    screenshots = os.environ.get("SCREENSHOT_DIR")
    if screenshots:
        page.screenshot(path=str(Path(screenshots) / name), full_page=True)


def test_the_vector_used_here_is_the_public_one():
    for case in handvalue_cases():
        if case["hand"].get("id") == "kaj-51":
            hand = case["hand"]
            assert hand["tiles"] == KAJ_51 and hand["seat_wind"] == hand["prevailing_wind"] == "E"
            assert hand["options"] == {"upper_limit": 500, "table": "kajongg"}
            assert case["expect"]["value"] == KAJ_51_VALUE and case["expect"]["won"] is True
            return
    pytest.fail("kaj-51 is not among the public vectors")


def test_classical_tiles_fill_the_value_and_the_picker_writes_notation(live_server, phone):
    page = phone
    table = sheet(live_server, page, slug="tile-cup", name="Tile Cup", options={"upper_limit": 500, "table": "kajongg"})

    # Seat 0 is East (the first dealer) in the East round: type kaj-51's notation.
    page.click("[data-tiles-toggle='0']")
    assert page.is_visible("#tile-picker")
    page.fill("#tiles-input-0", KAJ_51)
    page.wait_for_function("document.querySelector('input[name=value_0]').value !== ''")
    assert page.input_value("input[name=value_0]") == str(KAJ_51_VALUE)
    assert "Mah-Jongg" in page.inner_text("#tiles-sum-0")
    explain = page.inner_text("#tiles-explain-0")
    assert "Standard Mah Jongg: 20 points" in explain and "No Chow: 1 double" in explain
    # a complete Mah-Jongg preselects the winner
    assert page.input_value("select[name=winner]") == "0"

    # A typing error is shown next to the tiles, with its position; the value stays.
    page.fill("#tiles-input-0", "b3B3B3b3 wxwe")
    page.wait_for_function("document.getElementById('tiles-err-0').textContent.length > 0")
    assert "position 10" in page.inner_text("#tiles-err-0") and "wxwe" in page.inner_text("#tiles-err-0")
    assert page.input_value("input[name=value_0]") == str(KAJ_51_VALUE)
    page.fill("#tiles-input-0", KAJ_51)
    page.wait_for_function("document.getElementById('tiles-err-0').textContent === ''")

    # Seat 2 with the picker: a concealed pung of 1 dots, then an exposed pung of 2 bamboo.
    page.click("[data-tiles-toggle='2']")
    assert page.is_hidden("#tiles-0") and page.is_visible("#tiles-2")
    picker = page.locator("#tiles-2 #tile-picker")
    picker.locator("[data-picker-mode=concealed]").click()
    for _ in range(3):
        picker.locator("[data-tile=s1]").click()
    picker.locator("[data-picker-action=meld]").click()
    picker.locator("[data-picker-mode=exposed]").click()
    for _ in range(3):
        picker.locator("[data-tile=b2]").click()
    picker.locator("[data-tile=fe]").click()
    assert page.input_value("#tiles-input-2") == "S1S1S1 b2b2b2 fe"
    picker.locator("[data-picker-action=undo]").click()
    assert page.input_value("#tiles-input-2") == "S1S1S1 b2b2b2 "
    # 8 (concealed pung of terminals) + 2 (exposed pung)
    page.wait_for_function("document.querySelector('input[name=value_2]').value === '10'")
    assert "Concealed Pung of Terminals" in page.inner_text("#tiles-explain-2")

    screenshots = os.environ.get("SCREENSHOT_DIR")
    if screenshots:
        page.locator("#tiles-2").screenshot(path=str(Path(screenshots) / "tile_picker_375.png"))
        page.screenshot(path=str(Path(screenshots) / "tile_sheet_375.png"), full_page=True)

    # The filled-in values drive the live preview; the sheet saves them as usual (the tile inputs
    # are not posted).
    def final_preview(response):
        return response.url.endswith("/preview/") and "value_3=0" in (response.request.post_data or "")

    with page.expect_response(final_preview) as answer:
        page.fill("input[name=value_1]", "0")
        page.fill("input[name=value_3]", "0")
    balances = answer.value.json()["result"]["balances"]
    shown = [f"+{b:,}" if b > 0 else f"{b:,}" for b in balances]  # grouped as the page's language does
    page.wait_for_function(
        "shown => shown.every((text, seat) =>"
        " document.querySelector(`[data-preview-seat='${seat}']`).textContent === text)",
        arg=shown,
    )
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-1")
    hand = Hand.objects.get(table=table, number=1)
    assert balances == hand.result["balances"]
    assert hand.record["hand_values"] == [KAJ_51_VALUE, 0, 10, 0]
    assert hand.record["winner"] == 0


def test_riichi_tiles_fill_han_and_fu(live_server, phone):
    page = phone
    sheet(live_server, page, slug="riichi-tiles", name="Riichi Tiles", ruleset="riichi-ema")

    # Seat 1 is South in the East round; it declared riichi and wins on a discard.
    page.check("input[name=riichi][value='1']")
    page.click("[data-tiles-toggle='1']")
    panel = page.locator("#tiles-1")
    fill_tiles(panel, man="234", pin="55", sou="456789", honors="111")
    panel.locator("[data-dora]").fill("1m")
    panel.locator("[data-win-tile]").fill("5p")
    # riichi, the round wind (East pung) and one dora (2m): 3 han, 40 fu
    page.wait_for_function("document.querySelector('input[name=han_1]').value === '3'")
    assert page.input_value("input[name=fu_1]") == "40"
    assert page.is_checked("input[name=win_1]")
    assert not page.is_checked("input[name=yakuman_1]")
    # the filled-in winner is settled by the live preview once the discarder is known
    page.select_option("select[name=discarder]", "3")
    page.wait_for_function("document.querySelector(\"[data-preview-seat='1']\").textContent.startsWith('+')")
    assert page.inner_text("[data-preview-seat='3']").startswith("-")
    yaku = page.inner_text("#tiles-explain-1")
    assert "Riichi" in yaku and "Dora" in yaku

    # Without riichi, a pung of South is no yaku for West in an East round: the error shows.
    page.click("[data-tiles-toggle='2']")
    other = page.locator("#tiles-2")
    fill_tiles(other, man="234", pin="55", sou="456789", honors="222")
    other.locator("[data-win-tile]").fill("5p")
    page.wait_for_function("document.getElementById('tiles-err-2').textContent.length > 0")
    assert "no yaku" in page.inner_text("#tiles-err-2")
    assert page.input_value("input[name=han_2]") == ""

    # A yakuman (thirteen orphans) ticks the yakuman box instead of han and fu.
    fill_tiles(other, man="19", pin="19", sou="19", honors="12345677")
    other.locator("[data-win-tile]").fill("7z")
    page.wait_for_function("document.querySelector('input[name=yakuman_2]').checked")
    assert page.input_value("input[name=han_2]") == ""
    assert page.is_checked("input[name=win_2]")
    screenshot(page, "tile_riichi_375.png")


def test_a_classical_special_hand_fills_the_limit_hand(live_server, phone):
    page = phone
    sheet(live_server, page, slug="snake-cup", name="Snake Cup")
    # South (seat 1) holds the winding snake of characters, the Chemnitz table's full limit.
    page.click("[data-tiles-toggle='1']")
    page.fill("#tiles-input-1", "RC1C1C1C3C3C3C5C5C5C7C7C7C9C9 LC9")
    page.wait_for_function("document.querySelector('input[name=value_1]').value === '5000'")
    assert page.input_value("select[name=winner]") == "1"
    assert page.input_value("select[name=limit_hand]") == "full"
    assert "Winding Snake" in page.inner_text("#tiles-explain-1")


def test_hongkong_tiles_fill_fan_winner_and_the_way_of_winning(live_server, phone):
    page = phone
    table = sheet(live_server, page, slug="hke-tiles", name="HKE Tiles", ruleset="dmjl-hke")
    # South (seat 1) holds public vector hke-pub-2 without its m part: the form's "Win" counts.
    page.click("[data-tiles-toggle='1']")
    assert page.is_visible("#tiles-1 #tile-picker")
    page.fill("#tiles-input-1", "RB2B3B4B5B6B7C4C4C4S6S7S8S9S9 fs LS8")
    page.wait_for_function("document.querySelector('input[name=fan]').value === '1'")  # seat flower
    page.check("input[name=win_type][value=self_draw]")
    page.wait_for_function("document.querySelector('input[name=fan]').value === '2'")  # + self-draw
    # with the m part typed, the m part sets "Win"
    page.check("input[name=win_type][value=discard]")
    page.fill("#tiles-input-1", "RB2B3B4B5B6B7C4C4C4S6S7S8S9S9 fs mw LS8")
    page.wait_for_function("document.querySelector('input[name=win_type][value=self_draw]').checked")
    assert page.input_value("select[name=winner]") == "1"
    assert page.is_checked("input[name=win_type][value=self_draw]")
    assert not page.is_checked("input[name=limit_hand]")
    assert "Seat Flower: 1 fan" in page.inner_text("#tiles-explain-1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    # Big three dragons on a discard: a limit hand, no fan.
    page.fill("#tiles-input-1", "dbdbdb dgdgdg drdrdr c1c2c3 RS2S2 md Ls2")
    page.wait_for_function("document.querySelector('input[name=limit_hand]').checked")
    assert page.input_value("input[name=fan]") == ""
    assert page.is_checked("input[name=win_type][value=discard]")

    # Tiles that are no Mah-Jongg say so and change nothing.
    page.fill("#tiles-input-1", "dbdbdb c1c2c3")
    page.wait_for_function("document.getElementById('tiles-sum-1').textContent.includes('not a complete')")
    assert page.is_checked("input[name=limit_hand]")

    # The filled-in form saves as usual.
    page.fill("#tiles-input-1", "RB2B3B4B5B6B7C4C4C4S6S7S8S9S9 fs mw LS8")
    page.wait_for_function("document.querySelector('input[name=fan]').value === '2'")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-1")
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.record["winner"], hand.record["fan"], hand.record["win_type"]) == (1, 2, "self_draw")
    screenshot(page, "tile_hke_375.png")


def test_japanese_classic_tiles_fill_points_doubles_and_winner(live_server, phone):
    page = phone
    sheet(live_server, page, slug="jc-tiles", name="JC Tiles", ruleset="japanese-classic")
    # South (seat 1) declared riichi and wins on a discard (public vector jc-pub-1): 34 points, 1 double.
    page.check("input[name=riichi][value='1']")
    page.click("[data-tiles-toggle='1']")
    panel = page.locator("#tiles-1")
    fill_tiles(panel, man="23499", pin="666", sou="345678")
    panel.locator("[data-win-tile]").fill("3s")
    page.wait_for_function("document.querySelector('input[name=points]').value === '34'")
    assert page.input_value("input[name=doubles]") == "1"
    assert page.input_value("select[name=winner]") == "1"
    assert "Riichi: 1 double" in page.inner_text("#tiles-explain-1")
    # Self-drawn instead: the open panel is valued again (concealed self-drawn hand, no 10 points).
    page.check("input[name=win_type][value=self_draw]")
    page.wait_for_function("document.querySelector('input[name=doubles]').value === '2'")
    assert page.input_value("input[name=points]") == "26"
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "tile_japanese_375.png")


def test_the_pickers_last_tile_then_a_tile_adds_that_tile_as_the_winning_one_at_390_px(live_server, phone):
    # Issue 42, item 1: "… b9, Letzter Stein, b9" adds b9 to the hand and marks it as the tile that
    # completed the pair: East's own and prevailing wind pung (4 points, 3 doubles), concealed pung of
    # terminals (8), exposed pung of simples (2), only possible tile (10): 44 points, 3 doubles, 352.
    table = table_with_players(slug="last-tile-cup", name="Last Tile Cup")
    referee_for(table.session.tournament, username="ref")
    page = phone
    page.set_viewport_size({"width": 390, "height": 844})
    login_to_sheet(page, live_server, table)
    page.click("[data-tiles-toggle='0']")
    picker = page.locator("#tiles-0 #tile-picker")

    def tap(*codes):
        for code in codes:
            picker.locator(f"[data-tile={code}]").click()

    picker.locator("[data-picker-mode=exposed]").click()
    tap("we", "we", "we")
    picker.locator("[data-picker-mode=concealed]").click()
    tap("s1", "s1", "s1")
    picker.locator("[data-picker-mode=exposed]").click()
    tap("s4", "s4", "s4")
    picker.locator("[data-picker-mode=concealed]").click()
    tap("b7", "b8", "b9")
    picker.locator("[data-picker-action=meld]").click()
    tap("b9")
    picker.locator("[data-picker-last]").click()
    tap("b9")
    assert page.input_value("#tiles-input-0") == "wewewe S1S1S1 s4s4s4 B7B8B9 B9B9 LB9B9B9"
    assert picker.locator("[data-picker-last]").get_attribute("aria-pressed") == "false"
    # every tap is valued (partial hands too): wait for the answer to the whole hand
    page.wait_for_function("document.querySelector('input[name=value_0]').value === '352'")
    page.wait_for_function("document.getElementById('tiles-sum-0').textContent.includes('Mah-Jongg')")
    summary = page.inner_text("#tiles-sum-0")
    assert "Mah-Jongg" in summary and "44" in summary and "3" in summary
    assert page.input_value("select[name=winner]") == "0"
    # Undo takes back the last tile and its mark together.
    picker.locator("[data-picker-action=undo]").click()
    assert page.input_value("#tiles-input-0") == "wewewe S1S1S1 s4s4s4 B7B8B9 B9"
def test_mcr_tiles_fill_points_flowers_and_winner_and_the_hand_is_stored(live_server, phone):
    page = phone
    table = sheet(live_server, page, slug="mcr-tiles", name="MCR Tiles", ruleset="mcr")
    # West (seat 2) wins a pure straight on North's discard with two flowers (docs/rules.md §9, mcr).
    hand = {"ruleset": "mcr", "tiles": {"man": "123456789", "pin": "111", "sou": "55"}, "win_tile": "5s",
            "flowers": 2, "situation": {"seat_wind": "W", "round_wind": "E"}}
    discard = value_record(hand)["points"]
    drawn = value_record({**hand, "situation": {**hand["situation"], "self_drawn": True}})["points"]
    page.click("[data-tiles-toggle='2']")
    panel = page.locator("#tiles-2")
    fill_tiles(panel, man="123456789", pin="111", sou="55")
    panel.locator("[data-flowers]").fill("2")
    panel.locator("[data-win-tile]").fill("5s")
    page.wait_for_function(f"document.querySelector('input[name=points]').value === '{discard}'")
    assert page.input_value("input[name=flowers]") == "2"
    assert page.input_value("select[name=winner]") == "2"
    assert "Pure Straight: 16 points" in page.inner_text("#tiles-explain-2")
    page.check("input[name=win_type][value=self_draw]")
    page.wait_for_function(f"document.querySelector('input[name=points]').value === '{drawn}'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-1")
    stored = Hand.objects.get(table=table)
    result = stored.result
    assert result["balances"][2] == 3 * (8 + drawn) and sum(result["balances"]) == 0
    # the elements the tiles were valued with are kept for the statistics (docs/rules.md §6a)
    elements = stored.record["elements"]
    assert "Pure Straight" in {e["name"] for e in elements}
    assert sum(e["points"] * e["count"] for e in elements) == drawn
