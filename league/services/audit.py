"""Writing the audit log (league.models.AuditEntry): one entry per destructive action of an
administrator and per change of a role, in the same transaction as the action, so an action is
logged exactly when it happened. Each entry keeps the league, club and tournament it concerns, so
that each scope's administrators read their own part (league.selectors.audit)."""
from django.db import models

from ..models import AuditEntry, Club, League, Role, Season, Tournament


def _tournament_scope(tournament_id: int | None) -> dict:
    if tournament_id is None:
        return {}
    row = Tournament.objects.filter(pk=tournament_id).values_list("season__league_id", "host_club_id").first()
    league, club = row if row else (None, None)
    return {"scope_tournament": tournament_id, "scope_league": league, "scope_club": club}


def audit_scope(obj: models.Model) -> dict:
    """The scope fields of an entry on ``obj``: its tournament (with that tournament's league and host
    club), league or club, as far as ``obj`` belongs to one."""
    if isinstance(obj, Tournament):
        return _tournament_scope(obj.pk)
    if isinstance(obj, Role):
        if obj.tournament_id:
            return _tournament_scope(obj.tournament_id)
        return {"scope_league": obj.league_id, "scope_club": obj.club_id}
    if isinstance(obj, League):
        return {"scope_league": obj.pk}
    if isinstance(obj, Season):
        return {"scope_league": obj.league_id}
    if isinstance(obj, Club):
        return {"scope_club": obj.pk}
    return _tournament_scope(getattr(obj, "tournament_id", None))


def audit_record(*, user, action: str, obj: models.Model, details: dict | None = None) -> AuditEntry:
    """Log ``action`` (an ``AuditEntry.Action``) on ``obj`` by ``user`` (None: the system)."""
    known = user if user is not None and getattr(user, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        user=known, username=known.get_username() if known else "", action=action,
        model=obj._meta.model_name, object_id=str(obj.pk), object_repr=str(obj)[:200], details=details or {},
        **audit_scope(obj))


def audit_renamed(*, obj: models.Model) -> None:
    """The log's earlier entries on ``obj`` name it as it is now (after an erasure: not as it was)."""
    AuditEntry.objects.filter(model=obj._meta.model_name, object_id=str(obj.pk)).update(object_repr=str(obj)[:200])


def audit_forget(*, model: type[models.Model], object_ids: list) -> None:
    """The log's entries on objects an erasure deletes (a player's sign-ups) keep the action, who took
    it and when, but no longer the name or address they were written with."""
    AuditEntry.objects.filter(model=model._meta.model_name, object_id__in=[str(pk) for pk in object_ids]).update(
        object_repr=f"{model._meta.model_name} (erased)", details={})
