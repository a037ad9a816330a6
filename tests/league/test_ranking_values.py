"""A season ranking's value reads the same wherever it is shown: with two decimals, as the season
page prints it (6,00), not 6 on the player page beside 6,00 on the season page."""
from decimal import Decimal

import pytest
from django.test import Client

from league.models import SeasonRanking
from tests.factories import PlayerFactory, SeasonFactory

pytestmark = pytest.mark.django_db


def test_the_player_page_and_the_season_page_print_a_whole_value_alike():
    season = SeasonFactory()
    player = PlayerFactory(first_name="Anna", last_name="Albers")
    SeasonRanking.objects.create(season=season, player=player, rank=1, value=Decimal("6"), games=4, tournaments=1)
    client = Client()

    player_page = client.get(f"/p/{player.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    season_page = client.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert '<td class="num">6,00</td>' in season_page
    assert '<td class="num">6,00</td>' in player_page
