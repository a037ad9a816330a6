"""A table's game flow: dealer rotation, winds, completion, carried deposits and counters."""

import pytest

from scoring import ScoringError, flow


def classical_win(winner):
    values = [0, 0, 0, 0]
    values[winner] = 100
    return {"outcome": "win", "winner": winner, "hand_values": values}


def pass_the_deal(state):
    return classical_win((state.dealer + 1) % 4)


def test_the_first_hand_is_dealt_by_seat_zero_in_the_east_round():
    state = flow.initial_state("dmjl-classical", {})
    assert (state.dealer, state.prevailing_wind, state.hands_played, state.complete) == (0, "E", 0, False)


def test_the_deal_passes_when_a_non_east_player_wins_and_stays_when_east_wins():
    steps, state = flow.replay("dmjl-classical", {}, [classical_win(2), classical_win(1), classical_win(3)])
    assert [step.dealer for step in steps] == [0, 1, 1]
    assert state.dealer == 2
    assert steps[0].record["dealer"] == 0 and steps[0].record["ruleset"] == "dmjl-classical"


def test_the_wind_advances_when_the_deal_returns_to_the_first_dealer():
    steps, state = flow.replay("dmjl-classical", {}, [classical_win(s) for s in (1, 2, 3, 0)])
    assert [step.prevailing_wind for step in steps] == ["E", "E", "E", "E"]
    assert (state.dealer, state.prevailing_wind) == (0, "S")


def test_a_chinese_game_is_complete_after_four_rounds():
    records = [classical_win((n + 1) % 4) for n in range(16)]
    steps, state = flow.replay("dmjl-classical", {}, records)
    assert [step.prevailing_wind for step in steps][::4] == ["E", "S", "W", "N"]
    assert state.complete and state.hands_played == 16
    _, early = flow.replay("dmjl-classical", {}, records[:15])
    assert not early.complete


def test_a_riichi_game_is_a_hanchan_of_two_rounds():
    records = [{"outcome": "draw", "tenpai": [(n + 1) % 4]} for n in range(8)]
    _, state = flow.replay("riichi-ema", {}, records)
    assert state.complete


def test_max_hands_ends_the_game_early():
    _, state = flow.replay("dmjl-hke", {"max_hands": 3}, [{"outcome": "draw"}] * 3)
    assert state.complete


def test_no_hand_is_accepted_after_the_game_is_complete():
    with pytest.raises(ScoringError) as caught:
        flow.replay("dmjl-hke", {"max_hands": 2}, [{"outcome": "draw"}] * 3)
    assert (caught.value.code, caught.value.hand_index) == ("bad_record", 2)


def test_riichi_deposits_and_counters_are_carried_to_the_next_hand():
    records = [
        {"outcome": "draw", "tenpai": [1], "riichi": [1]},
        {"outcome": "win", "win_type": "discard", "discarder": 0, "wins": [{"seat": 2, "han": 1, "fu": 30}]},
    ]
    steps, state = flow.replay("riichi-ema", {}, records)
    assert (steps[1].record["riichi_sticks"], steps[1].record["honba"], steps[1].dealer) == (1, 1, 1)
    # 1000 for the ron, 300 for the counter, 1000 for the deposit
    assert steps[1].result["balances"] == [-1300, 0, 2300, 0]
    assert (state.riichi_sticks, state.honba, state.dealer) == (0, 0, 2)


def test_a_chombo_replays_the_hand_with_the_same_dealer_and_counters():
    records = [
        {"outcome": "draw", "tenpai": [0]},
        {"outcome": "void", "riichi": [2], "penalties": [{"type": "chombo", "seat": 3}]},
    ]
    steps, state = flow.replay("riichi-ema", {}, records)
    assert (state.dealer, state.honba, state.riichi_sticks) == (steps[1].dealer, 1, 0)
    assert state.hands_played == 2


def test_japanese_classic_carries_the_riichi_deposits_only():
    state = flow.TableState(dealer=1, riichi_sticks=2, honba=3)
    filled = flow.fill_record("japanese-classic", {}, state, {"outcome": "draw"})
    assert filled == {
        "outcome": "draw",
        "ruleset": "japanese-classic",
        "options": {},
        "dealer": 1,
        "riichi_sticks": 2,
    }


def test_a_records_own_options_override_the_tournaments():
    filled = flow.fill_record(
        "dmjl-classical", {"upper_limit": 500}, flow.TableState(), {"options": {"lower_limit": 0}}
    )
    assert filled["options"] == {"upper_limit": 500, "lower_limit": 0}


def test_an_error_in_a_later_hand_reports_its_position():
    records = [
        classical_win(1),
        classical_win(2),
        {"outcome": "win", "winner": 2, "hand_values": [0, 0, 5, 0]},
    ]
    with pytest.raises(ScoringError) as caught:
        flow.replay("dmjl-classical", {}, records)
    assert (caught.value.code, caught.value.hand_index) == ("below_lower_limit", 2)
