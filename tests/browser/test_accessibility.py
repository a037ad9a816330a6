"""Accessibility: axe-core (axe-playwright-python, which ships axe.js, so this runs offline) over
the public, referee and administrators' pages at 390 px in German and English. No serious or
critical violation, tap targets of at least 24 × 24 CSS px (axe's target-size rule) and no
sideways scroll."""
import re

import pytest

from league.demo import demo_build
from league.models import Player, RefereeAssignment, Season, Signup, Table, Tournament
from tests.factories import AdminFactory, referee_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
SERIOUS = {"serious", "critical"}


def public_pages() -> list[str]:
    finished = Tournament.objects.get(slug="chemnitz-open-2026")
    season = Season.objects.get()
    player = Player.objects.order_by("pk").first()
    signup = Signup.objects.create(tournament=finished, first_name="Eva", last_name="Muster", email="e@example.org",
                                   token="status-page-token")
    return ["/", finished.get_absolute_url(), f"/t/{finished.slug}/standings/", f"/t/{finished.slug}/session/1/",
            f"/t/{finished.slug}/statistics/", f"/t/{finished.slug}/records/", f"/t/{finished.slug}/signup/",
            f"/p/{player.pk}/", season.get_absolute_url(), f"/signup/{signup.token}/", "/login/"]


def referee_pages() -> list[str]:
    tables = [Table.objects.filter(session__tournament__ruleset=ruleset).order_by("pk").first()
              for ruleset in ("dmjl-classical", "riichi-ema")]
    return ["/referee/", *[f"/referee/table/{table.pk}/" for table in tables if table is not None]]


def admin_pages() -> list[str]:
    finished = Tournament.objects.get(slug="chemnitz-open-2026")
    return ["/manage/players/bulk/", f"/manage/t/{finished.slug}/options/", f"/manage/t/{finished.slug}/import/",
            f"/manage/t/{finished.slug}/signups/", f"/t/{finished.slug}/exports/"]


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass-123")
    with page.expect_navigation():
        page.click("form.login button[type=submit]")
    assert "/login/" not in page.url, f"{username} could not log in"


def problems(page, url: str) -> list[str]:
    found = []
    results = axe_module.Axe().run(page, options=OPTIONS)
    for violation in results.response["violations"]:
        if violation["impact"] in SERIOUS or violation["id"] == "target-size":
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]][:5]
            found.append(f"{url}: {violation['id']} ({violation['impact']}) {targets}")
    if page.evaluate("document.documentElement.scrollWidth > window.innerWidth"):
        found.append(f"{url}: scrolls sideways")
    return found


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_page_passes_axe_at_390_px(live_server, browser, language):
    demo_build(seed=7)
    AdminFactory(username="boss")
    referee = referee_for(Tournament.objects.get(slug="berlin-riichi-cup-2026"), username="ref")
    RefereeAssignment.objects.create(user=referee, tournament=Tournament.objects.get(slug="chemnitz-open-2026"))
    Tournament.objects.filter(slug="chemnitz-open-2026").update(registration_open=True)
    groups = [(None, public_pages()), ("ref", referee_pages()), ("boss", admin_pages())]
    found = []
    for username, urls in groups:
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale=language,
                                      extra_http_headers={"Accept-Language": language})
        page = context.new_page()
        page.set_default_timeout(15_000)
        if username:
            log_in(page, live_server.url, username)
        for url in urls:
            response = page.goto(live_server.url + url)
            assert response.status == 200, url
            assert re.search(r'<html lang="' + language, page.content()), url
            found += problems(page, url)
        context.close()
    assert not found, "\n".join(found)
