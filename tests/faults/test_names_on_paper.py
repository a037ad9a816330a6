"""Issue 39, finding 7: an erased or "initials" player's name survived on paper and in files. Export
files made before an erasure still downloaded with the name and EMA number; the printed score
sheets, the seating workbook and the results PDF (which go on the tables and the walls) printed an
"initials" player's full name. Erasure reaches the stored files (they are built again from the
erased rows, the old file deleted); what is printed for the room follows the public name."""
import io
import shutil
import subprocess

import openpyxl
import pytest
from django.core.files.storage import default_storage

from league.models import AuditEntry, Export, Player
from league.services.exports import export_build
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, PlayerFactory, client_for, table_with_hands

pytestmark = pytest.mark.django_db
needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) missing")


@pytest.fixture
def erika():
    """Erika Mustermann (EMA 04990001), who shows only her initial in public, at a table with hands."""
    player = PlayerFactory(first_name="Erika", last_name="Mustermann", ema_id="04990001", public_name="initials")
    table = table_with_hands(count=2, players=[player, *PlayerFactory.create_batch(3)])
    standings_recompute(tournament=table.session.tournament)
    return player, table.session.tournament


def built(kind: str, tournament) -> Export:
    export = Export.objects.create(kind=kind, tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    return export


def readable(data: bytes, name: str) -> str:
    """A file's words: a workbook's cells, a PDF's text (pdftotext), a CSV as it is."""
    if name.endswith(".xlsx"):
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
        return " ".join(str(value) for sheet in book.worksheets for row in sheet.iter_rows(values_only=True)
                        for value in row if value is not None)
    if name.endswith(".pdf"):
        return subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=data, check=True,
                              capture_output=True).stdout.decode("utf-8")
    return data.decode("utf-8")


def text_of(export: Export) -> str:
    with default_storage.open(export.file.name) as stored:
        return readable(stored.read(), export.file.name)


def downloaded(api, export: Export) -> str:
    response = api.get(f"/api/v1/exports/{export.pk}/download/")
    assert response.status_code == 200
    return readable(b"".join(response.streaming_content), export.file.name)


@pytest.mark.parametrize("kind", ["results-xlsx", "ema-csv"])
def test_an_export_made_before_an_erasure_no_longer_downloads_the_name(kind, erika, django_capture_on_commit_callbacks):
    player, tournament = erika
    export = built(kind, tournament)
    admin = client_for(AdminFactory())
    before = downloaded(admin, export)
    assert "Mustermann" in before and ("04990001" in before or kind != "ema-csv")
    old_file = export.file.name

    with django_capture_on_commit_callbacks(execute=False) as after_commit:
        assert admin.post(f"/api/v1/players/{player.pk}/erase/").status_code == 200

    assert admin.get(f"/api/v1/exports/{export.pk}/download/").status_code == 409  # being built again
    for callback in after_commit:  # the erasure commits: the old file goes, the build is queued
        callback()
    # gone, or (the file's name is the export's) the new build's
    assert not default_storage.exists(old_file) or "Mustermann" not in text_of(Export(file=old_file))
    if Export.objects.get(pk=export.pk).status != Export.Status.DONE:
        export_build(export_id=export.pk)  # the queued build, as the worker runs it
    export.refresh_from_db()
    after = downloaded(admin, export)
    assert "Mustermann" not in after and "04990001" not in after
    assert "Anonymous" in after and str(player.pk) in after


def test_an_erasure_leaves_other_tournaments_files_alone(erika):
    player, tournament = erika
    other = table_with_hands(count=1).session.tournament
    mine, theirs = built("results-xlsx", tournament), built("results-xlsx", other)
    client_for(AdminFactory()).post(f"/api/v1/players/{player.pk}/erase/")
    assert Export.objects.get(pk=theirs.pk).status == Export.Status.DONE
    assert Export.objects.get(pk=theirs.pk).file.name == theirs.file.name
    assert Export.objects.get(pk=mine.pk).status == Export.Status.PENDING


@pytest.mark.parametrize("kind", ["seating-xlsx", "score-sheets-xlsx",
                                  pytest.param("score-sheets-pdf", marks=needs_pdftotext),
                                  pytest.param("results-pdf", marks=needs_pdftotext)])
def test_what_is_printed_for_the_room_shows_an_initials_players_public_name(kind, erika):
    player, tournament = erika
    text = text_of(built(kind, tournament))
    assert "Erika M." in text and "Mustermann" not in text
    assert str(Player.objects.get(pk=player.pk)) == "Erika M."


def test_the_administrators_results_workbook_keeps_the_full_name(erika):
    _player, tournament = erika
    assert "Erika Mustermann" in text_of(built("results-xlsx", tournament))


def test_an_erasure_builds_only_the_newest_copy_of_each_file_and_deletes_the_older_copies(
        erika, django_capture_on_commit_callbacks):
    player, tournament = erika
    older = [built("results-xlsx", tournament) for _ in range(3)]
    newest = built("results-xlsx", tournament)
    english_csv, german_csv = built("ema-csv", tournament), Export.objects.create(
        kind="ema-csv", tournament=tournament, language="de")
    export_build(export_id=german_csv.pk)
    old_files = [export.file.name for export in older]

    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(AdminFactory()).post(f"/api/v1/players/{player.pk}/erase/").status_code == 200

    assert not Export.objects.filter(pk__in=[export.pk for export in older]).exists()
    assert not any(default_storage.exists(name) for name in old_files)
    # the newest copy of each file (a language is a file of its own) was built again, without the name
    for export in (newest, english_csv, german_csv):
        export.refresh_from_db()
        assert export.status == Export.Status.DONE, export.error
        assert "Mustermann" not in text_of(export)
    entry = AuditEntry.objects.get(model="player", object_id=str(player.pk), action="erase")
    assert entry.details["exports_rebuilt"] == 3 and entry.details["exports_deleted"] == 3
