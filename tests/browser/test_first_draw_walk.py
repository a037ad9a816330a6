"""A new league administrator, on a 390 px phone, from an empty site to the first draw of a
tournament: a new league and its season, a three-session classical tournament, 24 players of two
clubs entered in one paste (the clubs made as the players are entered), the draw previewed and
used — in at most 20 page loads, without Django's admin (issue 38). Every page is reached by
clicking, as a person would; the only address typed is the login page's."""
import re

import pytest
from django.contrib.auth.models import Group

from league.models import Club, League, Player, Registration, Season, Seat, Tournament
from league.permissions import ADMIN_GROUP
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGE_LOADS = 20
WIDTH = 390


def submit(page, selector: str = "main form[novalidate] button.primary") -> None:
    with page.expect_navigation():
        page.click(selector)


def follow(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def test_a_new_league_reaches_its_first_draw_in_at_most_20_page_loads_at_390_px(live_server, browser):
    volunteer = UserFactory(username="volunteer")
    volunteer.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    context = browser.new_context(viewport={"width": WIDTH, "height": 844}, locale="de-DE", device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(15_000)
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))

    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", "volunteer")
    page.fill("input[name=password]", "secret-pass-123")
    submit(page, "form.login button[type=submit]")
    assert page.url.endswith("/manage/")

    follow(page, "a[href='/manage/leagues/new/']")
    page.fill("#id_name", "Nordliga")
    submit(page)  # the league, then straight on to its first season
    page.fill("#id_name", "2027")
    page.fill("#id_starts_on", "2027-01-01")
    page.fill("#id_ends_on", "2027-12-31")
    submit(page)  # the season, then straight on to its first tournament
    page.fill("#id_name", "Kieler Woche 2027")
    page.fill("#id_starts_on", "2027-06-19")
    page.fill("#id_ends_on", "2027-06-20")
    page.fill("#id_place", "Kiel")
    page.select_option("#id_rules", "ruleset:dmjl-classical")
    submit(page)  # step 2: sessions, limit, teams
    page.fill("#id_session_count", "3")
    submit(page)  # the tournament's page
    tournament = Tournament.objects.get(name="Kieler Woche 2027")
    follow(page, f"a[href='/manage/players/bulk/?tournament={tournament.pk}']")
    assert page.input_value("#id_tournament") == str(tournament.pk)

    clubs = ["Drachen Kiel", "Tiger Lübeck"]
    page.fill("#id_rows", "\n".join(f"Spielerin{n} Nord{n}\t{clubs[n % 2]}\tDE" for n in range(1, 25)))
    submit(page, "button[value=preview]")
    assert page.locator("tr.bulk-new").count() == 24
    assert "Drachen Kiel, Tiger Lübeck" in page.inner_text("#new-clubs")  # no club needs a page of its own
    submit(page, "button[value=create]")  # players, clubs and registrations; back to the tournament's page

    assert page.url == f"{live_server.url}/manage/t/{tournament.slug}/"
    assert page.locator("ul.registrations li").count() == 24
    page.screenshot(path="/tmp/league/first-draw-registrations.png", full_page=True)
    follow(page, f"a[href='/t/{tournament.slug}/control/']")
    page.select_option("#draw-method", "balanced")
    submit(page, "#draw button[name=preview]")
    assert page.locator("#draw-preview .minitable").count() == 6
    submit(page, "#draw-preview button[name=commit]")
    assert "?session=1" in page.url

    assert [url for url in loads if "/admin/" in url] == []
    assert len(loads) <= PAGE_LOADS, f"{len(loads)} page loads: {loads}"
    print(f"\nfirst draw reached in {len(loads)} page loads")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    league = League.objects.get(name="Nordliga")
    tournament.refresh_from_db()
    assert tournament.season == Season.objects.get(league=league, name="2027")
    assert tournament.ruleset == "dmjl-classical" and tournament.session_count == 3
    assert sorted(Club.objects.values_list("name", flat=True)) == clubs
    assert Player.objects.filter(club__name="Drachen Kiel").count() == 12
    assert Registration.objects.filter(tournament=tournament).count() == 24
    assert Seat.objects.filter(session__tournament=tournament, session__number=1).count() == 24
    assert re.search(r"/t/kieler-woche-2027/control/\?session=1$", page.url)
    context.close()
