"""Exports of a tournament (from its page) and of a season (from the management pages): league
administrators ask for a file (league.services.exports) and follow its progress here; everyone else
gets a 403."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ..errors import ServiceError
from ..models import Export, Season, Tournament
from ..permissions import administers_league, has_scope
from ..services.exports import SEASON_KINDS, export_kinds_for, export_request
from .numbers import posted_int

REFRESH_SECONDS = 3
SHOWN = 50


@require_http_methods(["GET", "POST"])
def tournament_exports(request, slug: str):
    """GET: the tournament's exports with status, progress and download link (updated in place while
    one is being built; ``?part=table`` answers the list alone). POST ``kind`` (and for the score
    sheets to print, optionally ``session``): ask for a new one, then back to the list. League
    administrators, and the tournament's referees for its files without results (they see those)."""
    tournament = Tournament.objects.filter(slug=slug).first()
    kinds = export_kinds_for(request.user, tournament) if tournament else ()
    if not kinds:  # a 404 only for an administrator: nobody else learns which tournaments exist
        if tournament is None and has_scope(request.user):
            raise Http404(_("No such tournament."))
        raise PermissionDenied(_("Only league administrators can export."))
    if request.method == "POST":
        session = request.POST.get("session", "").strip()
        number = posted_int(session)

        def ask() -> Export:
            if session and number is None:
                raise ServiceError("bad_session", _("Choose a session from 1 to %(count)s.")
                                   % {"count": tournament.session_count})
            return export_request(kind=request.POST.get("kind", ""), tournament=tournament, user=request.user,
                                  language=get_language(), session_number=number)

        _ask(request, ask)
        return redirect("tournament-exports", slug=tournament.slug)
    return _exports_page(request, tournament.exports.filter(kind__in=kinds), kinds, {
        "tournament": tournament, "subject": tournament.name, "subject_url": tournament.get_absolute_url(),
        "action": reverse("tournament-exports", args=[tournament.slug]),
        "session_numbers": range(1, tournament.session_count + 1),
        "selected_session": posted_int(request.GET.get("session"))})


@require_http_methods(["GET", "POST"])
def season_exports(request, pk: int):
    """A season's exports (its ranking as a workbook, and for the EMA as CSV and workbook), as
    ``tournament_exports``: GET the list, POST ``kind`` to ask for a new one."""
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    if not administers_league(request.user, season.league_id):
        raise PermissionDenied(_("Only league administrators can export."))
    if request.method == "POST":
        _ask(request, lambda: export_request(kind=request.POST.get("kind", ""), season=season, user=request.user,
                                             language=get_language()))
        return redirect("manage-season-exports", pk=season.pk)
    return _exports_page(request, season.exports, SEASON_KINDS, {
        "subject": str(season), "subject_url": season.get_absolute_url(),
        "action": reverse("manage-season-exports", args=[season.pk])})


def _ask(request, ask) -> None:
    """Ask for an export (``ask()``, which may refuse with a ServiceError) and say how it went."""
    try:
        export = ask()
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(export)s requested; it is built in the background.")
                         % {"export": export.get_kind_display()})


def _exports_page(request, exports, kinds, context: dict):
    """The list of ``exports`` (newest first, updated in place while one is being built; ``?part=table``
    answers the list alone) with a button per export kind of ``kinds``."""
    exports = list(exports.select_related("created_by").order_by("-created_at", "-pk")[:SHOWN])
    busy = any(export.status in (Export.Status.PENDING, Export.Status.RUNNING) for export in exports)
    context = {**context, "exports": exports, "export_kinds": [(kind.value, kind.label) for kind in kinds],
               "live": REFRESH_SECONDS if busy else None}  # the list updates itself in place (live.js)
    if request.GET.get("part") == "table":
        return render(request, "league/_exports_table.html", context)
    return render(request, "league/exports.html", context)
