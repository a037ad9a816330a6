"""Stages in pages, draws and files (docs/rules.md §7; the stages themselves: test_stages.py): a
stage beyond the last session is refused, the Swiss draw within a stage, the standings page per
stage (``?stage=k``), hidden standings and the reveal per stage on the projector, and the EMA
results CSV of a staged tournament (docs/rules.md §11)."""
import json
from fractions import Fraction
from itertools import combinations

import pytest
from django.test import Client

from league.models import Registration, Standing
from league.services.standings import standings_recompute
from tests.factories import PlayerFactory, TournamentFactory
from tests.league import test_stages
from tests.league.test_stages import (
    QUALIFICATION_FINAL,
    SMALL,
    _expected,
    _play_session,
    _table_points,
    _tables_of,
)

pytestmark = pytest.mark.django_db

played = test_stages.played  # the fixture: eight players, the qualification played


def test_a_stage_beyond_the_last_session_is_refused_through_the_api(admin_api):
    tournament = TournamentFactory(session_count=4, status="registration")
    url = f"/api/v1/tournaments/{tournament.pk}/"
    response = admin_api.patch(url, {"options": {"stages": QUALIFICATION_FINAL}}, format="json")  # final at 5
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "stage_beyond_sessions"
    german = admin_api.patch(url, {"options": {"stages": QUALIFICATION_FINAL}}, format="json",
                             HTTP_ACCEPT_LANGUAGE="de")
    assert "Die Stufe Final beginnt mit Runde 5, das Turnier hat aber 4 Runden." in german.json()["error"]["message"]
    assert "Final" in error["message"] and "stages" in error["fields"]
    tournament.refresh_from_db()
    assert tournament.options == {}
    # at the last session it is a stage of its own; shortening the tournament below it is refused
    tournament.session_count = 5
    tournament.save()
    assert admin_api.patch(url, {"options": {"stages": QUALIFICATION_FINAL}}, format="json").status_code == 200
    response = admin_api.patch(url, {"session_count": 4}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "stage_beyond_sessions"
    tournament.refresh_from_db()
    assert tournament.session_count == 5


def test_the_options_form_refuses_a_stage_beyond_the_last_session(client, admin_user):
    from tests.league.test_rule_options import form_data

    tournament = TournamentFactory(session_count=4, status="registration")
    client.force_login(admin_user)
    response = client.post(f"/manage/t/{tournament.slug}/options/",
                           form_data(tournament, stages=json.dumps(QUALIFICATION_FINAL)),
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="err_stages"' in page and "starts at session 5, but the tournament has 4 sessions" in page
    tournament.refresh_from_db()
    assert tournament.options == {}


def _export_rows(tournament, kind: str) -> list[list[str]]:
    import csv

    from league.models import Export
    from league.services.exports import export_build

    export = Export.objects.create(kind=kind, tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == "done", export.error
    with open(export.file.path, encoding="utf-8-sig", newline="") as stream:
        return list(csv.reader(stream))


def _final_won_by_the_last_finalist(admin_api, tournament, games, qualification) -> None:
    """The final (session 3, carried over not at all) drawn and played: the fourth finalist wins."""
    tournament.options = {"stages": [SMALL[0], {**SMALL[1], "carry": "none"}]}
    tournament.save()
    assert admin_api.post(f"/api/v1/tournaments/{tournament.pk}/sessions/3/seating/",
                          {"method": "balanced", "seed": 1}, format="json").status_code in (200, 201)
    [(table_id, seated)] = _tables_of(tournament, 3)
    values = [8, 16, 24, 32]
    values[seated.index(qualification[3][0].pk)] = 400
    hand = {"outcome": "win", "winner": seated.index(qualification[3][0].pk), "hand_values": values}
    assert admin_api.post(f"/api/v1/tables/{table_id}/hands/", hand, format="json").status_code == 201
    assert admin_api.post(f"/api/v1/tables/{table_id}/close/").status_code == 200
    totals = admin_api.get(f"/api/v1/tables/{table_id}/").json()["totals"]
    for player_id, total, points in zip(seated, totals, _table_points(totals), strict=True):
        games[player_id].append((3, points, Fraction(total)))
    standings_recompute(tournament=tournament)


def test_the_ema_results_csv_places_a_staged_tournament_by_its_final_then_by_the_cut(played, admin_api):
    """docs/rules.md §11: the finalists by the final's standings, then those cut by the qualification's,
    each with the figures of the stage that places them; the whole tournament's sums (the stored
    standings) would place them otherwise."""
    tournament, games, _players, qualification = played
    _final_won_by_the_last_finalist(admin_api, tournament, games, qualification)
    final = _expected([player for player, _p, _s in qualification[:4]], games, range(3, 4))
    assert final[0][0] == qualification[3][0]
    expected = [[str(place), player.last_name, player.first_name, float(points), float(score)]
                for place, (player, points, score) in enumerate(final + qualification[4:], start=1)]
    rows = _export_rows(tournament, "ema-csv")
    assert rows[0][:6] == ["Place", "Last name", "First name", "EMA number", "Table points", "Score"]
    assert [[row[0], row[1], row[2], float(row[4]), float(row[5])] for row in rows[1:]] == expected
    overall = list(Standing.objects.filter(tournament=tournament).order_by("rank", "player__last_name")
                   .values_list("player__last_name", flat=True))
    assert overall != [row[1] for row in rows[1:]]


def test_the_ema_results_csv_leaves_out_a_registered_player_who_never_played(played, admin_api):
    tournament, games, _players, _qualification = played
    absent = PlayerFactory()
    Registration.objects.create(tournament=tournament, player=absent)
    rows = _export_rows(tournament, "ema-csv")
    assert len(rows) == 1 + 8 and absent.last_name not in {row[1] for row in rows}


def test_the_standings_page_shows_one_stage_with_links_to_each(played, admin_api):
    tournament, games, _players, qualification = played
    _play_session(admin_api, tournament, 3, games)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    path = f"/t/{tournament.slug}/standings/"
    page = client.get(path).content.decode()
    assert f'href="{path}?stage=0"' in page and f'href="{path}?stage=1"' in page
    assert f'<a href="{path}" aria-current="page">All stages</a>' in page
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(path).content.decode()
    assert 'aria-label="Stufen"' in german and ">Alle Stufen</a>" in german
    assert 'Final</h2>' in page and 'Qualification</h2>' in page
    # the qualification alone, in its order, and the page kept apart from the whole page in the cache
    for _twice in range(2):
        page = client.get(path, {"stage": "0"}).content.decode()
        assert 'Qualification</h2>' in page and 'Final</h2>' not in page
        assert f'<a href="{path}?stage=0" aria-current="page">Qualification</a>' in page
        names = [player.name for player, _p, _s in qualification]
        assert [page.index(name) for name in names] == sorted(page.index(name) for name in names)
    final = client.get(path, {"stage": "1"}).content.decode()
    assert 'Final</h2>' in final and 'Qualification</h2>' not in final
    assert client.get(f"/t/{tournament.slug}/live/stage-1/").content.decode().count("<tr") == 1 + 4
    for stage in ("2", "-1", "x", "9" * 5000):
        assert client.get(path, {"stage": stage}).status_code == 404, stage
        assert client.get(f"/t/{tournament.slug}/live/stage-{stage}/").status_code == 404, stage


def test_the_standings_page_of_a_tournament_without_stages_has_no_stage_links(admin_api):
    tournament = TournamentFactory(session_count=2)
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{tournament.slug}/standings/?stage=0").content.decode()
    assert "All stages" not in page and 'class="stages"' not in page


def _screen(tournament) -> str:
    return Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{tournament.slug}/screen/part/").content.decode()


def _in_order(page: str, names: list[str]) -> bool:
    return [page.index(name) for name in names] == sorted(page.index(name) for name in names)


def test_a_hidden_final_shows_its_carry_over_on_the_projector_and_reveals_the_final(played, admin_api):
    """Hidden from the final's first session: the projector and the pages show the final as it stood
    before it (the carry-over, in the qualification's order), the qualification stays shown in
    full; the reveal shows the final's standings, and the qualification's are not hidden again."""
    tournament, games, _players, qualification = played
    tournament.options = {**tournament.options, "hide_standings_from_session": 3}
    tournament.save()
    _play_session(admin_api, tournament, 3, games)
    finalists = [player for player, _p, _s in qualification[:4]]
    carry = {p.pk: (Fraction(2 * pts), Fraction(2 * s)) for p, pts, s in qualification}  # "all": 2 × half
    before = _expected(finalists, {}, range(3, 4), carry)
    final = _expected(finalists, games, range(3, 4), carry)
    assert [p for p, _pt, _s in before] != [p for p, _pt, _s in final]  # the final changed the order

    screen = _screen(tournament)
    assert 'data-mode="clock"' in screen and "Standings · Final <small>before session 3</small>" in screen
    assert "not played yet" not in screen  # the carried figures are shown
    assert _in_order(screen, [p.name for p, _pt, _s in before])
    assert f"<td class=\"pts\">{float(before[0][1]):g}</td>" in screen
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="en")
    qualifying = anonymous.get(f"/t/{tournament.slug}/standings/?stage=0").content.decode()
    assert _in_order(qualifying, [p.name for p, _pt, _s in qualification])  # not hidden
    standings = f"/api/v1/tournaments/{tournament.pk}/standings/"
    assert [row["player"] for row in anonymous.get(standings + "?stage=1").json()] == [p.pk for p, _pt, _s in before]

    assert admin_api.post(f"/api/v1/tournaments/{tournament.pk}/reveal/").status_code == 200
    screen = _screen(tournament)
    assert 'data-mode="reveal"' in screen and "Final standings <small>Final</small>" in screen
    reveal = screen[screen.index('<ol class="reveal">'):]
    assert reveal.count("<li") == 4  # the finalists only, the last place first
    assert _in_order(reveal, [p.name for p, _pt, _s in reversed(final)])
    assert [row["player"] for row in anonymous.get(standings).json()] == [p.pk for p, _pt, _s in final]
    assert [row["player"] for row in anonymous.get(standings + "?stage=0").json()] == [
        p.pk for p, _pt, _s in qualification]
    page = anonymous.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert _in_order(page[page.index("Final</h2>"):page.index("Qualification</h2>")], [p.name for p, _pt, _s in final])
    assert _in_order(page[page.index("Qualification</h2>"):], [p.name for p, _pt, _s in qualification])


def test_the_swiss_draw_of_a_final_seats_its_finalists_by_the_stage_standings(admin_api):
    """A final of 8 from 16, carried in full, drawn Swiss: the qualification's top four at the first
    table, the next four at the second, nobody cut seated; the final is drawn as a tournament of
    its own (the qualification's meetings do not push its leaders apart)."""
    tournament = TournamentFactory(session_count=3, options={"stages": [
        {"name": "Qualification", "from_session": 1, "carry": "none"},
        {"name": "Final", "from_session": 3, "players": 8, "carry": "all"}]})
    players = PlayerFactory.create_batch(16)
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
    games: dict = {}
    for number in (1, 2):
        _play_session(admin_api, tournament, number, games)
    qualification = [player.pk for player, _p, _s in _expected(players, games, range(1, 3))]
    response = admin_api.post(f"/api/v1/tournaments/{tournament.pk}/sessions/3/seating/",
                              {"method": "swiss", "seed": 1}, format="json")
    assert response.status_code in (200, 201), response.content
    tables = [sorted(seated) for _table_id, seated in _tables_of(tournament, 3)]
    assert tables == [sorted(qualification[:4]), sorted(qualification[4:8])]
    met = {pair for number in (1, 2) for _table_id, seated in _tables_of(tournament, number)
           for pair in combinations(sorted(seated), 2)}
    assert any(pair in met for pair in combinations(tables[0], 2))  # met in the qualification, together now


@pytest.mark.parametrize("number", ["9" * 5000, "99999", "0"])
def test_a_live_part_of_a_session_the_tournament_does_not_have_is_a_404(number):
    tournament = TournamentFactory(session_count=2)
    response = Client(raise_request_exception=False).get(f"/t/{tournament.slug}/live/session-{number}/")
    assert response.status_code == 404
