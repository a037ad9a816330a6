"""Who may do what: one place for the role checks that views, the API and services share.

Within a request each answer is asked of the database once and remembered until the request
ends (in ``_request``, per thread and task, emptied when a request starts and when it finishes), so
a view, its permission class and its serializer may all ask. Outside a request (tasks, commands)
nothing is remembered."""
from asgiref.local import Local
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.signals import request_finished, request_started
from django.db.models import Prefetch, Q, QuerySet, prefetch_related_objects
from django.http import Http404
from django.utils.translation import gettext as _

from .models import Player, RefereeAssignment, Seat, Table, Tournament

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


def is_league_admin(user) -> bool:
    """Superusers, and active users given ``league.administer`` directly or through a group (the
    "League administrators" group has it). ``is_staff`` alone gives nothing here."""
    if not (user and user.is_authenticated and user.is_active):
        return False
    if user.is_superuser:
        return True

    def ask() -> bool:
        from django.contrib.auth.models import Permission

        app_label, codename = ADMINISTER.split(".")
        return Permission.objects.filter(Q(user=user) | Q(group__user=user), codename=codename,
                                         content_type__app_label=app_label).exists()

    return _remembered(("administer", user.pk), ask)


def can_referee(user, tournament_id: int) -> bool:
    """Administrators everywhere; referees in the tournaments they are assigned to."""
    if not (user and user.is_authenticated):
        return False
    if is_league_admin(user):
        return True
    # an archived tournament has no referees: read-only, it is an administrator's to read or restore
    return _remembered(("referee", user.pk, tournament_id),
                       lambda: RefereeAssignment.objects.filter(user=user, tournament_id=tournament_id,
                                                                tournament__archived_at=None).exists())


def can_see_tournament(user, *, tournament_id: int, published: bool, archived: bool = False) -> bool:
    """``visible_tournaments``' rule for one tournament whose ``published`` and archived state are at hand."""
    return not archived and (published or can_referee(user, tournament_id))


def archived_or_refuse(user, tournament: Tournament, *, writing: bool) -> None:
    """Archived tournaments are read-only and invisible, whoever asks, and this is checked before
    anyone's right to write: a 404 for everyone but a site administrator, who may read (and restore)
    an archived tournament but not write to it (a 403). Nothing for a tournament that is not archived."""
    if tournament.archived_at is None:
        return
    if not is_league_admin(user):
        raise Http404
    if writing:
        raise PermissionDenied(_("This tournament is archived: it is read-only until it is restored."))


def referee_or_refuse(user, tournament: Tournament, message: str, *, writing: bool = False) -> None:
    """For a page of the tournament's referees: nothing when ``user`` may referee it; a 404 when
    they may not even see it (as for a tournament that does not exist, so an unpublished one cannot
    be probed); a 403 with ``message`` for a tournament they see but do not referee. An archived
    tournament first answers ``archived_or_refuse`` (``writing``: the request would change it)."""
    archived_or_refuse(user, tournament, writing=writing)
    if can_referee(user, tournament.pk):
        return
    if not can_see_tournament(user, tournament_id=tournament.pk, published=tournament.published,
                              archived=tournament.archived_at is not None):
        raise Http404
    raise PermissionDenied(message)


def visible_tournaments(user, *, archived: bool = False) -> QuerySet[Tournament]:
    """Published tournaments for everyone; administrators see all, referees also their own. Archived
    tournaments are hidden from everyone, unless ``archived`` asks for them on an administrator's
    behalf (to read and restore them)."""
    tournaments = Tournament.objects.all()
    if is_league_admin(user):
        return tournaments if archived else tournaments.filter(archived_at=None)
    tournaments = tournaments.filter(archived_at=None)
    if user and user.is_authenticated:
        return tournaments.filter(Q(published=True) | Q(referee_assignments__user=user)).distinct()
    return tournaments.filter(published=True)


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
    if is_league_admin(user):
        return player.ema_id
    own = player.user_id is not None and user is not None and user.is_authenticated and user.is_active
    return player.ema_id if own and user.pk == player.user_id else ""


def seated_player(user, table: Table):
    """The player of ``user`` when they sit at ``table``, else None."""
    player = player_of(user)
    if player is None:
        return None
    return _remembered(("seated", user.pk, table.pk),
                       lambda: Seat.objects.filter(table_id=table.pk, player_id=player.pk).exists()) and player or None


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
