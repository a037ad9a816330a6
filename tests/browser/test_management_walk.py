"""A new administrator sets up a league, a season and a tournament with 16 registered players from
the site alone, on a phone, without opening Django's admin, in at most 20 page loads (issue 26)."""
import re

import pytest
from django.contrib.auth.models import Group

from league.models import League, Registration, Season, Tournament
from league.permissions import ADMIN_GROUP
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGE_LOADS = 20


def submit(page, selector: str = "main form[novalidate] button.primary") -> None:
    with page.expect_navigation():
        page.click(selector)


def test_a_new_administrator_sets_up_a_tournament_with_16_players_in_at_most_20_page_loads(live_server, phone):
    volunteer = UserFactory(username="volunteer")
    volunteer.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    page = phone
    loads = []
    page.on("load", lambda loaded: loads.append(loaded.url))

    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", "volunteer")
    page.fill("input[name=password]", "secret-pass-123")
    submit(page, "form.login button[type=submit]")
    assert page.url.endswith("/manage/")  # an administrator lands in the management area

    with page.expect_navigation():
        page.click("a[href='/manage/leagues/new/']")
    page.fill("#id_name", "Nordliga")
    submit(page)  # on to the league's first season, the league chosen
    page.fill("#id_name", "2027")
    page.fill("#id_starts_on", "2027-01-01")
    page.fill("#id_ends_on", "2027-12-31")
    submit(page)  # on to the season's first tournament, the season chosen
    page.fill("#id_name", "Kieler Woche 2027")
    page.fill("#id_starts_on", "2027-06-19")
    page.fill("#id_ends_on", "2027-06-20")
    page.fill("#id_place", "Kiel")
    page.select_option("#id_rules", "preset:DMJL Turnier")
    submit(page)  # step 2: sessions, limit, teams
    page.fill("#id_session_count", "4")
    page.fill("#id_registration_limit", "16")
    submit(page)  # the tournament's page
    assert re.search(r"/manage/t/kieler-woche-2027/$", page.url)
    tournament = Tournament.objects.get(slug="kieler-woche-2027")

    with page.expect_navigation():
        page.click(f"a[href='/manage/players/bulk/?tournament={tournament.pk}']")
    assert page.input_value("#id_tournament") == str(tournament.pk)
    page.fill("#id_rows", "\n".join(f"Spielerin{n} Nord{n}\tKiel\tDE" for n in range(1, 17)))
    submit(page, "button[value=preview]")
    assert page.locator("tr.bulk-new").count() == 16
    submit(page, "button[value=create]")

    page.goto(f"{live_server.url}/manage/t/{tournament.slug}/")
    submit(page, "button[value=publish]")

    assert len(loads) <= PAGE_LOADS, loads
    assert not [url for url in loads if "/admin/" in url]
    league = League.objects.get(name="Nordliga")
    season = Season.objects.get(league=league, name="2027")
    tournament.refresh_from_db()
    assert tournament.season == season and tournament.published and tournament.options["upper_limit"] == 5000
    assert Registration.objects.filter(tournament=tournament).count() == 16
    assert page.evaluate("document.documentElement.scrollWidth") == 375
