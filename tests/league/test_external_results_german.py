"""Results files as German Excel saves them (semicolons, decimal commas, a byte order mark, a title
row above the headings, German headings) are read; a file without the EMA layout is refused naming
the missing columns in the page's language, never by internal keys."""
import datetime
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from league.models import Player, Season, Standing, Tournament
from tests.factories import PlayerFactory, SeasonFactory

pytestmark = pytest.mark.django_db

GERMAN = ["Platz", "Nachname", "Vorname", "EMA-Nummer", "Land", "Tischpunkte", "Punkte"]


def excel_csv(rows, *, heading=GERMAN, title="Ergebnisse Riichi-Turnier Hamburg, März 2026", encoding="utf-8-sig"):
    """A CSV as German Excel saves it: ";" between cells, the title row padded with ";", CRLF."""
    width = len(heading)
    lines = [[title] + [""] * (width - 1)] if title else []
    lines += [heading, *rows]
    text = "\r\n".join(";".join(str(cell) for cell in line) for line in lines) + "\r\n"
    return SimpleUploadedFile("ergebnisse.csv", text.encode(encoding), content_type="text/csv")


@pytest.fixture
def season():
    return SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31),
                         ranking_method=Season.RankingMethod.MERS)


def send(client, season, upload, *, preview=False, language="de"):
    data = {"file": upload, "name": "Hamburg Open", "starts_on": "2026-03-07", "ends_on": "2026-03-08",
            "country": "DE", "ruleset": "dmjl-classical"}
    if preview:
        data["preview"] = "true"
    return client.post(f"/api/v1/seasons/{season.pk}/external-results/", data, format="multipart",
                       HTTP_ACCEPT_LANGUAGE=language)


ROWS = [
    [1, "de Vries", "Jan", "04990001", "NL", 12, "1.234,5"],
    [2, "Müller", "Jürgen", "", "DE", "4,5", "-50,25"],
    [3, "Öztürk", "Ayşe", "", "DE", 0, "-1184,25"],
]


@pytest.mark.parametrize(("rows", "encoding"), [(ROWS, "utf-8-sig"), (ROWS[:2], "cp1252")])  # "ş" is not in cp1252
def test_a_german_excel_save_with_a_title_row_is_stored_with_its_decimal_commas(admin_api, season, rows, encoding):
    upload = excel_csv(rows, encoding=encoding)
    response = send(admin_api, season, upload)
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(kind=Tournament.Kind.EXTERNAL)
    rows = list(Standing.objects.filter(tournament=tournament).order_by("rank")
                .values_list("rank", "player__last_name", "player__first_name", "table_points", "score"))
    assert rows[:2] == [(1, "de Vries", "Jan", Decimal(12), Decimal("1234.5")),
                        (2, "Müller", "Jürgen", Decimal("4.5"), Decimal("-50.25"))]


def test_german_headings_match_players_and_punkte_beside_tischpunkte_is_the_score(admin_api, season):
    jan = PlayerFactory(first_name="Jan", last_name="de Vries", ema_id="04990001")
    response = send(admin_api, season, excel_csv(ROWS, title=""), preview=True)
    assert response.status_code == 200, response.content
    assert [(e["row"], e["status"], e.get("player")) for e in response.json()] == [
        (2, "matched", jan.pk), (3, "new", None), (4, "new", None)]


def test_points_beside_score_are_still_the_table_points(admin_api, season):
    heading = ["Place", "Last name", "First name", "EMA number", "Country", "Points", "Score"]
    response = send(admin_api, season, excel_csv([[1, "Berg", "Anna", "", "DE", 4, 100]], heading=heading,
                                                 title=""))
    assert response.status_code == 201, response.content
    assert Standing.objects.values_list("table_points", "score").get() == (Decimal(4), Decimal(100))


@pytest.mark.parametrize(("language", "expected"), [
    ("de", "es fehlen die Spalten: Platz, EMA-Nummer, Punkte."),
    ("en", "missing columns: Place, EMA number, Score."),
])
def test_a_layout_error_names_the_missing_columns_in_the_pages_language(admin_api, season, language, expected):
    heading = ["Nr", "Nachname", "Vorname", "Verein", "Land", "Tischpunkte"]
    response = send(admin_api, season, excel_csv([[1, "Berg", "Anna", "Mahjong Hamburg", "DE", 4]],
                                                 heading=heading), language=language)
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert message.endswith(expected), message
    for key in ("place", "ema_id", "score", "table_points"):
        assert key not in message
    assert not Player.objects.exists()


def test_the_upload_page_says_the_missing_columns_in_german(admin_client, season):
    upload = excel_csv([[1, "Berg", "Anna", "DE", 4, 10]],
                       heading=["Platz", "Nachname", "Vorname", "Land", "Tischpunkte", "Punkte"])
    response = admin_client.post(f"/manage/seasons/{season.pk}/results/", {
        "name": "Hamburg Open", "starts_on": "2026-03-07", "ends_on": "2026-03-08", "country": "DE",
        "ruleset": "dmjl-classical", "action": "preview", "file": upload}, HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert "es fehlen die Spalten: EMA-Nummer." in page
    assert "ema_id" not in page
