"""Drawing a session's tables from the tournament's registrations with one of the seating
methods in league.seating, and reporting the quality of a tournament's seating.

Who is drawn: the registered players not withdrawn from the session; once anyone is checked in,
only the checked-in ones; substitutes only to fill the last table. A draw takes a secure random
seed (``secrets``) unless one is given, and keeps it with the session (``draw_seed``) so that the
draw can be audited. The seed stays secret (``draw_seed_for``) until no draw still to come depends on
it (``league.selectors.seating.draw_seed_for``): with the public registrations it would let anyone
compute the next sessions' tables.
``seating_preview`` answers the same draw without storing it.
"""
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import seating
from ..cache import pages_changed
from ..errors import Conflict, NotFound, ServiceError
from ..models import Bye, CheckIn, Registration, Seat, Session, Standing, Table, Tournament, Withdrawal, withdrawn_in
from ..seating.errors import TABLE_SIZE
from ..seating.errors import field as seated_field
from ..selectors.stages import stage_of_session, stage_tables, stages_of

METHODS = ("balanced", "swiss", "random")
# The seating algorithms explain their errors in English for developers; people read these.
SEATING_MESSAGES = {
    "too_few_players": gettext_lazy("There are too few players for a table of four."),
    "not_multiple_of_four": gettext_lazy("There are not enough substitutes to fill every table with four players."),
    "duplicate_players": gettext_lazy("A player is listed more than once."),
    "bad_sessions": gettext_lazy("The number of sessions must be a positive whole number."),
    "invalid_schedule": gettext_lazy("The seating is invalid: every table needs four players, each seated once "
                                     "per session."),
}


def _registrations(tournament: Tournament, number: int | None = None) -> tuple[list[int], list[int], dict[int, str]]:
    """Regulars and substitutes to draw for session ``number`` (everyone registered when None), and
    every registered player's club or team for the report."""
    regulars, substitutes, groups = [], [], {}
    out, present = set(), None
    if number is not None:
        out = set(Withdrawal.objects.filter(withdrawn_in(number), tournament=tournament)
                  .values_list("player_id", flat=True))
        out |= set(Bye.objects.filter(tournament=tournament, session_number=number).values_list("player_id", flat=True))
        checked_in = set(CheckIn.objects.filter(tournament=tournament).values_list("player_id", flat=True))
        present = checked_in or None
    for reg in Registration.objects.filter(tournament=tournament).select_related("player").order_by("id"):
        if reg.player_id not in out and (present is None or reg.player_id in present):
            (substitutes if reg.substitute else regulars).append(reg.player_id)
        group = reg.team or (f"club:{reg.player.club_id}" if reg.player.club_id else "")
        if group:
            groups[reg.player_id] = group
    return regulars, substitutes, groups


def _clubs_and_teams(tournament: Tournament) -> tuple[dict[int, str], dict[int, str]]:
    """Every registered player's club name and team, apart: a team does not hide the club."""
    clubs, teams = {}, {}
    for player_id, club, team in (Registration.objects.filter(tournament=tournament)
                                  .values_list("player_id", "player__club__name", "team")):
        if club:
            clubs[player_id] = club
        if team:
            teams[player_id] = team
    return clubs, teams


def _clashes(tables: list[list[int]], groups: dict[int, str]) -> tuple[int, list[dict]]:
    """Pairs at one table from the same group, and per table which group and who:
    ``(pairs, [{"table": number, "group": name, "players": [ids]}])``."""
    pairs, where = 0, []
    for number, players in enumerate(tables, start=1):
        members: dict[str, list[int]] = {}
        for player_id in players:
            if player_id in groups:
                members.setdefault(groups[player_id], []).append(player_id)
        for group, ids in sorted(members.items()):
            if len(ids) > 1:
                pairs += len(ids) * (len(ids) - 1) // 2
                where.append({"table": number, "group": group, "players": ids})
    return pairs, where


def seating_clashes(*, tournament: Tournament, tables: list[list[int]]) -> dict:
    """Members of one club, and of one team, seated together in a session's tables (counted apart;
    0 is best): ``{"club_clashes", "club_tables", "team_clashes", "team_tables"}``."""
    clubs, teams = _clubs_and_teams(tournament)
    club_pairs, club_tables = _clashes(tables, clubs)
    team_pairs, team_tables = _clashes(tables, teams)
    return {"club_clashes": club_pairs, "club_tables": club_tables,
            "team_clashes": team_pairs, "team_tables": team_tables}


def seating_schedule(*, tournament: Tournament, before: int | None = None) -> list[list[list[int]]]:
    """The seating of every session that has tables (only those numbered below ``before`` when
    given), as player ids in seat order."""
    seats = Seat.objects.filter(session__tournament=tournament)
    if before is not None:
        seats = seats.filter(session__number__lt=before)
    tables: dict[tuple[int, int], list[int]] = {}
    ordered = seats.order_by("session__number", "table__number", "position")
    for number, table_number, player_id in ordered.values_list("session__number", "table__number", "player_id"):
        tables.setdefault((number, table_number), []).append(player_id)
    schedule: dict[int, list[list[int]]] = {}
    for (number, _table_number), players in tables.items():
        schedule.setdefault(number, []).append(players)
    return [schedule[n] for n in sorted(schedule)]


def draw_field(*, tournament: Tournament, number: int) -> dict:
    """Who a draw of session ``number`` would seat now: ``{"players", "substitutes", "missing",
    "surplus", "too_few"}`` (``missing``: players still needed for full tables after the substitutes;
    ``surplus``: regulars beyond the last full table, who could sit out with a bye; ``too_few``: not
    even one table)."""
    regulars, substitutes, _groups = _registrations(tournament, number)
    regulars, substitutes, _sessions, _ranked = _stage_field(tournament, number, regulars, substitutes)
    return draw_field_counts(regulars, substitutes)


def draw_field_counts(regulars: list[int], substitutes: list[int]) -> dict:
    needed = -len(regulars) % TABLE_SIZE
    return {"players": len(regulars), "substitutes": len(substitutes),
            "missing": max(0, needed - len(substitutes)), "surplus": len(regulars) % TABLE_SIZE,
            "too_few": not regulars or len(regulars) + len(substitutes) < TABLE_SIZE}


def seating_next_session(*, tournament: Tournament) -> int | None:
    """The lowest session number that has no tables yet; None when every session is drawn."""
    drawn = set(Table.objects.filter(session__tournament=tournament).values_list("session__number", flat=True))
    return next((n for n in range(1, tournament.session_count + 1) if n not in drawn), None)


def _stage_field(tournament: Tournament, number: int, regulars: list[int],
                 substitutes: list[int]) -> tuple[list[int], list[int], range, list[int] | None]:
    """A staged tournament (option ``stages``): only the stage's members are drawn (after a cut the
    top N of the stage before, no substitutes), over the stage's own sessions; and the stage's
    standings order for a Swiss draw. Without stages: everyone, every session, None."""
    stages = stages_of(tournament)
    if not stages:
        return regulars, substitutes, range(1, tournament.session_count + 1), None
    index = stage_of_session(tournament, number)
    tables = stage_tables(tournament, upto=index, fresh=True)
    members = set(tables[index].members)
    ranked = [row[0] for row in tables[index].rows]
    if stages[index].players is not None:
        return [p for p in regulars if p in members], [], stages[index].sessions, ranked
    return regulars, substitutes, stages[index].sessions, ranked


def _draw(tournament: Tournament, number: int, method: str, seed: int) -> list[list[int]]:
    regulars, substitutes, groups = _registrations(tournament, number)
    regulars, substitutes, sessions, ranked = _stage_field(tournament, number, regulars, substitutes)
    # a stage is drawn as a tournament of its own: its sessions, its players, its earlier sessions
    count, first = len(sessions), sessions.start
    previous = seating_schedule(tournament=tournament, before=number)
    if first > 1:
        previous = previous[len(seating_schedule(tournament=tournament, before=first)):]
    try:
        if method == "balanced":
            schedule = seating.balanced(regulars, count, seed=seed, groups=groups, substitutes=substitutes)
            if schedule[: len(previous)] == previous:
                return schedule[number - first]
            # The registrations changed after earlier sessions were drawn: the schedule drawn now
            # would not know who has already met, so this session is drawn against the real ones.
            # Only this one: the later sessions are drawn the same way when their turn comes, so a
            # plan for them would only trade a repeat now for one that is never played.
            return seating.balanced(regulars, len(previous) + 1, seed=seed,
                                    groups=groups, substitutes=substitutes, previous=previous)[len(previous)]
        if method == "random":
            return seating.random_draw(regulars, count, seed=seed, substitutes=substitutes)[number - first]
        if ranked is None:
            ranked = list(Standing.objects.filter(tournament=tournament).order_by("rank", "player_id")
                          .values_list("player_id", flat=True))
        players = seated_field(regulars, substitutes)
        seated, ranked_set = set(players), set(ranked)
        order = [p for p in ranked if p in seated] + [p for p in players if p not in ranked_set]
        return seating.swiss(order, previous, seed=seed)
    except seating.SeatingError as error:
        if error.code == "not_multiple_of_four":
            raise _odd_field(number, regulars, substitutes) from error
        raise ServiceError(error.code, SEATING_MESSAGES[error.code]) from error


def _odd_field(number: int, regulars: list[int], substitutes: list[int]) -> ServiceError:
    """The field does not make full tables: say by how many, and the two ways on."""
    field = draw_field_counts(regulars, substitutes)
    missing, surplus = field["missing"], field["surplus"]
    message = _("%(players)s players and %(substitutes)s substitutes are here for session %(number)s: "
                "%(missing)s more are needed to fill the last table. Add walk-in substitutes, or choose "
                "%(surplus)s players who sit out this session with a bye.") % {
        "players": len(regulars), "substitutes": len(substitutes), "number": number, "missing": missing,
        "surplus": surplus}
    return ServiceError("not_multiple_of_four", message,
                        extra={"missing": missing, "surplus": surplus, "players": len(regulars),
                               "substitutes": len(substitutes)})


def _checked(tournament: Tournament, number: int, method: str, force: bool) -> None:
    """Refuse a draw with a method we do not have, and as ``session_open_to_seating`` says."""
    if method not in METHODS:
        raise ServiceError("bad_method", _("Choose one of: balanced, swiss, random."),
                           fields={"method": [_("Unknown seating method.")]})
    session_open_to_seating(tournament=tournament, number=number, force=force)


def session_open_to_seating(*, tournament: Tournament, number: int, force: bool = False) -> None:
    """Refuse seating (a draw or a plan brought from elsewhere) that would replace a session in play
    or run ahead of an open one, and any seating of a club event (its tables are formed by whoever
    came: league.services.club)."""
    if tournament.kind == Tournament.Kind.CLUB:
        raise Conflict("club_event", _("A club event has no draw: its tables are formed by the players who "
                                       "came."))
    if not 1 <= number <= tournament.session_count:
        raise NotFound("bad_session", _("This tournament has sessions 1 to %(count)s.")
                       % {"count": tournament.session_count})
    if Table.objects.filter(session__tournament=tournament, session__number=number, hands__isnull=False).exists():
        raise Conflict("session_started", _("Hands have been played in this session; its seating is final."))
    previous = Table.objects.filter(session__tournament=tournament, session__number=number - 1)
    if not force and previous.filter(hands__isnull=False).exists() and previous.filter(closed=False).exists():
        open_tables = sorted(set(previous.filter(closed=False).values_list("number", flat=True)))
        raise Conflict(
            "previous_session_open",
            _("Session %(number)s is still being played (open tables: %(tables)s). Draw when its tables are "
              "closed, or confirm to draw anyway.") % {"number": number - 1,
                                                    "tables": ", ".join(map(str, open_tables))},
            extra={"open_tables": open_tables})


def new_seed(tournament: Tournament, method: str) -> int:
    """A seed nobody can know before the draw. A balanced schedule is drawn for the whole
    tournament at once: its later sessions take the seed its first one was drawn with."""
    if method == "balanced":
        first = (Session.objects.filter(tournament=tournament, draw_method="balanced", draw_seed__isnull=False)
                 .order_by("number").values_list("draw_seed", flat=True).first())
        if first is not None:
            return first
    return secrets.randbelow(2**31)


def seating_preview(*, tournament: Tournament, number: int, method: str, seed: int | None = None,
                    force: bool = False) -> dict:
    """The tables a draw would make now and the quality report of the schedule with them; nothing
    is stored. ``{"session", "seed", "tables": [[player ids in seat order]], "report"}``."""
    _checked(tournament, number, method, force)
    seed = new_seed(tournament, method) if seed is None else seed
    tables = _draw(tournament, number, method, seed)
    _regulars, _substitutes, groups = _registrations(tournament)
    schedule = seating_schedule(tournament=tournament, before=number) + [tables]
    report = {**seating.report(schedule, groups=groups), **seating_clashes(tournament=tournament, tables=tables)}
    return {"session": number, "seed": seed, "tables": tables, "report": report}


@transaction.atomic
def seating_generate(*, tournament: Tournament, number: int, method: str, seed: int | None = None,
                     force: bool = False) -> Session:
    """Create (or redraw) session ``number``'s tables; refused once a hand has been played there
    (``session_started``) and, unless ``force``, while the previous session is being played
    (``previous_session_open``)."""
    Tournament.objects.select_for_update(no_key=True).filter(pk=tournament.pk).first()  # one draw at a time
    _checked(tournament, number, method, force)
    seed = new_seed(tournament, method) if seed is None else seed
    session = session_tables_store(tournament=tournament, number=number, tables=_draw(tournament, number, method, seed),
                                   method=method, seed=seed)
    pages_changed(tournament_id=tournament.pk)
    return session


def session_tables_store(*, tournament: Tournament, number: int, tables: list[list[int]], method: str,
                         seed: int | None) -> Session:
    """Session ``number``'s tables replaced by ``tables`` (player ids in seat order, East first),
    with how they came about (a draw's method and seed, or "imported"); the caller has checked them."""
    session, _created = Session.objects.get_or_create(tournament=tournament, number=number)
    session.draw_method, session.draw_seed, session.drawn_at = method, seed, timezone.now()
    session.save(update_fields=["draw_method", "draw_seed", "drawn_at"])
    Table.objects.filter(session=session).delete()
    created = Table.objects.bulk_create(Table(session=session, number=i) for i in range(1, len(tables) + 1))
    Seat.objects.bulk_create(
        Seat(session=session, table=table, position=position, player_id=player_id)
        for table, players in zip(created, tables, strict=True)
        for position, player_id in enumerate(players)
    )
    return session


def seating_groups(*, tournament: Tournament) -> dict[int, str]:
    """Every registered player's team, else club: the groups a draw keeps apart and a report counts."""
    return _registrations(tournament)[2]


def seating_report(*, tournament: Tournament) -> dict:
    return seating.report(seating_schedule(tournament=tournament), groups=seating_groups(tournament=tournament))
