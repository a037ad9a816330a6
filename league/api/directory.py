"""Players, clubs, leagues and seasons: read by everyone, written by administrators. Deletions go
through league.services.deletions (refused while in use, logged)."""
from rest_framework import viewsets

from ..models import Club, League, Player, Season
from ..services.deletions import object_delete
from .serializers import ClubSerializer, LeagueSerializer, PlayerSerializer, SeasonSerializer


class DeletesThroughService:
    def perform_destroy(self, instance):
        object_delete(obj=instance, user=self.request.user)


class ClubViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Club.objects.all()
    serializer_class = ClubSerializer


class PlayerViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Player.objects.all()
    serializer_class = PlayerSerializer


class LeagueViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = League.objects.all()
    serializer_class = LeagueSerializer


class SeasonViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Season.objects.all()
    serializer_class = SeasonSerializer
