"""Reads for the management area (league.views.management)."""
from django.db.models import BooleanField, Count, ExpressionWrapper, Prefetch, Q

from ..models import AccountClaim, Club, League, Season, Signup, Tournament


def management_overview() -> dict:
    """The leagues with their seasons, the tournaments (those still to come or running first), how
    many clubs there are and how many account claims wait for an administrator."""
    leagues = League.objects.prefetch_related(
        Prefetch("seasons", queryset=Season.objects.annotate(tournament_count=Count("tournaments"))))
    tournaments = (Tournament.objects.select_related("season__league")
                   .annotate(registered=Count("registrations", distinct=True),
                             over=ExpressionWrapper(Q(status=Tournament.Status.FINISHED),
                                                    output_field=BooleanField()))
                   .order_by("over", "-starts_on", "name"))
    return {"leagues": list(leagues), "tournaments": list(tournaments), "club_count": Club.objects.count(),
            "claims_waiting": AccountClaim.objects.filter(status=AccountClaim.Status.PENDING).count()}


def tournament_summary(*, tournament: Tournament) -> dict:
    """Where a tournament stands: registrations, sign-ups waiting for a decision, sessions drawn."""
    return {
        "registered": tournament.registrations.count(),
        "pending_signups": Signup.objects.filter(tournament=tournament, status=Signup.Status.PENDING).count(),
        "sessions_drawn": tournament.sessions.filter(tables__isnull=False).distinct().count(),
    }
