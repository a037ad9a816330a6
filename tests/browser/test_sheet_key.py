"""The score sheet and a key the server has bound to another hand (Playwright on Chromium at
390 px): the refusal is shown, nothing is stored, and saving again sends the hand with a new key."""
import pytest

from league.services.hands import hand_record
from tests.browser.test_sheet_hall import SAVE, enter_win, hands, open_sheet, referee, table  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_hand_sent_with_a_key_bound_to_another_hand_is_refused_and_saved_with_a_fresh_key(
        live_server, browser, table, referee):  # noqa: F811
    hand_record(table=table, record={"outcome": "draw"}, user=referee, idempotency_key="k91")
    context, page = open_sheet(browser, live_server, table)
    page.evaluate("document.querySelector('#hand-form input[name=key]').value = 'k91'")
    enter_win(page)
    page.click(SAVE)
    page.wait_for_function("document.querySelector('#hand-form input[name=key]').value !== 'k91'")
    assert "another request" in page.inner_text("body")
    assert len(hands(table)) == 1
    page.click(SAVE)
    page.wait_for_selector("#hand-2")
    assert [h.record["outcome"] for h in hands(table)] == ["draw", "win"]
    context.close()
