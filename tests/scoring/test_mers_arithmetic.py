"""MERS's arithmetic (docs/rules.md §11), worked out by hand value by value: base rank, weight, age
factor at its boundaries, padding, Part A and Part B (through the database: tests/league/test_mers.py)."""
import datetime
import math
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring import mers

D = datetime.date


def test_the_base_rank_is_rounded_to_a_whole_number_with_halves_up():
    assert [mers.base_rank(place=p, players=5) for p in range(1, 6)] == [1000, 750, 500, 250, 0]
    assert mers.base_rank(place=3, players=8) == 714  # 714.28…
    assert mers.base_rank(place=2, players=7) == 833  # 833.33…
    assert mers.base_rank(place=3, players=7) == 667  # 666.66…
    assert mers.base_rank(place=16, players=17) == 63  # 62.5 rounds up


def test_the_weight_follows_the_ema_table():
    assert mers.tournament_weight(days=1, players=40, countries=5, qualifying=False) == 1
    assert mers.tournament_weight(days=2, players=41, countries=6, qualifying=False) == 3
    assert mers.tournament_weight(days=3, players=80, countries=9, qualifying=True) == 5
    assert mers.tournament_weight(days=5, players=81, countries=10, qualifying=True) == 6  # days count up to 3


def test_results_age_from_the_tournaments_last_day_to_the_ranking_date():
    day = D(2025, 12, 31)
    assert mers.age_factor(ended_on=D(2025, 1, 1), ranking_date=day) == 1
    assert mers.age_factor(ended_on=D(2024, 12, 30), ranking_date=day) == Fraction(1, 2)
    assert mers.age_factor(ended_on=D(2024, 1, 1), ranking_date=day) == Fraction(1, 2)
    assert mers.age_factor(ended_on=D(2023, 12, 30), ranking_date=day) == 0


def test_a_result_counts_fully_up_to_and_including_the_same_date_a_year_later():
    ended = D(2024, 6, 30)
    assert mers.age_factor(ended_on=ended, ranking_date=D(2025, 6, 30)) == 1
    assert mers.age_factor(ended_on=ended, ranking_date=D(2025, 7, 1)) == Fraction(1, 2)


def test_a_result_counts_half_up_to_and_including_the_same_date_two_years_later():
    ended = D(2024, 6, 30)
    assert mers.age_factor(ended_on=ended, ranking_date=D(2026, 6, 30)) == Fraction(1, 2)
    assert mers.age_factor(ended_on=ended, ranking_date=D(2026, 7, 1)) == 0


def test_a_29_february_ages_to_28_february():
    ended = D(2024, 2, 29)
    assert mers.age_factor(ended_on=ended, ranking_date=D(2025, 2, 28)) == 1
    assert mers.age_factor(ended_on=ended, ranking_date=D(2025, 3, 1)) == Fraction(1, 2)
    assert mers.age_factor(ended_on=ended, ranking_date=D(2026, 2, 28)) == Fraction(1, 2)
    assert mers.age_factor(ended_on=ended, ranking_date=D(2026, 3, 1)) == 0


def test_a_ranking_dated_on_a_29_february_counts_the_year_back_to_the_same_date():
    assert mers.age_factor(ended_on=D(2027, 2, 28), ranking_date=D(2028, 2, 28)) == 1
    assert mers.age_factor(ended_on=D(2027, 2, 28), ranking_date=D(2028, 2, 29)) == Fraction(1, 2)
    assert mers.age_factor(ended_on=D(2027, 3, 1), ranking_date=D(2028, 2, 29)) == 1


def test_the_ranking_is_dated_at_the_seasons_end_or_today_while_it_runs():
    assert mers.ranking_date(season_end=D(2026, 12, 31), today=D(2026, 11, 23)) == D(2026, 11, 23)
    assert mers.ranking_date(season_end=D(2025, 12, 31), today=D(2026, 11, 23)) == D(2025, 12, 31)


MID_2025 = D(2025, 6, 1)


def result(tournament: int, base: int, weight=1, age=1, ended=MID_2025) -> mers.Result:
    return mers.Result(tournament, base, Fraction(weight), Fraction(age), ended)


def test_padding_ranks_after_a_real_result_of_smaller_weight():
    # the real 0 (weight ½) goes into the best four ahead of the padding 0s (weight 1)
    value = mers.player_value([result(1, 1000), result(2, 500), result(3, 0, weight=Fraction(1, 2))])
    assert value.part_b == Fraction(1500, Fraction(7, 2))
    assert value.part_a == Fraction(1500, Fraction(9, 2))
    assert [r["part_b"] for r in value.results] == [True, True, True]


def test_part_a_leaves_out_the_worst_from_ten_results_and_part_b_takes_the_best_four():
    results = [result(k, 100 * k) for k in range(1, 11)]
    value = mers.player_value(results)
    assert mers.part_a_count(10) == 9 and mers.part_a_count(6) == 6
    assert value.part_a == Fraction(5400, 9)  # without the 100
    assert value.part_b == Fraction(3400, 4)
    assert value.value == 725
    assert [r["part_a"] for r in value.results][-1] is False


def test_equal_base_ranks_take_the_larger_weight_then_the_later_tournament_first():
    value = mers.player_value([result(1, 500, ended=D(2025, 1, 1)), result(2, 500, weight=2),
                               result(3, 500, ended=D(2025, 9, 1))])
    assert [r["tournament"] for r in value.results] == [2, 3, 1]


def test_a_player_needs_two_tournaments_to_be_ranked():
    assert not mers.player_value([result(1, 1000)]).ranked
    assert mers.player_value([result(1, 1000), result(2, 0)]).ranked
    assert not mers.player_value([result(1, 1000), result(2, 900, age=0)]).ranked  # a dropped result


@given(st.lists(st.tuples(st.integers(0, 1000), st.sampled_from([Fraction(1, 2), 1, Fraction(3, 2), 2, Fraction(5, 4),
                                                                   Fraction(6)]),
                          st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)])), max_size=30))
def test_the_weighted_average_in_whole_numbers_is_the_exact_fraction(entries):
    results = [mers.Result(index, rank, Fraction(weight), factor)
               for index, (rank, weight, factor) in enumerate(entries)]
    weights = sum(Fraction(weight) * factor for _rank, weight, factor in entries)
    expected = sum(rank * Fraction(weight) * factor for rank, weight, factor in entries) / weights if weights else 0
    assert mers.weighted_average(results) == expected


@given(st.integers(2, 400).flatmap(lambda players: st.tuples(st.just(players), st.integers(1, players))))
def test_the_base_rank_in_whole_numbers_rounds_halves_up(field):
    players, place = field
    exact = Fraction(1000 * (players - place), players - 1)
    assert mers.base_rank(place=place, players=players) == math.floor(exact + Fraction(1, 2))


def test_part_a_counts_in_whole_numbers_what_the_rule_says_in_decimals():
    assert [mers.part_a_count(n) for n in range(5, 205)] == [math.ceil(5 + Fraction(8, 10) * (n - 5))
                                                            for n in range(5, 205)]


@given(st.lists(st.tuples(st.integers(0, 1000), st.sampled_from([Fraction(1, 2), 1, Fraction(3, 2), 2, Fraction(6)]),
                          st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]), st.integers(0, 3)),
                max_size=25))
def test_the_value_is_the_mean_of_part_a_and_part_b_as_the_rule_defines_them(entries):
    results = [mers.Result(index, rank, Fraction(weight), factor, D(2025, 1, 1) + datetime.timedelta(days=day))
               for index, (rank, weight, factor, day) in enumerate(entries)]
    real = sorted((r for r in results if r.weight * r.age_factor > 0), reverse=True,
                  key=lambda r: (r.base_rank, r.weight * r.age_factor, r.ended_on, r.tournament_id))
    ordered = real + [mers.Result(None, 0, Fraction(1), Fraction(1))] * max(0, 5 - len(real))

    def mean(chosen):
        return (sum(r.base_rank * r.weight * r.age_factor for r in chosen)
                / sum(r.weight * r.age_factor for r in chosen))

    part_a = mean(ordered[:math.ceil(5 + Fraction(8, 10) * (len(ordered) - 5))])
    value = mers.player_value(results)
    assert (value.part_a, value.part_b, value.value) == (part_a, mean(ordered[:4]), (part_a + mean(ordered[:4])) / 2)
    assert [r["tournament"] for r in value.results] == [r.tournament_id for r in real]
