"""Season rankings: a league season's tournaments summed up per player, materialised as SeasonRanking.

Which tournaments count: the season's tournaments of its family of rulesets (the MCR, riichi and
classical Chinese rankings are kept apart: ``league.selectors.standings.season_family``; a
tournament of another family is refused from the season, ``ruleset_family_mismatch``) that are
**finished and published**, and whose
standings are not hidden (tournament option ``hide_standings_from_session``) until the director
reveals them (``tournament_reveal`` then queues the season's recomputation). Running tournaments
only have provisional standings, and the public ranking is made only of what the public may see.
A club event (``kind`` "club", open-ended) counts while it runs: its standings change as its tables
are closed (and, with the players' own entry, confirmed).
Finishing a tournament (``tournament_finish``) queues the season's recomputation; the periodic job
``league.rankings_recompute_all`` catches everything else (a tournament published or moved to
another season later, a correction after the finish also queues one).

Methods (``Season.ranking_method``); ``games`` and ``tournaments`` count the player's table games
and tournaments in every method; equal values share the rank (1, 2, 2, 4):

``table_points_sum``
    The sum of the player's table points over all their games.

``table_points_avg``
    Table points per game. Players with fewer than ``Season.min_games`` games get a value but no
    rank (``rank`` is empty) and are listed after the ranked players.

``mers`` – the EMA's ranking (MERS), exactly as docs/rules.md §11 pins it; the values are
    computed in ``scoring.mers`` (base rank, weight from the EMA table or the override, age factor
    from the ranking date, padding, Part A/B) from what ``league.selectors.mers`` reads; this
    module only writes them. A row keeps
    the results it counted (``SeasonRanking.results``). Players with real results from fewer than
    two tournaments get a value but no rank.

``chemnitz`` – a rating in the style of the Chemnitz league (``scoring.ratings``)
    Games are taken in the order they were played (tournament start date, session, table).

External tournaments (results from elsewhere, ``league.services.external``) have final standings
and no games: ``sum`` and ``mers`` count their standings, ``average`` the rows that give games,
``chemnitz`` skips them (``_counts``, ``league.selectors.mers.ranked_standings``).

History (``RankingSnapshot``): each recomputation also keeps the ranking as it now stands under
one date, the latest ``ends_on`` of the counted tournaments, so the history follows the
tournament calendar and not the day the job ran (a job run late, or twice, writes the same
snapshot). The snapshot of that date is replaced as a whole; snapshots of earlier dates stay as
they were computed then. Snapshots dated after it belong to tournaments that no longer count
(unpublished, moved to another season, date changed) and are removed; with no counted
tournament the season has no history.
"""
import copy
import hashlib
import json
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import EmptyResultSet
from django.db import connections, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from scoring import mers
from scoring.numbers import shared_ranks, to_decimal
from scoring.ratings import chemnitz_ratings

from ..cache import pages_changed
from ..gcpause import cycle_collector_paused
from ..models import GameResult, RankingSnapshot, RankingState, Season, SeasonRanking, Standing, Tournament
from ..rowsync import commit_without_flush, sync_rows
from ..selectors import mers as mers_reads
from ..selectors.day import standings_hidden_from
from ..selectors.standings import counts_in_ranking, of_season_family, raw_rows
from .standings import rankings_request, standings_recompute

VALUE_PLACES = 2  # values are given to 2 decimals; equal values at 2 decimals share a place


@dataclass(frozen=True)
class RankingRow:
    player_id: int
    value: Fraction | float
    games: int
    tournaments: int
    ranked: bool = True
    results: list = field(default_factory=list)  # mers: the results counted


def tournament_finish(*, tournament: Tournament) -> Tournament:
    """Bring the standings up to date, mark the tournament finished and queue its season's ranking."""
    with transaction.atomic():
        standings_recompute(tournament=tournament)
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])  # the save retires the cached pages (league.signals)
        if tournament.season_id:
            rankings_request(season_id=tournament.season_id)
    return tournament


# options: hide_standings_from_session decides whether a finished tournament counts yet
RANKING_FIELDS = ("status", "published", "archived_at", "season_id", "weight", "qualifying", "starts_on", "ends_on",
                  "options")


def tournament_saved(*, tournament: Tournament, before: dict) -> None:
    """After an edit (API or admin): when what a season ranking counts has changed (finished,
    published, moved to another season, reweighted), queue the affected seasons' rankings; a
    tournament that has just finished gets its standings brought up to date first. (The save itself
    retired the cached public pages: league.signals.)"""
    if not any(before.get(name) != getattr(tournament, name) for name in RANKING_FIELDS):
        return
    if tournament.status == Tournament.Status.FINISHED and before.get("status") != tournament.status:
        standings_recompute(tournament=tournament)
    for season_id in {before.get("season_id"), tournament.season_id} - {None}:
        rankings_request(season_id=season_id)
        pages_changed(season_id=season_id)  # the season page lists its tournaments and which count


def ranking_fields(tournament: Tournament) -> dict:
    return {name: copy.deepcopy(getattr(tournament, name)) for name in RANKING_FIELDS}


def counted_tournaments(*, season: Season) -> list[Tournament]:
    """The season's finished, published tournaments and running club events that are not archived,
    of the season's family of rulesets (``season_family``), without those whose standings still
    wait for the reveal."""
    tournaments = (season.tournaments.filter(counts_in_ranking(), of_season_family(season), published=True,
                                             archived_at=None)
                   .only("id", "season", "kind", "starts_on", "ends_on", "weight", "qualifying", "options",
                         "standings_revealed_at"))  # "season": the related manager sets it on each row
    return [tournament for tournament in tournaments if standings_hidden_from(tournament) is None]


# ---- reading the season's results ----

def _counted_games(tournaments: list[Tournament]):
    """The tournaments' game results that rank: not a substitute's game with a result fixed by rule
    (league.selectors.mers.fixed_substitutes)."""
    games = GameResult.objects.filter(tournament_id__in=[t.pk for t in tournaments])
    unranked = Q()
    for tournament_id, player_id in mers_reads.fixed_substitutes(tournaments):
        unranked |= Q(tournament_id=tournament_id, player_id=player_id)
    return games.exclude(unranked) if unranked else games


def _counts(tournaments: list[Tournament], *, external: str = "all",
            points: bool = True) -> dict[int, tuple[Decimal, int, int]]:
    """player id → (sum of table points, games, tournaments): the games played here and, for an
    external tournament (results from elsewhere, docs/rules.md §11), its final standings: every row
    (``external="all"``: sum, MERS), only the rows that give games (``"played"``: average) or none
    (``"none"``: Chemnitz, which needs the games themselves). ``points=False`` (MERS, whose values
    come from the standings): the games' table points are not summed (0), and the games are counted
    per player and tournament first, then per player — two small hash aggregates in the database
    instead of a sort of every game for the distinct tournaments."""
    games = _counted_games(tournaments).order_by()
    if points:
        rows = (games.values("player_id")
                .annotate(points=Sum("table_points"), games=Count("id"),
                          tournaments=Count("tournament", distinct=True))
                .values_list("player_id", "points", "games", "tournaments"))
        counts = {player_id: (points, games, tournaments) for player_id, points, games, tournaments in rows}
    else:
        counts = {player_id: (Decimal(0), games, tournaments)
                  for player_id, games, tournaments in _games_per_player(games)}
    external_ids = [t.pk for t in tournaments if t.kind == Tournament.Kind.EXTERNAL]
    if external_ids and external != "none":
        standings = Standing.objects.filter(tournament_id__in=external_ids)
        if external == "played":
            standings = standings.filter(games__gt=0)
        for player_id, points, games in standings.values_list("player_id", "table_points", "games"):
            before = counts.get(player_id, (Decimal(0), 0, 0))
            counts[player_id] = (before[0] + points, before[1] + games, before[2] + 1)
    return counts


def _games_per_player(games) -> list[tuple[int, int, int]]:
    """(player id, games, tournaments) of the game results ``games``, grouped in the database."""
    per_tournament = games.values("player_id", "tournament_id").annotate(games=Count("id")).values_list(
        "player_id", "games")
    try:
        sql, params = per_tournament.query.sql_with_params()
    except EmptyResultSet:  # no tournament counts
        return []
    with connections[games.db].cursor() as cursor:
        cursor.execute(f"SELECT player_id, SUM(games), COUNT(*) FROM ({sql}) AS per_tournament GROUP BY player_id",
                       params)
        return [(player_id, int(count), tournaments) for player_id, count, tournaments in cursor.fetchall()]


def _sum_rows(counts: dict, *, season: Season, average: bool) -> list[RankingRow]:
    rows = []
    for player_id, (points, games, tournaments) in counts.items():
        value = Fraction(points) / games if average else Fraction(points)
        ranked = not average or games >= season.min_games
        rows.append(RankingRow(player_id, value, games, tournaments, ranked))
    return rows


def _mers_rows(counts: dict, *, season: Season, tournaments: list[Tournament]) -> list[RankingRow]:
    day = mers.ranking_date(season_end=season.ends_on)
    rows = []
    for player_id, results in mers_reads.season_results(tournaments=tournaments, ranking_day=day).items():
        value = mers.player_value(results)
        rows.append(RankingRow(player_id, value.value, *counts.get(player_id, (0, 0, 0))[1:],
                               ranked=value.ranked, results=value.results))
    return rows


def _chemnitz_rows(counts: dict, *, tournaments: list[Tournament]) -> list[RankingRow]:
    rows = (_counted_games(tournaments)
            .order_by("tournament__starts_on", "tournament_id", "session_number", "table_id", "seat")
            .values_list("table_id", "player_id", "table_points"))

    def games():
        table, game = None, []
        for table_id, player_id, points in rows.iterator(chunk_size=5000):
            if table_id != table and game:
                yield game
                game = []
            table = table_id
            game.append((player_id, points))
        if game:
            yield game

    ratings = chemnitz_ratings(games())
    return [RankingRow(player_id, rating, *counts[player_id][1:]) for player_id, rating in ratings.items()]


def season_ranking_compute(*, season: Season, tournaments: list[Tournament] | None = None) -> list[RankingRow]:
    """The season's ranking rows by its method, best first, unranked ones last; ``tournaments``:
    the counted ones when the caller has them already."""
    if tournaments is None:
        tournaments = counted_tournaments(season=season)
    method = season.ranking_method
    external = {Season.RankingMethod.TABLE_POINTS_AVG: "played", Season.RankingMethod.CHEMNITZ: "none"}
    counts = _counts(tournaments, external=external.get(method, "all"), points=method != Season.RankingMethod.MERS)
    if method == Season.RankingMethod.MERS:
        rows = _mers_rows(counts, season=season, tournaments=tournaments)
    elif method == Season.RankingMethod.CHEMNITZ:
        rows = _chemnitz_rows(counts, tournaments=tournaments)
    else:
        rows = _sum_rows(counts, season=season, average=method == Season.RankingMethod.TABLE_POINTS_AVG)
    return sorted(rows, key=lambda row: (not row.ranked, -to_decimal(row.value, VALUE_PLACES), row.player_id))


def season_fingerprint(*, season: Season, tournaments: list[Tournament]) -> str:
    """A fingerprint of everything the season's ranking is computed from — its method and figures,
    the ranking date, the counted tournaments and their standings (``standings_fingerprint``) and,
    for Chemnitz, whose games' order counts too, every game (``games_fingerprint``)."""
    counted = [(t.pk, t.kind, t.starts_on, t.ends_on, t.weight, t.qualifying,
                json.dumps(t.options, sort_keys=True, default=str)) for t in tournaments]
    games = mers_reads.games_fingerprint(tournaments) if season.ranking_method == Season.RankingMethod.CHEMNITZ else ()
    text = repr((season.ranking_method, season.min_games, season.ends_on,
                 mers.ranking_date(season_end=season.ends_on), sorted(counted),
                 mers_reads.standings_fingerprint(tournaments), games)).encode()
    return hashlib.blake2b(text, digest_size=16).hexdigest()


def _rows_fingerprint(season: Season) -> str:
    """A fingerprint of the season's ranking rows and snapshots as stored (so that rows changed by
    anything else are rebuilt, not trusted): the snapshots' sums per date and, on PostgreSQL, one
    aggregate hashing each ranking row in the database (as ``standings_fingerprint`` does the
    standings), elsewhere one read of the rows' plain values."""
    rankings = SeasonRanking.objects.filter(season=season)
    if connections[rankings.db].vendor == "postgresql":
        sql = (f'SELECT COUNT(*), SUM({mers_reads.row_hash("player_id, rank, value, games, tournaments, results")}) '
               f'FROM "{SeasonRanking._meta.db_table}" WHERE season_id = %s')
        with connections[rankings.db].cursor() as cursor:
            cursor.execute(sql, [season.pk])
            rows = cursor.fetchone()
    else:
        rows = raw_rows(rankings.order_by("player_id")
                        .values_list("player_id", "rank", "value", "games", "tournaments", "results"))
    snapshots = raw_rows(RankingSnapshot.objects.filter(season=season).order_by().values("taken_on")
                         .annotate(count=Count("id"), ranks=Sum("rank"), values=Sum("value"))
                         .order_by("taken_on").values_list("taken_on", "count", "ranks", "values"))
    return hashlib.blake2b(repr((rows, snapshots)).encode(), digest_size=16).hexdigest()


def rankings_recompute(*, season: Season) -> bool:
    """Rebuild the season's SeasonRanking rows and its snapshot of the day (see History above);
    True when anything changed. Running it twice writes nothing the second time; when nothing it
    is computed from has changed (``season_fingerprint``, read before anything else) and its rows
    are all there, it computes nothing either."""
    tournaments = counted_tournaments(season=season)
    fingerprint = season_fingerprint(season=season, tournaments=tournaments)
    stored = RankingState.objects.filter(pk=season.pk).values_list("fingerprint", flat=True).first()
    if stored is not None and stored.startswith(fingerprint) and stored == fingerprint + _rows_fingerprint(season):
        return False
    with cycle_collector_paused():
        return _rankings_rebuild(season=season, tournaments=tournaments, fingerprint=fingerprint, stored=stored)


def _rankings_rebuild(*, season: Season, tournaments: list[Tournament], fingerprint: str,
                      stored: str | None) -> bool:
    # the day the ranking stood: the last counted tournament's end, or today for one still running
    # (a club event counts while it runs): never a day that has not come
    today = timezone.localdate()
    taken_on = max((min(t.ends_on, today) for t in tournaments), default=None)
    rows = season_ranking_compute(season=season, tournaments=tournaments)
    values = [to_decimal(row.value, VALUE_PLACES) for row in rows]
    ranks = iter(shared_ranks(value for row, value in zip(rows, values, strict=True) if row.ranked))
    wanted = {
        (row.player_id,): {"rank": next(ranks) if row.ranked else None, "value": value, "games": row.games,
                           "tournaments": row.tournaments, "results": row.results}
        for row, value in zip(rows, values, strict=True)
    }
    with transaction.atomic():
        # derived rows: a commit lost in a crash loses RankingState with them, so the next run
        # (at the latest the periodic one) computes them again
        commit_without_flush(using=SeasonRanking.objects.db)
        Season.objects.select_for_update(no_key=True).filter(pk=season.pk).first()
        common = {"season_id": season.pk}
        changed = bool(sync_rows(SeasonRanking.objects.filter(**common), ("player_id",), wanted, common=common))
        snapshots = RankingSnapshot.objects.filter(season_id=season.pk)
        if taken_on is not None:
            day = {"season_id": season.pk, "taken_on": taken_on}
            snapshot = {key: {"rank": values["rank"], "value": values["value"]} for key, values in wanted.items()}
            if sync_rows(snapshots.filter(taken_on=taken_on), ("player_id",), snapshot, common=day):
                changed = True
            snapshots = snapshots.filter(taken_on__gt=taken_on)
        if snapshots.exists():  # a SELECT: an unchanged ranking writes nothing
            snapshots.delete()
            changed = True
        state = fingerprint + _rows_fingerprint(season)
        if stored != state:
            RankingState.objects.update_or_create(pk=season.pk, defaults={"fingerprint": state,
                                                                          "rows": len(wanted)})
    if changed:
        pages_changed(season_id=season.pk)  # also the site's token: the player pages show the history
    return changed
