"""Tournament penalties given outside a hand (points off a player's standing, or a disqualification),
from the control room; penalties within a hand are part of the hand's record (league.services.hands)."""
from django.db import transaction
from django.utils.translation import gettext as _

from ..cache import pages_changed
from ..errors import ServiceError
from ..models import Player, Registration, Tournament, TournamentPenalty
from ..selectors.day import current_session_number
from .standings import standings_request

MAX_PENALTY_POINTS = 1_000_000
REASON_MAX = TournamentPenalty._meta.get_field("reason").max_length


@transaction.atomic
def tournament_penalty_create(*, tournament: Tournament, player: Player, points: int | None, reason: str,
                              disqualified: bool = False, user=None) -> TournamentPenalty:
    """Take ``points`` off a registered player's score in the standings (and disqualify when asked);
    the standings are recomputed. The penalty belongs to the session being played (hidden with it
    while the standings are hidden)."""
    problems = {}
    if not Registration.objects.filter(tournament=tournament, player=player).exists():
        problems["player"] = [_("Not registered.")]
    if type(points) is not int or not 0 <= points <= MAX_PENALTY_POINTS:
        problems["points"] = [_("A whole number from 0 to %(max)s.") % {"max": MAX_PENALTY_POINTS}]
    elif points == 0 and not disqualified:
        problems["points"] = [_("Give points, or disqualify.")]
    reason = (reason or "").strip()
    if not reason or len(reason) > REASON_MAX:
        problems["reason"] = [_("Say why, in at most %(count)s characters.") % {"count": REASON_MAX}]
    if problems:
        raise ServiceError("bad_penalty", _("The penalty is incomplete: see the marked fields."), fields=problems)
    penalty = TournamentPenalty.objects.create(tournament=tournament, player=player, points=points, reason=reason,
                                               disqualified=disqualified, created_by=user,
                                               session_number=current_session_number(tournament))
    standings_request(tournament_id=tournament.pk)
    pages_changed(tournament_id=tournament.pk)
    return penalty


@transaction.atomic
def tournament_penalty_delete(*, penalty: TournamentPenalty) -> None:
    tournament_id = penalty.tournament_id
    penalty.delete()
    standings_request(tournament_id=tournament_id)
    pages_changed(tournament_id=tournament_id)
