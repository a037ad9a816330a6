"""The tournament day's writes: check-ins, withdrawals, the session clock and the reveal of hidden
standings. Reads (the clock's remaining time, find-my-table, hidden standings) are in
league.selectors.day."""
import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict, NotFound, ServiceError
from ..models import (
    AuditEntry,
    Bye,
    CheckIn,
    ClockState,
    Player,
    Registration,
    Seat,
    Session,
    Table,
    Tournament,
    Withdrawal,
    withdrawn_in,
)
from ..selectors.players import players_like
from .audit import audit_record
from .imports import fold
from .rankings import rankings_request
from .standings import standings_request
from .tournaments import registration_create

CLOCK_ACTIONS = ("start", "pause", "resume", "extend", "end")
MAX_CLOCK_SECONDS = 24 * 3600
NAME_MAX = Player._meta.get_field("first_name").max_length


def _registered(tournament: Tournament, player: Player) -> None:
    if not Registration.objects.filter(tournament=tournament, player=player).exists():
        raise ServiceError("not_registered", _("%(player)s is not registered for this tournament.")
                           % {"player": player}, fields={"player": [_("Not registered.")]})


def checkin_create(*, tournament: Tournament, player: Player, user=None) -> CheckIn:
    """Mark a registered player present; checking in twice is harmless."""
    _registered(tournament, player)
    try:
        with transaction.atomic():
            checkin, _created = CheckIn.objects.get_or_create(tournament=tournament, player=player,
                                                              defaults={"by": user})
    except IntegrityError:  # a concurrent check-in of the same player won
        checkin = CheckIn.objects.get(tournament=tournament, player=player)
    return checkin


def checkin_delete(*, tournament: Tournament, player: Player) -> None:
    """Undo a check-in; undoing one that is not there is harmless."""
    CheckIn.objects.filter(tournament=tournament, player=player).delete()


def checkin_toggle(*, tournament: Tournament, player: Player, user=None) -> bool:
    """Check the player in, or out when checked in already; True when now checked in."""
    if CheckIn.objects.filter(tournament=tournament, player=player).exists():
        checkin_delete(tournament=tournament, player=player)
        return False
    checkin_create(tournament=tournament, player=player, user=user)
    return True


def withdrawal_create(*, tournament: Tournament, player: Player, from_session: int, only: bool = False,
                      user=None) -> Withdrawal:
    """Take a player out of session ``from_session`` and the later ones (``only``: out of that one
    session, back in the next; the check-in stays); the games played stay. A player already seated
    in a session that has begun cannot leave it (withdraw from the next)."""
    _registered(tournament, player)
    if not 1 <= from_session <= tournament.session_count:
        raise ServiceError("bad_session", _("This tournament has sessions 1 to %(count)s.")
                           % {"count": tournament.session_count}, fields={"from_session": [_("No such session.")]})
    until = from_session if only else None
    sessions = {"session__number": from_session} if only else {"session__number__gte": from_session}
    started = (Table.objects.filter(session__tournament=tournament, seats__player=player, hands__isnull=False,
                                    **sessions)
               .values_list("session__number", flat=True).first())
    if started is not None:
        raise Conflict("session_started", _("%(player)s has played in session %(number)s; withdraw from a later "
                                            "session.") % {"player": player, "number": started},
                       fields={"from_session": [_("Already played.")]})
    with transaction.atomic():
        withdrawal, _created = Withdrawal.objects.update_or_create(
            tournament=tournament, player=player,
            defaults={"from_session": from_session, "until_session": until, "by": user})
        if not only:
            CheckIn.objects.filter(tournament=tournament, player=player).delete()
        audit_record(user=user, action=AuditEntry.Action.WITHDRAW, obj=withdrawal,
                     details={"tournament": tournament.pk, "player": player.pk, "from_session": from_session,
                              "until_session": until})
    return withdrawal


@transaction.atomic
def walkin_create(*, tournament: Tournament, first_name: str, last_name: str, club=None, user=None,
                  player: str | int | None = None) -> Registration:
    """A walk-in for an odd field in one step: registered as a substitute (so the tournament's
    ``substitute_scoring`` says how the games count) and checked in. The name is matched against
    the players entered already, as bulk entry matches (league.matching): the one player of exactly
    this name is that player; any other near name (or several of this name) is refused with 409
    ``walkin_similar`` and its ``candidates`` until ``player`` says who it is ("new" or a player
    id), so that a walk-in never silently makes a second entry of someone."""
    first_name, last_name = " ".join((first_name or "").split()), " ".join((last_name or "").split())
    problems = {}
    for name, value in (("first_name", first_name), ("last_name", last_name)):
        if not value:
            problems[name] = [_("Required.")]
        elif len(value) > NAME_MAX:
            problems[name] = [_("At most %(count)s characters.") % {"count": NAME_MAX}]
    if problems:
        raise ServiceError("bad_name", _("Give the walk-in's first and last name."), fields=problems)
    if player not in (None, "", "new"):
        try:
            chosen = Player.objects.get(pk=int(player))
        except (TypeError, ValueError, Player.DoesNotExist):
            raise NotFound("no_player", _("There is no such player."), fields={"player": [_("Not valid.")]}) from None
    elif player == "new":
        chosen = Player.objects.create(first_name=first_name, last_name=last_name, club=club)
    else:
        like = players_like(first_name=first_name, last_name=last_name)
        same = [p for p in like if fold(p.first_name) == fold(first_name) and fold(p.last_name) == fold(last_name)]
        if len(same) == 1:
            chosen = same[0]
        elif like:
            raise Conflict("walkin_similar", _("%(name)s is probably entered already: choose the player, or "
                                               "say it is someone new.") % {"name": f"{first_name} {last_name}"},
                           extra={"candidates": [p.pk for p in like]})
        else:
            chosen = Player.objects.create(first_name=first_name, last_name=last_name, club=club)
    registration = registration_create(tournament=tournament, player=chosen, substitute=True)
    CheckIn.objects.get_or_create(tournament=tournament, player=chosen, defaults={"by": user})
    return registration


def bye_create(*, tournament: Tournament, player: Player, session_number: int, user=None) -> Bye:
    """Let a chosen player sit out one session with a bye (an odd field seated with fewer tables);
    the bye scores as the tournament options ``bye_table_points`` and ``bye_score`` say. Refused once
    the player has a seat in that session: draw it again after giving the bye."""
    _registered(tournament, player)
    if not 1 <= session_number <= tournament.session_count:
        raise ServiceError("bad_session", _("This tournament has sessions 1 to %(count)s.")
                           % {"count": tournament.session_count}, fields={"session": [_("No such session.")]})
    if Seat.objects.filter(session__tournament=tournament, session__number=session_number, player=player).exists():
        raise Conflict("already_seated", _("%(player)s has a seat in session %(number)s; give the bye before "
                                           "the draw, or draw the session again after it.")
                       % {"player": player, "number": session_number},
                       fields={"player": [_("Already seated.")]})
    bye, _created = Bye.objects.get_or_create(tournament=tournament, player=player, session_number=session_number,
                                              defaults={"by": user})
    standings_request(tournament_id=tournament.pk)
    return bye


def bye_delete(*, tournament: Tournament, player: Player, session_number: int) -> None:
    Bye.objects.filter(tournament=tournament, player=player, session_number=session_number).delete()
    standings_request(tournament_id=tournament.pk)


def withdrawal_delete(*, tournament: Tournament, player: Player) -> None:
    Withdrawal.objects.filter(tournament=tournament, player=player).delete()


@transaction.atomic
def seat_replace(*, table: Table, position: int, player: Player) -> Seat:
    """Give a seat to another player (a substitute for a drop-out) before the table's first hand;
    the player must be registered, not withdrawn from the session, and not seated in it already."""
    table = Table.objects.select_for_update().select_related("session__tournament").get(pk=table.pk)
    session, tournament = table.session, table.session.tournament
    if table.hands.exists():
        raise Conflict("session_started", _("Hands have been played at this table; its seats are final."))
    _registered(tournament, player)
    if Withdrawal.objects.filter(withdrawn_in(session.number), tournament=tournament, player=player).exists():
        raise Conflict("withdrawn", _("%(player)s has withdrawn from this session.") % {"player": player},
                       fields={"player": [_("Withdrawn.")]})
    if Seat.objects.filter(session=session, player=player).exists():
        raise Conflict("already_seated", _("%(player)s already has a seat in this session.") % {"player": player},
                       fields={"player": [_("Already seated.")]})
    seat = Seat.objects.filter(table=table, position=position).first()
    if seat is None:
        raise ServiceError("bad_seat", _("This table has no such seat."), fields={"position": [_("No such seat.")]})
    seat.player = player
    seat.save(update_fields=["player"])
    return seat


def session_open(*, tournament: Tournament, number: int) -> Session:
    """Session ``number`` of the tournament, made on first use (the clock of a session not drawn
    yet); the caller has checked that the tournament has this session."""
    return Session.objects.get_or_create(tournament=tournament, number=number)[0]


def _seconds(seconds: int | None, *, required: bool) -> int | None:
    if seconds is None:
        if required:
            raise ServiceError("seconds_required", _("Say how many seconds."), fields={"seconds": [_("Required.")]})
        return None
    if type(seconds) is not int or not 1 <= seconds <= MAX_CLOCK_SECONDS:
        raise ServiceError("bad_seconds", _("Give a whole number of seconds from 1 to %(max)s.")
                           % {"max": MAX_CLOCK_SECONDS}, fields={"seconds": [_("Out of range.")]})
    return seconds


def _left(session: Session, now: datetime.datetime) -> int:
    if session.clock_state == ClockState.RUNNING and session.clock_ends_at:
        return max(0, round((session.clock_ends_at - now).total_seconds()))
    if session.clock_state == ClockState.PAUSED:
        return session.clock_remaining_s or 0
    return 0


@transaction.atomic
def clock_apply(*, session: Session, action: str, seconds: int | None = None, table: Table | None = None,
                now: datetime.datetime | None = None) -> Session:
    """Start, pause, resume, extend (all tables, or one) or end the session's clock."""
    now = now or timezone.now()
    session = Session.objects.select_for_update().select_related("tournament").get(pk=session.pk)
    state = session.clock_state
    if action not in CLOCK_ACTIONS:
        raise ServiceError("bad_action", _("Choose one of: start, pause, resume, extend, end."),
                           fields={"action": [_("Unknown action.")]})
    if table is not None and (action != "extend" or table.session_id != session.pk):
        raise ServiceError("bad_table", _("Only extending takes a table, and it must belong to this session."),
                           fields={"table": [_("Not allowed here.")]})
    if action == "start":
        if state == ClockState.PAUSED or (state == ClockState.RUNNING and _left(session, now) > 0):
            raise Conflict("clock_running", _("The clock is already running."))
        seconds = _seconds(seconds, required=False) or session.tournament.day_options["session_minutes"] * 60
        session.clock_state, session.clock_duration_s = ClockState.RUNNING, seconds
        session.clock_ends_at, session.clock_remaining_s = now + datetime.timedelta(seconds=seconds), None
        Table.objects.filter(session=session).update(clock_extra_s=0)
    elif action == "pause":
        if state != ClockState.RUNNING:
            raise Conflict("clock_not_running", _("The clock is not running."))
        session.clock_remaining_s, session.clock_ends_at = _left(session, now), None
        session.clock_state = ClockState.PAUSED
    elif action == "resume":
        if state != ClockState.PAUSED:
            raise Conflict("clock_not_paused", _("The clock is not paused."))
        session.clock_ends_at = now + datetime.timedelta(seconds=session.clock_remaining_s or 0)
        session.clock_state, session.clock_remaining_s = ClockState.RUNNING, None
    elif action == "extend":
        seconds = _seconds(seconds, required=True)
        if state == ClockState.IDLE:
            raise Conflict("clock_idle", _("Start the clock first."))
        if table is not None:
            Table.objects.filter(pk=table.pk).update(clock_extra_s=table.clock_extra_s + seconds)
        elif state == ClockState.PAUSED:
            session.clock_remaining_s = (session.clock_remaining_s or 0) + seconds
            session.clock_duration_s += seconds
        else:
            # running, time up or ended: the extra time counts from now if the time has run out
            base = max(session.clock_ends_at or now, now)
            session.clock_ends_at = base + datetime.timedelta(seconds=seconds)
            session.clock_state = ClockState.RUNNING
            session.clock_duration_s += seconds
    else:  # end
        if state == ClockState.IDLE:
            raise Conflict("clock_idle", _("Start the clock first."))
        session.clock_state, session.clock_ends_at, session.clock_remaining_s = ClockState.ENDED, now, None
        Table.objects.filter(session=session).update(clock_extra_s=0)
    session.save(update_fields=["clock_state", "clock_duration_s", "clock_ends_at", "clock_remaining_s"])
    return session


def tournament_reveal(*, tournament: Tournament) -> Tournament:
    """Show the standings hidden by ``hide_standings_from_session`` to everyone; a finished
    tournament of a season now counts in its ranking (league.services.rankings)."""
    if tournament.standings_revealed_at is None:
        tournament.standings_revealed_at = timezone.now()
        tournament.save(update_fields=["standings_revealed_at"])
        if tournament.season_id:
            rankings_request(season_id=tournament.season_id)
    return tournament
