"""Reading the audit log (league.models.AuditEntry), newest first."""
from django.db.models import QuerySet

from ..models import AuditEntry


def audit_entries(*, action: str = "", model: str = "") -> QuerySet[AuditEntry]:
    """Every entry, newest first; narrowed to one ``action`` or kind of object (``model``) when given."""
    entries = AuditEntry.objects.select_related("user")
    if action:
        entries = entries.filter(action=action)
    if model:
        entries = entries.filter(model=model)
    return entries.order_by("-at", "-id")
