"""A walk-in in the control room is matched against the players entered already, as bulk entry
matches: the one player of that name is taken (not a second entry of her), a name only near an
existing one is asked about, and "someone new" is created only when said."""
import re

import pytest

from league.errors import ServiceError
from league.models import CheckIn, Player, Registration
from league.services.day import walkin_create
from tests.factories import AdminFactory, ClubFactory, PlayerFactory, TournamentFactory
from tests.league.test_day_pages import control, logged_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def tina():
    return PlayerFactory(first_name="Tina", last_name="Fuchs", club=ClubFactory(name="Rote Drachen München"))


@pytest.fixture
def tournament():
    return TournamentFactory(session_count=3, slug="walk-cup")


def walk_in(client, tournament, **fields):
    return client.post(control(tournament, "walkin"), {"session": 1, **fields}, HTTP_ACCEPT_LANGUAGE="en",
                       follow=True)


def test_a_walk_in_of_an_entered_players_name_is_that_player(tina, tournament):
    response = walk_in(logged_in(AdminFactory()), tournament, first_name="tina", last_name=" FUCHS ")
    assert Player.objects.filter(first_name__iexact="tina").count() == 1
    registration = Registration.objects.get(tournament=tournament)
    assert registration.player == tina and registration.substitute
    assert CheckIn.objects.filter(tournament=tournament, player=tina).exists()
    assert "Tina Fuchs (Rote Drachen München) is registered as a substitute and checked in." in \
        response.content.decode()


def test_a_walk_in_near_an_entered_player_is_asked_about_then_taken_as_chosen(tina, tournament):
    admin = logged_in(AdminFactory())
    asked = walk_in(admin, tournament, first_name="Tina", last_name="Fucks")  # a typo
    page = asked.content.decode()
    assert asked.status_code == 409
    assert "Tina Fucks is probably entered already" in page
    assert re.search(rf'name="player" value="{tina.pk}"[^>]*checked', page)
    assert 'value="Fucks"' in page  # the form keeps what was typed
    assert not Registration.objects.exists() and Player.objects.count() == 1
    walk_in(admin, tournament, first_name="Tina", last_name="Fucks", player=tina.pk)
    assert Registration.objects.get(tournament=tournament).player == tina
    assert Player.objects.count() == 1


def test_someone_new_of_a_near_name_is_created_only_when_said(tina, tournament):
    walk_in(logged_in(AdminFactory()), tournament, first_name="Tina", last_name="Fucks", player="new")
    walkin = Registration.objects.get(tournament=tournament).player
    assert (walkin.first_name, walkin.last_name) == ("Tina", "Fucks") and walkin != tina


def test_the_service_refuses_a_near_name_with_its_candidates_and_an_unknown_player(tina, tournament):
    with pytest.raises(ServiceError) as refused:
        walkin_create(tournament=tournament, first_name="Fuchs", last_name="Tina")  # the names swapped
    assert (refused.value.code, refused.value.status, refused.value.extra["candidates"]) == (
        "walkin_similar", 409, [tina.pk])
    with pytest.raises(ServiceError) as unknown:
        walkin_create(tournament=tournament, first_name="Tina", last_name="Fuchs", player=tina.pk + 1000)
    assert unknown.value.code == "no_player" and unknown.value.status == 404
    assert not Registration.objects.exists()


def test_a_walk_in_of_a_new_name_is_a_new_player(tina, tournament):
    registration = walkin_create(tournament=tournament, first_name="Wanda", last_name="Walk")
    assert registration.player != tina and Player.objects.count() == 2
