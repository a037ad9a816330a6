"""Who may do what: one place for the role checks that views, the API and services share."""
from django.db.models import Q, QuerySet

from .models import RefereeAssignment, Tournament

ADMINISTER = "league.administer"
ADMIN_GROUP = "League administrators"


def is_league_admin(user) -> bool:
    """Superusers, and active users given ``league.administer`` directly or through a group (the
    "League administrators" group has it). ``is_staff`` alone gives nothing here."""
    if not (user and user.is_authenticated and user.is_active):
        return False
    if user.is_superuser:
        return True
    known = getattr(user, "_is_league_admin", None)
    if known is None:  # one query, remembered on the user for the rest of the request
        from django.contrib.auth.models import Permission

        app_label, codename = ADMINISTER.split(".")
        known = Permission.objects.filter(Q(user=user) | Q(group__user=user), codename=codename,
                                          content_type__app_label=app_label).exists()
        user._is_league_admin = known
    return known


def can_referee(user, tournament_id: int) -> bool:
    """Administrators everywhere; referees in the tournaments they are assigned to."""
    if not (user and user.is_authenticated):
        return False
    if is_league_admin(user):
        return True
    known = getattr(user, "_referee_in", None)
    if known is None:  # remembered on the user for the rest of the request, like is_league_admin
        known = user._referee_in = {}
    if tournament_id not in known:
        known[tournament_id] = RefereeAssignment.objects.filter(user=user, tournament_id=tournament_id).exists()
    return known[tournament_id]


def can_see_tournament(user, *, tournament_id: int, published: bool) -> bool:
    """``visible_tournaments``' rule for one tournament whose ``published`` flag is at hand."""
    return published or can_referee(user, tournament_id)


def visible_tournaments(user) -> QuerySet[Tournament]:
    """Published tournaments for everyone; administrators see all, referees also their own."""
    tournaments = Tournament.objects.all()
    if is_league_admin(user):
        return tournaments
    if user and user.is_authenticated:
        return tournaments.filter(Q(published=True) | Q(referee_assignments__user=user)).distinct()
    return tournaments.filter(published=True)
