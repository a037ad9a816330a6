"""Guards that are easy to lose: login brakes, what the public can reach, rules that freeze."""
import pytest
from django.core.cache import cache
from django.core.files.base import ContentFile

from league.models import Export
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_the_admin_login_locks_after_five_failures(client):
    AdminFactory(username="boss")
    statuses = [client.post("/admin/login/", {"username": "boss", "password": "wrong"}).status_code
                for _ in range(6)]
    assert statuses[:5] == [200] * 5 and statuses[5] == 429


def test_the_admin_login_still_logs_in(client):
    AdminFactory(username="boss")
    response = client.post("/admin/login/?next=/admin/", {"username": "boss", "password": "secret-pass-123"})
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_a_forged_forwarded_for_header_does_not_escape_the_token_rate_limit(api):
    AdminFactory(username="boss")
    statuses = [api.post("/api/v1/auth/token/", {"username": "boss", "password": "wrong"},
                         HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code for n in range(12)]
    assert 429 in statuses


def test_the_right_password_gets_a_token(api):
    AdminFactory(username="boss")
    response = api.post("/api/v1/auth/token/", {"username": "boss", "password": "secret-pass-123"})
    assert response.status_code == 200 and len(response.json()["token"]) == 40


def test_export_files_are_not_served_from_the_media_address(client):
    export = Export.objects.create(kind="ema-csv", tournament=TournamentFactory(published=False))
    export.file.save("secret.csv", ContentFile(b"Place,Name"), save=True)
    assert client.get(f"/media/{export.file.name}").status_code == 404


def test_a_tournaments_ruleset_freezes_once_hands_are_played(admin_api):
    table = table_with_players()
    tournament = table.session.tournament
    assert admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"options": {"upper_limit": 3000}},
                           format="json").status_code == 200
    assert admin_api.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 201
    response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"ruleset": "riichi-ema"}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "rules_frozen"
    assert admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"name": "Renamed"},
                           format="json").status_code == 200
    assert admin_api.get(f"/api/v1/tables/{table.pk}/").status_code == 200


def test_deleting_a_player_who_has_played_is_a_409_not_a_500(admin_api):
    table = table_with_players()
    player = table.seats.first().player
    response = admin_api.delete(f"/api/v1/players/{player.pk}/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "in_use"
    assert admin_api.delete(f"/api/v1/players/{PlayerFactory().pk}/").status_code == 204


@pytest.mark.parametrize("country", ["ß", "D", "DEU", "1A", "ÄÖ"])
def test_a_country_must_be_two_latin_letters(admin_api, country):
    response = admin_api.post("/api/v1/players/", {"first_name": "A", "last_name": "B", "country": country},
                              format="json")
    assert response.status_code == 400 and "country" in response.json()["error"]["fields"]


def test_a_logged_in_referee_opening_the_admin_sees_the_staff_login_not_a_redirect_loop(client):
    from tests.factories import UserFactory

    client.force_login(UserFactory(username="ref"))
    first = client.get("/admin/")
    assert first.status_code == 302 and first["Location"].startswith("/admin/login/")
    assert client.get(first["Location"]).status_code == 200


def test_the_admin_form_refuses_a_correct_password_of_someone_who_is_not_staff(client):
    from tests.factories import UserFactory

    UserFactory(username="ref")
    response = client.post("/admin/login/", {"username": "ref", "password": "secret-pass-123"},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and "staff account" in response.content.decode()


def test_the_admin_login_form_leads_to_the_admin(client):
    AdminFactory(username="boss")
    form = client.get("/admin/login/").content.decode()
    assert 'name="next" value="/admin/"' in form
    response = client.post("/admin/login/", {"username": "boss", "password": "secret-pass-123", "next": "/admin/"})
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_a_locked_login_says_so_once(client):
    AdminFactory(username="boss")
    for _ in range(5):
        client.post("/login/", {"username": "boss", "password": "wrong"})
        client.post("/admin/login/", {"username": "boss", "password": "wrong"})
    for url in ("/login/", "/admin/login/"):
        response = client.post(url, {"username": "boss", "password": "secret-pass-123"}, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 429
        assert response.content.decode().count("Too many failed attempts") == 1
