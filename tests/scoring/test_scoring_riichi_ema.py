"""riichi-ema (docs/rules.md §5); numbers worked out by hand."""

import pytest

from scoring.rulesets.riichi_ema import base_points

R = "riichi-ema"


@pytest.mark.parametrize(
    ("han", "fu", "base"),
    [
        (1, 30, 240),
        (1, 22, 240),
        (2, 25, 400),
        (3, 60, 1920),
        (4, 30, 1920),
        (4, 40, 2000),
        (5, None, 2000),
        (7, None, 3000),
        (8, None, 4000),
        (10, None, 4000),
        (11, None, 6000),
        (13, None, 6000),
        (20, None, 6000),
    ],
)
def test_base_points_follow_han_and_fu_without_kiriage(han, fu, base):
    assert base_points(han, fu) == base


def test_a_ron_is_rounded_up_to_hundreds(settle):
    result = settle(
        R, dealer=0, outcome="win", win_type="discard", discarder=1, wins=[{"seat": 2, "han": 3, "fu": 60}]
    )
    assert result["balances"] == [0, -7700, 7700, 0]


def test_a_tsumo_adds_one_hundred_per_honba_for_each_payer(settle):
    result = settle(
        R, dealer=0, honba=1, outcome="win", win_type="self_draw", wins=[{"seat": 1, "han": 1, "fu": 30}]
    )
    assert result["balances"] == [-600, 1400, -400, -400]
    assert (result["honba"], result["dealer_repeats"]) == (0, False)


def test_a_yakuman_is_eight_thousand_base(settle):
    result = settle(
        R, dealer=0, outcome="win", win_type="discard", discarder=3, wins=[{"seat": 0, "yakuman": 1}]
    )
    assert result["balances"] == [48000, 0, 0, -48000]
    assert result["honba"] == 1


def test_multiple_ron_pays_every_winner_and_the_first_after_the_discarder_takes_the_deposits(settle):
    wins = [{"seat": 3, "han": 2, "fu": 30}, {"seat": 1, "han": 1, "fu": 30}]
    result = settle(
        R,
        dealer=0,
        outcome="win",
        win_type="discard",
        discarder=0,
        honba=1,
        riichi_sticks=1,
        riichi=[2],
        wins=wins,
    )
    assert result["balances"] == [-3600, 3300, -1000, 2300]
    assert sum(result["balances"]) == 1000 * (2 - 1)
    assert (result["riichi_sticks"], result["honba"], result["dealer_repeats"]) == (0, 0, False)


def test_multiple_ron_deposits_go_round_the_table_from_the_discarder(settle):
    wins = [{"seat": 1, "han": 1, "fu": 30}, {"seat": 3, "han": 1, "fu": 30}]
    result = settle(R, dealer=0, outcome="win", win_type="discard", discarder=2, riichi_sticks=1, wins=wins)
    assert result["balances"] == [0, 1000, -2000, 2000]


def test_in_a_double_ron_a_winner_who_declared_riichi_takes_their_own_stick_back(settle):
    # Pantheon's testMultiRonWithRiichi (EMA RCR 2016 §4.1): seat 1 deals one counter on with one
    # stick on the table; seats 0 and 2 declare riichi, seat 1 deals into seats 0 and 3.
    wins = [{"seat": 0, "han": 3, "fu": 30}, {"seat": 3, "han": 2, "fu": 30}]
    result = settle(
        R,
        dealer=1,
        outcome="win",
        win_type="discard",
        discarder=1,
        honba=1,
        riichi_sticks=1,
        riichi=[0, 2],
        wins=wins,
    )
    assert result["balances"] == [4200, -6500, -1000, 4300]
    assert (result["riichi_sticks"], result["honba"]) == (0, 0)


def test_a_double_ron_where_the_liable_player_is_the_other_winner_is_paid_as_pantheon_pays_it(settle):
    # Pantheon's testMultiRonWithPao: seat 3 is liable for seat 1's yakuman and wins on the same discard.
    wins = [{"seat": 1, "yakuman": 1}, {"seat": 3, "han": 2, "fu": 30}]
    result = settle(
        R,
        dealer=0,
        outcome="win",
        win_type="discard",
        discarder=0,
        riichi=[1, 2],
        wins=wins,
        penalties=[{"type": "pao", "seat": 3}],
    )
    assert result["balances"] == [-16000 - 2000, 32000 - 1000 + 2000, -1000, -16000 + 2000]


def test_a_liable_winner_needs_another_winners_yakuman_and_a_lone_winner_cannot_be_liable(error_of):
    ron = {"dealer": 0, "outcome": "win", "win_type": "discard", "discarder": 0}
    both = [{"seat": 1, "han": 2, "fu": 30}, {"seat": 3, "yakuman": 1}]
    error = error_of(R, wins=both, penalties=[{"type": "pao", "seat": 3}], **ron)
    assert (error.code, error.field) == ("bad_record", "penalties")
    error = error_of(R, wins=[{"seat": 3, "yakuman": 1}], penalties=[{"type": "pao", "seat": 3}], **ron)
    assert (error.code, error.field) == ("bad_record", "penalties")


def test_pao_on_a_tsumo_makes_the_liable_seat_pay_all_three_shares(settle):
    result = settle(
        R,
        dealer=0,
        honba=1,
        outcome="win",
        win_type="self_draw",
        wins=[{"seat": 1, "yakuman": 1}],
        penalties=[{"type": "pao", "seat": 2}],
    )
    assert result["balances"] == [0, 32300, -32300, 0]


def test_pao_on_a_ron_halves_the_payment_and_the_discarder_pays_the_honba(settle):
    result = settle(
        R,
        dealer=0,
        honba=2,
        outcome="win",
        win_type="discard",
        discarder=3,
        wins=[{"seat": 1, "yakuman": 1}],
        penalties=[{"type": "pao", "seat": 2}],
    )
    assert result["balances"] == [0, 32600, -16000, -16600]


def test_chombo_returns_this_hands_riichi_deposits_and_replays_the_hand(settle):
    result = settle(
        R,
        dealer=1,
        outcome="void",
        riichi=[0],
        riichi_sticks=2,
        honba=3,
        penalties=[{"type": "chombo", "seat": 0}],
    )
    assert result == {
        "balances": [0, 0, 0, 0],
        "adjustments": [-20000, 0, 0, 0],
        "dealer_repeats": True,
        "riichi_sticks": 2,
        "honba": 3,
    }


def test_chombo_needs_a_void_hand(error_of):
    error = error_of(R, dealer=0, outcome="draw", penalties=[{"type": "chombo", "seat": 0}])
    assert (error.code, error.field) == ("false_mahjong_needs_void", "penalties")


def test_three_tenpai_receive_one_thousand_each_and_deposits_stay(settle):
    result = settle(R, dealer=3, outcome="draw", tenpai=[0, 1, 2], riichi=[1], riichi_sticks=1, honba=1)
    assert result["balances"] == [1000, 0, 1000, -3000]
    assert (result["riichi_sticks"], result["honba"], result["dealer_repeats"]) == (2, 2, False)


def test_nobody_tenpai_pays_nothing(settle):
    result = settle(R, dealer=0, outcome="draw", tenpai=[])
    assert result["balances"] == [0, 0, 0, 0]
    assert (result["dealer_repeats"], result["honba"]) == (False, 1)


def test_an_abortive_draw_is_an_error_under_ema(error_of):
    error = error_of(R, dealer=0, outcome="abort")
    assert (error.code, error.field) == ("abortive_draw_not_allowed", "outcome")


def test_an_abortive_draw_when_allowed_keeps_the_dealer_and_adds_a_counter(settle):
    result = settle(R, options={"abortive_draws": True}, dealer=0, outcome="abort", riichi=[3])
    assert result["balances"] == [0, 0, 0, -1000]
    assert (result["dealer_repeats"], result["honba"], result["riichi_sticks"]) == (True, 1, 1)


@pytest.mark.parametrize(
    "win",
    [
        {"seat": 1, "han": 0, "fu": 30},
        {"seat": 1, "han": 1, "fu": 120},
        {"seat": 1, "han": 1, "fu": 15},
        {"seat": 1, "yakuman": 2},
    ],
)
def test_impossible_han_and_fu_are_rejected(error_of, win):
    error = error_of(R, dealer=0, outcome="win", win_type="discard", discarder=0, wins=[win])
    assert (error.code, error.field) == ("bad_han_fu", "wins")


def test_a_tsumo_has_one_winner(error_of):
    wins = [{"seat": 1, "han": 1, "fu": 30}, {"seat": 2, "han": 1, "fu": 30}]
    assert error_of(R, dealer=0, outcome="win", win_type="self_draw", wins=wins).code == "bad_record"


def test_a_ron_winner_cannot_be_the_discarder(error_of):
    error = error_of(
        R, dealer=0, outcome="win", win_type="discard", discarder=1, wins=[{"seat": 1, "yakuman": 1}]
    )
    assert (error.code, error.field) == ("winner_is_discarder", "wins")


def test_a_win_needs_a_winner(error_of):
    error = error_of(R, dealer=0, outcome="win", win_type="self_draw", wins=[])
    assert (error.code, error.field) == ("winner_required", "wins")


def test_without_dealer_repeats_on_tenpai_a_tenpai_east_passes_the_deal_but_counters_grow(settle):
    result = settle(R, options={"dealer_repeats_on_tenpai": False}, dealer=1, outcome="draw", tenpai=[1, 2],
                    honba=2)
    assert (result["balances"], result["dealer_repeats"], result["honba"]) == ([-1500, 1500, 1500, -1500], False, 3)


def test_an_east_win_still_repeats_without_dealer_repeats_on_tenpai(settle):
    result = settle(R, options={"dealer_repeats_on_tenpai": False}, dealer=0, outcome="win", win_type="self_draw",
                    wins=[{"seat": 0, "han": 1, "fu": 30}])
    assert result["dealer_repeats"] is True


def test_kazoe_yakuman_pays_thirteen_counted_han_as_a_yakuman(settle):
    win = {"dealer": 0, "outcome": "win", "win_type": "discard", "discarder": 2, "wins": [{"seat": 1, "han": 13}]}
    assert settle(R, **win)["balances"] == [0, 24000, -24000, 0]
    assert settle(R, options={"kazoe_yakuman": True}, **win)["balances"] == [0, 32000, -32000, 0]
    twelve = {**win, "wins": [{"seat": 1, "han": 12}]}
    assert settle(R, options={"kazoe_yakuman": True}, **twelve)["balances"] == [0, 24000, -24000, 0]


def test_end_game_needs_the_agari_yame_option(error_of):
    error = error_of(R, dealer=0, outcome="draw", tenpai=[0], end_game=True)
    assert (error.code, error.field) == ("bad_record", "end_game")


def test_end_game_needs_a_dealer_who_wins_or_is_tenpai(settle, error_of):
    options = {"agari_yame": True}
    assert settle(R, options=options, dealer=0, outcome="draw", tenpai=[0], end_game=True)["balances"] == [
        3000, -1000, -1000, -1000]
    for record in ({"outcome": "draw", "tenpai": [1]},
                   {"outcome": "win", "win_type": "self_draw", "wins": [{"seat": 2, "han": 1, "fu": 30}]},
                   {"outcome": "void", "penalties": [{"type": "chombo", "seat": 0}]}):
        error = error_of(R, options=options, dealer=0, end_game=True, **record)
        assert (error.code, error.field) == ("bad_record", "end_game")
    error = error_of(R, options=options, dealer=0, outcome="draw", end_game="yes")
    assert (error.code, error.field) == ("bad_record", "end_game")


@pytest.mark.parametrize("option", ["dealer_repeats_on_tenpai", "kazoe_yakuman", "bust_ends_game", "agari_yame"])
def test_the_new_options_are_true_or_false(error_of, option):
    error = error_of(R, options={option: 1}, dealer=0, outcome="draw")
    assert error.code == "bad_record" and error.field == "options"
