"""Bulk entry of players (docs/api.md players/bulk/ and the administrators' page), through the same
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


def test_the_registration_import_page_keeps_the_file_from_preview_to_import(client, admin_user):
    tournament = TournamentFactory()
    client.force_login(admin_user)
    csv_text = "Vorname;Nachname;Verein;Team;Ersatz\nAnna;Schmidt;Drachen Kiel;Nord;\nBen;Müller;;Nord;ja\n".encode()
    page = client.post(f"/manage/t/{tournament.slug}/import/",
                       {"file": SimpleUploadedFile("r.csv", csv_text), "action": "preview"},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "r.csv (kept" in page and 'value="import"' in page
    response = client.post(f"/manage/t/{tournament.slug}/import/", {"action": "import"}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="en")
    assert "2 registrations created" in response.content.decode()
    assert sorted(Registration.objects.filter(tournament=tournament).values_list("team", "substitute")) == [
        ("Nord", False), ("Nord", True)]


def test_the_registration_import_page_asks_about_a_probably_existing_player(client, admin_user):
    tournament = TournamentFactory()
    known = PlayerFactory(first_name="Jürgen", last_name="Müller", club=None)
    client.force_login(admin_user)
    csv_text = b"Name;Verein\nMueller, Juergen;\n"
    page = client.post(f"/manage/t/{tournament.slug}/import/",
                       {"file": SimpleUploadedFile("r.csv", csv_text), "action": "preview"},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "probably existing" in page and f'name="decide_2" value="{known.pk}"' in page
    client.post(f"/manage/t/{tournament.slug}/import/", {"action": "import", "decide_2": str(known.pk)})
    assert list(Registration.objects.filter(tournament=tournament).values_list("player", flat=True)) == [known.pk]
    assert Player.objects.count() == 1


def test_the_bulk_page_lets_the_administrator_choose_for_a_probably_existing_player(client, admin_user):
    known = PlayerFactory(first_name="Jürgen", last_name="Müller", club=None)
    client.force_login(admin_user)
    page = client.post("/manage/players/bulk/", {"rows": "Juergen Mueller\nAnna Berg", "action": "preview"},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page.count('class="bulk-similar"') == 1 and f'value="{known.pk}"' in page
    client.post("/manage/players/bulk/", {"rows": "Juergen Mueller\nAnna Berg", "action": "create",
                                          "decide_1": "new"})
    assert Player.objects.filter(last_name="Mueller").exists() and Player.objects.count() == 3


def test_an_error_line_says_why_the_create_button_is_gone(client, admin_user):
    client.force_login(admin_user)
    page = client.post("/manage/players/bulk/", {"rows": "Anna Berg;;XX", "action": "preview"},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'value="create"' not in page
    assert "The Create button appears once every line is good" in page and "“XX” is not a country code" in page


# players kept clean: near-duplicates are asked about, never created silently

@pytest.mark.parametrize("line", [
    "jürgen müller", "Juergen Mueller", "Jurgen   Muller", "Müller, Jürgen", "Jürgen Mülelr"])
def test_a_near_duplicate_is_shown_as_probably_existing_with_its_candidates(admin_api, line):
    known = PlayerFactory(first_name="Jürgen", last_name="Müller", club=None)
    typo = PlayerFactory(first_name="Jürgen", last_name="Müllers", club=None)
    entry = bulk(admin_api, rows=line + "\tDrachen Kiel", preview=True).json()[0]
    assert entry["status"] == "similar"
    assert entry["candidates"][0] == known.pk and set(entry["candidates"]) <= {known.pk, typo.pk}


def test_a_similar_row_is_left_alone_unless_decided(admin_api):
    tournament = TournamentFactory()
    known = PlayerFactory(first_name="Jürgen", last_name="Müller", club=None)
    rows = "Mueller, Juergen\nJürgen Mülelr\nAnna Berg\n"
    body = bulk(admin_api, rows=rows, tournament=tournament.pk).json()
    assert [e["status"] for e in body] == ["similar", "similar", "new"]
    assert Player.objects.count() == 2
    assert list(Registration.objects.filter(tournament=tournament).values_list("player__last_name", flat=True)) \
        == ["Berg"]
    response = bulk(admin_api, rows=rows, tournament=tournament.pk, decisions={"1": known.pk, "2": "new"})
    assert [e["status"] for e in response.json()] == ["existing", "new", "existing"]
    assert Player.objects.filter(last_name__in=["Müller", "Mülelr"]).count() == 2
    assert Registration.objects.filter(tournament=tournament, player=known).exists()


def test_a_decision_for_a_player_that_does_not_exist_is_a_bad_row(admin_api):
    response = bulk(admin_api, rows="Jürgen Müller\n", decisions={"1": 999999})
    assert response.status_code == 400
    assert response.json()["error"]["rows"][0]["status"] == "error"


def test_malformed_decisions_are_a_clear_400(admin_api):
    response = bulk(admin_api, rows="Jürgen Müller\n", decisions={"one": "maybe"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_decisions"


def test_the_same_name_in_another_club_is_asked_about(admin_api):
    PlayerFactory(first_name="Anna", last_name="Berg", club=ClubFactory(name="Tiger Bonn"))
    entry = bulk(admin_api, rows="Anna Berg\tDrachen Kiel\n", preview=True).json()[0]
    assert entry["status"] == "similar"


def test_a_club_name_near_an_existing_club_is_asked_about_not_created(admin_api):
    kiel = ClubFactory(name="Drachen Kiel")
    entry = bulk(admin_api, rows="Anna Berg\tDrachen Kiell\n").json()[0]
    assert (entry["status"], entry["club_candidates"]) == ("similar", [kiel.pk])
    assert Club.objects.count() == 1 and not Player.objects.exists()
    bulk(admin_api, rows="Anna Berg\tDrachen Kiell\n", clubs={"Drachen Kiell": kiel.pk})
    assert Player.objects.get(last_name="Berg").club == kiel and Club.objects.count() == 1


def test_a_club_written_in_other_case_or_spacing_is_the_existing_club(admin_api):
    kiel = ClubFactory(name="Drachen Kiel")
    bulk(admin_api, rows="Anna Berg\tdrachen  KIEL\n")
    assert Player.objects.get(last_name="Berg").club == kiel and Club.objects.count() == 1


def test_a_new_clubs_country_is_what_most_of_its_rows_say_not_the_first_row(admin_api):
    bulk(admin_api, rows="Anna Berg;Drachen Kiel;NL\nBen Ohm;Drachen Kiel;DE\nCarl Popp;Drachen Kiel;DE\n")
    assert Club.objects.get(name="Drachen Kiel").country == "DE"


@pytest.mark.parametrize("country", ["XX", "Germany", "D", "UK"])
def test_a_country_that_is_not_an_iso_code_is_refused(admin_api, country):
    entry = bulk(admin_api, rows=f"Anna Berg;;{country}\n", preview=True).json()[0]
    assert entry["status"] == "error" and "ISO 3166" in entry["error"]


@pytest.mark.parametrize("ema", ["0499000A", "049900012", "EMA-1"])
def test_an_ema_number_is_eight_digits(admin_api, ema):
    entry = bulk(admin_api, rows=f"Anna Berg;;DE;{ema}\n", preview=True).json()[0]
    assert entry["status"] == "error" and ema in entry["error"] and "04990001" in entry["error"]


def test_team_and_substitute_columns_go_into_the_registration(admin_api):
    tournament = TournamentFactory()
    response = bulk(admin_api, rows="Name;Club;Country;EMA;Team;Ersatz\nAnna Berg;;DE;;Die Drachen;ja\n"
                                    "Ben Ohm;;DE;;Die Drachen;\n", tournament=tournament.pk)
    assert response.status_code == 201
    registrations = {r.player.last_name: (r.team, r.substitute)
                     for r in Registration.objects.filter(tournament=tournament)}
    assert registrations == {"Berg": ("Die Drachen", True), "Ohm": ("Die Drachen", False)}


def test_a_substitute_value_that_is_neither_yes_nor_no_is_a_bad_row(admin_api):
    entry = bulk(admin_api, rows="Anna Berg;;DE;;Team A;vielleicht\n", preview=True).json()[0]
    assert entry["status"] == "error" and "vielleicht" in entry["error"]


@pytest.mark.parametrize(("field", "value"), [("country", "XX"), ("ema_id", "123")])
def test_the_players_api_takes_iso_country_codes_and_eight_digit_ema_numbers_only(admin_api, field, value):
    response = admin_api.post("/api/v1/players/", {"first_name": "A", "last_name": "B", "country": "DE",
                                                   field: value}, format="json")
    assert response.status_code == 400 and field in response.json()["error"]["fields"]
    assert admin_api.post("/api/v1/players/", {"first_name": "A", "last_name": "B", "country": "nl",
                                               "ema_id": "04990001"}, format="json").status_code == 201


def test_the_registration_import_preview_counts_one_as_one_in_german_and_english(client, admin_user):
    tournament = TournamentFactory()
    client.force_login(admin_user)
    csv_text = b"Vorname;Nachname;Verein\nAnna;Schmidt;Drachen Kiel\n"

    def preview(language):
        client.cookies["django_language"] = language
        return client.post(f"/manage/t/{tournament.slug}/import/",
                           {"file": SimpleUploadedFile("r.csv", csv_text), "action": "preview"}).content.decode()

    assert "1 Zeile: 1 neuer Spieler, 1 neue Anmeldung." in preview("de")
    assert "1 row: 1 new player, 1 new registration." in preview("en")


def test_the_messages_after_creating_and_importing_count_one_as_one(client, admin_user):
    tournament = TournamentFactory()
    client.force_login(admin_user)
    client.cookies["django_language"] = "de"
    created = client.post("/manage/players/bulk/", {"rows": "Anna Schmidt\tDrachen Kiel\tDE", "action": "create"},
                          follow=True).content.decode()
    assert "1 Spieler angelegt, 0 waren schon eingetragen." in created
    client.cookies["django_language"] = "en"
    imported = client.post(f"/manage/t/{tournament.slug}/import/",
                           {"file": SimpleUploadedFile("r.csv", b"Vorname;Nachname\nBen;Neu\n"), "action": "import"},
                           follow=True).content.decode()
    assert "1 registration created, 1 new player." in imported
