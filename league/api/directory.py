"""Players, clubs, leagues and seasons: read by everyone, written by administrators."""
from rest_framework import viewsets

from ..models import Club, League, Player, Season
from .serializers import ClubSerializer, LeagueSerializer, PlayerSerializer, SeasonSerializer


class ClubViewSet(viewsets.ModelViewSet):
    queryset = Club.objects.all()
    serializer_class = ClubSerializer


class PlayerViewSet(viewsets.ModelViewSet):
    queryset = Player.objects.all()
    serializer_class = PlayerSerializer


class LeagueViewSet(viewsets.ModelViewSet):
    queryset = League.objects.all()
    serializer_class = LeagueSerializer


class SeasonViewSet(viewsets.ModelViewSet):
    queryset = Season.objects.all()
    serializer_class = SeasonSerializer
