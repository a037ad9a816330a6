"""Exact numbers made presentable: decimals rounded half up, and shared places.

Sums stay exact (``int``, ``Fraction``) until they are shown or stored; these are the one place
where they become decimals and where equal figures are given one place (docs/rules.md §7, §11).
"""
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

_EXPONENTS = {places: Decimal(1).scaleb(-places) for places in range(9)}


def to_decimal(value: Any, places: int) -> Decimal:  # int, Fraction or Decimal, told apart by type() below
    """An exact number (int, Fraction, Decimal) rounded half up to ``places`` decimals."""
    exponent = _EXPONENTS.get(places) or Decimal(1).scaleb(-places)
    kind = type(value)  # the usual types first, by identity: isinstance against Fraction asks its ABC
    if kind is Fraction:
        if value.denominator != 1:
            return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(exponent, rounding=ROUND_HALF_UP)
        value, kind = value.numerator, int
    if kind is int or kind is Decimal:
        return Decimal(value).quantize(exponent, rounding=ROUND_HALF_UP)
    if isinstance(value, Fraction):
        if value.denominator != 1:  # the common case first, without a copy of the fraction
            exact = Decimal(value.numerator) / Decimal(value.denominator)
            return exact.quantize(exponent, rounding=ROUND_HALF_UP)
        value = value.numerator
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        return Decimal(value).quantize(exponent, rounding=ROUND_HALF_UP)
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(exponent, rounding=ROUND_HALF_UP)


def fraction_to_decimal(value: Fraction) -> Decimal:
    """A fraction as the decimal its division gives (exact for halves and quarters, the weights
    and age factors of MERS), without rounding it to a number of places."""
    value = Fraction(value)
    return Decimal(value.numerator) / Decimal(value.denominator)


def shared_ranks(keys: Iterable) -> list[int]:
    """Ranks of keys already sorted best first; equal keys share the better rank (1, 2, 2, 4)."""
    ranks: list[int] = []
    previous = object()
    for position, key in enumerate(keys, start=1):
        ranks.append(ranks[-1] if key == previous else position)
        previous = key
    return ranks


def exact(value: Fraction) -> int | Fraction:
    return value.numerator if value.denominator == 1 else value


def shares(keys: Sequence, amounts: Sequence[int | Fraction]) -> list[int | Fraction]:
    """``amounts`` (best place first) handed out by descending ``keys``; tied seats share the
    amounts of the places they cover equally (a Fraction; a seat alone on its place gets its amount
    as it is)."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    out: list[int | Fraction] = [Fraction(0)] * len(keys)
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and keys[order[end]] == keys[order[start]]:
            end += 1
        # one seat: its amount as it is (an int stays an int: exact, and cheaper to add up)
        alone = end - start == 1 and type(amounts[start]) is int
        share = amounts[start] if alone else Fraction(sum(amounts[start:end]), end - start)
        for s in order[start:end]:
            out[s] = share
        start = end
    return out
