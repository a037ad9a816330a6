"""MERS's reads (docs/rules.md §11): every counted tournament's figures (players and countries of
those who played, the weight in use) and the players' results in them. The arithmetic is
``scoring.mers``; ``league.services.rankings`` writes the rows.

- N: the players with at least one game in the tournament's standings (substitutes included,
  registered no-shows not; a disqualified player keeps the place the standings give). N < 2: the
  tournament does not count. An external tournament (results from elsewhere) has no games of its
  own: every row of its file counts, with the place the file gives.
- A substitute in a tournament whose ``substitute_scoring`` is "fixed" counts in N and keeps the
  place the standings give (so the others' places are as the standings show), but gets no result
  from it: a result fixed by rule is not a played result (``fixed_substitutes``). The same holds for
  the other ranking methods (league.services.rankings).
"""
import datetime
import hashlib
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.db import connections
from django.db.models import Count, DecimalField, ExpressionWrapper, F, Q, Sum

from scoring.mers import Result, age_factor, base_rank, tournament_weight
from scoring.numbers import fraction_to_decimal, shared_ranks

from ..models import GameResult, Registration, Standing, Tournament
from .stages import final_places
from .standings import fixed_substitute_result, raw_rows


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


def ranked_standings(tournaments: list[Tournament]):
    """The standings that place players in MERS: those of players who played (games > 0), and every
    row of an external tournament's results (its N is the rows of its file, docs/rules.md §11)."""
    return Standing.objects.filter(Q(games__gt=0) | Q(tournament__kind=Tournament.Kind.EXTERNAL),
                                   tournament__in=tournaments)


def tournament_figures(tournaments: list[Tournament]) -> dict[int, TournamentFigures]:
    """Players who played and their countries, per tournament (one query)."""
    rows = raw_rows(ranked_standings(tournaments).values_list("tournament_id", "player_id", "player__country"))
    return _figures(tournaments, rows)


def _figures(tournaments: list[Tournament], rows) -> dict[int, TournamentFigures]:
    """The figures counted from ``rows`` (tournament id, player id, the player's country, …) of
    ``ranked_standings``."""
    players: dict[int, set] = defaultdict(set)
    countries: dict[int, set] = defaultdict(set)
    for tournament_id, player_id, country, *_rest in rows:
        players[tournament_id].add(player_id)
        countries[tournament_id].add(country)
    return {t.pk: TournamentFigures(t, len(players[t.pk]), len(countries[t.pk] - {None})) for t in tournaments}


def weight_in_use(tournament: Tournament) -> Decimal:
    """The tournament's MERS weight as used (override or computed), for the form and the API."""
    return fraction_to_decimal(tournament_figures([tournament])[tournament.pk].weight)


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
    fixed-result substitutes count in N and get none). One read of the standings, which also gives
    the tournaments' figures (``_figures``)."""
    unranked = fixed_substitutes(tournaments)
    standings = raw_rows(ranked_standings(tournaments).values_list("tournament_id", "player_id", "player__country",
                                                                   "rank"))
    figures = _figures(tournaments, standings)
    ranks_played: dict[int, list[tuple[int, int]]] = defaultdict(list)
    # a staged tournament places its players by its final standings across the stages (§11)
    staged = {t.pk: final_places(t) for t in tournaments if t.kind != Tournament.Kind.EXTERNAL
              and t.day_options["stages"]}
    for tournament_id, player_id, _country, rank in standings:
        if tournament_id in staged:
            rank = staged[tournament_id].get(player_id, rank)
        ranks_played[tournament_id].append((rank, player_id))
    results: dict[int, list[Result]] = defaultdict(list)
    for tournament_id, entries in ranks_played.items():
        players = len(entries)
        if players < 2:
            continue
        figure = figures[tournament_id]
        factor = age_factor(ended_on=figure.tournament.ends_on, ranking_date=ranking_day)
        weight, ended_on = figure.weight, figure.tournament.ends_on  # once per tournament
        skipped = {player_id for fixed_id, player_id in unranked if fixed_id == tournament_id}
        entries.sort()
        # the place among those who played; equal standing ranks share the better place
        places = shared_ranks(rank for rank, _player_id in entries)
        base_ranks = {place: base_rank(place=place, players=players) for place in set(places)}
        for (_rank, player_id), place in zip(entries, places, strict=True):
            if player_id not in skipped:
                results[player_id].append(Result(tournament_id, base_ranks[place], weight, factor, ended_on))
    return results


def standings_fingerprint(tournaments: list[Tournament]) -> str:
    """A fingerprint of the tournaments' results as every ranking method but Chemnitz reads them
    (league.services.rankings): each standing's player, rank, games and table points, the sums of
    each tournament's game results (how many, whose, their table points, weighted by player), the
    tournaments' players and countries (MERS's weight) and the substitutes whose games have a
    fixed result. One grouped query over the game results and, on PostgreSQL, one aggregate that
    hashes each standing with its player's country in the database (``_standings_hash``; the
    players and countries follow from those rows), elsewhere one read of the standings' plain
    values and one of the figures."""
    ids = [t.pk for t in tournaments]
    weighted = ExpressionWrapper(F("player_id") * F("table_points"), output_field=DecimalField(max_digits=30,
                                                                                               decimal_places=4))
    games = raw_rows(GameResult.objects.filter(tournament__in=ids).order_by()
                     .values("tournament_id").annotate(count=Count("id"), players=Sum("player_id"),
                                                       points=Sum("table_points"), weighted=Sum(weighted))
                     .order_by("tournament_id").values_list("tournament_id", "count", "players", "points",
                                                            "weighted"))
    if connections[Standing.objects.db].vendor == "postgresql":
        standings = _standings_hash(ids)
    else:
        rows = raw_rows(Standing.objects.filter(tournament__in=ids).order_by("tournament_id", "player_id")
                        .values_list("tournament_id", "player_id", "rank", "games", "table_points"))
        figures = [(figure.tournament.pk, figure.players, figure.countries)
                   for figure in tournament_figures(tournaments).values()]
        standings = (rows, sorted(figures))
    text = repr((standings, games, sorted(fixed_substitutes(tournaments)))).encode()
    return hashlib.blake2b(text, digest_size=16).hexdigest()


def games_fingerprint(tournaments: list[Tournament]) -> tuple:
    """What the Chemnitz rating reads beyond ``standings_fingerprint``: every game result, in the
    order it rates them (its tournament, session, table and seat) with its player and table points.
    On PostgreSQL how many there are and the sum of a 64-bit hash of each (``row_hash``: one row
    back, and the rows' order follows from their values), elsewhere the rows themselves."""
    ids = [t.pk for t in tournaments]
    columns = ("tournament_id", "session_number", "table_id", "seat", "player_id", "table_points")
    games = GameResult.objects.filter(tournament__in=ids)
    if connections[games.db].vendor != "postgresql":
        return tuple(raw_rows(games.order_by(*columns).values_list(*columns)))
    sql = (f'SELECT COUNT(*), SUM({row_hash(", ".join(columns))}) FROM "{GameResult._meta.db_table}" '
           f"WHERE tournament_id = ANY(%s)")
    with connections[games.db].cursor() as cursor:
        cursor.execute(sql, [ids])
        return cursor.fetchone()


def row_hash(columns: str) -> str:
    """PostgreSQL: a 64-bit hash of one row's ``columns`` for a SUM over a set of rows (an order-free
    fingerprint). ``hash_record_extended`` alone combines the columns' hashes linearly, so the sum
    would not see two rows swap a value (two players' ranks); hashing that hash once more mixes it.
    A change of any value then changes the sum but by a chance of 2⁻⁶⁴."""
    return f"hashint8extended(hash_record_extended(ROW({columns}), 0), 0)"


def _standings_hash(tournament_ids: list[int]) -> tuple:
    """PostgreSQL: how many standings the tournaments have and the sum of a 64-bit hash of each
    (tournament, player, rank, games, table points, the player's country; ``row_hash``) — one row
    back instead of every standing."""
    standing, player = Standing._meta.db_table, Standing._meta.get_field("player").related_model._meta.db_table
    columns = "s.tournament_id, s.player_id, s.rank, s.games, s.table_points, p.country"
    sql = (f'SELECT COUNT(*), SUM({row_hash(columns)}) '
           f'FROM "{standing}" s JOIN "{player}" p ON p.id = s.player_id WHERE s.tournament_id = ANY(%s)')
    with connections[Standing.objects.db].cursor() as cursor:
        cursor.execute(sql, [tournament_ids])
        return cursor.fetchone()
