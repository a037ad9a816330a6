"""A table's game result: table points, places, final points and game scores (docs/rules.md §7)."""

from fractions import Fraction

from scoring.results import game_result, table_points


def hand(balances, *, adjustments=(0, 0, 0, 0), sticks=0):
    return {
        "balances": list(balances),
        "adjustments": list(adjustments),
        "dealer_repeats": False,
        "riichi_sticks": sticks,
        "honba": 0,
    }


def test_table_points_go_four_two_one_nought():
    assert table_points([10, -5, 30, 0]) == [2, 0, 4, 1]


def test_tied_players_share_the_points_of_the_places_they_cover():
    assert table_points([10, 10, 0, -20]) == [3, 3, 1, 0]
    assert table_points([5, 5, 5, 0]) == [Fraction(7, 3)] * 3 + [0]
    assert table_points([1, 1, 1, 1]) == [Fraction(7, 4)] * 4


def test_a_chinese_game_score_is_the_sum_of_the_balances():
    game = game_result("dmjl-classical", {}, [hand([-100, 300, -100, -100]), hand([50, -50, 0, 0])])
    assert game.totals == game.scores == game.final_points == [-50, 250, -100, -100]
    assert game.places == [2, 1, 3, 3]
    assert game.table_points == [2, 4, Fraction(1, 2), Fraction(1, 2)]


def test_riichi_scores_add_uma_and_chombo_and_leftover_deposits_go_to_the_top():
    results = [
        hand([12000, -4000, -4000, -5000], sticks=1),
        hand([0, 0, 0, 0], adjustments=(0, 0, 0, -20000), sticks=1),
    ]
    game = game_result("riichi-ema", {}, results)
    assert game.final_points == [43000, 26000, 26000, 25000]
    assert game.places == [1, 2, 2, 4]
    # 13000 + 15000; tied second and third share 5000 - 5000; last -5000 - 15000 - 20000
    assert game.scores == [28000, -4000, -4000, -40000]
    assert game.table_points == [4, Fraction(3, 2), Fraction(3, 2), 0]


def test_after_a_chombo_place_and_table_points_follow_one_ordering_the_points_before_it():
    # Seat 1 is second on points (32000) but its chombo leaves its score below seat 2's: it keeps
    # second place, its uma and second place's table points (EMA: places by points, the chombo off the
    # score afterwards).
    game = game_result(
        "riichi-ema",
        {},
        [hand([12000, 2000, -4000, -10000]), hand([0, 0, 0, 0], adjustments=(0, -20000, 0, 0))],
    )
    assert game.final_points == [42000, 32000, 26000, 20000]
    assert game.scores == [27000, -13000, -9000, -25000]
    assert game.places == [1, 2, 3, 4]
    assert game.table_points == [4, 2, 1, 0]


def test_japanese_final_counts_are_rounded_to_thousands_and_the_top_gets_twelve_thousand():
    game = game_result("japanese-classic", {}, [hand([8500, -2400, -2600, -3500])])
    assert game.final_points == [51000, 28000, 27000, 27000]
    # each player's 3000 that funds the bonus is charged to their score
    assert game.scores == [18000, -5000, -6000, -6000]


def test_an_uneven_share_is_an_exact_fraction():
    game = game_result("riichi-ema", {}, [hand([0, 0, 0, -1000], sticks=1)])
    assert game.final_points == [Fraction(91000, 3), Fraction(91000, 3), Fraction(91000, 3), 29000]
