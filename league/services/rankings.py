"""Season rankings: a league season's tournaments summed up per player, materialised as SeasonRanking.

Which tournaments count: the season's tournaments that are **finished and published**. Running
tournaments only have provisional standings, and the public ranking is made only of what the public
may see. Finishing a tournament (``tournament_finish``) queues the season's recomputation; the
periodic job ``league.rankings_recompute_all`` catches everything else (a tournament published or
moved to another season later, a correction after the finish also queues one).

Methods (``Season.ranking_method``); ``games`` and ``tournaments`` count the player's table games
and tournaments in every method; equal values share the rank (1, 2, 2, 4):

``table_points_sum``
    The sum of the player's table points over all their games.

``table_points_avg``
    Table points per game. Players with fewer than ``Season.min_games`` games get a value but no
    rank (``rank`` is empty) and are listed after the ranked players.

``mers`` – after the EMA's Mahjong European Ranking System
    *Base rank* per tournament: ``1000 · (N − p) / (N − 1)``, where N counts the players with at
    least one game in the tournament's standings and p is the player's standing rank (a field of
    one gets 1000). Kept exact, not truncated to whole numbers as the EMA does.
    *Weight* of a result: ``Tournament.weight`` × an age factor measured from the season's end:
    a tournament that ended within the 12 months before ``Season.ends_on`` counts fully, one that
    ended 12–24 months before counts half, older ones not at all (this matches the EMA's halving
    after a year and dropping after two; within an ordinary one-year season everything counts fully).
    *Virtual results*: a player with fewer than 5 results is given results of 0 with weight 1 until
    there are 5, as the EMA does, so one lucky tournament does not top the ranking.
    The EMA rules call the two halves Part A and Part B; in their words Part A is "the weighted
    average of all of your results" (a player with at least 10, 15, 20 … results leaves out the
    worst 1, 2, 3 …) and Part B "the weighted average of your four best results" (best by base
    rank, ties by the larger weight). We follow the EMA's meaning, so the labels are the other way
    round from the brief, which says A is the best results and B is all of them. The value is
    ``R = 0.5 · A + 0.5 · B`` either way: half the weighted average of all results and half the
    weighted average of the best four, with the virtual results included in both.

``chemnitz`` – a rating in the style of the Chemnitz league
    Everyone starts at 0. Games are taken in the order they were played (tournament start date,
    session, table). At each table, the player's expected result is their rating minus the table's
    average rating; the actual result is their table points in that game minus the table's average
    table points (1.75 with 4/2/1/0). The rating moves by (actual − expected) / 8. So the rating is
    measured in table points per game above the average of the field, and the changes at a table
    always add up to zero.

History (``RankingSnapshot``): each recomputation also keeps the ranking as it now stands under
one date, the latest ``ends_on`` of the counted tournaments, so the history follows the
tournament calendar and not the day the job ran (a job run late, or twice, writes the same
snapshot). The snapshot of that date is replaced as a whole; snapshots of earlier dates stay as
they were computed then. Snapshots dated after it belong to tournaments that no longer count
(unpublished, moved to another season, date changed) and are removed; with no counted
tournament the season has no history.
"""
import datetime
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.db.models import Count, Sum

from ..cache import pages_changed
from ..models import GameResult, RankingSnapshot, Season, SeasonRanking, Standing, Tournament
from ..queue import task_send_on_commit
from .standings import shared_ranks, standings_recompute, sync_rows, to_decimal

MERS_MIN_RESULTS = 5
MERS_BEST_RESULTS = 4
MERS_DROP_EVERY = 5  # with 10, 15, 20 … results the worst 1, 2, 3 … leave Part A
CHEMNITZ_START = 0.0
CHEMNITZ_DIVISOR = 8


@dataclass(frozen=True)
class RankingRow:
    player_id: int
    value: Fraction | float
    games: int
    tournaments: int
    ranked: bool = True


def rankings_request(*, season_id: int) -> None:
    """Queue the season's ranking recomputation after the commit."""
    from ..tasks import rankings_recompute_task

    task_send_on_commit(rankings_recompute_task, season_id)


def tournament_finish(*, tournament: Tournament) -> Tournament:
    """Bring the standings up to date, mark the tournament finished and queue its season's ranking."""
    with transaction.atomic():
        standings_recompute(tournament=tournament)
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])  # the save retires the cached pages (league.signals)
        if tournament.season_id:
            rankings_request(season_id=tournament.season_id)
    return tournament


RANKING_FIELDS = ("status", "published", "season_id", "weight", "ends_on")


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


def ranking_fields(tournament: Tournament) -> dict:
    return {name: getattr(tournament, name) for name in RANKING_FIELDS}


def counted_tournaments(*, season: Season) -> list[Tournament]:
    return list(season.tournaments.filter(status=Tournament.Status.FINISHED, published=True)
                .only("id", "starts_on", "ends_on", "weight"))


# ---- the methods, as pure functions over plain numbers ----

def mers_base_rank(*, rank: int, players: int) -> Fraction:
    if players <= 1:
        return Fraction(1000)
    return Fraction(1000 * (players - rank), players - 1)


def mers_age_factor(*, ended_on: datetime.date, season_end: datetime.date) -> Fraction:
    """1 within the 12 months before the season's end, 1/2 for 12–24 months, then 0."""
    def years_before(years: int) -> datetime.date:
        try:
            return season_end.replace(year=season_end.year - years)
        except ValueError:  # 29 February
            return season_end.replace(year=season_end.year - years, day=28)

    if ended_on > years_before(1):
        return Fraction(1)
    if ended_on > years_before(2):
        return Fraction(1, 2)
    return Fraction(0)


def _weighted_average(results: list[tuple[Fraction, Fraction]]) -> Fraction:
    weights = sum(weight for _base, weight in results)
    return sum(base * weight for base, weight in results) / weights if weights else Fraction(0)


def mers_value(results: Iterable[tuple[Fraction, Fraction]]) -> Fraction:
    """R = ½ · (weighted average of all results, worst ones left out as the EMA allows)
    + ½ · (weighted average of the best four); ``results`` are (base rank, weight) pairs."""
    results = [(Fraction(base), Fraction(weight)) for base, weight in results if weight > 0]
    results += [(Fraction(0), Fraction(1))] * max(0, MERS_MIN_RESULTS - len(results))
    results.sort(key=lambda r: (r[0], r[1]), reverse=True)
    dropped = len(results) // MERS_DROP_EVERY - 1 if len(results) >= 2 * MERS_DROP_EVERY else 0
    all_results = results[:len(results) - dropped]
    best = results[:MERS_BEST_RESULTS]
    return (_weighted_average(all_results) + _weighted_average(best)) / 2


def chemnitz_ratings(games: Iterable[list[tuple[int, Fraction | Decimal | int]]]) -> dict[int, float]:
    """Ratings after ``games`` in order; each game is [(player_id, table points), …] of one table."""
    ratings: dict[int, float] = defaultdict(lambda: CHEMNITZ_START)
    for game in games:
        if len(game) < 2:
            continue
        average_rating = sum(ratings[player] for player, _tp in game) / len(game)
        average_points = sum(float(tp) for _player, tp in game) / len(game)
        moves = []
        for player, points in game:
            actual = float(points) - average_points
            expected = ratings[player] - average_rating
            moves.append((player, (actual - expected) / CHEMNITZ_DIVISOR))
        for player, move in moves:
            ratings[player] += move
    return dict(ratings)


# ---- reading the season's results ----

def _counts(tournament_ids: list[int]) -> dict[int, tuple[Decimal, int, int]]:
    """player id → (sum of table points, games, tournaments)."""
    rows = (GameResult.objects.filter(tournament_id__in=tournament_ids).values("player_id")
            .annotate(points=Sum("table_points"), games=Count("id"),
                      tournaments=Count("tournament", distinct=True))
            .values_list("player_id", "points", "games", "tournaments"))
    return {player_id: (points, games, tournaments) for player_id, points, games, tournaments in rows}


def _sum_rows(counts: dict, *, season: Season, average: bool) -> list[RankingRow]:
    rows = []
    for player_id, (points, games, tournaments) in counts.items():
        value = Fraction(points) / games if average else Fraction(points)
        ranked = not average or games >= season.min_games
        rows.append(RankingRow(player_id, value, games, tournaments, ranked))
    return rows


def _mers_rows(counts: dict, *, season: Season, tournaments: list[Tournament]) -> list[RankingRow]:
    weights = {t.pk: Fraction(str(t.weight)) * mers_age_factor(ended_on=t.ends_on, season_end=season.ends_on)
               for t in tournaments}
    standings = list(Standing.objects.filter(tournament_id__in=weights, games__gt=0)
                     .values_list("tournament_id", "player_id", "rank"))
    ranks_played: dict[int, list[int]] = defaultdict(list)
    for tournament_id, _player_id, rank in standings:
        ranks_played[tournament_id].append(rank)
    for ranks in ranks_played.values():
        ranks.sort()
    results: dict[int, list] = defaultdict(list)
    for tournament_id, player_id, rank in standings:
        # The place among those who played: a registered no-show ranked ahead of a disqualified
        # player must not push that player's place past the field size.
        ranks = ranks_played[tournament_id]
        place = 1 + bisect_left(ranks, rank)
        base = mers_base_rank(rank=place, players=len(ranks))
        results[player_id].append((base, weights[tournament_id]))
    return [RankingRow(player_id, mers_value(player_results), *counts.get(player_id, (0, 0, 0))[1:])
            for player_id, player_results in results.items()]


def _chemnitz_rows(counts: dict, *, tournaments: list[Tournament]) -> list[RankingRow]:
    ids = [t.pk for t in tournaments]
    rows = (GameResult.objects.filter(tournament_id__in=ids)
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
    counts = _counts([t.pk for t in tournaments])
    method = season.ranking_method
    if method == Season.RankingMethod.MERS:
        rows = _mers_rows(counts, season=season, tournaments=tournaments)
    elif method == Season.RankingMethod.CHEMNITZ:
        rows = _chemnitz_rows(counts, tournaments=tournaments)
    else:
        rows = _sum_rows(counts, season=season, average=method == Season.RankingMethod.TABLE_POINTS_AVG)
    return sorted(rows, key=lambda row: (not row.ranked, -to_decimal(row.value, 4), row.player_id))


def rankings_recompute(*, season: Season) -> bool:
    """Rebuild the season's SeasonRanking rows and its snapshot of the day (see History above);
    True when anything changed. Running it twice writes nothing the second time."""
    tournaments = counted_tournaments(season=season)
    taken_on = max((t.ends_on for t in tournaments), default=None)
    rows = season_ranking_compute(season=season, tournaments=tournaments)
    ranked = [row for row in rows if row.ranked]
    ranks = shared_ranks(to_decimal(row.value, 4) for row in ranked)
    rank_of = {row.player_id: rank for row, rank in zip(ranked, ranks, strict=True)}
    wanted = {
        (row.player_id,): {"rank": rank_of.get(row.player_id), "value": to_decimal(row.value, 4),
                           "games": row.games, "tournaments": row.tournaments}
        for row in rows
    }
    with transaction.atomic():
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
    if changed:
        pages_changed(season_id=season.pk)  # also the site's token: the player pages show the history
    return changed
