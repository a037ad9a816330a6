"""A table's game flow: dealer rotation, winds, completion, carried deposits and counters."""

import pytest

import scoring
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


def hke_win(winner, fan=3):
    return {"outcome": "win", "winner": winner, "win_type": "self_draw", "fan": fan}


def test_the_state_keeps_each_players_running_total():
    _, state = flow.replay("dmjl-hke", {}, [hke_win(1), hke_win(2, fan=0)])
    assert state.totals == (-16 - 2, 48 - 2, -16 + 6, -16 - 2)


def test_without_seat_change_the_players_keep_their_seats():
    _, state = flow.replay("dmjl-hke", {}, [hke_win(s) for s in (1, 2, 3, 0)])
    assert state.seating == state.next_seating == (0, 1, 2, 3)


def test_after_easts_round_east_and_south_swap_and_west_and_north_swap():
    options = {"seat_change": True}
    assert flow.initial_state("dmjl-hke", options).next_seating == (1, 0, 3, 2)
    steps, state = flow.replay("dmjl-hke", options, [hke_win(s) for s in (1, 2, 3, 0)])
    assert [step.seating for step in steps] == [(0, 1, 2, 3)] * 4
    assert (state.prevailing_wind, state.dealer, state.seating) == ("S", 0, (1, 0, 3, 2))


def test_after_souths_round_east_and_south_cross_and_west_and_north_move_on():
    # Players A B C D start East South West North: South's round is B A D C, West's C D B A, North's D C A B.
    options = {"seat_change": True}
    _, state = flow.replay("dmjl-hke", options, [hke_win(s) for s in (1, 2, 3, 0)])
    assert state.next_seating == (2, 3, 1, 0)
    _, state = flow.replay("dmjl-hke", options, [hke_win(s) for s in (1, 2, 3, 0)] * 2)
    assert (state.prevailing_wind, state.seating, state.next_seating) == ("W", (2, 3, 1, 0), (3, 2, 0, 1))
    _, state = flow.replay("dmjl-hke", options, [hke_win(s) for s in (1, 2, 3, 0)] * 3)
    assert (state.prevailing_wind, state.seating, state.next_seating) == ("N", (3, 2, 0, 1), (3, 2, 0, 1))


def test_with_seat_change_a_hands_balances_count_for_the_player_in_that_seat():
    options = {"seat_change": True}
    records = [hke_win(s) for s in (1, 2, 3, 0)] + [hke_win(0, fan=10)]
    _, state = flow.replay("dmjl-hke", options, records)
    # In South's round seat 0 holds player 1 (South of the first round): the 384 are theirs.
    assert state.totals == (0 - 128, 0 + 384, 0 - 128, 0 - 128)
    game = scoring.results.game_result("dmjl-hke", options, [step.result for step in flow.replay(
        "dmjl-hke", options, records)[0]])
    assert game.totals == list(state.totals)
    assert game.table_points[1] == 4


def test_bust_ends_the_game_with_the_hand_that_leaves_a_player_below_zero():
    options = {"start_points": 100, "bust_ends_game": True}
    _, state = flow.replay("dmjl-hke", options, [hke_win(1, fan=4)] * 3)  # 32 from each per hand
    assert (state.complete, state.ending, state.totals[0]) == (False, None, -96)
    _, state = flow.replay("dmjl-hke", options, [hke_win(1, fan=4)] * 4)
    assert (state.complete, state.ending, state.totals[0]) == (True, "bust", -128)
    with pytest.raises(ScoringError) as caught:
        flow.replay("dmjl-hke", options, [hke_win(1, fan=4)] * 5)
    assert caught.value.hand_index == 4


def test_without_bust_ends_game_a_player_may_go_below_zero():
    _, state = flow.replay("dmjl-hke", {"start_points": 100}, [hke_win(1, fan=4)] * 5)
    assert not state.complete and state.totals[0] < -100


def test_a_riichi_player_below_zero_ends_the_game_under_bust_ends_game():
    yakuman = {"outcome": "win", "win_type": "discard", "discarder": 2, "wins": [{"seat": 1, "yakuman": 1}]}
    _, state = flow.replay("riichi-ema", {}, [yakuman])
    assert not state.complete
    _, state = flow.replay("riichi-ema", {"bust_ends_game": True}, [yakuman])
    assert (state.complete, state.ending) == (True, "bust")


def east_draw_tenpai(**extra):
    return {"outcome": "draw", "tenpai": [0] if not extra.pop("dealer_noten", False) else [], **extra}


def riichi_all_last(options):
    """Seven hands passing the deal through East's and South's rounds: the eighth is the all-last, dealt by
    North, who leads after winning the hand before it."""
    records = [{"outcome": "draw", "tenpai": [(n + 1) % 4]} for n in range(6)]
    records.append({"outcome": "win", "win_type": "discard", "discarder": 0, "wins": [{"seat": 3, "han": 3, "fu": 30}]})
    _, state = flow.replay("riichi-ema", options, records)
    assert (state.prevailing_wind, state.dealer) == ("S", 3)
    return records


def test_agari_yame_lets_the_leading_dealer_end_the_game_in_the_last_hand():
    options = {"agari_yame": True}
    records = riichi_all_last(options)
    tenpai = {"outcome": "draw", "tenpai": [3], "end_game": True}
    _, state = flow.replay("riichi-ema", options, [*records, tenpai])
    assert (state.complete, state.ending, state.dealer) == (True, "agari_yame", 3)
    _, state = flow.replay("riichi-ema", options, [*records, {**tenpai, "end_game": False}])
    assert (state.complete, state.dealer) == (False, 3)


def test_agari_yame_is_refused_before_the_last_hand_or_when_the_dealer_does_not_lead():
    options = {"agari_yame": True}
    with pytest.raises(ScoringError) as caught:
        flow.replay("riichi-ema", options, [{"outcome": "draw", "tenpai": [0], "end_game": True}])
    assert (caught.value.code, caught.value.field, caught.value.hand_index) == ("bad_record", "end_game", 0)
    records = riichi_all_last(options)
    records[-1] = {"outcome": "win", "win_type": "discard", "discarder": 3, "wins": [{"seat": 1, "han": 3, "fu": 30}]}
    with pytest.raises(ScoringError) as caught:
        flow.replay("riichi-ema", options, [*records, {"outcome": "draw", "tenpai": [3], "end_game": True}])
    assert caught.value.field == "end_game"
