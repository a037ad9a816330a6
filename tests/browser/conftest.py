"""Playwright driving Debian's Chromium (never a downloaded browser): the launch and a phone-sized page."""
import os
from pathlib import Path

import pytest
from django.db import connections

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(autouse=True)
def _orm_beside_the_event_loop():
    """Playwright's sync API runs an event loop in this thread; Django's ORM must still be usable here.
    Set only while these tests run, so that other tests (``check --deploy``) do not inherit it."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()
        # The ORM used beside Playwright's loop opens connections of its own, which the test
        # database's teardown would find still open (PostgreSQL refuses to drop it then).
        connections.close_all()


@pytest.fixture
def phone(browser):
    # bypass_csp: the tests' own page.wait_for_function(...) evaluates strings, which the site's
    # Content-Security-Policy forbids; tests/faults/test_csp_browser.py drives the pages under it.
    context = browser.new_context(viewport={"width": 375, "height": 812}, locale="en-GB", device_scale_factor=1,
                                  bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
