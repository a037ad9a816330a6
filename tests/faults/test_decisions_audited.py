"""Issue 39, finding 8 (audit): claim decisions and sign-up approvals were missing from the audit
log. Each is now an entry (who, when, which claim or sign-up, the player by id), also when the
e-mailed link or the waiting list decides; an erasure leaves the entries but no name in them."""
import datetime

import pytest

from league.models import AuditEntry, Signup
from league.services.accounts import claim_confirm, claim_create, claim_decide, claim_token
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, client_for

pytestmark = pytest.mark.django_db
PASSWORD = "tiles-and-winds-42"


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def a_claim(player, username: str):
    return claim_create(player=player.pk, email=f"{username}@example.org", username=username, password=PASSWORD,
                        client="10.0.0.1", link=lambda token: token)


def entries(model: str) -> list[tuple]:
    return list(AuditEntry.objects.filter(model=model).order_by("pk").values_list(
        "action", "object_id", "username", "details__by"))


def test_an_administrators_claim_decisions_are_logged_and_so_are_their_consequences():
    player, admin = PlayerFactory(), AdminFactory()
    first, second = a_claim(player, "first"), a_claim(player, "second")
    claim_decide(claim=first, status="approved", user=admin)
    assert entries("accountclaim") == [("approve", str(first.pk), admin.username, "administrator"),
                                       ("reject", str(second.pk), admin.username, "administrator")]
    assert AuditEntry.objects.filter(model="accountclaim", details__player=player.pk).count() == 2


def test_a_claim_opened_by_its_link_is_logged_as_the_links_decision():
    player = PlayerFactory()
    claim = a_claim(player, "linked")
    claim.__class__.objects.filter(pk=claim.pk).update(on_file=True)
    claim_confirm(token=claim_token(claim))
    assert entries("accountclaim") == [("approve", str(claim.pk), "", "link")]


def test_a_sign_up_approval_is_logged_with_the_player_and_erasure_leaves_no_name_in_it():
    tournament = TournamentFactory(registration_open=True, status="registration")
    signup = Signup.objects.create(tournament=tournament, first_name="Erika", last_name="Mustermann",
                                   email="erika@example.org", token="t-erika", status=Signup.Status.PENDING,
                                   confirmed_at=datetime.datetime.now(datetime.UTC))
    admin = AdminFactory()
    response = client_for(admin).patch(f"/api/v1/tournaments/{tournament.pk}/signups/{signup.pk}/",
                                       {"status": "approved"}, format="json")
    assert response.status_code == 200, response.content
    signup.refresh_from_db()
    entry = AuditEntry.objects.get(model="signup", action="approve")
    assert (entry.object_id, entry.user, entry.details["player"]) == (str(signup.pk), admin, signup.player_id)

    client_for(admin).post(f"/api/v1/players/{signup.player_id}/erase/")
    entry.refresh_from_db()
    assert "Mustermann" not in entry.object_repr and "erika@" not in str(entry.details)
