"""German words on these pages: logging in, signing up for a tournament and registering players each
have their own word, and no English (True/False) shows on a German page."""
import pytest

from tests.factories import AdminFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def test_logging_in_is_einloggen_not_anmelden(client):
    page = client.get("/login/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Einloggen" in page and "Anmelden" not in page


def test_signing_up_for_a_tournament_is_not_called_logging_in(client):
    tournament = TournamentFactory(registration_open=True, status="registration")
    page = client.get(f"/t/{tournament.slug}/signup/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Einloggen" in page  # the header's link
    assert "anmelden" in page.lower().replace("einloggen", "")  # the form's word, not the header's


def test_registrations_and_self_sign_ups_have_different_words_for_administrators(client):
    tournament = TournamentFactory(registration_open=True, status="registration")
    client.force_login(AdminFactory())
    signups = client.get(f"/manage/t/{tournament.slug}/signups/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    imports = client.get(f"/manage/t/{tournament.slug}/import/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Selbstanmeldungen</h1>" in signups and "Ausloggen" in signups
    assert "<h1>Teilnehmer importieren</h1>" in imports


def test_the_rule_options_show_their_defaults_in_german_words_not_true_or_false(client):
    tournament = TournamentFactory(ruleset="riichi-ema")
    client.force_login(AdminFactory())
    page = client.get(f"/manage/t/{tournament.slug}/options/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Vorgabe: ja" in page or "Vorgabe: nein" in page
    assert "Vorgabe: True" not in page and "Vorgabe: False" not in page
