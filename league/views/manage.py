"""League administrators' pages: bulk entry of players, the registration import, the rule
options form and self-registrations. Thin: the services do the work (league.services.imports …);
everyone else gets a 403 (anonymous visitors the login page)."""
import json

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.files import File
from django.core.files.storage import default_storage
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from .. import rule_options
from .. import tournament_options as day_options
from ..collation import sorted_by_name
from ..errors import ServiceError, form_errors_from
from ..models import Club, Player, Season, Tournament
from ..permissions import (
    administered_league_ids,
    administers_league,
    directed_tournaments,
    director_or_refuse,
    has_scope,
    is_site_admin,
    organised_club_ids,
)
from ..selectors.audit import audit_entries
from ..selectors.players import merges_recent, player_summary
from ..services import external, imports
from ..services.players import player_erase, player_merge
from ..services.tournaments import tournament_options_set
from .manage_forms import ExternalResultsForm
from .numbers import posted_int

AUDIT_PAGE_SIZE = 100


def _admin_only(request) -> None:
    """Site administrators only (merging and erasing players, account claims)."""
    if not is_site_admin(request.user):
        raise PermissionDenied(_("Only league administrators can do this."))


def _scoped_only(request) -> None:
    """Anyone who administers something (``has_scope``); the page shows only their scope."""
    if not has_scope(request.user):
        raise PermissionDenied(_("Only league administrators can do this."))


def _directed(request, slug: str) -> Tournament:
    """The tournament of a management page, for those who direct it: 404 for one the user may not
    see, 403 for one they see but do not direct (league.permissions.director_or_refuse)."""
    tournament = get_object_or_404(Tournament.objects.select_related("season__league"), slug=slug)
    director_or_refuse(request.user, tournament, _("You do not direct this tournament."))
    return tournament


def _login_first(request):
    return redirect_to_login(request.get_full_path()) if not request.user.is_authenticated else None


def _rows_text(rows: list[list]) -> str:
    """Uploaded rows as tab-separated lines, so they can be corrected in the text box."""
    return "\n".join("\t".join(imports._text(value) for value in row) for row in rows if any(
        imports._text(value) for value in row))


def _posted_decisions(post) -> tuple[dict, dict, dict]:
    """The choices made for "similar" rows: ``decide_<row>`` ("new", a player id, or "" to leave the
    row out) and ``club_<row>`` ("new" or a club id) with the club's name as written in
    ``clubname_<row>``; and the names as split in the preview (``first_<row>``, ``last_<row>``); in
    the form the services take (imports.decisions_parsed, imports.names_parsed)."""
    decisions, clubs, names = {}, {}, {}
    for name, value in post.items():
        if name.startswith("decide_") and value:
            decisions[name.removeprefix("decide_")] = value
        elif name.startswith("club_") and value:
            clubs[post.get("clubname_" + name.removeprefix("club_"), "")] = value
        elif name.startswith("first_") and "last_" + name.removeprefix("first_") in post:
            names[name.removeprefix("first_")] = {"first_name": value,
                                                 "last_name": post["last_" + name.removeprefix("first_")]}
    return (imports.decisions_parsed(decisions), imports.decisions_parsed(clubs, field="clubs"),
            imports.names_parsed(names))


def _with_candidates(entries: list[dict] | None, decisions: dict, clubs: dict) -> list[dict] | None:
    """The entries with their candidate players and clubs (as objects) and what was chosen for them."""
    if not entries:
        return entries
    players = Player.objects.select_related("club").in_bulk(
        {pk for entry in entries for pk in entry.get("candidates", [])})
    club_objects = Club.objects.in_bulk({pk for entry in entries for pk in entry.get("club_candidates", [])})
    for entry in entries:
        entry["candidate_players"] = [players[pk] for pk in entry.get("candidates", []) if pk in players]
        entry["candidate_clubs"] = [club_objects[pk] for pk in entry.get("club_candidates", []) if pk in club_objects]
        entry["chosen"] = str(decisions.get(entry["row"], entry.get("decision") or ""))
        entry["chosen_club"] = str(clubs.get(imports.fold(entry.get("club_as_written") or entry.get("club", "")), ""))
    return entries


@require_http_methods(["GET", "POST"])
def players_bulk(request):
    """Paste (or upload) players, preview every row, then create them and optionally register them.
    Rows that are probably existing players (or clubs) are shown with their candidates to choose."""
    if (response := _login_first(request)) is not None:
        return response
    _scoped_only(request)  # directors register players only for the tournaments they direct
    open_tournaments = (directed_tournaments(request.user).exclude(status=Tournament.Status.FINISHED)
                        .order_by("-starts_on", "name"))
    user = request.user
    if not (is_site_admin(user) or administered_league_ids(user) or organised_club_ids(user)) and (
            request.method == "POST" and not request.POST.get("tournament")):
        raise PermissionDenied(_("Choose a tournament you direct to register the players for."))
    chosen = posted_int(request.GET.get("tournament"), 0)  # from a tournament's management page
    context = {"tournaments": open_tournaments, "text": "", "entries": None,
               "tournament_id": chosen if open_tournaments.filter(pk=chosen).exists() else None}
    if request.method == "POST":
        text = request.POST.get("rows", "")
        upload = request.FILES.get("file")
        tournament_id = request.POST.get("tournament") or None
        tournament = get_object_or_404(open_tournaments, pk=posted_int(tournament_id, 0)) if tournament_id else None
        context.update(text=text, tournament_id=tournament and tournament.pk)
        decisions, clubs, names = {}, {}, {}
        try:
            decisions, clubs, names = _posted_decisions(request.POST) if upload is None else ({}, {}, {})
            if upload is not None:
                rows = imports.upload_rows(upload)
                context["text"] = _rows_text(rows)
            else:
                rows = imports.text_rows(text)
            if request.POST.get("action") == "create" and upload is None:
                preview = imports.players_bulk_create(rows=rows, tournament=tournament, decisions=decisions,
                                                      clubs=clubs, names=names)
                counts = preview.counts()
                created, matched = counts["players_created"], counts["players_matched"]
                messages.success(request, ngettext("%(created)s player created,", "%(created)s players created,",
                                                   created) % {"created": created} + " "
                                 + ngettext("%(matched)s found already entered.", "%(matched)s found already entered.",
                                            matched) % {"matched": matched}
                                 + (" " + _("%(count)s registered for %(tournament)s.")
                                    % {"count": counts["registrations_created"], "tournament": tournament}
                                    if tournament else ""))
                if not counts["similar"]:
                    # entered for a tournament: on to its page, where they are listed and drawn from
                    return redirect("manage-tournament", slug=tournament.slug) if tournament else redirect(
                        "manage-players-bulk")
                messages.warning(request, ngettext(
                    "%(count)s line was left out: it is probably a player or club entered already. Choose for it "
                    "and create again.",
                    "%(count)s lines were left out: they are probably players or clubs entered already. Choose for "
                    "them and create again.", counts["similar"]) % {"count": counts["similar"]})
                preview = imports.players_bulk_preview(rows=rows, tournament=tournament, decisions=decisions,
                                                       clubs=clubs, names=names)
            else:
                preview = imports.players_bulk_preview(rows=rows, tournament=tournament, decisions=decisions,
                                                       clubs=clubs, names=names)
            context["entries"] = imports.bulk_entries(preview)
            context["clubs_to_create"] = preview.clubs_to_create
        except ServiceError as error:
            context["error"] = error.message
            context["entries"] = error.extra.get("rows")
        context["entries"] = _with_candidates(context["entries"], decisions, clubs)
        context["errors"] = context["entries"] is not None and sum(
            entry["status"] == "error" for entry in context["entries"])
        context["valid"] = context["entries"] is not None and not context["errors"]
        context["similar"] = context["entries"] is not None and sum(
            entry["status"] == "similar" or bool(entry.get("candidate_players") or entry.get("candidate_clubs"))
            for entry in context["entries"])
    return render(request, "league/manage/players_bulk.html", context)


def _kept_upload(request, key: str):
    """The file uploaded for an import (``key``: "import:<tournament id>", "external:<season id>")
    at the preview, kept in the storage between preview and import (so it need not be uploaded
    again), or None."""
    kept = request.session.get(key)
    if not kept or not default_storage.exists(kept["path"]):
        return None
    upload = File(default_storage.open(kept["path"], "rb"), name=kept["name"])
    upload.size = default_storage.size(kept["path"])
    return upload


def _keep_upload(request, key: str, upload) -> None:
    _forget_upload(request, key)
    request.session[key] = {"path": imports.upload_keep(upload=upload), "name": upload.name}


def _forget_upload(request, key: str) -> None:
    kept = request.session.pop(key, None)
    if kept:
        imports.upload_forget(path=kept["path"])


@require_http_methods(["GET", "POST"])
def registrations_import(request, slug: str):
    """The registration import of the API as a page: upload, preview, import. The uploaded file is
    kept from the preview to the import; probably existing players are chosen in the preview."""
    if (response := _login_first(request)) is not None:
        return response
    tournament = _directed(request, slug)
    context = {"tournament": tournament}
    if request.method == "POST":
        upload = request.FILES.get("file")
        decisions, clubs = {}, {}
        if upload is not None and upload.size <= imports.MAX_BYTES:
            _keep_upload(request, f"import:{tournament.pk}", upload)
        elif upload is None:
            upload = _kept_upload(request, f"import:{tournament.pk}")
        if upload is None:
            context["error"] = _("Choose an .xlsx or .csv file.")
        else:
            try:
                if not request.FILES.get("file"):
                    decisions, clubs, _names = _posted_decisions(request.POST)
                if request.POST.get("action") == "import":
                    counts = imports.registrations_import(tournament=tournament, upload=upload, user=request.user,
                                                          decisions=decisions, clubs=clubs)
                    upload.close()
                    _forget_upload(request, f"import:{tournament.pk}")
                    registered, created = counts["registrations_created"], counts["players_created"]
                    messages.success(request, ngettext("%(count)s registration created,",
                                                       "%(count)s registrations created,", registered)
                                     % {"count": registered} + " "
                                     + ngettext("%(created)s new player.", "%(created)s new players.", created)
                                     % {"created": created})
                    if counts["similar"]:
                        messages.warning(request, ngettext(
                            "%(count)s row was left out: it is probably a player or club entered already.",
                            "%(count)s rows were left out: they are probably players or clubs entered already.",
                            counts["similar"]) % {"count": counts["similar"]})
                    return redirect("manage-registrations-import", slug=tournament.slug)
                preview = imports.registrations_import_preview(tournament=tournament, upload=upload,
                                                               decisions=decisions, clubs=clubs)
                context["preview"] = preview
                context["entries"] = _with_candidates(imports.bulk_entries(preview), decisions, clubs)
                context["similar"] = any(entry["status"] == "similar" or entry["candidate_players"]
                                         or entry["candidate_clubs"] for entry in context["entries"])
            except ServiceError as error:
                context["error"] = error.message
                context["bad_rows"] = error.extra.get("rows")
            finally:
                upload.close()
        kept = request.session.get(f"import:{tournament.pk}")
        context["kept_name"] = kept and kept["name"]
    return render(request, "league/manage/registrations_import.html", context)


@require_http_methods(["GET", "POST"])
def external_results(request, pk: int):
    """Results from elsewhere as a page (league.services.external, the API's
    ``seasons/<id>/external-results/``): the event's name, dates and country and an EMA results
    file; Preview matches every row (matched, new or error) and stores nothing; Import stores it
    once every row is good. The file is kept from the preview to the import. The season's external
    tournaments are listed; sending one's name and first day again replaces its results."""
    if (response := _login_first(request)) is not None:
        return response
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    if not administers_league(request.user, season.league_id):
        raise PermissionDenied(_("Only league administrators can do this."))
    key = f"external:{season.pk}"
    form = ExternalResultsForm(request.POST if request.method == "POST" else None,
                               initial={"name": request.GET.get("name", ""), "starts_on": request.GET.get("starts_on"),
                                        "ends_on": request.GET.get("ends_on"), "country": request.GET.get("country"),
                                        "ruleset": request.GET.get("ruleset") or _season_ruleset(season)})
    context = {"season": season, "form": form, "status": 200,
               "external": season.tournaments.filter(kind=Tournament.Kind.EXTERNAL).order_by("-starts_on", "name")}
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is not None and upload.size <= imports.MAX_BYTES:
            _keep_upload(request, key, upload)
        elif upload is None:
            upload = _kept_upload(request, key)
        if upload is None:
            context["error"], context["status"] = _("Choose an .xlsx or .csv file."), 400
        elif not form.is_valid():
            upload.close()
            context["status"] = 400
        else:
            try:
                if request.POST.get("action") == "import":
                    tournament, replaced, _rows = external.external_results_import(
                        season=season, upload=upload, **form.cleaned_data)
                    upload.close()
                    _forget_upload(request, key)
                    messages.success(request, (_("%(name)s: the results were replaced.") if replaced else
                                               _("%(name)s: the results were stored.")) % {"name": tournament.name})
                    return redirect("manage-season-results", pk=season.pk)
                context["entries"] = external.external_results_preview(season=season, upload=upload,
                                                                       for_page=True, **form.cleaned_data)
                context["replaces"] = context["external"].filter(name=" ".join(form.cleaned_data["name"].split()),
                                                                 starts_on=form.cleaned_data["starts_on"]).first()
            except ServiceError as error:
                if error.fields.keys() - {"file"}:  # the event's details: onto their fields
                    form_errors_from(form, error)
                context["error"], context["status"] = error.message, error.status
                context["entries"] = error.extra.get("rows")
            finally:
                upload.close()
        entries = context.get("entries") or []
        context["counts"] = {status: sum(entry["status"] == status for entry in entries)
                             for status in ("matched", "new", "error")}
        context["valid"] = bool(entries) and not context["counts"]["error"] and "error" not in context
        kept = request.session.get(key)
        context["kept_name"] = kept and kept["name"]
    form.describe()
    return render(request, "league/manage/external_results.html", context, status=context["status"])


def _season_ruleset(season: Season) -> str | None:
    """The ruleset a results form for the season offers first: its latest tournament's."""
    return season.tournaments.order_by("-starts_on", "-pk").values_list("ruleset", flat=True).first()


def _player_or_none(raw) -> Player | None:
    number = posted_int(raw, 0)
    return Player.objects.select_related("club").filter(pk=number).first() if number else None


@require_http_methods(["GET", "POST"])
def players_merge(request):
    """Two entries of one person made one: choose the one to keep and the one to remove, see what
    each holds, merge (league.services.players.player_merge); the merges made are listed. Also erasing a
    player's details on request (league.services.players.player_erase)."""
    if (response := _login_first(request)) is not None:
        return response
    _admin_only(request)
    data = request.POST if request.method == "POST" else request.GET
    keep, remove = _player_or_none(data.get("keep")), _player_or_none(data.get("remove"))
    context = {"players": sorted_by_name(Player.objects.select_related("club")),  # league.collation
               "keep": keep, "remove": remove, "status": 200}
    if request.method == "POST" and request.POST.get("action") == "erase":
        erase = _player_or_none(request.POST.get("erase"))
        if erase is None or request.POST.get("confirm") != "on":
            context["erase_error"], context["status"] = _("Choose the player and confirm the erasure."), 400
        else:
            player_erase(player=erase, user=request.user)
            messages.success(request, _("The player's name, EMA number and sign-ups are erased; the results stay."))
            return redirect("manage-players-merge")
    if request.method == "POST" and request.POST.get("action") == "merge":
        if keep is None or remove is None:
            context["error"], context["status"] = _("Choose both players."), 400
        else:
            try:
                player_merge(keep=keep, remove=remove, user=request.user)
            except ServiceError as error:
                context["error"], context["status"] = error.message, error.status
            else:
                messages.success(request, _("%(removed)s is merged into %(kept)s.") % {"removed": remove,
                                                                                        "kept": keep})
                return redirect("manage-players-merge")
    if keep is not None and remove is not None and keep.pk != remove.pk:
        context["summaries"] = [player_summary(keep), player_summary(remove)]
    context["merges"] = merges_recent()
    return render(request, "league/manage/players_merge.html", context, status=context["status"])


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
    if kind == "stages":
        if raw == "":
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise ValueError(_("Enter the stages as a list in JSON, or leave it empty.")) from None
    if kind == "list":
        try:
            return [int(part) for part in raw.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise ValueError(_("Enter whole numbers separated by commas.")) from None
    return raw


STAGE_ROWS = 20  # as many stages as scoring.stages allows
STAGE_BLANKS = 1  # empty rows offered below the stored stages


def _posted_stage_rows(post) -> list[dict]:
    """The stage rows as typed (strings), blank rows left out."""
    rows = []
    for index in range(STAGE_ROWS):
        if f"stage_name_{index}" not in post:
            break
        row = {key: post.get(f"stage_{key}_{index}", "").strip() for key in ("name", "from", "players", "carry")}
        if row["name"] or row["from"] or row["players"]:
            rows.append(row)
    return rows


def _stages_of_rows(rows: list[dict]):
    """The option ``stages`` (scoring.stages' format) from the typed rows: None without any; a
    ValueError when a number is not one (the rest is checked by the service, as for JSON)."""
    stages = []
    for row in rows:
        try:
            stage = {"name": row["name"], "from_session": int(row["from"])}
            if row["players"]:
                stage["players"] = int(row["players"])
        except ValueError:
            raise ValueError(_("Give each stage its first session and the players who go on as whole numbers.")) \
                from None
        stages.append({**stage, "carry": row["carry"] or "all"})
    return stages or None


def _stage_rows(value) -> list[dict]:
    """The rows the form shows: the stored stages (or the rows as typed), then an empty one."""
    if isinstance(value, list) and all(isinstance(row, dict) and "from" in row for row in value):
        rows = list(value)  # as typed, refused
    elif isinstance(value, list):
        rows = [{"name": stage.get("name", ""), "from": stage.get("from_session", ""),
                 "players": stage.get("players", ""), "carry": stage.get("carry", "all")}
                for stage in value if isinstance(stage, dict)]
    else:
        rows = []
    rows += [{"name": "", "from": "", "players": "", "carry": "all"}] * STAGE_BLANKS
    return [{**row, "index": index} for index, row in enumerate(rows[:STAGE_ROWS])]


def _allowed(entry: dict) -> str:
    """What the option takes, in words, for an error message."""
    if entry["type"] == "choice":
        return _("one of: %(choices)s") % {"choices": ", ".join(c["label"] for c in entry["choices"])}
    if entry["type"] == "stages":
        return _("stages, each with a name, its first session, the players who go on (a multiple of 4) and "
                 "the carry-over (all, half or none); the first from session 1")
    if entry["type"] == "list":
        return _("%(count)s whole numbers separated by commas") % {"count": entry.get("length", 4)}
    if entry["type"] == "integer":
        return _("a whole number from %(minimum)s") % {"minimum": entry.get("minimum", 0)}
    return _("yes or no")


def _shown_default(entry: dict) -> str:
    """The default as the page's reader writes it: yes/no in their language, never True/False."""
    default = entry["default"]
    if isinstance(default, bool):
        return _("yes") if default else _("no")
    if isinstance(default, list):
        return ", ".join(map(str, default))
    labels = {c["value"]: c["label"] for c in entry["choices"]}
    return str(labels.get(default, "" if default is None else default))


def _fields(ruleset: str, values: dict, errors: dict, verbatim: frozenset = frozenset()) -> list[dict]:
    """The form's fields; an error says what the option takes, or (options in ``verbatim``, whose
    error depends on the tournament, not on the value's shape) the service's own message."""
    fields = []
    for entry in rule_options.options_of(ruleset):
        value = values.get(entry["name"], entry["default"])
        if entry["type"] == "stages":
            shown = value if isinstance(value, str) else (
                "" if value is None else json.dumps(value, ensure_ascii=False))
            entry = {**entry, "stage_rows": _stage_rows(value), "help": _(
                         "None: leave every name empty. The first stage starts at session 1; from a later "
                         "stage's first session only the top players of the stage before are seated, their "
                         "table points and score carried in full, in half or not at all."),
                     "carries": [(carry, str(label)) for carry, label in rule_options.CARRY_LABELS.items()]}
        else:
            shown = ", ".join(str(v) for v in value) if isinstance(value, list) else value
        error = errors.get(entry["name"])
        if error is not None and entry["name"] not in verbatim:
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
    tournament = _directed(request, slug)
    ruleset, values, errors, general = tournament.ruleset, dict(tournament.options), {}, None
    verbatim: frozenset = frozenset()
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
                if entry["type"] == "stages" and "stage_name_0" in request.POST:  # the stages' own fields
                    typed = _posted_stage_rows(request.POST)
                    try:
                        values[entry["name"]] = _stages_of_rows(typed)
                    except ValueError as error:
                        errors[entry["name"]], values[entry["name"]] = str(error), typed
                    continue
                try:
                    values[entry["name"]] = _form_value(entry, request.POST.get(f"opt_{entry['name']}"))
                except ValueError as error:
                    errors[entry["name"]] = str(error)
                    values[entry["name"]] = request.POST.get(f"opt_{entry['name']}", "")
            if not errors:
                try:
                    tournament_options_set(tournament=tournament, ruleset=ruleset, options=values, user=request.user)
                except ServiceError as error:
                    errors.update({name: " ".join(map(str, reasons)) for name, reasons in error.fields.items()})
                    if error.code == "stage_beyond_sessions":
                        verbatim = frozenset({"stages"})
                    general = _("Some values are not valid; see the marked fields.") if set(errors) & {
                        entry["name"] for entry in rule_options.options_of(ruleset)} else error.message
                else:
                    messages.success(request, _("The options are saved."))
                    return redirect("manage-tournament-options", slug=tournament.slug)
            else:
                general = _("Some values are not valid; see the marked fields.")
    status = 400 if errors or (general and request.method == "POST" and request.POST.get("action") == "save") else 200
    return render(request, "league/manage/tournament_options.html", {
        "tournament": tournament, "ruleset": ruleset, "rulesets": rule_options.ruleset_choices(),
        "ruleset_label": rule_options.ruleset_label(ruleset),
        "presets": rule_options.PRESETS, "fields": _fields(ruleset, values, errors, verbatim), "general": general,
    }, status=status)


@require_http_methods(["GET"])
def audit_log(request):
    """The audit log: who deleted, archived, restored or rejected what, and when, newest first."""
    if (response := _login_first(request)) is not None:
        return response
    _scoped_only(request)
    page = Paginator(audit_entries(user=request.user), AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "league/manage/audit.html", {"page": page})
