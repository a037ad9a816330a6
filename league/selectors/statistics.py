"""Statistics computed from the stored hands (and penalties): per player in a tournament, per
player over the tournaments a visitor may see, and a tournament's records.

A row (docs/api.md): ``player``, ``hands`` (hands at the player's tables), ``wins``, ``self_draws``,
``dealt_in`` (discarded the winning tile), ``penalties`` (penalties in hands naming the player plus
tournament penalties), ``dead_hands``, ``highest_hand`` (the most the player received in one hand
won, or null), ``limit_hands`` and ``average_place`` (over their table games). Hands are read once,
as plain values, in the order played. ``self_draws`` and ``dealt_in`` are null where no counted hand
comes from a ruleset that records how a hand was won (the classical sheet records neither): unknown,
never a 0 that would read as "never".

Only the hands that count in the standings are counted: where the players enter their own tables, a
table not yet confirmed, or with an open dispute, waits (``counted_tables_q``), as in the standings.

A tournament whose ruleset records a won hand's scoring elements (MCR: ``elements``, valued from the
tiles) has two records more: ``elements``, each element named in its hands with the number of
won hands it counted in, most frequent first, and ``highest_hands``, its highest-valued hands
(the record's ``points``) with their elements.

Sessions whose standings are hidden until the reveal (tournament option
``hide_standings_from_session``) are left out, tables, game results and tournament penalties alike, in one way for both
(``_without_hidden``): the caller says from which session on, per tournament.
"""
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from decimal import Decimal
from itertools import groupby
from operator import itemgetter

from django.db.models import Avg, Count, Q, QuerySet
from django.utils.translation import gettext

from scoring import rulesets
from scoring.flow import IDENTITY
from scoring.mcr_elements import POINTS as ELEMENT_POINTS

from .. import hand_facts
from ..collation import text_key
from ..models import GameResult, Hand, Player, Seat, Table, Tournament, TournamentPenalty, shown_name
from .day import hides_for
from .tables import counted_tables_q, hand_seatings

CHUNK = 2000
HIGHEST_HANDS = 5  # the highest-valued hands a tournament's records list


@dataclass
class StatRow:
    player: int
    player_name: str = ""
    hands: int = 0
    wins: int = 0
    self_draws: int | None = 0
    dealt_in: int | None = 0
    penalties: int = 0
    dead_hands: int = 0
    highest_hand: int | None = None
    limit_hands: int = 0
    average_place: Decimal | None = None

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class Biggest:
    points: int = 0
    player: int | None = None
    hand: int | None = None
    session: int | None = None
    table: int | None = None


def _count_hand(rows: dict[int, StatRow], players: list[int | None], record: dict, result: dict,
                only: int | None = None) -> tuple[int, int] | None:
    """Add one hand to the rows of the players seated (``only``: just that player). Returns the
    (seat, amount) of the largest win in the hand, for the records."""
    balances = (result or {}).get("balances") or [0, 0, 0, 0]
    winners = hand_facts.winners(record)
    discarder = hand_facts.discarder(record)
    penalties = hand_facts.penalties(record)
    best = None
    for seat, player in enumerate(players):
        if player is None or (only is not None and player != only):
            continue
        row = rows[player]
        row.hands += 1
        if seat in winners:
            row.wins += 1
            row.self_draws += hand_facts.self_drawn(record)
            row.limit_hands += hand_facts.limit_hand(record)
            amount = balances[seat] if seat < len(balances) else 0
            if row.highest_hand is None or amount > row.highest_hand:
                row.highest_hand = amount
            if best is None or amount > best[1]:
                best = (seat, amount)
        if seat == discarder:
            row.dealt_in += 1
        for kind, offender in penalties:
            if offender == seat:
                row.penalties += 1
                row.dead_hands += kind == "dead_hand"
    return best


def _seats(tables: QuerySet) -> dict[int, list[int | None]]:
    seats: dict[int, list[int | None]] = defaultdict(lambda: [None, None, None, None])
    for table_id, position, player_id in Seat.objects.filter(table__in=tables).values_list(
            "table_id", "position", "player_id"):
        seats[table_id][position] = player_id
    return seats


def _seated(hands, tables: QuerySet, seats: dict[int, list[int | None]]):
    """``(row, players)`` per hand row (table id second in the row, result last), ``players`` naming
    the player at each seat of the hand's own wind round; the rows in the order played per table."""
    tournaments = {t.pk: t for t in Tournament.objects.filter(pk__in=tables.values("session__tournament_id"))}
    changing = {pk for pk, t in tournaments.items() if t.effective_options.get("seat_change")}
    if not changing:
        for row in hands.iterator(chunk_size=CHUNK):
            yield row, seats[row[1]]
        return
    tournament_of = dict(tables.values_list("pk", "session__tournament_id"))
    for table_id, rows in groupby(hands.iterator(chunk_size=CHUNK), key=itemgetter(1)):
        rows = list(rows)
        players = seats[table_id]
        tournament = tournaments[tournament_of[table_id]]
        seatings = (hand_seatings(tournament, [row[-1] for row in rows]) if tournament.pk in changing
                    else [IDENTITY] * len(rows))
        for row, seating in zip(rows, seatings, strict=True):
            yield row, [players[p] for p in seating]


def _names(rows: dict[int, StatRow]) -> None:
    for player_id, first, last, public_name in Player.objects.filter(pk__in=list(rows)).values_list(
            "pk", "first_name", "last_name", "public_name"):
        rows[player_id].player_name = shown_name(first, last, public_name)


def _unknown_win_types(rows, rulesets: set[str]) -> None:
    """Mark self-draws and hands dealt in unknown (None) in ``rows`` when none of the ``rulesets``
    their hands come from records how a hand was won."""
    if not any(hand_facts.records_win_type(ruleset) for ruleset in rulesets):
        for row in rows:
            row.self_draws = row.dealt_in = None


def _without_hidden(tables: QuerySet[Table], results: QuerySet[GameResult], penalties: QuerySet[TournamentPenalty],
                    hidden: dict[int, int]) -> tuple[QuerySet, QuerySet, QuerySet]:
    """``tables`` that count (not provisional), game ``results`` and tournament ``penalties``, without
    the hidden sessions: ``hidden`` maps a tournament id to its first hidden session."""
    tables = tables.filter(counted_tables_q("pk", tables))
    if not hidden:
        return tables, results, penalties
    hidden_tables, hidden_results = Q(), Q()
    for tournament_id, number in hidden.items():
        hidden_tables |= Q(session__tournament_id=tournament_id, session__number__gte=number)
        hidden_results |= Q(tournament_id=tournament_id, session_number__gte=number)
    return tables.exclude(hidden_tables), results.exclude(hidden_results), penalties.exclude(hidden_results)


def tournament_statistics(*, tournament: Tournament, before_session: int | None = None) -> dict:
    """``{"players": [rows, most wins first], "records": {...}}`` of the tournament; with
    ``before_session`` only of the sessions before it (standings hidden from it on)."""
    rows: dict[int, StatRow] = {}
    tables, results, penalties = _without_hidden(
        Table.objects.filter(session__tournament=tournament), GameResult.objects.filter(tournament=tournament),
        TournamentPenalty.objects.filter(tournament=tournament),
        {} if before_session is None else {tournament.pk: before_session})
    seats = _seats(tables)
    for players in seats.values():
        for player in players:
            if player is not None:
                rows.setdefault(player, StatRow(player))
    biggest = Biggest()
    module = rulesets.get(tournament.ruleset)
    elements = Elements() if module is not None and "elements" in module.FIELDS else None
    hands = (Hand.objects.filter(table__in=tables).order_by("table__session__number", "table__number", "number")
             .values_list("pk", "table_id", "table__session__number", "table__number", "record", "result"))
    for (pk, _table_id, session, table, record, result), players in _seated(hands, tables, seats):
        best = _count_hand(rows, players, record or {}, result or {})
        if best is not None and best[1] > biggest.points:
            biggest = Biggest(best[1], players[best[0]], pk, session, table)
        if elements is not None:
            elements.add(record or {}, players, hand=pk, session=session, table=table)
    for player_id, count in (penalties.values("player_id")
                             .annotate(n=Count("id")).values_list("player_id", "n")):
        rows.setdefault(player_id, StatRow(player_id)).penalties += count
    for player_id, average in (results.values("player_id")
                               .annotate(avg=Avg("place")).values_list("player_id", "avg")):
        if player_id in rows and average is not None:
            rows[player_id].average_place = Decimal(str(average)).quantize(Decimal("0.01"))
    _names(rows)
    _unknown_win_types(rows.values(), {tournament.ruleset})
    ordered = sorted(rows.values(), key=lambda r: (-r.wins, -(r.self_draws or 0), text_key(r.player_name), r.player))
    records = _records(ordered, biggest, rows)
    if elements is not None:
        records.update(elements.records(rows))
    return {"players": ordered, "records": records}


class Elements:
    """The scoring elements of a tournament's won hands (records that name them) and its highest
    hands, for the records."""

    def __init__(self) -> None:
        self.hands: Counter[str] = Counter()
        self.highest: list[tuple] = []

    def add(self, record: dict, players: list[int | None], *, hand: int, session: int, table: int) -> None:
        winners = hand_facts.winners(record)
        points = record.get("points")
        if not winners or type(points) is not int or players[winners[0]] is None:
            return
        named = [e["name"] for e in record.get("elements") or () if isinstance(e, dict) and e.get("name")]
        self.hands.update(set(named))
        self.highest.append((-points, session, table, hand, players[winners[0]], named))

    def records(self, rows: dict[int, StatRow]) -> dict:
        frequent = sorted(self.hands.items(), key=lambda item: (-item[1], -ELEMENT_POINTS.get(item[0], 0), item[0]))
        return {
            "elements": [{"name": gettext(name), "points": ELEMENT_POINTS.get(name), "hands": count}
                         for name, count in frequent],
            "highest_hands": [
                {"player": player, "player_name": rows[player].player_name, "points": -points, "hand": hand,
                 "session": session, "table": table, "elements": [gettext(name) for name in named]}
                for points, session, table, hand, player, named in sorted(self.highest)[:HIGHEST_HANDS]],
        }


def _records(ordered: list[StatRow], biggest: Biggest, rows: dict[int, StatRow]) -> dict:
    def most(field: str) -> dict | None:
        top = max(ordered, key=lambda r: (getattr(r, field) or 0, -r.player), default=None)
        if top is None or not getattr(top, field):
            return None
        return {"player": top.player, "player_name": top.player_name, "count": getattr(top, field)}

    return {
        "biggest_hand": None if biggest.player is None else {
            "player": biggest.player, "player_name": rows[biggest.player].player_name, "points": biggest.points,
            "hand": biggest.hand, "session": biggest.session, "table": biggest.table},
        "most_wins": most("wins"),
        "most_self_draws": most("self_draws"),
        "most_limit_hands": most("limit_hands"),
        # only where some hand names a discarder: the classical sheet records none, and "0" would be no record
        "fewest_dealt_in": None if not any(r.dealt_in for r in ordered) else min(
            ({"player": r.player, "player_name": r.player_name, "count": r.dealt_in} for r in ordered if r.hands),
            key=lambda e: (e["count"], e["player"]), default=None),
    }


def player_statistics(*, player: Player, tournaments: QuerySet[Tournament], user) -> StatRow:
    """The player's row over their tables in ``tournaments`` (pass the ones ``user`` may see),
    without the sessions whose standings are hidden from ``user``."""
    rows = {player.pk: StatRow(player.pk, player.name)}
    played = tournaments.filter(pk__in=Seat.objects.filter(player=player).values("table__session__tournament_id"))
    played = list(played.only("id", "options", "standings_revealed_at", "ruleset"))
    hidden = {t.pk: number for t in played if (number := hides_for(user, t)) is not None}
    tables, results, penalties = _without_hidden(
        Table.objects.filter(session__tournament__in=tournaments, seats__player=player),
        GameResult.objects.filter(player=player, tournament__in=tournaments),
        TournamentPenalty.objects.filter(player=player, tournament__in=tournaments), hidden)
    seats = _seats(tables)
    hands = (Hand.objects.filter(table__in=tables).order_by("table_id", "number")
             .values_list("pk", "table_id", "record", "result"))
    for (_pk, _table_id, record, result), players in _seated(hands, tables, seats):
        _count_hand(rows, players, record or {}, result or {}, only=player.pk)
    row = rows[player.pk]
    _unknown_win_types([row], {t.ruleset for t in played})
    row.penalties += penalties.count()
    average = results.aggregate(avg=Avg("place"))["avg"]
    row.average_place = None if average is None else Decimal(str(average)).quantize(Decimal("0.01"))
    return row
