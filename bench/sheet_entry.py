"""Taps, keystrokes and seconds to enter an ordinary hand on the score sheet at 390 px.

Run from the project root:  .venv/bin/python bench/sheet_entry.py [--port 8101]

Builds one table per ruleset in a fresh SQLite file in a temporary folder,
serves the app with ``runserver`` on 127.0.0.1 and drives Debian's Chromium through Playwright
at 390 × 844 px as a referee would: every tap (click, checkbox, select) and every keystroke is
counted, and the seconds are measured from the first tap to the sheet showing the saved hand.
The browser is faster than a person, so a person's time is also estimated with the
keystroke-level model for touch screens (a tap with its pointing 1.1 s, a keystroke on the
numeric keypad 0.35 s, reading the preview once 1.2 s). Nothing is scrolled sideways; vertical
swipes are not counted because the sticky footer keeps the save button in reach.

Each ruleset's hand is entered twice: first on a freshly opened sheet, tapping every field; then as
the next hand, typed as the sheet allows after a save (the first field focused, Enter to the next
number field).

Ordinary hands: riichi-ema — South wins 3 han 30 fu on West's discard, South declared riichi;
dmjl-classical — South wins with 300, the others hold 20, 40 and 0; dmjl-hke — South wins 3 fan on
West's discard; japanese-classic — South wins 30 points 2 doubles on West's discard.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
TEMP = tempfile.TemporaryDirectory()
os.environ["DATABASE_URL"] = f"sqlite:///{pathlib.Path(TEMP.name) / 'bench.sqlite3'}"
os.environ["CELERY_BROKER_URL"] = ""
# Playwright's sync API runs an event loop in this thread; the ORM calls here are plain and sequential.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from league.models import Hand  # noqa: E402
from tests.factories import referee_for, table_with_players  # noqa: E402

TAP_S, KEY_S, READ_S = 1.1, 0.35, 1.2
CHROMIUM = "/usr/bin/chromium"


class Referee:
    """A page whose taps and keystrokes are counted."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.taps += 1

    def type(self, selector: str, text: str) -> None:
        self.tap(selector)
        self.page.keyboard.type(text)
        self.keys += len(text)

    def choose(self, selector: str, value: str) -> None:
        # a native select on a phone: one tap opens the list, one picks the entry
        self.page.select_option(selector, value)
        self.taps += 2

    def keyboard(self, text: str) -> None:
        """Keys into the field that has the focus (no tap): a value, or "\n" for Enter."""
        for key in text:
            self.page.keyboard.press("Enter" if key == "\n" else key)
        self.keys += len(text)


def riichi_hand(r: Referee) -> None:
    r.tap("input[name=win_1]")
    r.type("input[name=han_1]", "3")
    r.type("input[name=fu_1]", "30")
    r.choose("select[name=discarder]", "2")
    r.tap("input[name=riichi][value='1']")


def classical_hand(r: Referee) -> None:
    for seat, value in enumerate(["20", "300", "40", "0"]):
        r.type(f"input[name=value_{seat}]", value)
    r.choose("select[name=winner]", "1")


def hke_hand(r: Referee) -> None:
    r.choose("select[name=winner]", "1")
    r.choose("select[name=discarder]", "2")
    r.type("input[name=fan]", "3")


def japanese_hand(r: Referee) -> None:
    r.choose("select[name=winner]", "1")
    r.choose("select[name=discarder]", "2")
    r.type("input[name=points]", "30")
    r.type("input[name=doubles]", "2")


HANDS = {"riichi-ema": riichi_hand, "dmjl-classical": classical_hand, "dmjl-hke": hke_hand,
         "japanese-classic": japanese_hand}


# The same hands as the next hand, typed the way the sheet now allows: after a save the first field of
# the next hand has the focus, and Enter in a number field goes on to the next field.
def riichi_next(r: Referee) -> None:
    r.tap("input[name=win_1]")
    r.type("input[name=han_1]", "3\n")
    r.keyboard("30")
    r.choose("select[name=discarder]", "2")
    r.tap("input[name=riichi][value='1']")


def classical_next(r: Referee) -> None:
    r.keyboard("20\n300\n40\n0")
    r.choose("select[name=winner]", "1")


def japanese_next(r: Referee) -> None:
    r.choose("select[name=winner]", "1")
    r.choose("select[name=discarder]", "2")
    r.type("input[name=points]", "30\n")
    r.keyboard("2")


NEXT_HANDS = {"riichi-ema": riichi_next, "dmjl-classical": classical_next, "dmjl-hke": hke_hand,
              "japanese-classic": japanese_next}


def server_env() -> dict:
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return dict(env, DEBUG="1")


def wait_for_server(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("the server did not answer within 30 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8101)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    tables = {ruleset: table_with_players(ruleset=ruleset, slug=f"bench-{ruleset}") for ruleset in HANDS}
    for table in tables.values():
        referee_for(table.session.tournament, username="benchref")
    base = f"http://127.0.0.1:{args.port}"
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{args.port}", "--noreload"],
                              cwd=ROOT, env=server_env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        wait_for_server(base + "/")
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", bypass_csp=True)
            page = context.new_page()
            page.goto(base + "/login/")
            page.fill("input[name=username]", "benchref")
            page.fill("input[name=password]", "secret-pass-123")
            page.click("form.login button[type=submit]")
            page.wait_for_url(f"{base}/referee/")
            print(f"{'hand':<16}{'taps':>6}{'keys':>6}{'browser s':>11}{'person s (est.)':>17}{'sideways':>10}")
            for ruleset, enter in HANDS.items():
                table = tables[ruleset]
                page.goto(f"{base}/referee/table/{table.pk}/")
                for number, how, label in ((1, enter, ruleset), (2, NEXT_HANDS[ruleset], "  next hand")):
                    r = Referee(page)
                    started = time.perf_counter()
                    how(r)
                    r.tap("#hand-form button[type=submit]")
                    page.wait_for_selector(f"#hand-{number}")
                    seconds = time.perf_counter() - started
                    assert Hand.objects.filter(table=table).count() == number
                    sideways = "yes" if page.evaluate("document.documentElement.scrollWidth > innerWidth") else "no"
                    person = r.taps * TAP_S + r.keys * KEY_S + READ_S
                    print(f"{label:<16}{r.taps:>6}{r.keys:>6}{seconds:>11.2f}{person:>17.1f}{sideways:>10}")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
