"""MCR flows through the league like the other rulesets (docs/rules.md §6a): the catalogue and its
preset, a tournament's hands through the API and the score sheet, the standings' table points, the
printed score sheets and the results workbook."""
import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from league.models import Export, Hand
from league.services.exports import export_build
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, client_for, referee_for, table_with_players

pytestmark = pytest.mark.django_db

# 10 points, 2 of them flowers, on seat 0's discard: 8 + 10 from the discarder, 8 from the others.
DISCARD_TEN = {"outcome": "win", "winner": 3, "win_type": "discard", "discarder": 0, "points": 10, "flowers": 2}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def table():
    return table_with_players(ruleset="mcr")


def test_the_catalogue_lists_mcr_with_its_options_and_the_ema_preset(api):
    body = api.get("/api/v1/rulesets/").json()
    mcr = next(entry for entry in body if entry["ruleset"] == "mcr")
    defaults = {o["name"]: o["default"] for o in mcr["options"]}
    assert defaults["min_points"] == 8 and defaults["false_mahjong_points"] == 10 and defaults["hands"] == 16
    assert [p["name"] for p in mcr["presets"]] == ["EMA MCR"]


def test_a_hand_is_settled_by_the_mcr_rules_and_ranks_the_table_4_2_1_0(table):
    tournament = table.session.tournament
    referee = client_for(referee_for(tournament))
    response = referee.post(f"/api/v1/tables/{table.pk}/hands/", DISCARD_TEN, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["result"]["balances"] == [-18, -8, -8, 34]
    short = {**DISCARD_TEN, "points": 9}
    refused = referee.post(f"/api/v1/tables/{table.pk}/hands/", short, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "below_minimum"
    standings_recompute(tournament=tournament)
    rows = client_for(None).get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    winner, discarder = (table.seats.get(position=s).player_id for s in (3, 0))
    points = {r["player"]: r["table_points"] for r in rows}
    assert points[winner] == 4 and points[discarder] == 0


def test_the_score_sheet_offers_points_and_flowers_and_stores_a_hand_with_a_fine(client, table):
    client.force_login(AdminFactory())
    url = reverse("referee-table", args=[table.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-ruleset="mcr"' in page and 'name="points"' in page and 'name="flowers"' in page
    assert 'name="doubles"' not in page and 'value="void"' not in page
    assert "paid to nobody" in page and "East pays and receives double" not in page
    assert 'value="early_look"' not in page  # no Chemnitz catalogue of fines
    response = client.post(url, {"outcome": "win", "winner": "3", "win_type": "discard", "discarder": "0",
                                 "points": "10", "flowers": "2", "false_mahjong": ["1"],
                                 "fine_seat_0": "2", "fine_kind_0": "free", "fine_amount_0": "20"})
    assert response.status_code == 302, response.content.decode()[:2000]
    result = Hand.objects.get(table=table).result
    assert result["balances"] == [-8, -38, 2, 44] and result["adjustments"] == [0, 0, -20, 0]


def test_the_printed_score_sheets_and_the_results_workbook_are_built(table):
    tournament = table.session.tournament
    client_for(referee_for(tournament)).post(f"/api/v1/tables/{table.pk}/hands/", DISCARD_TEN, format="json")
    standings_recompute(tournament=tournament)
    sheets = _built("score-sheets-xlsx", tournament)
    headings = next(r for r in sheets.worksheets[0].iter_rows(values_only=True) if r and r[0] == "Hand")
    assert "Points" in headings and "Flower points" in headings
    results = _built("results-xlsx", tournament)
    cells = {c for sheet in results.worksheets for row in sheet.iter_rows(values_only=True) for c in row}
    assert "MCR (Chinese Official, EMA)" in cells


def _built(kind: str, tournament) -> openpyxl.Workbook:
    export = Export.objects.create(kind=kind, tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    return openpyxl.load_workbook(export.file.path)


@pytest.mark.parametrize("kind", ["score-sheets-pdf", "results-pdf", "ema-csv"])
def test_the_pdfs_to_print_and_the_ema_results_file_are_built(table, kind):
    tournament = table.session.tournament
    client_for(referee_for(tournament)).post(f"/api/v1/tables/{table.pk}/hands/", DISCARD_TEN, format="json")
    standings_recompute(tournament=tournament)
    export = Export.objects.create(kind=kind, tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    assert export.file.size > 0


def test_the_score_sheet_keeps_the_elements_the_tiles_were_valued_with_while_they_match_the_points(
        client, table):
    import json

    client.force_login(AdminFactory())
    url = reverse("referee-table", args=[table.pk])
    assert 'name="tile_elements"' in client.get(url).content.decode()
    elements = [{"name": "Dragon Pung", "points": 2, "count": 1}, {"name": "Single Wait", "points": 1, "count": 1},
                {"name": "Flower Tiles", "points": 1, "count": 1},
                {"name": "Concealed Kong and Melded Kong", "points": 5, "count": 1}]
    hand = {"outcome": "win", "winner": "3", "win_type": "discard", "discarder": "0", "flowers": "1",
            "tile_elements": json.dumps(elements)}
    assert client.post(url, {**hand, "points": "9"}).status_code == 302
    assert client.post(url, {**hand, "points": "12"}).status_code == 302  # changed by hand after the valuation
    first, second = Hand.objects.filter(table=table).order_by("number")
    assert first.record["elements"] == elements and first.record["points"] == 9
    assert "elements" not in second.record and second.record["points"] == 12
