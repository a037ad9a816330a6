"""A closed table's confirmations and disputes (docs/rules.md §7, "Players enter their own tables").

At every tournament the four players may confirm a closed table's final result (the signature line
of a printed score sheet). When the tournament's players enter their own tables (option ``entry``
"players") this decides whether the table counts: it is provisional until three of its players,
or one referee or administrator, confirmed it, and again while a dispute about it is open
(league.selectors.tables.provisional_tables). Every change that can move a table in or out asks
for the standings' recomputation, which asks for the season's ranking in turn.
"""
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict, Forbidden, ServiceError
from ..mail import mail_after_commit, site_link
from ..models import Table, TableConfirmation, TableDispute
from ..permissions import ADMINISTER, seated_player, table_writer
from ..selectors.tables import players_enter
from .hands import _locked_table
from .reconfirm import disputes_tell_resolved
from .standings import standings_request

MESSAGE_MAX = 2000


def _counting_changed(table: Table) -> None:
    """A confirmation or dispute may move the table in or out of the standings."""
    if players_enter(table.session.tournament):
        standings_request(tournament_id=table.session.tournament_id)


@transaction.atomic
def table_confirm(*, table: Table, user, player_id: int | None = None) -> TableConfirmation:
    """Confirm a closed table's final result. A seated player confirms for themselves
    (``player_id`` absent or their own); a referee or administrator records a player's confirmation
    on their phone (``player_id``) or, without one, confirms the table themselves, which makes it
    count at once. Confirming twice keeps the first confirmation. ``user`` None is the system (the
    demo, commands), which confirms as a referee does."""
    table = _locked_table(table.pk)
    if not table.closed:
        raise Conflict("table_open", _("Only a closed table's result can be confirmed."))
    writer = "referee" if user is None else table_writer(user, table)
    if writer == "player":
        own = seated_player(user, table)
        if player_id is not None and player_id != own.pk:
            raise Forbidden("not_your_seat", _("A player confirms only for themselves."))
        player_id = own.pk
    elif writer != "referee":
        raise Forbidden("forbidden", _("Only the table's players, referees and administrators confirm it."))
    if player_id is None:
        confirmation = (TableConfirmation.objects.filter(table=table, player=None).first()
                        or TableConfirmation.objects.create(table=table, player=None, confirmed_by=user))
    else:
        seat = table.seats.filter(player_id=player_id).select_related("player").first()
        if seat is None:
            raise ServiceError("not_seated", _("This player does not play at this table."),
                               fields={"player": [_("Not at this table.")]})
        confirmation, _created = TableConfirmation.objects.get_or_create(
            table=table, player=seat.player, defaults={"confirmed_by": user})
    _counting_changed(table)
    return confirmation


def _dispute_recipients(tournament) -> list[str]:
    """The e-mail addresses of the tournament's referees and of those who direct it: its directors,
    its league's administrators, its host club's organisers and the site administrators."""
    app_label, codename = ADMINISTER.split(".")
    perm = {"content_type__app_label": app_label, "codename": codename}
    directing = (Q(roles__role="director", roles__tournament=tournament)
                 | Q(roles__role="club_organiser", roles__club_id=tournament.host_club_id or 0)
                 | Q(roles__role="league_admin", roles__league_id=getattr(tournament.season, "league_id", 0)))
    users = get_user_model().objects.filter(
        Q(is_superuser=True) | Q(referee_assignments__tournament=tournament) | directing
        | Q(**{f"user_permissions__{k}": v for k, v in perm.items()})
        | Q(**{f"groups__permissions__{k}": v for k, v in perm.items()}),
        is_active=True).exclude(email="")
    return sorted(set(users.values_list("email", flat=True)))


def _tell_disputed(dispute: TableDispute, table: Table) -> None:
    tournament = table.session.tournament
    recipients = _dispute_recipients(tournament)
    if not recipients:
        return
    subject = _("%(tournament)s: the result of %(table)s is disputed") % {"tournament": tournament.name,
                                                                          "table": table}
    body = _("%(player)s disputes the result of %(table)s:\n\n%(message)s\n\n"
             "It does not count until the dispute is resolved in the control room: %(url)s") % {
        "player": dispute.player, "table": table, "message": dispute.message,
        "url": site_link(reverse("tournament-control", args=[tournament.slug]))}
    mail_after_commit(subject, body, recipients, about=f"dispute of table {table.pk}")


@transaction.atomic
def dispute_open(*, table: Table, user, message) -> TableDispute:
    """A seated player objects to the table's result: it stays (or becomes) provisional and the
    tournament's referees and administrators are told by e-mail. While the player's dispute of the
    table is open, another is refused (``409`` ``dispute_exists``); an open table has no result to
    dispute yet (``409`` ``table_open``)."""
    message = message.replace("\x00", "").strip() if isinstance(message, str) else ""  # no NUL in a text column
    if not message:
        raise ServiceError("invalid", _("Say what is wrong with the result."),
                           fields={"message": [_("This field is required.")]})
    if len(message) > MESSAGE_MAX:
        raise ServiceError("invalid", _("The message is too long."),
                           fields={"message": [_("At most %(n)s characters.") % {"n": MESSAGE_MAX}]})
    table = _locked_table(table.pk)
    player = seated_player(user, table) if table_writer(user, table) == "player" else None
    if player is None:
        raise Forbidden("forbidden", _("Only the table's players dispute its result."))
    if not table.closed:  # an open table is still being written: it has no result to dispute yet
        raise Conflict("table_open", _("Only a closed table's result can be disputed."))
    if TableDispute.objects.filter(table=table, player=player, status=TableDispute.Status.OPEN).exists():
        # one open dispute per player and table: a repeat would only mail the referees again
        raise Conflict("dispute_exists", _("Your dispute about this table is open already; a referee will "
                                           "resolve it."))
    dispute = TableDispute.objects.create(table=table, player=player, message=message)
    _counting_changed(table)
    _tell_disputed(dispute, table)
    return dispute


@transaction.atomic
def dispute_resolve(*, dispute: TableDispute, user) -> TableDispute:
    """The tournament's referees and administrators close a dispute (resolving it twice changes
    nothing); the disputing player is told by e-mail."""
    table = _locked_table(dispute.table_id)
    if table_writer(user, table) != "referee":
        raise Forbidden("forbidden", _("Only the tournament's referees and administrators resolve disputes."))
    dispute = TableDispute.objects.select_for_update(of=("self",)).select_related("player__user").get(pk=dispute.pk)
    if dispute.status != TableDispute.Status.RESOLVED:
        dispute.status, dispute.resolved_by, dispute.resolved_at = TableDispute.Status.RESOLVED, user, timezone.now()
        dispute.save(update_fields=["status", "resolved_by", "resolved_at"])
        _counting_changed(table)
        disputes_tell_resolved([dispute], table)
    return dispute
