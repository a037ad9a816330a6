"""Routes of /api/v1/."""
from functools import cache

from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from rest_framework.routers import DefaultRouter

from . import auth, club, directory, roles, scoring, seating, tables, tournaments


@cache
def _spectacular(name: str):
    # drf_spectacular's views (and its schema generator, about 3 MB) are imported by the first request
    # for the schema or its documentation page, not as a web process starts (issue 40).
    from drf_spectacular import views

    if name == "schema":
        return views.SpectacularAPIView.as_view()
    return views.SpectacularSwaggerSplitView.as_view(url_name="api-schema")


@csrf_exempt
def schema(request, *args, **kwargs):
    """The OpenAPI schema (drf_spectacular's SpectacularAPIView)."""
    return _spectacular("schema")(request, *args, **kwargs)


@csrf_exempt
def docs(request, *args, **kwargs):
    """The schema's documentation page (drf_spectacular's SpectacularSwaggerSplitView)."""
    return _spectacular("docs")(request, *args, **kwargs)


router = DefaultRouter()
router.register("players", directory.PlayerViewSet, basename="player")
router.register("clubs", directory.ClubViewSet, basename="club")
router.register("leagues", directory.LeagueViewSet, basename="league")
router.register("seasons", directory.SeasonViewSet, basename="season")
router.register("tournaments", tournaments.TournamentViewSet, basename="tournament")

urlpatterns = [
    path("auth/token/", auth.TokenView.as_view(), name="api-token"),
    path("tables/<int:pk>/", tables.TableDetail.as_view(), name="api-table"),
    path("tables/<int:pk>/close/", tables.TableClose.as_view(), name="api-table-close"),
    path("tables/<int:pk>/confirmations/", tables.TableConfirmations.as_view(), name="api-table-confirmations"),
    path("tables/<int:pk>/disputes/", tables.TableDisputes.as_view(), name="api-table-disputes"),
    path("tables/<int:pk>/disputes/<int:did>/", tables.TableDisputeDetail.as_view(), name="api-table-dispute"),
    path("tables/<int:pk>/hands/", tables.TableHands.as_view(), name="api-table-hands"),
    path("tables/<int:pk>/preview/", tables.TableHandPreview.as_view(), name="api-table-preview"),
    path("hands/<int:pk>/", tables.HandDetail.as_view(), name="api-hand"),
    path("hands/<int:pk>/history/", tables.HandHistory.as_view(), name="api-hand-history"),
    path("tournaments/<int:pk>/sessions/<int:number>/seating/", seating.SeatingView.as_view(), name="api-seating"),
    path("tournaments/<int:pk>/sessions/<int:number>/seating/swap/", seating.SeatingSwapView.as_view(),
         name="api-seating-swap"),
    path("tournaments/<int:pk>/seating/plan/", seating.SeatingPlanView.as_view(), name="api-seating-plan"),
    path("settle/", scoring.SettleView.as_view(), name="api-settle"),
    path("handvalue/", scoring.HandValueView.as_view(), name="api-handvalue"),
    path("schema/", schema, name="api-schema"),
    path("docs/", docs, name="api-docs"),
    path("", include("league.api.accounts")),
    path("", include("league.api.day")),
    path("", include(club.urlpatterns)),
    path("", include("league.api.audit")),
    path("", include(roles.urlpatterns)),
    path("", include("league.api.exports")),
    path("", include("league.api.results")),  # tournaments/<pk>/standings/, seasons/<pk>/ranking/
    path("", include("league.api.league_admin")),  # players/bulk/ must come before players/<pk>/
    path("", include(router.urls)),
]
