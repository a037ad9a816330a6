"""Changing and deleting a registration (created by ``tournaments.registration_create``, which the
sign-ups approve through): the team and substitute flag count in the standings, and a freed place
goes to the first sign-up on the waiting list (``signups.signups_move_up``)."""
from django.db import transaction

from ..models import AuditEntry, Registration, Signup, Tournament
from .audit import audit_record
from .deletions import deletion_refusal
from .fields import fields_set
from .signups import signups_move_up
from .standings import standings_request

REGISTRATION_FIELDS = ("substitute", "team")


def registration_update(*, registration: Registration, data: dict, user=None) -> Registration:
    """Change the registration's ``team`` or ``substitute`` flag; the standings are requested when
    either changed (team standings, substitutes' results)."""
    data = {**data, **({"team": (data["team"] or "").strip()} if "team" in data else {})}
    changed = fields_set(registration, data, REGISTRATION_FIELDS)
    if changed:
        with transaction.atomic():
            registration.save(update_fields=changed)
            standings_request(tournament_id=registration.tournament_id)
    return registration


def registration_delete(*, registration: Registration, user=None) -> None:
    """Take the registration back (refused once the player has been seated: withdraw them instead),
    logged when an administrator does it; after the commit the waiting list moves up into the freed
    place."""
    tournament_id = registration.tournament_id
    refusal = deletion_refusal(registration)
    if refusal is not None:
        raise refusal
    with transaction.atomic():
        if user is not None:
            audit_record(user=user, action=AuditEntry.Action.DELETE, obj=registration)
        registration.delete()
        standings_request(tournament_id=tournament_id)
        transaction.on_commit(lambda: waiting_list_move_up(tournament_id))


def waiting_list_move_up(tournament_id: int) -> None:
    """After a place was freed: the waiting sign-ups move up (league.services.signups)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is not None and Signup.objects.filter(tournament=tournament,
                                                        status=Signup.Status.WAITING).exists():
        signups_move_up(tournament=tournament)
