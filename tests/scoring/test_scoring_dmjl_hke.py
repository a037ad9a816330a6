"""dmjl-hke (docs/rules.md §4); numbers worked out by hand."""

import pytest

R = "dmjl-hke"


@pytest.mark.parametrize(
    ("fan", "points"),
    [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (6, 16), (7, 32), (9, 32), (10, 64), (13, 64)],
)
def test_fan_become_points_by_the_table(settle, fan, points):
    result = settle(R, dealer=0, outcome="win", winner=1, win_type="self_draw", fan=fan)
    assert result["balances"] == [-2 * points, 6 * points, -2 * points, -2 * points]


def test_the_discarder_pays_double_and_the_others_single_without_east_advantage(settle):
    result = settle(R, dealer=1, outcome="win", winner=1, win_type="discard", discarder=2, fan=1)
    assert result["balances"] == [-2, 8, -4, -2]
    assert result["dealer_repeats"] is True


def test_obstruction_costs_sixteen_to_each_other_player_on_top_of_the_hand(settle):
    result = settle(
        R,
        dealer=0,
        outcome="win",
        winner=1,
        win_type="discard",
        discarder=2,
        fan=0,
        penalties=[{"type": "obstruction", "seat": 0}],
    )
    assert result["balances"] == [-49, 20, 14, 15]


def test_a_dead_hand_cannot_win_but_pays_as_usual(settle, error_of):
    dead = [{"type": "dead_hand", "seat": 3}]
    error = error_of(R, dealer=0, outcome="win", winner=3, win_type="self_draw", fan=1, penalties=dead)
    assert (error.code, error.field) == ("dead_hand_cannot_win", "winner")
    result = settle(
        R, dealer=0, outcome="win", winner=1, win_type="discard", discarder=3, fan=3, penalties=dead
    )
    assert result["balances"] == [-8, 32, -8, -16]


def test_the_wind_moves_on_after_a_draw(settle):
    result = settle(R, dealer=0, outcome="draw")
    assert result["balances"] == [0, 0, 0, 0]
    assert result["dealer_repeats"] is False


def test_a_limit_hand_ignores_the_fan_minimum(settle):
    result = settle(
        R,
        options={"min_fan": 3},
        dealer=0,
        outcome="win",
        winner=2,
        win_type="discard",
        discarder=0,
        limit_hand=True,
    )
    assert result["balances"] == [-128, -64, 256, -64]


def test_a_discard_win_needs_the_discarder(error_of):
    error = error_of(R, dealer=0, outcome="win", winner=2, win_type="discard", fan=1)
    assert (error.code, error.field) == ("discarder_required", "discarder")


def test_nobody_wins_on_their_own_discard(error_of):
    error = error_of(R, dealer=0, outcome="win", winner=2, win_type="discard", discarder=2, fan=1)
    assert error.code == "winner_is_discarder"


def test_a_win_needs_fan_or_a_limit_hand(error_of):
    assert error_of(R, dealer=0, outcome="win", winner=2, win_type="self_draw").code == "bad_record"


def test_false_mahjong_by_two_players_costs_each_sixteen_to_each_other(settle):
    result = settle(
        R,
        dealer=0,
        outcome="void",
        penalties=[{"type": "false_mahjong", "seat": 0}, {"type": "false_mahjong", "seat": 1}],
    )
    assert result["balances"] == [-32, -32, 32, 32]


@pytest.mark.parametrize(("option", "bad"), [("seat_change", 1), ("start_points", -1), ("bust_ends_game", "no")])
def test_the_seat_change_and_chip_options_are_validated(error_of, option, bad):
    error = error_of(R, options={option: bad}, dealer=0, outcome="draw")
    assert (error.code, error.field) == ("bad_record", "options")


def test_the_seat_change_and_chip_options_leave_a_hands_settlement_alone(settle):
    options = {"seat_change": True, "start_points": 500, "bust_ends_game": True}
    result = settle(R, options=options, dealer=0, outcome="win", winner=1, win_type="discard", discarder=2, fan=3)
    assert result["balances"] == [-8, 32, -16, -8]
