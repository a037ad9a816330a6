"""Seating a director brings: a plan made elsewhere (an .xlsx or .csv with a row per seat: session,
table, wind, player; one session or all) read, checked like a draw and stored, and two players of
a drawn session swapped before its first hand.

A plan is checked as a draw is made: every table has four players, one in each wind; a player sits
once a session; everyone seated is registered and not withdrawn from that session (nor sitting it
out with a bye); a session is seated only while the draw could be (``session_open_to_seating``).
Its quality report is the draw's (repeat meetings, winds, club and team clashes), so a director
sees what the plan costs before storing it. Players are named in the plan by their id, their EMA
number or their name as people write it ("Jan de Vries", "de Vries, Jan", or first and last name in
columns of their own), matched against the tournament's registrations only, as league.matching
compares names (case, accents and the order of the words ignored); a name that two registered
players share must be told apart by id or EMA number.
"""
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from .. import seating
from ..cache import pages_changed
from ..errors import Conflict, ServiceError
from ..matching import name_key, words
from ..models import (
    AuditEntry,
    Bye,
    Player,
    Registration,
    Seat,
    SeatCode,
    Session,
    Table,
    Tournament,
    Withdrawal,
    withdrawn_in,
)
from ..seating.errors import TABLE_SIZE
from .audit import audit_record
from .imports import _text, upload_rows
from .seating import (
    seating_clashes,
    seating_groups,
    seating_schedule,
    session_open_to_seating,
    session_tables_store,
)

IMPORTED = "imported"
# Headings as directors write them (compared as ``_compact`` reads them).
HEADINGS = {
    "session": {"session", "sessions", "round", "runde", "durchgang", "sitzung", "spielrunde", "hanchan"},
    "table": {"table", "tablenumber", "tisch", "tischnummer", "tischnr", "tableno", "tafel"},
    "wind": {"wind", "seat", "sitz", "sitzplatz", "seatwind"},
    "player": {"player", "spieler", "spielerin", "name", "playername"},
    "first_name": {"firstname", "vorname", "givenname"},
    "last_name": {"lastname", "nachname", "surname", "familyname", "familienname"},
    "ema_id": {"ema", "emaid", "emanumber", "emanummer", "emanr"},
    "player_id": {"id", "playerid", "spielerid", "spielernummer"},
}
# Winds in English and German, as letters or words: the seat's wind at the session's start.
WINDS = {"e": 0, "east": 0, "o": 0, "ost": 0, "osten": 0,
         "s": 1, "south": 1, "sud": 1, "suden": 1,
         "w": 2, "west": 2, "westen": 2,
         "n": 3, "north": 3, "nord": 3, "norden": 3}
MAX_SEAT_ROWS = 4000  # a plan's rows: 250 tables a session over 16 sessions
MAX_ERRORS = 20  # rows named in one refusal


@dataclass
class Plan:
    """A checked plan: each session's tables as player ids in seat order (East first)."""

    sessions: dict[int, list[list[int]]] = field(default_factory=dict)


def _compact(text) -> str:
    """A heading or wind as compared: its words run together ("EMA-Nummer" → "emanummer", "Süd" → "sud")."""
    return "".join(words(_text(text)))


def _columns(row: list) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, heading in enumerate(row):
        key = _compact(heading)
        for name, aliases in HEADINGS.items():
            if key in aliases and name not in columns:
                columns[name] = index
    return columns


def _heading_row(rows: list[list]) -> tuple[int, dict[str, int]]:
    """The first of the first five rows that names a table and a wind (a title row may stand above)."""
    for index, row in enumerate(rows[:5]):
        columns = _columns(row)
        if "table" in columns and "wind" in columns:
            return index, columns
    raise ServiceError("missing_columns", _("The plan's first row must name its columns: session, table, wind "
                                            "and player (or first and last name, or EMA number)."),
                       fields={"file": [_("Columns: session, table, wind, player.")]})


class _Registered:
    """The tournament's registered players, found by id, EMA number or name."""

    def __init__(self, tournament: Tournament):
        self.players = {reg.player_id: reg.player for reg in
                        Registration.objects.filter(tournament=tournament).select_related("player")}
        self.by_ema: dict[str, list[int]] = {}
        self.by_name: dict[str, list[int]] = {}
        for player in self.players.values():
            if player.ema_id:
                self.by_ema.setdefault(player.ema_id.lstrip("0"), []).append(player.pk)
            self.by_name.setdefault(name_key(player.first_name, player.last_name), []).append(player.pk)

    def find(self, cells: dict[str, str]) -> tuple[int | None, str]:
        """(player id, "") or (None, why not), from a row's player cells."""
        if cells.get("player_id"):
            pk = int(cells["player_id"]) if cells["player_id"].isdigit() else None
            if pk in self.players:
                return pk, ""
            return None, _("no registered player has the id %(id)s") % {"id": cells["player_id"]}
        if cells.get("ema_id"):
            found = self.by_ema.get(cells["ema_id"].lstrip("0"), [])
            if len(found) == 1:
                return found[0], ""
            return None, _("no registered player has the EMA number %(ema)s") % {"ema": cells["ema_id"]}
        if cells.get("first_name") or cells.get("last_name"):
            name = f"{cells.get('first_name', '')} {cells.get('last_name', '')}"
        else:
            name = cells.get("player", "")
        if not name.strip():
            return None, _("no player is named")
        found = self.by_name.get(name_key(name), [])
        if len(found) == 1:
            return found[0], ""
        if found:
            return None, _("“%(name)s” names %(count)s registered players: give the id or EMA number") % {
                "name": name.strip(), "count": len(found)}
        return None, _("“%(name)s” is not registered for this tournament") % {"name": name.strip()}


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def seating_plan_read(*, tournament: Tournament, upload, session_number: int | None = None,
                      force: bool = False) -> Plan:
    """The plan in ``upload``, checked; ``session_number`` for a plan without a session column.
    ServiceError ``bad_plan`` names every wrong row (up to ``MAX_ERRORS``), nothing is stored."""
    rows = upload_rows(upload, max_rows=MAX_SEAT_ROWS)
    start, columns = _heading_row(rows)
    if "session" not in columns and session_number is None:
        raise ServiceError("session_required", _("The plan has no session column: choose the session it seats."),
                           fields={"session": [_("Required.")]})
    if not {"player", "first_name", "last_name", "ema_id", "player_id"} & columns.keys():
        raise ServiceError("missing_columns", _("The plan must name each seat's player: a column of names, of "
                                                "first and last names, of EMA numbers or of player ids."),
                           fields={"file": [_("Columns: session, table, wind, player.")]})
    registered = _Registered(tournament)
    errors: list[str] = []
    seats: dict[int, dict[int, dict[int, tuple[int, int]]]] = {}  # session → table → wind → (player, row)
    for row_number, values in enumerate(rows[start + 1:], start=start + 2):
        cells = {name: _text(values[index]) if index < len(values) else "" for name, index in columns.items()}
        if not any(cells.values()):
            continue
        number = _number(cells["session"]) if "session" in columns else session_number
        table = _number(cells["table"])
        wind = WINDS.get(_compact(cells["wind"]))
        player, why = registered.find(cells)
        problems = []
        if number is None or not 1 <= number <= tournament.session_count:
            problems.append(_("session %(value)s does not exist (1 to %(count)s)")
                            % {"value": cells.get("session", "") or "–", "count": tournament.session_count})
        if table is None or table < 1:
            problems.append(_("“%(value)s” is no table number") % {"value": cells["table"]})
        if wind is None:
            problems.append(_("“%(value)s” is no wind (E, S, W, N)") % {"value": cells["wind"]})
        if player is None:
            problems.append(why)
        if number is not None and table is not None and wind is not None and player is not None and not problems:
            at_table = seats.setdefault(number, {}).setdefault(table, {})
            if wind in at_table:
                problems.append(_("table %(table)s has two players in one wind") % {"table": table})
            else:
                at_table[wind] = (player, row_number)
        if problems:
            errors.append(_("Row %(row)s: %(problems)s.") % {"row": row_number, "problems": "; ".join(problems)})
    if not seats and not errors:
        raise ServiceError("empty_plan", _("The plan seats nobody."), fields={"file": [_("No seats.")]})
    return _checked(tournament, seats, registered, errors, force)


def seating_plan_checked(*, tournament: Tournament, sessions: dict[int, list[list[int]]],
                         force: bool = False) -> Plan:
    """A plan read before (``Plan.sessions``, e.g. kept by a page between its preview and its
    confirmation) checked again against the tournament as it is now."""
    registered = _Registered(tournament)
    errors: list[str] = []
    seats: dict[int, dict[int, dict[int, tuple[int, int]]]] = {}
    for number, tables in sessions.items():
        if not 1 <= number <= tournament.session_count:
            errors.append(_("Session %(number)s does not exist.") % {"number": number})
        for table, players in enumerate(tables, start=1):
            for wind, player in enumerate(players[:TABLE_SIZE]):
                if player not in registered.players:
                    errors.append(_("Session %(number)s: a player of table %(table)s is not registered.")
                                  % {"number": number, "table": table})
                else:
                    seats.setdefault(number, {}).setdefault(table, {})[wind] = (player, 0)
    return _checked(tournament, seats, registered, errors, force)


def _checked(tournament: Tournament, seats: dict[int, dict[int, dict[int, tuple[int, int]]]],
             registered: "_Registered", errors: list[str], force: bool) -> Plan:
    plan = Plan()
    for number in sorted(seats):
        errors += _session_errors(tournament, number, seats[number], registered)
        plan.sessions[number] = [[seats[number][table][wind][0] for wind in range(TABLE_SIZE)]
                                 for table in sorted(seats[number]) if len(seats[number][table]) == TABLE_SIZE]
    if errors:
        shown = errors[:MAX_ERRORS]
        if len(errors) > MAX_ERRORS:
            shown.append(_("… and %(count)s more.") % {"count": len(errors) - MAX_ERRORS})
        raise ServiceError("bad_plan", " ".join(shown), fields={"file": shown})
    for number in plan.sessions:
        session_open_to_seating(tournament=tournament, number=number, force=force)
    return plan


def _session_errors(tournament: Tournament, number: int, tables: dict[int, dict[int, tuple[int, int]]],
                    registered: _Registered) -> list[str]:
    errors = []
    if sorted(tables) != list(range(1, len(tables) + 1)):
        errors.append(_("Session %(number)s: number its tables 1 to %(count)s (it has %(tables)s).")
                      % {"number": number, "count": len(tables), "tables": ", ".join(map(str, sorted(tables)))})
    for table, winds in sorted(tables.items()):
        if len(winds) != TABLE_SIZE:
            errors.append(_("Session %(number)s, table %(table)s: four players are needed, one in each wind "
                            "(it has %(count)s).") % {"number": number, "table": table, "count": len(winds)})
    rows_of: dict[int, list[int]] = {}
    for winds in tables.values():
        for player, row in winds.values():
            rows_of.setdefault(player, []).append(row)
    out = set(Withdrawal.objects.filter(withdrawn_in(number), tournament=tournament)
              .values_list("player_id", flat=True))
    out |= set(Bye.objects.filter(tournament=tournament, session_number=number).values_list("player_id", flat=True))
    for player, rows in sorted(rows_of.items(), key=lambda item: item[1][0]):
        name = registered.players[player].full_name
        where = (_(" (rows %(rows)s)") % {"rows": ", ".join(map(str, rows))}) if rows[0] else ""
        if len(rows) > 1:
            errors.append(_("Session %(number)s: %(player)s is seated more than once%(where)s.")
                          % {"number": number, "player": name, "where": where})
        if player in out:
            errors.append(_("Session %(number)s: %(player)s does not play this session (withdrawn or a bye)"
                            "%(where)s.") % {"number": number, "player": name, "where": where})
    return errors


def seating_plan_report(*, tournament: Tournament, plan: Plan) -> dict:
    """The draw's quality report for the tournament's seating with the plan's sessions in place, and
    each planned session's club and team clashes: ``{"report", "sessions": [{"session", "tables",
    "club_clashes", …}]}``."""
    schedule = dict(enumerate(seating_schedule(tournament=tournament), start=1))
    drawn = sorted(set(Table.objects.filter(session__tournament=tournament).values_list("session__number", flat=True)))
    whole = dict(zip(drawn, schedule.values(), strict=True))
    whole.update(plan.sessions)
    report = seating.report([whole[n] for n in sorted(whole)], groups=seating_groups(tournament=tournament))
    sessions = [{"session": number, "tables": tables, **seating_clashes(tournament=tournament, tables=tables)}
                for number, tables in sorted(plan.sessions.items())]
    return {"report": report, "sessions": sessions}


@transaction.atomic
def seating_plan_store(*, tournament: Tournament, plan: Plan, force: bool = False) -> list[Session]:
    """The plan's sessions seated as it says (their earlier tables replaced), as one unit."""
    Tournament.objects.select_for_update(no_key=True).filter(pk=tournament.pk).first()  # one seating at a time
    stored = []
    for number, tables in sorted(plan.sessions.items()):
        session_open_to_seating(tournament=tournament, number=number, force=force)
        stored.append(session_tables_store(tournament=tournament, number=number, tables=tables, method=IMPORTED,
                                           seed=None))
    pages_changed(tournament_id=tournament.pk)
    return stored


@transaction.atomic
def seating_swap(*, tournament: Tournament, number: int, first: Player, second: Player,
                 user=None) -> tuple[Seat, Seat]:
    """Two players of session ``number`` change seats (tables or winds), before the session's
    first hand; both must be seated in it. The draw's seed no longer reproduces the session alone,
    so the audit log keeps the swap beside it (who, when, the two seats); the two seats' codes die
    with the cards that named the old seats."""
    Tournament.objects.select_for_update(no_key=True).filter(pk=tournament.pk).first()
    if first.pk == second.pk:
        raise ServiceError("same_player", _("Choose two different players."), fields={"second": [_("The same.")]})
    seats = {seat.player_id: seat for seat in Seat.objects.select_for_update().select_related("table")
             .filter(session__tournament=tournament, session__number=number, player__in=[first, second])}
    for player, name in ((first, "first"), (second, "second")):
        if player.pk not in seats:
            raise Conflict("not_seated", _("%(player)s has no seat in session %(number)s.")
                           % {"player": player.full_name, "number": number},
                           fields={name: [_("Not seated in this session.")]})
    if Table.objects.filter(session__tournament=tournament, session__number=number, hands__isnull=False).exists():
        raise Conflict("session_started", _("Hands have been played in this session; its seating is final."))
    a, b = seats[first.pk], seats[second.pk]
    # The database refuses a player seated twice at any moment: the first seat is held empty-handed
    # by deleting and re-creating it, inside this transaction.
    a_table, a_position, b_table, b_position = a.table, a.position, b.table, b.position
    SeatCode.objects.filter(seat__in=[a, b]).delete()
    audit_record(user=user, action=AuditEntry.Action.EDIT, obj=a.session, details={
        "change": "seats_swapped",
        "seats": [{"player": first.pk, "from": [a_table.number, a_position], "to": [b_table.number, b_position]},
                  {"player": second.pk, "from": [b_table.number, b_position], "to": [a_table.number, a_position]}]})
    a.delete()
    b.table, b.position = a_table, a_position
    b.save(update_fields=["table", "position"])
    a = Seat.objects.create(session_id=b.session_id, table=b_table, position=b_position, player=first)
    pages_changed(tournament_id=tournament.pk)
    return a, b
