"""Issue 39, finding 8 (claims): a claim answered ``409`` ``username_taken`` for names like "admin",
a list of the site's accounts for anyone who asks; a player's entry took unlimited open claims,
each holding a user name. A taken name is now answered like a made claim (nothing stored, the
address told by e-mail), and an entry has at most ``CLAIM_OPEN_PER_PLAYER`` open claims."""
import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from league.models import AccountClaim
from tests.factories import PlayerFactory, UserFactory, client_for

pytestmark = pytest.mark.django_db
PASSWORD = "tiles-and-winds-42"


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.CLAIM_RATE_PER_HOUR = 100


def claim(player, username: str, email: str = "someone@example.org"):
    return client_for(None).post("/api/v1/account/claim/", {"player": player.pk, "email": email,
                                                            "username": username, "password": PASSWORD},
                                 format="json")


def test_a_taken_user_name_is_answered_as_a_free_one_so_claims_list_no_accounts(django_capture_on_commit_callbacks):
    UserFactory(username="admin")
    player = PlayerFactory()
    with django_capture_on_commit_callbacks(execute=True):
        taken = claim(player, "Admin", email="mallory@example.org")
        free = claim(PlayerFactory(), "nobody-has-this", email="eve@example.org")
    assert (taken.status_code, taken.json()) == (free.status_code, free.json()) == (202, {"status": "unconfirmed"})
    assert not AccountClaim.objects.filter(player=player).exists()
    assert get_user_model().objects.filter(username__iexact="admin").count() == 1
    told = [message for message in mail.outbox if message.to == ["mallory@example.org"]]
    assert len(told) == 1 and "Admin" in told[0].body  # in the language of the request


def test_the_claim_page_does_not_say_a_user_name_is_taken(client):
    UserFactory(username="admin")
    player = PlayerFactory()
    response = client.post("/account/claim/", {"player": player.pk, "email": "m@example.org", "username": "admin",
                                               "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 202 and "taken" not in response.content.decode()
    assert not AccountClaim.objects.exists()


def test_a_player_takes_only_so_many_open_claims(settings):
    settings.CLAIM_OPEN_PER_PLAYER = 3
    player = PlayerFactory()
    answers = [claim(player, f"squatter{number}", email=f"s{number}@example.org") for number in range(5)]
    assert [answer.status_code for answer in answers] == [202, 202, 202, 409, 409]
    assert answers[3].json()["error"]["code"] == "too_many_claims"
    assert AccountClaim.objects.filter(player=player).count() == 3
    assert not get_user_model().objects.filter(username__in=["squatter3", "squatter4"]).exists()
    assert claim(PlayerFactory(), "another-player").status_code == 202  # per player, not for everyone
