"""Registrations and referee assignments."""
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from .. import tournament_options
from ..cache import pages_changed
from ..errors import ServiceError
from ..models import Hand, Player, RefereeAssignment, Registration, Table, Tournament
from .rankings import ranking_fields, tournament_saved
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


def tournament_options_set(*, tournament: Tournament, ruleset: str, options: dict) -> Tournament:
    """Store the tournament's ruleset and options (the ruleset's and the tournament-level ones),
    keeping only values that differ from the defaults. Bad values → ServiceError naming the option
    in ``fields``; a played tournament's rules → 409 ``rules_frozen``."""
    import scoring

    from ..errors import from_scoring

    try:
        own, day = tournament_options.validate_all(ruleset, options)
    except scoring.ScoringError as error:
        problem = from_scoring(error)
        option = error.params.get("option")
        raise ServiceError(problem.code, problem.message,
                           fields={option: [problem.message]} if option else problem.fields) from error
    defaults = {**scoring.validate_options(ruleset, {}), **tournament_options.validate({})}
    stored = {key: value for key, value in {**own, **day}.items() if value != defaults.get(key)}
    tournament_rules_frozen(tournament=tournament, ruleset=ruleset, options=stored)
    changed = (ruleset, stored) != (tournament.ruleset, tournament.options or {})
    tournament.ruleset, tournament.options = ruleset, stored
    tournament.save(update_fields=["ruleset", "options"])
    if changed:  # e.g. substitute_scoring changes who is in the standings
        standings_request(tournament_id=tournament.pk)
    return tournament


# ---- the status follows play (API.md: running from the first hand, finished when the last
# session's tables are all closed); an administrator may set it (the control room) ----

STATUS_BEFORE_PLAY = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)


def tournament_status_set(*, tournament: Tournament, status: str) -> Tournament:
    """Set the status by hand (undo or force what play did). Finishing brings the standings up to
    date and queues the season's ranking, as any edit of the status does (``tournament_saved``)."""
    if status not in Tournament.Status.values:
        raise ServiceError("bad_status", _("Choose one of: draft, registration, running, finished."),
                           fields={"status": [_("Unknown status.")]})
    if status == tournament.status:
        return tournament
    before = ranking_fields(tournament)
    tournament.status = status
    tournament.save(update_fields=["status"])  # the save retires the cached pages (league.signals)
    tournament_saved(tournament=tournament, before=before)
    return tournament


def _last_session_closed(tournament: Tournament) -> bool:
    tables = Table.objects.filter(session__tournament=tournament, session__number=tournament.session_count)
    return tables.exists() and not tables.filter(closed=False).exists()


def tournament_status_follow(*, tournament: Tournament, hand_played: bool = False) -> Tournament:
    """After a hand is stored or a table closed or reopened: a tournament not yet running runs from
    its first hand; a running one is finished when the last session's tables are all closed, and
    runs again when one of them is reopened."""
    status = tournament.status
    if hand_played and status in STATUS_BEFORE_PLAY:
        # conditional: two first hands at once move it once
        if Tournament.objects.filter(pk=tournament.pk, status__in=STATUS_BEFORE_PLAY).update(
                status=Tournament.Status.RUNNING):
            tournament.status = Tournament.Status.RUNNING
            pages_changed(tournament_id=tournament.pk)
        return tournament
    if hand_played:
        return tournament
    if status == Tournament.Status.RUNNING and _last_session_closed(tournament):
        return tournament_status_set(tournament=tournament, status=Tournament.Status.FINISHED)
    if status == Tournament.Status.FINISHED and not _last_session_closed(tournament):
        return tournament_status_set(tournament=tournament, status=Tournament.Status.RUNNING)
    return tournament
