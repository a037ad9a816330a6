"""A table's game ending early (bust, agari yame), the players changing seats after a wind round, and
the fines on the score sheet: through the API, the score sheet and the standings."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import GameResult, Hand
from league.services.standings import standings_recompute
from tests.factories import referee_for, table_with_players

pytestmark = pytest.mark.django_db

YAKUMAN_RON = {"outcome": "win", "win_type": "discard", "discarder": 2, "wins": [{"seat": 1, "yakuman": 1}]}


def hke_self_draw(winner, fan=3):
    return {"outcome": "win", "winner": winner, "win_type": "self_draw", "fan": fan}


def referee_api(table) -> APIClient:
    client = APIClient()
    client.force_authenticate(referee_for(table.session.tournament))
    return client


def test_a_table_shows_a_game_ended_by_a_bust_and_takes_no_more_hands():
    table = table_with_players(ruleset="riichi-ema", options={"bust_ends_game": True})
    client = referee_api(table)
    assert client.post(f"/api/v1/tables/{table.pk}/hands/", YAKUMAN_RON, format="json").status_code == 201
    body = client.get(f"/api/v1/tables/{table.pk}/").json()
    assert (body["complete"], body["ending"]) == (True, "bust")
    assert body["totals"] == [0, 32000, -32000, 0]
    refused = client.post(f"/api/v1/tables/{table.pk}/hands/", {"outcome": "draw", "tenpai": [0]}, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_complete"
    assert Hand.objects.count() == 1


def test_without_bust_ends_game_the_same_table_plays_on():
    table = table_with_players(ruleset="riichi-ema")
    client = referee_api(table)
    client.post(f"/api/v1/tables/{table.pk}/hands/", YAKUMAN_RON, format="json")
    body = client.get(f"/api/v1/tables/{table.pk}/").json()
    assert (body["complete"], body["ending"], body["next_seats"]) == (False, None, None)


def test_the_score_sheet_says_the_game_ended_by_a_bust(client):
    table = table_with_players(ruleset="riichi-ema", options={"bust_ends_game": True})
    client.force_login(referee_for(table.session.tournament))
    referee_api(table).post(f"/api/v1/tables/{table.pk}/hands/", YAKUMAN_RON, format="json")
    page = client.get(reverse("referee-table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "a player&#x27;s points fell below zero" in page
    assert 'id="hand-form"' not in page


def test_agari_yame_ends_a_game_from_the_score_sheet(client):
    table = table_with_players(ruleset="riichi-ema", options={"agari_yame": True, "max_hands": 2})
    client.force_login(referee_for(table.session.tournament))
    url = reverse("referee-table", args=[table.pk])
    assert "agari yame" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Hand 1: East tenpai alone keeps the deal and leads; hand 2 is the last hand (max_hands).
    client.post(url, {"outcome": "draw", "tenpai": ["0"]})
    early = client.post(url, {"outcome": "draw", "tenpai": ["0"], "end_game": "on"})
    assert early.status_code == 302
    body = referee_api(table).get(f"/api/v1/tables/{table.pk}/").json()
    assert (body["complete"], body["ending"]) == (True, "agari_yame")
    assert Hand.objects.get(table=table, number=2).record["end_game"] is True


def test_agari_yame_before_the_last_hand_is_refused_next_to_the_field(client):
    table = table_with_players(ruleset="riichi-ema", options={"agari_yame": True})
    client.force_login(referee_for(table.session.tournament))
    response = client.post(reverse("referee-table", args=[table.pk]),
                           {"outcome": "draw", "tenpai": ["0"], "end_game": "on"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "last hand" in response.content.decode()
    assert Hand.objects.count() == 0


def test_after_easts_round_the_players_change_seats_and_the_hands_count_for_them():
    table = table_with_players(ruleset="dmjl-hke", options={"seat_change": True})
    first = [s.player_id for s in table.seats.order_by("position")]
    client = referee_api(table)
    body = client.get(f"/api/v1/tables/{table.pk}/").json()
    assert body["next_seats"] == [first[1], first[0], first[3], first[2]]
    for winner in (1, 2, 3, 0):
        assert client.post(f"/api/v1/tables/{table.pk}/hands/", hke_self_draw(winner), format="json").status_code == 201
    body = client.get(f"/api/v1/tables/{table.pk}/").json()
    assert body["prevailing_wind"] == "S"
    assert body["seats"] == [first[1], first[0], first[3], first[2]]
    assert body["next_seats"] == [first[2], first[3], first[1], first[0]]
    # Seat 0 now holds the first round's South: a 10-fan self-draw there is theirs.
    client.post(f"/api/v1/tables/{table.pk}/hands/", hke_self_draw(0, fan=10), format="json")
    body = client.get(f"/api/v1/tables/{table.pk}/").json()
    assert body["totals"] == [384, -128, -128, -128]
    standings_recompute(tournament=table.session.tournament)
    totals = {row.player_id: row.total for row in GameResult.objects.filter(table=table)}
    assert totals == {first[0]: -128, first[1]: 384, first[2]: -128, first[3]: -128}


def test_the_score_sheet_shows_who_sits_where_in_the_next_wind_round(client):
    table = table_with_players(ruleset="dmjl-hke", options={"seat_change": True})
    players = [s.player for s in table.seats.order_by("position")]
    client.force_login(referee_for(table.session.tournament))
    page = client.get(reverse("referee-table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Seats in the next wind round" in page
    assert f"East – {players[1]}" in page and f"South – {players[0]}" in page
    assert f"West – {players[3]}" in page and f"North – {players[2]}" in page


def test_the_classical_score_sheet_offers_the_chemnitz_fines_and_saves_one(client):
    table = table_with_players()
    client.force_login(referee_for(table.session.tournament))
    url = reverse("referee-table", args=[table.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for offence in ("Looking at tiles early (10)", "Scoring one&#x27;s own hand wrongly (20)",
                    "Misnaming a discard (30)", "False Mah-Jongg (50)",
                    "False Mah-Jongg after another player exposed (100)", "Other amount"):
        assert offence in page
    response = client.post(url, {"outcome": "void", "fine_seat_0": "2", "fine_kind_0": "false_mahjong_exposed",
                                  "fine_seat_1": "3", "fine_kind_1": "free", "fine_amount_1": "5"})
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.record["penalties"] == [{"type": "fine", "seat": 2, "amount": 100, "offence": "false_mahjong_exposed"},
                                        {"type": "fine", "seat": 3, "amount": 5}]
    assert hand.result["balances"] == [200 + 10, 100 + 5, -400 + 5, 100 - 20]


def test_a_fine_needs_its_player_and_a_free_fine_its_amount(client):
    table = table_with_players()
    client.force_login(referee_for(table.session.tournament))
    url = reverse("referee-table", args=[table.pk])
    response = client.post(url, {"outcome": "void", "fine_kind_0": "early_look", "fine_seat_1": "1",
                                 "fine_kind_1": "free"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Choose who pays the fine." in page and "Enter the fine&#x27;s amount." in page
    assert Hand.objects.count() == 0


def test_the_japanese_classic_sheet_fines_the_simple_limit_and_corrects_without_losing_fines(client):
    table = table_with_players(ruleset="japanese-classic")
    client.force_login(referee_for(table.session.tournament))
    url = reverse("referee-table", args=[table.pk])
    assert "Other offence (simple limit, 2000)" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    client.post(url, {"outcome": "void", "fine_seat_0": "1", "fine_kind_0": "simple_limit",
                      "fine_seat_1": "1", "fine_kind_1": "early_look", "fine_seat_2": "2", "fine_kind_2": "early_look"})
    hand = Hand.objects.get(table=table)
    # South pays the simple limit (4000 to East, 2000 to the others) and 10 (East 20), and gets 10 from West.
    assert hand.result["balances"][1] == -8000 - 40 + 10
    edit = client.get(reverse("referee-hand-edit", args=[hand.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="fine_amount_0" value="2000"' in edit and 'name="fine_amount_2" value="10"' in edit


def test_my_tables_counts_each_players_total_after_they_changed_seats(client):
    table = table_with_players(ruleset="dmjl-hke", options={"seat_change": True})
    players = [s.player for s in table.seats.order_by("position")]
    client.force_login(referee_for(table.session.tournament))
    api = referee_api(table)
    for record in [hke_self_draw(w) for w in (1, 2, 3, 0)] + [hke_self_draw(0, fan=10)]:
        api.post(f"/api/v1/tables/{table.pk}/hands/", record, format="json")
    page = client.get(reverse("referee-home")).content.decode()
    assert f"{players[1]} (384)" in page and f"{players[0]} (-128)" in page


def test_a_fines_line_and_its_history_name_the_offence_and_the_fines_own_amount(client):
    table = table_with_players()
    client.force_login(referee_for(table.session.tournament))
    url = reverse("referee-table", args=[table.pk])
    win = {"outcome": "win", "winner": "1", "value_0": "20", "value_1": "300", "value_2": "40", "value_3": "0"}
    client.post(url, {**win, "fine_seat_0": "3", "fine_kind_0": "misnamed_discard"})
    hand = Hand.objects.get(table=table)
    assert hand.result["balances"][3] != -30  # the hand's balance is not the fine
    line = re.search(r'<span class="penalty">([^<]*)</span>',
                     client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()).group(1)
    assert line == "Fine (Misnaming a discard): N – " + hand.table.seats.get(position=3).player.first_name + " (30)"
    history = client.get(reverse("referee-hand-history", args=[hand.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Fine (Misnaming a discard) 30: North – " in history
    # a correction shows the offence it was given for, not a free amount
    edit = client.get(reverse("referee-hand-edit", args=[hand.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r'<option value="misnamed_discard" selected>', edit)
