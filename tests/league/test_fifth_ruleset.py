"""A fifth ruleset is one module registered in scoring.rulesets: the API, the pages, the score sheet,
hand valuation and the exports take it without a change anywhere else."""
import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from league.exports import score_sheets_xlsx
from league.models import Export, Hand, Tournament
from league.services.exports import export_build
from league.services.standings import standings_recompute
from league.views import forms
from scoring import rulesets
from scoring.handvalue import value_record
from tests import fifth_ruleset
from tests.factories import (
    AdminFactory,
    SessionFactory,
    TournamentFactory,
    client_for,
    referee_for,
    table_with_players,
)

pytestmark = pytest.mark.django_db

SELF_DRAWN_THREE_FAN = {"outcome": "win", "winner": 1, "win_type": "self_draw", "fan": 3}
ALL_PUNGS = {"tiles": "c1c1c1 b4b4b4 s7s7s7 c5c5c5 RS2S2 md Ls2", "seat_wind": "S", "prevailing_wind": "E"}


@pytest.fixture(autouse=True)
def fifth():
    rulesets.register(fifth_ruleset)
    with translation.override("en"):
        yield fifth_ruleset
    rulesets.unregister(fifth_ruleset.NAME)


@pytest.fixture
def table():
    return table_with_players(ruleset="hke-short")


def test_the_ruleset_catalogue_lists_the_fifth_ruleset_with_its_options(api):
    body = api.get("/api/v1/rulesets/").json()
    fifth = next(entry for entry in body if entry["ruleset"] == "hke-short")
    assert fifth["label"] == "Hongkong short"
    assert {o["name"]: o["default"] for o in fifth["options"]}["table_points"] == [3, 2, 1, 0]


def test_an_administrator_creates_a_tournament_of_the_fifth_ruleset_through_the_api(admin_api):
    data = {"slug": "short", "name": "Short", "ruleset": "hke-short", "starts_on": "2026-05-01",
            "ends_on": "2026-05-01"}
    response = admin_api.post("/api/v1/tournaments/", data, format="json")
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(slug="short")
    assert tournament.ruleset == "hke-short" and tournament.effective_standing_method == "table_points"
    assert tournament.effective_options["rounds"] == 1


def test_an_unknown_ruleset_is_still_refused(admin_api):
    data = {"slug": "poker", "name": "Poker", "ruleset": "poker", "starts_on": "2026-05-01", "ends_on": "2026-05-01"}
    response = admin_api.post("/api/v1/tournaments/", data, format="json")
    assert response.status_code == 400 and "ruleset" in response.content.decode()
    assert not Tournament.objects.filter(slug="poker").exists()


def test_a_hand_of_the_fifth_ruleset_is_settled_by_its_rules_and_counted_in_the_standings(table):
    tournament = table.session.tournament
    response = client_for(referee_for(tournament)).post(f"/api/v1/tables/{table.pk}/hands/",
                                                        SELF_DRAWN_THREE_FAN, format="json")
    assert response.status_code == 201, response.content
    # 3 fan = 8 points; a self-drawn win is paid twice the points by each of the three others.
    assert response.json()["result"]["balances"] == [-16, 48, -16, -16]
    standings_recompute(tournament=tournament)
    rows = client_for(None).get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    winner = table.seats.get(position=1).player_id
    # Its own table points, 3/2/1/0: the three tied losers share 2 + 1 + 0.
    assert [(r["player"], r["table_points"]) for r in rows][:1] == [(winner, 3)]
    assert sorted(r["table_points"] for r in rows[1:]) == [1, 1, 1]


def test_the_score_sheet_shows_the_hongkong_form_and_stores_a_hand(client, table):
    client.force_login(AdminFactory())
    url = reverse("referee-table", args=[table.pk])
    page = client.get(url).content.decode()
    assert 'data-ruleset="dmjl-hke"' in page and 'name="fan"' in page
    assert 'data-valued-as="hke-short"' in page  # its tiles are valued as its own ruleset, with its options
    response = client.post(url, {"outcome": "win", "winner": "1", "win_type": "self_draw", "fan": "3"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Hand.objects.get(table=table).result["balances"] == [-16, 48, -16, -16]


def test_the_tournament_page_names_the_fifth_ruleset(client, table):
    page = client.get(reverse("tournament", args=[table.session.tournament.slug])).content.decode()
    assert "Hongkong short" in page


def test_hands_of_the_fifth_ruleset_are_valued_from_tiles_by_its_engine(api):
    own = value_record({"ruleset": "hke-short", **ALL_PUNGS})
    assert own == value_record({"ruleset": "dmjl-hke", **ALL_PUNGS}) and own["fan"] >= 3
    response = api.post("/api/v1/handvalue/", {"ruleset": "hke-short", **ALL_PUNGS}, format="json")
    assert response.status_code == 200 and response.json()["fan"] == own["fan"]


def test_the_score_sheets_and_the_results_workbook_of_the_fifth_ruleset_are_built(table):
    tournament = table.session.tournament
    client_for(referee_for(tournament)).post(f"/api/v1/tables/{table.pk}/hands/", SELF_DRAWN_THREE_FAN,
                                             format="json")
    standings_recompute(tournament=tournament)
    sheets = _built("score-sheets-xlsx", tournament)
    headings = next(r for r in sheets.worksheets[0].iter_rows(values_only=True) if r and r[0] == "Hand")
    assert "Fan" in headings
    results = _built("results-xlsx", tournament)
    cells = {c for sheet in results.worksheets for row in sheet.iter_rows(values_only=True) for c in row}
    assert "Hongkong short" in cells


def test_a_fifth_ruleset_missing_an_attribute_is_refused_at_registration():
    class Incomplete:
        __name__ = "incomplete"
        NAME = "incomplete"

    with pytest.raises(TypeError, match="lacks"):
        rulesets.register(Incomplete)
    assert "incomplete" not in rulesets.names()


def _built(kind: str, tournament) -> openpyxl.Workbook:
    export = Export.objects.create(kind=kind, tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    return openpyxl.load_workbook(export.file.path)


def test_the_score_sheets_follow_the_sheet_layout_not_the_rulesets_name():
    tournament = TournamentFactory(ruleset="hke-short")
    table_with_players(session=SessionFactory(tournament=tournament))
    assert "Fan" in next(r for r in _built("score-sheets-xlsx", tournament).worksheets[0].iter_rows(values_only=True)
                         if r and r[0] == "Hand")


def test_the_new_tournament_form_offers_the_fifth_ruleset(client):
    client.force_login(AdminFactory())
    page = client.get(reverse("manage-tournament-new")).content.decode()
    assert 'value="ruleset:hke-short"' in page and "Hongkong short" in page


def test_every_sheet_layout_has_its_form_and_its_printed_sheet():
    assert set(forms.HAND_FORMS) == set(rulesets.SHEETS) == set(score_sheets_xlsx.SHEETS)
    assert {module.SHEET for module in rulesets.BY_NAME.values()} <= set(rulesets.SHEETS)


def test_a_ruleset_valued_by_another_engine_than_its_sheets_offers_no_tile_entry(client, fifth, monkeypatch):
    """The tile panels are the sheet layout's: a ruleset on the Hongkong sheet valued by the riichi
    engine would be sent Hongkong tiles, so its sheet offers typing the values only."""
    monkeypatch.setattr(fifth, "HAND_VALUE", "riichi")
    table = table_with_players(ruleset="hke-short", slug="other-engine")
    client.force_login(AdminFactory())
    page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    assert 'name="fan"' in page and "data-handvalue-url" not in page
