"""Registrations and referee assignments."""
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from .. import tournament_options
from ..errors import ServiceError
from ..models import Hand, Player, RefereeAssignment, Registration, Tournament
from .standings import standings_request


def registration_create(*, tournament: Tournament, player: Player, substitute: bool = False,
                        team: str = "") -> Registration:
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("tournament_finished", _("This tournament is finished; nobody can register any more."),
                           status=409)
    try:
        with transaction.atomic():
            registration = Registration.objects.create(tournament=tournament, player=player,
                                                       substitute=substitute, team=team)
            standings_request(tournament_id=tournament.pk)
    except IntegrityError:
        raise ServiceError("already_registered", _("%(player)s is already registered.") % {"player": player},
                           fields={"player": [_("Already registered.")]}, status=409) from None
    return registration


def referee_assign(*, tournament: Tournament, user) -> RefereeAssignment:
    assignment, _created = RefereeAssignment.objects.get_or_create(tournament=tournament, user=user)
    return assignment


def tournament_rules_frozen(*, tournament: Tournament, ruleset: str, options: dict) -> None:
    """Refuse a change of ruleset or its options once hands are played: the stored settlements were
    made under the old rules and every table's game would replay differently. Tournament-level
    options (``league.tournament_options``) stay editable."""
    unchanged = tournament_options.split(options)[0] == tournament_options.split(tournament.options)[0]
    if tournament.pk is None or (ruleset == tournament.ruleset and unchanged):
        return
    if Hand.objects.filter(table__session__tournament=tournament).exists():
        raise ServiceError("rules_frozen", _("Hands have been played in this tournament; its ruleset and options "
                                              "can no longer change."), fields={"options": [_("Frozen.")]},
                           status=409)
