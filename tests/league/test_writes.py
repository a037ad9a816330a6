"""One service per write: tournaments, seasons, leagues, clubs and registrations are created and
changed by their services whichever door the change comes through (API, admin, demo), validated
once, and what the change makes stale is requested at once."""
import datetime

import pytest
from django.utils import timezone

from league.errors import ServiceError
from league.models import Club, Registration, Season, Signup, Standing, StandingsState, Tournament
from league.services.hands import hand_record
from league.services.leagues import club_create, season_update
from league.services.registrations import registration_update
from league.services.tournaments import tournament_create, tournament_update
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SeasonFactory,
    SessionFactory,
    TournamentFactory,
    table_with_players,
)

pytestmark = pytest.mark.django_db

# Table A: seat 1 wins 576 (4 table points, +2304), seat 3 holds 128 (2 table points, −236).
# Table B: East wins 100 (+600), the other three pay 200 each (1 table point each).
TABLE_A = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}
TABLE_B = {"outcome": "win", "winner": 0, "hand_values": [100, 0, 0, 0]}


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """Two tables, one hand each: by table points a[3] is third, by game score sixth."""
    tournament = TournamentFactory(standing_method=Tournament.StandingMethod.TABLE_POINTS)
    session = SessionFactory(tournament=tournament, number=1)
    a, b = PlayerFactory.create_batch(4), PlayerFactory.create_batch(4)
    user = AdminFactory()
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(table=table_with_players(session=session, number=1, players=a), record=TABLE_A, user=user)
        hand_record(table=table_with_players(session=session, number=2, players=b), record=TABLE_B, user=user)
    assert rank_of(tournament, a[3]) == 3
    return tournament, a[3]


def rank_of(tournament, player) -> int:
    return Standing.objects.get(tournament=tournament, player=player).rank


def test_changing_the_standing_method_through_the_api_reorders_the_standings_at_once(
        played, admin_api, django_capture_on_commit_callbacks):
    tournament, third_by_table_points = played
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"standing_method": "score"},
                                   format="json")
    assert response.status_code == 200
    assert rank_of(tournament, third_by_table_points) == 6
    standings = admin_api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    rows = standings["results"] if isinstance(standings, dict) else standings
    assert [row["rank"] for row in rows if row["player"] == third_by_table_points.pk] == [6]


def test_changing_the_standing_method_in_the_admin_reorders_the_standings_at_once(
        played, client, admin_user, django_capture_on_commit_callbacks):
    tournament, third_by_table_points = played
    client.force_login(admin_user)
    form = {
        "slug": tournament.slug, "name": tournament.name, "ruleset": tournament.ruleset, "options": "{}",
        "starts_on": "2026-05-01", "ends_on": "2026-05-02", "status": "running", "published": "on",
        "session_count": "4", "standing_method": "score", "weight": "", "registration_limit": "",
        "registration_deadline_0": "", "registration_deadline_1": "",
        **{f"{prefix}-{key}": value for prefix in ("registrations", "referee_assignments")
           for key, value in (("TOTAL_FORMS", "0"), ("INITIAL_FORMS", "0"), ("MIN_NUM_FORMS", "0"),
                              ("MAX_NUM_FORMS", "1000"))},
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/league/tournament/{tournament.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Tournament.objects.get(pk=tournament.pk).standing_method == "score"
    assert rank_of(tournament, third_by_table_points) == 6


def test_the_admin_shows_the_services_error_on_the_field(client, admin_user):
    tournament = TournamentFactory()
    client.force_login(admin_user)
    response = client.post(f"/admin/league/tournament/{tournament.pk}/change/", {
        "slug": tournament.slug, "name": tournament.name, "ruleset": tournament.ruleset,
        "options": '{"team_standings": "median"}', "starts_on": "2026-05-01", "ends_on": "2026-05-02",
        "status": "running", "session_count": "4", "registrations-TOTAL_FORMS": "0",
        "registrations-INITIAL_FORMS": "0", "referee_assignments-TOTAL_FORMS": "0",
        "referee_assignments-INITIAL_FORMS": "0"})
    assert response.status_code == 200
    assert "options" in response.context["adminform"].form.errors
    assert Tournament.objects.get(pk=tournament.pk).options == {}


def test_an_update_that_changes_nothing_asks_for_no_recomputation(played, django_capture_on_commit_callbacks):
    tournament, _player = played
    with django_capture_on_commit_callbacks() as callbacks:
        tournament_update(tournament=tournament, data={"standing_method": "table_points", "name": tournament.name})
    assert callbacks == []


def test_a_tournament_dated_outside_its_season_is_refused_unless_confirmed(admin_api):
    season = SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))
    data = {"slug": "new-year", "name": "New Year", "ruleset": "riichi-ema", "season": season.pk,
            "starts_on": "2027-01-01", "ends_on": "2027-01-02"}
    response = admin_api.post("/api/v1/tournaments/", data, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "outside_season"
    assert not Tournament.objects.filter(slug="new-year").exists()
    confirmed = tournament_create(data={**data, "season": season, "starts_on": datetime.date(2027, 1, 1),
                                        "ends_on": datetime.date(2027, 1, 2)}, outside_season_ok=True)
    assert confirmed.season == season and confirmed.status == Tournament.Status.DRAFT


def test_moving_a_tournament_out_of_its_season_through_the_api_needs_a_confirmation(admin_api):
    tournament = TournamentFactory(season=SeasonFactory())
    url = f"/api/v1/tournaments/{tournament.pk}/"
    response = admin_api.patch(url, {"ends_on": "2027-02-01"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "outside_season"
    assert admin_api.patch(f"{url}?confirm=outside_season", {"ends_on": "2027-02-01"}, format="json").status_code == 200
    assert Tournament.objects.get(pk=tournament.pk).ends_on == datetime.date(2027, 2, 1)


def test_a_season_cannot_shrink_away_from_its_tournaments():
    season = SeasonFactory()
    TournamentFactory(season=season, name="May cup")
    with pytest.raises(ServiceError) as refused:
        season_update(season=season, data={"ends_on": datetime.date(2026, 4, 30)})
    assert refused.value.code == "outside_season" and "May cup" in refused.value.message
    assert Season.objects.get(pk=season.pk).ends_on == datetime.date(2026, 12, 31)


def test_seasons_leagues_and_clubs_are_written_through_their_services(admin_api):
    league = admin_api.post("/api/v1/leagues/", {"name": "Nordliga", "slug": "nord"}, format="json")
    assert league.status_code == 201
    backwards = admin_api.post("/api/v1/seasons/", {"league": league.json()["id"], "name": "2027",
                                                    "starts_on": "2027-12-31", "ends_on": "2027-01-01"},
                               format="json")
    assert backwards.status_code == 400 and backwards.json()["error"]["code"] == "dates_order"
    club = admin_api.post("/api/v1/clubs/", {"name": "Kiel", "country": "de"}, format="json")
    assert club.status_code == 201 and club.json()["country"] == "DE"
    twin = admin_api.post("/api/v1/clubs/", {"name": "KIEL", "country": "DE"}, format="json")
    assert twin.status_code == 409 and twin.json()["error"]["code"] == "name_taken"


def test_an_unknown_standing_method_is_a_field_error(admin_api):
    tournament = TournamentFactory()
    response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"ruleset": "mahjong-solitaire"},
                               format="json")
    assert response.status_code == 400 and "ruleset" in response.json()["error"]["fields"]


def test_a_team_change_asks_for_the_standings():
    tournament = TournamentFactory()
    registration = Registration.objects.create(tournament=tournament, player=PlayerFactory())
    registration_update(registration=registration, data={"team": "  Drachen "})
    assert Registration.objects.get(pk=registration.pk).team == "Drachen"
    state = StandingsState.objects.get(pk=tournament.pk)
    assert state.requested > state.computed


def test_deleting_a_registration_in_the_admin_moves_the_waiting_list_up(
        client, admin_user, django_capture_on_commit_callbacks):
    tournament = TournamentFactory(registration_limit=1)
    registration = Registration.objects.create(tournament=tournament, player=PlayerFactory())
    waiting = Signup.objects.create(tournament=tournament, first_name="Anna", last_name="Muster",
                                    email="anna@example.org", token="t" * 40, status=Signup.Status.WAITING,
                                    confirmed_at=timezone.now())
    client.force_login(admin_user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/league/registration/{registration.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302 and not Registration.objects.filter(pk=registration.pk).exists()
    waiting.refresh_from_db()
    assert waiting.status == Signup.Status.APPROVED and waiting.registration.tournament == tournament


def test_the_admin_saves_clubs_through_the_service_and_shows_its_errors_on_the_field(client, admin_user):
    client.force_login(admin_user)
    created = client.post("/admin/league/club/add/", {"name": " Kiel ", "city": "", "country": "dk"})
    assert created.status_code == 302
    assert Club.objects.get(name="Kiel").country == "DK"  # as the service writes it
    twin = client.post("/admin/league/club/add/", {"name": "KIEL", "city": "", "country": "DE"})
    assert twin.status_code == 200 and "name" in twin.context["adminform"].form.errors
    assert Club.objects.count() == 1


def test_a_club_country_is_an_assigned_iso_code(db):
    with pytest.raises(ServiceError) as refused:
        club_create(data={"name": "Drachenhort", "country": "XX"})
    assert refused.value.code == "invalid_country"
    assert club_create(data={"name": "Drachenhort", "country": "at"}).country == "AT"
