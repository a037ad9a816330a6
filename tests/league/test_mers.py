"""MERS, the EMA ranking, through the database, the API and the season page, against docs/rules.md §11
worked out by hand (the arithmetic alone: tests/scoring/test_mers_arithmetic.py)."""
import datetime
from decimal import Decimal

import pytest

from league.models import GameResult, Registration, Season, Session, Standing, Table, Tournament
from league.services.rankings import rankings_recompute
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory

D = datetime.date


# ---- a season of three tournaments through the API ----

def _played(tournament, rows: list[tuple]) -> None:
    """Final standings (player, rank) with a game each; no-shows: rank with ``None`` games."""
    session = Session.objects.create(tournament=tournament, number=1)
    table = Table.objects.create(session=session, number=1)
    for seat, (player, rank, games) in enumerate(rows):
        Standing.objects.create(tournament=tournament, player=player, rank=rank, table_points=0, score=0,
                                games=games)
        if games:
            GameResult.objects.create(table=table, tournament=tournament, session_number=1, player=player,
                                      seat=seat, total=0, score=0, place=1, table_points=0, hands=16)


@pytest.fixture
def three_tournaments(db):
    """Season 2025 (over: ranked as of 31 Dec 2025) with

    - Spring, 10–11 May 2025, two days: weight 2 (computed). Seven played (S as a substitute),
      B and C tied for 2nd, X registered but never came.
      Base ranks: A 1000, B 833, C 833, D 500, E 333, F 167, S 0.
    - Autumn, 4 Oct 2025, weight 1.5 set by the administrator. G 1000, A and B tied 750, D 250, E 0.
    - Old, 30 Jun 2024 (18 months before the ranking date: age factor ½), one day, six countries:
      weight 1 + ½ = 1.5 (computed). C 1000, A 800, D 600, E 400, F 200, H 0.
    """
    season = SeasonFactory(name="2025", starts_on=D(2025, 1, 1), ends_on=D(2025, 12, 31),
                           ranking_method=Season.RankingMethod.MERS)
    countries = {"A": "DE", "C": "NL", "D": "FR", "E": "AT", "F": "DK", "H": "BE"}
    p = {name: PlayerFactory(last_name=name, country=countries.get(name, "DE")) for name in "ABCDEFGHSX"}
    finished = {"season": season, "status": Tournament.Status.FINISHED}
    spring = TournamentFactory(name="Spring", starts_on=D(2025, 5, 10), ends_on=D(2025, 5, 11), **finished)
    autumn = TournamentFactory(name="Autumn", starts_on=D(2025, 10, 4), ends_on=D(2025, 10, 4),
                               weight=Decimal("1.5"), **finished)
    old = TournamentFactory(name="Old", starts_on=D(2024, 6, 30), ends_on=D(2024, 6, 30), **finished)
    Registration.objects.create(tournament=spring, player=p["S"], substitute=True)
    _played(spring, [(p["A"], 1, 4), (p["B"], 2, 4), (p["C"], 2, 4), (p["D"], 4, 4), (p["E"], 5, 4),
                     (p["F"], 6, 4), (p["S"], 7, 1), (p["X"], 8, 0)])
    _played(autumn, [(p["G"], 1, 4), (p["A"], 2, 4), (p["B"], 2, 4), (p["D"], 4, 4), (p["E"], 5, 4)])
    _played(old, [(p["C"], 1, 4), (p["A"], 2, 4), (p["D"], 3, 4), (p["E"], 4, 4), (p["F"], 5, 4),
                  (p["H"], 6, 4)])
    rankings_recompute(season=season)
    return season, p, spring, autumn, old


def test_a_season_of_three_tournaments_ranks_as_section_11_says(three_tournaments, api):
    season, p, spring, autumn, old = three_tournaments
    body = api.get(f"/api/v1/seasons/{season.pk}/ranking/").json()
    rows = [(row["player_name"].split()[-1], row["rank"], row["value"], row["tournaments"])
            for row in body["results"]]
    assert rows == [
        # A: 1000·2, 800·¾, 750·1.5, 0·1, 0·1: Part A 3725/6.25 = 596, Part B 3725/5.25 = 709.52…
        ("A", 1, 652.76, 3),
        # B: 833·2, 750·1.5 and three paddings: A 2791/6.5 = 429.38…, B 2791/5.5 = 507.45…
        ("B", 2, 468.42, 2),
        # C: 1000·¾, 833·2: A 2416/5.75 = 420.17…, B 2416/4.75 = 508.63…
        ("C", 3, 464.40, 2),
        # D: 600·¾, 500·2, 250·1.5: A 1825/6.25 = 292, B 1825/5.25 = 347.62…
        ("D", 4, 319.81, 3),
        # E: 400·¾, 333·2, 0·1.5 (ahead of the padding): A 966/6.25 = 154.56, B 966/5.25 = 184
        ("E", 5, 169.28, 3),
        # F: 200·¾, 167·2: A 484/5.75 = 84.17…, B 484/4.75 = 101.89…
        ("F", 6, 93.03, 2),
        # one tournament each: listed below, with their value and without a rank
        ("G", None, 303.03, 1),  # 1000·1.5: A 1500/5.5, B 1500/4.5
        ("H", None, 0.0, 1),
        ("S", None, 0.0, 1),  # the substitute played, so Spring had seven players
    ]
    a = body["results"][0]
    assert a["results"] == [
        {"tournament": spring.pk, "base_rank": 1000, "weight": 2, "age_factor": 1, "part_a": True, "part_b": True},
        {"tournament": old.pk, "base_rank": 800, "weight": 1.5, "age_factor": 0.5, "part_a": True,
         "part_b": True},
        {"tournament": autumn.pk, "base_rank": 750, "weight": 1.5, "age_factor": 1, "part_a": True,
         "part_b": True},
    ]
    assert "X" not in [row[0] for row in rows]  # the no-show


def test_the_tournament_api_carries_the_override_and_the_weight_in_use(three_tournaments, admin_api):
    _season, _p, spring, autumn, old = three_tournaments
    assert {"weight": None, "qualifying": False, "weight_in_use": 2.0}.items() <= \
        admin_api.get(f"/api/v1/tournaments/{spring.pk}/").json().items()
    assert admin_api.get(f"/api/v1/tournaments/{autumn.pk}/").json()["weight_in_use"] == 1.5
    assert admin_api.get(f"/api/v1/tournaments/{old.pk}/").json()["weight_in_use"] == 1.5
    response = admin_api.patch(f"/api/v1/tournaments/{spring.pk}/", {"qualifying": True}, format="json")
    assert response.status_code == 200 and response.json()["weight_in_use"] == 3.0


@pytest.mark.parametrize("weight", [0, "0.4", -1, "6.5", "x"])
def test_an_override_outside_half_to_six_is_refused(three_tournaments, admin_api, weight):
    spring = three_tournaments[2]
    response = admin_api.patch(f"/api/v1/tournaments/{spring.pk}/", {"weight": weight}, format="json")
    assert response.status_code == 400
    assert "weight" in response.json()["error"]["fields"]
    spring.refresh_from_db()
    assert spring.weight is None


def test_an_override_changes_the_ranking(three_tournaments, admin_api, django_capture_on_commit_callbacks):
    season, p, spring, *_ = three_tournaments
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.patch(f"/api/v1/tournaments/{spring.pk}/", {"weight": "0.5"}, format="json")
    assert response.status_code == 200 and response.json()["weight_in_use"] == 0.5
    row = next(r for r in admin_api.get(f"/api/v1/seasons/{season.pk}/ranking/").json()["results"]
               if r["player"] == p["A"].pk)
    assert row["results"][0] == {"tournament": spring.pk, "base_rank": 1000, "weight": 0.5, "age_factor": 1,
                                 "part_a": True, "part_b": True}


def test_the_season_page_says_how_it_ranks_and_which_tournaments_count(three_tournaments, client):
    season, p, spring, autumn, old = three_tournaments
    running = TournamentFactory(name="Winter", season=season, starts_on=D(2025, 12, 6), ends_on=D(2025, 12, 6))
    html = client.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "How the ranking is computed" in html and "at least two tournaments" in html
    for tournament in (spring, autumn, old, running):
        assert tournament.name in html
    body = html[html.index('id="season-tournaments"'):]
    rows = [row for row in body.split("<tr>")[2:]]
    assert [("Winter" in rows[0], "not yet" in rows[0]), ("Autumn" in rows[1], "1.5" in rows[1])] == \
        [(True, True), (True, True)]
    assert "Old" in rows[3] and ">0.50<" in rows[3] and ">yes<" in rows[3]  # weight 1.5, age ½, counts
    german = client.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Wie die Rangliste berechnet wird" in german
