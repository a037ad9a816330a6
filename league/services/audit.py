"""Writing the audit log (league.models.AuditEntry): one entry per destructive action of an
administrator, in the same transaction as the action, so an action is logged exactly when it
happened."""
from django.db import models

from ..models import AuditEntry


def audit_record(*, user, action: str, obj: models.Model, details: dict | None = None) -> AuditEntry:
    """Log ``action`` (an ``AuditEntry.Action``) on ``obj`` by ``user`` (None: the system)."""
    known = user if user is not None and getattr(user, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        user=known, username=known.get_username() if known else "", action=action,
        model=obj._meta.model_name, object_id=str(obj.pk), object_repr=str(obj)[:200], details=details or {})


def audit_renamed(*, obj: models.Model) -> None:
    """The log's earlier entries on ``obj`` name it as it is now (after an erasure: not as it was)."""
    AuditEntry.objects.filter(model=obj._meta.model_name, object_id=str(obj.pk)).update(object_repr=str(obj)[:200])


def audit_forget(*, model: type[models.Model], object_ids: list) -> None:
    """The log's entries on objects an erasure deletes (a player's sign-ups) keep the action, who took
    it and when, but no longer the name or address they were written with."""
    AuditEntry.objects.filter(model=model._meta.model_name, object_id__in=[str(pk) for pk in object_ids]).update(
        object_repr=f"{model._meta.model_name} (erased)", details={})
