"""Importing registrations from .xlsx and .csv files: headings in German or English, matching of
players and clubs, every bad row reported and nothing imported unless all rows are good."""

import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from league.errors import ServiceError
from league.models import Club, Export, Player, Registration, Standing
from league.services.exports import export_build
from league.services.imports import registrations_import, registrations_import_preview
from tests.factories import ClubFactory, PlayerFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def csv_file(text: str, name: str = "players.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")


def xlsx_file(rows: list[list], name: str = "players.xlsx") -> SimpleUploadedFile:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    data = io.BytesIO()
    book.save(data)
    return SimpleUploadedFile(name, data.getvalue())


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def tournament():
    return TournamentFactory(status="registration")


def test_a_csv_with_german_headings_registers_new_players_and_creates_their_clubs(tournament, admin_user):
    upload = csv_file(
        "Vorname;Nachname;Verein;Land;EMA-Nummer\n"
        "Anna;Schmidt;Drachen Hamburg;de;04990011\n"
        "Ben;Meyer;Drachen Hamburg;AT;\n"
    )
    counts = registrations_import(tournament=tournament, upload=upload, user=admin_user)
    assert (
        counts["players_created"] == 2
        and counts["clubs_created"] == 1
        and counts["registrations_created"] == 2
    )
    anna = Player.objects.get(last_name="Schmidt")
    assert (anna.first_name, anna.club.name, anna.country, anna.ema_id) == (
        "Anna",
        "Drachen Hamburg",
        "DE",
        "04990011",
    )
    assert Player.objects.get(last_name="Meyer").country == "AT"
    assert Registration.objects.filter(tournament=tournament).count() == 2


def test_an_xlsx_with_english_headings_matches_existing_players_and_clubs(tournament, admin_user):
    club = ClubFactory(name="Tiger Club")
    by_ema = PlayerFactory(first_name="Carla", last_name="Rossi", ema_id="04990022", club=None)
    by_name = PlayerFactory(first_name="Dirk", last_name="Brandt", club=club)
    upload = xlsx_file(
        [
            ["EMA number", "First name", "Last name", "Club", "Country"],
            [4990022, "Karla", "Rossi", "", "IT"],
            [None, "dirk", "BRANDT", "tiger club", "DE"],
            [None, "Eva", "Lang", "Tiger Club", None],
        ]
    )
    preview = registrations_import_preview(tournament=tournament, upload=upload)
    # the EMA number read from a number cell gets its leading zero back, and finds Carla
    assert [(r.action, r.player) for r in preview.rows] == [
        ("register", by_ema.pk),
        ("register", by_name.pk),
        ("create", None),
    ]
    upload.seek(0)
    counts = registrations_import(tournament=tournament, upload=upload, user=admin_user)
    assert counts == {
        "rows": 3,
        "players_created": 1,
        "players_matched": 2,
        "registrations_created": 3,
        "already_registered": 0,
        "clubs_created": 0,
        "similar": 0,
    }
    assert Player.objects.count() == 3 and Club.objects.count() == 1
    assert Player.objects.get(last_name="Lang").club == club
    assert set(tournament.registrations.values_list("player", flat=True)) >= {by_ema.pk, by_name.pk}


def test_the_preview_lists_every_bad_row_and_stores_nothing(tournament):
    upload = csv_file(
        "first name,last name,club,country,ema number\n"
        "Anna,Schmidt,,DE,1\n"
        ",Meyer,,DE,\n"
        "Ben,,,Germany,\n"
        "Carl,Berg,,DE,1\n"
        ",,,,\n"
        "Anna,Schmidt,,DE,\n"
    )
    preview = registrations_import_preview(tournament=tournament, upload=upload)
    assert not preview.valid
    assert [(e.row, e.reason) for e in preview.errors] == [
        (3, "The first name is missing."),
        (4, "The last name is missing. “Germany” is not a country code (ISO 3166 alpha-2, e.g. DE, NL, AT)."),
        (5, "The EMA number 00000001 is also in row 2."),
        (7, "Anna Schmidt is also in row 2."),
    ]
    assert [r.row for r in preview.rows] == [2]
    assert not Player.objects.exists() and not Registration.objects.exists()


def test_nothing_is_imported_unless_every_row_is_good(tournament, admin_user):
    upload = csv_file("Vorname,Nachname\nAnna,Schmidt\nBen,\n")
    with pytest.raises(ServiceError) as error:
        registrations_import(tournament=tournament, upload=upload, user=admin_user)
    assert error.value.code == "invalid_rows"
    assert error.value.as_dict()["error"]["rows"] == [
        {"row": 3, "reason": "The last name is missing.", "first_name": "Ben", "last_name": ""}]
    assert not Player.objects.exists() and not Club.objects.exists()


def test_importing_the_same_file_twice_creates_no_duplicates(tournament, admin_user):
    text = "Vorname,Nachname,Verein\nAnna,Schmidt,Drachen\nBen,Meyer,\n"
    registrations_import(tournament=tournament, upload=csv_file(text), user=admin_user)
    counts = registrations_import(tournament=tournament, upload=csv_file(text), user=admin_user)
    assert counts["players_created"] == 0 and counts["already_registered"] == 2
    assert Player.objects.count() == 2 and Club.objects.count() == 1 and Registration.objects.count() == 2


def test_exported_players_imported_into_another_tournament_are_not_duplicated(admin_user):
    source = TournamentFactory()
    players = [PlayerFactory(ema_id="04990033"), PlayerFactory(), PlayerFactory(first_name="=evil")]
    for rank, player in enumerate(players, start=1):
        Standing.objects.create(
            tournament=source, player=player, rank=rank, table_points=8, score=100, games=2
        )
    export = Export.objects.create(kind="ema-csv", tournament=source)
    export_build(export_id=export.pk)
    export.refresh_from_db()
    with export.file.open("rb") as handle:
        upload = SimpleUploadedFile("ema.csv", handle.read())
    target = TournamentFactory()
    counts = registrations_import(tournament=target, upload=upload, user=admin_user)
    assert counts["players_created"] == 0 and counts["players_matched"] == 3
    assert Player.objects.count() == 3
    assert set(target.registrations.values_list("player", flat=True)) == {p.pk for p in players}


def test_a_file_that_is_neither_xlsx_nor_csv_is_refused(tournament):
    with pytest.raises(ServiceError) as error:
        registrations_import_preview(tournament=tournament, upload=SimpleUploadedFile("a.pdf", b"%PDF"))
    assert error.value.code == "bad_file"


def test_a_file_without_name_columns_is_refused(tournament):
    with pytest.raises(ServiceError) as error:
        registrations_import_preview(tournament=tournament, upload=csv_file("Spieler,Ort\nAnna,Kiel\n"))
    assert error.value.code == "missing_columns"


# The API


def test_anonymous_users_and_players_cannot_import(api, tournament):
    url = f"/api/v1/tournaments/{tournament.pk}/imports/"
    assert api.post(url, {"file": csv_file("Vorname,Nachname\nA,B\n")}, format="multipart").status_code == 401
    api.force_authenticate(UserFactory())
    assert api.post(url, {"file": csv_file("Vorname,Nachname\nA,B\n")}, format="multipart").status_code == 403
    assert not Player.objects.exists()


def test_the_api_previews_then_imports(admin_api, tournament):
    url = f"/api/v1/tournaments/{tournament.pk}/imports/"
    text = "First name,Last name,Club\nAnna,Schmidt,Drachen\n"
    response = admin_api.post(url + "?preview=1", {"file": csv_file(text)}, format="multipart")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["valid"] and body["players_created"] == 1 and body["clubs_to_create"] == ["Drachen"]
    assert body["players"][0]["action"] == "create" and not Player.objects.exists()
    response = admin_api.post(url, {"file": csv_file(text), "preview": "true"}, format="multipart")
    assert response.status_code == 200 and not Player.objects.exists()
    response = admin_api.post(url, {"file": csv_file(text)}, format="multipart")
    assert response.status_code == 201
    assert response.json()["registrations_created"] == 1 and Registration.objects.count() == 1


def test_the_api_answers_bad_rows_with_every_reason(admin_api, tournament):
    text = "First name,Last name,Country\nAnna,,DE\nBen,Meyer,XYZ\nCarl,Berg,DE\n"
    response = admin_api.post(
        f"/api/v1/tournaments/{tournament.pk}/imports/", {"file": csv_file(text)}, format="multipart"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_rows" and error["fields"] == {} and error["message"]
    assert [row["row"] for row in error["rows"]] == [2, 3]
    assert not Player.objects.exists()


def test_names_outside_ascii_match_whatever_their_case(tournament, admin_user):
    club = ClubFactory(name="Österreich MJ")
    existing = PlayerFactory(first_name="Ömer", last_name="Özil", club=club)
    upload = csv_file("Vorname;Nachname;Verein;Land\nÖMER;özil;ÖSTERREICH mj;AT\n")
    counts = registrations_import(tournament=tournament, upload=upload, user=admin_user)
    assert counts["players_created"] == 0 and counts["clubs_created"] == 0
    assert Registration.objects.get(tournament=tournament).player == existing
    assert Club.objects.count() == 1


def test_a_name_typed_in_decomposed_unicode_or_with_doubled_spaces_still_matches(tournament, admin_user):
    existing = PlayerFactory(first_name="Jörg Peter", last_name="Müller", club=ClubFactory(name="Drachen"))
    upload = csv_file("Vorname;Nachname;Verein;Land\nJo\u0308rg  Peter;Mu\u0308ller;Drachen;DE\n")
    counts = registrations_import(tournament=tournament, upload=upload, user=admin_user)
    assert counts["players_created"] == 0
    assert Registration.objects.get(tournament=tournament).player == existing
