"""Finding 3, 10 and 14: hostile and broken import files are refused with a 400 that says why,
read row by row under hard caps (memory stays small), and no row is silently dropped."""
import tracemalloc

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from league.errors import ServiceError
from league.models import Player
from league.services.imports import MAX_LINES, registrations_import_preview
from tests.factories import TournamentFactory, client_for

from .conftest import row, sheet, xlsx_with_sheet

pytestmark = pytest.mark.django_db
HEADING = row(1, "Vorname", "Nachname")


@pytest.fixture
def tournament():
    return TournamentFactory(status="registration")


def refused(tournament, upload) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        registrations_import_preview(tournament=tournament, upload=upload)
    assert caught.value.status == 400
    return caught.value


def test_a_sheet_declaring_a_million_by_sixteen_thousand_cells_is_read_as_what_it_holds(tournament):
    upload = xlsx_with_sheet(sheet(HEADING + row(2, "Anna", "Albers"), dimension="A1:XFD1048576"))
    assert upload.size < 10_000
    tracemalloc.start()
    preview = registrations_import_preview(tournament=tournament, upload=upload)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [(r.first_name, r.last_name) for r in preview.rows] == [("Anna", "Albers")]
    assert peak < 20 * 1024 * 1024


def test_rows_beyond_a_stale_dimension_are_all_read(tournament):
    rows = HEADING + "".join(row(n, f"First{n}", f"Last{n}") for n in range(2, 7))
    upload = xlsx_with_sheet(sheet(rows, dimension="A1:B2"))
    preview = registrations_import_preview(tournament=tournament, upload=upload)
    assert [r.last_name for r in preview.rows] == [f"Last{n}" for n in range(2, 7)]


def test_a_workbook_of_too_many_rows_is_refused_before_reading_them_all(tournament):
    rows = HEADING + "".join(f'<row r="{n}"/>' for n in range(2, MAX_LINES + 50)) + row(2_000_000, "Late", "Row")
    tracemalloc.start()
    error = refused(tournament, xlsx_with_sheet(sheet(rows)))
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert error.code == "too_many_rows" and peak < 50 * 1024 * 1024


def test_a_cell_far_to_the_right_is_refused_as_too_many_columns(tournament):
    wide = '<row r="2"><c r="XFD2" t="inlineStr"><is><t>x</t></is></c></row>'
    assert refused(tournament, xlsx_with_sheet(sheet(HEADING + wide))).code == "too_many_columns"


def test_a_billion_laughs_workbook_is_refused_by_defusedxml(tournament):
    import openpyxl

    assert openpyxl.DEFUSEDXML  # defusedxml is installed and openpyxl parses through it
    entities = '<!DOCTYPE lolz [<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol%s;" % ("" if i == 1 else i - 1)) * 10}">' for i in range(1, 10)) + "]>"
    error = refused(tournament, xlsx_with_sheet(sheet(HEADING + row(2, "&lol9;", "x"), doctype=entities)))
    assert error.code == "bad_file"


def test_a_workbook_without_sheets_and_a_corrupt_one_are_bad_files(tournament):
    assert refused(tournament, xlsx_with_sheet(None, drop_sheets=True)).code == "bad_file"
    assert refused(tournament, SimpleUploadedFile("players.xlsx", b"PK\x03\x04 not really a zip")).code == "bad_file"


@pytest.mark.parametrize(("content", "code"), [
    (b"Vorname,Nachname\nAnna," + b"x" * (200 * 1024) + b"\n", "bad_file"),  # beyond the csv module's field limit
    (b"Vorname,Nachname\nAnna," + b"x" * 5000 + b"\n", "cell_too_long"),
    (b'Vorname,Nachname\nAnna,"Albers\n', "bad_file"),  # a quote never closed
    (b"Vorname,Nachname\nAn\x00na,Albers\n", "bad_file"),
])
def test_hostile_csv_files_are_refused_with_a_reason(tournament, content, code):
    error = refused(tournament, SimpleUploadedFile("players.csv", content))
    assert error.code == code and error.message


def test_a_csv_with_old_mac_line_ends_is_read_row_by_row(tournament):
    upload = SimpleUploadedFile("players.csv", b"Vorname;Nachname\rAnna;Albers\rBen;Brandt\r")
    preview = registrations_import_preview(tournament=tournament, upload=upload)
    assert [r.last_name for r in preview.rows] == ["Albers", "Brandt"]


def test_the_api_answers_a_hostile_upload_with_a_json_400_and_stores_nothing(tournament, admin_user):
    response = client_for(admin_user).post(f"/api/v1/tournaments/{tournament.pk}/imports/",
                                           {"file": xlsx_with_sheet(None, drop_sheets=True)}, format="multipart")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_file"
    assert not Player.objects.exists()
