"""Django admin for every model, with the columns, search and filters administrators use."""
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from . import models


class RegistrationInline(admin.TabularInline):
    model = models.Registration
    extra = 0
    autocomplete_fields = ["player"]


class RefereeInline(admin.TabularInline):
    model = models.RefereeAssignment
    extra = 0
    autocomplete_fields = ["user"]


class SeatInline(admin.TabularInline):
    model = models.Seat
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["position", "player"]


@admin.register(models.Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city", "country"]
    list_filter = ["country"]
    search_fields = ["name", "city"]


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "club", "country", "ema_id"]
    list_filter = ["country", "club"]
    search_fields = ["last_name", "first_name", "ema_id", "club__name"]
    list_select_related = ["club"]
    autocomplete_fields = ["club", "user"]


@admin.register(models.League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(models.Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "starts_on", "ends_on", "ranking_method"]
    list_filter = ["league", "ranking_method"]
    search_fields = ["name", "league__name"]
    list_select_related = ["league"]


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "ruleset", "starts_on", "status", "published", "session_count", "season"]
    list_filter = ["status", "published", "ruleset", "season"]
    search_fields = ["name", "slug", "place"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "starts_on"
    list_select_related = ["season__league"]
    inlines = [RegistrationInline, RefereeInline]
    actions = ["build_results_workbook"]

    @admin.action(description=_("Build results workbook"))
    def build_results_workbook(self, request, queryset) -> None:
        from django.utils.translation import get_language

        from .services.exports import export_request

        for tournament in queryset:
            export_request(kind=models.Export.Kind.RESULTS_XLSX, tournament=tournament, user=request.user,
                           language=get_language())
        self.message_user(request, _("The workbooks are being built; find them under Exports."))


@admin.register(models.Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "substitute", "team", "created_at"]
    list_filter = ["substitute", "tournament"]
    search_fields = ["player__last_name", "player__first_name", "team"]
    list_select_related = ["player", "tournament"]
    autocomplete_fields = ["player", "tournament"]


@admin.register(models.RefereeAssignment)
class RefereeAssignmentAdmin(admin.ModelAdmin):
    list_display = ["user", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["user__username", "tournament__name"]
    list_select_related = ["user", "tournament"]
    autocomplete_fields = ["user", "tournament"]


@admin.register(models.Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "starts_at"]
    list_filter = ["tournament"]
    search_fields = ["tournament__name"]
    list_select_related = ["tournament"]


@admin.register(models.Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "number", "closed", "closed_at"]
    list_filter = ["closed", "session__tournament"]
    search_fields = ["session__tournament__name"]
    list_select_related = ["session__tournament"]
    inlines = [SeatInline]


@admin.register(models.Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "player"]
    list_filter = ["session__tournament"]
    search_fields = ["player__last_name", "player__first_name"]
    list_select_related = ["table__session__tournament", "player"]


@admin.register(models.Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "dealer", "prevailing_wind", "version", "entered_by", "entered_at"]
    list_filter = ["table__session__tournament", "prevailing_wind"]
    search_fields = ["table__session__tournament__name"]
    list_select_related = ["table__session__tournament", "entered_by"]
    readonly_fields = ["record", "result", "dealer", "prevailing_wind", "version", "entered_by", "entered_at"]

    def has_add_permission(self, request) -> bool:
        return False  # hands are entered on the score sheet or the API, through the services


@admin.register(models.HandRevision)
class HandRevisionAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "action", "version", "user", "at"]
    list_filter = ["action", "table__session__tournament"]
    list_select_related = ["table__session__tournament", "user"]
    readonly_fields = [f.name for f in models.HandRevision._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(models.TournamentPenalty)
class TournamentPenaltyAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "points", "disqualified", "reason", "created_at"]
    list_filter = ["disqualified", "tournament"]
    search_fields = ["player__last_name", "reason"]
    list_select_related = ["player", "tournament"]
    autocomplete_fields = ["player", "tournament"]


@admin.register(models.GameResult)
class GameResultAdmin(admin.ModelAdmin):
    list_display = ["tournament", "session_number", "table", "player", "score", "place", "table_points"]
    list_filter = ["tournament", "session_number"]
    search_fields = ["player__last_name"]
    list_select_related = ["tournament", "table__session__tournament", "player"]


@admin.register(models.Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ["tournament", "rank", "player", "table_points", "score", "games", "disqualified"]
    list_filter = ["tournament"]
    search_fields = ["player__last_name"]
    list_select_related = ["tournament", "player"]


@admin.register(models.SeasonRanking)
class SeasonRankingAdmin(admin.ModelAdmin):
    list_display = ["season", "rank", "player", "value", "games", "tournaments"]
    list_filter = ["season"]
    search_fields = ["player__last_name"]
    list_select_related = ["season__league", "player"]


@admin.register(models.Export)
class ExportAdmin(admin.ModelAdmin):
    list_display = ["__str__", "kind", "tournament", "season", "status", "progress", "created_at"]
    list_filter = ["kind", "status"]
    list_select_related = ["tournament", "season__league"]
    readonly_fields = ["status", "progress", "file", "error", "created_by", "created_at", "finished_at"]


admin.site.site_header = _("Mah-Jongg league administration")
admin.site.site_title = _("Mah-Jongg league")
