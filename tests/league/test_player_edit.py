"""Editing a player from the site: /manage/players/<id>/ and the API's players/<id>/ through one
service (league.services.players.player_update), each change logged with what it was before."""
import pytest

from league.errors import ServiceError
from league.models import AuditEntry, Player
from league.services.players import player_erase, player_update
from tests.factories import ClubFactory, PlayerFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_service_saves_what_changed_and_logs_before_and_after(admin_user):
    drachen, tiger = ClubFactory(name="Drachen"), ClubFactory(name="Tiger")
    player = PlayerFactory(first_name="Jan", last_name="Vries", club=drachen)
    player_update(player=player, data={"first_name": " Jan ", "last_name": "de  Vries", "club": tiger,
                                       "country": "nl", "ema_id": "04990001", "public_name": "initials"},
                  user=admin_user)
    player.refresh_from_db()
    assert (player.first_name, player.last_name, player.club, player.country, player.ema_id, player.public_name) == (
        "Jan", "de Vries", tiger, "NL", "04990001", "initials")
    entry = AuditEntry.objects.get(action="edit", model="player", object_id=str(player.pk))
    assert entry.user == admin_user
    assert entry.details["changed"]["last_name"] == ["Vries", "de Vries"]
    assert entry.details["changed"]["club"] == [drachen.pk, tiger.pk]
    assert "first_name" not in entry.details["changed"]  # the same after trimming: not a change
    player_update(player=player, data={"first_name": "Jan"}, user=admin_user)
    assert AuditEntry.objects.filter(action="edit").count() == 1  # nothing changed, nothing logged


@pytest.mark.parametrize(("data", "code", "field"), [
    ({"last_name": ""}, "required", "last_name"),
    ({"country": "Deutschland"}, "invalid_country", "country"),
    ({"ema_id": "123"}, "invalid_ema_id", "ema_id"),
    ({"first_name": "An\u202ena"}, "hidden_characters", "first_name"),
    ({"public_name": "nick"}, "invalid_public_name", "public_name"),
    ({"user": None}, "unknown_field", None),
])
def test_the_service_refuses_bad_details_and_stores_nothing(data, code, field):
    player = PlayerFactory(first_name="Anna", last_name="Berg")
    with pytest.raises(ServiceError) as refused:
        player_update(player=player, data=data)
    assert refused.value.code == code and (field is None or field in refused.value.fields)
    player.refresh_from_db()
    assert (player.first_name, player.last_name, player.country) == ("Anna", "Berg", "DE")
    assert not AuditEntry.objects.exists()


def test_an_ema_number_another_player_has_is_refused():
    PlayerFactory(ema_id="04990001")
    with pytest.raises(ServiceError) as refused:
        player_update(player=PlayerFactory(), data={"ema_id": "04990001"})
    assert refused.value.code == "ema_id_taken" and refused.value.status == 409


def test_an_erasure_also_empties_the_details_of_earlier_edits(admin_user):
    player = PlayerFactory(first_name="Anna", last_name="Berg")
    player_update(player=player, data={"last_name": "Berger"}, user=admin_user)
    player_erase(player=player, user=admin_user)
    edit = AuditEntry.objects.get(action="edit")
    assert edit.details == {} and "Berg" not in edit.object_repr


def test_the_api_edits_through_the_service(admin_api, admin_user):
    player = PlayerFactory(last_name="Vries")
    response = admin_api.patch(f"/api/v1/players/{player.pk}/", {"last_name": "de Vries"}, format="json")
    assert response.status_code == 200 and response.json()["last_name"] == "de Vries"
    assert AuditEntry.objects.get(action="edit").details["changed"] == {"last_name": ["Vries", "de Vries"]}


def test_the_page_shows_the_player_and_saves_a_change(client, admin_user):
    club = ClubFactory(name="Rote Drachen München")
    player = PlayerFactory(first_name="Tina", last_name="Fuchs", ema_id="")
    tournament = TournamentFactory()
    client.force_login(admin_user)
    client.cookies["django_language"] = "en"
    back = f"/manage/t/{tournament.slug}/"
    page = client.get(f"/manage/players/{player.pk}/?next={back}").content.decode()
    assert 'value="Tina"' in page and 'value="Fuchs"' in page and "Rote Drachen München" in page
    response = client.post(f"/manage/players/{player.pk}/?next={back}", {
        "first_name": "Tina", "last_name": "Fuchs", "club": club.pk, "country": "at", "ema_id": "04990077",
        "public_name": "full", "next": back}, follow=True)
    assert response.redirect_chain[-1][0] == back and "Tina Fuchs is saved." in response.content.decode()
    player.refresh_from_db()
    assert (player.club, player.country, player.ema_id) == (club, "AT", "04990077")


def test_the_page_shows_the_service_s_error_on_its_field(client, admin_user):
    PlayerFactory(ema_id="04990001")
    player = PlayerFactory()
    client.force_login(admin_user)
    client.cookies["django_language"] = "en"
    response = client.post(f"/manage/players/{player.pk}/", {
        "first_name": player.first_name, "last_name": player.last_name, "club": "", "country": "DE",
        "ema_id": "04990001", "public_name": "full"})
    assert response.status_code == 400
    assert 'id="err_ema_id"' in response.content.decode()
    assert "Another player already has this EMA number." in response.content.decode()
    assert Player.objects.get(pk=player.pk).ema_id == ""


def test_the_page_does_not_send_anyone_to_another_site(client, admin_user):
    player = PlayerFactory()
    client.force_login(admin_user)
    response = client.post(f"/manage/players/{player.pk}/", {
        "first_name": "A", "last_name": "B", "club": "", "country": "DE", "ema_id": "", "public_name": "full",
        "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == f"/manage/players/{player.pk}/"


def test_an_unknown_player_is_404_and_only_administrators_edit(client, admin_user):
    player = PlayerFactory()
    assert client.get(f"/manage/players/{player.pk}/").status_code == 302  # to the login page
    client.force_login(UserFactory())
    assert client.get(f"/manage/players/{player.pk}/").status_code == 403
    assert client.post(f"/manage/players/{player.pk}/", {"first_name": "X"}).status_code == 403
    client.force_login(admin_user)
    assert client.get("/manage/players/999999/").status_code == 404


def test_the_player_page_links_administrators_to_the_edit(client, admin_user):
    player = PlayerFactory()
    edit = f'href="/manage/players/{player.pk}/"'
    assert edit not in client.get(f"/p/{player.pk}/").content.decode()
    client.force_login(admin_user)
    assert edit in client.get(f"/p/{player.pk}/").content.decode()


def test_a_player_made_through_the_api_is_kept_as_an_edit_would_keep_it(admin_api):
    """The API's create goes through league.services.players.player_create: the same rules as a change."""
    response = admin_api.post("/api/v1/players/", {"first_name": "Ada  Maria", "last_name": "de  Vries",
                                                   "country": "nl"}, format="json")
    assert response.status_code == 201
    player = Player.objects.get(pk=response.json()["id"])
    assert (player.first_name, player.last_name, player.country) == ("Ada Maria", "de Vries", "NL")
