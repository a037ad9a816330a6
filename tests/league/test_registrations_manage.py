"""A tournament's registrations, removed and made substitutes from the API
(``tournaments/<id>/registrations/<player>/``) and from the tournament's manage page, through
league.services.registrations (docs/api.md "League administration")."""
import pytest

from league.models import AuditEntry, Registration
from tests.factories import PlayerFactory, TournamentFactory, UserFactory, client_for, table_with_players

pytestmark = pytest.mark.django_db


def registered(count: int = 2, **fields):
    tournament = TournamentFactory(status="registration", **fields)
    players = PlayerFactory.create_batch(count)
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
    return tournament, players


def url(tournament, player) -> str:
    return f"/api/v1/tournaments/{tournament.pk}/registrations/{player.pk}/"


# ---- the API ----

def test_an_administrator_removes_a_registration_and_it_is_logged(admin_api, admin_user):
    tournament, (anna, ben) = registered()
    assert admin_api.delete(url(tournament, anna)).status_code == 204
    assert list(Registration.objects.filter(tournament=tournament).values_list("player", flat=True)) == [ben.pk]
    entry = AuditEntry.objects.get(action="delete", model="registration")
    assert entry.user == admin_user
    assert admin_api.delete(url(tournament, anna)).status_code == 404  # gone


def test_a_seated_player_s_registration_is_not_removed(admin_api):
    table = table_with_players()
    tournament, player = table.session.tournament, table.seats.first().player
    response = admin_api.delete(url(tournament, player))
    assert response.status_code == 409 and response.json()["error"]["code"] == "already_seated"
    assert Registration.objects.filter(tournament=tournament, player=player).exists()


def test_patch_makes_a_player_a_substitute_and_back(admin_api):
    tournament, (anna, _ben) = registered()
    response = admin_api.patch(url(tournament, anna), {"substitute": True}, format="json")
    assert response.status_code == 200 and response.json()["substitute"] is True
    assert Registration.objects.get(tournament=tournament, player=anna).substitute
    assert admin_api.patch(url(tournament, anna), {"substitute": False}, format="json").json()["substitute"] is False
    assert not Registration.objects.get(tournament=tournament, player=anna).substitute


@pytest.mark.parametrize("body", [{}, {"substitute": "maybe"}, {"substitute": True, "player": 5}])
def test_patch_refuses_what_it_cannot_change(admin_api, body):
    tournament, (anna, _ben) = registered()
    response = admin_api.patch(url(tournament, anna), body, format="json")
    assert response.status_code == 400 and "error" in response.json()
    assert not Registration.objects.get(tournament=tournament, player=anna).substitute


def test_a_player_not_registered_or_a_tournament_not_visible_answers_404(admin_api):
    tournament, _players = registered()
    stranger = PlayerFactory()
    assert admin_api.delete(url(tournament, stranger)).status_code == 404
    assert admin_api.patch(url(tournament, stranger), {"substitute": True}, format="json").status_code == 404
    assert admin_api.delete(f"/api/v1/tournaments/999999/registrations/{stranger.pk}/").status_code == 404


def test_nobody_but_an_administrator_changes_registrations():
    tournament, (anna, _ben) = registered()
    for client in (client_for(None), client_for(UserFactory())):
        assert client.delete(url(tournament, anna)).status_code in (401, 403)
        assert client.patch(url(tournament, anna), {"substitute": True}, format="json").status_code in (401, 403)
    assert Registration.objects.filter(tournament=tournament, player=anna, substitute=False).exists()


# ---- the tournament's manage page ----

def test_the_manage_page_lists_the_registrations_with_their_buttons(client, admin_user):
    tournament, (anna, ben) = registered()
    seated_table = table_with_players(session=tournament.sessions.create(number=1))
    seated = seated_table.seats.first().player
    client.force_login(admin_user)
    client.cookies["django_language"] = "en"
    page = client.get(f"/manage/t/{tournament.slug}/").content.decode()
    assert f'href="/manage/players/{anna.pk}/?next=' in page  # the name leads to the player's details
    assert f'name="remove" value="{anna.pk}"' in page and f'name="substitute" value="{ben.pk}"' in page
    assert f'name="remove" value="{seated.pk}"' not in page and "withdraw in the control room" in page


def test_the_manage_page_removes_and_makes_substitutes(client, admin_user):
    tournament, (anna, ben) = registered()
    client.force_login(admin_user)
    client.cookies["django_language"] = "en"
    action = f"/manage/t/{tournament.slug}/registrations/"
    response = client.post(action, {"substitute": str(ben.pk)}, follow=True)
    assert response.redirect_chain[-1][0] == f"/manage/t/{tournament.slug}/#registrations"
    assert "is a substitute now" in response.content.decode()
    assert Registration.objects.get(tournament=tournament, player=ben).substitute
    assert f'name="regular" value="{ben.pk}"' in response.content.decode()
    client.post(action, {"regular": str(ben.pk)})
    assert not Registration.objects.get(tournament=tournament, player=ben).substitute
    response = client.post(action, {"remove": str(anna.pk)}, follow=True)
    assert "is no longer registered" in response.content.decode()
    assert not Registration.objects.filter(tournament=tournament, player=anna).exists()
    assert client.post(action, {"remove": str(anna.pk)}).status_code == 404


def test_the_manage_page_says_why_a_seated_player_stays(client, admin_user):
    table = table_with_players()
    tournament, player = table.session.tournament, table.seats.first().player
    client.force_login(admin_user)
    client.cookies["django_language"] = "en"
    response = client.post(f"/manage/t/{tournament.slug}/registrations/", {"remove": str(player.pk)}, follow=True)
    assert "withdraw the player in the control room" in response.content.decode()
    assert Registration.objects.filter(tournament=tournament, player=player).exists()


def test_the_manage_page_s_buttons_are_for_administrators_only(client):
    tournament, (anna, _ben) = registered()
    action = f"/manage/t/{tournament.slug}/registrations/"
    assert client.post(action, {"remove": str(anna.pk)}).status_code == 302  # to the login page
    client.force_login(UserFactory())
    assert client.post(action, {"remove": str(anna.pk)}).status_code == 403
    assert Registration.objects.filter(tournament=tournament, player=anna).exists()
