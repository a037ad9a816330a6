"""Reading results: a tournament's standings, a season's ranking, a player's games, and the rows
the standings are computed from.

Each function of the materialised rows is one query (joins by ``select_related``), never one per
row. ``game_rows`` and ``standing_rows`` read the hands, seats, registrations and penalties and
compute what ``league.services.standings`` stores (and what ``standings_before`` shows without
storing it), with the arithmetic of ``scoring.results`` and ``scoring.standings``.
"""
import hashlib
import json
import struct
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import chain

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import BigIntegerField, CharField, Count, F, Max, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from scoring import rulesets
from scoring import standings as tally
from scoring.numbers import shared_ranks, to_decimal
from scoring.options import validate_options
from scoring.results import GameResult as Game
from scoring.results import game_result, settled_game

from .. import tournament_options
from ..collation import rank_figures, ranked_order, shown_name_key
from ..models import (
    Bye,
    GameResult,
    Hand,
    Player,
    Registration,
    Season,
    SeasonRanking,
    Seat,
    Standing,
    Table,
    Tournament,
    TournamentPenalty,
    shown_name,
)
from .tables import counted_tables_q, players_enter


def counts_in_ranking() -> Q:
    """Which of a season's tournaments its ranking may count: the finished ones, and a club event
    from its first hand on (open-ended: its tables count as they are closed and, with the players'
    own entry, confirmed)."""
    return Q(status=Tournament.Status.FINISHED) | Q(kind=Tournament.Kind.CLUB, status=Tournament.Status.RUNNING)


def season_family(season: Season, *, excluding: list[int] | tuple[int, ...] = ()) -> str | None:
    """The family of rulesets the season ranks (scoring.rulesets.FAMILIES, docs/rules.md §11): the
    one a league administrator chose for it, else the family of its first tournament (by first day,
    then as created; ``excluding``: tournaments not to ask, the one being changed), else None."""
    if season.ruleset_family:
        return season.ruleset_family
    first = (Tournament.objects.filter(season_id=season.pk).exclude(pk__in=[pk for pk in excluding if pk])
             .order_by("starts_on", "pk").values_list("ruleset", flat=True).first())
    return rulesets.family(first)


def of_season_family(season: Season) -> Q:
    """The season's tournaments its ranking may count by their ruleset: those of its family."""
    family = season_family(season)
    return Q(ruleset__in=rulesets.of_family(family)) if family else Q()


def standing_figures(standing: Standing) -> tuple:
    return rank_figures(standing.rank)


def standings_in_order(standings) -> list[Standing]:
    """Stored (or computed) standings best first, equal ranks by the shown name (league.collation:
    the one rule for ties on every page, API answer, workbook and EMA file)."""
    return ranked_order(standings, standing_figures, lambda standing: shown_name_key(standing.player))


def standings_for(*, tournament: Tournament) -> list[Standing]:
    """The tournament's standings, best first; disqualified players last."""
    return standings_in_order(Standing.objects.filter(tournament=tournament).select_related("player__club"))


# Ranked players by rank; unranked ones (too few games or tournaments) after them by their results
# (value, then games), never by name first. The database orders by the figures (for reads that
# stream); equal figures are put in name order in Python (``rankings_in_order``).
SEASON_ORDER = (F("rank").asc(nulls_last=True), "-value", "-games", "player_id")


def ranking_figures(rank, value, games) -> tuple:
    return rank_figures(rank, -value, -games)


def rankings_in_order(rankings) -> list[SeasonRanking]:
    """Season rankings best first (``ranking_figures``), equal ones by the shown name."""
    return ranked_order(rankings, lambda r: ranking_figures(r.rank, r.value, r.games),
                        lambda r: shown_name_key(r.player))


def season_ranking_for(*, season: Season) -> list[SeasonRanking]:
    """The season's ranking, best first; players without a rank (too few games) after the others."""
    return rankings_in_order(SeasonRanking.objects.filter(season=season).select_related("player__club"))


def player_results(*, player: Player, tournaments: QuerySet[Tournament] | None = None) -> list[GameResult]:
    """The player's table games, newest tournament first, within ``tournaments`` when given (pass
    ``visible_tournaments(user)`` on public pages)."""
    results = GameResult.objects.filter(player=player)
    if tournaments is not None:
        results = results.filter(tournament__in=tournaments)
    return list(results.select_related("tournament", "table")
                .order_by("-tournament__starts_on", "tournament_id", "session_number"))


@dataclass
class TeamRow:
    rank: int | None
    team: str
    members: list[int]  # player ids, best standing first
    counted: list[int]  # the members whose figures the row sums (all, or the best k)
    table_points: Decimal
    score: Decimal
    names: list[str] = field(default_factory=list)


def team_rows(entries: list[tuple], *, method: str | None, best: int, by_score: bool) -> list[TeamRow]:
    """Team standings from ``(team, player_id, rank, table_points, score, name)`` of the members'
    standings: the sum of every member's figures (``"sum"``) or of the ``best`` best-placed members
    (``"best"``); teams ordered like the tournament's standings, equal figures share the place."""
    if method not in ("sum", "best"):
        return []
    teams: dict[str, list[tuple]] = defaultdict(list)
    for entry in entries:
        if entry[0]:
            teams[entry[0]].append(entry)
    rows = []
    for team, members in teams.items():
        members.sort(key=lambda m: (m[2], m[1]))
        counted = members[:best] if method == "best" else members
        rows.append(TeamRow(0, team, [m[1] for m in members], [m[1] for m in counted],
                            sum((m[3] for m in counted), Decimal(0)), sum((m[4] for m in counted), Decimal(0)),
                            [m[5] for m in members]))

    def key(row: TeamRow) -> tuple:
        return (-row.score, -row.table_points) if by_score else (-row.table_points, -row.score)

    rows.sort(key=lambda row: (key(row), row.team.casefold()))
    for row, rank in zip(rows, shared_ranks(key(row) for row in rows), strict=True):
        row.rank = rank
    return rows


def team_standings_for(*, tournament: Tournament) -> list[TeamRow]:
    """The tournament's team standings by its ``team_standings`` option (empty when it is off)."""
    options = tournament.day_options
    if not options.get("team_standings"):
        return []
    teams = dict(Registration.objects.filter(tournament=tournament).exclude(team="")
                 .values_list("player_id", "team"))
    entries = [(teams[player_id], player_id, rank, table_points, score, shown_name(first, last, public_name))
               for player_id, rank, table_points, score, first, last, public_name in
               Standing.objects.filter(tournament=tournament, player_id__in=list(teams))
               .values_list("player_id", "rank", "table_points", "score", "player__first_name",
                            "player__last_name", "player__public_name")]
    rows = team_rows(entries, method=options.get("team_standings"), best=options.get("team_best", 3),
                     by_score=tournament.effective_standing_method == Tournament.StandingMethod.SCORE)
    if not any(entry[2] for entry in entries):  # before the first hand: no ranks, as in the standings
        for row in rows:
            row.rank = None
    return rows


# ---- the rows the standings are computed from (docs/rules.md §7) ----

def fixed_substitute_result(tournament: Tournament) -> tuple[int, int, int] | None:
    """``(game score, table points, place)`` every substitute's game gets when the tournament's
    ``substitute_scoring`` is "fixed" (EMA riichi practice: score and uma set by rule, by default
    −15,000 and −15 uma, the last place), else None. The balance and final points stay as played."""
    day = tournament.day_options
    if day["substitute_scoring"] != "fixed" or not tournament_options.substitute_fixed_allowed(tournament.ruleset):
        return None
    return day["substitute_score"] + day["substitute_uma"], day["substitute_table_points"], 4


@dataclass(frozen=True)
class TableScoring:
    """What every table's game result of a tournament is computed with: the ruleset, the effective
    options and, when substitutes' games have a result fixed by rule, that result and who they are."""

    ruleset: str
    options: dict
    fixed: tuple[int, int, int] | None
    substitutes: frozenset[int]
    valid: dict = field(default_factory=dict, compare=False)  # ``options`` validated (defaults filled in)

    @property
    def summed(self) -> bool:
        """Whether a table's game result needs only its hands' sums (``hand_sums``): no
        ``seat_change`` moves the players between the hands."""
        return not self.valid.get("seat_change")

    def key(self) -> str:
        """A text that changes whenever any of it changes (part of each table's fingerprint)."""
        return json.dumps([self.ruleset, self.options, self.fixed, sorted(self.substitutes)], sort_keys=True,
                          default=str)


def table_scoring(tournament: Tournament) -> TableScoring:
    fixed = fixed_substitute_result(tournament)
    substitutes = frozenset(Registration.objects.filter(tournament=tournament, substitute=True)
                            .values_list("player_id", flat=True)) if fixed else frozenset()
    options = tournament.effective_options
    return TableScoring(tournament.ruleset, options, fixed, substitutes, validate_options(tournament.ruleset, options))


def table_game_rows(scoring: TableScoring, table_id: int, results: list[dict],
                    seats: list[tuple[int, int, int]]) -> dict[tuple, dict]:
    """One table's GameResult field values keyed by (table_id, player_id), from its hands' results in
    hand order and its seats as ``(position, player id, session number)``; the keys starting with
    ``_`` are the exact figures for the standings, not stored."""
    return _game_rows(scoring, table_id, game_result(scoring.ruleset, scoring.options, results), len(results), seats)


def summed_game_rows(scoring: TableScoring, table_id: int, sums: "HandSums",
                     seats: list[tuple[int, int, int]]) -> dict[tuple, dict]:
    """``table_game_rows`` from the table's ``hand_sums`` (when ``scoring.summed``): the same rows."""
    game = settled_game(scoring.ruleset, scoring.valid, sums.balances, sums.adjustments, sums.riichi_sticks)
    return _game_rows(scoring, table_id, game, sums.count, seats)


def _game_rows(scoring: TableScoring, table_id: int, game: Game, hands: int,
               seats: list[tuple[int, int, int]]) -> dict[tuple, dict]:
    rows = {}
    for position, player_id, session_number in seats:
        score, table_points, place = game.scores[position], game.table_points[position], game.places[position]
        if player_id in scoring.substitutes:  # the substitute's result is fixed; the other three keep theirs
            score, table_points, place = scoring.fixed
        final_points = game.final_points[position]
        rows[(table_id, player_id)] = {
            "session_number": session_number, "seat": position,
            "total": game.totals[position],
            "final_points": final_points if type(final_points) is int else int(to_decimal(final_points, 0)),
            "score": _stored(score, 2), "place": place,
            "table_points": _stored(table_points, 4), "hands": hands,
            # exact values for the standings, not stored: whole numbers stay ints
            "_score": _exact(score), "_table_points": _exact(table_points),
        }
    return rows


def _stored(value, places: int) -> int | Decimal:
    """A figure as its decimal column holds it: a whole number as it is (the database adds the
    decimals, and an int equals the Decimal read back), any other rounded half up to ``places``."""
    kind = type(value)
    if kind is int:
        return value
    if kind is Fraction and value.denominator == 1:
        return value.numerator
    return to_decimal(value, places)


def _exact(value) -> int | Fraction:
    """An exact number as an int or a Fraction (both add up exactly: ``scoring.standings.exact_sum``)."""
    kind = type(value)
    return value if kind is int or kind is Fraction else Fraction(value)


def raw_rows(queryset: QuerySet) -> list[tuple]:
    """The rows of a ``values_list`` queryset as the database returns them, without the ORM's
    per-row work (JSON columns come back as their text, or decoded by the driver)."""
    try:
        sql, params = queryset.query.sql_with_params()
    except EmptyResultSet:  # a filter that can match nothing (an empty ``__in``)
        return []
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def counted_hands(tournament: Tournament) -> QuerySet[Hand]:
    """The tournament's hands that count in its standings: every hand, but where the players enter
    their own tables only those of confirmed tables without an open dispute (docs/rules.md §7). A
    table that turns provisional thus drops out of ``table_fingerprints`` and is recomputed away."""
    hands = Hand.objects.filter(table__session__tournament=tournament)
    if players_enter(tournament):
        hands = hands.filter(counted_tables_q(tables=Table.objects.filter(session__tournament=tournament)))
    return hands


def hand_results(tournament: Tournament, table_ids: list[int] | None = None) -> dict[int, list[dict]]:
    """table id → its counted hands' stored results in hand order (``counted_hands``): every table
    of the tournament with such hands, or only those of ``table_ids``."""
    results_by_table: dict[int, list[dict]] = defaultdict(list)
    hands = counted_hands(tournament)
    chunks = [None] if table_ids is None else [table_ids[i:i + 500] for i in range(0, len(table_ids), 500)]
    for chunk in chunks:
        part = hands if chunk is None else hands.filter(table_id__in=chunk)
        rows = raw_rows(part.order_by("table_id", "number").values_list("table_id", "result"))
        if rows and isinstance(rows[0][1], str):  # the JSON's text (the same type in every row): one decoding
            results = json.loads("[" + ",".join([text for _table_id, text in rows]) + "]")
        else:
            results = [json.loads(value) if isinstance(value, bytes) else value for _table_id, value in rows]
        for (table_id, _value), result in zip(rows, results, strict=True):
            results_by_table[table_id].append(result)
    return results_by_table


@dataclass(frozen=True, slots=True)
class HandSums:
    """What a table's game result needs of its counted hands when nobody changes seats: how many,
    the sums of their balances and adjustments per seat, and the deposits left after the last."""

    count: int
    balances: list[int]
    adjustments: list[int]
    riichi_sticks: int


def hand_sums(tournament: Tournament, points_game: bool, table_ids: list[int] | None = None) -> dict[int, HandSums]:
    """table id → its counted hands' ``HandSums`` (``counted_hands``): every table of the tournament
    with such hands, or only those of ``table_ids``. Summed by the database, one grouped query over
    the hands' settlement columns (``Hand.balance_0`` …, generated from the JSON: none is read); the
    balances are whole numbers by construction (scoring's settlement). The last hand's deposits are
    read only for a ``points`` game (``points_game``)."""
    sums: dict[int, HandSums] = {}
    chunks = [None] if table_ids is None else [table_ids[i:i + 500] for i in range(0, len(table_ids), 500)]
    for chunk in chunks:
        hands = counted_hands(tournament).order_by()
        if chunk is not None:
            hands = hands.filter(table_id__in=chunk)
        sums.update(_hand_sums(hands, raw_rows(hands.values("table_id").annotate(**SUMS)
                                               .values_list("table_id", *SUMS)), points_game))
    return sums


def _json_number(path: str) -> Cast:
    """A whole number in the hand's result at ``path`` ("balances__0"), read by the database."""
    return Cast(KT(f"result__{path}"), BigIntegerField())


# What ``HandSums`` needs of a table's hands, and what its fingerprint is made of: database aggregates.
def _whole_sum(column: str) -> Cast:
    """The sum of a whole-number column as a whole number (PostgreSQL's sum of a bigint is a
    numeric, which would reach Python as a Decimal)."""
    return Cast(Sum(column), BigIntegerField())


# The balances and adjustments are the hand's generated columns (``Hand.balance_0`` …): no JSON is read.
SUMS = {"count": Count("id"), **{f"b{seat}": _whole_sum(f"balance_{seat}") for seat in range(4)},
        **{f"a{seat}": _whole_sum(f"adjustment_{seat}") for seat in range(4)}}
FINGERPRINT = {"fp_count": Count("id"), "fp_ids": _whole_sum("id"), "fp_versions": _whole_sum("version"),
               # the last change as the database's text: no date parsed per table
               "fp_last": Max("number"), "fp_changed": Cast(Max("updated_at"), CharField())}


def _hand_sums(hands: QuerySet[Hand], rows: list[tuple], points_game: bool) -> dict[int, HandSums]:
    """``HandSums`` from rows ``(table id, *SUMS)``; a points game's last deposits read from ``hands``."""
    sticks = {}
    if points_game:  # the last hand's, in hand order: read per hand, the last one kept
        sticks = dict(raw_rows(hands.order_by("table_id", "number").values_list(
            "table_id", _json_number("riichi_sticks"))))
    # the sums are whole numbers (``_whole_sum``), None where no hand has the figure
    return {table_id: HandSums(count, [value or 0 for value in figures[:4]],
                               [value or 0 for value in figures[4:]], int(sticks.get(table_id) or 0))
            for table_id, count, *figures in rows}


def table_seats(tournament: Tournament) -> dict[int, list[tuple[int, int, int]]]:
    """table id → its seats as ``(position, player id, session number)``, by position."""
    seats_by_table: dict[int, list[tuple]] = defaultdict(list)
    seats = (Seat.objects.filter(session__tournament=tournament).order_by("table_id", "position")
             .values_list("table_id", "position", "player_id", "session__number"))
    for table_id, position, player_id, session_number in raw_rows(seats):
        seats_by_table[table_id].append((position, player_id, session_number))
    return seats_by_table


def table_fingerprints(tournament: Tournament, scoring: TableScoring,
                       seats: dict[int, list[tuple]]) -> dict[int, str]:
    """table id → a fingerprint of everything its game result is computed from, for every table
    with hands: its hands (how many, which, their versions and last change), its seats and the
    tournament's ``scoring``. Read without loading a hand: one grouped query."""
    hands = counted_hands(tournament).order_by().values("table_id").annotate(**FINGERPRINT)
    return _fingerprints(scoring, seats, raw_rows(hands.values_list("table_id", *FINGERPRINT)))


def fingerprinted_sums(tournament: Tournament, scoring: TableScoring, seats: dict[int, list[tuple]],
                       points_game: bool) -> tuple[dict[int, str], dict[int, HandSums]]:
    """``table_fingerprints`` and ``hand_sums`` of every table, read together: one grouped query
    (a recomputation of everything needs both)."""
    hands = counted_hands(tournament).order_by()
    rows = raw_rows(hands.values("table_id").annotate(**FINGERPRINT, **SUMS)
                    .values_list("table_id", *FINGERPRINT, *SUMS))
    size = len(FINGERPRINT)
    return (_fingerprints(scoring, seats, [row[:size + 1] for row in rows]),
            _hand_sums(hands, [(row[0], *row[size + 1:]) for row in rows], points_game))


def _fingerprints(scoring: TableScoring, seats: dict[int, list[tuple]], rows: list[tuple]) -> dict[int, str]:
    key = repr(scoring.key()).encode()  # the same for every table: hashed once, then copied
    fingerprints = {}
    start = hashlib.blake2b(key, digest_size=16)
    for table_id, *figures in rows:
        digest = start.copy()
        digest.update(repr(figures).encode())  # ends with "]": the seats' bytes cannot run into it
        table = seats.get(table_id, ())
        # the seats' whole numbers as 64-bit bytes (a third of the time of their repr)
        digest.update(struct.pack(f"{3 * len(table)}q", *chain.from_iterable(table)))
        fingerprints[table_id] = digest.hexdigest()
    return fingerprints


def game_rows(tournament: Tournament) -> dict[tuple, dict]:
    """GameResult field values keyed by (table_id, player_id) of every table with hands, from the
    hands' stored results in hand order, with the tournament's ruleset and effective options
    (``table_game_rows``)."""
    scoring = table_scoring(tournament)
    seats = table_seats(tournament)
    rows = {}
    for table_id, results in hand_results(tournament).items():
        rows.update(table_game_rows(scoring, table_id, results, seats.get(table_id, [])))
    return rows


def standing_rows(tournament: Tournament, games: dict[tuple, dict],
                  before_session: int | None = None, *, totals: dict[int, list] | None = None) -> dict[tuple, dict]:
    """Standing field values keyed by (player_id,), from ``games`` (``game_rows``, or a part of
    them) or the players' ``totals`` of their games (``scoring.standings.running_totals``), the
    registrations, the byes and the tournament penalties (those of the sessions before
    ``before_session`` when given); substitutes are left out when the tournament's
    ``substitute_scoring`` is "excluded"."""
    registrations = Registration.objects.filter(tournament=tournament)
    left_out = set()
    if tournament.day_options["substitute_scoring"] == "excluded":
        left_out = set(registrations.filter(substitute=True).values_list("player_id", flat=True))
    byes = Bye.objects.filter(tournament=tournament)
    penalties = TournamentPenalty.objects.filter(tournament=tournament)
    if before_session is not None:
        byes = byes.filter(session_number__lt=before_session)
        penalties = penalties.exclude(session_number__gte=before_session)
    day = tournament.day_options
    tallies = tally.tally(
        players=[player_id for player_id in registrations.values_list("player_id", flat=True)
                 if player_id not in left_out],
        games=[(player_id, game["_table_points"], game["_score"], game["place"])
               for (_table_id, player_id), game in games.items() if player_id not in left_out],
        totals=[(player_id, *figures) for player_id, figures in (totals or {}).items() if player_id not in left_out],
        penalties=penalties.values_list("player_id", "points", "disqualified"),
        byes=[(player_id, Fraction(day["bye_table_points"]), Fraction(day["bye_score"]))
              for player_id in byes.values_list("player_id", flat=True) if player_id not in left_out],
    )
    ranked = tally.ranked(tallies, tournament.effective_standing_method)
    if not games and not totals:  # before the first hand nobody has a rank: everyone would share the first
        ranked = [(player_id, None, entry) for player_id, _rank, entry in ranked]
    return {
        (player_id,): {
            "rank": rank, "table_points": to_decimal(entry.table_points, 4),
            "score": to_decimal(entry.score, 2), "games": entry.games,
            "average_place": None if entry.average_place is None else to_decimal(entry.average_place, 4),
            "penalty_points": entry.penalty_points, "disqualified": entry.disqualified,
        }
        for player_id, rank, entry in ranked
    }
