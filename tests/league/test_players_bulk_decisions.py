"""Bulk entry keeps every decision through any number of previews (page and API), shows first and
last name apart so that a wrong split is corrected before storing, and names the player of an
error row."""
import re

import pytest

from league.models import Club, Player, Registration
from tests.factories import ClubFactory, PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db

URL = "/manage/players/bulk/"
LINES = "Tina Fuchs;;DE\nJan de Vries;;NL\nKees Visser;;NL\n"


@pytest.fixture
def tina():
    # the line names her without her club: a "probably existing" row to decide
    return PlayerFactory(first_name="Tina", last_name="Fuchs", club=ClubFactory(name="Rote Drachen München"))


def form_fields(page: str) -> dict:
    """What the browser sends back from the preview: the text, the checked radios, the name fields."""
    text = re.search(r'<textarea[^>]*name="rows"[^>]*>(.*?)</textarea>', page, re.S)
    fields = {"rows": text.group(1)} if text else {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or name.group(1) in ("csrfmiddlewaretoken", "file"):
            continue
        if 'type="radio"' in tag and "checked" not in tag:
            continue
        fields[name.group(1)] = value.group(1) if value else ""
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        if chosen := re.search(r'<option value="([^"]*)" selected', options):
            fields[name] = chosen.group(1)
    return fields


def post(client, fields, action="preview"):
    return client.post(URL, {**fields, "action": action}, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_choice_made_on_the_page_survives_any_number_of_previews_and_is_imported(admin_client, tina):
    tournament = TournamentFactory()
    page = post(admin_client, {"rows": LINES, "tournament": tournament.pk})
    assert f'name="decide_1" value="{tina.pk}"' in page
    fields = form_fields(page)
    fields["decide_1"] = str(tina.pk)  # "yes, that is her"
    for _preview in range(3):
        page = post(admin_client, fields)
        assert re.search(rf'name="decide_1" value="{tina.pk}"[^>]*checked', page), "the choice is gone"
        fields = form_fields(page)
    page = admin_client.post(URL, {**fields, "action": "create"}, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    text = page.content.decode()
    assert "left out" not in text
    assert Player.objects.filter(first_name="Tina").count() == 1
    assert set(Registration.objects.filter(tournament=tournament).values_list("player__last_name", flat=True)) == {
        "Fuchs", "de Vries", "Visser"}


def test_choosing_a_new_player_survives_previews_too(admin_client, tina):
    fields = form_fields(post(admin_client, {"rows": LINES}))
    fields["decide_1"] = "new"
    for _preview in range(2):
        fields = form_fields(post(admin_client, fields))
    assert fields["decide_1"] == "new"
    post(admin_client, fields, action="create")
    assert Player.objects.filter(first_name="Tina", last_name="Fuchs").count() == 2


def test_a_club_choice_survives_previews(admin_client):
    club = ClubFactory(name="Rote Drachen München")
    fields = form_fields(post(admin_client, {"rows": "Lea Stern;Rote Drachen Münchn;DE\n"}))
    assert fields["club_1"] == ""  # a typo in the club's name: asked about, left out until chosen
    fields["club_1"] = str(club.pk)
    for _preview in range(2):
        fields = form_fields(post(admin_client, fields))
    assert fields["club_1"] == str(club.pk)
    post(admin_client, fields, action="create")
    assert Player.objects.get(first_name="Lea").club == club and Club.objects.count() == 1


def test_the_preview_shows_first_and_last_name_apart_and_a_corrected_split_is_stored(admin_client):
    page = post(admin_client, {"rows": "Jan de Vries;;NL\nAnna Maria Schmidt;;DE\n"})
    assert 'name="first_1" id="first-1" value="Jan"' in page and 'name="last_1" id="last-1" value="de Vries"' in page
    fields = form_fields(page)
    assert (fields["first_2"], fields["last_2"]) == ("Anna Maria", "Schmidt")
    fields["first_2"], fields["last_2"] = "Anna", "Maria Schmidt"  # a double last name
    page = post(admin_client, fields)
    fields = form_fields(page)
    assert (fields["first_2"], fields["last_2"]) == ("Anna", "Maria Schmidt")
    post(admin_client, fields, action="create")
    assert set(Player.objects.values_list("first_name", "last_name")) == {
        ("Jan", "de Vries"), ("Anna", "Maria Schmidt")}


def test_a_corrected_split_of_other_words_is_not_taken(admin_client):
    fields = form_fields(post(admin_client, {"rows": "Jan de Vries;;NL\n"}))
    fields["first_1"], fields["last_1"] = "Piet", "Jansen"  # not a split of the line: the line wins
    post(admin_client, fields, action="create")
    assert list(Player.objects.values_list("first_name", "last_name")) == [("Jan", "de Vries")]


def test_an_error_row_names_its_player_on_the_page_and_in_the_api(admin_client, admin_api):
    page = post(admin_client, {"rows": "Jan de Vries;;XX\n"})
    assert re.search(r"<td>Jan</td><td>de Vries<br><span class=\"err\">[^<]*XX", page), page
    response = admin_api.post("/api/v1/players/bulk/", {"rows": "Jan de Vries;;XX\n", "preview": True},
                              format="json")
    entry = response.json()[0]
    assert (entry["status"], entry["first_name"], entry["last_name"]) == ("error", "Jan", "de Vries")


def test_the_api_keeps_and_reports_decisions_over_several_previews(admin_api, tina):
    tournament = TournamentFactory()
    first = admin_api.post("/api/v1/players/bulk/", {"rows": LINES, "preview": True}, format="json").json()
    assert first[0]["status"] == "similar" and first[0]["candidates"] == [tina.pk]
    decided = {"decisions": {"1": tina.pk}, "names": {"2": {"first_name": "Jan", "last_name": "de Vries"}}}
    for _preview in range(3):
        again = admin_api.post("/api/v1/players/bulk/", {"rows": LINES, "preview": True, **decided},
                               format="json").json()
        assert (again[0]["status"], again[0]["player"], again[0]["decision"], again[0]["candidates"]) == (
            "existing", tina.pk, tina.pk, [tina.pk])
    created = admin_api.post("/api/v1/players/bulk/", {"rows": LINES, "tournament": tournament.pk, **decided},
                             format="json")
    assert created.status_code == 201
    assert [e["status"] for e in created.json()] == ["existing", "new", "new"]
    assert Registration.objects.filter(tournament=tournament).count() == 3
    assert Player.objects.filter(first_name="Tina").count() == 1


def test_names_not_of_the_expected_shape_are_a_400(admin_api):
    response = admin_api.post("/api/v1/players/bulk/", {"rows": LINES, "preview": True, "names": {"1": "Tina"}},
                              format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_names"


def test_the_registration_import_page_keeps_a_choice_through_previews_too(admin_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    tournament = TournamentFactory()
    known = PlayerFactory(first_name="Jürgen", last_name="Müller", club=None)
    url = f"/manage/t/{tournament.slug}/import/"
    page = admin_client.post(url, {"file": SimpleUploadedFile("r.csv", b"Name;Verein\nMueller, Juergen;\n"),
                                   "action": "preview"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'name="decide_2" value="{known.pk}"' in page
    choice = {"decide_2": str(known.pk)}
    for _preview in range(2):  # the kept file previewed again with the choice made
        page = admin_client.post(url, {"action": "preview", **choice}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert re.search(rf'name="decide_2" value="{known.pk}"[^>]*checked', page), "the choice is gone"
        choice = {key: value for key, value in form_fields(page).items() if key.startswith("decide_")}
    admin_client.post(url, {"action": "import", **choice})
    assert list(Registration.objects.filter(tournament=tournament).values_list("player", flat=True)) == [known.pk]
