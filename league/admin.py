"""Django admin for every model, with the columns, search and filters administrators use. Leagues,
seasons, clubs, tournaments and registrations are saved through their services, as the API and the
management pages do.

What the services own is read-only here: a hand, a table, the parents of a session, registration,
penalty or sign-up, the draw and the clock. Deletions go through league.services.deletions (refused
for whatever holds hands or players, shown as "protected" on the confirmation page) and are logged
in the audit log; a played tournament is archived instead."""
import copy

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.views.autocomplete import AutocompleteJsonView
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from . import models
from .cache import directory_changed
from .errors import ServiceError, form_errors_from
from .models import AuditEntry
from .selectors import mers as mers_reads
from .selectors.day import current_session_number
from .services.audit import audit_record
from .services.deletions import deletion_refusal, object_delete, tournament_archive, tournament_restore
from .services.exports import export_request
from .services.fields import fields_set
from .services.hands import hand_delete
from .services.leagues import (
    CLUB_FIELDS,
    LEAGUE_FIELDS,
    SEASON_FIELDS,
    club_create,
    club_update,
    club_validate,
    league_create,
    league_update,
    league_validate,
    season_create,
    season_update,
    season_validate,
)
from .services.registrations import registration_delete, registration_update
from .services.seating import seating_generate, seating_next_session
from .services.standings import standings_request
from .services.tournaments import (
    TOURNAMENT_FIELDS,
    registration_create,
    tournament_check,
    tournament_create,
    tournament_update,
)


@admin.display(description=_("player"), ordering="player__last_name")
def player_full_name(obj) -> str:
    """A row's player by their whole name: administrators see who it is, whatever the public sees."""
    return obj.player.full_name


class BaseAdmin(admin.ModelAdmin):
    """Every change made in the admin retires the cached public pages: admin edits are rare, and
    they can touch anything the pages show (a session's time, a table, a ranking row). Deletions
    go through ``object_delete``: refused while something played depends on the row, and logged.
    ``fixed_on_change`` names the fields (parents, mostly) that are set once, when a row is added.
    Players appear by their whole name (``Player.full_name``) in the lists and choices, not in their
    public form (``str(player)``)."""

    fixed_on_change: tuple[str, ...] = ()

    def get_list_display(self, request):
        return [player_full_name if column == "player" else column for column in super().get_list_display(request)]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if field is not None and db_field.related_model is models.Player:
            field.label_from_instance = lambda player: player.full_name
        return field

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields += [name for name in self.fixed_on_change if name not in fields]
        return fields

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        directory_changed()

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        refusals = [refusal.message for refusal in map(deletion_refusal, objs) if refusal is not None]
        return deleted, counts, perms_needed, list(protected) + refusals

    def delete_model(self, request, obj) -> None:
        object_delete(obj=obj, user=request.user)
        directory_changed()

    def delete_queryset(self, request, queryset) -> None:
        for obj in queryset:
            object_delete(obj=obj, user=request.user)
        directory_changed()

    def save_formset(self, request, form, formset, change) -> None:
        super().save_formset(request, form, formset, change)
        directory_changed()


class ReadOnly:
    """Rows the system writes (draws, standings, rankings, history): shown, never added or edited by
    hand."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ChangesStandings:
    """For rows that count in a tournament's standings and have no service yet (penalties): every save or
    delete in the admin asks for the recomputation, as the services do."""

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        standings_request(tournament_id=obj.tournament_id)

    def delete_model(self, request, obj) -> None:
        super().delete_model(request, obj)
        standings_request(tournament_id=obj.tournament_id)

    def delete_queryset(self, request, queryset) -> None:
        tournament_ids = set(queryset.values_list("tournament_id", flat=True))
        super().delete_queryset(request, queryset)
        for tournament_id in tournament_ids:
            standings_request(tournament_id=tournament_id)


class ThroughServices:
    """A model written by services (league.services.leagues): the admin's form is checked by the
    service's own rules (messages on the fields) and the save calls the service. Set ``service``
    to (fields, validate, create, update, the update's keyword)."""

    service: tuple

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        names, validate = self.service[0], self.service[1]

        class ServiceForm(form):
            def clean(self):
                cleaned = super().clean()
                if not self.errors:
                    candidate = copy.copy(self.instance)  # the instance itself is set after clean()
                    try:
                        fields_set(candidate, {k: v for k, v in cleaned.items() if k in names}, names)
                        validate(candidate)
                    except ServiceError as error:
                        form_errors_from(self, error)
                return cleaned

        return ServiceForm

    def save_model(self, request, obj, form, change) -> None:
        names, _validate, create, update, keyword = self.service
        data = {name: value for name, value in form.cleaned_data.items() if name in names}
        if change:
            update(**{keyword: type(obj).objects.get(pk=obj.pk)}, data=data)
        else:
            created = create(data=data)
            obj.pk, obj._state.adding, obj._state.db = created.pk, False, created._state.db
        directory_changed()


class FixedOnceStoredForm(forms.ModelForm):
    """An inline row whose ``fixed`` fields (its player, its referee) are chosen when it is added and
    never changed afterwards: another player is another registration."""

    fixed: tuple[str, ...] = ()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            for name in self.fixed:
                if name in self.fields:
                    self.fields[name].disabled = True


class RegistrationInlineForm(FixedOnceStoredForm):
    fixed = ("player",)


class RefereeInlineForm(FixedOnceStoredForm):
    fixed = ("user",)


class LoggedInlineDeletes:
    """Rows deleted from an inline are refused like any deletion (the form says why) and logged."""

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        user = request.user

        class Logged(formset):
            def clean(self) -> None:
                super().clean()
                refusals = [refusal.message for form in self.deleted_forms if form.instance.pk is not None
                            and (refusal := deletion_refusal(form.instance)) is not None]
                if refusals:
                    raise forms.ValidationError(refusals)

            def delete_existing(self, obj, commit=True) -> None:
                if commit:
                    object_delete(obj=obj, user=user)

        return Logged


class RegistrationInline(LoggedInlineDeletes, admin.TabularInline):
    model = models.Registration
    form = RegistrationInlineForm
    extra = 0
    autocomplete_fields = ["player"]


class RefereeInline(LoggedInlineDeletes, admin.TabularInline):
    model = models.RefereeAssignment
    form = RefereeInlineForm
    extra = 0
    autocomplete_fields = ["user"]


class SeatInline(ReadOnly, admin.TabularInline):
    """The seats come from the draw (control room or API); here they are shown only."""

    model = models.Seat
    extra = 0
    fields = ["position", "player"]
    readonly_fields = ["position", "player"]


@admin.register(models.Club)
class ClubAdmin(ThroughServices, BaseAdmin):
    service = (CLUB_FIELDS, club_validate, club_create, club_update, "club")
    list_display = ["name", "city", "country"]
    list_filter = ["country"]
    search_fields = ["name", "city"]


@admin.register(models.Player)
class PlayerAdmin(BaseAdmin):
    list_display = ["last_name", "first_name", "club", "country", "ema_id", "public_name"]
    list_filter = ["country", "club", "public_name"]
    search_fields = ["last_name", "first_name", "ema_id", "club__name"]
    list_select_related = ["club"]
    autocomplete_fields = ["club", "user"]

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["subtitle"] = obj.full_name
        return super().render_change_form(request, context, add, change, form_url, obj)


@admin.register(models.League)
class LeagueAdmin(ThroughServices, BaseAdmin):
    service = (LEAGUE_FIELDS, league_validate, league_create, league_update, "league")
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(models.Season)
class SeasonAdmin(ThroughServices, BaseAdmin):
    # repairs in the admin may leave a tournament outside the season's dates
    service = (SEASON_FIELDS, lambda season: season_validate(season, outside_season_ok=True), season_create,
               lambda *, season, data: season_update(season=season, data=data, outside_season_ok=True), "season")
    list_display = ["name", "league", "starts_on", "ends_on", "ranking_method"]
    list_filter = ["league", "ranking_method"]
    search_fields = ["name", "league__name"]
    list_select_related = ["league"]


def _tournament_data(form) -> dict:
    return {name: value for name, value in form.cleaned_data.items() if name in TOURNAMENT_FIELDS}


class TournamentForm(forms.ModelForm):
    """Validated by the service's own rules (``tournament_check``), their messages on the fields.
    Dates outside the season are kept here: the administrator repairing them sees the season."""

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            try:
                tournament_check(tournament=self.instance if self.instance.pk else None,
                                 data=_tournament_data(self), outside_season_ok=True)
            except ServiceError as error:
                form_errors_from(self, error)
        return cleaned


@admin.register(models.Tournament)
class TournamentAdmin(BaseAdmin):
    list_display = ["name", "ruleset", "starts_on", "status", "published", "session_count", "season"]
    list_filter = ["status", "published", ("archived_at", admin.EmptyFieldListFilter), "ruleset", "season"]
    search_fields = ["name", "slug", "place"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "starts_on"
    list_select_related = ["season__league"]
    inlines = [RegistrationInline, RefereeInline]
    readonly_fields = ["weight_in_use", "standings_revealed_at", "archived_at"]  # the reveal is the control room's
    form = TournamentForm
    actions = ["build_results_workbook", "draw_balanced_seating", "draw_swiss_seating", "draw_random_seating",
               "archive", "restore"]

    @admin.action(description=_("Archive (hide from every page and ranking, keep everything)"),
                  permissions=["change"])
    def archive(self, request, queryset) -> None:
        for tournament in queryset:
            tournament_archive(tournament=tournament, user=request.user)
        self.message_user(request, _("Archived; restore them with the action “Restore”."), messages.SUCCESS)

    @admin.action(description=_("Restore from the archive"), permissions=["change"])
    def restore(self, request, queryset) -> None:
        for tournament in queryset:
            tournament_restore(tournament=tournament, user=request.user)
        self.message_user(request, _("Restored."), messages.SUCCESS)

    @admin.display(description=_("ranking weight in use"))
    def weight_in_use(self, obj) -> str:
        """The MERS weight the ranking uses: the override, or the one computed from the EMA table."""
        if obj is None or obj.pk is None:
            return "–"
        return str(mers_reads.weight_in_use(obj).normalize())

    def save_model(self, request, obj, form, change) -> None:
        """Through the services, as the API and the management pages do (validated in the form)."""
        data = _tournament_data(form)
        if change:
            tournament_update(tournament=obj, data=data, user=request.user, outside_season_ok=True)
        else:
            created = tournament_create(data=data, user=request.user, outside_season_ok=True)
            obj.pk, obj._state.adding, obj._state.db = created.pk, False, created._state.db
        directory_changed()

    def save_formset(self, request, form, formset, change) -> None:
        if formset.model is not models.Registration:
            super().save_formset(request, form, formset, change)
            return
        formset.save(commit=False)
        for registration in formset.deleted_objects:
            registration_delete(registration=registration, user=request.user)
        for registration, changed in formset.changed_objects:
            stored = models.Registration.objects.get(pk=registration.pk)
            if "player" in changed:  # another player: the place is given back and taken anew
                registration_delete(registration=stored, user=request.user)
                registration_create(tournament=form.instance, player=registration.player,
                                    substitute=registration.substitute, team=registration.team)
            else:
                registration_update(registration=stored, user=request.user,
                                    data={"substitute": registration.substitute, "team": registration.team})
        for registration in formset.new_objects:
            registration_create(tournament=form.instance, player=registration.player,
                                substitute=registration.substitute, team=registration.team)
        directory_changed()

    @admin.action(description=_("Build results workbook"))
    def build_results_workbook(self, request, queryset) -> None:
        for tournament in queryset:
            export_request(kind=models.Export.Kind.RESULTS_XLSX, tournament=tournament, user=request.user,
                           language=get_language())
        self.message_user(request, _("The workbooks are being built; find them under Exports."))

    def _draw_next_session(self, request, queryset, method: str) -> None:
        """Draw each selected tournament's next session without tables, one message per tournament."""
        for tournament in queryset:
            number = seating_next_session(tournament=tournament)
            if number is None:
                self.message_user(request, gettext("%(tournament)s: every session has its tables already.")
                                  % {"tournament": tournament}, messages.WARNING)
                continue
            try:
                session = seating_generate(tournament=tournament, number=number, method=method)
            except ServiceError as error:
                self.message_user(request, gettext("%(tournament)s, session %(number)s: %(error)s")
                                  % {"tournament": tournament, "number": number, "error": error.message},
                                  messages.ERROR)
                continue
            self.message_user(request, gettext("%(tournament)s: session %(number)s drawn, %(tables)s tables.")
                              % {"tournament": tournament, "number": number, "tables": session.tables.count()},
                              messages.SUCCESS)

    @admin.action(description=_("Draw balanced seating for the next session"), permissions=["change"])
    def draw_balanced_seating(self, request, queryset) -> None:
        self._draw_next_session(request, queryset, "balanced")

    @admin.action(description=_("Draw Swiss seating for the next session"), permissions=["change"])
    def draw_swiss_seating(self, request, queryset) -> None:
        self._draw_next_session(request, queryset, "swiss")

    @admin.action(description=_("Draw random seating for the next session"), permissions=["change"])
    def draw_random_seating(self, request, queryset) -> None:
        self._draw_next_session(request, queryset, "random")


@admin.register(models.Registration)
class RegistrationAdmin(BaseAdmin):
    list_display = ["player", "tournament", "substitute", "team", "created_at"]
    list_filter = ["substitute", "tournament"]
    search_fields = ["player__last_name", "player__first_name", "team"]
    list_select_related = ["player", "tournament"]
    autocomplete_fields = ["player", "tournament"]
    fixed_on_change = ("player", "tournament")

    def get_readonly_fields(self, request, obj=None):
        # another player or tournament is another registration: delete this one and add that one
        return ["player", "tournament"] if obj is not None else []

    def save_model(self, request, obj, form, change) -> None:
        if change:
            registration_update(registration=models.Registration.objects.get(pk=obj.pk), user=request.user,
                                data={"substitute": obj.substitute, "team": obj.team})
        else:
            created = registration_create(tournament=obj.tournament, player=obj.player, substitute=obj.substitute,
                                          team=obj.team)
            obj.pk, obj._state.adding, obj._state.db = created.pk, False, created._state.db
        directory_changed()

    def delete_model(self, request, obj) -> None:
        registration_delete(registration=obj, user=request.user)
        directory_changed()

    def delete_queryset(self, request, queryset) -> None:
        for registration in queryset:
            registration_delete(registration=registration, user=request.user)
        directory_changed()


@admin.register(models.RefereeAssignment)
class RefereeAssignmentAdmin(BaseAdmin):
    fixed_on_change = ("user", "tournament")
    list_display = ["user", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["user__username", "tournament__name"]
    list_select_related = ["user", "tournament"]
    autocomplete_fields = ["user", "tournament"]


@admin.register(models.CheckIn)
class CheckInAdmin(BaseAdmin):
    fixed_on_change = ("player", "tournament", "at", "by")
    list_display = ["player", "tournament", "at", "by"]
    list_filter = ["tournament"]
    search_fields = ["player__last_name", "player__first_name", "tournament__name"]
    list_select_related = ["player", "tournament", "by"]
    autocomplete_fields = ["player"]


@admin.register(models.Withdrawal)
class WithdrawalAdmin(BaseAdmin):
    """Withdrawals are made in the control room (its service checks the session); shown here, and
    may be taken back."""

    readonly_fields = ["tournament", "player", "from_session", "at", "by"]

    def has_add_permission(self, request) -> bool:
        return False

    list_display = ["player", "tournament", "from_session", "at", "by"]
    list_filter = ["tournament"]
    search_fields = ["player__last_name", "player__first_name", "tournament__name"]
    list_select_related = ["player", "tournament", "by"]
    autocomplete_fields = ["player"]


@admin.register(models.Session)
class SessionAdmin(BaseAdmin):
    list_display = ["tournament", "number", "starts_at", "draw_method", "draw_seed", "clock_state"]
    # the draw and the clock belong to their services (control room, API)
    readonly_fields = ["draw_method", "draw_seed", "drawn_at", "clock_state", "clock_duration_s", "clock_ends_at",
                       "clock_remaining_s"]
    fixed_on_change = ("tournament", "number")
    list_filter = ["tournament"]
    search_fields = ["tournament__name"]
    list_select_related = ["tournament"]


@admin.register(models.Table)
class TableAdmin(BaseAdmin):
    """Tables come from the draw and are closed, reopened and given extra time through their
    services (score sheet, control room, API): shown here, deleted only while they have no hands."""

    list_display = ["__str__", "number", "closed", "closed_at"]
    list_filter = ["closed", "session__tournament"]
    search_fields = ["session__tournament__name"]
    list_select_related = ["session__tournament"]
    inlines = [SeatInline]
    readonly_fields = ["session", "number", "closed", "closed_at", "clock_extra_s"]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(models.Seat)
class SeatAdmin(ReadOnly, BaseAdmin):
    list_display = ["table", "position", "player"]
    list_filter = ["session__tournament"]
    search_fields = ["player__last_name", "player__first_name"]
    list_select_related = ["table__session__tournament", "player"]


@admin.register(models.Hand)
class HandAdmin(BaseAdmin):
    list_display = ["table", "number", "dealer", "prevailing_wind", "version", "entered_by", "entered_at"]
    list_filter = ["table__session__tournament", "prevailing_wind"]
    search_fields = ["table__session__tournament__name"]
    list_select_related = ["table__session__tournament", "entered_by"]
    # every field: a hand is entered, corrected and deleted through the services (score sheet,
    # API), which keep its history and its table's game in order
    readonly_fields = [f.name for f in models.Hand._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False  # hands are entered on the score sheet or the API, through the services

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one hand at a time, the last one, through the service
        return actions

    def has_delete_permission(self, request, obj=None) -> bool:
        """Only the last hand of an open table, as on the score sheet: a later hand's number and
        state depend on every earlier one."""
        if not super().has_delete_permission(request, obj):
            return False
        if obj is None:
            return True
        table = obj.table
        return not table.closed and not table.hands.filter(number__gt=obj.number).exists()

    def get_deleted_objects(self, objs, request):
        return admin.ModelAdmin.get_deleted_objects(self, objs, request)  # its own rule: the last hand

    def delete_model(self, request, obj) -> None:
        hand_delete(hand=obj, user=request.user)  # with its history entry and the standings asked for
        audit_record(user=request.user, action=AuditEntry.Action.DELETE, obj=obj,
                     details={"table": obj.table_id, "number": obj.number})
        directory_changed()


@admin.register(models.HandRevision)
class HandRevisionAdmin(BaseAdmin):
    list_display = ["table", "number", "action", "version", "user", "at"]
    list_filter = ["action", "table__session__tournament"]
    list_select_related = ["table__session__tournament", "user"]
    readonly_fields = [f.name for f in models.HandRevision._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # the history is what makes every change traceable


@admin.register(models.TournamentPenalty)
class TournamentPenaltyAdmin(ChangesStandings, BaseAdmin):
    list_display = ["player", "tournament", "session_number", "points", "disqualified", "reason", "created_by",
                    "created_at"]
    list_filter = ["disqualified", "tournament"]
    search_fields = ["player__last_name", "reason"]
    list_select_related = ["player", "tournament", "created_by"]
    autocomplete_fields = ["player", "tournament"]
    exclude = ["created_by"]
    fixed_on_change = ("player", "tournament")

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            obj.created_by = request.user
            if obj.session_number is None:
                obj.session_number = current_session_number(obj.tournament)
        super().save_model(request, obj, form, change)


@admin.register(models.GameResult)
class GameResultAdmin(ReadOnly, BaseAdmin):
    list_display = ["tournament", "session_number", "table", "player", "score", "place", "table_points"]
    list_filter = ["tournament", "session_number"]
    search_fields = ["player__last_name"]
    list_select_related = ["tournament", "table__session__tournament", "player"]


@admin.register(models.Standing)
class StandingAdmin(ReadOnly, BaseAdmin):
    list_display = ["tournament", "rank", "player", "table_points", "score", "games", "disqualified"]
    list_filter = ["tournament"]
    search_fields = ["player__last_name"]
    list_select_related = ["tournament", "player"]


@admin.register(models.SeasonRanking)
class SeasonRankingAdmin(ReadOnly, BaseAdmin):
    list_display = ["season", "rank", "player", "value", "games", "tournaments"]
    list_filter = ["season"]
    search_fields = ["player__last_name"]
    list_select_related = ["season__league", "player"]

    def has_delete_permission(self, request, obj=None) -> bool:
        # a stale row may be removed; the next recomputation writes what is due
        return admin.ModelAdmin.has_delete_permission(self, request, obj)


@admin.register(models.RankingSnapshot)
class RankingSnapshotAdmin(BaseAdmin):
    """Read only: the snapshots are written by the ranking recomputation."""

    list_display = ["season", "player", "taken_on", "rank", "value"]
    list_filter = ["season"]
    search_fields = ["player__last_name"]
    list_select_related = ["season__league", "player"]
    readonly_fields = ["season", "player", "taken_on", "rank", "value"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(models.Export)
class ExportAdmin(BaseAdmin):
    list_display = ["__str__", "kind", "tournament", "season", "status", "progress", "created_at", "download"]
    list_filter = ["kind", "status"]
    list_select_related = ["tournament", "season__league"]
    # the file only through the checked download view (the media URL is not served)
    exclude = ["file"]
    readonly_fields = ["status", "progress", "download", "error", "created_by", "created_at", "heartbeat_at",
                       "finished_at"]
    fixed_on_change = ("kind", "tournament", "season", "language")

    @admin.display(description=_("file"))
    def download(self, obj) -> str:
        if obj is None or obj.pk is None or obj.status != models.Export.Status.DONE or not obj.file:
            return "–"
        return format_html('<a href="{}">{}</a>', reverse("api-export-download", args=[obj.pk]),
                           gettext("Download"))


@admin.register(models.Signup)
class SignupAdmin(BaseAdmin):
    list_display = ["last_name", "first_name", "tournament", "status", "email", "created_at"]
    list_filter = ["status", "tournament"]
    search_fields = ["last_name", "first_name", "email"]
    list_select_related = ["tournament"]
    # decisions are made on the sign-ups page or the API (league.services.signups), which register
    # the player and keep the waiting list in order
    readonly_fields = ["status", "token", "registration", "player", "as_new_player", "created_at", "consent_at",
                       "confirmed_at", "decided_at"]
    fixed_on_change = ("tournament", "email")

    def has_add_permission(self, request) -> bool:
        return False  # sign-ups come from the public form


@admin.register(models.AuditEntry)
class AuditEntryAdmin(ReadOnly, BaseAdmin):
    list_display = ["at", "username", "action", "model", "object_repr"]
    list_filter = ["action", "model"]
    search_fields = ["username", "object_repr"]


# The admin index in sections of what administrators edit, the computed rows last and read-only.
SECTIONS = [
    (_("Players and clubs"), ["club", "player"]),
    (_("Leagues and tournaments"), ["league", "season", "tournament", "registration", "signup", "refereeassignment",
                                    "session", "table"]),
    (_("Play"), ["hand", "tournamentpenalty"]),
    (_("Exports"), ["export"]),
    (_("Audit log"), ["auditentry"]),
    (_("Computed (read only)"), ["seat", "gameresult", "standing", "seasonranking", "rankingsnapshot",
                                 "handrevision"]),
]


def _grouped_app_list(request, app_label=None):
    """The league app split into ``SECTIONS`` (other apps as Django lists them)."""
    apps = admin.AdminSite.get_app_list(admin.site, request, app_label)
    grouped = []
    for app in apps:
        if app["app_label"] != "league":
            grouped.append(app)
            continue
        models_by_name = {entry["object_name"].lower(): entry for entry in app["models"]}
        placed = set()
        for title, names in SECTIONS:
            entries = [models_by_name[name] for name in names if name in models_by_name]
            placed.update(name for name in names if name in models_by_name)
            if entries:
                grouped.append({**app, "name": title, "models": entries})
        rest = [entry for name, entry in models_by_name.items() if name not in placed]
        if rest:
            grouped.append({**app, "models": rest})
    return grouped


class FullNamesAutocomplete(AutocompleteJsonView):
    """The admin's search-as-you-type choices name players by their whole name."""

    def serialize_result(self, obj, to_field_name):
        result = super().serialize_result(obj, to_field_name)
        if isinstance(obj, models.Player):
            result["text"] = obj.full_name
        return result


admin.site.get_app_list = _grouped_app_list
admin.site.autocomplete_view = lambda request: FullNamesAutocomplete.as_view(admin_site=admin.site)(request)
admin.site.site_header = _("Mah-Jongg league administration")
admin.site.site_title = _("Mah-Jongg league")
