"""Self-registration: sign up, confirm by the e-mailed link, approval, the limit and waiting list,
automatic moving up, one sign-up per address, the rate limit and who may decide."""
import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import Player, Registration, Signup, Standing
from league.services.registrations import registration_delete
from tests.factories import PlayerFactory, TournamentFactory, UserFactory, referee_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def tournament():
    return TournamentFactory(registration_open=True, registration_limit=2, status="registration")


def sign_up(api, tournament, name: str, *, execute, **extra):
    with execute(execute=True):
        return api.post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                        {"first_name": name, "last_name": "Muster", "email": f"{name.lower()}@example.org",
                         "consent": True, **extra},
                        format="json")


def confirm_link(message) -> str:
    return re.search(r"https?://\S+/signup/([\w-]+)/", message.body).group(0)


def test_a_sign_up_is_confirmed_by_the_emailed_link(api, client, tournament, django_capture_on_commit_callbacks):
    response = sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks, club="Drachen Kiel")
    assert response.status_code == 202
    assert response.json() == {"id": Signup.objects.get().pk, "status": "unconfirmed"}
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["anna@example.org"]
    link = confirm_link(mail.outbox[0])
    page = client.get(link).content.decode()
    assert "waiting for the e-mail confirmation" in page or "Bestätigung" in page
    client.post(link, {"action": "confirm"})
    assert Signup.objects.get().status == "pending"


def test_unconfirmed_cannot_be_approved_and_approval_registers_the_player(
        api, admin_api, client, tournament, django_capture_on_commit_callbacks):
    sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks, ema_id="04990011")
    signup = Signup.objects.get()
    url = f"/api/v1/tournaments/{tournament.pk}/signups/{signup.pk}/"
    response = admin_api.patch(url, {"status": "approved"}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_confirmed"
    client.post(confirm_link(mail.outbox[0]), {"action": "confirm"})
    response = admin_api.patch(url, {"status": "approved"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "approved"
    player = Player.objects.get(ema_id="04990011")
    assert response.json()["player"] == player.pk
    assert Registration.objects.filter(tournament=tournament, player=player).exists()


def test_an_existing_player_is_found_by_ema_number(api, admin_api, client, tournament,
                                                   django_capture_on_commit_callbacks):
    known = PlayerFactory(first_name="Anna", last_name="Muster", ema_id="04990012")
    sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks, ema_id="04990012")
    client.post(confirm_link(mail.outbox[0]), {"action": "confirm"})
    signup = Signup.objects.get()
    admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/signups/{signup.pk}/", {"status": "approved"},
                    format="json")
    assert Player.objects.count() == 1 and Registration.objects.get().player == known


def test_beyond_the_limit_approval_means_the_waiting_list_and_a_freed_place_moves_it_up(
        api, admin_api, client, tournament, django_capture_on_commit_callbacks):
    for name in ("Anna", "Ben", "Carla"):
        sign_up(api, tournament, name, execute=django_capture_on_commit_callbacks)
    for message in mail.outbox:
        client.post(confirm_link(message), {"action": "confirm"})
    anna, ben, carla = Signup.objects.order_by("pk")
    statuses = []
    for signup in (anna, ben, carla):
        response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/signups/{signup.pk}/",
                                   {"status": "approved"}, format="json")
        statuses.append(response.json()["status"])
    assert statuses == ["approved", "approved", "waiting"]
    assert Registration.objects.filter(tournament=tournament).count() == 2
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/signups/{ben.pk}/",
                                   {"status": "rejected"}, format="json")
    assert response.json()["status"] == "rejected"
    carla.refresh_from_db()
    assert carla.status == "approved" and carla.registration is not None
    assert [m.to for m in mail.outbox] == [["ben@example.org"], ["carla@example.org"]]
    assert set(Registration.objects.filter(tournament=tournament).values_list("player__first_name", flat=True)) \
        == {"Anna", "Carla"}


def test_a_withdrawal_frees_the_place_too(api, admin_api, client, tournament, django_capture_on_commit_callbacks):
    tournament.registration_limit = 1
    tournament.save()
    for name in ("Anna", "Ben"):
        sign_up(api, tournament, name, execute=django_capture_on_commit_callbacks)
    links = [confirm_link(m) for m in mail.outbox]
    for link in links:
        client.post(link, {"action": "confirm"})
    for signup in Signup.objects.order_by("pk"):
        admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/signups/{signup.pk}/", {"status": "approved"},
                        format="json")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(links[0], {"action": "withdraw"})
    assert list(Signup.objects.order_by("pk").values_list("status", flat=True)) == ["withdrawn", "approved"]
    assert "approved" in client.get(links[1], HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_one_sign_up_per_address_and_tournament(api, tournament, django_capture_on_commit_callbacks):
    assert sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks).status_code == 202
    again = api.post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                     {"first_name": "Anna", "last_name": "X", "email": "ANNA@example.org", "consent": True},
                     format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_signed_up"
    other = TournamentFactory(registration_open=True)
    assert sign_up(api, other, "Anna", execute=django_capture_on_commit_callbacks).status_code == 202


def test_sign_ups_are_rate_limited_per_address(api, tournament, settings, django_capture_on_commit_callbacks):
    settings.SIGNUP_RATE_PER_HOUR = 2
    tournament.registration_limit = None
    tournament.save()
    codes = [sign_up(api, tournament, f"P{n}", execute=django_capture_on_commit_callbacks).status_code
             for n in range(3)]
    assert codes == [202, 202, 429]
    assert Signup.objects.count() == 2


def test_closed_or_past_the_deadline_refuses_sign_ups(api, tournament, django_capture_on_commit_callbacks):
    tournament.registration_deadline = timezone.now() - timedelta(minutes=1)
    tournament.save()
    assert sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks).status_code == 409
    tournament.registration_deadline, tournament.registration_open = None, False
    tournament.save()
    assert sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks).status_code == 409
    assert not Signup.objects.exists() and not mail.outbox


def test_bad_fields_are_named(api, tournament):
    response = api.post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                        {"first_name": "A", "last_name": "B", "email": "not-an-address", "country": "Germany"},
                        format="json")
    assert response.status_code == 400 and {"email", "country"} <= set(response.json()["error"]["fields"])


def test_only_administrators_list_and_decide(api, tournament, django_capture_on_commit_callbacks):
    sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks)
    signup = Signup.objects.get()
    url = f"/api/v1/tournaments/{tournament.pk}/signups/"
    assert api.get(url).status_code in (401, 403)
    assert api.patch(f"{url}{signup.pk}/", {"status": "approved"}, format="json").status_code in (401, 403)
    for user in (referee_for(tournament), referee_for(TournamentFactory()), UserFactory()):
        client = APIClient()
        client.force_authenticate(user)
        assert client.get(url).status_code == 403
        assert client.patch(f"{url}{signup.pk}/", {"status": "approved"}, format="json").status_code == 403
    assert Signup.objects.get().status == "unconfirmed"


def test_the_public_form_and_the_administrators_page(client, admin_user, tournament,
                                                      django_capture_on_commit_callbacks):
    page = client.get(f"/t/{tournament.slug}/signup/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="email"' in page and "2 places left" in page
    bad = client.post(f"/t/{tournament.slug}/signup/", {"first_name": "Anna", "last_name": "", "email": "x",
                                                        "country": "DE"})
    html = bad.content.decode()
    assert bad.status_code == 400 and 'id="err-email"' in html and 'aria-describedby="help-email err-email"' in html
    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(f"/t/{tournament.slug}/signup/", {"first_name": "Anna", "last_name": "Muster",
                                                             "email": "anna@example.org", "country": "DE",
                                                             "consent": "on"})
    assert sent.status_code == 202 and len(mail.outbox) == 1
    client.post(confirm_link(mail.outbox[0]), {"action": "confirm"})
    client.force_login(admin_user)
    signup = Signup.objects.get()
    client.post(f"/manage/t/{tournament.slug}/signups/", {"signup": signup.pk, "status": "approved"})
    assert Signup.objects.get().status == "approved"
    assert "Anna Muster" in client.get(f"/manage/t/{tournament.slug}/signups/").content.decode()


def test_a_registration_deleted_through_the_service_moves_the_waiting_list_up(
        api, admin_api, client, tournament, django_capture_on_commit_callbacks):
    tournament.registration_limit = 1
    tournament.save()
    Registration.objects.create(tournament=tournament, player=PlayerFactory())
    sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks)
    client.post(confirm_link(mail.outbox[0]), {"action": "confirm"})
    signup = Signup.objects.get()
    admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/signups/{signup.pk}/", {"status": "approved"},
                    format="json")
    assert Signup.objects.get().status == "waiting"
    with django_capture_on_commit_callbacks(execute=True):
        registration_delete(registration=Registration.objects.exclude(signup__isnull=False).get())
    assert Signup.objects.get().status == "approved"


def test_the_administrators_page_answers_a_signup_that_is_no_number_with_a_404(client, admin_user, tournament):
    client.force_login(admin_user)
    response = client.post(f"/manage/t/{tournament.slug}/signups/", {"signup": "abc", "status": "approved"})
    assert response.status_code == 404


# e-mails that say what happened, in the registrant's language

def decide(admin_api, signup, status, execute):
    with execute(execute=True):
        return admin_api.patch(f"/api/v1/tournaments/{signup.tournament_id}/signups/{signup.pk}/",
                               {"status": status}, format="json")


def test_approval_waiting_list_rejection_and_moving_up_each_send_an_email_in_the_registrants_language(
        api, admin_api, client, tournament, django_capture_on_commit_callbacks, settings):
    tournament.registration_limit = 1
    tournament.save()
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                 {"first_name": "Anna", "last_name": "Muster", "email": "anna@example.org", "consent": True},
                 format="json",
                 HTTP_ACCEPT_LANGUAGE="de")
        api.post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                 {"first_name": "Ben", "last_name": "Muster", "email": "ben@example.org", "consent": True},
                 format="json",
                 HTTP_ACCEPT_LANGUAGE="en")
    for message in mail.outbox:
        client.post(confirm_link(message), {"action": "confirm"})
    anna, ben = Signup.objects.order_by("pk")
    assert (anna.language, ben.language) == ("de", "en")
    mail.outbox.clear()
    decide(admin_api, anna, "approved", django_capture_on_commit_callbacks)
    decide(admin_api, ben, "approved", django_capture_on_commit_callbacks)
    decide(admin_api, anna, "rejected", django_capture_on_commit_callbacks)
    told = [(m.to[0].split("@")[0], m.subject) for m in mail.outbox]
    assert told == [
        ("anna", f"Ihre Anmeldung zu {tournament.name} ist angenommen"),
        ("ben", f"You are on the waiting list for {tournament.name}"),
        ("anna", f"Ihre Anmeldung zu {tournament.name} wurde abgelehnt"),
        ("ben", f"You have a place at {tournament.name}"),
    ]
    assert "number 1 on the waiting list" in mail.outbox[1].body


def test_deciding_the_same_way_twice_sends_no_second_email(
        api, admin_api, client, tournament, django_capture_on_commit_callbacks):
    sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks)
    client.post(confirm_link(mail.outbox[0]), {"action": "confirm"})
    signup = Signup.objects.get()
    mail.outbox.clear()
    decide(admin_api, signup, "rejected", django_capture_on_commit_callbacks)
    decide(admin_api, signup, "rejected", django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 1


@pytest.mark.parametrize(("field", "value"), [("country", "XX"), ("ema_id", "4990001X")])
def test_a_country_code_that_iso_does_not_know_and_a_malformed_ema_number_are_refused(api, tournament, field,
                                                                                       value):
    response = api.post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                        {"first_name": "A", "last_name": "B", "email": "a@example.org", field: value}, format="json")
    assert response.status_code == 400 and field in response.json()["error"]["fields"]
    assert not Signup.objects.exists()


def test_the_senders_name_comes_from_the_environment():
    code = "from django.conf import settings; print(settings.DEFAULT_FROM_EMAIL)"
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "mjl.settings", "SECRET_KEY": "k" * 50,
                   "EMAIL_SENDER_NAME": "DMJL Turnierleitung", "DEFAULT_FROM_EMAIL": "Liga <liga@example.org>"}
    done = subprocess.run([sys.executable, "-c", "import django; django.setup(); " + code], env=environment,
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "DMJL Turnierleitung <liga@example.org>", done.stderr


def test_a_withdrawn_sign_up_leaves_the_standings_with_its_registration(
        api, admin_api, client, tournament, django_capture_on_commit_callbacks):
    sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks)
    link = confirm_link(mail.outbox[0])
    client.post(link, {"action": "confirm"})
    decide(admin_api, Signup.objects.get(), "approved", django_capture_on_commit_callbacks)
    player = Registration.objects.get(tournament=tournament).player
    assert Standing.objects.filter(tournament=tournament, player=player).exists()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(link, {"action": "withdraw"})
    assert not Registration.objects.filter(tournament=tournament).exists()
    assert not Standing.objects.filter(tournament=tournament, player=player).exists()


def test_a_mail_server_that_is_down_leaves_the_sign_up_stored_not_a_500(api, tournament, monkeypatch,
                                                                         django_capture_on_commit_callbacks):
    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("django.core.mail.send_mail", refuse)
    response = sign_up(api, tournament, "Anna", execute=django_capture_on_commit_callbacks)
    assert response.status_code == 202
    assert Signup.objects.get().email == "anna@example.org" and not mail.outbox
