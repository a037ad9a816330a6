"""dmjl-classical (docs/rules.md §3); numbers worked out by hand."""

R = "dmjl-classical"


def test_winner_is_paid_by_everyone_and_east_pays_double(settle):
    result = settle(R, dealer=0, outcome="win", winner=1, hand_values=[0, 200, 0, 0])
    assert result["balances"] == [-400, 800, -200, -200]
    assert result["dealer_repeats"] is False


def test_non_winners_settle_differences_the_lower_paying_the_higher(settle):
    result = settle(R, dealer=0, outcome="win", winner=2, hand_values=[50, 10, 100, 30])
    # winner: 200 + 100 + 100; 1 pays 0 2x40, 3 pays 0 2x20, 1 pays 3 20
    assert result["balances"] == [-80, -200, 400, -120]


def test_east_winning_keeps_the_deal(settle):
    assert settle(R, dealer=3, outcome="win", winner=3, hand_values=[0, 0, 0, 100])["dealer_repeats"] is True


def test_no_upper_limit_when_it_is_zero(settle):
    result = settle(
        R, options={"upper_limit": 0}, dealer=0, outcome="win", winner=0, hand_values=[35840, 0, 0, 0]
    )
    assert result["balances"] == [215040, -71680, -71680, -71680]


def test_a_half_limit_hand_is_paid_as_half_the_upper_limit(settle):
    result = settle(R, dealer=0, outcome="win", winner=2, limit_hand="half", hand_values=[0, 0, 0, 0])
    assert result["balances"] == [-5000, -2500, 10000, -2500]


def test_a_winner_below_the_lower_limit_has_no_mahjong(error_of):
    error = error_of(R, dealer=0, outcome="win", winner=2, hand_values=[8, 16, 80, 0])
    assert (error.code, error.field) == ("below_lower_limit", "hand_values")
    assert error.message == "The winner's hand value 80 is below the lower limit of 100."


def test_two_dead_hands_share_the_debts_of_the_others(settle):
    penalties = [{"type": "dead_hand", "seat": 2}, {"type": "dead_hand", "seat": 3}]
    result = settle(R, dealer=0, outcome="win", winner=1, hand_values=[20, 576, 4, 128], penalties=penalties)
    # East's 1152 to the winner is paid 576 + 576 by the dead hands; what they would receive is cancelled
    assert result["balances"] == [32, 2304, -1184, -1152]


def test_the_first_dead_seat_pays_the_remainder_of_a_shared_debt(settle):
    penalties = [{"type": "dead_hand", "seat": 3}, {"type": "dead_hand", "seat": 2}]
    result = settle(R, dealer=2, outcome="win", winner=1, hand_values=[0, 101, 0, 0], penalties=penalties)
    # seat 0's 101 is paid 51 by seat 2 and 50 by seat 3
    assert result["balances"] == [0, 404, -253, -151]


def test_a_dead_hand_cannot_win(error_of):
    penalties = [{"type": "dead_hand", "seat": 1}]
    error = error_of(R, dealer=0, outcome="win", winner=1, hand_values=[0, 200, 0, 0], penalties=penalties)
    assert (error.code, error.field) == ("dead_hand_cannot_win", "winner")


def test_dangerous_game_makes_the_liable_seat_pay_for_all_to_all_like_a_dead_hand(settle):
    penalties = [{"type": "dangerous_game", "seat": 3}]
    result = settle(R, dealer=0, outcome="win", winner=1, hand_values=[0, 200, 50, 0], penalties=penalties)
    # North pays East's 400 and West's 200 to the winner, and East's 100 and its own 50 to West.
    assert result["balances"] == [0, 800, 150, -950]


def test_dangerous_game_needs_a_win(error_of):
    error = error_of(R, dealer=0, outcome="draw", penalties=[{"type": "dangerous_game", "seat": 3}])
    assert (error.code, error.field) == ("bad_record", "penalties")


def test_a_draw_settles_nothing_by_default(settle):
    result = settle(R, dealer=0, outcome="draw")
    assert result["balances"] == [0, 0, 0, 0]
    assert result["dealer_repeats"] is True


def test_a_draw_with_differences_settles_all_four(settle):
    result = settle(
        R, options={"draw_scoring": "differences"}, dealer=0, outcome="draw", hand_values=[10, 30, 0, 0]
    )
    assert result["balances"] == [0, 100, -50, -50]


def test_false_mahjong_in_total_mode_costs_three_hundred_in_all(settle):
    one = settle(
        R,
        options={"false_mahjong_mode": "total"},
        dealer=0,
        outcome="void",
        penalties=[{"type": "false_mahjong", "seat": 2}],
    )
    assert one["balances"] == [100, 100, -300, 100]
    two = settle(
        R,
        options={"false_mahjong_mode": "total"},
        dealer=0,
        outcome="void",
        penalties=[{"type": "false_mahjong", "seat": 1}, {"type": "false_mahjong", "seat": 3}],
    )
    assert two["balances"] == [150, -150, 150, -150]


def test_false_mahjong_by_east_passes_the_deal(settle):
    result = settle(R, dealer=2, outcome="void", penalties=[{"type": "false_mahjong", "seat": 2}])
    assert result["balances"] == [300, 300, -900, 300]
    assert result["dealer_repeats"] is False


def test_false_mahjong_needs_a_void_hand(error_of):
    error = error_of(
        R,
        dealer=0,
        outcome="win",
        winner=1,
        hand_values=[0, 200, 0, 0],
        penalties=[{"type": "false_mahjong", "seat": 2}],
    )
    assert (error.code, error.field) == ("false_mahjong_needs_void", "penalties")


def test_a_void_hand_needs_an_offender(error_of):
    assert error_of(R, dealer=0, outcome="void").code == "bad_record"


def test_false_naming_of_a_chow_costs_fifty_on_top_of_the_hand(settle):
    result = settle(
        R,
        dealer=0,
        outcome="draw",
        penalties=[{"type": "false_naming", "seat": 0, "claimant": 3, "claim": "chow"}],
    )
    assert result["balances"] == [-50, 0, 0, 50]


def test_false_naming_of_a_kong_costs_one_hundred(settle):
    result = settle(
        R,
        dealer=0,
        outcome="draw",
        penalties=[{"type": "false_naming", "seat": 1, "claimant": 2, "claim": "kong"}],
    )
    assert result["balances"] == [0, -100, 100, 0]


def test_dangerous_game_and_a_dead_hand_share_the_debts_as_two_dead_seats(settle):
    penalties = [{"type": "dangerous_game", "seat": 3}, {"type": "dead_hand", "seat": 2}]
    result = settle(R, dealer=0, outcome="win", winner=1, hand_values=[0, 200, 0, 0], penalties=penalties)
    # East's 400 to the winner is shared by West and North; their own 200 each stay theirs.
    assert result["balances"] == [0, 800, -400, -400]


def test_the_liable_seat_cannot_be_the_winner(error_of):
    penalties = [{"type": "dangerous_game", "seat": 1}]
    error = error_of(R, dealer=0, outcome="win", winner=1, hand_values=[0, 200, 0, 0], penalties=penalties)
    assert (error.code, error.field) == ("bad_record", "penalties")


def test_a_fine_is_paid_to_each_other_player_and_east_receives_double(settle):
    result = settle(R, dealer=0, outcome="draw", penalties=[{"type": "fine", "seat": 3, "amount": 30}])
    assert result["balances"] == [60, 30, 30, -120]
    assert result["dealer_repeats"] is True


def test_a_fined_east_pays_double_to_everyone(settle):
    result = settle(R, dealer=2, outcome="void", penalties=[{"type": "fine", "seat": 2, "amount": 10}])
    assert result["balances"] == [20, 20, -60, 20]
    assert result["dealer_repeats"] is False


def test_several_fines_in_one_hand_add_up(settle):
    penalties = [{"type": "fine", "seat": 1, "amount": 10}, {"type": "fine", "seat": 1, "amount": 20},
                 {"type": "fine", "seat": 2, "amount": 50}]
    result = settle(R, dealer=0, outcome="void", penalties=penalties)
    assert result["balances"] == [60 + 100, -120 + 50, 30 - 200, 30 + 50]
    assert result["dealer_repeats"] is True


def test_a_chemnitz_false_mahjong_is_a_void_hand_with_a_fine_of_fifty(settle):
    result = settle(R, dealer=0, outcome="void", penalties=[{"type": "fine", "seat": 1, "amount": 50}])
    assert result["balances"] == [100, -200, 50, 50]


def test_a_fine_with_a_dead_hand_is_not_passed_on_to_the_dead_hand(settle):
    penalties = [{"type": "dead_hand", "seat": 3}, {"type": "fine", "seat": 2, "amount": 10}]
    result = settle(R, dealer=0, outcome="win", winner=1, hand_values=[20, 576, 4, 128], penalties=penalties)
    assert result["balances"] == [32 + 20, 2304 + 10, 0 - 40, -2336 + 10]


def test_a_fine_needs_a_positive_amount(error_of):
    for fine in ({"type": "fine", "seat": 1}, {"type": "fine", "seat": 1, "amount": 0},
                 {"type": "fine", "seat": 1, "amount": "10"}, {"type": "fine", "seat": 1, "amount": True}):
        error = error_of(R, dealer=0, outcome="void", penalties=[fine])
        assert (error.code, error.field) == ("bad_record", "penalties")


def test_a_void_hand_without_false_mahjong_or_fine_is_an_error(error_of):
    error = error_of(R, dealer=0, outcome="void", penalties=[{"type": "dead_hand", "seat": 1}])
    assert error.code == "bad_record" and "fine" in error.message
