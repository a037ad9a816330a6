"""Issue 39, finding 1: sign-ups were a player's by e-mail address. Two players who signed up with
one family address: when one claimed her account and erased herself, the other's sign-up was
deleted (his withdrawal link answered 404), and before that her Me page and ``me/export`` listed his
sign-up with its secret token, whose page withdraws him. An administrator who approved a claim
before its link was opened gave the claimant every sign-up of the (unproven) address. A player's
sign-ups are those linked to that player (``Signup.player`` or the registration it made), never
those sharing an address."""
import datetime
from importlib import import_module

import pytest
from django.apps import apps

from league.models import AccountClaim, Registration, Signup
from league.services.accounts import claim_confirm, claim_create, claim_decide, claim_token
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, client_for

pytestmark = pytest.mark.django_db
FAMILY = "family@example.org"
PASSWORD = "tiles-and-winds-42"


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def approved_signup(*, first_name: str, email: str, token: str) -> Signup:
    """A sign-up (its own tournament) approved as a new player made from it, as the service does."""
    tournament = TournamentFactory(registration_open=True, status="registration")
    player = PlayerFactory(first_name=first_name, last_name="Familie")
    registration = Registration.objects.create(tournament=tournament, player=player)
    return Signup.objects.create(tournament=tournament, first_name=first_name, last_name="Familie", email=email,
                                 token=token, status=Signup.Status.APPROVED, player=player, vouches=True,
                                 registration=registration, confirmed_at=datetime.datetime.now(datetime.UTC))


def claimed(player, *, email: str, username: str, approve_by=None):
    """``player``'s account, claimed with ``email``: by its link, or approved by ``approve_by`` before
    the link is opened."""
    claim = claim_create(player=player.pk, email=email, username=username, password=PASSWORD, client="10.0.0.9",
                         link=lambda token: f"https://example.org/account/confirm/{token}/")
    if approve_by is None:
        claim = claim_confirm(token=claim_token(claim))
    else:
        claim = claim_decide(claim=claim, status="approved", user=approve_by)
    assert claim.status == AccountClaim.Status.APPROVED
    claim.user.refresh_from_db()
    return claim.user


@pytest.fixture
def family():
    """Anna and Bernd signed up (for two tournaments) from one family address; Anna claimed hers."""
    anna = approved_signup(first_name="Anna", email=FAMILY, token="anna-secret-token")
    bernd = approved_signup(first_name="Bernd", email=FAMILY, token="bernd-secret-token")
    return anna, bernd, claimed(anna.player, email=FAMILY, username="anna")


def test_my_export_lists_only_my_sign_ups_not_a_housemates_with_his_token(family):
    anna, bernd, user = family
    exported = client_for(user).get("/api/v1/me/export/").json()
    assert [row["id"] for row in exported["related"]["signup"]] == [anna.pk]
    assert bernd.token not in str(exported)


def test_my_me_page_lists_only_my_sign_ups(family, client):
    anna, bernd, user = family
    client.force_login(user)
    page = client.get("/me/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert anna.tournament.name in page
    assert bernd.token not in page and bernd.tournament.name not in page


def test_erasing_myself_leaves_a_housemates_sign_up_and_his_withdrawal_link(family, client):
    anna, bernd, user = family
    assert client_for(user).post("/api/v1/me/erase/").status_code == 200
    assert not Signup.objects.filter(pk=anna.pk).exists()
    assert Signup.objects.filter(pk=bernd.pk, email=FAMILY, registration__isnull=False).exists()
    assert client.get(f"/signup/{bernd.token}/").status_code == 200


def test_a_claim_approved_before_its_link_gets_nothing_of_the_address_it_named(client):
    carl = approved_signup(first_name="Carl", email="carl@example.org", token="carl-secret-token")
    stranger = claimed(PlayerFactory(), email="carl@example.org", username="mallory", approve_by=AdminFactory())
    api = client_for(stranger)
    exported = api.get("/api/v1/me/export/").json()
    assert exported["related"].get("signup", []) == [] and carl.token not in str(exported)
    client.force_login(stranger)
    assert carl.token not in client.get("/me/").content.decode()
    assert api.post("/api/v1/me/erase/").status_code == 200
    assert Signup.objects.filter(pk=carl.pk, registration__isnull=False).exists()
    assert client.get(f"/signup/{carl.token}/").status_code == 200


def test_erasure_takes_my_undecided_sign_up_but_not_a_housemates(family):
    anna, bernd, user = family
    mine = Signup.objects.create(tournament=TournamentFactory(), first_name="anna", last_name="FAMILIE", email=FAMILY,
                                 token="anna-undecided")
    his = Signup.objects.create(tournament=TournamentFactory(), first_name="Bernd", last_name="Familie", email=FAMILY,
                                token="bernd-undecided")
    assert client_for(user).post("/api/v1/me/erase/").status_code == 200
    assert set(Signup.objects.values_list("pk", flat=True)) == {bernd.pk, his.pk}
    assert not Signup.objects.filter(pk=mine.pk).exists()


def test_the_migration_links_a_sign_up_to_its_registrations_player_and_nothing_by_address():
    migration = import_module("league.migrations.0031_trust_audit_and_signup_links")
    anna = approved_signup(first_name="Anna", email=FAMILY, token="anna-secret-token")
    Signup.objects.filter(pk=anna.pk).update(player=None)  # as sign-ups approved before the link was kept
    same_address = Signup.objects.create(tournament=TournamentFactory(), first_name="Bernd", last_name="Familie",
                                         email=FAMILY, token="bernd-undecided")

    migration.link_signups(apps, None)

    assert Signup.objects.get(pk=anna.pk).player_id == anna.registration.player_id
    assert Signup.objects.get(pk=same_address.pk).player_id is None
