"""Reads for the management area (league.views.management)."""
from django.db.models import BooleanField, Count, ExpressionWrapper, Prefetch, Q

from ..models import AccountClaim, Club, League, Registration, Season, Seat, Signup, Tournament
from ..permissions import administered_league_ids, directed_tournaments, is_site_admin, organised_club_ids


def management_overview(*, user) -> dict:
    """What ``user`` administers: the leagues with their seasons, the tournaments they direct (those
    still to come or running first), how many clubs they see and, for site administrators, how many
    account claims wait; ``may`` says which of the area's doors are theirs."""
    site = is_site_admin(user)
    leagues, clubs = administered_league_ids(user), organised_club_ids(user)
    leagues_shown = League.objects.all() if site else League.objects.filter(pk__in=leagues)
    leagues_shown = leagues_shown.prefetch_related(
        Prefetch("seasons", queryset=Season.objects.annotate(tournament_count=Count("tournaments"))))
    clubs_shown = Club.objects.all() if site or leagues else Club.objects.filter(pk__in=clubs)
    tournaments = (directed_tournaments(user).select_related("season__league")
                   .annotate(registered=Count("registrations", distinct=True),
                             over=ExpressionWrapper(Q(status=Tournament.Status.FINISHED),
                                                    output_field=BooleanField()))
                   .order_by("over", "-starts_on", "name"))
    return {"leagues": list(leagues_shown), "tournaments": list(tournaments), "club_count": clubs_shown.count(),
            "claims_waiting": AccountClaim.objects.filter(status=AccountClaim.Status.PENDING).count() if site else 0,
            "may": {"site": site, "leagues": site or bool(leagues), "clubs": site or bool(leagues or clubs),
                    "tournaments": site or bool(leagues or clubs)}}


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
