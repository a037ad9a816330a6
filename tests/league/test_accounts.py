"""Players' own accounts (docs/api.md "Players at the table", "Privacy"): a claim is confirmed by its
e-mailed link when the address is on file and by an administrator otherwise; until then the login
does not work; one user ↔ one player; ``me/`` shows my open table, ``PATCH me/`` my name in public,
``me/export/`` everything stored about me, ``me/erase/`` erases me without changing any standing."""
import datetime
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from rest_framework.test import APIClient

from league.models import AccountClaim, AuditEntry, Player, Signup, Tournament
from league.services.players import player_erase
from league.services.rankings import rankings_recompute
from league.services.standings import standings_recompute
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    client_for,
    table_with_hands,
    table_with_players,
)
from tests.league.test_privacy import rows_of_results

pytestmark = pytest.mark.django_db
PASSWORD = "tiles-and-winds-42"


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def player():
    """Anna, who signed up for a tournament with anna@example.org (confirmed, approved)."""
    table = table_with_players(players=[PlayerFactory(first_name="Anna", last_name="Bergmeister"),
                                        *PlayerFactory.create_batch(3)])
    anna = table.seats.get(position=0).player
    Signup.objects.create(tournament=table.session.tournament, first_name="Anna", last_name="Bergmeister",
                          email="anna@example.org", token="t-anna", status="approved", player=anna, vouches=True,
                          registration=anna.registrations.get(), confirmed_at=datetime.datetime.now(datetime.UTC))
    return anna


def claim(api, player, *, email="anna@example.org", username="anna", password=PASSWORD, capture=None):
    body = {"player": player.pk, "email": email, "username": username, "password": password}
    if capture is None:
        return api.post("/api/v1/account/claim/", body, format="json")
    with capture(execute=True):
        return api.post("/api/v1/account/claim/", body, format="json")


def link_in(message) -> str:
    return re.search(r"https?://\S+/account/confirm/\S+/", message.body).group(0)


def can_log_in(username: str) -> bool:
    return APIClient().login(username=username, password=PASSWORD)


def test_a_claim_with_the_address_on_file_opens_the_account_by_its_link(
        api, client, player, django_capture_on_commit_callbacks):
    response = claim(api, player, capture=django_capture_on_commit_callbacks)

    assert response.status_code == 202, response.content
    assert response.json() == {"status": "unconfirmed"}  # no id: a taken user name is answered alike
    assert not can_log_in("anna")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["anna@example.org"]
    link = link_in(mail.outbox[0])
    assert client.get(link).status_code == 200  # opening the page alone confirms nothing
    assert AccountClaim.objects.get().status == "unconfirmed"

    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(link).status_code == 200

    player.refresh_from_db()
    assert AccountClaim.objects.get().status == "approved"
    assert player.user.username == "anna" and player.user.is_active
    login = client.post("/login/", {"username": "anna", "password": PASSWORD})
    assert login.status_code == 302 and login["Location"] == "/me/"


def test_a_claim_with_another_address_waits_for_an_administrator(
        api, admin_api, client, player, django_capture_on_commit_callbacks):
    response = claim(api, player, email="someone@example.net", capture=django_capture_on_commit_callbacks)
    assert response.json()["status"] == "unconfirmed"  # the same answer: no hint which address is on file
    client.post(link_in(mail.outbox[0]))
    found = AccountClaim.objects.get()
    assert found.status == "pending" and not can_log_in("anna")

    listed = admin_api.get("/api/v1/account/claims/?status=pending").json()
    assert [(c["id"], c["player"], c["username"], c["email"], c["on_file"]) for c in listed] == [
        (found.pk, player.pk, "anna", "someone@example.net", False)]
    decided = admin_api.patch(f"/api/v1/account/claims/{found.pk}/", {"status": "approved"}, format="json")

    assert decided.status_code == 200 and decided.json()["status"] == "approved"
    assert Player.objects.get(pk=player.pk).user.username == "anna" and can_log_in("anna")
    again = admin_api.patch(f"/api/v1/account/claims/{found.pk}/", {"status": "rejected"}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "claim_decided"


def test_an_administrator_approves_even_before_the_link_is_opened_and_other_claims_are_answered(
        api, admin_api, player):
    claim(api, player, email="one@example.net", username="one")
    claim(api, player, email="two@example.net", username="two")
    first, second = AccountClaim.objects.order_by("pk")
    claim(api, PlayerFactory(), email="three@example.net", username="three")

    admin_api.patch(f"/api/v1/account/claims/{first.pk}/", {"status": "approved"}, format="json")

    assert AccountClaim.objects.get(pk=second.pk).status == "rejected"
    listed = [(c["username"], c["status"]) for c in admin_api.get("/api/v1/account/claims/").json()]
    assert listed[0] == ("three", "unconfirmed")  # open claims first, then the latest decided
    assert sorted(listed[1:]) == [("one", "approved"), ("two", "rejected")]
    assert can_log_in("one") and not can_log_in("two")


def test_a_claimed_player_refuses_a_second_claim(api, player):
    player.user = UserFactory()
    player.save()

    response = claim(api, player, username="other")

    assert response.status_code == 409 and response.json()["error"]["code"] == "player_claimed"
    assert not get_user_model().objects.filter(username="other").exists()


def test_an_erased_player_cannot_be_claimed(api, player):
    player_erase(player=player, user=None)
    response = claim(api, Player.objects.get(pk=player.pk))
    assert response.status_code == 409 and response.json()["error"]["code"] == "player_erased"
    assert not AccountClaim.objects.exists()


@pytest.mark.parametrize(("field", "value", "status", "code"), [
    ("password", "12345678", 400, "invalid"),
    ("password", "anna", 400, "invalid"),
    ("username", "has space", 400, "invalid"),
    ("email", "not-an-address", 400, "invalid"),
    ("player", 999999, 400, "invalid"),
])
def test_a_claim_with_a_bad_field_is_refused_and_makes_no_user(api, player, field, value, status, code):
    body = {"player": player.pk, "email": "anna@example.org", "username": "anna", "password": PASSWORD,
            field: value}
    response = api.post("/api/v1/account/claim/", body, format="json")

    assert response.status_code == status and response.json()["error"]["code"] == code
    assert field in response.json()["error"]["fields"]
    assert not get_user_model().objects.exists() and not AccountClaim.objects.exists()


def test_a_taken_user_name_makes_no_claim_and_is_told_by_e_mail_not_in_the_answer(api, player):
    UserFactory(username="Anna")
    response = claim(api, player, username="anna")
    assert response.status_code == 202 and not AccountClaim.objects.exists()


def test_claims_are_rate_limited_per_address(api, settings):
    settings.CLAIM_RATE_PER_HOUR = 2
    players = PlayerFactory.create_batch(3)
    answers = [claim(api, p, username=f"u{p.pk}", email=f"u{p.pk}@example.org").status_code for p in players]
    assert answers == [202, 202, 429]


def test_a_bad_or_expired_link_confirms_nothing(api, client, player, settings, django_capture_on_commit_callbacks):
    claim(api, player, capture=django_capture_on_commit_callbacks)
    link = link_in(mail.outbox[0])
    assert client.post(link[:-3] + "xx/").status_code == 404
    settings.CLAIM_LINK_DAYS = -1
    assert client.post(link).status_code == 410
    assert AccountClaim.objects.get().status == "unconfirmed"


def linked(player, **user_fields):
    user = UserFactory(**user_fields)
    player.user = user
    player.save()
    return user


def test_me_shows_my_open_table_with_winds_and_tablemates_and_my_tournaments(player):
    user = linked(player)
    table = player.seats.get().table

    me = client_for(user).get("/api/v1/me/").json()

    assert me["user"] == {"id": user.pk, "username": user.username}
    assert me["player"]["id"] == player.pk
    assert [(t["id"], t["session"], t["number"], t["wind"]) for t in me["tables"]] == [(table.pk, 1, 1, "E")]
    assert [s["wind"] for s in me["tables"][0]["seats"]] == ["E", "S", "W", "N"]
    assert me["tournaments"] == [table.session.tournament_id]
    assert "@" not in json.dumps(me)
    table.closed = True
    table.save()
    assert client_for(user).get("/api/v1/me/").json()["tables"] == []


def test_an_account_without_a_player_reads_an_empty_me_and_its_own_data_and_cannot_change_or_erase(player):
    user = UserFactory()
    caller = client_for(user)
    assert caller.get("/api/v1/me/").json() == {"user": {"id": user.pk, "username": user.username},
                                                 "player": None, "tables": [], "tournaments": []}
    refused = [caller.patch("/api/v1/me/", {"public_name": "initials"}, format="json"),
               caller.post("/api/v1/me/erase/")]
    assert [(r.status_code, r.json()["error"]["code"]) for r in refused] == [(409, "no_player")] * 2
    export = caller.get("/api/v1/me/export/").json()
    assert export["account"]["username"] == user.username and export["player"] is None
    assert get_user_model().objects.filter(pk=user.pk).exists()


def test_a_player_shortens_their_name_and_the_public_page_follows(client, player):
    user = linked(player)
    assert "Bergmeister" in client.get(f"/p/{player.pk}/").content.decode()

    response = client_for(user).patch("/api/v1/me/", {"public_name": "initials"}, format="json")

    assert response.status_code == 200 and response.json()["player"]["last_name"] == "B."
    page = client.get(f"/p/{player.pk}/").content.decode()
    assert "Anna B." in page and "Bergmeister" not in page


def test_my_export_holds_everything_stored_about_me_but_the_password(player):
    user = linked(player, email="anna@example.org")
    AccountClaim.objects.create(player=player, user=user, email="anna@example.org", status="approved")

    response = client_for(user).get("/api/v1/me/export/")

    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    data = response.json()
    assert data["player"]["last_name"] == "Bergmeister"
    assert [s["position"] for s in data["related"]["seat"]] == [0]
    assert len(data["related"]["registration"]) == 1
    assert [s["email"] for s in data["related"]["signup"]] == ["anna@example.org"]
    assert data["account"]["username"] == user.username and "password" not in data["account"]
    assert [c["status"] for c in data["claims"]] == ["approved"]


def test_erasing_myself_keeps_every_standing_and_ranking_and_deletes_the_account(client):
    season = SeasonFactory()
    players = [PlayerFactory(first_name=f"P{i}", last_name=f"Zauberkraut{i}") for i in range(4)]
    table = table_with_hands(count=3, players=players, season=season)
    Tournament.objects.filter(pk=table.session.tournament_id).update(status=Tournament.Status.FINISHED)
    standings_recompute(tournament=table.session.tournament)
    rankings_recompute(season=season)
    me = players[0]
    user = linked(me, username="zauber", email="z@example.org")
    user.set_password(PASSWORD)
    user.save()
    before = rows_of_results()
    client.login(username="zauber", password=PASSWORD)

    response = client.post("/api/v1/me/erase/")

    assert response.status_code == 200 and response.json() == {"player": me.pk, "status": "erased"}
    me.refresh_from_db()
    assert (me.first_name, me.last_name, me.user_id) == ("Anonymous", str(me.pk), None)
    assert not get_user_model().objects.filter(username="zauber").exists()
    assert rows_of_results() == before
    entry = AuditEntry.objects.get(action="erase")
    assert entry.user is None and entry.username == "" and entry.details["by_the_player"] is True
    assert client.get("/api/v1/me/").status_code in (401, 403)  # logged out


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_me_page_shows_my_table_my_tablemates_and_its_session(client, player, language):
    user = linked(player)
    client.force_login(user)
    table = player.seats.get().table
    mates = [seat.player for seat in table.seats.order_by("position")]

    client.get(f"/lang/{language}/")
    page = client.get("/me/")

    assert page.status_code == 200
    text = page.content.decode()
    assert f"/t/{table.session.tournament.slug}/session/1/#table-1" in text  # its score sheet: test_me_page.py
    assert all(str(mate) in text for mate in mates)
    assert "anna@example.org" not in text
    assert ('lang="de"' if language == "de" else 'lang="en"') in text


def test_the_me_page_sends_a_visitor_to_the_login(client):
    response = client.get("/me/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_player_sets_the_public_name_and_erases_from_the_me_pages(client, player):
    user = linked(player)
    client.force_login(user)
    client.post("/me/", {"public_name": "initials"})
    assert Player.objects.get(pk=player.pk).public_name == "initials"
    assert client.post("/me/erase/", {}).status_code == 400
    assert Player.objects.get(pk=player.pk).first_name == "Anna"

    response = client.post("/me/erase/", {"confirm": "on"})

    assert response.status_code == 302
    assert Player.objects.get(pk=player.pk).first_name == "Anonymous"
    assert not get_user_model().objects.filter(pk=user.pk).exists()


def test_the_claim_page_and_the_administrators_page_work_end_to_end(client, player, django_capture_on_commit_callbacks):
    page = client.get(f"/account/claim/?player={player.pk}")
    assert page.status_code == 200 and 'type="password"' in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(f"/account/claim/?player={player.pk}",
                           {"player": player.pk, "email": "new@example.net", "username": "anna", "password": "short"})
    assert sent.status_code == 400 and not AccountClaim.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(f"/account/claim/?player={player.pk}",
                           {"player": player.pk, "email": "new@example.net", "username": "anna",
                            "password": PASSWORD})
    assert sent.status_code == 202
    client.post(link_in(mail.outbox[-1]))
    found = AccountClaim.objects.get()
    assert found.status == "pending"

    admin = AdminFactory()
    client.force_login(admin)
    assert "Account claims (1 waiting)" in client.get("/manage/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    listing = client.get("/manage/claims/").content.decode()
    assert "new@example.net" in listing and "Bergmeister" in listing
    client.post("/manage/claims/", {"claim": found.pk, "status": "approved"})

    assert Player.objects.get(pk=player.pk).user_id == found.user_id
    assert "ask for an account" not in client.get(f"/p/{player.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_my_export_leaves_out_claims_of_me_by_others_and_their_addresses(player):
    user = linked(player, email="anna@example.org")
    AccountClaim.objects.create(player=player, user=user, email="anna@example.org", status="approved")
    stranger = UserFactory(username="impostor", is_active=False)
    AccountClaim.objects.create(player=player, user=stranger, email="impostor@example.net", status="rejected")

    response = client_for(user).get("/api/v1/me/export/")

    assert response.status_code == 200
    assert "impostor@example.net" not in response.content.decode()
    assert [c["email"] for c in response.json()["claims"]] == ["anna@example.org"]


def test_a_rejected_sign_up_of_the_player_does_not_vouch_for_its_address(
        api, client, player, django_capture_on_commit_callbacks):
    # an administrator approved a stranger's sign-up as Anna, saw the mistake and rejected it
    Signup.objects.create(tournament=player.registrations.get().tournament, first_name="Anna",
                          last_name="Bergmeister", email="mallory@example.net", token="t-mallory",
                          status="rejected", player=player, vouches=True,
                          confirmed_at=datetime.datetime.now(datetime.UTC))

    claim(api, player, email="mallory@example.net", username="mallory", capture=django_capture_on_commit_callbacks)
    client.post(link_in(mail.outbox[0]))

    assert AccountClaim.objects.get().status == "pending" and not can_log_in("mallory")
    player.refresh_from_db()
    assert player.user is None


def test_a_mail_server_that_is_down_leaves_the_claim_stored_for_an_administrator_not_a_500(
        api, admin_api, player, monkeypatch, django_capture_on_commit_callbacks):
    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("django.core.mail.send_mail", refuse)
    response = claim(api, player, capture=django_capture_on_commit_callbacks)

    assert response.status_code == 202
    listed = admin_api.get("/api/v1/account/claims/?status=unconfirmed").json()
    assert [c["username"] for c in listed] == ["anna"]


def test_a_rejected_claims_user_name_may_be_chosen_again_and_the_rejected_claim_keeps_its_history(
        api, admin_api, player):
    claim(api, player, email="someone@example.net", username="anna")
    first = AccountClaim.objects.get()
    admin_api.patch(f"/api/v1/account/claims/{first.pk}/", {"status": "rejected"}, format="json")

    again = claim(api, player, email="anna@example.org", username="anna")

    assert again.status_code == 202, again.content
    listed = {(c["username"], c["status"]) for c in admin_api.get("/api/v1/account/claims/").json()}
    assert listed == {("anna", "unconfirmed"), (f"anna (rejected claim {first.pk})", "rejected")}


def test_the_user_name_of_an_open_or_approved_claim_stays_taken(api, admin_api, player):
    claim(api, player, email="someone@example.net", username="anna")
    response = claim(api, PlayerFactory(), email="other@example.net", username="Anna")
    assert response.status_code == 202 and AccountClaim.objects.filter(user__username__iexact="anna").count() == 1
