"""Tournament standings: materialised from the tables' game results, recomputed in the background.

A change asks for a recomputation (``standings_request``); the task claims the request with a
conditional UPDATE, so a burst of changes costs one recomputation and running it twice changes
nothing.

``standings_recompute`` rebuilds two kinds of rows from the hands (SCORING.md section 7):

* one ``GameResult`` per seated player of every table with hands, from
  ``scoring.results.game_result`` over the hands' stored results in hand order, with the
  tournament's ruleset and its effective options (table points among them);
* one ``Standing`` per player who is registered, has played or has been penalised.

Ordering of the standings, best first:

1. players who are not disqualified, then disqualified players (they always rank last);
2. within each, players with games before registered players who have not played yet;
3. by the tournament's standing method: ``table_points`` – sum of table points, then sum of game
   scores; ``score`` – sum of game scores, then average place (lower is better).

Tournament penalty points are subtracted from the score sum. Players equal on every key share the
rank (1, 2, 2, 4). Sums are exact (``Fraction``) until they are stored.

Rows are compared with what is stored and only the differences are written (bulk create, bulk
update, delete), all in one transaction with the tournament row locked: running it twice writes
nothing the second time, and ids of unchanged rows stay.
"""
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.db import models, transaction

from scoring.results import game_result

from ..cache import pages_changed
from ..models import GameResult, Hand, Registration, Seat, Standing, Tournament, TournamentPenalty

_CHUNK = 500


def standings_request(*, tournament_id: int) -> None:
    """Mark the tournament's standings stale and queue their recomputation after the commit."""
    from ..tasks import standings_recompute_task

    Tournament.objects.filter(pk=tournament_id, standings_dirty=False).update(standings_dirty=True)
    pages_changed(tournament_id=tournament_id)  # the pages show the tables' state too (closed, hands)
    transaction.on_commit(lambda: standings_recompute_task.delay(tournament_id))


def standings_claim(*, tournament_id: int) -> bool:
    """Take the pending request; False when another run already took it."""
    claimed = Tournament.objects.filter(pk=tournament_id, standings_dirty=True).update(standings_dirty=False)
    return bool(claimed)




def to_decimal(value, places: int) -> Decimal:
    """An exact number (int, Fraction, Decimal) rounded half up to ``places`` decimals."""
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def sync_rows(queryset: models.QuerySet, key_fields: tuple[str, ...], rows: dict[tuple, dict], *,
              common: dict) -> bool:
    """Make the rows of ``queryset`` equal ``rows`` (key → field values): create the missing (with
    the ``common`` values that select the queryset, such as its tournament), update the changed
    fields of the rest, delete the ones no longer wanted. True when anything was written."""
    model = queryset.model
    existing = {tuple(getattr(obj, name) for name in key_fields): obj for obj in queryset}
    created, updated, changed_fields = [], [], set()
    for key, values in rows.items():
        obj = existing.pop(key, None)
        if obj is None:
            created.append(model(**common, **dict(zip(key_fields, key, strict=True)), **values))
            continue
        changed = [name for name, value in values.items() if getattr(obj, name) != value]
        if changed:
            for name in changed:
                setattr(obj, name, values[name])
            updated.append(obj)
            changed_fields.update(changed)
    stale = [obj.pk for obj in existing.values()]
    for start in range(0, len(stale), _CHUNK):
        model.objects.filter(pk__in=stale[start:start + _CHUNK]).delete()
    if updated:
        model.objects.bulk_update(updated, sorted(changed_fields), batch_size=_CHUNK)
    if created:
        model.objects.bulk_create(created, batch_size=_CHUNK)
    return bool(created or updated or stale)


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
    rows = {}
    for table_id, results in results_by_table.items():
        game = game_result(tournament.ruleset, options, results)
        for position, player_id, session_number in seats_by_table[table_id]:
            rows[(table_id, player_id)] = {
                "session_number": session_number, "seat": position,
                "total": game.totals[position],
                "final_points": int(to_decimal(game.final_points[position], 0)),
                "score": to_decimal(game.scores[position], 2), "place": game.places[position],
                "table_points": to_decimal(game.table_points[position], 4), "hands": len(results),
                # exact values for the standings, not stored
                "_score": Fraction(game.scores[position]), "_table_points": game.table_points[position],
            }
    return rows


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


def _standing_rows(tournament: Tournament, games: dict[tuple, dict]) -> dict[tuple, dict]:
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


def standings_recompute(*, tournament: Tournament) -> bool:
    """Rebuild the tournament's GameResult and Standing rows from its hands and penalties; True
    when anything changed. A change to a finished tournament of a season queues the season's
    ranking after the commit."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
        games = _game_rows(tournament)
        standings = _standing_rows(tournament, games)
        stored_games = {key: {k: v for k, v in values.items() if not k.startswith("_")}
                        for key, values in games.items()}
        common = {"tournament_id": tournament.pk}
        changed = sync_rows(GameResult.objects.filter(**common), ("table_id", "player_id"), stored_games,
                            common=common)
        changed = sync_rows(Standing.objects.filter(**common), ("player_id",), standings,
                            common=common) or changed
        if changed and tournament.season_id and tournament.status == Tournament.Status.FINISHED:
            from .rankings import rankings_request

            rankings_request(season_id=tournament.season_id)
    if changed:
        pages_changed(tournament_id=tournament.pk)
    return changed
