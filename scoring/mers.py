"""MERS, the EMA's ranking (docs/rules.md §11): the arithmetic over plain numbers.

- Base rank: 1000 · (N − p)/(N − 1), rounded to a whole number, halves up; tied players share the
  better place.
- Tournament weight: days (1–3) + players (≤ 40: 0, 41–80: ½, more: 1) + countries (≤ 5: 0, 6–9: ½,
  10 or more: 1) + 1 when qualifying; an administrator's override (0.5–6) replaces it.
- Age factor, counted from the tournament's last day to the ranking date (the season's end, or
  today while the season runs): up to and including one year — the same calendar date a year
  later — 1; up to and including two years ½; older 0 (dropped). A 29 February ages to 28 February.
- Fewer than 5 results are padded with base rank 0, weight 1; padding ranks after every real result.
- Part A: weighted average of the best ⌈5 + 0.8 · (n − 5)⌉ of n results; Part B: of the best 4;
  R = (A + B)/2. Best: higher base rank, then larger weight, then the later tournament.
- Ranked only with real results from at least 2 tournaments.

Reading the tournaments' figures and results is ``league.selectors.mers``; writing the rows is
``league.services.rankings``.
"""
import datetime
import math
from dataclasses import dataclass, field
from fractions import Fraction

MIN_RESULTS = 5
BEST_RESULTS = 4
MIN_TOURNAMENTS = 2


def base_rank(*, place: int, players: int) -> int:
    """1000 · (N − p)/(N − 1), rounded to a whole number with halves up."""
    # floor(a/b + 1/2) = floor((2a + b) / 2b), in whole numbers
    return (2000 * (players - place) + players - 1) // (2 * (players - 1))


def tournament_weight(*, days: int, players: int, countries: int, qualifying: bool) -> Fraction:
    """The EMA table: days (1, 2 or 3) + players + countries + 1 for a qualifying tournament."""
    weight = Fraction(min(max(days, 1), 3))
    weight += 0 if players <= 40 else Fraction(1, 2) if players <= 80 else 1
    weight += 0 if countries <= 5 else Fraction(1, 2) if countries <= 9 else 1
    return weight + (1 if qualifying else 0)


def years_after(day: datetime.date, years: int) -> datetime.date:
    """The same calendar date ``years`` later; a 29 February becomes 28 February."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February in a year without one
        return day.replace(year=day.year + years, day=28)


def age_factor(*, ended_on: datetime.date, ranking_date: datetime.date) -> Fraction:
    """1 up to and including a year after the tournament's last day, ½ up to and including two years,
    else 0."""
    if ranking_date <= years_after(ended_on, 1):
        return Fraction(1)
    if ranking_date <= years_after(ended_on, 2):
        return Fraction(1, 2)
    return Fraction(0)


def ranking_date(*, season_end: datetime.date, today: datetime.date | None = None) -> datetime.date:
    """The season's end, or today while the season runs."""
    today = today or datetime.date.today()
    return min(season_end, today)


@dataclass(frozen=True)
class Result:
    """A player's result in one tournament; ``weight`` is the tournament's (in use)."""

    tournament_id: int | None  # None: padding
    base_rank: int
    weight: Fraction
    age_factor: Fraction
    ended_on: datetime.date | None = None
    effective_weight: Fraction = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "effective_weight",
                           self.weight if self.age_factor == 1 else self.weight * self.age_factor)


_PADDING = Result(None, 0, Fraction(1), Fraction(1))


@dataclass(frozen=True)
class Value:
    value: Fraction
    part_a: Fraction
    part_b: Fraction
    results: list[dict]  # the real results counted, best first, with part_a/part_b flags
    ranked: bool


def weighted_average(results: list[Result]) -> Fraction:
    """Σ base rank · weight / Σ weight, exactly: the weights brought to whole numbers over their
    common denominator, so that one Fraction is made instead of one per result."""
    ranked, weights = _whole_weights(results)
    total = sum(weights)
    return Fraction(sum(rank * w for rank, w in zip(ranked, weights, strict=True)), total) if total else Fraction(0)


def _whole_weights(results: list[Result]) -> tuple[list[int], list[int]]:
    """The results' base ranks and their effective weights as whole numbers over one common
    denominator (whose choice cancels out of every weighted average)."""
    ratios = [(r.effective_weight.numerator, r.effective_weight.denominator) for r in results]
    common = math.lcm(*(denominator for _numerator, denominator in ratios)) if ratios else 1
    return [r.base_rank for r in results], [numerator * (common // denominator) for numerator, denominator in ratios]


def part_a_count(n: int) -> int:
    """⌈5 + 0.8 · (n − 5)⌉ = ⌈(4n + 5)/5⌉ of n results (n ≥ 5), in whole numbers."""
    return (4 * n + 9) // 5


def player_value(results: list[Result]) -> Value:
    """A player's MERS value from their results (dropped ones, age factor 0, are left out here).

    Part B's best four are the start of Part A's best (at least five), so both weighted averages
    are running sums over one list in whole numbers (``_whole_weights``), and R is one Fraction."""
    real = [r for r in results if r.effective_weight.numerator > 0]  # a Fraction's denominator is positive
    real.sort(key=_best_first, reverse=True)
    ordered = real + [_PADDING] * (MIN_RESULTS - len(real)) if len(real) < MIN_RESULTS else real
    take_a = part_a_count(len(ordered))  # padding always after every real result
    ranks, weights = _whole_weights(ordered[:take_a])
    sum_b = sum(rank * weight for rank, weight in zip(ranks[:BEST_RESULTS], weights[:BEST_RESULTS], strict=True))
    weight_b = sum(weights[:BEST_RESULTS])
    sum_a = sum_b + sum(rank * weight for rank, weight in zip(ranks[BEST_RESULTS:], weights[BEST_RESULTS:],
                                                               strict=True))
    weight_a = weight_b + sum(weights[BEST_RESULTS:])
    # R = (A + B)/2 = (sum_a · weight_b + sum_b · weight_a) / (2 · weight_a · weight_b)
    value = Fraction(sum_a * weight_b + sum_b * weight_a, 2 * weight_a * weight_b)
    counted = [
        {"tournament": r.tournament_id, "base_rank": r.base_rank, "weight": _number(r.weight),
         "age_factor": _number(r.age_factor), "part_a": index < take_a, "part_b": index < BEST_RESULTS}
        for index, r in enumerate(real)
    ]
    ranked = len({r.tournament_id for r in real}) >= MIN_TOURNAMENTS
    return Value(value, Fraction(sum_a, weight_a), Fraction(sum_b, weight_b), counted, ranked)


def _best_first(r: Result) -> tuple:
    """Best: higher base rank, then larger weight, then the later tournament (sorted in reverse)."""
    return r.base_rank, r.effective_weight, r.ended_on or datetime.date.min, r.tournament_id or 0


def _number(value: Fraction) -> float | int:
    numerator, denominator = value.numerator, value.denominator
    return numerator if denominator == 1 else numerator / denominator  # float(value), without its detour
