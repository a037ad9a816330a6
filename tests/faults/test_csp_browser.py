"""Finding 12 in a real browser: the score sheet, with its preview and tile entry, works under the
site's Content-Security-Policy (no 'unsafe-inline', no eval) without a single violation."""
import re

import pytest

from league.models import Hand
from tests.browser.conftest import _orm_beside_the_event_loop, browser  # noqa: F401 (the browser tests' fixtures)
from tests.factories import referee_for, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_score_sheet_runs_under_the_policy_without_violations(live_server, browser):  # noqa: F811
    table = table_with_players(slug="csp-cup", name="CSP Cup")
    referee_for(table.session.tournament, username="ref")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(10_000)
    violations = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.goto(f"{live_server.url}/login/?next=/referee/table/{table.pk}/")
    page.fill("input[name=username]", "ref")
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(rf"/referee/table/{table.pk}/$"))
    page.click("[data-tiles-toggle='0']")
    page.fill("#tiles-input-0", "b3B3B3b3 wewewe RDbDbDbS1S1S1S2S2 LS2S2S2")
    page.locator("input[name=value_0]:not([value=''])").wait_for(state="attached")
    page.wait_for_timeout(1500)  # the valuation's answer and the preview arrive
    assert page.input_value("input[name=value_0]") != ""
    assert violations == []
    context.close()
    assert not Hand.objects.exists()  # nothing stored by looking
