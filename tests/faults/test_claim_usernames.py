"""Issue 39, finding 4: the account claim accepted look-alike user names ("аdmin" with a Cyrillic а,
mixed scripts, full-width letters) that read exactly "admin" on the administrators' claims page, next
to an Approve button. The claim path validates a user name as every other path does (the user
model's field and its validators, league.validators.validate_username), on the API and the page."""
import pytest
from django.contrib.auth import get_user_model

from league.models import AccountClaim
from tests.factories import PlayerFactory, client_for

pytestmark = pytest.mark.django_db
PASSWORD = "tiles-and-winds-42"
LOOK_ALIKES = ["\u0430dmin",          # a Cyrillic а, then Latin
               "ａｄｍｉｎ",           # full-width letters
               "ad\u200bmin",         # a zero-width space
               "admi\u0578",          # an Armenian ո for the n
               "\u0391lice"]          # a Greek capital Alpha


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.mark.parametrize("username", LOOK_ALIKES)
def test_the_claim_api_refuses_a_look_alike_user_name_and_makes_nobody(username):
    response = client_for(None).post("/api/v1/account/claim/", {
        "player": PlayerFactory().pk, "email": "someone@example.org", "username": username, "password": PASSWORD},
        format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "invalid" and "username" in response.json()["error"]["fields"]
    assert not get_user_model().objects.exists() and not AccountClaim.objects.exists()


@pytest.mark.parametrize("username", LOOK_ALIKES[:2])
def test_the_claim_page_refuses_a_look_alike_user_name(client, username):
    response = client.post("/account/claim/", {"player": PlayerFactory().pk, "email": "someone@example.org",
                                               "username": username, "password": PASSWORD},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code in (200, 400)
    assert not get_user_model().objects.exists() and not AccountClaim.objects.exists()


@pytest.mark.parametrize("username", ["jürgen.müller", "иван", "山田", "anna_2"])
def test_a_plain_user_name_of_one_script_is_claimed(username):
    response = client_for(None).post("/api/v1/account/claim/", {
        "player": PlayerFactory().pk, "email": "someone@example.org", "username": username, "password": PASSWORD},
        format="json")
    assert response.status_code == 202, response.content
