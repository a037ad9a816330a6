"""Results: a tournament's standings and a season's ranking, read-only and public.

Standings come as one list (a tournament has at most a few hundred players); a season ranking can
hold thousands of players and is paginated like the other lists (``limit``/``offset``).
Unpublished tournaments are hidden (404) from everyone but administrators and their referees.
"""
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from ..cache import cached_read, page_subject
from ..models import Season, SeasonRanking, Standing
from ..permissions import visible_tournaments
from ..selectors.day import hides_for, standings_before
from ..selectors.stages import chosen_stage, stage_standings
from ..selectors.standings import season_ranking_for, standings_for


class _PlayerFields(serializers.Serializer):
    player = serializers.IntegerField(source="player_id", help_text=_("Player id"))
    player_name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club.name", default=None, allow_null=True)
    country = serializers.CharField(source="player.country")


class StandingSerializer(_PlayerFields, serializers.ModelSerializer):
    table_points = serializers.DecimalField(max_digits=10, decimal_places=4, coerce_to_string=False)
    score = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=False)
    average_place = serializers.DecimalField(max_digits=6, decimal_places=4, coerce_to_string=False,
                                             allow_null=True)

    class Meta:
        model = Standing
        fields = ["rank", "player", "player_name", "club", "country", "table_points", "score", "games",
                  "average_place", "penalty_points", "disqualified"]


class MersResultSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    base_rank = serializers.IntegerField()
    weight = serializers.FloatField(help_text=_("The tournament's weight in use"))
    age_factor = serializers.FloatField()
    part_a = serializers.BooleanField()
    part_b = serializers.BooleanField()


class SeasonRankingSerializer(_PlayerFields, serializers.ModelSerializer):
    value = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=False)
    results = MersResultSerializer(many=True, read_only=True,
                                   help_text=_("MERS: the results counted; empty for the other methods"))

    class Meta:
        model = SeasonRanking
        fields = ["rank", "player", "player_name", "club", "country", "value", "games", "tournaments", "results"]


class TournamentStandings(generics.GenericAPIView):
    """The tournament's current standings, best first; disqualified players last."""

    serializer_class = StandingSerializer
    pagination_class = None

    @extend_schema(parameters=[OpenApiParameter(
        "stage", int, required=False,
        description=_("A staged tournament: this stage's standings (0-based); without it, the latest stage's"))],
        responses=StandingSerializer(many=True))
    def get(self, request, pk: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        staged = bool(tournament.day_options["stages"])
        # a stage's standings also follow the draw (the latest stage, the cut): any change retires them
        page_subject(request, tournament_id=tournament.pk, parts=None if staged else ("standings",))
        stage = chosen_stage(tournament, request.query_params.get("stage"))
        hidden = hides_for(request.user, tournament)
        if staged:
            return Response(StandingSerializer(stage_standings(tournament=tournament, index=stage,
                                                               before_session=hidden), many=True).data)
        if hidden is not None:  # as they stood before the hidden sessions, until the reveal
            return Response(StandingSerializer(standings_before(tournament=tournament, session_number=hidden),
                                               many=True).data)
        return Response(StandingSerializer(standings_for(tournament=tournament), many=True).data)


class SeasonRankingList(generics.GenericAPIView):
    """The season's ranking by its ranking method, best first; players without a rank last."""

    serializer_class = SeasonRankingSerializer

    @extend_schema(responses=SeasonRankingSerializer(many=True))
    def get(self, request, pk: int):
        season = get_object_or_404(Season, pk=pk)
        page_subject(request, season_id=season.pk)
        page = self.paginate_queryset(season_ranking_for(season=season))
        return self.get_paginated_response(SeasonRankingSerializer(page, many=True).data)


# Included by league/api/urls.py ahead of the router, so these win over the viewsets' routes.
urlpatterns = [
    path("tournaments/<int:pk>/standings/", cached_read(TournamentStandings.as_view()),
         name="api-tournament-standings"),
    path("seasons/<int:pk>/ranking/", cached_read(SeasonRankingList.as_view()), name="api-season-ranking"),
]
