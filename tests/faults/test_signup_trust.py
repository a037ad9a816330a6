"""Issue 25, finding 1: a stranger un-registered a real player. A public sign-up that named
someone else's EMA number was matched to that player on approval (the administrator saw only the
typed name), and the stranger's "withdraw" link then deleted the real player's registration; a
sign-up named ``<script>…`` registered an existing player the same way. Now the administrator sees
the match and every difference (page and API), must say who the sign-up is when it differs, and a
sign-up never takes over a registration it did not create."""
import re

import pytest
from django.core import mail
from django.utils import timezone

from league.models import AccountClaim, Player, Registration, Signup
from league.services.tournaments import registration_create
from tests.factories import AdminFactory, ClubFactory, PlayerFactory, TournamentFactory, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return TournamentFactory(registration_open=True, status="registration")


@pytest.fixture
def real_player():
    return PlayerFactory(first_name="Erika", last_name="Mustermann", ema_id="04990001",
                         club=ClubFactory(name="Drachen Kiel"))


def confirmed_signup(tournament, *, first_name="Erika", last_name="Mustermann", email="erika@example.org",
                     ema_id="", club="") -> Signup:
    return Signup.objects.create(tournament=tournament, first_name=first_name, last_name=last_name, email=email,
                                 ema_id=ema_id, club=club, status=Signup.Status.PENDING,
                                 token=f"token-{email}", confirmed_at=timezone.now())


def decide(tournament, signup, **body):
    return client_for(AdminFactory()).patch(f"/api/v1/tournaments/{tournament.pk}/signups/{signup.pk}/",
                                            {"status": "approved", **body}, format="json")


def test_a_stranger_with_someones_ema_number_is_not_registered_as_them_unasked(tournament, real_player):
    stranger = confirmed_signup(tournament, first_name="Mallory", last_name="Evil", email="m@example.org",
                                ema_id=real_player.ema_id)
    response = decide(tournament, stranger)
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "signup_matches_player"
    assert error["match"]["player"] == real_player.pk and error["match"]["by"] == "ema_id"
    assert {d["field"]: (d["signup"], d["player"]) for d in error["match"]["differences"]} == {
        "first_name": ("Mallory", "Erika"), "last_name": ("Evil", "Mustermann")}
    assert not Registration.objects.filter(tournament=tournament).exists()


def test_the_administrators_list_shows_the_match_and_its_differences(tournament, real_player, client):
    confirmed_signup(tournament, first_name="Mallory", last_name="Evil", email="m@example.org",
                     ema_id=real_player.ema_id)
    admin = AdminFactory()
    row = client_for(admin).get(f"/api/v1/tournaments/{tournament.pk}/signups/").json()[0]
    assert row["match"]["player"] == real_player.pk and row["match"]["last_name"] == "Mustermann"
    assert [d["field"] for d in row["match"]["differences"]] == ["first_name", "last_name"]
    client.force_login(admin)
    page = client.get(f"/manage/t/{tournament.slug}/signups/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Erika Mustermann" in page and "Mallory" in page and "04990001" in page
    assert f'name="player" value="{real_player.pk}"' in page and 'name="player" value="new"' in page


def test_a_stranger_cannot_withdraw_a_real_players_registration(tournament, real_player, client):
    registration_create(tournament=tournament, player=real_player)
    stranger = confirmed_signup(tournament, email="m@example.org", ema_id=real_player.ema_id)
    response = decide(tournament, stranger)
    assert response.status_code == 409 and response.json()["error"]["code"] == "already_registered"
    client.post(f"/signup/{stranger.token}/", {"action": "withdraw"})
    assert Registration.objects.filter(tournament=tournament, player=real_player).exists()


def test_confirmed_as_new_the_stranger_gets_a_player_of_their_own_and_withdraws_only_that(
        tournament, real_player, client):
    registration_create(tournament=tournament, player=real_player)
    stranger = confirmed_signup(tournament, first_name="Mallory", last_name="Evil", email="m@example.org",
                                ema_id=real_player.ema_id)
    assert decide(tournament, stranger, player="new").status_code == 200
    newcomer = Player.objects.get(last_name="Evil")
    assert newcomer.ema_id == "" and Registration.objects.filter(tournament=tournament).count() == 2
    client.post(f"/signup/{stranger.token}/", {"action": "withdraw"})
    assert list(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True)) == [
        real_player.pk]


def test_a_script_named_sign_up_registers_nobody_without_the_administrator(tournament, real_player, client):
    script = confirmed_signup(tournament, first_name="<script>alert(1)</script>", last_name="x",
                              email="x@example.org", ema_id=real_player.ema_id)
    assert decide(tournament, script).status_code == 409
    assert not Registration.objects.filter(tournament=tournament).exists()
    client.force_login(AdminFactory())
    page = client.get(f"/manage/t/{tournament.slug}/signups/").content.decode()
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page


def test_the_administrator_confirms_the_match_and_the_player_is_registered(tournament, real_player):
    signup = confirmed_signup(tournament, first_name="Erika", last_name="Mustermann-Weber", ema_id="04990001")
    assert decide(tournament, signup, player=real_player.pk).status_code == 200
    assert Registration.objects.get(tournament=tournament).player == real_player


def test_only_the_matching_player_can_be_chosen(tournament, real_player):
    signup = confirmed_signup(tournament, first_name="Mallory", last_name="Evil", ema_id=real_player.ema_id)
    response = decide(tournament, signup, player=PlayerFactory().pk)
    assert response.status_code == 400 and "player" in response.json()["error"]["fields"]


def test_a_sign_up_identical_to_the_player_is_approved_as_them(tournament, real_player):
    signup = confirmed_signup(tournament, ema_id="04990001", club="Drachen Kiel")
    assert decide(tournament, signup).status_code == 200
    assert Registration.objects.get(tournament=tournament).player == real_player


def claimed_with(api, client, player, email, capture) -> AccountClaim:
    """A claim of ``player``'s account for ``email``, its e-mailed link opened."""
    body = {"player": player.pk, "email": email, "username": email.split("@")[0], "password": "tiles-and-winds-42"}
    with capture(execute=True):
        assert api.post("/api/v1/account/claim/", body, format="json").status_code == 202
    link = re.search(r"https?://\S+/account/confirm/\S+/", mail.outbox[-1].body).group(0)
    with capture(execute=True):
        client.post(link)
    return AccountClaim.objects.get(player=player)


def test_a_stranger_approved_under_a_players_exact_name_cannot_open_their_account_by_the_link(
        tournament, real_player, api, client, settings, django_capture_on_commit_callbacks):
    """A sign-up with only the player's name (no club, no EMA number) looks like them and is approved
    as them; its address must not then count as the player's own: the stranger's claim waits for an
    administrator instead of opening the account."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    signup = confirmed_signup(tournament, email="mallory@example.net")
    assert decide(tournament, signup).status_code == 200
    assert Registration.objects.get(tournament=tournament).player == real_player

    claim = claimed_with(api, client, real_player, "mallory@example.net", django_capture_on_commit_callbacks)

    assert (claim.on_file, claim.status) == (False, "pending")
    real_player.refresh_from_db()
    assert real_player.user is None


def test_a_sign_up_the_administrator_confirmed_as_the_player_opens_their_claim_by_the_link(
        tournament, real_player, api, client, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    signup = confirmed_signup(tournament, last_name="Mustermann-Weber", ema_id="04990001")
    assert decide(tournament, signup, player=real_player.pk).status_code == 200

    claim = claimed_with(api, client, real_player, "erika@example.org", django_capture_on_commit_callbacks)

    assert (claim.on_file, claim.status) == (True, "approved")


def test_a_sign_up_that_made_a_new_player_opens_that_players_claim_by_the_link(
        tournament, api, client, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    signup = confirmed_signup(tournament, first_name="Neele", last_name="Neu", email="neele@example.org")
    assert decide(tournament, signup).status_code == 200
    newcomer = Registration.objects.get(tournament=tournament).player

    claim = claimed_with(api, client, newcomer, "neele@example.org", django_capture_on_commit_callbacks)

    assert (claim.on_file, claim.status) == (True, "approved")
