"""Stages: a qualification, a cut to the top N and a final with points carried over (docs/rules.md
§7, tournament option ``stages``): drawn, played and revealed through the API, the standings per
stage equal to a computation by hand from the tables' totals."""
import json
import re
from fractions import Fraction
from itertools import combinations

import openpyxl
import pytest
from django.test import Client

from league import tournament_options
from league.exports.cells import player_name
from league.models import Registration, Seat, Standing
from league.seating.bounds import repeat_bounds
from league.selectors.stages import final_places
from league.services.standings import standings_recompute
from scoring.errors import ScoringError
from scoring.stages import carried, half_away_from_zero
from tests.factories import PlayerFactory, TournamentFactory, client_for

pytestmark = pytest.mark.django_db

QUALIFICATION_FINAL = [
    {"name": "Qualification", "from_session": 1, "carry": "none"},
    {"name": "Final", "from_session": 5, "players": 8, "carry": "half"},
]
TABLE_POINTS = [4, 2, 1, 0]


def test_half_the_points_are_rounded_half_away_from_zero():
    assert [half_away_from_zero(Fraction(v)) for v in (7, -7, 6, -6, 1, -1, 0)] == [4, -4, 3, -3, 1, -1, 0]
    assert half_away_from_zero(Fraction(5, 2)) == 1  # 1.25
    assert half_away_from_zero(Fraction(-3, 2)) == -1  # −0.75
    assert carried(Fraction(13), "all") == 13 and carried(Fraction(13), "none") == 0
    assert carried(Fraction(13), "half") == 7


@pytest.mark.parametrize("stages", [
    [{"name": "Final", "from_session": 2, "carry": "all"}],  # the first stage starts at session 1
    [{"name": "A", "from_session": 1, "carry": "all"}, {"name": "B", "from_session": 1, "carry": "all"}],
    [{"name": "A", "from_session": 1, "carry": "all"}, {"name": "B", "from_session": 3, "players": 6,
                                                         "carry": "all"}],  # not a multiple of four
    [{"name": "A", "from_session": 1, "players": 8, "carry": "all"}],  # no cut before the first stage
    [{"name": "A", "from_session": 1, "carry": "most"}],
    [{"name": "", "from_session": 1, "carry": "all"}],
    [{"name": "A", "from_session": 1, "carry": "all", "colour": "red"}],
    [], "Final", [1, 2],
])
def test_a_stages_option_out_of_shape_is_refused(stages):
    with pytest.raises(ScoringError) as error:
        tournament_options.validate({"stages": stages})
    assert error.value.params["option"] == "stages"


def test_a_qualification_and_a_final_are_valid_stages():
    assert tournament_options.validate({"stages": QUALIFICATION_FINAL})["stages"] == QUALIFICATION_FINAL
    assert tournament_options.validate({})["stages"] is None


def _table_points(totals: list[int]) -> list[Fraction]:
    """Table points by place, equal totals sharing the places' points."""
    out = []
    for total in totals:
        better = sum(1 for other in totals if other > total)
        equal = sum(1 for other in totals if other == total)
        out.append(Fraction(sum(TABLE_POINTS[better:better + equal]), equal))
    return out


def _play_session(admin, tournament, number: int, totals_by_player: dict) -> list[list[int]]:
    response = admin.post(f"/api/v1/tournaments/{tournament.pk}/sessions/{number}/seating/",
                          {"method": "balanced", "seed": 1}, format="json")
    assert response.status_code in (200, 201), response.content
    tables = []
    for table_id, players in _tables_of(tournament, number):
        k = len(tables)
        winner = (number + k) % 4
        values = [8 + 2 * k, 24 + 4 * number, 40 + 2 * k + number, 4 * k]
        values[winner] = 200 + 16 * k + 8 * number
        response = admin.post(f"/api/v1/tables/{table_id}/hands/",
                              {"outcome": "win", "winner": winner, "hand_values": values}, format="json")
        assert response.status_code == 201, response.content
        assert admin.post(f"/api/v1/tables/{table_id}/close/").status_code == 200
        totals = admin.get(f"/api/v1/tables/{table_id}/").json()["totals"]
        for player_id, total, points in zip(players, totals, _table_points(totals), strict=True):
            totals_by_player.setdefault(player_id, []).append((number, points, Fraction(total)))
        tables.append(players)
    standings_recompute(tournament=tournament)  # the worker's run after the session's hands
    return tables


def _tables_of(tournament, number: int) -> list[tuple[int, list[int]]]:
    seats = (Seat.objects.filter(session__tournament=tournament, session__number=number)
             .order_by("table__number", "position").values_list("table_id", "player_id"))
    tables: dict[int, list[int]] = {}
    for table_id, player_id in seats:
        tables.setdefault(table_id, []).append(player_id)
    return list(tables.items())


def _expected(players, games: dict, sessions: range, carry: dict | None = None) -> list[tuple]:
    """(player, table points, score) best first: by table points, then score, then name."""
    rows = []
    for player in players:
        points = sum((p for n, p, _s in games.get(player.pk, []) if n in sessions), Fraction(0))
        score = sum((s for n, _p, s in games.get(player.pk, []) if n in sessions), Fraction(0))
        if carry:
            points += half_away_from_zero(carry[player.pk][0])
            score += half_away_from_zero(carry[player.pk][1])
        rows.append((player, points, score))
    rows.sort(key=lambda r: (-r[1], -r[2], r[0].last_name, r[0].first_name, r[0].pk))
    return rows


def _as_api(rows: list[tuple]) -> list[tuple]:
    return [(player.pk, float(points), float(score)) for player, points, score in rows]


def _answered(response) -> list[tuple]:
    assert response.status_code == 200, response.content
    return [(row["player"], row["table_points"], row["score"]) for row in response.json()]


def test_a_qualification_of_32_is_cut_to_8_for_a_final_with_half_the_points_carried(admin_api):
    tournament = TournamentFactory(session_count=6, options={"stages": QUALIFICATION_FINAL,
                                                             "hide_standings_from_session": 5})
    players = PlayerFactory.create_batch(32)
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
    games: dict = {}
    for number in range(1, 5):
        _play_session(admin_api, tournament, number, games)

    qualification = _expected(players, games, range(1, 5))
    standings = f"/api/v1/tournaments/{tournament.pk}/standings/"
    assert _answered(client_for(None).get(standings)) == _as_api(qualification)  # the latest stage
    assert _answered(client_for(None).get(standings + "?stage=0")) == _as_api(qualification)

    finalists = [player for player, _points, _score in qualification[:8]]
    final_tables = _play_session(admin_api, tournament, 5, games)
    assert sorted(p for table in final_tables for p in table) == sorted(p.pk for p in finalists)
    final_tables += _play_session(admin_api, tournament, 6, games)
    # a final of 8 over two sessions drawn as a tournament of its own: at its proven bound of 4
    # repeated pairs (each second-session table holds two of each first-session table)
    pairs = [pair for table in final_tables for pair in combinations(sorted(table), 2)]
    assert len(pairs) - len(set(pairs)) == repeat_bounds(8, 2)["repeated_pairs"] == 4

    carry = {player.pk: (points, score) for player, points, score in qualification}
    final = _expected(finalists, games, range(5, 7), carry)
    carried_only = _expected(finalists, {}, range(5, 7), carry)
    # hidden from session 5: the public sees the final as it stood before it, the carry only
    assert _answered(client_for(None).get(standings + "?stage=1")) == _as_api(carried_only)
    assert _answered(admin_api.get(standings + "?stage=1")) == _as_api(final)
    assert admin_api.post(f"/api/v1/tournaments/{tournament.pk}/reveal/").status_code == 200
    assert _answered(client_for(None).get(standings)) == _as_api(final)
    assert _answered(client_for(None).get(standings + "?stage=0")) == _as_api(qualification)

    # the final standings for a season ranking: the finalists by the final, then the rest as qualified
    places = final_places(tournament)
    order = [player.pk for player, _p, _s in final] + [player.pk for player, _p, _s in qualification[8:]]
    assert sorted(places, key=lambda pk: (places[pk], order.index(pk))) == order
    assert [places[pk] for pk in order[:9]] == list(range(1, 10))
    # the stored standings stay the whole tournament's sums
    overall = {pk: (points, score) for pk, points, score in
               Standing.objects.filter(tournament=tournament).values_list("player_id", "table_points", "score")}
    some = finalists[0].pk
    assert overall[some] == (sum(p for _n, p, _s in games[some]), sum(s for _n, _p, s in games[some]))


def test_a_stage_the_tournament_does_not_have_is_a_clear_error(admin_api):
    tournament = TournamentFactory(session_count=6, options={"stages": QUALIFICATION_FINAL})
    standings = f"/api/v1/tournaments/{tournament.pk}/standings/"
    for stage in ("2", "-1", "x", "9" * 5000):
        response = client_for(None).get(standings, {"stage": stage})
        assert response.status_code == 400, stage
        assert response.json()["error"]["code"] == "bad_stage"
    unstaged = TournamentFactory()
    assert client_for(None).get(f"/api/v1/tournaments/{unstaged.pk}/standings/?stage=0").status_code == 200
    assert client_for(None).get(f"/api/v1/tournaments/{unstaged.pk}/standings/?stage=1").status_code == 400


def test_the_options_form_shows_and_saves_the_stages(client, admin_user):
    from tests.league.test_rule_options import form_data

    tournament = TournamentFactory(session_count=6, status="registration")
    client.force_login(admin_user)
    assert 'name="stage_name_0"' in client.get(f"/manage/t/{tournament.slug}/options/").content.decode()
    response = client.post(f"/manage/t/{tournament.slug}/options/",
                           form_data(tournament, stages=json.dumps(QUALIFICATION_FINAL)))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.options == {"stages": QUALIFICATION_FINAL}
    page = client.get(f"/manage/t/{tournament.slug}/options/").content.decode()
    assert 'name="stage_name_1" value="Final"' in page  # shown again in the stage's fields (issue 42, 7c)


@pytest.mark.parametrize("value", ["[{", json.dumps([{"name": "Final", "from_session": 5, "carry": "half"}])])
def test_the_options_form_refuses_stages_out_of_shape(client, admin_user, value):
    from tests.league.test_rule_options import form_data

    tournament = TournamentFactory(session_count=6, status="registration")
    client.force_login(admin_user)
    response = client.post(f"/manage/t/{tournament.slug}/options/", form_data(tournament, stages=value))
    assert response.status_code == 400
    assert 'id="err_stages"' in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.options == {}


SMALL = [
    {"name": "Qualification", "from_session": 1, "carry": "none"},
    {"name": "Final", "from_session": 3, "players": 4, "carry": "all"},
]


@pytest.fixture
def played(admin_api):
    """Eight players, two qualification sessions played and the final's table drawn and played:
    ``(tournament, games by player, finalists in their final standings' order)``."""
    tournament = TournamentFactory(session_count=3, options={"stages": SMALL})
    players = PlayerFactory.create_batch(8)
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
    games: dict = {}
    for number in (1, 2):
        _play_session(admin_api, tournament, number, games)
    qualification = _expected(players, games, range(1, 3))
    return tournament, games, players, qualification


def test_the_control_room_shows_the_cut_and_who_is_in(played, admin_user):
    tournament, _games, _players, qualification = played
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(admin_user)
    page = client.get(f"/t/{tournament.slug}/control/").content.decode()
    assert "The cut for Final" in page and "only the top 4 of the standings of Qualification" in page
    section = page[page.index('id="cut"'):page.index('id="field"')]
    names = [player.name for player, _p, _s in qualification]
    assert [section.index(name) for name in names] == sorted(section.index(name) for name in names)
    assert section.count("<td>yes</td>") == 4 and section.count("<td>no</td>") == 4
    assert "4 players and 0 substitutes to seat." in page


def test_the_cut_in_the_control_room_writes_table_points_and_score_as_the_standings_page_does(played, admin_user):
    tournament, _games, _players, qualification = played
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(admin_user)
    control = client.get(f"/t/{tournament.slug}/control/").content.decode()
    cut = control[control.index('id="cut"'):control.index('id="field"')]
    standings = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    for player, _points, _score in qualification:
        in_cut = re.search(rf"<td>{re.escape(player.name)}</td><td class=\"num\">([^<]*)</td><td class=\"num\">([^<]*)",
                           cut).groups()
        in_standings = re.search(rf">{re.escape(player.name)}</a>.*?</td>\s*<td class=\"wide\">[^<]*</td>\s*"
                                 rf"<td class=\"num\">([^<]*)</td><td class=\"num\">([^<]*)", standings, re.S).groups()
        assert in_cut == in_standings, player.name


def test_pages_projector_and_workbook_show_each_stage(played, admin_api):
    from league.models import Export
    from league.services.exports import export_build

    tournament, games, _players, qualification = played
    _play_session(admin_api, tournament, 3, games)
    finalists = [player for player, _p, _s in qualification[:4]]
    final = _expected(finalists, games, range(3, 4), {p.pk: (Fraction(2 * pts), Fraction(2 * s))
                                                      for p, pts, s in qualification})  # all: 2 × half
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert page.index("<h2 class=\"stage\">Final</h2>") < page.index("<h2 class=\"stage\">Qualification</h2>")
    final_part = page[page.index("Final</h2>"):page.index("Qualification</h2>")]
    # the final's part says its figures include what the qualification carried over (issue 42)
    assert "Table points and score include those of Qualification, carried in full." in final_part
    assert "include those of" not in page[page.index("Qualification</h2>"):]
    assert [final_part.index(p.name) for p, _pt, _s in final] == sorted(final_part.index(p.name)
                                                                        for p, _pt, _s in final)
    assert "Stage: Final" in client.get(f"/t/{tournament.slug}/").content.decode()
    assert "Stufe: Final" in Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/t/{tournament.slug}/").content.decode()
    assert "Standings · Final" in client.get(f"/t/{tournament.slug}/screen/part/").content.decode()

    export = Export.objects.create(kind="results-xlsx", tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    book = openpyxl.load_workbook(export.file.path)
    # Issue 42: the workbook leads with the final places and names the sums over every session as such.
    assert book.sheetnames[:5] == ["Tournament", "Final places", "Stage 1 – Qualification", "Stage 2 – Final",
                                   "Sums of all sessions"]
    places = [list(row) for row in book["Final places"].iter_rows(values_only=True)]
    assert places[0][:5] == ["Place", "Name", "Club", "Country", "Placed by the stage"]
    assert [row[1] for row in places[1:5]] == [player_name(p) for p, _pt, _s in final]
    assert {row[4] for row in places[1:5]} == {"Final"} and {row[4] for row in places[5:]} == {"Qualification"}
    sheet = [list(row) for row in book["Stage 2 – Final"].iter_rows(values_only=True)]
    assert [(row[4], row[5]) for row in sheet[1:]] == [(float(p), float(s)) for _pl, p, s in final]
    # the final's sheet shows the part carried over from the qualification (in full here)
    assert sheet[0][-2:] == ["Carried table points", "Carried score"]
    carried = {player_name(p): (float(pts), float(score)) for p, pts, score in qualification}
    assert {row[1]: (row[-2], row[-1]) for row in sheet[1:]} == {
        player_name(p): carried[player_name(p)] for p, _pt, _s in final}
    info = [list(row) for row in book["Tournament"].iter_rows(values_only=True)]
    assert ["Stages", "Qualification: from session 1; Final: from session 3, top 4, carried in full"] in info


def test_mers_places_a_staged_tournament_by_its_final_then_by_the_qualification(played, admin_api):
    """docs/rules.md §11: the finalists by the final's standings, then those cut by the qualification's;
    every player who played is in N (8: base ranks 1000, 857, 714, 571, 429, 286, 143, 0)."""
    import datetime

    from league.selectors.mers import season_results
    from tests.factories import SeasonFactory

    tournament, games, _players, qualification = played
    tournament.options = {"stages": [SMALL[0], {**SMALL[1], "carry": "none"}]}  # the final alone decides
    tournament.save()
    # the last of the four finalists wins the final
    assert admin_api.post(f"/api/v1/tournaments/{tournament.pk}/sessions/3/seating/",
                          {"method": "balanced", "seed": 1}, format="json").status_code in (200, 201)
    [(table_id, seated)] = _tables_of(tournament, 3)
    winner = seated.index(qualification[3][0].pk)
    values = [8, 16, 24, 32]
    values[winner] = 400
    hand = {"outcome": "win", "winner": winner, "hand_values": values}
    assert admin_api.post(f"/api/v1/tables/{table_id}/hands/", hand, format="json").status_code == 201
    totals = admin_api.get(f"/api/v1/tables/{table_id}/").json()["totals"]
    for player_id, total, points in zip(seated, totals, _table_points(totals), strict=True):
        games[player_id].append((3, points, Fraction(total)))
    standings_recompute(tournament=tournament)
    season = SeasonFactory(ranking_method="mers")
    tournament.season, tournament.status = season, "finished"
    tournament.save()
    finalists = [player for player, _p, _s in qualification[:4]]
    final = _expected(finalists, games, range(3, 4))
    order = [player.pk for player, _p, _s in final] + [player.pk for player, _p, _s in qualification[4:]]
    assert order[0] == qualification[3][0].pk
    overall = list(Standing.objects.filter(tournament=tournament).order_by("rank", "player__last_name")
                   .values_list("player_id", flat=True))
    assert overall != order  # the whole tournament's sums would place them otherwise
    results = season_results(tournaments=[tournament], ranking_day=datetime.date(2026, 12, 31))
    assert [results[pk][0].base_rank for pk in order] == [1000, 857, 714, 571, 429, 286, 143, 0]


def test_the_api_stores_stages_and_refuses_them_out_of_shape(admin_api):
    tournament = TournamentFactory(session_count=6, status="registration")
    url = f"/api/v1/tournaments/{tournament.pk}/"
    bad = [{"name": "Final\u202e", "from_session": 1, "carry": "all"}]  # a direction-changing character
    response = admin_api.patch(url, {"options": {"stages": bad}}, format="json")
    assert response.status_code == 400 and "stages" in response.json()["error"]["fields"]
    response = admin_api.patch(url, {"options": {"stages": QUALIFICATION_FINAL}}, format="json")
    assert response.status_code == 200, response.content
    tournament.refresh_from_db()
    assert tournament.day_options["stages"] == QUALIFICATION_FINAL
