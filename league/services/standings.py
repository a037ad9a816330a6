"""Tournament standings: materialised from the tables' game results, recomputed in the background.

A change asks for a recomputation (``standings_request``): in its own transaction it adds one to
the tournament's ``StandingsState.requested`` (a row of its own, never the tournament row the
recomputation locks, so a hand write never waits for a running recomputation), and after the
commit it queues a task unless one is queued already. So at most one recomputation runs (the
tournament row lock) and one waits in the queue per tournament, whatever the rate of hands, and
runs start at most once per ``STANDINGS_MIN_INTERVAL`` seconds. A run marks the changes it read as
computed only in the transaction that writes the rows: a worker killed mid-run leaves the standings
stale, and ``standings_sweep`` (Celery beat) queues them again, as it does when the broker was down
when the change was saved (queueing never fails the request: league.queue).

``standings_recompute`` rebuilds two kinds of rows from the hands (docs/rules.md §7), as
``league.selectors.standings`` computes them (``game_rows``, ``standing_rows``; the arithmetic is
``scoring.results`` and ``scoring.standings``; without ``seat_change`` a table's game is computed
from its hands' sums, which the database adds up: ``hand_sums``, ``settled_game``):

* one ``GameResult`` per seated player of every table with hands; a substitute's row holds a fixed
  score, table points and last place instead when ``substitute_scoring`` is "fixed", the other three
  players' rows are as played;
* one ``Standing`` per player who is registered, has played or has been penalised.

Rows are compared with what is stored and only the differences are written (``league.rowsync``: set-based
create, update and delete of the changed rows only), all in one transaction with the tournament row
locked: running it twice writes nothing the second time, and ids of unchanged rows stay. Only the
cached page parts whose rows changed are retired (league.cache), and the statistics whenever the run
covered changes asked for (hands, penalties): those count hands that may change no row, a draw.
"""
import json
import logging
from datetime import datetime, timedelta
from fractions import Fraction

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Greatest
from django.utils import timezone

from scoring.options import ruleset_module
from scoring.standings import running_totals

from ..cache import session_changed, standings_changed, statistics_changed
from ..gcpause import cycle_collector_paused
from ..models import GameResult, PlayerTotal, Standing, StandingsState, Table, TableGame, Tournament
from ..queue import task_send, task_send_on_commit
from ..rowsync import commit_without_flush, sync_rows
from ..selectors.standings import (
    fingerprinted_sums,
    hand_results,
    hand_sums,
    standing_rows,
    summed_game_rows,
    table_fingerprints,
    table_game_rows,
    table_scoring,
    table_seats,
)

logger = logging.getLogger(__name__)

# The names league.tasks registers these tasks under; services queue them by name (league.queue).
STANDINGS_TASK = "league.standings_recompute"
RANKINGS_TASK = "league.rankings_recompute"


def _mark_dirty(tournament_id: int) -> None:
    """One more change to compute, in the caller's transaction; touches only the tournament's
    StandingsState row, which no recomputation holds for longer than its commit."""
    states = StandingsState.objects.filter(pk=tournament_id)
    if not states.update(requested=F("requested") + 1):
        StandingsState.objects.bulk_create([StandingsState(tournament_id=tournament_id)], ignore_conflicts=True)
        states.update(requested=F("requested") + 1)


def standings_request(*, tournament_id: int) -> None:
    """Mark the tournament's standings stale (in the caller's transaction) and queue their
    recomputation after the commit. Never fails for the queue: see ``standings_queue``."""
    _mark_dirty(tournament_id)
    transaction.on_commit(lambda: standings_queue(tournament_id=tournament_id))


def rankings_request(*, season_id: int) -> None:
    """Queue the season's ranking recomputation after the commit (league.services.rankings)."""
    task_send_on_commit(RANKINGS_TASK, season_id)


# Beyond its countdown and one recomputation's time, a queued task gets this much longer to start.
CLAIM_MARGIN_SECONDS = 2.0


def claim_lifetime(started: datetime | None, finished: datetime | None) -> float:
    """Seconds a queued recomputation may wait before it counts as lost (its worker died holding
    it): its countdown, the last run's duration and a margin; ``STANDINGS_QUEUE_STALE_SECONDS`` at
    most. A lost claim is taken over by the next change, not left for the sweep; a task that was
    only slow then finds the standings computed and does nothing."""
    last_run = (finished - started).total_seconds() if started and finished and finished >= started else 0.0
    return min(float(settings.STANDINGS_QUEUE_STALE_SECONDS),
               settings.STANDINGS_MIN_INTERVAL + last_run + CLAIM_MARGIN_SECONDS)


def standings_queue(*, tournament_id: int) -> bool:
    """Queue one recomputation of stale standings unless one is queued already (a queued task not
    started within one recomputation's time, ``claim_lifetime``, counts as lost). It starts no sooner than
    ``STANDINGS_MIN_INTERVAL`` after the previous one started, so a burst of hands costs one run a
    second at most. True when a task was sent; when the broker refused it the slot is freed again
    for the next change or the sweep."""
    now = timezone.now()
    started, finished = (StandingsState.objects.filter(pk=tournament_id)
                         .values_list("started_at", "finished_at").first() or (None, None))
    lost = now - timedelta(seconds=claim_lifetime(started, finished))
    slot = (StandingsState.objects.filter(pk=tournament_id, requested__gt=F("computed"))
            .filter(Q(queued_at__isnull=True) | Q(queued_at__lt=lost)))
    if not slot.update(queued_at=now):
        return False
    countdown = 0.0
    if started is not None:
        countdown = max(0.0, settings.STANDINGS_MIN_INTERVAL - (now - started).total_seconds())
    if task_send(STANDINGS_TASK, tournament_id, countdown=countdown):
        return True
    StandingsState.objects.filter(pk=tournament_id, queued_at=now).update(queued_at=None)
    return False


def standings_run(*, tournament_id: int) -> bool:
    """The queued task's work: free the queue slot (so that changes from now on queue the next run)
    and recompute when the standings are still stale. True when anything changed."""
    StandingsState.objects.filter(pk=tournament_id).update(queued_at=None)
    stale = StandingsState.objects.filter(pk=tournament_id, requested__gt=F("computed"))
    if not stale.update(started_at=timezone.now()):
        return False
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return False
    return standings_recompute(tournament=tournament, when_stale=True)


def standings_sweep() -> list[int]:
    """The periodic safety net: queue the recomputation of every tournament whose standings are
    stale and have no task queued (a worker died mid-run, the broker was down). Returns their ids."""
    # standings_queue decides per tournament whether a queued task is lost (claim_lifetime)
    stale = StandingsState.objects.filter(requested__gt=F("computed")).order_by("pk").values_list("pk", flat=True)
    queued = []
    for tournament_id in stale:
        logger.info("Standings of tournament %s are stale; queueing their recomputation", tournament_id)
        if standings_queue(tournament_id=tournament_id):
            queued.append(tournament_id)
    return queued


def _take_figures(rows: dict[tuple, dict]) -> list[tuple[int, Fraction, Fraction, int]]:
    """``(player id, table points, game score, place)`` of game rows (``table_game_rows``), exact,
    taken out of the rows (which then hold the stored fields only)."""
    return [(player_id, row.pop("_table_points"), row.pop("_score"), row["place"])
            for (_table, player_id), row in rows.items()]


def _sync_games(tournament: Tournament, *, full: bool) -> tuple[set[tuple], set[int], dict[int, list]]:
    """Bring the tournament's GameResult, TableGame and PlayerTotal rows up to date with its hands,
    recomputing only the tables whose fingerprint changed (every table when ``full``, when nothing
    is stored yet or when more than half of them changed) and moving the players' running totals by
    the difference. Returns the GameResult keys written, the numbers of their sessions and the
    players' totals."""
    common = {"tournament_id": tournament.pk}
    scoring = table_scoring(tournament)
    seats = table_seats(tournament)
    stored = dict(TableGame.objects.filter(**common).values_list("table_id", "fingerprint"))
    points_game = ruleset_module(scoring.ruleset).GAME == "points"
    results = None  # the hands' sums, read with the fingerprints when everything is recomputed anyway
    if scoring.summed and (full or not stored):
        fingerprints, results = fingerprinted_sums(tournament, scoring, seats, points_game)
    else:
        fingerprints = table_fingerprints(tournament, scoring, seats)
    tables = set(fingerprints) | set(stored)
    changed = {table_id for table_id in tables if stored.get(table_id) != fingerprints.get(table_id)}
    everything = full or not stored or 2 * len(changed) > len(tables)
    totals = {}
    if not everything:
        totals = {player_id: [Fraction(tp), Fraction(score), games, places] for player_id, tp, score, games, places
                  in PlayerTotal.objects.filter(**common).values_list("player_id", "table_points", "score", "games",
                                                                      "place_sum")}
        game_count = GameResult.objects.filter(**common).count()
        if (game_count != sum(len(seats.get(table_id, ())) for table_id in stored)
                or game_count != sum(entry[2] for entry in totals.values())):
            # rows lost or added behind the recompute's back (a restore, a hand-made fix, a table
            # deleted with its game rows before its players' totals were moved): start again
            everything, totals = True, {}
    if not everything:
        if not changed:
            return set(), set(), totals
        stored_figures = TableGame.objects.filter(table_id__in=sorted(changed)).values_list("players", flat=True)
        taken = [(player_id, Fraction(tp), Fraction(score), place)
                 for figures in stored_figures for player_id, tp, score, place in json.loads(figures)]
        try:
            running_totals(totals, taken, sign=-1)
        except ValueError:  # the totals lost a player (a merge deletes the removed player's): start again
            everything = True
    if everything:
        changed, totals = tables, {}
    recomputed = sorted(table_id for table_id in changed if table_id in fingerprints)
    which = None if everything else recomputed
    if scoring.summed:  # the hands summed by the database
        if results is None:
            results = hand_sums(tournament, points_game, which)
        compute_rows = summed_game_rows
    else:  # seat changes: each hand's balances go to its players
        results, compute_rows = hand_results(tournament, which), table_game_rows
    table_games, added, session_of = {}, [], {}

    def games():  # the GameResult rows, computed while the ones before them are stored (sync_rows)
        for table_id in recomputed:
            if not results.get(table_id):  # its last hand was deleted since the fingerprints were read
                continue
            rows = compute_rows(scoring, table_id, results[table_id], seats.get(table_id, []))
            figures = _take_figures(rows)
            added.extend(figures)
            table_games[(table_id,)] = {"fingerprint": fingerprints[table_id], "players": json.dumps(
                [[player_id, str(tp), str(score), place] for player_id, tp, score, place in figures])}
            for key, row in rows.items():
                session_of[key] = row["session_number"]
                yield key, row

    game_results = GameResult.objects.filter(**common)
    table_rows = TableGame.objects.filter(**common)
    if not everything:
        game_results = game_results.filter(table_id__in=sorted(changed))
        table_rows = table_rows.filter(table_id__in=sorted(changed))
    changed_games = sync_rows(game_results, ("table_id", "player_id"), games(), common=common)
    running_totals(totals, added)
    # the sessions of the rows written: those of the rows kept from their values, of the rows
    # deleted from their tables
    sessions = {session_of[key] for key in changed_games if key in session_of}
    sessions |= _sessions_of(tournament, {key[0] for key in changed_games if key not in session_of})
    sync_rows(table_rows, ("table_id",), table_games, common=common)
    sync_rows(PlayerTotal.objects.filter(**common), ("player_id",), {
        (player_id,): {"table_points": str(tp), "score": str(score), "games": games_played, "place_sum": places}
        for player_id, (tp, score, games_played, places) in totals.items()}, common=common)
    return changed_games, sessions, totals


FEW_TABLES = 500  # up to this many changed tables, their sessions are read by their ids


def _sessions_of(tournament: Tournament, table_ids: set[int]) -> set[int]:
    """The numbers of the sessions of ``table_ids``: a few tables by their ids, many (a first
    recomputation: thousands) by reading the tournament's tables rather than sending every id."""
    if not table_ids:
        return set()
    if len(table_ids) <= FEW_TABLES:
        return set(Table.objects.filter(pk__in=table_ids).values_list("session__number", flat=True))
    return {number for table_id, number in Table.objects.filter(session__tournament=tournament)
            .values_list("pk", "session__number") if table_id in table_ids}


def standings_recompute(*, tournament: Tournament, when_stale: bool = False, full: bool = False) -> bool:
    """Rebuild the tournament's GameResult and Standing rows from its hands and penalties; True
    when anything changed. Only the tables whose hands or seats changed are recomputed (each
    table's ``TableGame`` fingerprint), and the players' running totals (``PlayerTotal``) move by
    what they changed; ``full`` recomputes every table. Runs one at a time per tournament (the
    tournament row is locked; hand writes never touch it). With ``when_stale`` it does nothing
    unless the standings are still stale once it holds the lock (a run that finished meanwhile may
    have covered them). The changes it read are marked computed in the transaction that writes the
    rows, so a run that dies leaves them stale for the sweep. A change to a finished tournament of a
    season (or to a club event, which counts while it runs)
    queues the season's ranking after the commit."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
        if tournament.kind == Tournament.Kind.EXTERNAL:  # its standings are the file's, it has no hands
            return False
        # Read before the hands: a change committed after this read counts beyond it.
        state = StandingsState.objects.filter(pk=tournament.pk).values_list("requested", "computed").first()
        seen = state[0] if state else 0
        pending = state is not None and state[0] > state[1]  # hands or penalties changed since the last run
        if when_stale and (state is None or state[0] <= state[1]):
            return False
        commit_without_flush()  # derived rows: lost in a crash, their changes stay stale for the sweep
        with cycle_collector_paused():
            changed_games, sessions, totals = _sync_games(tournament, full=full)
            standings = standing_rows(tournament, {}, totals=totals)
        common = {"tournament_id": tournament.pk}
        changed_standings = sync_rows(Standing.objects.filter(**common), ("player_id",), standings, common=common)
        changed = bool(changed_games or changed_standings)
        if changed and tournament.season_id and (tournament.status == Tournament.Status.FINISHED
                                                 or tournament.kind == Tournament.Kind.CLUB):
            rankings_request(season_id=tournament.season_id)
        # Last: the state row is locked only for the commit, so hand writes do not wait.
        StandingsState.objects.filter(pk=tournament.pk).update(
            computed=Greatest(F("computed"), seen), finished_at=timezone.now(), recomputes=F("recomputes") + 1)
    if changed_standings:
        standings_changed(tournament_id=tournament.pk)
    if changed or pending:
        statistics_changed(tournament_id=tournament.pk)
    for number in sorted(sessions):
        session_changed(tournament_id=tournament.pk, number=number)
    return changed
