"""Team standings: the members' table points and scores summed (all of them, or the best k), in
the API, on the public pages and in the results workbook."""
from decimal import Decimal

import openpyxl
import pytest

from league.models import Export, Registration, Standing
from league.services.exports import export_build
from tests.factories import PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams_tournament():
    """Six players in two teams of three and one without a team.

    Drachen: A (1st, 8 tp, 120), C (3rd, 5 tp, 30), E (5th, 2 tp, -60)  -> sum 15 tp, 90
    Tiger:   B (2nd, 6 tp, 80),  D (4th, 4 tp, -10), F (6th, 1 tp, -100) -> sum 11 tp, -30
    G (7th) has no team.
    """
    tournament = TournamentFactory(options={"team_standings": "sum"})
    figures = {"A": ("Drachen", 1, 8, 120), "B": ("Tiger", 2, 6, 80), "C": ("Drachen", 3, 5, 30),
               "D": ("Tiger", 4, 4, -10), "E": ("Drachen", 5, 2, -60), "F": ("Tiger", 6, 1, -100),
               "G": ("", 7, 0, -60)}
    players = {}
    for name, (team, rank, table_points, score) in figures.items():
        player = players[name] = PlayerFactory(first_name=name, last_name="X")
        Registration.objects.create(tournament=tournament, player=player, team=team)
        Standing.objects.create(tournament=tournament, player=player, rank=rank, table_points=table_points,
                                score=score, games=4)
    return tournament, players


def test_team_standings_sum_every_members_figures(teams_tournament, api):
    tournament, p = teams_tournament
    rows = api.get(f"/api/v1/tournaments/{tournament.pk}/team-standings/").json()
    members = {row["team"]: row["members"] for row in rows}
    assert [(r["rank"], r["team"], r["table_points"], r["score"]) for r in rows] == [
        (1, "Drachen", 15.0, 90.0), (2, "Tiger", 11.0, -30.0)]
    assert members == {"Drachen": [p["A"].pk, p["C"].pk, p["E"].pk], "Tiger": [p["B"].pk, p["D"].pk, p["F"].pk]}
    for row in rows:  # each team's figures are its members' standings added up
        standings = Standing.objects.filter(tournament=tournament, player_id__in=row["members"])
        assert Decimal(str(row["table_points"])) == sum(s.table_points for s in standings)
        assert Decimal(str(row["score"])) == sum(s.score for s in standings)


def test_the_best_k_members_count_with_team_best(teams_tournament, api):
    tournament, p = teams_tournament
    tournament.options = {"team_standings": "best", "team_best": 2}
    tournament.save()
    rows = api.get(f"/api/v1/tournaments/{tournament.pk}/team-standings/").json()
    assert [(r["team"], r["table_points"], r["score"], r["counted"]) for r in rows] == [
        ("Drachen", 13.0, 150.0, [p["A"].pk, p["C"].pk]), ("Tiger", 10.0, 70.0, [p["B"].pk, p["D"].pk])]


def test_equal_teams_share_a_place_and_without_the_option_there_are_none(teams_tournament, api):
    tournament, p = teams_tournament
    Standing.objects.filter(player=p["E"]).update(table_points=-2, score=-180)
    rows = api.get(f"/api/v1/tournaments/{tournament.pk}/team-standings/").json()
    assert [(r["rank"], r["table_points"], r["score"]) for r in rows] == [(1, 11.0, -30.0), (1, 11.0, -30.0)]
    tournament.options = {}
    tournament.save()
    assert api.get(f"/api/v1/tournaments/{tournament.pk}/team-standings/").json() == []


def test_unpublished_tournaments_hide_their_team_standings(teams_tournament, api):
    tournament, _p = teams_tournament
    tournament.published = False
    tournament.save()
    assert api.get(f"/api/v1/tournaments/{tournament.pk}/team-standings/").status_code == 404


def test_the_public_pages_show_the_team_standings_and_follow_a_team_change(teams_tournament, client):
    tournament, p = teams_tournament
    for url in (tournament.get_absolute_url(), f"/t/{tournament.slug}/standings/"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert 'id="team-standings"' in html and "Drachen" in html and "A X, C X, E X" in html
    Registration.objects.filter(player=p["E"]).update(team="Tiger")
    Registration.objects.get(player=p["E"]).save()  # a change through the model retires the cached pages
    html = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "B X, D X, E X, F X" in html


def test_the_projector_cycles_the_team_standings_after_the_players(teams_tournament, client):
    tournament, _p = teams_tournament
    html = client.get(f"/t/{tournament.slug}/screen/part/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-mode="clock"' in html and "Team standings" in html
    assert html.index("Drachen") < html.index("Tiger")  # 15 table points before 11


def test_the_results_workbook_has_a_team_sheet(teams_tournament):
    tournament, _p = teams_tournament
    export = Export.objects.create(kind="results-xlsx", tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    sheet = openpyxl.load_workbook(export.file.path)["Teams"]
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert rows == [["Rank", "Team", "Members", "Table points", "Score"],
                    [1, "Drachen", "A X, C X, E X", 15, 90], [2, "Tiger", "B X, D X, F X", 11, -30]]


def test_a_registration_names_its_team_or_null(admin_api):
    tournament = TournamentFactory()
    player, other = PlayerFactory(), PlayerFactory()
    response = admin_api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/",
                              {"player": player.pk, "team": " Drachen "}, format="json")
    assert response.status_code == 201 and response.json()["team"] == "Drachen"
    response = admin_api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/",
                              {"player": other.pk, "team": None}, format="json")
    assert response.status_code == 201 and response.json()["team"] is None
