"""Every page at 360 px, in German and in English, passes axe-core (no serious or critical violation),
offers tap targets of at least 24 × 24 CSS px, refers by id (aria-describedby, label for, ...) only to
elements that exist, gives every table header cell a ``scope`` and never scrolls sideways.

axe-core comes with axe-playwright-python (its axe.min.js is injected into the page: no network).
The browser context bypasses the Content-Security-Policy so that axe's script may run; the site's
own behaviour under the policy is tests/faults/test_csp_browser.py's business.

Tap targets (WCAG 2.2, 2.5.8 "Target Size (Minimum)"): every visible link, button, input, select,
textarea and summary is at least 24 × 24 CSS px, with these exceptions, as in the criterion:
- inline: a target laid out inline (computed display ``inline``) inside a block that also holds
  at least two words which are not a target's, i.e. a link within a sentence, whose height is
  bound by the line (a lone "DE" beside the "EN" link is no sentence);
- table-cell text: an inline text link in a table cell at least 24 px wide (a player's name in a
  standings table), whose height is bound by the table's line height. A narrower one (a bare
  session number) is no sentence and must be made a proper target;
- a checkbox or radio button counts together with its label(s), which activate it too.
WCAG's spacing exception is deliberately not used: on a phone at the table, small targets are small.

Django's admin: its index and a change list are checked (static/league/admin.css makes their targets
big enough); its change forms are not yet (Django's own markup: an empty autocomplete (select2)
has no accessible name, tabular inlines' fields and the split date-time widget have no labels).
A target clipped to 1 px or less (select2's hidden original select) is hidden, not a target.

To add a page: append a ``Page`` to ``PAGES`` (a name, who looks at it, and a function from the
``World`` built below to the path); build what it needs in ``world``. Set SCREENSHOTS=<dir> to keep
a screenshot of every page. Every route of league/urls.py is one of the pages' (its path's route, or
the route its ``then`` reaches) or named in ``NOT_PAGES`` with the reason it is no page: a new route
without either fails test_every_page_of_the_site_is_checked_or_named_as_no_page."""

import dataclasses
import datetime
import os
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import caches
from django.test import Client
from django.urls import resolve
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from league.models import (
    AccountClaim,
    AuditEntry,
    Hand,
    PlayerMerge,
    RefereeAssignment,
    Registration,
    Role,
    Signup,
    Standing,
    Table,
    Tournament,
)
from league.services.accounts import claim_token
from league.services.audit import audit_record
from league.services.club import club_session_open, club_table_form
from league.services.confirmations import dispute_open, table_confirm
from league.services.hands import hand_correct, hand_record, table_close, table_reopen
from league.services.rankings import rankings_recompute
from league.services.roles import invitation_token
from league.services.seat_codes import seat_codes_for, shown_code
from league.services.standings import standings_recompute
from league.services.tournaments import tournament_create
from tests.browser.conftest import ARGS, CHROMIUM
from tests.factories import (
    AdminFactory,
    ClubFactory,
    PlayerFactory,
    SeasonFactory,
    SessionFactory,
    TournamentFactory,
    UserFactory,
    referee_for,
    table_with_players,
)
from tests.hand_records import WIN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 800}  # the narrowest of the phones the pages are made for (360–414 px)
LANGUAGES = ["de", "en"]
SHOTS = os.environ.get("SCREENSHOTS")
OTHER_RULESETS = ["dmjl-hke", "riichi-ema", "japanese-classic", "mcr"]


@dataclasses.dataclass
class World:
    """What the pages show: a season with a finished tournament (so that there is a ranking) and a
    running classical one with an open and a closed table and a corrected hand; an open table of each
    other ruleset."""
    tournament: object
    finished: object
    season: object
    player: object
    table: object
    closed: object
    hand: object
    ruleset_tables: dict
    signup: object
    claim_token: str
    players_event: object = None  # entry "players": a disputed table, a reopened one, session 2 not begun
    disputed: object = None
    reopened: object = None
    seat_code: str = ""  # a seat of session 2 of players_event
    invitation: str = ""  # the e-mailed link's token of an invited referee
    reset_path: str = ""  # a valid password-reset link
    club: object = None


@dataclasses.dataclass(frozen=True)
class Page:
    name: str
    who: str  # "public", "player", "referee", "admin" or a seated player of players_event: "max"
    path: Callable[[World], str]
    then: Callable | None = None  # what a visitor does on the page before it is checked (an error state)
    status: int = 200
    reaches: str = ""  # the route whose page ``then`` ends on, when it is not the route of ``path``


def fail_to_save_a_hand(page) -> None:
    for seat, value in enumerate([8, 16, 80, 0]):
        page.fill(f"input[name=value_{seat}]", str(value))
    page.select_option("select[name=winner]", "2")
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#error-summary:not([hidden])")


def submit_an_empty_hand(page) -> None:
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#error-summary:not([hidden])")


def meet_a_correction_conflict(page) -> None:
    """Someone else corrects the hand while this page is open; saving shows both sides."""
    hand = Hand.objects.get(pk=int(page.url.rstrip("/").split("/")[-2]))
    hand_correct(hand=hand, record={**WIN, "hand_values": [20, 576, 4, 200]}, version=hand.version, user=None)
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#conflict")


def open_the_tiles_and_the_fines(page) -> None:
    page.click("[data-tiles-toggle='1']")
    page.wait_for_selector("#tiles-1:not([hidden])")
    page.click("details.fines summary")


def preview_a_draw(page) -> None:
    """Session 1 is still being played: the draw is refused once, then previewed anyway."""
    page.select_option("#draw-method", "random")
    with page.expect_navigation():
        page.click("#draw button[name=preview]")
    page.check("#draw input[name=force]")
    with page.expect_navigation():
        page.click("#draw button[name=preview]")
    page.wait_for_selector("#draw-preview .tables")


def add_a_walk_in_and_draw_an_odd_field(page) -> None:
    """Five checked in and a walk-in: the draw is refused with the count of players missing."""
    for name in ("Adler, Eva", "Berg, Anna", "Kühn, Max", "Weiß, Carla", "Zahn, Leo"):
        page.click(f"button.checkin:has-text('{name}')")
        page.wait_for_selector(f"button.checkin.present:has-text('{name}')")
    page.fill("#walkin-first", "Wanda")
    page.fill("#walkin-last", "Walk-In")
    with page.expect_navigation():
        page.click("#walkin button[type=submit]")
    preview_a_draw_refused = page.locator("#draw input[name=force]")
    page.select_option("#draw-method", "random")
    with page.expect_navigation():
        page.click("#draw button[name=preview]")
    if preview_a_draw_refused.count():
        page.check("#draw input[name=force]")
        with page.expect_navigation():
            page.click("#draw button[name=preview]")
    page.wait_for_selector(".messages .error")
    assert "2" in page.inner_text("#field strong")  # two more are needed


def fail_to_log_in(page) -> None:
    page.fill("input[name=username]", "a11y-referee")
    page.fill("input[name=password]", "not-the-password")
    page.click("form.login button[type=submit]")
    page.wait_for_selector(".err.general")


def submit_empty(page) -> None:
    """A management form sent without its required fields: the error summary and the fields' errors."""
    for field in page.locator("main form[novalidate] input[type=text], main form[novalidate] input[type=date]").all():
        field.fill("")
    with page.expect_navigation():
        page.click("main form[novalidate] button.primary")
    page.wait_for_selector("#error-summary")


def shrink_the_season(page) -> None:
    """New season dates that leave its tournaments outside: the error and the confirmation offered."""
    page.fill("#id_ends_on", "2026-01-31")
    with page.expect_navigation():
        page.click("main form[novalidate] button.primary")
    page.wait_for_selector("#id_confirm_dates")


def preview_players_with_doubts(page) -> None:
    """A probably existing player, a club near an existing one, a new player and a bad line."""
    page.fill("#id_rows", "Ana Berg\tDrachenhort Berlin\nZoe Neumann\tDrachenhort Berln\tDE\n"
                          "Tom Frisch\t\tNL\t\tTeam Nord\tja\nBad Row;;XX")
    with page.expect_navigation():
        page.click("button[value=preview]")
    page.wait_for_selector("fieldset.similar")


def preview_an_import_with_doubts(page) -> None:
    page.set_input_files("#id_file", files=[{"name": "teilnehmer.csv", "mimeType": "text/csv", "buffer": (
        b"Vorname;Nachname;Verein;Land;Mannschaft;Ersatz\nAnna;Berg;Drachenhort Berlin;DE;;\n"
        b"Carla;Weiss;;DE;Nord;\nTom;Frisch;Drachenhort Berln;NL;Nord;ja\n")}])
    with page.expect_navigation():
        page.click("button[value=preview]")
    page.wait_for_selector("fieldset.similar")


def preview_external_results(page) -> None:
    """A corrected file for the season's external tournament: the preview with a matched, a new and a
    wrong row, and the note that importing replaces its results."""
    page.fill("#id_name", "Leiden Open")
    page.fill("#id_starts_on", "2026-04-04")
    page.fill("#id_ends_on", "2026-04-05")
    page.fill("#id_country", "NL")
    page.set_input_files("#id_file", files=[{"name": "results.csv", "mimeType": "text/csv", "buffer": (
        b"Platz;Nachname;Vorname;EMA-Nummer;Land;Tischpunkte;Spielpunkte\n1;Visser;Kees;;NL;4;10\n"
        b"x;Jansen;Piet;;NL;0;-10\n")}])
    with page.expect_navigation():
        page.click("button[value=preview]")
    page.wait_for_selector("#preview-heading")


def claim_with_a_short_password(page) -> None:
    page.fill("input[name=email]", "anna@example.org")
    page.fill("input[name=username]", "anna-berg")
    page.fill("input[name=password]", "short")
    with page.expect_navigation():
        page.click("form.signup button.primary")
    page.wait_for_selector(".field.invalid")


def seat_one_player_twice(page) -> None:
    """The club table's form with one player chosen for two winds: the error summary."""
    options = page.locator("#id_E option").all()
    for wind, index in (("E", 1), ("S", 1), ("W", 2), ("N", 3)):
        page.select_option(f"#id_{wind}", options[index].get_attribute("value"))
    with page.expect_navigation():
        page.click("main form button.primary")
    page.wait_for_selector("#error-summary")


def value_mcr_tiles(page) -> None:
    """The MCR tile panel of East, filled: the points it finds and their explanation."""
    page.click("[data-tiles-toggle='0']")
    panel = page.locator("#tiles-0")
    panel.locator("[data-suit=man]").fill("123456789")
    panel.locator("[data-suit=pin]").fill("111")
    panel.locator("[data-suit=sou]").fill("55")
    panel.locator("[data-flowers]").fill("2")
    panel.locator("[data-win-tile]").fill("5s")
    page.wait_for_selector("#tiles-explain-0 li")


def type_a_wrong_seat_code(page) -> None:
    page.fill("input[name=code]", "AAAA-AAAA")
    with page.expect_navigation():
        page.click("form.login button.primary")
    page.wait_for_selector(".field.invalid, .err")


def go_to_my_table(page) -> None:
    """The code the card's QR code filled in opens the table's score sheet, signed in for the seat."""
    with page.expect_navigation():
        page.click("form.login button.primary")
    page.wait_for_selector("#hand-form")


def accept_with_a_short_password(page) -> None:
    page.fill("input[name=username]", "new-referee")
    page.fill("input[name=password]", "short")
    with page.expect_navigation():
        page.click("main form button.primary")
    page.wait_for_selector(".errorlist")


def accept_the_invitation(page) -> None:
    page.fill("input[name=username]", "new-referee")
    page.fill("input[name=password]", "a-long-enough-pass-4711")
    with page.expect_navigation():
        page.click("main form button.primary")
    page.wait_for_selector("main form", state="detached")


def ask_for_a_reset_link(page) -> None:
    page.fill("input[name=email]", "anna@example.org")
    with page.expect_navigation():
        page.click("form.login button.primary")


def sign_up(page) -> None:
    page.fill("input[name=first_name]", "Nora")
    page.fill("input[name=last_name]", "Neu")
    page.fill("input[name=email]", "nora@example.org")
    page.check("input[name=consent]")
    with page.expect_navigation():
        page.click("form.signup button.primary")


def sign_up_without_consent(page) -> None:
    page.fill("input[name=first_name]", "Nora")
    with page.expect_navigation():
        page.click("form.signup button.primary")
    page.wait_for_selector("#error-summary, .field.invalid")


def preview_a_seating_plan(page) -> None:
    """A plan for session 2 from elsewhere, checked: its report and tables, and the button to use it."""
    page.click("#seating-plan summary")
    page.set_input_files("#plan-file", files=[{"name": "plan.csv", "mimeType": "text/csv", "buffer": (
        "Session;Tisch;Wind;Spieler\n2;1;E;Anna Berg\n2;1;S;Carla Weiß\n2;1;W;Eva Adler\n2;1;N;Ida Šimić\n"
        "2;2;E;Ben Schmidt-Nowakowski\n2;2;S;Dieter Zimmermann\n2;2;W;Max Kühn\n2;2;N;Leo Zahn\n").encode()}])
    page.check("#seating-plan input[name=force]")  # session 1 is still being played
    with page.expect_navigation():
        page.click("#seating-plan button[type=submit]")
    assert page.locator(".messages .error").count() == 0, page.inner_text(".messages")
    page.wait_for_selector("#plan-preview")


def reopen_the_table(page) -> None:
    with page.expect_navigation():
        page.click("form.reopen button")
    page.wait_for_selector("#hand-form")


def swap_two_players(page) -> None:
    page.click("#seating-swap summary")
    options = page.locator("#swap-first option").all()
    page.select_option("#swap-first", options[1].get_attribute("value"))
    page.select_option("#swap-second", options[-1].get_attribute("value"))
    with page.expect_navigation():
        page.click("#seating-swap button[type=submit]")
    page.wait_for_selector(".messages")


PAGES = [
    Page("home", "public", lambda w: "/"),
    Page("login", "public", lambda w: "/login/"),
    Page("login-failed", "public", lambda w: "/login/", then=fail_to_log_in),
    Page("admin-login", "public", lambda w: "/admin/login/"),
    Page("tournament", "public", lambda w: f"/t/{w.tournament.slug}/"),
    Page("finished-tournament", "public", lambda w: f"/t/{w.finished.slug}/"),
    Page("external-tournament", "public", lambda w: "/t/a11y-elsewhere/"),
    Page("standings", "public", lambda w: f"/t/{w.tournament.slug}/standings/"),
    Page("session", "public", lambda w: f"/t/{w.tournament.slug}/session/1/"),
    Page("session-print", "public", lambda w: f"/t/{w.tournament.slug}/session/1/print/"),
    Page("find", "public", lambda w: f"/t/{w.tournament.slug}/find/"),
    Page("find-results", "public", lambda w: f"/t/{w.tournament.slug}/find/?q=Wei"),
    Page("player", "public", lambda w: f"/p/{w.player.pk}/"),
    Page("season", "public", lambda w: w.season.get_absolute_url()),
    Page("screen", "public", lambda w: f"/t/{w.tournament.slug}/screen/"),
    Page("not-found", "public", lambda w: "/t/no-such-tournament/", status=404),
    Page("statistics", "public", lambda w: f"/t/{w.tournament.slug}/statistics/"),
    Page("records", "public", lambda w: f"/t/{w.tournament.slug}/records/"),
    Page("signup", "public", lambda w: f"/t/{w.tournament.slug}/signup/"),
    Page("signup-status", "public", lambda w: f"/signup/{w.signup.token}/"),
    Page("referee-home", "referee", lambda w: "/referee/"),
    Page("sheet-dmjl-classical", "referee", lambda w: f"/referee/table/{w.table.pk}/"),
    *[Page(f"sheet-{ruleset}", "referee", lambda w, r=ruleset: f"/referee/table/{w.ruleset_tables[r].pk}/")
      for ruleset in OTHER_RULESETS],
    Page("sheet-failed-save", "referee", lambda w: f"/referee/table/{w.table.pk}/", then=fail_to_save_a_hand),
    Page("sheet-empty-submit", "referee", lambda w: f"/referee/table/{w.table.pk}/", then=submit_an_empty_hand),
    *[Page(f"sheet-{ruleset}-empty-submit", "referee",
           lambda w, r=ruleset: f"/referee/table/{w.ruleset_tables[r].pk}/", then=submit_an_empty_hand)
      for ruleset in OTHER_RULESETS],
    Page("sheet-tiles-open", "referee", lambda w: f"/referee/table/{w.table.pk}/", then=open_the_tiles_and_the_fines),
    *[Page(f"sheet-{ruleset}-tiles-open", "referee", lambda w, r=ruleset: f"/referee/table/{w.ruleset_tables[r].pk}/",
           then=lambda page: page.click("[data-tiles-toggle='0']")) for ruleset in OTHER_RULESETS],
    Page("hand-edit", "referee", lambda w: f"/referee/hand/{w.hand.pk}/edit/"),
    Page("hand-edit-conflict", "referee", lambda w: f"/referee/hand/{w.hand.pk}/edit/",
         then=meet_a_correction_conflict),
    Page("hand-history", "referee", lambda w: f"/referee/hand/{w.hand.pk}/history/"),
    Page("closed-table", "referee", lambda w: f"/referee/table/{w.closed.pk}/"),
    Page("control", "admin", lambda w: f"/t/{w.tournament.slug}/control/"),
    Page("control-draw-preview", "admin", lambda w: f"/t/{w.tournament.slug}/control/", then=preview_a_draw,
         reaches="tournament-control-action"),
    Page("control-odd-field", "admin", lambda w: f"/t/{w.tournament.slug}/control/",
         then=add_a_walk_in_and_draw_an_odd_field, reaches="tournament-control-action"),
    Page("screen-admin", "admin", lambda w: f"/t/{w.tournament.slug}/screen/"),
    Page("admin-index", "admin", lambda w: "/admin/"),
    Page("admin-players", "admin", lambda w: "/admin/league/player/"),
    Page("exports", "admin", lambda w: f"/t/{w.tournament.slug}/exports/"),
    Page("bulk-players", "admin", lambda w: "/manage/players/bulk/"),
    Page("rule-options", "admin", lambda w: f"/manage/t/{w.tournament.slug}/options/"),
    Page("registration-import", "admin", lambda w: f"/manage/t/{w.tournament.slug}/import/"),
    Page("signups", "admin", lambda w: f"/manage/t/{w.tournament.slug}/signups/"),
    Page("manage", "admin", lambda w: "/manage/"),
    Page("manage-league-new", "admin", lambda w: "/manage/leagues/new/"),
    Page("manage-league-refused", "admin", lambda w: "/manage/leagues/new/", then=submit_empty),
    Page("manage-league", "admin", lambda w: f"/manage/leagues/{w.season.league.slug}/"),
    Page("manage-season-new", "admin", lambda w: f"/manage/seasons/new/?league={w.season.league_id}"),
    Page("manage-season", "admin", lambda w: f"/manage/seasons/{w.season.pk}/"),
    Page("manage-season-outside", "admin", lambda w: f"/manage/seasons/{w.season.pk}/", then=shrink_the_season),
    Page("manage-season-exports", "admin", lambda w: f"/manage/seasons/{w.season.pk}/exports/"),
    Page("manage-clubs", "admin", lambda w: "/manage/clubs/"),
    Page("manage-club-new", "admin", lambda w: "/manage/clubs/new/"),
    Page("manage-tournament-new", "admin", lambda w: f"/manage/t/new/?season={w.season.pk}"),
    Page("manage-tournament-new-refused", "admin", lambda w: "/manage/t/new/", then=submit_empty),
    Page("manage-tournament-setup", "admin", lambda w: f"/manage/t/{w.tournament.slug}/setup/"),
    Page("manage-tournament", "admin", lambda w: f"/manage/t/{w.tournament.slug}/"),
    Page("manage-tournament-finished", "admin", lambda w: f"/manage/t/{w.finished.slug}/"),
    Page("bulk-players-doubts", "admin", lambda w: "/manage/players/bulk/", then=preview_players_with_doubts),
    Page("registration-import-doubts", "admin", lambda w: f"/manage/t/{w.tournament.slug}/import/",
         then=preview_an_import_with_doubts),
    Page("players-merge", "admin", lambda w: "/manage/players/merge/"),
    Page("players-merge-compare", "admin",
         lambda w: f"/manage/players/merge/?keep={w.player.pk}&remove={w.table.seats.first().player_id}"),
    Page("audit-log", "admin", lambda w: "/manage/audit/"),
    Page("manage-season-results", "admin", lambda w: f"/manage/seasons/{w.season.pk}/results/"),
    Page("manage-season-results-preview", "admin", lambda w: f"/manage/seasons/{w.season.pk}/results/",
         then=preview_external_results),
    Page("account-claim", "public", lambda w: f"/account/claim/?player={w.player.pk}"),
    Page("account-claim-refused", "public", lambda w: f"/account/claim/?player={w.player.pk}",
         then=claim_with_a_short_password),
    Page("account-confirm", "public", lambda w: f"/account/confirm/{w.claim_token}/"),
    Page("password-reset", "public", lambda w: "/account/password/reset/"),
    Page("password-reset-done", "public", lambda w: "/account/password/reset/done/"),
    Page("password-reset-old-link", "public", lambda w: "/account/password/reset/MQ/set-password/"),
    Page("password-reset-complete", "public", lambda w: "/account/password/reset/complete/"),
    Page("manage-player", "admin", lambda w: f"/manage/players/{w.player.pk}/"),
    Page("me", "player", lambda w: "/me/"),
    Page("me-erase", "player", lambda w: "/me/erase/"),
    Page("manage-claims", "admin", lambda w: "/manage/claims/"),
    Page("manage-roles", "admin", lambda w: "/manage/roles/"),
    Page("club-event", "admin", lambda w: "/t/a11y-club/"),
    Page("club-event-public", "public", lambda w: "/t/a11y-club/"),
    Page("club-table", "admin", lambda w: "/t/a11y-club/evenings/2/table/"),
    Page("club-table-refused", "admin", lambda w: "/t/a11y-club/evenings/2/table/", then=seat_one_player_twice),
    Page("sheet-mcr-tiles-valued", "referee", lambda w: f"/referee/table/{w.ruleset_tables['mcr'].pk}/",
         then=value_mcr_tiles),
    Page("seat-code", "public", lambda w: "/seat/"),
    Page("seat-code-refused", "public", lambda w: "/seat/", then=type_a_wrong_seat_code),
    Page("seat-code-sheet", "public", lambda w: f"/seat/?code={w.seat_code}", then=go_to_my_table,
         reaches="referee-table"),
    Page("seat-cards", "admin", lambda w: f"/t/{w.players_event.slug}/control/session/2/seat-codes/"),
    Page("control-players", "admin", lambda w: f"/t/{w.players_event.slug}/control/"),
    Page("control-seating-plan-preview", "admin", lambda w: f"/t/{w.tournament.slug}/control/",
         then=preview_a_seating_plan, reaches="tournament-seating-plan"),
    Page("control-seats-swapped", "admin", lambda w: f"/t/{w.players_event.slug}/control/?session=2",
         then=swap_two_players),
    Page("sheet-disputed-player", "player", lambda w: f"/referee/table/{w.disputed.pk}/"),
    Page("sheet-disputed-admin", "admin", lambda w: f"/referee/table/{w.disputed.pk}/"),
    Page("sheet-reconfirm", "max", lambda w: f"/referee/table/{w.reopened.pk}/"),
    Page("sheet-reopened-admin", "admin", lambda w: f"/referee/table/{w.disputed.pk}/", then=reopen_the_table),
    Page("role-invitation", "public", lambda w: f"/account/invitation/{w.invitation}/"),
    Page("role-invitation-refused", "public", lambda w: f"/account/invitation/{w.invitation}/",
         then=accept_with_a_short_password),
    Page("role-invitation-accepted", "public", lambda w: f"/account/invitation/{w.invitation}/",
         then=accept_the_invitation),
    Page("role-invitation-bad-link", "public", lambda w: "/account/invitation/no-such-invitation/", status=404),
    Page("password-reset-sent", "public", lambda w: "/account/password/reset/", then=ask_for_a_reset_link,
         reaches="password-reset-done"),
    Page("password-reset-set", "public", lambda w: w.reset_path),
    Page("manage-club", "admin", lambda w: f"/manage/clubs/{w.club.pk}/"),
    Page("signup-sent", "public", lambda w: f"/t/{w.tournament.slug}/signup/", then=sign_up),
    Page("signup-refused", "public", lambda w: f"/t/{w.tournament.slug}/signup/", then=sign_up_without_consent),
    Page("signup-bad-link", "public", lambda w: "/signup/no-such-sign-up/", status=404),
    Page("forbidden", "referee", lambda w: f"/t/{w.players_event.slug}/control/", status=403),
]

# Tap targets smaller than 24 × 24 CSS px that no exception covers (see the module's docstring).
SMALL_TARGETS = """() => {
  const SELECTOR = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]';
  const targets = Array.from(document.querySelectorAll(SELECTOR));
  const blockOf = (el) => {
    let node = el.parentElement;
    while (node && getComputedStyle(node).display.startsWith('inline')) node = node.parentElement;
    return node;
  };
  const textBeside = (block) => {  // the block's text without the text of the targets in it
    let text = block.textContent;
    for (const target of block.querySelectorAll(SELECTOR)) text = text.replace(target.textContent, ' ');
    return text.match(/[\\p{L}\\p{N}]+/gu) || [];  // its words
  };
  const box = (el) => {
    let r = el.getBoundingClientRect();
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      for (const label of el.labels || []) {
        const l = label.getBoundingClientRect();
        if (!l.width || !l.height) continue;
        [left, top, right, bottom] = [Math.min(left, l.left), Math.min(top, l.top),
                                      Math.max(right, l.right), Math.max(bottom, l.bottom)];
      }
    }
    return {width: right - left, height: bottom - top};
  };
  const small = [];
  for (const el of targets) {
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue;  // hidden, or clipped away
    const {width, height} = box(el);
    if (width >= 24 && height >= 24) continue;
    if (style.display === 'inline') {
      const block = blockOf(el);
      if (block && block.closest('td, th') && width >= 24) continue;
      if (block && !block.closest('td, th') && textBeside(block).length >= 2) continue;
    }
    const text = (el.textContent || el.value || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    small.push(`${el.tagName.toLowerCase()}${el.className ? '.' + el.className : ''} "${text}" `
               + `${Math.round(width)}x${Math.round(height)}`);
  }
  return small;
}"""


# References by id (aria-describedby, aria-labelledby, aria-controls, label for) to no element.
BROKEN_REFERENCES = """() => {
  const broken = [];
  for (const attribute of ['aria-describedby', 'aria-labelledby', 'aria-controls', 'for']) {
    for (const el of document.querySelectorAll(`[${attribute}]`)) {
      for (const id of el.getAttribute(attribute).split(/\\s+/).filter(Boolean)) {
        if (!document.getElementById(id)) broken.push(`${el.tagName.toLowerCase()}[${attribute}="${id}"]`);
      }
    }
  }
  return broken;
}"""

# The innermost elements reaching past the viewport's right edge (what makes a page scroll sideways).
BEYOND_THE_EDGE = """() => {
  const beyond = (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
  return Array.from(document.querySelectorAll('body *'))
    .filter(el => beyond(el) && !Array.from(el.children).some(beyond)).slice(0, 6)
    .map(el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className ? '.' + el.className : ''));
}"""

UNSCOPED_HEADERS = "Array.from(document.querySelectorAll('th:not([scope])'), th => th.textContent.trim())"


@pytest.fixture(scope="module")
def chromium(django_db_setup, live_server):
    """One browser for the module (a launch per page would cost more than the page). Playwright's
    event loop runs in this thread from here on, so the ORM must be allowed beside it until the end."""
    sync_api = pytest.importorskip("playwright.sync_api")
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def world() -> World:
    for cache in settings.CACHES:  # the pages' cache outlives the previous test's rows
        caches[cache].clear()
    season = SeasonFactory(league__slug="dmjl", name="2026")
    tournament = TournamentFactory(slug="a11y-cup", name="Barrierefrei-Pokal", season=season, session_count=3,
                                   registration_open=True, registration_limit=20)
    signup = Signup.objects.create(tournament=tournament, first_name="Eva", last_name="Muster",
                                   email="eva@example.org", token="a11y-status-page-token")
    club = ClubFactory(name="Drachenhort Berlin")
    players = [PlayerFactory(first_name=first, last_name=last, club=club) for first, last in
               [("Anna", "Berg"), ("Ben", "Schmidt-Nowakowski"), ("Carla", "Weiß"), ("Dieter", "Zimmermann"),
                ("Eva", "Adler"), ("Max", "Kühn"), ("Ida", "Šimić"), ("Leo", "Zahn")]]
    players[0].ema_id = "04990077"
    players[0].save(update_fields=["ema_id"])
    Signup.objects.create(tournament=tournament, first_name="Anne", last_name="Bergmann", email="anne@example.org",
                          ema_id="04990077", status=Signup.Status.PENDING, token="a11y-matching-sign-up")  # a match
    session = SessionFactory(tournament=tournament, number=1)
    table = table_with_players(session=session, number=1, players=players[:4])
    closed = table_with_players(session=session, number=2, players=players[4:])
    referee = referee_for(tournament, username="a11y-referee")
    hand = hand_record(table=table, record=WIN, user=referee)
    hand_record(table=table, record={"outcome": "draw"}, user=referee)
    hand_correct(hand=hand, record={**WIN, "hand_values": [20, 576, 128, 4], "winner": 2}, version=1,
                 user=referee)
    hand = Hand.objects.get(pk=hand.pk)
    hand_record(table=closed, record=WIN, user=referee)
    table_close(table=closed, user=referee)
    standings_recompute(tournament=tournament)
    finished = TournamentFactory(slug="a11y-spring", name="Frühjahrsturnier", season=season, session_count=1,
                                 status=Tournament.Status.FINISHED, starts_on=datetime.date(2026, 3, 7),
                                 ends_on=datetime.date(2026, 3, 7))
    spring = table_with_players(session=SessionFactory(tournament=finished, number=1), players=players[2:6])
    hand_record(table=spring, record=WIN, user=None)
    table_close(table=spring, user=None)
    standings_recompute(tournament=finished)
    elsewhere = TournamentFactory(slug="a11y-elsewhere", name="Leiden Open", season=season, session_count=1,
                                  kind=Tournament.Kind.EXTERNAL, status=Tournament.Status.FINISHED, place="NL",
                                  starts_on=datetime.date(2026, 4, 4), ends_on=datetime.date(2026, 4, 5))
    for rank, player in enumerate(players[:4], start=1):  # results from elsewhere: standings only
        Standing.objects.create(tournament=elsewhere, player=player, rank=rank, table_points=4 - rank, score=0,
                                games=0)
    rankings_recompute(season=season)
    club_event = tournament_create(data={"slug": "a11y-club", "name": "Donnerstagsrunde", "ruleset": "dmjl-classical",
                                         "starts_on": datetime.date(2026, 1, 1), "ends_on": datetime.date(2026, 12, 31),
                                         "published": True, "kind": Tournament.Kind.CLUB})
    for player in players:
        Registration.objects.create(tournament=club_event, player=player)
    club_session_open(tournament=club_event)
    club_table_form(tournament=club_event, number=1, seats=[p.pk for p in players[:4]], user=referee_for(club_event))
    club_session_open(tournament=club_event)  # evening 2: the four others are free
    ruleset_tables = {}
    for ruleset in OTHER_RULESETS:
        other = table_with_players(ruleset=ruleset, slug=f"a11y-{ruleset}", name=f"A11y {ruleset}")
        RefereeAssignment.objects.create(tournament=other.session.tournament, user=referee)
        ruleset_tables[ruleset] = other
    admin = AdminFactory(username="a11y-admin")
    PlayerMerge.objects.create(kept=players[0], removed_id=10**6, removed={"first_name": "Anna", "last_name": "Berg",
                                                                           "ema_id": "04990001"}, moved={"seat": 1})
    audit_record(user=admin, action=AuditEntry.Action.DELETE, obj=ClubFactory(name="Aufgelöster Verein"))
    players[0].user = UserFactory(username="a11y-player")  # Anna, at the open table: her Me page
    players[0].save(update_fields=["user"])
    claim = AccountClaim.objects.create(player=players[1], user=UserFactory(username="a11y-claim", is_active=False),
                                        email="ben@example.org", status=AccountClaim.Status.PENDING)
    players_event, disputed, reopened, seat_code = players_at_the_tables(season, players, admin)
    invited = Role.objects.create(role=Role.Kind.REFEREE, tournament=tournament, email="new-referee@example.org",
                                  status=Role.Status.INVITED, created_by=admin)
    anna = players[0].user
    anna.email = "anna@example.org"
    anna.save(update_fields=["email"])
    reset_path = (f"/account/password/reset/{urlsafe_base64_encode(force_bytes(anna.pk))}/"
                  f"{default_token_generator.make_token(anna)}/")
    return World(tournament=tournament, finished=finished, season=season, player=players[4],
                 table=Table.objects.get(pk=table.pk), closed=closed, hand=hand, ruleset_tables=ruleset_tables,
                 signup=signup, claim_token=claim_token(claim), players_event=players_event, disputed=disputed,
                 reopened=reopened, seat_code=seat_code, invitation=invitation_token(invited),
                 reset_path=reset_path, club=club)


def players_at_the_tables(season, players, admin) -> tuple:
    """A tournament whose players enter and confirm their tables (option ``entry`` "players"):
    in session 1 table 1 closed and disputed by Carla, table 2 corrected after closing and closed
    again (its players confirm anew); session 2 drawn, not begun, with its seat codes."""
    event = TournamentFactory(slug="a11y-players", name="Spieler-Pokal", season=season, session_count=2,
                              options={"entry": "players"})
    first = SessionFactory(tournament=event, number=1)
    disputed = table_with_players(session=first, number=1, players=players[:4])
    reopened = table_with_players(session=first, number=2, players=players[4:])
    for player, username in ((players[2], "a11y-carla"), (players[5], "a11y-max")):
        player.user = UserFactory(username=username)
        player.save(update_fields=["user"])
    for table in (disputed, reopened):
        hand_record(table=table, record=WIN, user=None)
        table_close(table=table, user=None)
    table_confirm(table=disputed, user=players[2].user)
    dispute_open(table=disputed, user=players[2].user, message="Hand 1 war selbst gezogen.")
    table_reopen(table=reopened, user=admin)
    table_close(table=Table.objects.get(pk=reopened.pk), user=admin)
    second = SessionFactory(tournament=event, number=2)
    table_with_players(session=second, number=1, players=players[0::2])
    table_with_players(session=second, number=2, players=players[1::2])
    codes = seat_codes_for(session=second)
    return event, Table.objects.get(pk=disputed.pk), Table.objects.get(pk=reopened.pk), shown_code(codes[1].code)


def logged_in_cookie(username: str, base: str) -> dict:
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
            "url": base}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page_spec", PAGES, ids=[p.name for p in PAGES])
def test_the_page_is_accessible_on_a_phone(live_server, chromium, world, page_spec, language):
    from axe_playwright_python.sync_playwright import Axe

    base = live_server.url
    context = chromium.new_context(viewport=PHONE, locale="de-DE" if language == "de" else "en-GB",
                                   device_scale_factor=1, bypass_csp=True)
    cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
    if page_spec.who != "public":
        cookies.append(logged_in_cookie({"referee": "a11y-referee", "admin": "a11y-admin", "player": "a11y-player",
                                         "max": "a11y-max"}[page_spec.who], base))
    context.add_cookies(cookies)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        response = page.goto(base + page_spec.path(world))
        assert response.status == page_spec.status, (page_spec.name, response.status, page.url)
        if page_spec.then:
            page_spec.then(page)
        if page_spec.reaches:
            assert route_of(page.url) == page_spec.reaches, (page_spec.name, page.url)
        assert page.evaluate("document.documentElement.lang") == language
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS) / f"{page_spec.name}-{language}.png"), full_page=True)

        results = Axe().run(page)
        problems = [
            f"axe {v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(" ".join(node["target"]) if isinstance(node["target"], list) else str(node["target"])
                        for node in v["nodes"][:6])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")
        ]
        problems += [f"tap target under 24 × 24 px: {target}" for target in page.evaluate(SMALL_TARGETS)]
        problems += [f"refers to no element: {ref}" for ref in page.evaluate(BROKEN_REFERENCES)]
        if not page_spec.path(world).startswith("/admin/"):  # Django's change lists give row headers no scope
            problems += [f"table header without scope: {text!r}" for text in
                         page.evaluate(UNSCOPED_HEADERS)]
        width, viewport = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if width > viewport:
            problems.append(f"scrolls sideways: {width} px wide in a {viewport} px viewport, beyond it: "
                            + ", ".join(page.evaluate(BEYOND_THE_EDGE)))
        assert problems == [], f"{page_spec.name} ({language}):\n" + "\n".join(problems)
    finally:
        context.close()


def route_of(url: str) -> str:
    return resolve(urlsplit(url).path).url_name


# The site's routes that are no page of their own to check, and why.
NOT_PAGES = {
    "tournament-live": "an HTML fragment the tournament's pages fetch into themselves (checked within them)",
    "tournament-control-part": "an HTML fragment the control room fetches into itself (checked within it)",
    "tournament-screen-part": "an HTML fragment the projector fetches into itself (checked within it)",
    "tournament-seating-swap": "POST only: back to the control room with a message (control-seats-swapped)",
    "club-evening-open": "POST only: back to the club event's page",
    "language": "sets the language and redirects back",
    "logout": "logs out and redirects",
    "manage-tournament-step": "POST only: back to the tournament's management page",
    "manage-tournament-registrations": "POST only: back to the tournament's management page",
    "referee-service-worker": "JavaScript",
    "favicon": "an icon",
    "referee-table-preview": "POST only, answers JSON (the sheet's live preview)",
    "referee-hand-edit-preview": "POST only, answers JSON (the correction's preview)",
    "referee-table-state": "JSON (the sheet asks whether another phone saved a hand)",
    "referee-hand-delete": "POST only: back to the score sheet",
    "referee-table-confirm": "POST only: back to the score sheet",
    "referee-table-dispute": "POST only: back to the score sheet",
    "referee-table-reopen": "POST only: back to the score sheet (sheet-reopened-admin)",
    "referee-table-close": "POST only: back to the score sheet",
}


def test_every_page_of_the_site_is_checked_or_named_as_no_page(world):
    """A route added to league/urls.py without a page in PAGES (or a reason in NOT_PAGES) fails here."""
    from league import urls

    routes = {pattern.name for pattern in urls.urlpatterns}
    checked = {route_of(page.path(world)) for page in PAGES} | {page.reaches for page in PAGES if page.reaches}
    assert routes - checked - NOT_PAGES.keys() == set(), "routes without an accessibility check"
    assert checked & NOT_PAGES.keys() == set(), "checked routes still named as no page"
    assert NOT_PAGES.keys() - routes == set(), "NOT_PAGES names routes that no longer exist"
