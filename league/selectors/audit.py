"""Reading the audit log (league.models.AuditEntry), newest first, each scope's part to its
administrators."""
from django.db.models import Q, QuerySet

from ..models import AuditEntry
from ..permissions import administered_league_ids, directed_tournaments, is_site_admin, organised_club_ids


def audit_entries(*, action: str = "", model: str = "", user=None) -> QuerySet[AuditEntry]:
    """Every entry, newest first; narrowed to one ``action`` or kind of object (``model``) when given.
    With ``user`` only the part they may read: all for a site administrator; for everyone else the
    entries of the leagues they administer, the clubs they organise and the tournaments they direct."""
    entries = AuditEntry.objects.select_related("user")
    if user is not None and not is_site_admin(user):
        directed = directed_tournaments(user, archived=True).values("pk")
        mine = Q(scope_tournament__in=directed)
        if leagues := administered_league_ids(user):
            mine |= Q(scope_league__in=leagues)
        if clubs := organised_club_ids(user):
            mine |= Q(scope_club__in=clubs)
        entries = entries.filter(mine)
    if action:
        entries = entries.filter(action=action)
    if model:
        entries = entries.filter(model=model)
    return entries.order_by("-at", "-id")

