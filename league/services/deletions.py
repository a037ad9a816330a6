"""Deleting and archiving what administrators manage, without losing a season's work.

A tournament, session or table with hands is never deleted: the tournament is archived instead
(``Tournament.archived_at``: hidden from every public page and list, counted in no ranking, every
hand, revision, standing and export kept, restorable), and a deletion is refused with ``409``
``has_hands``. A club with players, a season with tournaments and a league with seasons are refused
the same way (``409`` ``in_use``): their rows would be emptied silently otherwise. Every deletion,
archiving and restoring is logged (league.services.audit). The API and Django's admin both come
here. A registration whose player has been seated is refused too (``409`` ``already_seated``):
withdraw the player instead."""
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..cache import directory_changed
from ..errors import Conflict, ServiceError
from ..models import AuditEntry, Club, Hand, League, Registration, Season, Seat, Session, Table, Tournament
from .audit import audit_record
from .rankings import ranking_fields, rankings_request, tournament_saved


def _hands_of(obj: models.Model):
    if isinstance(obj, Tournament):
        return Hand.objects.filter(table__session__tournament=obj)
    if isinstance(obj, Session):
        return Hand.objects.filter(table__session=obj)
    if isinstance(obj, Table):
        return Hand.objects.filter(table=obj)
    return None


def deletion_refusal(obj: models.Model) -> ServiceError | None:
    """Why ``obj`` may not be deleted (an error to raise or show), or None."""
    hands = _hands_of(obj)
    if hands is not None and hands.exists():
        message = _("%(object)s has hands; it cannot be deleted.") % {"object": obj}
        if isinstance(obj, Tournament):
            message += " " + _("Archive it instead: it is then hidden and out of every ranking, and can be restored.")
        return Conflict("has_hands", message)
    if isinstance(obj, Registration) and Seat.objects.filter(session__tournament_id=obj.tournament_id,
                                                             player_id=obj.player_id).exists():
        return Conflict("already_seated", _("%(object)s has been seated already; withdraw the player in the "
                                            "control room instead.") % {"object": obj})
    in_use = {
        Club: (lambda club: club.players.exists(), _("%(object)s still has players; move them to another club first.")),
        Season: (lambda season: season.tournaments.exists(),
                 _("%(object)s still has tournaments; move or delete them first.")),
        League: (lambda league: league.seasons.exists(), _("%(object)s still has seasons; delete them first.")),
    }.get(type(obj))
    if in_use is not None and in_use[0](obj):
        return Conflict("in_use", in_use[1] % {"object": obj})
    return None


def object_delete(*, obj: models.Model, user, details: dict | None = None) -> None:
    """Delete ``obj`` when nothing played or owned depends on it (else the refusal's ServiceError),
    and log it."""
    with transaction.atomic():
        refusal = deletion_refusal(obj)
        if refusal is not None:
            raise refusal
        audit_record(user=user, action=AuditEntry.Action.DELETE, obj=obj, details=details)
        season_id = obj.season_id if isinstance(obj, Tournament) else None
        obj.delete()
    if season_id is not None:
        rankings_request(season_id=season_id)
    directory_changed()


def tournament_archive(*, tournament: Tournament, user) -> Tournament:
    """Hide a tournament from every public page and ranking, keeping all it holds."""
    return _archived(tournament=tournament, user=user, archived_at=timezone.now(), action=AuditEntry.Action.ARCHIVE)


def tournament_restore(*, tournament: Tournament, user) -> Tournament:
    """Bring an archived tournament back as it was."""
    return _archived(tournament=tournament, user=user, archived_at=None, action=AuditEntry.Action.RESTORE)


def _archived(*, tournament: Tournament, user, archived_at, action: str) -> Tournament:
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if (tournament.archived_at is None) == (archived_at is None):
            return tournament  # already so: nothing to log
        before = ranking_fields(tournament)
        tournament.archived_at = archived_at
        tournament.save(update_fields=["archived_at"])
        audit_record(user=user, action=action, obj=tournament)
        tournament_saved(tournament=tournament, before=before)
    directory_changed()
    return tournament
