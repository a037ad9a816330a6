"""Players, clubs, leagues and seasons: read by everyone, written by administrators (clubs, leagues
and seasons through their services, league.services.leagues). Deletions go through
league.services.deletions (refused while in use, logged)."""
from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from ..models import Club, League, Player, Season, shown_name_order
from ..services.deletions import object_delete
from ..services.leagues import club_create, club_update, league_create, league_update, season_create, season_update
from ..services.players import player_erase, player_update
from .serializers import ClubSerializer, LeagueSerializer, PlayerSerializer, SeasonSerializer


class DeletesThroughService:
    def perform_destroy(self, instance):
        object_delete(obj=instance, user=self.request.user)


class ClubViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Club.objects.all()
    serializer_class = ClubSerializer

    def perform_create(self, serializer):
        serializer.instance = club_create(data=serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = club_update(club=serializer.instance, data=serializer.validated_data)


class PlayerViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Player.objects.order_by(*shown_name_order())  # public: no order by a hidden last name
    serializer_class = PlayerSerializer

    def perform_update(self, serializer):
        serializer.instance = player_update(player=serializer.instance, data=serializer.validated_data,
                                            user=self.request.user)

    @extend_schema(request=None, responses={200: PlayerSerializer})
    @action(detail=True, methods=["post"])
    def erase(self, request, pk=None):
        """``POST players/<id>/erase/`` (administrators): the player's name becomes "Anonymous <id>", the
        EMA number and the sign-ups go; results, standings and rankings stay (league.services.players)."""
        player = player_erase(player=self.get_object(), user=request.user)
        return Response(self.get_serializer(player).data)


class LeagueViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = League.objects.all()
    serializer_class = LeagueSerializer

    def perform_create(self, serializer):
        serializer.instance = league_create(data=serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = league_update(league=serializer.instance, data=serializer.validated_data)


class SeasonViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Season.objects.all()
    serializer_class = SeasonSerializer

    def perform_create(self, serializer):
        serializer.instance = season_create(data=serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = season_update(season=serializer.instance, data=serializer.validated_data)
