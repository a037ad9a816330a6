"""Figures shown with their reason (issue 42, item 5): the final points of a points game say where
they differ from the points at the table, and the Japanese sheet says why its points exceed the
sticks."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import page_text, referee_for, table_with_players

pytestmark = pytest.mark.django_db


def referee_api(table) -> APIClient:
    client = APIClient()
    client.force_authenticate(referee_for(table.session.tournament))
    return client


def summary_of(client, table) -> str:
    page = page_text(client.get(reverse("referee-table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en"))
    summary = page[page.index('id="table-summary"'):]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", summary))


def test_a_riichi_deposit_left_on_the_table_is_shown_in_the_top_players_final_points(client):
    table = table_with_players(ruleset="riichi-ema")
    api = referee_api(table)
    hands = f"/api/v1/tables/{table.pk}/hands/"
    mangan = {"outcome": "win", "win_type": "discard", "discarder": 1, "wins": [{"seat": 0, "han": 5}]}
    assert api.post(hands, mangan, format="json").status_code == 201
    # East declares riichi and nobody is tenpai: the stick stays on the table when the game ends.
    assert api.post(hands, {"outcome": "draw", "tenpai": [], "riichi": [0]}, format="json").status_code == 201
    assert api.post(f"/api/v1/tables/{table.pk}/close/", format="json").status_code == 200
    client.force_login(referee_for(table.session.tournament))
    text = summary_of(client, table)
    # 41000 at the table + 1000 left on it = 42000 final points, 42000 - 30000 + 15000 uma = 27000.
    assert "Final points 42,000: 41,000 at the table + 1,000 in riichi sticks left on the table 27,000" in text
    assert "18,000 at the table" in text and "in riichi sticks" not in text.split("18,000 at the table")[1]


def test_a_japanese_sheet_says_its_points_exceed_the_sticks_and_the_final_count_shows_the_top_bonus(client):
    table = table_with_players(ruleset="japanese-classic")
    api = referee_api(table)
    win = {"outcome": "win", "winner": 0, "win_type": "discard", "discarder": 1, "points": 30, "doubles": 2}
    assert api.post(f"/api/v1/tables/{table.pk}/hands/", win, format="json").status_code == 201
    client.force_login(referee_for(table.session.tournament))
    sheet = page_text(client.get(reverse("referee-table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en"))
    assert ("Points count from the 30,000 each player assumes, though each received 27,000 in sticks: "
            "a player's sticks show 3,000 fewer. The 12,000 go to the player with the most points") in sheet
    assert api.post(f"/api/v1/tables/{table.pk}/close/", format="json").status_code == 200
    text = summary_of(client, table)
    # East wins 30 points x 2^2 = 120, doubled for East, paid for all three by the discarder: 720,
    # rounded to 700. 30700 at the table, rounded to 31000, + 12000 for the most points.
    assert "Final points 43,000: 30,700 at the table, rounded to thousands + 12,000 for the most points" in text
