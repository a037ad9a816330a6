"""Club evenings (``Tournament.kind`` "club", docs/rules.md "Club evenings"): an open-ended event
without a draw. An evening (a ``Session``) is opened when the players come, and tables are formed
from whoever came, East first; the players enter their own games (tournament option ``entry``).

``club_session_open`` opens the next evening; ``club_table_form`` seats four registered players at
a new table of an evening and tells them by e-mail. A player sits at one open table of the event at
a time (``player_seated``) and, as in every tournament, at one table per session (the database's
``seat_player_once_per_session``): a second game the same evening is played in the next session.
The event is never finished by play (``tournament_status_follow``): an administrator finishes it.
"""
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import override

from .. import tournament_options
from ..cache import pages_changed
from ..errors import Conflict, Forbidden, NotFound, ServiceError
from ..mail import mail_after_commit
from ..models import Registration, Seat, Session, Signup, Table, Tournament, Withdrawal, withdrawn_in
from ..models.competition import WIND_CHOICES
from ..permissions import can_referee, player_of
from ..selectors.tables import players_enter

ENTRY_OPTION = "entry"  # the tournament option of the players' own entry (docs/api.md "Players at the table")


def is_club(tournament: Tournament) -> bool:
    return tournament.kind == Tournament.Kind.CLUB


def club_options(options):
    """A new club event's options: the players enter their own tables unless told otherwise (once the
    tournament option ``entry`` exists; its default, "referee", is a tournament's)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        return options  # refused by the tournament's validation (options must be an object)
    if ENTRY_OPTION in tournament_options.OPTIONS and ENTRY_OPTION not in options:
        return {**options, ENTRY_OPTION: "players"}
    return options


def can_form_table(user, tournament: Tournament, seats: list[int] | None = None) -> bool:
    """Administrators and the event's referees; with the players' own entry, a player linked to the
    user who sits at the table (``seats`` None: who might form one at all)."""
    if can_referee(user, tournament.pk):
        return True
    player = player_of(user)
    player_id = player.pk if player is not None else None
    if player_id is None or not players_enter(tournament):
        return False
    if seats is None:
        return Registration.objects.filter(tournament=tournament, player_id=player_id).exists()
    return player_id in seats


def _club_or_refuse(tournament: Tournament) -> None:
    if not is_club(tournament):
        raise Conflict("not_a_club_event", _("Only a club event opens its evenings one by one; a tournament's "
                                             "sessions are drawn."))
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("tournament_finished", _("This club event is finished."))


@transaction.atomic
def club_session_open(*, tournament: Tournament, user=None) -> Session:
    """Open the event's next evening (the next session number); refused while the latest one has no
    table (``evening_empty``). The tournament's ``session_count`` follows: it is the number of
    evenings opened so far."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)  # one at a time
    _club_or_refuse(tournament)
    last = tournament.sessions.order_by("-number").first()
    if last is not None and not last.tables.exists():
        raise Conflict("evening_empty", _("Session %(number)s has no table yet; form its tables first.")
                       % {"number": last.number})
    number = (last.number if last else 0) + 1
    session = Session.objects.create(tournament=tournament, number=number)
    if tournament.session_count < number:
        Tournament.objects.filter(pk=tournament.pk).update(session_count=number)
    pages_changed(tournament_id=tournament.pk)
    return session


def _seat_errors(tournament: Tournament, session: Session, seats: list[int]) -> None:
    if len(seats) != 4 or len(set(seats)) != 4:
        raise ServiceError("bad_seats", _("Choose four different players, East first."),
                           fields={"seats": [_("Four different players are needed.")]})
    registered = set(Registration.objects.filter(tournament=tournament, player_id__in=seats)
                     .values_list("player_id", flat=True))
    out = set(Withdrawal.objects.filter(withdrawn_in(session.number), tournament=tournament, player_id__in=seats)
              .values_list("player_id", flat=True))
    if strangers := [p for p in seats if p not in registered or p in out]:
        message = _("Not registered: %(players)s") % {"players": ", ".join(map(str, strangers))}
        raise ServiceError("not_registered", _("Only players registered for this event can be seated."),
                           fields={"seats": [message]}, extra={"players": strangers})
    busy = Seat.objects.filter(player_id__in=seats, table__session__tournament=tournament)
    seated = sorted(set(busy.filter(table__closed=False).values_list("player_id", flat=True)))
    if seated:
        raise Conflict("player_seated", _("A player already sits at an open table of this event; close that "
                                          "table first."), extra={"players": seated})
    played = sorted(set(busy.filter(session=session).values_list("player_id", flat=True)))
    if played:
        raise Conflict("played_this_session", _("A player has already played a table in this session; open "
                                                "the next one for another game."),
                       extra={"players": played})


def club_table_form(*, tournament: Tournament, number: int, seats: list[int], user,
                    link: Callable[[Table], str] | None = None) -> Table:
    """Seat four registered players (ids, East first) at a new table of evening ``number``, who may
    not sit at another open table of the event; e-mail them (``link(table)``: the address of its
    score sheet). ServiceError: ``not_a_club_event``, ``tournament_finished`` (409), ``no_session``
    (404), ``bad_seats``, ``not_registered`` (400), ``forbidden`` (403), ``player_seated``,
    ``played_this_session`` (409)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)  # one at a time
        _club_or_refuse(tournament)
        session = Session.objects.filter(tournament=tournament, number=number).first()
        if session is None:
            raise NotFound("no_session", _("This evening has not been opened."))
        if user is not None and not can_form_table(user, tournament, seats):  # None: the system (the demo)
            raise Forbidden("forbidden", _("Only the event's referees and administrators, or a player who sits at "
                                           "the table, may form it."))
        _seat_errors(tournament, session, seats)
        last = session.tables.order_by("-number").values_list("number", flat=True).first()
        table = Table.objects.create(session=session, number=(last or 0) + 1)
        Seat.objects.bulk_create(Seat(session=session, table=table, position=position, player_id=player_id)
                                 for position, player_id in enumerate(seats))
        pages_changed(tournament_id=tournament.pk)
        _tell_players(table, link(table) if link else "")
    return table


def _addresses(table: Table) -> list[tuple[str, str, str]]:
    """(e-mail, first name, language) of each seated player who left an address: their account's,
    else their latest sign-up's for the event. Never shown anywhere."""
    out = []
    tournament_id = table.session.tournament_id
    for seat in table.seats.select_related("player__user"):
        player = seat.player
        user = player.user
        if user is not None and user.email:
            out.append((user.email, player.first_name, settings.LANGUAGE_CODE))
            continue
        signup = (Signup.objects.filter(tournament_id=tournament_id, player=player).exclude(email="")
                  .order_by("-created_at").first())
        if signup is not None:
            out.append((signup.email, player.first_name, signup.language or settings.LANGUAGE_CODE))
    return out


def _tell_players(table: Table, address: str) -> None:
    """The e-mail "your table in session N" to the four (the names are the public ones), sent once
    the table is stored (``mail_after_commit``)."""
    seats = list(table.seats.select_related("player").order_by("position"))
    for email, name, language in _addresses(table):
        with override(language):
            winds = "\n".join(f"{label}: {seat.player}" for (_code, label), seat in zip(WIND_CHOICES, seats,
                                                                                         strict=True))
            values = {"name": name, "event": table.session.tournament.name, "session": table.session.number,
                      "table": table.number, "winds": winds}
            subject = _("Your table in session %(session)s of %(event)s") % values
            body = _("Hello %(name)s,\n\nyou play at table %(table)s in session %(session)s of %(event)s:\n\n"
                     "%(winds)s\n") % values
            if address:
                body += "\n" + _("Score sheet: %(address)s") % {"address": address} + "\n"
        mail_after_commit(subject, body, [email], about=f"club table {table.pk}")
