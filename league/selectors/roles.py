"""Reading roles (league.models.roles): those inside a caller's scope, for ``roles/`` and
``/manage/roles/``, and a tournament's directors and referees for its manage page."""
from django.db.models import Q, QuerySet

from ..models import Role, Tournament
from ..permissions import administered_league_ids, directed_tournaments, is_site_admin, organised_club_ids


def roles_in_scope(*, user) -> QuerySet[Role]:
    """Every role for a site administrator; for everyone else the roles in the leagues they
    administer, the clubs they organise and the tournaments they direct (their events' directors
    and referees among them), and their own."""
    roles = Role.objects.select_related("user", "league", "club", "tournament").order_by("role", "pk")
    if is_site_admin(user):
        return roles
    if not (user and user.is_authenticated):
        return roles.none()
    return roles.filter(Q(user=user) | Q(league_id__in=administered_league_ids(user))
                        | Q(club_id__in=organised_club_ids(user))
                        | Q(tournament__in=directed_tournaments(user, archived=True).values("pk")))


def tournament_staff(*, tournament: Tournament) -> QuerySet[Role]:
    """The tournament's directors and referees (invited ones too), directors first."""
    return (Role.objects.filter(tournament=tournament, role__in=[Role.Kind.DIRECTOR, Role.Kind.REFEREE])
            .select_related("user").order_by("role", "pk"))
