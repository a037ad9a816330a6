"""Reads for the management area (league.views.management)."""
from django.db.models import BooleanField, Count, ExpressionWrapper, Prefetch, Q

from ..models import AccountClaim, Club, League, Registration, Season, Seat, Signup, Tournament


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


def tournament_registrations(*, tournament: Tournament) -> list[Registration]:
    """The tournament's registrations with their players and clubs, by last and first name; each
    with ``seated`` (the player has a seat: the registration can no longer be removed)."""
    registrations = list(Registration.objects.filter(tournament=tournament).select_related("player__club")
                         .order_by("player__last_name", "player__first_name", "player_id"))
    seated = set(Seat.objects.filter(session__tournament=tournament).values_list("player_id", flat=True))
    for registration in registrations:
        registration.seated = registration.player_id in seated  # type: ignore[attr-defined]
    return registrations
