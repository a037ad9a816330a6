"""Reads of the tournament day: the session clock, the current session, find-my-table, check-ins,
hidden standings and what the control room and the projector show."""
import datetime
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scoring import flow

from ..collation import shown_name_key, sorted_by_name, text_key
from ..models import (
    WIND_NAMES,
    CheckIn,
    ClockState,
    Hand,
    Player,
    Registration,
    Seat,
    Session,
    Standing,
    Table,
    Tournament,
    Withdrawal,
)
from ..permissions import can_referee, directs
from .addresses import player_address
from .standings import fixed_substitute_result, game_rows, standing_rows, standings_in_order
from .tables import player_totals, provisional_table_ids, shown_totals

START_WINDS = flow.seat_winds(0)  # seat 0 is East at the start of a session


# ---- the clock ----

def clock_reading(*, session: Session | None, tournament: Tournament, table: Table | None = None,
                  now: datetime.datetime | None = None) -> dict:
    """``{"state", "duration_s", "remaining_s", "ends_at"}`` of a session's clock, for one table
    when given (with its extra time). Time run out reads as ``ended``, and so does a clock with
    nothing left to time: the table's game closed, every table of the session closed, or the
    tournament finished (a clock left running would go on counting on the projector)."""
    now = now or timezone.now()
    default = tournament.day_options["session_minutes"] * 60
    if session is None or session.clock_state == ClockState.IDLE:
        return {"state": ClockState.IDLE.value, "duration_s": default, "remaining_s": default, "ends_at": None}
    extra = table.clock_extra_s if table is not None else 0
    state, ends_at, remaining = session.clock_state, None, 0
    if state != ClockState.ENDED and _nothing_to_time(session, tournament, table):
        state = ClockState.ENDED
    elif state == ClockState.RUNNING:
        ends_at = session.clock_ends_at + datetime.timedelta(seconds=extra)
        remaining = max(0, round((ends_at - now).total_seconds()))
        if remaining == 0:
            state = ClockState.ENDED
    elif state == ClockState.PAUSED:
        remaining = (session.clock_remaining_s or 0) + extra
    else:
        ends_at = session.clock_ends_at
    return {"state": str(state), "duration_s": (session.clock_duration_s or 0) + extra, "remaining_s": remaining,
            "ends_at": ends_at.isoformat() if ends_at else None}


def _nothing_to_time(session: Session, tournament: Tournament, table: Table | None) -> bool:
    if tournament.status == Tournament.Status.FINISHED:
        return True
    if table is not None:
        return table.closed
    tables = Table.objects.filter(session=session)
    return tables.exists() and not tables.filter(closed=False).exists()


def table_clock(table: Table) -> dict:
    """The clock as one table sees it (with its extra time)."""
    return clock_reading(session=table.session, tournament=table.session.tournament, table=table)


def table_remaining_s(table: Table) -> int | None:
    """The table's remaining time while its session's clock is set and its game open, else None."""
    if table.session.clock_state == ClockState.IDLE or table.closed:
        return None
    return table_clock(table)["remaining_s"]


# ---- the current session ----

def current_session_number(tournament: Tournament) -> int | None:
    """The session being played or about to be: the first drawn one with a table still open (or
    without hands); when every drawn session is over, the last drawn one. None before any draw."""
    rows = (Table.objects.filter(session__tournament=tournament).values("session__number")
            .annotate(open=Count("id", filter=~Q(closed=True)), hands=Count("hands")).order_by("session__number"))
    last = None
    for row in rows:
        last = row["session__number"]
        if row["open"] or not row["hands"]:
            return last
    return last


# ---- find my table ----

def unaccented(text: str) -> str:
    """Lower case without accents, for finding names typed on any keyboard ("muller" finds "Müller").

    Not ``league.services.imports.fold``, which keeps the accents: there it decides whether two
    written names are the same name, and "Müller" and "Muller" may be two people; here a search
    should rather show one table too many than miss someone."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def shown_sort_key(player: Player) -> tuple:
    """Sorts players by their shown name in Python (league.collation)."""
    return shown_name_key(player)


def _parts(name: str) -> list[str]:
    return [p for p in unaccented(name).replace("-", " ").replace("'", " ").split() if p]


def name_matches(query: str, name: str) -> bool:
    """Every word of ``query`` is the start of some part of ``name`` (ignoring case and accents)."""
    words = _parts(query)
    parts = _parts(name)
    return bool(words) and all(any(part.startswith(word) for part in parts) for word in words)


def find_seats(*, tournament: Tournament, query: str, limit: int = 50) -> list[dict]:
    """``[{"player", "player_name", "session", "table", "wind", "tablemates", "url"}]`` of the players
    whose name matches ``query``, for the current session and the next one if drawn; by name, then
    session. ``tablemates``: the other three at the table (``{"player_name", "wind"}`` in seat
    order); ``url``: the table on the session's page."""
    current = current_session_number(tournament)
    if current is None or not _parts(query):
        return []
    seats = list(Seat.objects.filter(session__tournament=tournament, session__number__in=[current, current + 1])
                 .select_related("player", "table", "session").order_by("position"))
    at_table = defaultdict(list)
    for seat in seats:
        at_table[seat.table_id].append(seat)
    found = [
        {"player": seat.player_id, "player_name": seat.player.name, "session": seat.session.number,
         "table": seat.table.number, "wind": START_WINDS[seat.position],
         "tablemates": [{"player_name": other.player.name, "wind": START_WINDS[other.position]}
                        for other in at_table[seat.table_id] if other.pk != seat.pk],
         "url": reverse("tournament-session", args=[tournament.slug, seat.session.number])
         + f"#table-{seat.table.number}"}
        for seat in seats if name_matches(query, seat.player.name)
    ]
    found.sort(key=lambda row: (text_key(row["player_name"]), row["player"], row["session"]))
    return found[:limit]


def player_next_seats(*, player: Player, tournaments) -> list[dict]:
    """For the player's running tournaments: table and wind in the current and next session."""
    out = []
    running = tournaments.filter(status=Tournament.Status.RUNNING, registrations__player=player).distinct()
    for tournament in running:
        current = current_session_number(tournament)
        if current is None:
            continue
        for seat in (Seat.objects.filter(session__tournament=tournament, player=player,
                                         session__number__in=[current, current + 1])
                     .select_related("table", "session").order_by("session__number")):
            out.append({"tournament": tournament, "session": seat.session.number, "table": seat.table.number,
                        "wind": START_WINDS[seat.position]})
    return out


# ---- hidden standings ----

def standings_hidden_from(tournament: Tournament) -> int | None:
    """The first session whose results are hidden from the public, or None."""
    hidden = tournament.day_options["hide_standings_from_session"]
    if hidden is None or tournament.standings_revealed_at is not None:
        return None
    return hidden


def hides_for(user, tournament: Tournament) -> int | None:
    """As above for this visitor: those who direct the tournament always see everything."""
    return None if directs(user, tournament) else standings_hidden_from(tournament)


def table_hidden_for(user, table: Table) -> bool:
    """A table of a hidden session, seen by someone who neither directs nor referees the tournament:
    its hands and totals wait for the reveal like the standings."""
    tournament = table.session.tournament
    hidden = hides_for(user, tournament)
    return hidden is not None and table.session.number >= hidden and not can_referee(user, tournament.pk)


def standings_before(*, tournament: Tournament, session_number: int) -> list[Standing]:
    """The standings as they stood before session ``session_number`` (unsaved rows, best first),
    computed like the stored ones from the games of the earlier sessions."""
    games = {key: row for key, row in game_rows(tournament).items() if row["session_number"] < session_number}
    rows = standing_rows(tournament, games, before_session=session_number)
    players = Player.objects.select_related("club").in_bulk([key[0] for key in rows])
    standings = [Standing(tournament=tournament, player=players[key[0]], **values) for key, values in rows.items()]
    return standings_in_order(standings)


@dataclass
class SessionsIn:
    complete: list[int] = field(default_factory=list)   # every table closed
    running: list[int] = field(default_factory=list)    # hands entered, a table still open
    hidden_from: int | None = None


def sessions_in(tournament: Tournament, hidden_from: int | None = None) -> SessionsIn:
    """Which sessions the standings contain, for the line above them: complete, those whose every
    table is closed and counts; still provisional, those with hands and an open table or one that
    does not count yet (where the players enter their tables: not confirmed, or disputed)."""
    out = SessionsIn(hidden_from=hidden_from)
    provisional = provisional_table_ids(tournament)
    sessions: dict[int, tuple[bool, bool]] = {}  # number → (any hands, all closed and counting)
    tables = (Table.objects.filter(session__tournament=tournament).annotate(hand_count=Count("hands"))
              .values_list("pk", "session__number", "closed", "hand_count"))
    for pk, number, closed, hands in tables:
        played, final = sessions.get(number, (False, True))
        sessions[number] = (played or hands > 0, final and closed and pk not in provisional)
    for number, (played, final) in sorted(sessions.items()):
        if not played or (hidden_from is not None and number >= hidden_from):
            continue
        (out.complete if final else out.running).append(number)
    return out


# ---- the control room ----

def checked_in_ids(tournament: Tournament) -> list[int]:
    return sorted(CheckIn.objects.filter(tournament=tournament).values_list("player_id", flat=True))


@dataclass
class Entrant:
    player: Player
    substitute: bool
    checked_in: bool
    withdrawn_from: int | None
    withdrawn_until: int | None = None  # out only up to this session (None: for the rest)

    def out_in(self, number: int) -> bool:
        return bool(self.withdrawn_from) and self.withdrawn_from <= number and (
            self.withdrawn_until is None or number <= self.withdrawn_until)

    @property
    def withdrawn_for_good(self) -> bool:
        return bool(self.withdrawn_from) and self.withdrawn_until is None


def entrants(tournament: Tournament) -> list[Entrant]:
    """The registered players by name, with check-in, substitute and withdrawal."""
    checked = set(checked_in_ids(tournament))
    withdrawn = {player_id: (first, until) for player_id, first, until in Withdrawal.objects.filter(
        tournament=tournament).values_list("player_id", "from_session", "until_session")}
    registrations = sorted_by_name(Registration.objects.filter(tournament=tournament).select_related("player"),
                                   lambda registration: registration.player)  # league.collation
    return [Entrant(r.player, r.substitute, r.player_id in checked, *withdrawn.get(r.player_id, (None, None)))
            for r in registrations]


@dataclass
class ControlTable:
    table: Table
    seats: list  # (wind letter in the hand being played, Player) in seat order
    hands: int
    last_activity: datetime.datetime | None
    totals: list[int]  # per seat as the score sheet shows them (selectors.tables.shown_totals)
    remaining_s: int | None
    provisional: bool = False  # a players' table not yet confirmed, or disputed (selectors.tables)


def session_tables(tournament: Tournament, number: int) -> list[ControlTable]:
    """A session's tables with seats (the winds of the hand being played, ``winds_in_play``), hands
    entered, last activity and totals (``shown_totals``), as the score sheet shows them."""
    hands = Hand.objects.only("id", "table_id", "result", "updated_at").order_by("number")
    tables = (Table.objects.filter(session__tournament=tournament, session__number=number)
              .select_related("session__tournament").order_by("number")
              .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
                                Prefetch("hands", queryset=hands)))
    provisional = provisional_table_ids(tournament, number)
    tables = list(tables)
    dealers = current_dealers(tables)
    out = []
    for table in tables:
        table_hands = list(table.hands.all())
        totals = shown_totals(tournament, player_totals(tournament, [hand.result for hand in table_hands]))
        last = max((h.updated_at for h in table_hands), default=None)
        winds = winds_in_play(dealers, table)
        out.append(ControlTable(table, [(winds[s.position], s.player) for s in table.seats.all()],
                                len(table_hands), last, totals, table_remaining_s(table),
                                table.pk in provisional))
    return out


def alphabetical_seats(tournament: Tournament, number: int) -> list[dict]:
    """Who sits where in a session, by name: ``{"player", "table", "wind"}``."""
    seats = (Seat.objects.filter(session__tournament=tournament, session__number=number)
             .select_related("player", "table"))
    rows = [{"player": s.player, "table": s.table.number, "wind": START_WINDS[s.position]} for s in seats]
    rows.sort(key=lambda r: shown_sort_key(r["player"]))
    return rows


def session_or_none(tournament: Tournament, number: int | None) -> Session | None:
    if number is None:
        return None
    return Session.objects.filter(tournament=tournament, number=number).first()


def seats_by_table(tournament: Tournament, number: int) -> dict[int, list]:
    out = defaultdict(list)
    for seat in Seat.objects.filter(session__tournament=tournament, session__number=number).select_related("player"):
        out[seat.table_id].append(seat)
    return out


# ---- seats as people read them: winds, the dealer, substitutes ----

@dataclass
class SeatLine:
    wind: str            # E, S, W, N at the start of the session
    player: Player
    dealer: bool         # deals the current hand (East in it)
    substitute: bool
    substitute_label: str = ""  # "substitute", with how the game counts (substitute_rule)
    wind_now: str = ""   # E, S, W, N in the hand being played, as the score sheet shows it
    url: str = ""  # the player's page

    @property
    def wind_name(self) -> str:
        return str(WIND_NAMES[self.wind])

    @property
    def wind_now_name(self) -> str:
        return str(WIND_NAMES[self.wind_now or self.wind])


@dataclass(frozen=True)
class SubstituteRule:
    """How a substitute's games count under the tournament's ``substitute_scoring``: the label next to
    a substitute's name wherever a table is listed, and a sentence for standings and session pages."""
    mode: str    # counted, excluded or fixed
    label: str
    sentence: str


def substitute_rule(tournament: Tournament) -> SubstituteRule:
    mode = tournament.day_options["substitute_scoring"]
    if mode == "excluded":
        return SubstituteRule(mode, _("substitute, not in the standings"),
                              _("Substitutes' games do not count in the standings."))
    fixed = fixed_substitute_result(tournament)
    if fixed is not None:
        score, table_points, _place = fixed
        return SubstituteRule("fixed", _("substitute, fixed result"), _(
            "A substitute's game counts with a fixed result (score %(score)s, table points %(points)s); "
            "the other players keep theirs.") % {"score": number_format(score, force_grouping=True),
                                                   "points": table_points})
    return SubstituteRule("counted", _("substitute"), _("Substitutes' games count in the standings like anyone's."))


def substitute_ids(tournament: Tournament) -> set[int]:
    """The players registered as substitutes (walk-ins among them), marked wherever results are listed."""
    return set(Registration.objects.filter(tournament=tournament, substitute=True).values_list("player_id", flat=True))


def current_dealers(tables: list[Table]) -> dict[int, int]:
    """The seat dealing the next hand at each open table, from its last hand (dealer and whether
    the deal stays); one query."""
    open_ids = [t.pk for t in tables if not t.closed]
    dealers = {pk: 0 for pk in open_ids}
    hands = (Hand.objects.filter(table_id__in=open_ids).order_by("table_id", "number")
             .values_list("table_id", "dealer", "result__dealer_repeats"))
    for table_id, dealer, repeats in hands:
        dealers[table_id] = dealer if repeats else (dealer + 1) % 4
    return dealers


def winds_in_play(dealers: dict[int, int], table: Table) -> tuple[str, ...]:
    """Each seat's wind (E, S, W, N by seat position) in the hand being played at ``table``, from
    ``current_dealers``: the dealer is East. A closed table, or one without hands, reads its start
    winds. Every page that lists a table's seats names them by these (the score sheet, the session
    page, the referee's home, the control room)."""
    return flow.seat_winds(dealers.get(table.pk, 0))


def seat_lines(tournament: Tournament, tables: list[Table]) -> dict[int, list[SeatLine]]:
    """Per table id its seats in order (seats prefetched with their players)."""
    return seat_lines_of({tournament: tables})


def seat_lines_of(tables_by_tournament: dict[Tournament, list[Table]]) -> dict[int, list[SeatLine]]:
    """``seat_lines`` for the tables of several tournaments in two queries (the referee's home)."""
    substitutes = set(Registration.objects.filter(tournament__in=list(tables_by_tournament), substitute=True)
                      .values_list("tournament_id", "player_id"))
    dealers = current_dealers([table for tables in tables_by_tournament.values() for table in tables])
    address = player_address()
    lines = {}
    for tournament, tables in tables_by_tournament.items():
        label = substitute_rule(tournament).label
        for table in tables:
            winds = winds_in_play(dealers, table)
            lines[table.pk] = [
                SeatLine(START_WINDS[seat.position], seat.player, dealers.get(table.pk) == seat.position,
                         (tournament.pk, seat.player_id) in substitutes,
                         label if (tournament.pk, seat.player_id) in substitutes else "",
                         wind_now=winds[seat.position], url=address.format(seat.player_id))
                for seat in table.seats.all()]
    return lines
