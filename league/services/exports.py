"""Exports: asking for a file (``export_request``) and building it in the background
(``export_build``). The request stores an Export row and queues the build after the commit; the
build claims the row with a conditional UPDATE, so a task delivered twice builds the file once.
A build whose worker died while running is taken again once it is stale (no claim or progress
report for ``EXPORT_STALE_SECONDS``); ``export_requeue_stale`` queues those builds periodically.
"""
import logging
import tempfile
from datetime import datetime, timedelta

from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ..errors import Forbidden, ServiceError
from ..exports import WRITERS
from ..languages import site_language
from ..models import (
    Export,
    GameResult,
    Player,
    RankingSnapshot,
    Registration,
    Season,
    SeasonRanking,
    Seat,
    Standing,
    Tournament,
)
from ..permissions import administers_league, can_referee, directs
from ..queue import task_send_on_commit

logger = logging.getLogger(__name__)

EXPORT_BUILD_TASK = "league.export_build"  # the name league.tasks registers the build under

TOURNAMENT_KINDS = (Export.Kind.RESULTS_XLSX, Export.Kind.EMA_CSV, Export.Kind.SCORE_SHEETS_XLSX,
                    Export.Kind.SEATING_XLSX, Export.Kind.SCORE_SHEETS_PDF, Export.Kind.RESULTS_PDF)
SESSION_KINDS = (Export.Kind.SCORE_SHEETS_PDF,)  # may be limited to one session's tables
SEASON_KINDS = (Export.Kind.RANKING_XLSX, Export.Kind.RANKING_EMA_CSV, Export.Kind.RANKING_EMA_XLSX)
# The files without results (the seating list, and the score sheets, whose hand rows stay blank
# whatever was entered): a tournament's referees ask for them and read them, also while its
# standings are hidden; every other export is the league administrators'.
WITHOUT_RESULTS = (Export.Kind.SEATING_XLSX, Export.Kind.SCORE_SHEETS_XLSX, Export.Kind.SCORE_SHEETS_PDF)


def export_kinds_for(user, tournament: Tournament) -> tuple[str, ...]:
    """The kinds of the tournament's exports ``user`` may ask for: all of them for a league
    administrator (and whoever ``directs`` it), those ``WITHOUT_RESULTS`` for its referees, none for
    anyone else."""
    if directs(user, tournament):
        return TOURNAMENT_KINDS
    if can_referee(user, tournament.pk):
        return WITHOUT_RESULTS
    return ()


def export_request(*, kind: str, tournament: Tournament | None = None, season: Season | None = None, user,
                   language: str | None, session_number: int | None = None) -> Export:
    """Store an export request and queue its build once the surrounding transaction commits.
    ``session_number`` limits a score-sheet PDF to that session's tables. League administrators ask
    for every export; a tournament's referees for its files ``WITHOUT_RESULTS`` (403 otherwise)."""
    if tournament is not None:
        allowed = directs(user, tournament) or kind in export_kinds_for(user, tournament)
    else:
        allowed = season is not None and administers_league(user, season.league_id)
    if not allowed:
        raise Forbidden("forbidden", _("Only league administrators can export."))
    if kind in TOURNAMENT_KINDS:
        if tournament is None:
            raise ServiceError("bad_kind", _("This export is made for a tournament."),
                               fields={"kind": [kind]})
        season = None
    elif kind in SEASON_KINDS:
        if season is None:
            raise ServiceError("bad_kind", _("This export is made for a season."), fields={"kind": [kind]})
        tournament = None
    else:
        raise ServiceError("bad_kind", _("Unknown export: %(kind)s.") % {"kind": kind},
                           fields={"kind": [_("Choose one of: %(kinds)s.")
                                            % {"kinds": ", ".join(Export.Kind.values)}]})
    if session_number is not None:
        if kind not in SESSION_KINDS:
            raise ServiceError("bad_session", _("Only the score sheets to print are made for one session."),
                               fields={"session": [_("Leave it empty for this export.")]})
        if not 1 <= session_number <= tournament.session_count:
            raise ServiceError("bad_session", _("This tournament has no session %(number)s.")
                               % {"number": session_number},
                               fields={"session": [_("Choose a session from 1 to %(count)s.")
                                                   % {"count": tournament.session_count}]})
    export = Export.objects.create(kind=kind, tournament=tournament, season=season, session_number=session_number,
                                   language=site_language(language), created_by=user)
    task_send_on_commit(EXPORT_BUILD_TASK, export.pk)
    return export


def exports_rebuild(*, player: Player) -> tuple[list[int], int]:
    """After ``player`` was erased: the stored exports that may hold the player's name or EMA number
    (a file of a tournament the player was registered for, sat, played or stood in; a season's file
    of a season where the player ranks or played) are built again from the erased rows, but only the
    newest of each file (kind, tournament or season, session and language): the older copies are
    deleted with their files, so that an erasure builds each file once, not once per request ever
    made. Every old file is deleted once the erasure commits (so it never downloads again; until
    the build is done the download answers ``409`` ``export_not_ready``), and a build running
    meanwhile loses its claim. Returns the ids of the exports built again and how many were deleted."""
    tournaments = set()
    for model in (Registration, Seat, GameResult, Standing):
        field = "session__tournament_id" if model is Seat else "tournament_id"
        tournaments.update(model.objects.filter(player=player).values_list(field, flat=True))
    seasons = set(SeasonRanking.objects.filter(player=player).values_list("season_id", flat=True))
    seasons |= set(RankingSnapshot.objects.filter(player=player).values_list("season_id", flat=True))
    seasons |= set(Tournament.objects.filter(pk__in=tournaments, season__isnull=False)
                   .values_list("season_id", flat=True))
    exports = Export.objects.filter(Q(tournament_id__in=tournaments) | Q(season_id__in=seasons))
    newest: dict[tuple, int] = {}
    for row in exports.order_by("-created_at", "-pk").values(
            "pk", "kind", "tournament_id", "season_id", "session_number", "language"):
        key = (row["kind"], row["tournament_id"], row["season_id"], row["session_number"], row["language"])
        newest.setdefault(key, row["pk"])
    old_files = [name for name in exports.exclude(file="").values_list("file", flat=True)]
    _count, deleted_by_model = exports.exclude(pk__in=newest.values()).delete()
    deleted = deleted_by_model.get(Export._meta.label, 0)
    kept = Export.objects.filter(pk__in=newest.values())
    export_ids = sorted(newest.values())
    kept.update(status=Export.Status.PENDING, progress=0, file="", error="", heartbeat_at=None, finished_at=None)

    def delete_files() -> None:
        for name in old_files:
            default_storage.delete(name)

    transaction.on_commit(delete_files)
    for export_id in export_ids:
        task_send_on_commit(EXPORT_BUILD_TASK, export_id)
    return export_ids, deleted


def _stale() -> Q:
    """Running exports whose build has shown no sign of life (its claim or a progress report) for
    too long: its worker is taken to be dead. Running rows without one are stale as well."""
    limit = timezone.now() - timedelta(seconds=settings.EXPORT_STALE_SECONDS)
    return Q(status=Export.Status.RUNNING) & (Q(heartbeat_at__lt=limit) | Q(heartbeat_at__isnull=True))


def _lost() -> Q:
    """Pending exports whose task is taken to be gone (the broker was down when it was asked for, or
    lost it): not started ``EXPORT_PENDING_SECONDS`` after the request or the last requeue (which
    a pending row keeps in ``heartbeat_at``)."""
    limit = timezone.now() - timedelta(seconds=settings.EXPORT_PENDING_SECONDS)
    return Q(status=Export.Status.PENDING) & (
        Q(heartbeat_at__lt=limit) | Q(heartbeat_at__isnull=True, created_at__lt=limit))


def export_claim(*, export_id: int) -> datetime | None:
    """Take a pending or stale export. Returns the claim's time, which the build keeps renewing and
    which identifies it as the owner; None when another run already took it (or it is finished)."""
    now = timezone.now()
    claimed = (Export.objects.filter(Q(status=Export.Status.PENDING) | _stale(), pk=export_id)
               .update(status=Export.Status.RUNNING, progress=0, error="", heartbeat_at=now))
    return now if claimed else None


class ClaimLost(Exception):
    """Another run took the export over (this one was taken for dead); this run stops."""


def export_requeue_stale() -> list[int]:
    """Queue the build of every stale export (running, its worker dead) and every lost one (pending,
    its task gone) again (after the commit); the build's claim keeps two requeues from building one
    file twice. Returns the exports' ids."""
    export_ids = list(Export.objects.filter(_stale() | _lost()).order_by("pk").values_list("pk", flat=True))
    Export.objects.filter(_lost(), pk__in=export_ids).update(heartbeat_at=timezone.now())
    for export_id in export_ids:
        logger.warning("Export %s is stale or its task was lost; building it again", export_id)
        task_send_on_commit(EXPORT_BUILD_TASK, export_id)
    return export_ids


def export_build(*, export_id: int) -> Export | None:
    """Build the export's file, reporting progress, and mark it done or failed with the reason.
    Does nothing unless it claims a pending or stale export, so running it twice builds the file once."""
    claim = export_claim(export_id=export_id)
    if claim is None:
        return Export.objects.filter(pk=export_id).first()
    export = Export.objects.select_related("tournament", "season__league").get(pk=export_id)
    reported = [0]

    def progress(percent: int) -> None:
        """Report progress and renew the claim; stop when another run has taken the export over."""
        nonlocal claim
        percent = max(0, min(99, int(percent)))
        if percent > reported[0]:
            now = timezone.now()
            if not Export.objects.filter(pk=export.pk, heartbeat_at=claim).update(progress=percent, heartbeat_at=now):
                raise ClaimLost
            claim, reported[0], export.progress = now, percent, percent

    try:
        writer = WRITERS[export.kind]
        with translation.override(export.language), tempfile.TemporaryFile() as stream:
            writer.write(export=export, stream=stream, progress=progress)
            stream.seek(0)
            name = writer.filename(export)
            if export.file:
                export.file.delete(save=False)
            export.file.save(name, File(stream, name=name), save=False)
    except ClaimLost:
        logger.warning("Export %s was taken over by another run; this one stops", export_id)
        return Export.objects.filter(pk=export_id).first()
    except Exception as error:  # any failure is the export's: recorded for the user, not retried
        logger.exception("Export %s failed", export_id)
        Export.objects.filter(pk=export.pk, heartbeat_at=claim).update(
            status=Export.Status.FAILED, error=_failure(error), finished_at=timezone.now())
        return Export.objects.filter(pk=export_id).first()
    finished = Export.objects.filter(pk=export.pk, heartbeat_at=claim).update(
        status=Export.Status.DONE, progress=100, error="", file=export.file.name, finished_at=timezone.now())
    if not finished:  # taken over meanwhile: the other run's file is the one that counts
        export.file.delete(save=False)
    return Export.objects.filter(pk=export_id).first()


def _failure(error: Exception) -> str:
    message = error.message if isinstance(error, ServiceError) else str(error)
    return f"{type(error).__name__}: {message}" if message else type(error).__name__
