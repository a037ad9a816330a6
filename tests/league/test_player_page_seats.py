"""The public player page tells anyone where the player sits, in the third person: it is read
about someone else far more often than by the player."""
import pytest
from django.test import Client

from league.models import Tournament
from tests.factories import SessionFactory, TournamentFactory, table_with_players

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "heading"), [("en", "Seats in running tournaments"),
                                                    ("de", "Plätze in laufenden Turnieren")])
def test_the_seats_heading_names_the_tournaments_not_me(language, heading):
    tournament = TournamentFactory(status=Tournament.Status.RUNNING, published=True, name="Winter Cup")
    table = table_with_players(session=SessionFactory(tournament=tournament, number=1))
    player = table.seats.first().player

    page = Client().get(f"/p/{player.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert f"<h2>{heading}</h2>" in page
    assert "Winter Cup" in page
    assert "Where I sit" not in page and "Wo ich sitze" not in page
