"""Exact numbers made presentable: decimals rounded half up, and shared places."""
from decimal import Decimal
from fractions import Fraction

from scoring.numbers import fraction_to_decimal, shared_ranks, to_decimal


def test_tied_keys_share_the_better_rank():
    assert shared_ranks(["a", "b", "b", "c", "c", "c", "d"]) == [1, 2, 2, 4, 4, 4, 7]


def test_nothing_to_rank_gives_no_ranks():
    assert shared_ranks([]) == []


def test_exact_numbers_round_half_up_to_the_places_asked():
    assert to_decimal(Fraction(17, 8), 2) == Decimal("2.13")  # 2.125
    assert to_decimal(Fraction(-17, 8), 2) == Decimal("-2.13")
    assert to_decimal(Fraction(7, 4), 4) == Decimal("1.7500")
    assert to_decimal(Fraction(2, 3), 4) == Decimal("0.6667")
    assert to_decimal(12345, 0) == Decimal("12345")
    assert to_decimal(Decimal("652.755"), 2) == Decimal("652.76")
    assert to_decimal(Fraction(5, 1), 2) == Decimal("5.00")


def test_halves_and_quarters_become_their_exact_decimals():
    assert fraction_to_decimal(Fraction(3, 2)) == Decimal("1.5")
    assert fraction_to_decimal(Fraction(1, 4)) == Decimal("0.25")
    assert fraction_to_decimal(Fraction(2)) == Decimal("2")
