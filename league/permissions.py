"""Who may do what: one place for the role checks that views, the API and services share, each
answered in its scope (league.models.roles; docs/api.md "Roles"):

- ``is_site_admin(user)`` — everything (``is_league_admin`` is its old name, kept);
- ``administers_league(user, league_id)``, ``organises_club(user, club_id)``;
- ``administers_tournament(user, t)`` — whose event it is (site, its league's administrators, its
  host club's organisers): delete, archive, restore, give directors;
- ``directs(user, t)`` — the above and its directors: control room, registrations, sign-ups, draws,
  clock, penalties, withdrawals, reveal, referees, exports, rule options;
- ``can_referee(user, t_id)`` (also ``referees``) — directors and its referees;
- ``edits_player(user, player)``; ``has_scope(user)`` — opens ``/manage/``;
- ``may_place_tournament(user, season=, host_club=, tournament=)`` — a new tournament's, or a moved one's, place;
- lists: ``visible_tournaments``, ``directed_tournaments``, ``administered_league_ids``,
  ``organised_club_ids``; refusals: ``refuse`` / ``director_or_refuse`` / ``referee_or_refuse``
  (404 for what they may not see, 403 for what they see but may not change).

Within a request each answer is asked of the database once and remembered until the request
ends (in ``_request``, per thread and task, emptied when a request starts and when it finishes), so
a view, its permission class and its serializer may all ask. Outside a request (tasks, commands)
nothing is remembered."""
from asgiref.local import Local
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.signals import request_finished, request_started
from django.db.models import Prefetch, Q, QuerySet, prefetch_related_objects
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import Player, RefereeAssignment, Role, Seat, SeatCode, Table, Tournament

ADMINISTER = "league.administer"
ADMIN_GROUP = "League administrators"

_request = Local()


def _answers(**_signal) -> None:
    _request.answers = {}


def _forget(**_signal) -> None:
    _request.answers = None


request_started.connect(_answers, dispatch_uid="league.permissions.answers")
request_finished.connect(_forget, dispatch_uid="league.permissions.forget")


def _remembered(key: tuple, ask) -> bool:
    answers = getattr(_request, "answers", None)
    if answers is None:
        return ask()
    if key not in answers:
        answers[key] = ask()
    return answers[key]


def _signed_in(user) -> bool:
    return bool(user and user.is_authenticated and user.is_active)


def is_site_admin(user) -> bool:
    """A site administrator: superusers, and active users given ``league.administer`` directly or
    through a group (the "League administrators" group has it; giving the role ``site_admin`` puts
    a user in it, league.services.roles). ``is_staff`` alone gives nothing here. Site administrators
    may do everything, including merging and erasing players, giving any role and Django's admin."""
    if not _signed_in(user):
        return False
    if user.is_superuser:
        return True

    def ask() -> bool:
        from django.contrib.auth.models import Permission

        app_label, codename = ADMINISTER.split(".")
        return Permission.objects.filter(Q(user=user) | Q(group__user=user), codename=codename,
                                         content_type__app_label=app_label).exists()

    return _remembered(("administer", user.pk), ask)


def is_league_admin(user) -> bool:
    """Kept for the code that asked it before roles had a scope: a *site* administrator
    (``is_site_admin``). Ask the scoped questions below where a place concerns one league, club or
    tournament."""
    return is_site_admin(user)


def _active_roles(user) -> QuerySet[Role]:
    return Role.objects.filter(user=user, status=Role.Status.ACTIVE)


def _roles_of(user) -> dict[str, frozenset[int]]:
    """``user``'s active roles but referees' (those live in ``RefereeAssignment``), one query: each
    kind with the ids of the leagues, clubs or tournaments it is held in."""
    def ask() -> dict[str, frozenset[int]]:
        held: dict[str, set[int]] = {}
        rows = (_active_roles(user).exclude(role__in=[Role.Kind.REFEREE, Role.Kind.SITE_ADMIN])
                .values_list("role", "league_id", "club_id", "tournament_id"))
        for kind, league, club, tournament in rows:
            held.setdefault(kind, set()).add(league or club or tournament)
        return {kind: frozenset(ids) for kind, ids in held.items()}

    return _remembered(("roles", user.pk), ask)


def _role_ids(user, kind: str) -> frozenset[int]:
    """The ids of the leagues, clubs or tournaments where ``user`` holds an active role ``kind``."""
    if not _signed_in(user):
        return frozenset()
    return _roles_of(user).get(kind, frozenset())


def administered_league_ids(user) -> frozenset[int]:
    """The leagues ``user`` administers by a role (site administrators: every league, ask ``is_site_admin``)."""
    return _role_ids(user, Role.Kind.LEAGUE_ADMIN)


def organised_club_ids(user) -> frozenset[int]:
    """The clubs ``user`` organises by a role (site administrators: every club, ask ``is_site_admin``)."""
    return _role_ids(user, Role.Kind.CLUB_ORGANISER)


def administers_league(user, league_id: int | None) -> bool:
    """Site administrators; the league's administrators (its seasons, their tournaments and club
    events, results from elsewhere, rankings and exports)."""
    return is_site_admin(user) or (league_id is not None and league_id in administered_league_ids(user))


def organises_club(user, club_id: int | None) -> bool:
    """Site administrators; the club's organisers (its details and its club events)."""
    return is_site_admin(user) or (club_id is not None and club_id in organised_club_ids(user))


def has_scope(user) -> bool:
    """Whether ``user`` administers anything: a site administrator, or an active league
    administrator, club organiser or director. They open ``/manage/``, which shows only their scope."""
    if is_site_admin(user):
        return True
    if not _signed_in(user):
        return False
    return bool(_roles_of(user))


def _tournament_id(tournament) -> int:
    return tournament if isinstance(tournament, int) else tournament.pk


def administers_tournament(user, tournament) -> bool:
    """Whose event ``tournament`` (a Tournament or its id) is: site administrators, the
    administrators of its season's league, the organisers of its host club. They delete, archive and
    restore it, and give it directors."""
    if is_site_admin(user):
        return True
    if not _signed_in(user):
        return False
    tid = _tournament_id(tournament)
    leagues, clubs = administered_league_ids(user), organised_club_ids(user)
    if not (leagues or clubs):
        return False
    return _remembered(("owns", user.pk, tid), lambda: Tournament.objects.filter(
        Q(season__league_id__in=leagues) | Q(host_club_id__in=clubs), pk=tid).exists())


def directs(user, tournament) -> bool:
    """A director's rights in ``tournament`` (a Tournament or its id): ``administers_tournament``, and
    its directors. Its control room, registrations, sign-ups, draws, clock, penalties, withdrawals,
    reveal, referees, exports and rule options."""
    if administers_tournament(user, tournament):
        return True
    if not _signed_in(user):
        return False
    return _tournament_id(tournament) in _role_ids(user, Role.Kind.DIRECTOR)


def can_referee(user, tournament_id: int) -> bool:
    """Whoever ``directs`` the tournament; its referees (``RefereeAssignment``, asked first: the score
    sheet's every write asks this)."""
    if not (user and user.is_authenticated):
        return False
    # an archived tournament has no referees: read-only, it is an administrator's to read or restore
    if is_site_admin(user) or _remembered(("referee", user.pk, tournament_id), lambda: RefereeAssignment.objects.filter(
            user=user, tournament_id=tournament_id, tournament__archived_at=None).exists()):
        return True
    return directs(user, tournament_id)


referees = can_referee  # "referees T": the name the scoped questions use


def directed_tournaments(user, *, archived: bool = False) -> QuerySet[Tournament]:
    """The tournaments ``user`` directs (``directs``): all for a site administrator; those of the
    leagues they administer, the clubs they organise and the tournaments they direct for everyone
    else. Archived ones only with ``archived``. What ``/manage/`` lists."""
    tournaments = Tournament.objects.all()
    if not archived:
        tournaments = tournaments.filter(archived_at=None)
    if is_site_admin(user):
        return tournaments
    if not _signed_in(user):
        return tournaments.none()
    return tournaments.filter(_directed_q(user))


def _directed_q(user) -> Q:
    return (Q(season__league_id__in=administered_league_ids(user)) | Q(host_club_id__in=organised_club_ids(user))
            | Q(pk__in=_role_ids(user, Role.Kind.DIRECTOR)))


def can_see_tournament(user, *, tournament_id: int, published: bool, archived: bool = False) -> bool:
    """``visible_tournaments``' rule for one tournament whose ``published`` and archived state are at hand."""
    return not archived and (published or can_referee(user, tournament_id))


def archived_or_refuse(user, tournament: Tournament, *, writing: bool) -> None:
    """Archived tournaments are read-only and invisible, whoever asks, and this is checked before
    anyone's right to write: a 404 for everyone but a site administrator, who may read (and restore)
    an archived tournament but not write to it (a 403). Nothing for a tournament that is not archived."""
    if tournament.archived_at is None:
        return
    if not is_site_admin(user):
        raise Http404
    if writing:
        raise PermissionDenied(_("This tournament is archived: it is read-only until it is restored."))


def refuse(user, tournament: Tournament, message: str) -> None:
    """Refuse ``user`` a change of ``tournament`` as docs/api.md says: a 404 when they may not even see it
    (as for a tournament that does not exist, so an unpublished one cannot be probed); a 403 with
    ``message`` when they see it."""
    if not can_see_tournament(user, tournament_id=tournament.pk, published=tournament.published,
                              archived=tournament.archived_at is not None):
        raise Http404
    raise PermissionDenied(message)


def referee_or_refuse(user, tournament: Tournament, message: str, *, writing: bool = False) -> None:
    """For a page of the tournament's referees: nothing when ``user`` may referee it; else ``refuse``.
    An archived tournament first answers ``archived_or_refuse`` (``writing``: the request would
    change it)."""
    archived_or_refuse(user, tournament, writing=writing)
    if not can_referee(user, tournament.pk):
        refuse(user, tournament, message)


def director_or_refuse(user, tournament: Tournament, message: str) -> None:
    """For a page or action of the tournament's directors: nothing when ``user`` ``directs`` it; else ``refuse``."""
    if not directs(user, tournament):
        refuse(user, tournament, message)


def visible_tournaments(user, *, archived: bool = False) -> QuerySet[Tournament]:
    """Published tournaments for everyone; site administrators see all; referees also their own,
    directors (league administrators, club organisers) those they direct. Archived tournaments are
    hidden from everyone, unless ``archived`` asks for them on behalf of those who direct them (to
    read and restore them)."""
    tournaments = Tournament.objects.all()
    if is_site_admin(user):
        return tournaments if archived else tournaments.filter(archived_at=None)
    if not (user and user.is_authenticated):
        return tournaments.filter(published=True, archived_at=None)
    seen = Q(archived_at=None) & (Q(published=True) | Q(referee_assignments__user=user) | _directed_q(user))
    if archived:
        seen |= _directed_q(user)
    return tournaments.filter(seen).distinct()


def may_place_tournament(user, *, season, host_club, tournament: Tournament | None = None) -> bool:
    """Whether ``user`` may make a tournament in ``season`` (or none) hosted by ``host_club`` (or
    none), or move ``tournament`` there: site administrators anywhere; a league's administrators in
    its seasons; a club's organisers their club's events outside any season. Moving a tournament
    also needs it to be theirs (``administers_tournament``); a director edits everything else."""
    if is_site_admin(user):
        return True
    allowed = (season is not None and administers_league(user, season.league_id)) or (
        season is None and host_club is not None and host_club.pk in organised_club_ids(user))
    return allowed and (tournament is None or administers_tournament(user, tournament))


def edits_player(user, player: Player) -> bool:
    """Who edits a player's details (and reads the whole name): site administrators, the
    administrators of a league in whose events the player is registered, the organisers of the
    player's club. Merging and erasing players stays the site administrators'."""
    if is_site_admin(user):
        return True
    if not _signed_in(user):
        return False
    leagues, clubs = administered_league_ids(user), organised_club_ids(user)
    if player.club_id is not None and player.club_id in clubs:
        return True
    if not leagues:
        return False
    return _remembered(("player", user.pk, player.pk), lambda: player.registrations.filter(
        tournament__season__league_id__in=leagues).exists())


def player_of(user):
    """The player linked to ``user`` (``Player.user``), or None."""
    if not (user and user.is_authenticated and user.is_active):
        return None
    try:
        return user.player
    except ObjectDoesNotExist:
        return None


def ema_id_for(user, player: Player) -> str:
    """The player's EMA number as ``user`` may read it. The number names the person on the EMA's own
    site, so for a player who chose "initials" (``public_name``) it is the player's own and the
    administrators' to read: everyone else (anonymous visitors, referees, other players) reads "", as
    for a player without one, on the player's page and in the public API alike."""
    if player.public_name != Player.PublicName.INITIALS or not player.ema_id:
        return player.ema_id
    if edits_player(user, player):
        return player.ema_id
    own = player.user_id is not None and user is not None and user.is_authenticated and user.is_active
    return player.ema_id if own and user.pk == player.user_id else ""


def seated_player(user, table: Table):
    """The player of ``user`` when they sit at ``table``, else None; for the sign-in of a seat code
    (league.services.seat_codes), the player of its seat at ``table`` while the code is valid."""
    player = player_of(user)
    if player is None:
        return seat_code_player(user, table)
    return _remembered(("seated", user.pk, table.pk),
                       lambda: Seat.objects.filter(table_id=table.pk, player_id=player.pk).exists()) and player or None


def seat_code_player(user, table: Table):
    """The player whose seat at ``table`` ``user`` signed in for with a seat code still valid, else None."""
    if not (user and user.is_authenticated and user.is_active):
        return None

    def ask():
        code = (SeatCode.objects.filter(user=user, seat__table_id=table.pk, expires_at__gt=timezone.now())
                .select_related("seat__player").first())
        return code.seat.player if code else None

    return _remembered(("seat-code", user.pk, table.pk), ask)


def table_writer(user, table: Table) -> str | None:
    """Who ``user`` is at ``table`` (its tournament loaded) as a writer: "referee" for the
    tournament's referees and administrators; "player" for a player seated at it when the
    tournament's players enter their own tables (option ``entry`` "players"); else None."""
    tournament = table.session.tournament
    if tournament.archived_at is not None:  # read-only: nobody writes at an archived tournament's tables
        return None
    if can_referee(user, tournament.pk):
        return "referee"
    if tournament.day_options["entry"] == "players" and seated_player(user, table) is not None:
        return "player"
    return None


def table_for_writing(user, table_id: int, *, reading: bool = False, seats: bool = True) -> Table:
    """THE permission-and-fetch path of the score sheet and the tables API: the table (its
    tournament loaded, with ``seats`` also its seats and their players; ``writer`` set as
    ``table_writer`` answers) when ``user`` may write at it. A seated player writes only while the
    table is open; with ``reading`` also at its closed table (its sheet, confirming, disputing).
    Http404 for a table the user may not even see (an archived tournament's, but to a site
    administrator, who reads it with ``writer`` None); PermissionDenied for one they see but may not
    write at."""
    try:
        table = Table.objects.select_related("session__tournament").get(pk=table_id)
    except Table.DoesNotExist as error:
        raise Http404(_("No such table.")) from error
    tournament = table.session.tournament
    # before anyone's right to write: an archived table is an administrator's to read, nobody's to write
    archived_or_refuse(user, tournament, writing=not reading)
    table.writer = table_writer(user, table)
    readable = tournament.archived_at is not None  # an administrator's, to read: writer None
    if readable or table.writer == "referee" or (table.writer == "player" and (reading or not table.closed)):
        if seats:
            prefetch_related_objects([table], Prefetch(
                "seats", queryset=Seat.objects.select_related("player").order_by("position")))
        return table
    if not can_see_tournament(user, tournament_id=tournament.pk, published=tournament.published,
                              archived=tournament.archived_at is not None):
        raise Http404(_("No such table."))
    if table.writer == "player":
        raise PermissionDenied(_("This table is closed; its result can only be confirmed or disputed."))
    raise PermissionDenied(_("You are not a referee of this tournament."))
