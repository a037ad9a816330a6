"""League administrators' pages: bulk entry of players, the registration import, the rule
options form and self-registrations. Thin: the services do the work (league.services.imports …);
everyone else gets a 403 (anonymous visitors the login page)."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import rule_options
from .. import tournament_options as day_options
from ..errors import ServiceError
from ..models import Tournament
from ..permissions import is_league_admin
from ..selectors.audit import audit_entries
from ..services import imports
from ..services.tournaments import tournament_options_set
from .numbers import posted_int

AUDIT_PAGE_SIZE = 100


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
        tournament = get_object_or_404(open_tournaments, pk=posted_int(tournament_id, 0)) if tournament_id else None
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


def _form_value(entry: dict, raw: str | None):
    """The option's value from the posted text, or raise ValueError with the reason."""
    kind = entry["type"]
    if kind == "boolean":
        return raw == "on"
    raw = (raw or "").strip()
    if kind == "choice":
        if raw == "" and entry["nullable"]:
            return None
        return raw
    if kind == "integer":
        if raw == "" and entry["nullable"]:
            return None
        try:
            return int(raw)
        except ValueError:
            raise ValueError(_("Enter a whole number.")) from None
    if kind == "list":
        try:
            return [int(part) for part in raw.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise ValueError(_("Enter whole numbers separated by commas.")) from None
    return raw


def _allowed(entry: dict) -> str:
    """What the option takes, in words, for an error message."""
    if entry["type"] == "choice":
        return _("one of: %(choices)s") % {"choices": ", ".join(c["label"] for c in entry["choices"])}
    if entry["type"] == "list":
        return _("%(count)s whole numbers separated by commas") % {"count": entry.get("length", 4)}
    if entry["type"] == "integer":
        return _("a whole number from %(minimum)s") % {"minimum": entry.get("minimum", 0)}
    return _("yes or no")


def _shown_default(entry: dict) -> str:
    default = entry["default"]
    if isinstance(default, list):
        return ", ".join(map(str, default))
    labels = {c["value"]: c["label"] for c in entry["choices"]}
    return str(labels.get(default, "" if default is None else default))


def _fields(ruleset: str, values: dict, errors: dict) -> list[dict]:
    fields = []
    for entry in rule_options.options_of(ruleset):
        value = values.get(entry["name"], entry["default"])
        shown = ", ".join(str(v) for v in value) if isinstance(value, list) else value
        error = errors.get(entry["name"])
        if error is not None:
            error = _("Not valid for “%(label)s”: give %(allowed)s.") % {"label": entry["label"],
                                                                          "allowed": _allowed(entry)}
        fields.append({**entry, "value": shown, "error": error, "shown_default": _shown_default(entry),
                       "choice_values": [("" if c["value"] is None else c["value"], c["label"])
                                         for c in entry["choices"]]})
    return fields


@require_http_methods(["GET", "POST"])
def tournament_options(request, slug: str):
    """The tournament's rule options as a form generated from the rulesets' option data, with presets."""
    if (response := _login_first(request)) is not None:
        return response
    _admin_only(request)
    tournament = get_object_or_404(Tournament, slug=slug)
    ruleset, values, errors, general = tournament.ruleset, dict(tournament.options), {}, None
    if request.method == "POST":
        action = request.POST.get("action", "save")
        ruleset = request.POST.get("ruleset", tournament.ruleset)
        if ruleset not in rule_options.BY_NAME:
            ruleset, general = tournament.ruleset, _("Choose one of the rulesets.")
        if action == "preset":
            chosen = rule_options.preset(request.POST.get("preset", ""))
            if chosen is None:
                general = _("Choose one of the presets.")
            else:
                # a preset sets the ruleset's options; the tournament-level ones (clock, teams …) stay
                ruleset, values = chosen["ruleset"], {**day_options.split(tournament.options)[1],
                                                      **chosen["options"]}
                messages.info(request, _("Preset “%(preset)s” filled in; check the values and save.")
                              % {"preset": chosen["name"]})
        elif action == "ruleset":
            values = dict(day_options.split(tournament.options)[1])
        elif general is None:
            values = {}
            for entry in rule_options.options_of(ruleset):
                try:
                    values[entry["name"]] = _form_value(entry, request.POST.get(f"opt_{entry['name']}"))
                except ValueError as error:
                    errors[entry["name"]] = str(error)
                    values[entry["name"]] = request.POST.get(f"opt_{entry['name']}", "")
            if not errors:
                try:
                    tournament_options_set(tournament=tournament, ruleset=ruleset, options=values)
                except ServiceError as error:
                    errors.update({name: " ".join(map(str, reasons)) for name, reasons in error.fields.items()})
                    general = _("Some values are not valid; see the marked fields.") if set(errors) & {
                        entry["name"] for entry in rule_options.options_of(ruleset)} else error.message
                else:
                    messages.success(request, _("The options are saved."))
                    return redirect("manage-tournament-options", slug=tournament.slug)
            else:
                general = _("Some values are not valid; see the marked fields.")
    status = 400 if errors or (general and request.method == "POST" and request.POST.get("action") == "save") else 200
    return render(request, "league/manage/tournament_options.html", {
        "tournament": tournament, "ruleset": ruleset, "rulesets": rule_options.RULESET_LABELS.items(),
        "ruleset_label": rule_options.RULESET_LABELS.get(ruleset, ruleset),
        "presets": rule_options.PRESETS, "fields": _fields(ruleset, values, errors), "general": general,
    }, status=status)


@require_http_methods(["GET"])
def audit_log(request):
    """The audit log: who deleted, archived, restored or rejected what, and when, newest first."""
    if (response := _login_first(request)) is not None:
        return response
    _admin_only(request)
    page = Paginator(audit_entries(), AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "league/manage/audit.html", {"page": page})
