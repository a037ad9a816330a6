"""Reading a table: its seats, its game's current state, running totals and how the game ended."""
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse

from scoring import flow
from scoring.numbers import exact
from scoring.results import game_result, hand_amounts

from ..hand_facts import posted_part
from ..models import Hand, SeatCode, Table, TableConfirmation, TableDispute

# Tournament option ``entry`` "players": a table counts once this many of its players confirmed it
# (or one referee or administrator did) and no dispute about it is open (docs/rules.md).
CONFIRMATIONS_NEEDED = 3


def players_enter(tournament) -> bool:
    """Whether the tournament's players enter their own tables (tournament option ``entry``)."""
    return tournament.day_options["entry"] == "players"


def provisional_tables(tables: QuerySet[Table] | None = None) -> QuerySet[Table]:
    """The tables (of ``tables``, default all) that do not count yet: at a tournament whose players
    enter their own tables, those not confirmed by ``CONFIRMATIONS_NEEDED`` of their players or by a
    referee, and those with an open dispute. Every other table counts as soon as it has hands."""
    tables = Table.objects.all() if tables is None else tables
    by_players = (TableConfirmation.objects.filter(table=OuterRef("pk"), player__isnull=False)
                  .order_by().values("table").annotate(n=Count("pk")).values("n"))
    return (tables.filter(session__tournament__options__entry="players")
            .annotate(_by_players=Coalesce(Subquery(by_players), 0),
                      _by_referee=Exists(TableConfirmation.objects.filter(table=OuterRef("pk"), player__isnull=True)),
                      _disputed=Exists(TableDispute.objects.filter(table=OuterRef("pk"),
                                                                   status=TableDispute.Status.OPEN)))
            .filter(Q(_disputed=True) | Q(_by_referee=False, _by_players__lt=CONFIRMATIONS_NEEDED)))


def provisional_table_ids(tournament, number: int | None = None) -> set[int]:
    """The provisional tables (``provisional_tables``) of ``tournament``, or of its session ``number``."""
    if not players_enter(tournament):
        return set()
    tables = Table.objects.filter(session__tournament=tournament)
    if number is not None:
        tables = tables.filter(session__number=number)
    return set(provisional_tables(tables).values_list("pk", flat=True))


def counted_tables_q(field: str = "table", tables: QuerySet[Table] | None = None) -> Q:
    """A filter on rows that reach a table through ``field`` ("pk" for tables themselves) keeping
    only the tables that count in standings and rankings (not ``provisional_tables``); ``tables``
    narrows the search for provisional ones (a tournament's tables)."""
    return ~Q(**{f"{field}__in": provisional_tables(tables).values("pk")})


def seated_tables(user) -> list[Table]:
    """The tables where the player linked to ``user`` sits at a tournament whose players enter their
    own tables: every open one, and the closed ones they have not confirmed yet (newest first). One
    query for a user who sits at none."""
    if not (user and user.is_authenticated):
        return []
    mine = Exists(TableConfirmation.objects.filter(table=OuterRef("pk"), player__user=user))
    tables = (Table.objects.filter(seats__player__user=user, session__tournament__options__entry="players",
                                   session__tournament__archived_at=None)
              .annotate(_confirmed=mine).filter(Q(closed=False) | Q(_confirmed=False))
              .select_related("session__tournament").order_by("-session__tournament__starts_on", "-session__number"))
    return list(tables)


def open_disputes(tournament) -> list[TableDispute]:
    """The tournament's open disputes, oldest first: what its control room lists."""
    return list(TableDispute.objects.filter(table__session__tournament=tournament, status=TableDispute.Status.OPEN)
                .select_related("table__session", "player").order_by("opened_at", "id"))


@dataclass(frozen=True)
class Confirmation:
    """A table's confirmation state: what ``tables/<id>/`` and the pages show."""

    provisional: bool
    confirmed_by: list[int]  # the players (ids) who confirmed
    by_referee: bool  # a referee or administrator confirmed it
    open_disputes: int


def table_confirmation(table: Table) -> Confirmation:
    """``provisional_tables``' rule for one table (its tournament loaded), from its confirmations
    and disputes (prefetched or not)."""
    confirmations = list(table.confirmations.all())
    players = [c.player_id for c in confirmations if c.player_id is not None]
    by_referee = any(c.player_id is None for c in confirmations)
    entry = players_enter(table.session.tournament)  # elsewhere disputes are never opened: not read
    disputes = sum(1 for d in table.disputes.all() if d.status == TableDispute.Status.OPEN) if entry else 0
    provisional = entry and (disputes > 0 or not (by_referee or len(players) >= CONFIRMATIONS_NEEDED))
    return Confirmation(provisional=provisional, confirmed_by=players, by_referee=by_referee, open_disputes=disputes)


@dataclass(frozen=True)
class TableView:
    table: Table
    players: list  # Player per seat 0..3 in the coming hand's wind round (None for an empty seat)
    dealer: int
    prevailing_wind: str
    riichi_sticks: int
    honba: int
    complete: bool
    totals: list[int]  # the running total of the player at each seat of ``players``
    hands: list[Hand]
    ending: str | None = None  # why the game is complete: scoring.flow.ENDINGS
    next_players: list | None = None  # Player per seat in the next wind round, when the players change seats
    seating: tuple = flow.IDENTITY  # per seat of ``players``: the seat that player took in the first wind round
    hand_seatings: list | None = None  # the same per hand, for the seats of its own wind round
    first_players: list | None = None  # Player per seat in the first wind round
    adjustments: tuple[int, ...] = (0, 0, 0, 0)  # penalties off the final result (EMA chombo), per seat of ``players``

    def hand_players(self, index: int) -> list:
        """The Player at each seat of the hand at ``index`` (its own wind round)."""
        return [self.first_players[p] for p in self.hand_seatings[index]]

    def hand_amounts(self, index: int) -> list[int]:
        """What the hand at ``index`` moved each seat by (scoring.results.hand_amounts, as its preview
        showed) in the order of ``players`` (the coming hand's seats)."""
        by_player = flow.by_player(hand_amounts(self.hands[index].result), self.hand_seatings[index])
        return [by_player[p] for p in self.seating]

    @property
    def final_totals(self) -> list[int]:
        """What each seat stands at with the adjustments: the score sheet's totals."""
        return [t + a for t, a in zip(self.totals, self.adjustments, strict=True)]

    @property
    def seat_winds(self) -> list[str]:
        """Each seat's wind in the coming hand: the dealer is East, then South, West, North."""
        return list(flow.seat_winds(self.dealer))


def hand_seatings(tournament, results: list[dict]) -> list[tuple[int, ...]]:
    """The seating of each of a game's hands (from its results in order): the player (first-round
    seat) at each seat of the hand's own wind round; always the same unless the players change seats."""
    options = tournament.effective_options
    if not options.get("seat_change"):
        return [flow.IDENTITY] * len(results)
    return flow.seatings(tournament.ruleset, options, [result or {} for result in results])


def hand_balances_by_player(result: dict, seating: tuple[int, ...]) -> list[int]:
    """A hand's balances per player (their first-round seat, a Seat's position)."""
    balances = list((result or {}).get("balances") or [0, 0, 0, 0])
    return flow.by_player(balances, seating) if len(balances) == 4 else balances


def player_totals(tournament, results: list[dict]) -> list[int]:
    """Each player's running total (by first-round seat) over a game's hand results in order."""
    totals = [0, 0, 0, 0]
    for result, seating in zip(results, hand_seatings(tournament, results), strict=True):
        for player, amount in enumerate(hand_balances_by_player(result, seating)):
            totals[player] += amount
    return totals


def start_points(tournament) -> int:
    """The points each player starts with in a game played with points on the table (riichi,
    Japanese: the option ``start_points``); 0 in the games counted from zero (the Chinese rulesets)."""
    return tournament.effective_options.get("start_points") or 0


def sticks_note(tournament) -> dict | None:
    """japanese-classic (seed 004 ch. 2): each player receives 27,000 in sticks but counts from the
    30,000 assumed, the 3,000 difference each going to the top at the end (``top_bonus``). The
    pages show the assumed count, so they say by how much it exceeds the sticks; None elsewhere."""
    bonus, start = tournament.effective_options.get("top_bonus") or 0, start_points(tournament)
    if not (bonus and start):
        return None
    return {"start": start, "sticks": start - bonus // 4, "difference": bonus // 4, "bonus": bonus}


def shown_totals(tournament, totals: list[int]) -> list[int]:
    """A game's running totals (sums of the hands' balances, per seat) as every page shows them while
    it is played, the score sheet, the referee's home and the control room alike: with points on the
    table (``start_points``) the points each player holds, the start plus the game so far (the riichi
    deposits a player paid are in it; the sticks still on the table are shown apart and go to the
    top only with the final result); otherwise the totals themselves."""
    start = start_points(tournament)
    return [start + total for total in totals]


def game_complete(tournament, hands: list[Hand]) -> bool:
    """Whether a table's game has ended, from its hands' stored results and records in order (no hand
    settled again): the referee's home then shows no dealer for it."""
    options = tournament.effective_options
    state = flow.initial_state(tournament.ruleset, options)
    for hand in hands:
        state = flow.advance(tournament.ruleset, options, state, hand.result, hand.record)
    return state.complete


def table_players(table: Table) -> list:
    """The Player at each seat in the first wind round (a Seat's position)."""
    players = [None] * 4
    for seat in table.seats.all():
        players[seat.position] = seat.player
    return players


def table_view(*, table: Table) -> TableView:
    tournament = table.session.tournament
    hands = list(table.hands.order_by("number"))
    steps, state = flow.replay(tournament.ruleset, tournament.effective_options,
                               [posted_part(h.record) for h in hands])
    first = table_players(table)
    changing = state.next_seating != state.seating and not state.complete
    adjustments = [0, 0, 0, 0]  # per player (first-round seat), like ``state.totals``
    for hand, step in zip(hands, steps, strict=True):
        for player, amount in enumerate(flow.by_player(hand.result.get("adjustments") or [0, 0, 0, 0], step.seating)):
            adjustments[player] += amount
    return TableView(table=table, players=[first[p] for p in state.seating], dealer=state.dealer,
                     prevailing_wind=state.prevailing_wind, riichi_sticks=state.riichi_sticks, honba=state.honba,
                     complete=state.complete, totals=[state.totals[p] for p in state.seating], hands=hands,
                     ending=state.ending, next_players=[first[p] for p in state.next_seating] if changing else None,
                     seating=state.seating, hand_seatings=[step.seating for step in steps], first_players=first,
                     adjustments=tuple(adjustments[p] for p in state.seating))


@dataclass(frozen=True)
class SummaryRow:
    seat: int
    player: object
    place: int
    final_points: object
    score: object
    uma: object  # None where the ruleset has no uma
    adjustments: int
    table_points: object
    confirmation: object  # the player's TableConfirmation, or None
    # Why the final points differ from the points on the table (a points game; 0 elsewhere): the
    # share of the riichi deposits left on the table, which go to the top, and the top bonus
    # (japanese-classic: the 3,000 each player assumed but never received in sticks).
    points: object = None
    leftover: object = 0
    top_bonus: object = 0
    rounded: bool = False  # japanese-classic: the final count rounded to thousands changed it


def table_summary(*, table: Table, view: TableView) -> list[SummaryRow]:
    """A closed table's final result per seat, best place first: what the four players confirm."""
    tournament = table.session.tournament
    options = tournament.effective_options
    game = game_result(tournament.ruleset, options, [h.result for h in view.hands])
    confirmations = {c.player_id: c for c in table.confirmations.all()}
    rows = []
    start = start_points(tournament)
    firsts = game.places.count(1)
    # The game result is per player (first-round seat); each row shows the seat the player holds now.
    for seat, index in enumerate(view.seating):
        player = view.first_players[index]
        uma = None
        if "uma" in options:  # a game with uma shows it apart
            uma = game.scores[index] - (game.final_points[index] - start) - game.adjustments[index]
        bonus = options.get("top_bonus") or 0
        top_bonus = exact(Fraction(bonus, firsts)) if bonus and game.places[index] == 1 else 0
        points = start + game.totals[index]
        rows.append(SummaryRow(
            points=points if start else None, leftover=game.leftover[index], top_bonus=top_bonus,
            rounded=bool(start) and game.final_points[index] - game.leftover[index] - top_bonus != points,
            seat=seat, player=player, place=game.places[index], final_points=game.final_points[index],
            score=game.scores[index], uma=uma, adjustments=game.adjustments[index],
            table_points=game.table_points[index],
            confirmation=confirmations.get(player.pk) if player else None,
        ))
    return sorted(rows, key=lambda row: (row.place, row.seat))


def sheet_state(*, table: Table) -> dict:
    """What a score sheet open on a phone checks every few seconds (static/league/scoresheet.js):
    the next hand's number, whether the table is closed, and for each stored hand who entered it
    and where it is corrected: ``{"next_number", "closed", "hands": {"<number>": {"by", "edit"}}}``.
    Who entered a hand is named as the table sees people: a player by their public name (also the
    player of a seat code's sign-in), anyone else by their name or user name."""
    hands = list(Hand.objects.filter(table=table).select_related("entered_by__player").order_by("number"))
    seat_players = {code.user_id: code.seat.player for code in SeatCode.objects.filter(
        seat__table=table, user__isnull=False).select_related("seat__player")}

    def by(user) -> str:
        if user is None:
            return ""
        player = getattr(user, "player", None) or seat_players.get(user.pk)
        if player is not None:
            return str(player)
        return user.get_full_name() or user.get_username()

    return {"next_number": len(hands) + 1, "closed": table.closed,
            "hands": {str(hand.number): {"by": by(hand.entered_by),
                                         "edit": reverse("referee-hand-edit", args=[hand.pk])} for hand in hands}}
