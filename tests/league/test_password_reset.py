"""Password reset for every account (docs/api.md "League administration"): Django's own views at
/account/password/reset/, a link by e-mail, the same answer whether or not an account has the
address, braked per client and per e-mail address, linked from the login page, German and English."""
import re

import pytest
from django.core import mail

from league.models import Player
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

RESET = "/account/password/reset/"


@pytest.fixture(autouse=True)
def _mailbox(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PASSWORD_RESET_RATE_PER_HOUR = 3


def link_in(message) -> str:
    return re.search(r"https?://[^/\s]+(/account/password/reset/\S+/)", message.body).group(1)


def test_the_login_page_links_to_the_reset_in_both_languages(client):
    client.cookies["django_language"] = "de"
    page = client.get("/login/").content.decode()
    assert f'href="{RESET}"' in page and "Passwort vergessen?" in page
    client.cookies["django_language"] = "en"
    assert "Forgotten your password?" in client.get(RESET).content.decode()


def test_a_known_address_gets_the_link_by_e_mail(client):
    UserFactory(username="anna", email="anna@example.org")
    client.cookies["django_language"] = "de"
    response = client.post(RESET, {"email": "Anna@Example.org"})
    assert response.status_code == 302 and response["Location"] == "/account/password/reset/done/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["anna@example.org"]
    assert "anna" in message.body and "24 Stunden" in message.body and "Passwort" in message.subject


def test_an_unknown_address_gets_the_same_answer_and_no_e_mail(client):
    UserFactory(username="anna", email="anna@example.org")
    known = client.post(RESET, {"email": "anna@example.org"}, follow=True)
    unknown = client.post(RESET, {"email": "nobody@example.org"}, follow=True)
    assert known.redirect_chain == unknown.redirect_chain == [("/account/password/reset/done/", 302)]
    assert known.content == unknown.content
    assert len(mail.outbox) == 1  # only the known one


def test_the_link_sets_a_new_password_once(client):
    user = UserFactory(username="ben", email="ben@example.org")
    PlayerFactory(user=user)  # a player's own account as well as a referee's
    client.post(RESET, {"email": "ben@example.org"})
    link = link_in(mail.outbox[0])
    form = client.get(link, follow=True)
    assert form.status_code == 200 and 'name="new_password1"' in form.content.decode()
    set_url = form.redirect_chain[-1][0]  # Django hides the token behind …/set-password/
    done = client.post(set_url, {"new_password1": "ein-neues-Passwort-42", "new_password2": "ein-neues-Passwort-42"})
    assert done.status_code == 302 and done["Location"] == "/account/password/reset/complete/"
    user.refresh_from_db()
    assert user.check_password("ein-neues-Passwort-42") and not user.check_password("secret-pass-123")
    assert client.login(username="ben", password="ein-neues-Passwort-42")
    client.logout()
    again = client.get(link, follow=True).content.decode()
    assert 'id="reset-invalid"' in again  # a link works once
    assert Player.objects.get(user=user)  # the account keeps its player


def test_a_link_too_old_is_refused(client, settings):
    user = UserFactory(username="cleo", email="cleo@example.org")
    client.post(RESET, {"email": "cleo@example.org"})
    link = link_in(mail.outbox[0])
    settings.PASSWORD_RESET_TIMEOUT = -1  # every link is older than that
    page = client.get(link, follow=True).content.decode()
    assert 'id="reset-invalid"' in page and 'name="new_password1"' not in page
    user.refresh_from_db()
    assert user.check_password("secret-pass-123")


def test_requests_are_braked_per_client_whether_or_not_the_address_is_known(client):
    UserFactory(username="anna", email="anna@example.org")
    for n in range(3):
        assert client.post(RESET, {"email": f"someone{n}@example.org"}).status_code == 302
    refused_known = client.post(RESET, {"email": "anna@example.org"}, HTTP_ACCEPT_LANGUAGE="en")
    refused_unknown = client.post(RESET, {"email": "other@example.org"}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused_known.status_code == refused_unknown.status_code == 429
    assert "Too many requests" in refused_known.content.decode()
    assert mail.outbox == []


def test_one_mailbox_is_not_flooded_from_many_addresses(client):
    UserFactory(username="anna", email="anna@example.org")
    for n in range(3):
        assert client.post(RESET, {"email": "anna@example.org"}, REMOTE_ADDR=f"10.0.0.{n}").status_code == 302
    assert client.post(RESET, {"email": "ANNA@example.org"}, REMOTE_ADDR="10.0.0.9").status_code == 429
    assert len(mail.outbox) == 3


def test_its_bodies_are_capped_as_a_login_s():
    from league.middleware import body_limit

    assert body_limit(RESET) == body_limit("/account/password/reset/MQ/set-password/") == body_limit("/login/")
