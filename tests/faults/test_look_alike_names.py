"""Look-alike names: a name with a direction override or a zero-width character renders as another
player's, so every name people read (players, clubs, sign-ups, teams) refuses invisible and
direction-changing characters through one validator; usernames are NFKC-normalised and may not mix
scripts ("аdmin" with a Cyrillic "а")."""
import pytest
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from league.models import Player, Signup
from league.validators import hidden_characters, validate_username
from tests.factories import AdminFactory, ClubFactory, PlayerFactory, TournamentFactory, client_for

pytestmark = pytest.mark.django_db

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE
ZWSP = "\u200b"  # ZERO WIDTH SPACE
CYRILLIC_ADMIN = "\u0430dmin"  # the first letter is Cyrillic


@pytest.mark.parametrize("name", [f"{RLO}reiluM", f"Mül{ZWSP}ler", "Mül\u2066ler", "Mül\u00adler", "\u3164",
                                  "Mül\ufeffler"])
def test_the_api_refuses_a_player_name_with_an_invisible_or_direction_changing_character(name):
    response = client_for(AdminFactory()).post("/api/v1/players/", {"first_name": "Eva", "last_name": name},
                                               format="json")
    assert response.status_code == 400 and "last_name" in response.json()["error"]["fields"]
    assert not Player.objects.exists()


def test_ordinary_names_with_accents_apostrophes_and_other_scripts_are_kept():
    for first, last in [("Zoë", "O'Brien-Müller"), ("Łukasz", "Żółć"), ("明", "山田"), ("Нина", "Иванова")]:
        response = client_for(AdminFactory()).post("/api/v1/players/", {"first_name": first, "last_name": last},
                                                   format="json")
        assert response.status_code == 201, response.content


def test_a_club_name_with_a_direction_override_is_refused():
    response = client_for(AdminFactory()).post("/api/v1/clubs/", {"name": f"MJ {RLO}nilreB"}, format="json")
    assert response.status_code == 400 and "name" in response.json()["error"]["fields"]


def test_a_public_sign_up_with_a_hidden_character_is_refused(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    tournament = TournamentFactory(registration_open=True, status="registration")
    response = client_for(None).post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                                     {"first_name": "Eva", "last_name": f"Muster{ZWSP}", "email": "e@example.org",
                                      "club": f"{RLO}bulC", "consent": True}, format="json")
    assert response.status_code == 400
    assert {"last_name", "club"} <= set(response.json()["error"]["fields"])
    assert not Signup.objects.exists()


def test_a_team_name_with_a_hidden_character_is_refused():
    tournament = TournamentFactory(status="registration")
    response = client_for(AdminFactory()).post(f"/api/v1/tournaments/{tournament.pk}/registrations/",
                                               {"player": PlayerFactory().pk, "team": f"Team{RLO}A"}, format="json")
    assert response.status_code == 400 and "team" in response.json()["error"]["fields"]


def test_a_model_full_clean_refuses_a_hidden_character_too():
    with pytest.raises(ValidationError) as refused:
        Player(first_name="Eva", last_name=f"Mu{ZWSP}ster", club=ClubFactory()).full_clean()
    assert "last_name" in refused.value.message_dict


def test_the_admins_user_form_refuses_a_username_mixing_cyrillic_and_latin():
    form = UserCreationForm({"username": CYRILLIC_ADMIN, "password1": "kX9!long-enough-pass",
                             "password2": "kX9!long-enough-pass"})
    assert not form.is_valid() and "username" in form.errors
    assert not User.objects.filter(username=CYRILLIC_ADMIN).exists()


@pytest.mark.parametrize("username", [CYRILLIC_ADMIN, f"ad{ZWSP}min", "ａｄｍｉｎ"])
def test_usernames_must_be_plain_visible_and_of_one_script(username):
    with pytest.raises(ValidationError):
        validate_username(username)


@pytest.mark.parametrize("username", ["admin", "jürgen.müller", "referee_2", "иван", "山田"])
def test_ordinary_usernames_are_accepted(username):
    validate_username(username)


def test_hidden_characters_are_named_by_their_code_points():
    assert hidden_characters(f"a{RLO}b{ZWSP}c{RLO}") == ["U+202E", "U+200B"]
