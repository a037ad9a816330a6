"""The management area (/manage/): an administrator sets up leagues, seasons, clubs and tournaments
from the site, through the same services as the API."""
import datetime

import pytest
from django.contrib.auth.models import Group

from league.models import Club, League, Season, Standing, Tournament
from league.permissions import ADMIN_GROUP
from tests.factories import ClubFactory, SeasonFactory, TournamentFactory, UserFactory
from tests.league.test_writes import played  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(client):
    user = UserFactory(username="volunteer")
    user.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    client.force_login(user)
    return client


def test_only_administrators_may_manage(client):
    assert client.get("/manage/").status_code == 302  # to the login page
    client.force_login(UserFactory())
    assert client.get("/manage/").status_code == 403
    assert client.post("/manage/leagues/new/", {"name": "Sneaky"}).status_code == 403
    assert not League.objects.exists()


def test_an_administrator_lands_in_the_management_area_and_the_header_links_it(client):
    user = UserFactory(username="chair")
    user.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    response = client.post("/login/", {"username": "chair", "password": "secret-pass-123"})
    assert response.status_code == 302 and response.url == "/manage/"
    assert 'href="/manage/"' in client.get("/").content.decode()


def test_a_referee_still_lands_on_the_tables_and_sees_no_management_link(client):
    UserFactory(username="ref")
    response = client.post("/login/", {"username": "ref", "password": "secret-pass-123"})
    assert response.url == "/referee/"
    assert 'href="/manage/"' not in client.get("/").content.decode()


def test_a_league_a_season_and_a_tournament_are_set_up_one_after_the_other(manager):
    response = manager.post("/manage/leagues/new/", {"name": "Nordliga", "slug": ""})
    league = League.objects.get(name="Nordliga")
    assert league.slug == "nordliga" and response.url == f"/manage/seasons/new/?league={league.pk}"
    response = manager.post("/manage/seasons/new/", {"league": league.pk, "name": "2027", "starts_on": "2027-01-01",
                                                     "ends_on": "2027-12-31", "ranking_method": "table_points_sum",
                                                     "min_games": "0"})
    season = Season.objects.get(league=league, name="2027")
    assert response.url == f"/manage/t/new/?season={season.pk}"
    response = manager.post("/manage/t/new/", {"name": "Kieler Woche", "season": season.pk, "starts_on": "2027-06-19",
                                               "ends_on": "2027-06-20", "place": "Kiel",
                                               "rules": "preset:EMA 2016"})
    tournament = Tournament.objects.get(name="Kieler Woche")
    assert response.url == "/manage/t/kieler-woche/setup/"
    assert (tournament.ruleset, tournament.status, tournament.published) == ("riichi-ema", "draft", False)
    assert tournament.options["rounds"] == 2
    response = manager.post("/manage/t/kieler-woche/setup/", {"session_count": "5", "registration_limit": "16",
                                                              "teams": "on", "registration_open": "on"})
    assert response.url == "/manage/t/kieler-woche/"
    tournament.refresh_from_db()
    assert (tournament.session_count, tournament.registration_limit, tournament.options["team_standings"],
            tournament.registration_open, tournament.status) == (5, 16, "sum", True, "registration")


def test_the_steps_publish_close_start_and_finish_a_tournament(manager):
    tournament = TournamentFactory(status=Tournament.Status.REGISTRATION, published=False, registration_open=True)
    url = f"/manage/t/{tournament.slug}/step/"
    for step in ("publish", "close", "start"):
        assert manager.post(url, {"step": step}).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.published, tournament.registration_open, tournament.status) == (True, False, "running")
    manager.post(url, {"step": "finish"})
    assert Tournament.objects.get(pk=tournament.pk).status == "finished"
    page = manager.get(f"/manage/t/{tournament.slug}/").content.decode()
    assert 'value="finish"' not in page and 'value="start"' not in page


def test_a_tournament_dated_outside_its_season_is_refused_until_the_administrator_confirms(manager):
    season = SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
    form = {"name": "Silvester", "season": season.pk, "starts_on": "2026-12-31", "ends_on": "2027-01-01",
            "rules": "ruleset:dmjl-classical"}
    refused = manager.post("/manage/t/new/", form)
    assert refused.status_code == 400 and not Tournament.objects.exists()
    page = refused.content.decode()
    assert "31.12.2026" in page or "2026-12-31" in page
    assert 'id="err_starts_on"' in page and 'name="confirm_dates"' in page and 'href="#id_starts_on"' in page
    accepted = manager.post("/manage/t/new/", {**form, "confirm_dates": "on"})
    assert accepted.status_code == 302 and Tournament.objects.get().season == season


def test_changing_the_standing_method_on_the_site_reorders_the_standings_at_once(
        played, manager, django_capture_on_commit_callbacks):  # noqa: F811
    tournament, third_by_table_points = played
    form = {"name": tournament.name, "slug": tournament.slug, "starts_on": "2026-05-01", "ends_on": "2026-05-02",
            "session_count": "4", "standing_method": "score"}
    with django_capture_on_commit_callbacks(execute=True):
        response = manager.post(f"/manage/t/{tournament.slug}/", form)
    assert response.status_code == 302
    assert Standing.objects.get(tournament=tournament, player=third_by_table_points).rank == 6


def test_a_club_name_taken_already_is_an_error_on_the_field(manager):
    ClubFactory(name="Bambus Hamburg")
    response = manager.post("/manage/clubs/new/", {"name": "bambus hamburg", "country": "DE"})
    assert response.status_code == 400
    assert 'id="err_name"' in response.content.decode() and Club.objects.count() == 1
    assert manager.post("/manage/clubs/new/", {"name": "Kiel", "country": "dk"}).status_code == 302
    assert Club.objects.get(name="Kiel").country == "DK"


def test_the_hub_links_every_management_page(manager):
    tournament = TournamentFactory()
    hub = manager.get("/manage/").content.decode()
    for path in ("/manage/t/new/", "/manage/leagues/new/", "/manage/seasons/new/", "/manage/players/bulk/",
                 "/manage/clubs/", "/manage/claims/", "/manage/audit/", f"/manage/t/{tournament.slug}/"):
        assert f'href="{path}' in hub
    page = manager.get(f"/manage/t/{tournament.slug}/").content.decode()
    for path in ("options", "import", "signups"):
        assert f'href="/manage/t/{tournament.slug}/{path}/"' in page
    assert f'href="/manage/players/bulk/?tournament={tournament.pk}"' in page


def test_shrinking_a_season_away_from_its_tournaments_needs_a_confirmation(manager):
    season = SeasonFactory()
    TournamentFactory(season=season, name="Mai-Turnier")
    form = {"league": season.league_id, "name": season.name, "starts_on": "2026-01-01", "ends_on": "2026-01-31",
            "ranking_method": "table_points_sum", "min_games": "0"}
    refused = manager.post(f"/manage/seasons/{season.pk}/", form)
    assert refused.status_code == 400 and "Mai-Turnier" in refused.content.decode()
    assert Season.objects.get(pk=season.pk).ends_on == datetime.date(2026, 12, 31)
    assert manager.post(f"/manage/seasons/{season.pk}/", {**form, "confirm_dates": "on"}).status_code == 302
    assert Season.objects.get(pk=season.pk).ends_on == datetime.date(2026, 1, 31)


def test_a_tournaments_public_page_links_its_management_page_for_administrators(manager, client):
    tournament = TournamentFactory()
    assert f'href="/manage/t/{tournament.slug}/"' in manager.get(f"/t/{tournament.slug}/").content.decode()
    client.logout()
    assert f'href="/manage/t/{tournament.slug}/"' not in client.get(f"/t/{tournament.slug}/").content.decode()
