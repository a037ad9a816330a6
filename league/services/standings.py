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

``standings_recompute`` rebuilds two kinds of rows from the hands (SCORING.md section 7):

* one ``GameResult`` per seated player of every table with hands, from
  ``scoring.results.game_result`` over the hands' stored results in hand order, with the
  tournament's ruleset and its effective options (table points among them); a substitute's
  row holds a fixed score, table points and last place instead when ``substitute_scoring`` is
  "fixed" (``fixed_substitute_result``), the other three players' rows are as played;
* one ``Standing`` per player who is registered, has played or has been penalised.

Ordering of the standings, best first:

1. players who are not disqualified, then disqualified players (they always rank last);
2. within each, players with games before registered players who have not played yet;
3. by the tournament's standing method: ``table_points`` – sum of table points, then sum of game
   scores; ``score`` – sum of game scores, then average place (lower is better).

Tournament penalty points are subtracted from the score sum. Players equal on every key share the
rank (1, 2, 2, 4). Sums are exact (``Fraction``) until they are stored.

Rows are compared with what is stored and only the differences are written (``sync_rows``: set-based
create, update and delete of the changed rows only), all in one transaction with the tournament row
locked: running it twice writes nothing the second time, and ids of unchanged rows stay. Only the
cached page parts whose rows changed are retired (league.cache), and the statistics whenever the run
covered changes asked for (hands, penalties): those count hands that may change no row, a draw.
"""
import logging
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.conf import settings
from django.db import connections, models, transaction
from django.db.models import F, Q
from django.db.models.functions import Greatest
from django.utils import timezone

from scoring.results import game_result

from .. import tournament_options
from ..cache import session_changed, standings_changed, statistics_changed
from ..models import (
    Bye,
    GameResult,
    Hand,
    Registration,
    Seat,
    Standing,
    StandingsState,
    Table,
    Tournament,
    TournamentPenalty,
)
from ..queue import task_send

logger = logging.getLogger(__name__)

_CHUNK = 500


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


def standings_queue(*, tournament_id: int) -> bool:
    """Queue one recomputation of stale standings unless one is queued already (a queued task not
    started within ``STANDINGS_QUEUE_STALE_SECONDS`` counts as lost). It starts no sooner than
    ``STANDINGS_MIN_INTERVAL`` after the previous one started, so a burst of hands costs one run a
    second at most. True when a task was sent; when the broker refused it the slot is freed again
    for the next change or the sweep."""
    from ..tasks import standings_recompute_task

    now = timezone.now()
    lost = now - timedelta(seconds=settings.STANDINGS_QUEUE_STALE_SECONDS)
    slot = (StandingsState.objects.filter(pk=tournament_id, requested__gt=F("computed"))
            .filter(Q(queued_at__isnull=True) | Q(queued_at__lt=lost)))
    if not slot.update(queued_at=now):
        return False
    started = StandingsState.objects.filter(pk=tournament_id).values_list("started_at", flat=True).first()
    countdown = 0.0
    if started is not None:
        countdown = max(0.0, settings.STANDINGS_MIN_INTERVAL - (now - started).total_seconds())
    if task_send(standings_recompute_task, tournament_id, countdown=countdown):
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
    lost = timezone.now() - timedelta(seconds=settings.STANDINGS_QUEUE_STALE_SECONDS)
    stale = (StandingsState.objects.filter(requested__gt=F("computed"))
             .filter(Q(queued_at__isnull=True) | Q(queued_at__lt=lost))
             .order_by("pk").values_list("pk", flat=True))
    queued = []
    for tournament_id in stale:
        logger.info("Standings of tournament %s are stale; queueing their recomputation", tournament_id)
        if standings_queue(tournament_id=tournament_id):
            queued.append(tournament_id)
    return queued


_EXPONENTS = {places: Decimal(1).scaleb(-places) for places in range(9)}


def to_decimal(value, places: int) -> Decimal:
    """An exact number (int, Fraction, Decimal) rounded half up to ``places`` decimals."""
    exponent = _EXPONENTS.get(places) or Decimal(1).scaleb(-places)
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        return Decimal(value).quantize(exponent, rounding=ROUND_HALF_UP)
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(exponent, rounding=ROUND_HALF_UP)


def sync_rows(queryset: models.QuerySet, key_fields: tuple[str, ...], rows: dict[tuple, dict], *,
              common: dict) -> set[tuple]:
    """Make the rows of ``queryset`` equal ``rows`` (key → field values): create the missing (with
    the ``common`` values that select the queryset, such as its tournament), update the rows whose
    values changed and only those, delete the ones no longer wanted. Each kind is one set-based
    statement per chunk (on PostgreSQL the update is ``UPDATE … FROM (VALUES …)``). Returns the keys
    written (empty, so false, when nothing was)."""
    model = queryset.model
    value_fields = sorted({name for values in rows.values() for name in values})
    existing = {}
    for pk, *stored in queryset.values_list("pk", *key_fields, *value_fields).iterator(chunk_size=5000):
        existing[tuple(stored[:len(key_fields)])] = (pk, stored[len(key_fields):])
    created, updated = [], []
    for key, values in rows.items():
        found = existing.pop(key, None)
        if found is None:
            created.append(model(**common, **dict(zip(key_fields, key, strict=True)), **values))
            continue
        pk, stored = found
        if any(values.get(name, old) != old for name, old in zip(value_fields, stored, strict=True)):
            updated.append((key, pk, {**dict(zip(value_fields, stored, strict=True)), **values}))
    stale = [pk for pk, _stored in existing.values()]
    for start in range(0, len(stale), _CHUNK):
        model.objects.filter(pk__in=stale[start:start + _CHUNK])._raw_delete(queryset.db)
    for start in range(0, len(updated), _CHUNK):
        _update_rows(model, value_fields, [(pk, values) for _key, pk, values in updated[start:start + _CHUNK]],
                     using=queryset.db)
    if created:
        model.objects.bulk_create(created, batch_size=_CHUNK)
    return {key for key, _pk, _values in updated} | set(existing) | {
        tuple(getattr(obj, name) for name in key_fields) for obj in created}


def _update_rows(model, field_names: list[str], rows: list[tuple[int, dict]], *, using: str) -> None:
    """Set ``field_names`` of the rows given as (pk, values) in one statement."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        objects = [model(pk=pk, **values) for pk, values in rows]
        model.objects.using(using).bulk_update(objects, field_names)
        return
    fields = [model._meta.get_field(name) for name in field_names]
    pk_field = model._meta.pk
    columns = [pk_field, *fields]
    placeholders = "(" + ", ".join(f"%s::{field.db_type(connection)}" for field in columns) + ")"
    params = []
    for pk, values in rows:
        params.append(pk_field.get_db_prep_value(pk, connection))
        params.extend(field.get_db_prep_value(values[field.name], connection) for field in fields)
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    assignments = ", ".join(f"{quote(field.column)} = v.{quote(field.column)}" for field in fields)
    names = ", ".join(quote(field.column) for field in columns)
    sql = (f"UPDATE {table} SET {assignments} FROM (VALUES {', '.join([placeholders] * len(rows))}) "
           f"AS v({names}) WHERE {table}.{quote(pk_field.column)} = v.{quote(pk_field.column)}")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


@dataclass
class _Tally:
    table_points: Fraction = Fraction(0)
    score: Fraction = Fraction(0)
    games: int = 0
    place_sum: int = 0
    penalty_points: int = 0
    disqualified: bool = False

    @property
    def average_place(self) -> Fraction | None:
        return Fraction(self.place_sum, self.games) if self.games else None


def _game_rows(tournament: Tournament) -> dict[tuple, dict]:
    """GameResult field values keyed by (table_id, player_id)."""
    options = tournament.effective_options
    results_by_table: dict[int, list[dict]] = defaultdict(list)
    hands = (Hand.objects.filter(table__session__tournament=tournament)
             .order_by("table_id", "number").values_list("table_id", "result"))
    for table_id, result in hands.iterator(chunk_size=2000):
        results_by_table[table_id].append(result)
    seats_by_table: dict[int, list[tuple]] = defaultdict(list)
    seats = (Seat.objects.filter(session__tournament=tournament)
             .values_list("table_id", "position", "player_id", "session__number"))
    for table_id, position, player_id, session_number in seats:
        if table_id in results_by_table:
            seats_by_table[table_id].append((position, player_id, session_number))
    fixed = fixed_substitute_result(tournament)
    substitutes = set(Registration.objects.filter(tournament=tournament, substitute=True)
                      .values_list("player_id", flat=True)) if fixed else set()
    rows = {}
    for table_id, results in results_by_table.items():
        game = game_result(tournament.ruleset, options, results)
        for position, player_id, session_number in seats_by_table[table_id]:
            score, table_points, place = game.scores[position], game.table_points[position], game.places[position]
            if player_id in substitutes:  # the substitute's result is fixed; the other three keep theirs
                score, table_points, place = fixed
            rows[(table_id, player_id)] = {
                "session_number": session_number, "seat": position,
                "total": game.totals[position],
                "final_points": int(to_decimal(game.final_points[position], 0)),
                "score": to_decimal(score, 2), "place": place,
                "table_points": to_decimal(table_points, 4), "hands": len(results),
                # exact values for the standings, not stored
                "_score": Fraction(score), "_table_points": Fraction(table_points),
            }
    return rows


def fixed_substitute_result(tournament: Tournament) -> tuple[int, int, int] | None:
    """``(game score, table points, place)`` every substitute's game gets when the tournament's
    ``substitute_scoring`` is "fixed" (EMA riichi practice: score and uma set by rule, by default
    −15,000 and −15 uma, the last place), else None. The balance and final points stay as played."""
    day = tournament.day_options
    if day["substitute_scoring"] != "fixed" or tournament.ruleset not in tournament_options.SUBSTITUTE_FIXED_RULESETS:
        return None
    return day["substitute_score"] + day["substitute_uma"], day["substitute_table_points"], 4


def _sort_key(tally: _Tally, method: str) -> tuple:
    group = (tally.disqualified, tally.games == 0)
    if method == Tournament.StandingMethod.SCORE:
        return (*group, -tally.score, tally.average_place or 0)
    return (*group, -tally.table_points, -tally.score)


def shared_ranks(keys: Iterable) -> list[int]:
    """Ranks of keys already sorted best first; equal keys share the better rank (1, 2, 2, 4)."""
    ranks: list[int] = []
    previous = object()
    for position, key in enumerate(keys, start=1):
        ranks.append(ranks[-1] if key == previous else position)
        previous = key
    return ranks


def _standing_rows(tournament: Tournament, games: dict[tuple, dict],
                   before_session: int | None = None) -> dict[tuple, dict]:
    registrations = Registration.objects.filter(tournament=tournament)
    left_out = set()  # substitutes, when the tournament option leaves their games out of the standings
    if tournament.day_options["substitute_scoring"] == "excluded":
        left_out = set(registrations.filter(substitute=True).values_list("player_id", flat=True))
    tallies = {player_id: _Tally() for player_id in registrations.values_list("player_id", flat=True)
               if player_id not in left_out}
    for (_table_id, player_id), game in games.items():
        if player_id in left_out:
            continue
        tally = tallies.setdefault(player_id, _Tally())
        tally.table_points += game["_table_points"]
        tally.score += game["_score"]
        tally.games += 1
        tally.place_sum += game["place"]
    byes = Bye.objects.filter(tournament=tournament)
    if before_session is not None:
        byes = byes.filter(session_number__lt=before_session)
    day = tournament.day_options
    for player_id in byes.values_list("player_id", flat=True):  # scored by the tournament's bye options
        if player_id not in left_out:
            tally = tallies.setdefault(player_id, _Tally())
            tally.table_points += day["bye_table_points"]
            tally.score += day["bye_score"]
    penalties = TournamentPenalty.objects.filter(tournament=tournament).values_list(
        "player_id", "points", "disqualified")
    for player_id, points, disqualified in penalties:
        tally = tallies.setdefault(player_id, _Tally())
        tally.penalty_points += points
        tally.score -= points
        tally.disqualified = tally.disqualified or disqualified
    method = tournament.effective_standing_method
    ordered = sorted(tallies.items(), key=lambda item: (_sort_key(item[1], method), item[0]))
    ranks = shared_ranks(_sort_key(tally, method) for _player_id, tally in ordered)
    return {
        (player_id,): {
            "rank": rank, "table_points": to_decimal(tally.table_points, 4),
            "score": to_decimal(tally.score, 2), "games": tally.games,
            "average_place": None if tally.average_place is None else to_decimal(tally.average_place, 4),
            "penalty_points": tally.penalty_points, "disqualified": tally.disqualified,
        }
        for (player_id, tally), rank in zip(ordered, ranks, strict=True)
    }


def standings_recompute(*, tournament: Tournament, when_stale: bool = False) -> bool:
    """Rebuild the tournament's GameResult and Standing rows from its hands and penalties; True
    when anything changed. Runs one at a time per tournament (the tournament row is locked; hand
    writes never touch it). With ``when_stale`` it does nothing unless the standings are still
    stale once it holds the lock (a run that finished meanwhile may have covered them). The
    changes it read are marked computed in the transaction that writes the rows, so a run that
    dies leaves them stale for the sweep. A change to a finished tournament of a season queues the
    season's ranking after the commit."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
        # Read before the hands: a change committed after this read counts beyond it.
        state = StandingsState.objects.filter(pk=tournament.pk).values_list("requested", "computed").first()
        seen = state[0] if state else 0
        pending = state is not None and state[0] > state[1]  # hands or penalties changed since the last run
        if when_stale and (state is None or state[0] <= state[1]):
            return False
        games = _game_rows(tournament)
        standings = _standing_rows(tournament, games)
        stored_games = {key: {k: v for k, v in values.items() if not k.startswith("_")}
                        for key, values in games.items()}
        common = {"tournament_id": tournament.pk}
        changed_games = sync_rows(GameResult.objects.filter(**common), ("table_id", "player_id"), stored_games,
                                  common=common)
        changed_standings = sync_rows(Standing.objects.filter(**common), ("player_id",), standings, common=common)
        changed = bool(changed_games or changed_standings)
        if changed and tournament.season_id and tournament.status == Tournament.Status.FINISHED:
            from .rankings import rankings_request

            rankings_request(season_id=tournament.season_id)
        sessions = set(Table.objects.filter(pk__in={table_id for table_id, _player in changed_games})
                       .values_list("session__number", flat=True)) if changed_games else set()
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
