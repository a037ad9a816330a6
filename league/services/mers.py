"""MERS, the EMA's ranking (docs/rules.md §11): the values, apart from the step that writes them.

Pure functions over plain numbers (base rank, tournament weight, age factor, a player's value with
Part A and Part B), and ``mers_season_results``, the one read of the database: every counted
tournament's results with the weight in use. ``league.services.rankings`` turns these into rows
and writes them.

- N: the players with at least one game in the tournament's standings (substitutes included,
  registered no-shows not; a disqualified player keeps the place the standings give). N < 2: the
  tournament does not count.
- A substitute in a tournament whose ``substitute_scoring`` is "fixed" counts in N and keeps the
  place the standings give (so the others' places are as the standings show), but gets no result
  from it: a result fixed by rule is not a played result (``fixed_substitutes``). The same holds for
  the other ranking methods (league.services.rankings).
- Base rank: 1000 · (N − p)/(N − 1), rounded to a whole number, halves up; tied players share the
  better place.
- Tournament weight: days (1–3) + players (≤ 40: 0, 41–80: ½, more: 1) + countries (≤ 5: 0, 6–9: ½,
  10 or more: 1) + 1 when qualifying; an administrator's override (0.5–6) replaces it.
- Age factor from the ranking date (the season's end, or today while the season runs) to the
  tournament's last day: under a year 1, under two years ½, older 0 (dropped).
- Fewer than 5 results are padded with base rank 0, weight 1; padding ranks after every real result.
- Part A: weighted average of the best ⌈5 + 0.8 · (n − 5)⌉ of n results; Part B: of the best 4;
  R = (A + B)/2. Best: higher base rank, then larger weight, then the later tournament.
- Ranked only with real results from at least 2 tournaments.
"""
import datetime
import math
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db.models import Count

from ..models import Registration, Standing, Tournament
from .standings import fixed_substitute_result

MIN_RESULTS = 5
BEST_RESULTS = 4
MIN_TOURNAMENTS = 2
WEIGHT_MIN = Decimal("0.5")
WEIGHT_MAX = Decimal("6")


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


def _years_before(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def age_factor(*, ended_on: datetime.date, ranking_date: datetime.date) -> Fraction:
    """1 when the tournament ended less than a year before the ranking date, ½ less than two, else 0."""
    if ended_on > _years_before(ranking_date, 1):
        return Fraction(1)
    if ended_on > _years_before(ranking_date, 2):
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

    def __post_init__(self):
        object.__setattr__(self, "effective_weight", self.weight * self.age_factor)


@dataclass(frozen=True)
class Value:
    value: Fraction
    part_a: Fraction
    part_b: Fraction
    results: list[dict]  # the real results counted, best first, with part_a/part_b flags
    ranked: bool


def _weighted_average(results: list[Result]) -> Fraction:
    """Σ base rank · weight / Σ weight, exactly: the weights brought to whole numbers over their
    common denominator, so that one Fraction is made instead of one per result."""
    if not results:
        return Fraction(0)
    common = math.lcm(*(r.effective_weight.denominator for r in results))
    weights = [r.effective_weight.numerator * (common // r.effective_weight.denominator) for r in results]
    total = sum(weights)
    return Fraction(sum(r.base_rank * w for r, w in zip(results, weights, strict=True)), total) if total \
        else Fraction(0)


def part_a_count(n: int) -> int:
    """⌈5 + 0.8 · (n − 5)⌉ of n results (n ≥ 5)."""
    return math.ceil(Fraction(5) + Fraction(4, 5) * (n - 5))


def player_value(results: list[Result]) -> Value:
    """A player's MERS value from their results (dropped ones, age factor 0, are left out here)."""
    real = [r for r in results if r.effective_weight > 0]
    real.sort(key=lambda r: (r.base_rank, r.effective_weight, r.ended_on or datetime.date.min,
                             r.tournament_id or 0), reverse=True)
    padding = [Result(None, 0, Fraction(1), Fraction(1))] * max(0, MIN_RESULTS - len(real))
    ordered = real + padding  # padding always after every real result
    take_a = part_a_count(len(ordered))
    part_a = _weighted_average(ordered[:take_a])
    part_b = _weighted_average(ordered[:BEST_RESULTS])
    counted = [
        {"tournament": r.tournament_id, "base_rank": r.base_rank, "weight": _number(r.weight),
         "age_factor": _number(r.age_factor), "part_a": index < take_a, "part_b": index < BEST_RESULTS}
        for index, r in enumerate(real)
    ]
    ranked = len({r.tournament_id for r in real}) >= MIN_TOURNAMENTS
    return Value((part_a + part_b) / 2, part_a, part_b, counted, ranked)


def _number(value: Fraction) -> float | int:
    return int(value) if value.denominator == 1 else float(value)


# ---- reading the counted tournaments ----

@dataclass(frozen=True)
class TournamentFigures:
    tournament: Tournament
    players: int
    countries: int

    @property
    def days(self) -> int:
        return (self.tournament.ends_on - self.tournament.starts_on).days + 1

    @property
    def computed_weight(self) -> Fraction:
        return tournament_weight(days=self.days, players=self.players, countries=self.countries,
                                 qualifying=self.tournament.qualifying)

    @property
    def weight(self) -> Fraction:
        """The weight in use: the administrator's override, else the computed one."""
        if self.tournament.weight is not None:
            return Fraction(self.tournament.weight)
        return self.computed_weight


def tournament_figures(tournaments: list[Tournament]) -> dict[int, TournamentFigures]:
    """Players who played and their countries, per tournament (one query)."""
    rows = (Standing.objects.filter(tournament__in=tournaments, games__gt=0)
            .values("tournament_id")
            .annotate(players=Count("player_id", distinct=True),
                      countries=Count("player__country", distinct=True)))
    counts = {row["tournament_id"]: (row["players"], row["countries"]) for row in rows}
    return {t.pk: TournamentFigures(t, *counts.get(t.pk, (0, 0))) for t in tournaments}


def weight_in_use(tournament: Tournament) -> Decimal:
    """The tournament's MERS weight as used (override or computed), for the form and the API."""
    figures = tournament_figures([tournament])[tournament.pk]
    weight = figures.weight
    return Decimal(weight.numerator) / Decimal(weight.denominator)


def fixed_substitutes(tournaments: list[Tournament]) -> set[tuple[int, int]]:
    """``(tournament id, player id)`` of the substitutes whose games had a result fixed by rule
    (tournament option ``substitute_scoring`` "fixed"): no ranking result comes from those games."""
    fixed = [t.pk for t in tournaments if fixed_substitute_result(t) is not None]
    if not fixed:
        return set()
    return set(Registration.objects.filter(tournament_id__in=fixed, substitute=True)
               .values_list("tournament_id", "player_id"))


def season_results(*, tournaments: list[Tournament], ranking_day: datetime.date) -> dict[int, list[Result]]:
    """player id → their results in the counted tournaments (tournaments with N < 2 leave none;
    fixed-result substitutes count in N and get none)."""
    figures = tournament_figures(tournaments)
    unranked = fixed_substitutes(tournaments)
    standings = Standing.objects.filter(tournament__in=tournaments, games__gt=0).values_list(
        "tournament_id", "player_id", "rank")
    ranks_played: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for tournament_id, player_id, rank in standings:
        ranks_played[tournament_id].append((rank, player_id))
    results: dict[int, list[Result]] = defaultdict(list)
    for tournament_id, entries in ranks_played.items():
        players = len(entries)
        if players < 2:
            continue
        figure = figures[tournament_id]
        factor = age_factor(ended_on=figure.tournament.ends_on, ranking_date=ranking_day)
        entries.sort()
        place, previous = 0, None
        for position, (rank, player_id) in enumerate(entries, start=1):
            # the place among those who played; equal standing ranks share the better place
            if rank != previous:
                place, previous = position, rank
            if (tournament_id, player_id) in unranked:
                continue
            results[player_id].append(Result(tournament_id, base_rank(place=place, players=players),
                                             figure.weight, factor, figure.tournament.ends_on))
    return results
