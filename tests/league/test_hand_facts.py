"""Hand records read in words and facts, for the exports and the statistics."""
import pytest
from django.utils import translation

from league import hand_facts

NAMES = ["Anna", "Ben", "Carla", "Dora"]


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def test_a_discard_win_names_winner_and_discarder():
    record = {"outcome": "win", "winner": 2, "win_type": "discard", "discarder": 0, "fan": 3}
    assert hand_facts.outcome_text(record, NAMES) == "Carla wins on Anna's discard"
    assert hand_facts.winners(record) == [2] and hand_facts.discarder(record) == 0
    assert not hand_facts.self_drawn(record)


def test_a_multiple_ron_names_every_winner():
    record = {"outcome": "win", "wins": [{"seat": 1, "han": 2, "fu": 30}, {"seat": 3, "yakuman": 1}],
              "win_type": "discard", "discarder": 2}
    assert hand_facts.outcome_text(record, NAMES) == "Ben & Dora win on Carla's discard (limit hand)"
    assert hand_facts.limit_hand(record)


def test_self_draws_draws_voids_and_penalties_in_words():
    assert hand_facts.outcome_text({"outcome": "win", "winner": 0, "win_type": "self_draw"}, NAMES) == \
        "Anna wins by self-draw"
    assert hand_facts.outcome_text({"outcome": "draw"}, NAMES) == "Draw (the wall ran out)"
    void = {"outcome": "void", "penalties": [{"type": "false_mahjong", "seat": 3}]}
    assert hand_facts.outcome_text(void, NAMES) == "Void hand; false Mah-Jongg: Dora"
    assert hand_facts.penalties(void) == [("false_mahjong", 3)]


def test_seat_labels_carry_the_winds_of_the_hand():
    assert hand_facts.seat_labels(NAMES) == ["East – Anna", "South – Ben", "West – Carla", "North – Dora"]
    assert hand_facts.seat_labels(NAMES, dealer=1)[1] == "East – Ben"


RECORDS = [
    {"outcome": "win", "winner": 2, "win_type": "discard", "discarder": 0},
    {"outcome": "win", "wins": [{"seat": 1}, {"seat": 3, "yakuman": 1}], "win_type": "discard", "discarder": 2},
    {"outcome": "win", "winner": 0, "win_type": "self_draw"},
    {"outcome": "void", "penalties": [{"type": "false_mahjong", "seat": 3}, {"type": "fine"}]},
    {"outcome": "draw"},
]


def test_a_wording_made_once_says_every_outcome_and_seat_as_the_live_lookup_does():
    with translation.override("de"):
        wording = hand_facts.Wording()
        for record in RECORDS * 2:  # the second round reads the remembered phrases
            assert hand_facts.outcome_text(record, NAMES, wording) == hand_facts.outcome_text(record, NAMES)
        assert hand_facts.outcome_text(RECORDS[0], NAMES, wording) == "Carla gewinnt mit dem Abwurf von Anna"
        for dealer in range(4):
            assert hand_facts.seat_labels(NAMES, dealer, wording) == hand_facts.seat_labels(NAMES, dealer)
        assert hand_facts.seat_labels(NAMES, 0, wording)[0] == "Ost – Anna"
