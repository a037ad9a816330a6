"""Players, clubs, leagues and seasons: read by everyone, written by administrators (clubs, leagues
and seasons through their services, league.services.leagues)."""
from rest_framework import viewsets

from ..models import Club, League, Player, Season
from ..services.leagues import club_create, club_update, league_create, league_update, season_create, season_update
from .serializers import ClubSerializer, LeagueSerializer, PlayerSerializer, SeasonSerializer


class ClubViewSet(viewsets.ModelViewSet):
    queryset = Club.objects.all()
    serializer_class = ClubSerializer

    def perform_create(self, serializer):
        serializer.instance = club_create(data=serializer.validated_data, user=self.request.user)

    def perform_update(self, serializer):
        serializer.instance = club_update(club=serializer.instance, data=serializer.validated_data,
                                          user=self.request.user)


class PlayerViewSet(viewsets.ModelViewSet):
    queryset = Player.objects.all()
    serializer_class = PlayerSerializer


class LeagueViewSet(viewsets.ModelViewSet):
    queryset = League.objects.all()
    serializer_class = LeagueSerializer

    def perform_create(self, serializer):
        serializer.instance = league_create(data=serializer.validated_data, user=self.request.user)

    def perform_update(self, serializer):
        serializer.instance = league_update(league=serializer.instance, data=serializer.validated_data,
                                            user=self.request.user)


class SeasonViewSet(viewsets.ModelViewSet):
    queryset = Season.objects.all()
    serializer_class = SeasonSerializer

    def perform_create(self, serializer):
        serializer.instance = season_create(data=serializer.validated_data, user=self.request.user)

    def perform_update(self, serializer):
        serializer.instance = season_update(season=serializer.instance, data=serializer.validated_data,
                                            user=self.request.user)
