"""The standings and ranking endpoints of /api/v1/."""
import time

import pytest

from league.models import Standing, Tournament
from league.services.hands import hand_record
from league.services.rankings import rankings_recompute
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, SeasonFactory, referee_for, table_with_players

EXAMPLE = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}  # [-1336, 2304, -732, -236]


def played_table(**tournament_fields):
    table = table_with_players(**tournament_fields)
    hand_record(table=table, record=EXAMPLE, user=AdminFactory())
    standings_recompute(tournament=table.session.tournament)
    return table


@pytest.mark.django_db
def test_anyone_reads_the_standings_of_a_published_tournament(api):
    table = played_table()
    seats = [s.player for s in table.seats.order_by("position")]
    response = api.get(f"/api/v1/tournaments/{table.session.tournament_id}/standings/")
    assert response.status_code == 200
    rows = response.json()
    assert [(r["rank"], r["player"], r["table_points"], r["score"], r["games"]) for r in rows] == [
        (1, seats[1].pk, 4, 2304, 1), (2, seats[3].pk, 2, -236, 1), (3, seats[2].pk, 1, -732, 1),
        (4, seats[0].pk, 0, -1336, 1),
    ]
    assert rows[0]["player_name"] == seats[1].name
    assert rows[0]["disqualified"] is False


@pytest.mark.django_db
def test_an_unpublished_tournament_is_hidden_from_anonymous_but_not_from_admins(api, admin_api):
    table = played_table(published=False)
    url = f"/api/v1/tournaments/{table.session.tournament_id}/standings/"
    response = api.get(url)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert admin_api.get(url).status_code == 200


@pytest.mark.django_db
def test_a_season_ranking_is_listed_best_first_with_pagination(api):
    season = SeasonFactory()
    table = played_table(season=season, status=Tournament.Status.FINISHED)
    rankings_recompute(season=season)
    seats = [s.player_id for s in table.seats.order_by("position")]
    response = api.get(f"/api/v1/seasons/{season.pk}/ranking/?limit=2")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 4
    assert [(r["rank"], r["player"], r["value"], r["games"], r["tournaments"]) for r in body["results"]] == [
        (1, seats[1], 4, 1, 1), (2, seats[3], 2, 1, 1)]
    assert api.get("/api/v1/seasons/999999/ranking/").status_code == 404


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_hand_posted_through_the_api_reaches_the_standings_through_the_worker(api):
    table = table_with_players()
    tournament = table.session.tournament
    api.force_authenticate(referee_for(tournament))
    response = api.post(f"/api/v1/tables/{table.pk}/hands/", EXAMPLE, format="json")
    assert response.status_code == 201
    winner = table.seats.get(position=1).player
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        row = Standing.objects.filter(tournament=tournament, player=winner).first()
        if row is not None and row.games == 1:
            break
        time.sleep(0.25)
    else:
        pytest.fail("The worker did not update the standings within 20 s.")
    assert (row.rank, row.table_points, row.score) == (1, 4, 2304)
