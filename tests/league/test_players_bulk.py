"""Bulk entry of players (API.md players/bulk/ and the administrators' page), through the same
parser as the registration import."""
import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from league.models import Club, Player, Registration, Tournament
from tests.factories import ClubFactory, PlayerFactory, TournamentFactory, UserFactory, referee_for

pytestmark = pytest.mark.django_db

PASTED = "Anna Schmidt\tDrachen Kiel\tDE\t04990001\nMüller, Ben;Tiger Bonn;de;\nCarla Rossi\t\tIT\n"


def bulk(client, **data):
    return client.post("/api/v1/players/bulk/", data, format="json")


def test_a_preview_reports_every_line_and_stores_nothing(admin_api):
    known = PlayerFactory(first_name="Dora", last_name="Klein", club=ClubFactory(name="Drachen Kiel"))
    text = PASTED + "Dora Klein\tDrachen Kiel\tDE\nEve Bad\tX\tGermany\n"
    response = bulk(admin_api, rows=text, preview=True)
    assert response.status_code == 200
    assert [(e["row"], e["status"]) for e in response.json()] == [
        (1, "new"), (2, "new"), (3, "new"), (4, "existing"), (5, "error")]
    body = response.json()
    assert (body[1]["first_name"], body[1]["last_name"], body[1]["country"]) == \
        ("Ben", "Müller", "DE")
    assert body[3]["player"] == known.pk
    assert "Germany" in body[4]["error"]
    assert Player.objects.count() == 1 and Club.objects.count() == 1


def test_creating_stores_the_new_players_and_registers_everyone_for_the_tournament(admin_api):
    tournament = TournamentFactory()
    known = PlayerFactory(first_name="Dora", last_name="Klein", ema_id="04990009")
    response = bulk(admin_api, rows="Name;Club;Country;EMA\n" + PASTED.replace("\t", ";") + "Dora Klein;;;04990009",
                    tournament=tournament.pk)
    assert response.status_code == 201
    body = response.json()
    assert [(e["row"], e["status"]) for e in body] == [(2, "new"), (3, "new"), (4, "new"), (5, "existing")]
    anna = Player.objects.get(last_name="Schmidt")
    assert (anna.first_name, anna.club.name, anna.country, anna.ema_id) == ("Anna", "Drachen Kiel", "DE", "04990001")
    assert body[0]["player"] == anna.pk and body[3]["player"] == known.pk
    assert set(Registration.objects.filter(tournament=tournament).values_list("player__last_name", flat=True)) == {
        "Schmidt", "Müller", "Rossi", "Klein"}


def test_one_bad_line_stores_nothing_and_names_the_line(admin_api):
    response = bulk(admin_api, rows=PASTED + "OnlyOneName\t\tXYZ\n")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_rows"
    assert [(e["row"], e["status"]) for e in error["rows"] if e["status"] == "error"] == [(4, "error")]
    assert not Player.objects.exists()


def test_an_xlsx_upload_with_headings(admin_api):
    book = openpyxl.Workbook()
    book.active.append(["Vorname", "Nachname", "Verein", "Land", "EMA-Nummer"])
    book.active.append(["Fritz", "Weber", "Drachen Kiel", "AT", "04990002"])
    data = io.BytesIO()
    book.save(data)
    upload = SimpleUploadedFile("players.xlsx", data.getvalue())
    response = admin_api.post("/api/v1/players/bulk/", {"file": upload}, format="multipart")
    assert response.status_code == 201, response.json()
    assert response.json()[0]["row"] == 2
    assert Player.objects.get(last_name="Weber").country == "AT"


def test_an_empty_request_is_a_clear_400(admin_api):
    response = bulk(admin_api, rows="  ")
    assert response.status_code == 400 and "rows" in response.json()["error"]["fields"]


def test_only_administrators_enter_players_in_bulk(api):
    tournament = TournamentFactory()
    assert bulk(api, rows=PASTED).status_code in (401, 403)
    referee = APIClient()
    referee.force_authenticate(referee_for(tournament))
    assert bulk(referee, rows=PASTED, tournament=tournament.pk).status_code == 403
    other = APIClient()
    other.force_authenticate(UserFactory())
    assert bulk(other, rows=PASTED).status_code == 403
    assert not Player.objects.exists()


def test_a_finished_tournament_takes_no_registrations(admin_api):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED)
    assert bulk(admin_api, rows=PASTED, tournament=tournament.pk).status_code == 409
    assert not Player.objects.exists()


# the administrators' pages

def test_the_page_previews_then_creates(client, admin_user):
    client.force_login(admin_user)
    page = client.post("/manage/players/bulk/", {"rows": PASTED, "action": "preview"}).content.decode()
    assert page.count('class="bulk-new"') == 3 and 'value="create"' in page
    response = client.post("/manage/players/bulk/", {"rows": PASTED, "action": "create"}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="en")
    assert "3 players created" in response.content.decode()
    assert Player.objects.count() == 3


def test_the_page_previews_an_uploaded_file(client, admin_user):
    client.force_login(admin_user)
    upload = SimpleUploadedFile("players.csv", b"Vorname;Nachname;Verein\nAnna;Berg;MJ Hamburg\n",
                                content_type="text/csv")
    page = client.post("/manage/players/bulk/", {"file": upload, "action": "preview"}).content.decode()
    assert page.count('class="bulk-new"') == 1 and "Berg" in page


@pytest.mark.parametrize("field", ["tournament"])
def test_a_tournament_that_is_no_number_is_a_404_not_a_500(client, admin_user, field):
    client.force_login(admin_user)
    assert client.post("/manage/players/bulk/", {"rows": PASTED, field: "abc"}).status_code == 404


def test_the_page_is_for_administrators_only(client):
    tournament = TournamentFactory()
    assert client.get("/manage/players/bulk/").status_code == 302  # to the login page
    client.force_login(referee_for(tournament))
    assert client.get("/manage/players/bulk/").status_code == 403
    assert client.post("/manage/players/bulk/", {"rows": PASTED, "action": "create"}).status_code == 403
    assert client.get(f"/manage/t/{tournament.slug}/import/").status_code == 403
    assert not Player.objects.exists()


def test_the_registration_import_page_previews_and_imports(client, admin_user):
    tournament = TournamentFactory()
    client.force_login(admin_user)
    csv_text = "Vorname;Nachname;Verein\nAnna;Schmidt;Drachen Kiel\nBen;Müller;\n".encode()
    page = client.post(f"/manage/t/{tournament.slug}/import/",
                       {"file": SimpleUploadedFile("r.csv", csv_text), "action": "preview"}).content.decode()
    assert "Anna Schmidt" in page and not Registration.objects.exists()
    response = client.post(f"/manage/t/{tournament.slug}/import/",
                           {"file": SimpleUploadedFile("r.csv", csv_text), "action": "import"}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="en")
    assert "2 registrations created" in response.content.decode()
    assert Registration.objects.filter(tournament=tournament).count() == 2
