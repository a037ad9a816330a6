"""League administrators' pages: bulk entry of players, the registration import, the rule
options form and self-registrations. Thin: the services do the work (league.services.imports …);
everyone else gets a 403 (anonymous visitors the login page)."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ..errors import ServiceError
from ..models import Tournament
from ..permissions import is_league_admin
from ..services import imports


def _admin_only(request) -> None:
    if not is_league_admin(request.user):
        raise PermissionDenied(_("Only league administrators can do this."))


def _login_first(request):
    return redirect_to_login(request.get_full_path()) if not request.user.is_authenticated else None


def _rows_text(rows: list[list]) -> str:
    """Uploaded rows as tab-separated lines, so they can be corrected in the text box."""
    return "\n".join("\t".join(imports._text(value) for value in row) for row in rows if any(
        imports._text(value) for value in row))


@require_http_methods(["GET", "POST"])
def players_bulk(request):
    """Paste (or upload) players, preview every row, then create them and optionally register them."""
    if (response := _login_first(request)) is not None:
        return response
    _admin_only(request)
    open_tournaments = Tournament.objects.exclude(status=Tournament.Status.FINISHED).order_by("-starts_on", "name")
    context = {"tournaments": open_tournaments, "text": "", "entries": None, "tournament_id": None}
    if request.method == "POST":
        text = request.POST.get("rows", "")
        upload = request.FILES.get("file")
        tournament_id = request.POST.get("tournament") or None
        tournament = get_object_or_404(open_tournaments, pk=tournament_id) if tournament_id else None
        context.update(text=text, tournament_id=tournament and tournament.pk)
        try:
            if upload is not None:
                rows = imports.upload_rows(upload)
                context["text"] = _rows_text(rows)
            else:
                rows = imports.text_rows(text)
            if request.POST.get("action") == "create" and upload is None:
                preview = imports.players_bulk_create(rows=rows, tournament=tournament)
                counts = preview.counts()
                messages.success(request, _("%(created)s players created, %(matched)s found already entered.")
                                 % {"created": counts["players_created"], "matched": counts["players_matched"]}
                                 + (" " + _("%(count)s registered for %(tournament)s.")
                                    % {"count": counts["registrations_created"], "tournament": tournament}
                                    if tournament else ""))
                return redirect("manage-players-bulk")
            context["entries"] = imports.bulk_entries(imports.players_bulk_preview(rows=rows, tournament=tournament))
        except ServiceError as error:
            context["error"] = error.message
            context["entries"] = error.extra.get("rows")
        context["valid"] = context["entries"] is not None and not any(
            entry["status"] == "error" for entry in context["entries"])
    return render(request, "league/manage/players_bulk.html", context)


@require_http_methods(["GET", "POST"])
def registrations_import(request, slug: str):
    """The registration import of the API as a page: upload, preview, import."""
    if (response := _login_first(request)) is not None:
        return response
    _admin_only(request)
    tournament = get_object_or_404(Tournament, slug=slug)
    context = {"tournament": tournament}
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            context["error"] = _("Choose an .xlsx or .csv file.")
        else:
            try:
                if request.POST.get("action") == "import":
                    counts = imports.registrations_import(tournament=tournament, upload=upload, user=request.user)
                    messages.success(request, _("%(count)s registrations created, %(created)s new players.")
                                     % {"count": counts["registrations_created"],
                                        "created": counts["players_created"]})
                    return redirect("manage-registrations-import", slug=tournament.slug)
                context["preview"] = imports.registrations_import_preview(tournament=tournament, upload=upload)
            except ServiceError as error:
                context["error"] = error.message
                context["bad_rows"] = error.extra.get("rows")
    return render(request, "league/manage/registrations_import.html", context)
