"""An MCR tournament's records (docs/api.md "League administration", its statistics): its most
frequent scoring elements and its highest hands, from the elements its hands were valued with from
their tiles."""
import pytest

from league.models import Hand
from league.services.hands import hand_record
from scoring import handvalue
from tests.factories import table_with_players

pytestmark = pytest.mark.django_db

FLUSH_PUNGS = {"ruleset": "mcr", "tiles": {"man": "11122233344455", "pin": "", "sou": "", "honors": ""},
               "win_tile": "5m", "melds": [], "flowers": 0,
               "situation": {"self_drawn": False, "last_of_kind": False, "kong": False, "last_of_wall": False,
                             "seat_wind": "E", "round_wind": "E"}}
DRAGON_PUNG = {"ruleset": "mcr", "tiles": {"man": "123", "pin": "6666", "sou": "22777", "honors": "7777"},
               "win_tile": "2s", "flowers": 1,
               "melds": [{"type": "kan", "opened": False, "tiles": {"man": "", "pin": "", "sou": "", "honors": "7777"}},
                         {"type": "pon", "opened": True, "tiles": {"man": "", "pin": "", "sou": "777", "honors": ""}},
                         {"type": "kan", "opened": True, "tiles": {"man": "", "pin": "6666", "sou": "", "honors": ""}}],
               "situation": {"self_drawn": False, "last_of_kind": False, "kong": False, "last_of_wall": False,
                             "seat_wind": "E", "round_wind": "E"}}


def won(tiles: dict, winner: int, discarder: int) -> dict:
    valued = handvalue.value(tiles)
    assert valued["enough"], valued
    return {"outcome": "win", "winner": winner, "win_type": "discard", "discarder": discarder,
            "points": valued["points"], "flowers": valued["flowers"], "elements": valued["elements"]}


@pytest.fixture
def played():
    """One MCR table: seat 0 wins the dragon pung hand twice, seat 2 the full flush once; a draw."""
    table = table_with_players(ruleset="mcr", slug="mcr-open", name="MCR Open")
    for record in (won(DRAGON_PUNG, 0, 1), {"outcome": "draw"}, won(FLUSH_PUNGS, 2, 3), won(DRAGON_PUNG, 0, 3)):
        hand_record(table=table, record=record, user=None)
    return table.session.tournament, [seat.player for seat in table.seats.order_by("position")]


def test_the_records_count_each_element_in_the_hands_won_with_it_most_frequent_first(played, api):
    tournament, _players = played
    records = api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/", HTTP_ACCEPT_LANGUAGE="en").json()[
        "records"]
    dragon = {e["name"] for e in handvalue.value(DRAGON_PUNG)["elements"]}
    flush = {e["name"] for e in handvalue.value(FLUSH_PUNGS)["elements"]}
    expected = {name: (name in dragon) * 2 + (name in flush) for name in dragon | flush}
    assert {e["name"]: e["hands"] for e in records["elements"]} == expected
    counts = [e["hands"] for e in records["elements"]]
    assert counts == sorted(counts, reverse=True) and counts[0] == 2
    assert next(e for e in records["elements"] if e["name"] == "Dragon Pung")["points"] == 2


def test_the_highest_hands_are_listed_by_their_points_with_their_elements(played, api):
    tournament, players = played
    records = api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/", HTTP_ACCEPT_LANGUAGE="en").json()[
        "records"]
    flush_points = handvalue.value(FLUSH_PUNGS)["points"]
    dragon_points = handvalue.value(DRAGON_PUNG)["points"]
    assert flush_points > dragon_points
    highest = records["highest_hands"]
    assert [(h["player"], h["points"]) for h in highest] == [
        (players[2].pk, flush_points), (players[0].pk, dragon_points), (players[0].pk, dragon_points)]
    flush_hand = Hand.objects.get(table__session__tournament=tournament, number=3)
    assert (highest[0]["hand"], highest[0]["session"], highest[0]["table"]) == (flush_hand.pk, 1, 1)
    assert "Full Flush" in highest[0]["elements"]


def test_the_records_page_shows_the_elements_in_the_visitors_language(played, client):
    tournament, _players = played
    page = client.get(f"/t/{tournament.slug}/records/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Häufigste Wertungselemente" in page and "Reine Farbe" in page and "Full Flush" not in page
    english = client.get(f"/t/{tournament.slug}/records/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Most frequent scoring elements" in english and "Full Flush" in english


def test_a_tournament_of_another_ruleset_has_no_element_records(api):
    table = table_with_players(ruleset="dmjl-classical")
    hand_record(table=table, record={"outcome": "draw"}, user=None)
    records = api.get(f"/api/v1/tournaments/{table.session.tournament.pk}/statistics/").json()["records"]
    assert "elements" not in records and "highest_hands" not in records
