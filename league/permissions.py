"""Who may do what: one place for the role checks that views, the API and services share."""
from django.db.models import Q, QuerySet

from .models import RefereeAssignment, Tournament


def is_league_admin(user) -> bool:
    return bool(user and user.is_authenticated and (user.is_staff or user.is_superuser))


def can_referee(user, tournament_id: int) -> bool:
    """Administrators everywhere; referees in the tournaments they are assigned to."""
    if not (user and user.is_authenticated):
        return False
    if is_league_admin(user):
        return True
    return RefereeAssignment.objects.filter(user=user, tournament_id=tournament_id).exists()


def visible_tournaments(user) -> QuerySet[Tournament]:
    """Published tournaments for everyone; administrators see all, referees also their own."""
    tournaments = Tournament.objects.all()
    if is_league_admin(user):
        return tournaments
    if user and user.is_authenticated:
        return tournaments.filter(Q(published=True) | Q(referee_assignments__user=user)).distinct()
    return tournaments.filter(published=True)
