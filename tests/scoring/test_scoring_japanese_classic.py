"""japanese-classic (docs/rules.md §6); numbers worked out by hand."""

import pytest

from scoring.rulesets.japanese_classic import hand_value

R = "japanese-classic"


@pytest.mark.parametrize(
    ("points", "doubles", "limit", "value"),
    [
        (40, 3, False, 320),
        (30, 6, False, 1920),
        (30, 7, False, 2000),
        (20, 8, False, 3000),
        (20, 10, False, 4000),
        (20, 13, False, 6000),
        (20, 0, True, 8000),
    ],
)
def test_hand_values_and_limits(points, doubles, limit, value):
    assert hand_value(points, doubles, limit, "none") == value


def test_points_are_rounded_up_to_tens_even_where_the_sample_game_rounds_down(settle):
    result = settle(R, dealer=0, outcome="win", winner=1, win_type="self_draw", points=42, doubles=0)
    # 42 -> 50; East pays 100, the others 50 -> 100 (50 rounds up)
    assert result["balances"] == [-100, 300, -100, -100]


def test_exact_then_round_rounds_only_the_payments(settle):
    result = settle(
        R,
        options={"rounding": "exact_then_round"},
        dealer=0,
        outcome="win",
        winner=1,
        win_type="self_draw",
        points=42,
        doubles=0,
    )
    assert result["balances"] == [-100, 100, 0, 0]


def test_the_winner_takes_all_riichi_deposits(settle):
    result = settle(
        R,
        dealer=0,
        outcome="win",
        winner=1,
        win_type="discard",
        discarder=2,
        points=40,
        doubles=1,
        riichi=[0, 1],
        riichi_sticks=1,
    )
    # 80 per share: 160 + 80 + 80 = 320 -> 300 from the discarder, plus three deposits
    assert result["balances"] == [-1000, 2300, -300, 0]
    assert result["riichi_sticks"] == 0


def test_a_draw_keeps_the_dealer_and_the_deposits(settle):
    result = settle(R, dealer=2, outcome="draw", riichi=[3], riichi_sticks=2)
    assert result["balances"] == [0, 0, 0, -1000]
    assert (result["dealer_repeats"], result["riichi_sticks"], result["honba"]) == (True, 3, 0)


def test_an_east_limit_hand_self_drawn_costs_everyone_sixteen_thousand(settle):
    result = settle(R, dealer=3, outcome="win", winner=3, win_type="self_draw", limit_hand=True)
    assert result["balances"] == [-16000, -16000, -16000, 48000]


def test_false_mahjong_returns_this_hands_riichi_deposits(settle):
    result = settle(
        R,
        dealer=0,
        outcome="void",
        riichi=[1],
        riichi_sticks=1,
        penalties=[{"type": "false_mahjong", "seat": 1}],
    )
    assert result["balances"] == [4000, -8000, 2000, 2000]
    assert (result["riichi_sticks"], result["dealer_repeats"]) == (1, True)


def test_a_win_needs_points_or_a_limit_hand(error_of):
    assert error_of(R, dealer=0, outcome="win", winner=1, win_type="self_draw").code == "bad_record"


def test_an_abortive_draw_is_not_an_outcome_here(error_of):
    assert error_of(R, dealer=0, outcome="abort").code == "bad_outcome"


def test_points_only_rounds_the_points_but_not_the_payments(settle):
    result = settle(R, options={"rounding": "points_only"}, dealer=0, outcome="win", winner=1,
                    win_type="self_draw", points=34, doubles=2)
    # 34 -> 40, x4 = 160; East pays 320; with round_points each payment would be rounded to 100s.
    assert result["balances"] == [-320, 640, -160, -160]


def test_li_fan_shibari_needs_a_double_but_a_limit_hand_always_wins(settle, error_of):
    error = error_of(R, options={"min_doubles": 1}, dealer=0, outcome="win", winner=1, win_type="self_draw",
                     points=40, doubles=0)
    assert (error.code, error.field, error.params) == ("below_min_doubles", "doubles",
                                                       {"doubles": 0, "min_doubles": 1})
    result = settle(R, options={"min_doubles": 1}, dealer=0, outcome="win", winner=1, win_type="self_draw",
                    limit_hand=True)
    assert result["balances"][1] == 32000
    assert settle(R, options={"min_doubles": 1}, dealer=0, outcome="win", winner=1, win_type="self_draw",
                  points=40, doubles=1)["balances"][1] == 400


def test_a_dead_hand_pays_nothing_of_its_own(settle):
    result = settle(R, dealer=0, outcome="win", winner=1, win_type="discard", discarder=2, points=40, doubles=1,
                    penalties=[{"type": "dead_hand", "seat": 3}])
    assert result["balances"] == [0, 300, -300, 0]  # 80 x 4 = 320, rounded to 300


def test_a_fine_without_an_amount_is_the_simple_limit(settle):
    result = settle(R, dealer=0, outcome="void", penalties=[{"type": "fine", "seat": 2}])
    assert result["balances"] == [4000, 2000, -8000, 2000]
    assert result["dealer_repeats"] is True


def test_a_fine_names_its_own_amount_and_a_fined_east_passes_the_deal(settle):
    result = settle(R, dealer=0, outcome="void", penalties=[{"type": "fine", "seat": 0, "amount": 500}])
    assert result["balances"] == [-3000, 1000, 1000, 1000]
    assert result["dealer_repeats"] is False


def test_a_fine_is_added_to_a_won_hand(settle):
    result = settle(R, dealer=0, outcome="win", winner=1, win_type="discard", discarder=2, points=40, doubles=1,
                    penalties=[{"type": "fine", "seat": 3, "amount": 100}])
    assert result["balances"] == [200, 300 + 100, -300 + 100, -400]
