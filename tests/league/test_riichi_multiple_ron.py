"""A riichi table records the multiple rons of issue 42 through the API, as Pantheon's game tests
and the EMA 2016 rules settle them (docs/rules.md §5)."""

import pytest
from rest_framework.test import APIClient

from tests.factories import referee_for, table_with_players

pytestmark = pytest.mark.django_db


def referee_api(table) -> APIClient:
    client = APIClient()
    client.force_authenticate(referee_for(table.session.tournament))
    return client


def test_a_double_ron_gives_a_riichi_winner_their_own_stick_back():
    table = table_with_players(ruleset="riichi-ema")
    client = referee_api(table)
    hands = f"/api/v1/tables/{table.pk}/hands/"
    # Nobody tenpai, seat 1 declared riichi: seat 1 deals next with one counter and one stick on the table.
    assert client.post(hands, {"outcome": "draw", "tenpai": [], "riichi": [1]}, format="json").status_code == 201
    double_ron = {
        "outcome": "win",
        "win_type": "discard",
        "discarder": 1,
        "riichi": [0, 2],
        "wins": [{"seat": 0, "han": 3, "fu": 30}, {"seat": 3, "han": 2, "fu": 30}],
    }
    response = client.post(hands, double_ron, format="json")
    assert response.status_code == 201, response.json()
    # The second hand alone is [4200, -6500, -1000, 4300]; seat 1 paid its stick in the first.
    assert client.get(f"/api/v1/tables/{table.pk}/").json()["totals"] == [4200, -7500, -1000, 4300]


def test_a_double_ron_where_the_liable_player_is_the_other_winner_can_be_recorded():
    table = table_with_players(ruleset="riichi-ema")
    client = referee_api(table)
    double_ron = {
        "outcome": "win",
        "win_type": "discard",
        "discarder": 0,
        "riichi": [1, 2],
        "wins": [{"seat": 1, "yakuman": 1}, {"seat": 3, "han": 2, "fu": 30}],
        "penalties": [{"type": "pao", "seat": 3}],
    }
    response = client.post(f"/api/v1/tables/{table.pk}/hands/", double_ron, format="json")
    assert response.status_code == 201, response.json()
    assert client.get(f"/api/v1/tables/{table.pk}/").json()["totals"] == [-18000, 33000, -1000, -14000]
