"""League administration in a real browser: bulk entry of players on a phone."""
import re

import pytest

from league.models import Player, Registration
from tests.factories import AdminFactory, TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, username: str, next_url: str) -> None:
    page.goto(f"{live_server.url}/login/?next={next_url}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass-123")
    page.click("form.login button[type=submit]")
    page.wait_for_url(re.compile(re.escape(next_url) + "$"))


def test_twelve_players_in_one_page_with_a_bad_line_shown_and_fixed(live_server, phone):
    AdminFactory(username="boss")
    tournament = TournamentFactory(name="Kieler Frühling")
    page = phone
    log_in(page, live_server, "boss", "/manage/players/bulk/")
    lines = [f"Spieler{n} Nachname{n}\tClub {n % 3}\tDE\t0499{n:04d}" for n in range(1, 13)]
    lines[6] = "Spieler7 Nachname7\tClub 1\tDeutschland\t04990007"  # a country that is not a code
    page.fill("#id_rows", "\n".join(lines))
    page.select_option("#id_tournament", str(tournament.pk))
    page.click("button[value=preview]")
    page.wait_for_selector("tr.bulk-error")
    assert page.locator("tr.bulk-new").count() == 11
    error_row = page.inner_text("tr.bulk-error")
    assert "7" in error_row and "Deutschland" in error_row
    assert page.locator("button[value=create]").count() == 0  # nothing to create while a line is bad
    assert page.evaluate("document.documentElement.scrollWidth") == 375  # no sideways scroll
    page.screenshot(path="/tmp/league/bulk-preview.png", full_page=True)

    page.fill("#id_rows", page.input_value("#id_rows").replace("Deutschland", "DE"))
    page.click("button[value=preview]")
    page.wait_for_selector("button[value=create]")
    assert page.locator("tr.bulk-new").count() == 12 and page.locator("tr.bulk-error").count() == 0
    page.click("button[value=create]")
    page.wait_for_selector(".messages li")
    assert "12 players created" in page.inner_text(".messages li")
    assert Player.objects.count() == 12
    assert Registration.objects.filter(tournament=tournament).count() == 12
    assert Player.objects.get(ema_id="04990007").country == "DE"


def test_the_options_form_refuses_a_bad_value_and_saves_a_good_one(live_server, phone):
    AdminFactory(username="boss")
    tournament = TournamentFactory(name="Options Cup", slug="options-cup")
    page = phone
    log_in(page, live_server, "boss", "/manage/t/options-cup/options/")
    assert page.locator("#id_opt_upper_limit").input_value() == "5000"
    page.fill("#id_opt_table_points", "4, 2, 1")
    page.click("form.options button[value=save]")
    page.wait_for_selector("#err_table_points")
    assert page.get_attribute("#id_opt_table_points", "aria-invalid") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") == 375
    page.screenshot(path="/tmp/league/options-error.png", full_page=True)
    tournament.refresh_from_db()
    assert tournament.options == {}
    page.fill("#id_opt_table_points", "3, 2, 1, 0")
    page.select_option("#id_opt_team_standings", "best")
    page.fill("#id_opt_team_best", "2")
    page.click("form.options button[value=save]")
    page.wait_for_selector(".messages li")
    tournament.refresh_from_db()
    assert tournament.options == {"table_points": [3, 2, 1, 0], "team_standings": "best", "team_best": 2}


def test_self_registration_with_confirmation_waiting_list_and_approval(live_server, browser, settings):
    from django.core import mail

    from league.models import Signup

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    AdminFactory(username="boss")
    tournament = TournamentFactory(name="Offenes Turnier", slug="offen", registration_open=True,
                                   registration_limit=1, status="registration")
    links = []
    for first in ("Anna", "Ben"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", bypass_csp=True)
        page = context.new_page()
        page.goto(f"{live_server.url}/t/offen/")
        page.click("a[href='/t/offen/signup/']")
        page.fill("#id_first_name", first)
        page.fill("#id_last_name", "Muster")
        page.fill("#id_email", f"{first.lower()}@example.org")
        page.check("#id_consent")
        page.click("form.signup button[type=submit]")
        page.wait_for_selector("text=E-Mails")
        links.append(re.search(r"https?://\S+/signup/[\w-]+/", mail.outbox[-1].body).group(0))
        page.goto(links[-1])
        page.click("button[value=confirm]")
        page.wait_for_selector(".signup-status.pending")
        if first == "Anna":
            assert page.evaluate("document.documentElement.scrollWidth") == 390
            page.screenshot(path="/tmp/league/signup-status.png", full_page=True)
        context.close()

    admin = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB", bypass_csp=True)
    page = admin.new_page()
    log_in(page, live_server, "boss", "/manage/t/offen/signups/")
    for _name in ("Anna", "Ben"):
        page.locator("button[value=approved]").first.click()
        page.wait_for_selector(".messages li")
    statuses = dict(Signup.objects.values_list("first_name", "status"))
    assert statuses == {"Anna": "approved", "Ben": "waiting"}
    page.locator("tr", has_text="Anna Muster").locator("button[value=rejected]").click()
    page.wait_for_selector(".messages li")
    assert dict(Signup.objects.values_list("first_name", "status")) == {"Anna": "rejected", "Ben": "approved"}
    assert list(Registration.objects.filter(tournament=tournament).values_list("player__first_name", flat=True)) \
        == ["Ben"]
    page.goto(links[1])
    assert "approved" in page.inner_text(".signup-status")
    admin.close()


def test_the_export_list_updates_itself_without_reloading_the_page(live_server, phone):
    from django.core.files.base import ContentFile

    from league.models import Export

    AdminFactory(username="boss")
    tournament = TournamentFactory(slug="exp-live")
    export = Export.objects.create(kind="ema-csv", tournament=tournament, status=Export.Status.RUNNING, progress=40)
    page = phone
    log_in(page, live_server, "boss", "/t/exp-live/exports/")
    page.evaluate("window.marker = 'same page'")
    export.file.save("exp.csv", ContentFile(b"Place\n"), save=False)
    export.status, export.progress = Export.Status.DONE, 100
    export.save()
    page.wait_for_selector(f"a[href='/api/v1/exports/{export.pk}/download/']", timeout=10_000)
    assert page.evaluate("window.marker") == "same page"  # replaced in place, not reloaded


@pytest.mark.parametrize("language", ["de", "en"])
def test_no_account_claim_waiting_is_said_in_a_sentence_that_a_phone_reads_whole(live_server, phone, language):
    """An empty claims table scrolled in a box no keyboard could reach (axe: scrollable-region-focusable)."""
    from axe_playwright_python.sync_playwright import Axe

    AdminFactory(username="boss")
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    log_in(phone, live_server, "boss", "/manage/claims/")
    assert phone.locator("main table").count() == 0
    violations = [v["id"] for v in Axe().run(phone).response["violations"] if v["impact"] in ("serious", "critical")]
    assert violations == []
    assert phone.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
