"""Tournaments (the one way to create and change one), registrations and referee assignments.

``tournament_create`` and ``tournament_update`` are the only writers of a tournament's fields: the
API, the management pages, Django's admin and the demo call them. They validate once (clear error
codes, tied to the field), save only what changed, and ask for what the change makes stale: the
standings when a field the standings read changed (ruleset, options, standing method), the season
rankings when a field the ranking reads changed (``rankings.RANKING_FIELDS``)."""
import copy

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import scoring
from scoring import rulesets

from .. import tournament_options
from ..cache import pages_changed
from ..errors import Conflict, ServiceError, from_scoring
from ..models import Hand, Player, RefereeAssignment, Registration, Season, Table, Tournament
from ..rule_options import family_label
from ..selectors.standings import season_family
from ..validators import hidden_characters_message
from .club import club_options
from .fields import field_error, fields_required, fields_set
from .rankings import ranking_fields, tournament_finish, tournament_saved
from .standings import standings_request

# The fields a caller may set; the rest (standings_revealed_at …) belong to other services.
TOURNAMENT_FIELDS = ("slug", "name", "season", "host_club", "ruleset", "options", "place", "starts_on", "ends_on",
                     "status", "published", "session_count", "standing_method", "weight", "qualifying",
                     "registration_open", "registration_limit", "registration_deadline")
# What standings_recompute reads of the tournament: a change re-orders the standings at once.
STANDINGS_FIELDS = ("ruleset", "options", "standing_method")
# The kinds a caller may create; an external tournament is made by its results' upload only.
CREATED_KINDS = (Tournament.Kind.TOURNAMENT, Tournament.Kind.CLUB)


def registration_create(*, tournament: Tournament, player: Player, substitute: bool = False,
                        team: str = "") -> Registration:
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("tournament_finished", _("This tournament is finished; nobody can register any more."))
    if message := hidden_characters_message(team):
        raise ServiceError("hidden_characters", message, fields={"team": [message]})
    try:
        with transaction.atomic():
            registration = Registration.objects.create(tournament=tournament, player=player,
                                                       substitute=substitute, team=team)
            standings_request(tournament_id=tournament.pk)
    except IntegrityError:
        raise Conflict("already_registered", _("%(player)s is already registered.") % {"player": player},
                       fields={"player": [_("Already registered.")]}) from None
    return registration


def registrations_create_many(*, tournament: Tournament, entries: list[dict]) -> list[Registration]:
    """Register many players at once (the registration import, the bulk entry of players): each
    entry ``{"player_id", "substitute"?, "team"?}``; one standings request for all."""
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("tournament_finished", _("This tournament is finished; nobody can register any more."))
    registrations = Registration.objects.bulk_create([
        Registration(tournament=tournament, player_id=entry["player_id"], substitute=entry.get("substitute", False),
                     team=entry.get("team", "")) for entry in entries])
    standings_request(tournament_id=tournament.pk)
    return registrations


def _outside_season(tournament: Tournament, season: Season | None) -> bool:
    return season is not None and (tournament.starts_on < season.starts_on or tournament.ends_on > season.ends_on)


def tournament_validate(*, tournament: Tournament, before: Tournament | None = None,
                        outside_season_ok: bool = False) -> None:
    """Every rule a tournament's fields must keep, checked on the unsaved ``tournament`` (``before``:
    as stored). ServiceError with a code and the field: ``dates_order``, ``no_sessions``,
    ``unknown_ruleset``, ``unknown_standing_method``, ``unknown_status``, ``weight_range``, the
    options' own codes, ``stage_beyond_sessions``, ``rules_frozen`` (409), ``outside_season`` (unless
    ``outside_season_ok``: an administrator confirmed the dates), ``ruleset_family_mismatch`` (409:
    the season ranks another family of rulesets), ``slug_taken`` (409)."""
    fields_required(tournament, ("slug", "name", "ruleset", "starts_on", "ends_on"))
    if rulesets.get(tournament.ruleset) is None:
        raise field_error("unknown_ruleset", "ruleset", _("Choose one of the rulesets."))
    if tournament.standing_method not in ("", *Tournament.StandingMethod.values):
        raise field_error("unknown_standing_method", "standing_method", _("Choose one of the standing methods."))
    if tournament.status not in Tournament.Status.values:
        raise field_error("unknown_status", "status", _("Choose one of the statuses."))
    if not tournament.session_count or tournament.session_count < 1:
        raise field_error("no_sessions", "session_count", _("A tournament has at least one session."))
    if tournament.starts_on and tournament.ends_on and tournament.ends_on < tournament.starts_on:
        raise field_error("dates_order", "ends_on", _("The tournament cannot end before it starts."))
    if tournament.weight is not None and not (0.5 <= tournament.weight <= 6):
        raise field_error("weight_range", "weight", _("Give a weight from 0.5 to 6, or none."))
    if not isinstance(tournament.options, dict):
        raise field_error("invalid", "options", _("Options must be a JSON object."))
    if before is not None:
        tournament_rules_frozen(tournament=before, ruleset=tournament.ruleset, options=tournament.options)
    try:
        tournament_options.validate_all(tournament.ruleset, tournament.options)
    except scoring.ScoringError as error:
        problem = from_scoring(error)
        option = error.params.get("option")
        raise ServiceError(problem.code, problem.message,
                           fields={"options": [problem.message], **({option: [problem.message]} if option else {})}
                           ) from error
    _stages_within_sessions(tournament)
    season = tournament.season
    if not outside_season_ok and _outside_season(tournament, season) and (
            before is None or (before.season_id, before.starts_on, before.ends_on)
            != (tournament.season_id, tournament.starts_on, tournament.ends_on)):
        message = (_("The tournament's dates lie outside its season %(season)s (%(starts)s to %(ends)s). Change "
                     "the dates or the season, or confirm that the dates are right.")
                   % {"season": season, "starts": season.starts_on.isoformat(), "ends": season.ends_on.isoformat()})
        raise ServiceError("outside_season", message, fields={"starts_on": [message]})
    if season is not None and (before is None or (before.season_id, before.ruleset)
                               != (tournament.season_id, tournament.ruleset)):
        family_kept(season=season, ruleset=tournament.ruleset, excluding=(tournament.pk,))
    if Tournament.objects.filter(slug=tournament.slug).exclude(pk=tournament.pk).exists():
        raise Conflict("slug_taken", _("Another tournament already has this address."),
                       fields={"slug": [_("Already taken.")]})


def family_kept(*, season: Season, ruleset: str, excluding: tuple[int | None, ...] = ()) -> None:
    """A tournament of ``ruleset`` may join the season only if its family of rulesets is the
    season's (``season_family``, its other tournaments ``excluding`` these): else 409
    ``ruleset_family_mismatch`` on the season and the ruleset (docs/rules.md §11)."""
    family = season_family(season, excluding=tuple(pk for pk in excluding if pk))
    own = rulesets.family(ruleset)
    if family is None or own is None or own == family:
        return
    message = (_("The season %(season)s ranks %(family)s; a tournament of %(other)s cannot count in it. Choose "
                 "another season (or none) or a ruleset of that family.")
               % {"season": season, "family": family_label(family), "other": family_label(own)})
    raise Conflict("ruleset_family_mismatch", message, fields={"season": [message], "ruleset": [message]})


def _stages_within_sessions(tournament: Tournament) -> None:
    """The option ``stages`` (docs/rules.md §7) needs the tournament: every stage starts at one of its
    sessions, or ``400 stage_beyond_sessions`` on the stages and the session count."""
    stages = (tournament.options or {}).get("stages") or []
    beyond = [stage for stage in stages if stage["from_session"] > tournament.session_count]
    if beyond:
        message = (_("The stage %(name)s starts at session %(number)s, but the tournament has %(count)s sessions.")
                   % {"name": beyond[0]["name"], "number": beyond[0]["from_session"],
                      "count": tournament.session_count})
        raise ServiceError("stage_beyond_sessions", message,
                           fields={"options": [message], "stages": [message], "session_count": [message]})


def _tournament_write(*, tournament: Tournament, data: dict, before: Tournament | None,
                      outside_season_ok: bool) -> list[str]:
    changed = fields_set(tournament, data, TOURNAMENT_FIELDS)
    if tournament.options is None:
        tournament.options = {}
    tournament_validate(tournament=tournament, before=before, outside_season_ok=outside_season_ok)
    return changed


def tournament_check(*, tournament: Tournament | None, data: dict, outside_season_ok: bool = False) -> None:
    """Raise the ServiceError ``tournament_create`` (``tournament`` None) or ``tournament_update``
    would raise for ``data``, storing nothing: for forms that show the errors on their fields."""
    candidate = copy.copy(tournament) if tournament is not None else Tournament()
    _tournament_write(tournament=candidate, data=data, before=tournament, outside_season_ok=outside_season_ok)


def tournament_create(*, data: dict, user=None, outside_season_ok: bool = False) -> Tournament:
    """A new tournament from ``data`` (keys of ``TOURNAMENT_FIELDS``; slug, name, ruleset, starts_on
    and ends_on needed; ``kind`` "tournament" or "club", fixed from then on). Created finished, it is
    finished as ``tournament_finish`` does. A club event starts with one session counted and the
    players entering their tables (``club_options``)."""
    finished = data.get("status") == Tournament.Status.FINISHED
    tournament = Tournament()
    data = dict(data)
    kind = data.pop("kind", None) or Tournament.Kind.TOURNAMENT
    if kind not in CREATED_KINDS:
        raise field_error("unknown_kind", "kind", _("Choose a tournament or a club event."))
    tournament.kind = kind
    if kind == Tournament.Kind.CLUB:
        # open-ended: its evenings are opened one by one (session_count counts them); players enter
        data = {**data, "session_count": 1, "options": club_options(data.get("options"))}
    with transaction.atomic():
        _tournament_write(tournament=tournament,
                          data={**data, "status": Tournament.Status.RUNNING} if finished else data,
                          before=None, outside_season_ok=outside_season_ok)
        tournament.save()
        if finished:
            tournament_finish(tournament=tournament)
        elif tournament.season_id:
            tournament_saved(tournament=tournament, before={})
    return tournament


def tournament_update(*, tournament: Tournament, data: dict, user=None, outside_season_ok: bool = False
                      ) -> Tournament:
    """Change the fields in ``data`` (keys of ``TOURNAMENT_FIELDS``; absent ones stay), validated as a
    whole, on the stored row (returned; the caller's instance may hold unsaved edits); saves only the
    changed fields. A changed ruleset, options or standing method re-orders
    the standings at once (the recomputation is requested); a change that the season ranking reads
    (status, published, season, weight, qualifying, dates, options) requests the rankings, and a
    tournament that becomes finished gets its standings brought up to date first."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
        data = dict(data)
        if data.pop("kind", tournament.kind) != tournament.kind:
            raise field_error("kind_fixed", "kind", _("The kind is set when the tournament is created."))
        if tournament.kind == Tournament.Kind.CLUB:
            data.pop("session_count", None)  # it counts the evenings opened (services.club)
        stored = copy.copy(tournament)
        changed = _tournament_write(tournament=tournament, data=data, before=stored,
                                    outside_season_ok=outside_season_ok)
        if not changed:
            return tournament
        tournament.save(update_fields=changed)
        if set(changed) & set(STANDINGS_FIELDS):
            standings_request(tournament_id=tournament.pk)
        tournament_saved(tournament=tournament, before=ranking_fields(stored))
    return tournament


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
        raise Conflict("rules_frozen", _("Hands have been played in this tournament; its ruleset and options "
                                          "can no longer change."), fields={"options": [_("Frozen.")]})


def tournament_options_set(*, tournament: Tournament, ruleset: str, options: dict, user=None) -> Tournament:
    """Store the tournament's ruleset and options (the ruleset's and the tournament-level ones),
    keeping only values that differ from the defaults. Bad values → ServiceError naming the option
    in ``fields``; a played tournament's rules → 409 ``rules_frozen``."""
    try:
        own, day = tournament_options.validate_all(ruleset, options)
    except scoring.ScoringError as error:
        problem = from_scoring(error)
        option = error.params.get("option")
        raise ServiceError(problem.code, problem.message,
                           fields={option: [problem.message]} if option else problem.fields) from error
    defaults = {**scoring.validate_options(ruleset, {}), **tournament_options.validate({})}
    stored = {key: value for key, value in {**own, **day}.items() if value != defaults.get(key)}
    return tournament_update(tournament=tournament, data={"ruleset": ruleset, "options": stored}, user=user)


# ---- the status follows play (docs/api.md: running from the first hand, finished when the last
# session's tables are all closed); an administrator may set it (the control room) ----

STATUS_BEFORE_PLAY = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)


def tournament_status_set(*, tournament: Tournament, status: str, user=None) -> Tournament:
    """Set the status by hand (undo or force what play did), through ``tournament_update``:
    finishing brings the standings up to date and queues the season's ranking."""
    if status not in Tournament.Status.values:
        raise ServiceError("bad_status", _("Choose one of: draft, registration, running, finished."),
                           fields={"status": [_("Unknown status.")]})
    return tournament_update(tournament=tournament, data={"status": status}, user=user, outside_season_ok=True)


def _last_session_state(tournament: Tournament) -> tuple[bool, bool]:
    """(has the last session tables, is one of them open)."""
    tables = Table.objects.filter(session__tournament=tournament, session__number=tournament.session_count)
    return tables.exists(), tables.filter(closed=False).exists()


def tournament_status_follow(*, tournament: Tournament, hand_played: bool = False) -> Tournament:
    """After a hand is stored or a table closed or reopened: a tournament not yet running runs from
    its first hand; a running one is finished when the last session's tables are all closed, and
    runs again when one of them is reopened. A club event is finished only by an administrator."""
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
    if tournament.kind == Tournament.Kind.CLUB:  # open-ended: an administrator finishes it
        return tournament
    drawn, open_table = _last_session_state(tournament)
    if status == Tournament.Status.RUNNING and drawn and not open_table:
        return tournament_status_set(tournament=tournament, status=Tournament.Status.FINISHED)
    if status == Tournament.Status.FINISHED and open_table:  # a table of the last session reopened
        return tournament_status_set(tournament=tournament, status=Tournament.Status.RUNNING)
    return tournament
