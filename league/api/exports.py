"""Exports and imports: request a file, follow its progress, download it; import registrations."""
from pathlib import PurePosixPath

from django.http import FileResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from ..errors import Conflict, Forbidden
from ..models import Export, Season, Tournament
from ..permissions import administers_league, can_referee, directs
from ..selectors.day import hides_for
from ..services.exports import SEASON_KINDS, TOURNAMENT_KINDS, WITHOUT_RESULTS, export_request
from ..services.external import external_results_import, external_results_preview
from ..services.imports import decisions_parsed, registrations_import, registrations_import_preview
from .parsers import JSONParser
from .permissions import SeasonAdministrators, SiteAdminOnly, TournamentDirectors

# Site administrators only (the name the other modules import; the scoped doors are in .permissions).
LeagueAdminOnly = SiteAdminOnly


class ExportSerializer(serializers.ModelSerializer):
    download_url = serializers.SerializerMethodField()
    session = serializers.IntegerField(source="session_number", read_only=True, allow_null=True)

    class Meta:
        model = Export
        fields = ["id", "kind", "status", "progress", "download_url", "error", "tournament", "season",
                  "session", "language", "created_at", "finished_at"]

    def get_download_url(self, export: Export) -> str | None:
        if export.status != Export.Status.DONE or not export.file:
            return None
        url = reverse("api-export-download", args=[export.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request else url


class TournamentExportRequest(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[str(kind) for kind in TOURNAMENT_KINDS])
    session = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=1000,
                                       help_text="score-sheets-pdf only: that session's tables alone")
    language = serializers.ChoiceField(choices=["de", "en"], required=False)


class SeasonExportRequest(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[str(kind) for kind in SEASON_KINDS], default="ranking-xlsx")
    language = serializers.ChoiceField(choices=["de", "en"], required=False)


def _requested(request, data: dict, **subject) -> Response:
    if data.get("session") is not None:
        subject["session_number"] = data["session"]
    export = export_request(kind=data["kind"], user=request.user,
                            language=data.get("language") or translation.get_language(), **subject)
    body = ExportSerializer(export, context={"request": request}).data
    return Response(body, status=status.HTTP_202_ACCEPTED)


class TournamentExports(APIView):
    """POST ``{"kind": "results-xlsx" | "ema-csv" | "score-sheets-xlsx" | "seating-xlsx" |
    "score-sheets-pdf" | "results-pdf"}`` (score-sheets-pdf also takes ``"session": n``) → 202; the
    file is built in the background (poll ``exports/<id>/``). League administrators; the tournament's
    referees for the files without results (seating-xlsx, score-sheets-xlsx, score-sheets-pdf)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=TournamentExportRequest, responses={202: ExportSerializer})
    def post(self, request, pk: int):
        if not can_referee(request.user, pk):
            raise Forbidden("forbidden", _("Only league administrators can export."))
        tournament = get_object_or_404(Tournament, pk=pk)
        data = TournamentExportRequest(data=request.data)
        data.is_valid(raise_exception=True)
        return _requested(request, data.validated_data, tournament=tournament)


class SeasonExports(APIView):
    """POST ``{"kind": "ranking-xlsx"}`` → 202."""

    permission_classes = [SeasonAdministrators]

    @extend_schema(request=SeasonExportRequest, responses={202: ExportSerializer})
    def post(self, request, pk: int):
        season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
        data = SeasonExportRequest(data=request.data)
        data.is_valid(raise_exception=True)
        return _requested(request, data.validated_data, season=season)


def readable_export(request, export_id: int) -> Export:
    """Administrators read every export; a referee the exports of the tournaments they referee,
    with the pages' visibility: while the standings are hidden (until the reveal) only the files
    that carry no results. Others get a 404, so export ids reveal nothing."""
    export = get_object_or_404(Export.objects.select_related("tournament", "season"), pk=export_id)
    if export.tournament_id and directs(request.user, export.tournament_id):
        return export
    if export.season_id and administers_league(request.user, export.season.league_id):
        return export
    if export.tournament_id and can_referee(request.user, export.tournament_id):
        if export.kind in WITHOUT_RESULTS or hides_for(request.user, export.tournament) is None:
            return export
    raise NotFound()


class ExportDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ExportSerializer})
    def get(self, request, pk: int):
        return Response(ExportSerializer(readable_export(request, pk), context={"request": request}).data)


CONTENT_TYPES = {".csv": "text/csv; charset=utf-8", ".pdf": "application/pdf",
                 ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}


class ExportDownload(APIView):
    """The finished file, as an attachment."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={(200, "application/octet-stream"): bytes})
    def get(self, request, pk: int):
        export = readable_export(request, pk)
        if export.status != Export.Status.DONE or not export.file:
            raise Conflict("export_not_ready", _("This export is not finished yet."))
        name = PurePosixPath(export.file.name).name
        content_type = CONTENT_TYPES.get(PurePosixPath(name).suffix, "application/octet-stream")
        return FileResponse(export.file.open("rb"), as_attachment=True, filename=name,
                            content_type=content_type)


class ImportUpload(serializers.Serializer):
    file = serializers.FileField()
    preview = serializers.BooleanField(required=False, default=False)
    decisions = serializers.JSONField(required=False, help_text=gettext_lazy(
        'What a "similar" row is: {"<row>": "new" | <player id>}; undecided ones are left alone'))
    clubs = serializers.JSONField(required=False, help_text=gettext_lazy(
        'What a club name near an existing club\'s is: {"<name as written>": "new" | <club id>}'))


class TournamentImports(APIView):
    """POST a multipart ``file`` (.xlsx or .csv of registrations). With ``?preview=1`` (or a
    ``preview`` field) → 200 with what would happen; otherwise → 201 with the counts, or 400
    ``invalid_rows`` listing every bad row, and nothing imported."""

    permission_classes = [TournamentDirectors]
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request={"multipart/form-data": ImportUpload}, responses={200: dict, 201: dict})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = ImportUpload(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data["file"]
        preview = data.validated_data["preview"] or request.query_params.get("preview", "").lower() in (
            "1", "true", "yes")
        decided = {"decisions": decisions_parsed(data.validated_data.get("decisions")),
                   "clubs": decisions_parsed(data.validated_data.get("clubs"), field="clubs")}
        if preview:
            return Response(registrations_import_preview(tournament=tournament, upload=upload, **decided).as_dict())
        counts = registrations_import(tournament=tournament, upload=upload, user=request.user, **decided)
        return Response(counts, status=status.HTTP_201_CREATED)


class ExternalResultsUpload(serializers.Serializer):
    file = serializers.FileField(help_text=gettext_lazy(
        "An .xlsx or .csv in the EMA results layout: place, last name, first name, EMA number, country, "
        "table points, score (games optional)"))
    name = serializers.CharField(max_length=160)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    country = serializers.CharField(max_length=10, help_text=gettext_lazy("ISO 3166 alpha-2"))
    ruleset = serializers.CharField(max_length=40, help_text=gettext_lazy(
        "The ruleset the tournament was played under (a name of GET rulesets/); it must be of the season's "
        "family of rulesets (409 ruleset_family_mismatch)"))
    preview = serializers.BooleanField(required=False, default=False)


class SeasonExternalResults(APIView):
    """POST the final results of a tournament held elsewhere (multipart: ``file``, ``name``,
    ``starts_on``, ``ends_on``, ``country``, ``ruleset``; a ruleset of another family than the
    season ranks: 409 ``ruleset_family_mismatch``). With ``preview`` → 200, one entry per row ``{"row",
    "status": "matched|new|error", "player"?, "error"?}``, nothing stored; otherwise → 201 (200 when
    it replaced the results of the same ``name`` and ``starts_on``) with the external tournament, or
    400 ``invalid_rows`` with every row and nothing stored."""

    permission_classes = [SeasonAdministrators]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request={"multipart/form-data": ExternalResultsUpload}, responses={200: dict, 201: dict})
    def post(self, request, pk: int):
        season = get_object_or_404(Season, pk=pk)
        data = ExternalResultsUpload(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        preview = fields.pop("preview") or request.query_params.get("preview", "").lower() in ("1", "true", "yes")
        upload = fields.pop("file")
        if preview:
            return Response(external_results_preview(season=season, upload=upload, **fields))
        tournament, replaced, rows = external_results_import(season=season, upload=upload, **fields)
        return Response({"tournament": tournament.pk, "slug": tournament.slug, "kind": tournament.kind,
                         "replaced": replaced, "rows": rows},
                        status=status.HTTP_200_OK if replaced else status.HTTP_201_CREATED)


# Included from league/api/urls.py, so the routes of this resource live next to its views.
urlpatterns = [
    path("tournaments/<int:pk>/exports/", TournamentExports.as_view(), name="api-tournament-exports"),
    path("tournaments/<int:pk>/imports/", TournamentImports.as_view(), name="api-tournament-imports"),
    path("seasons/<int:pk>/exports/", SeasonExports.as_view(), name="api-season-exports"),
    path("seasons/<int:pk>/external-results/", SeasonExternalResults.as_view(), name="api-season-external-results"),
    path("exports/<int:pk>/", ExportDetail.as_view(), name="api-export"),
    path("exports/<int:pk>/download/", ExportDownload.as_view(), name="api-export-download"),
]
