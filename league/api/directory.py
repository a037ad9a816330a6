"""Players, clubs, leagues and seasons: read by everyone, written in the writer's scope
(league.api.permissions.may_change; a create checks what it would belong to): clubs, leagues
and seasons through league.services.leagues, players through league.services.players.
Deletions go through league.services.deletions (refused while in use, logged)."""
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from ..models import Club, League, Player, Season, shown_name_order
from ..permissions import administered_league_ids, administers_league, is_site_admin, organised_club_ids
from ..services.deletions import object_delete
from ..services.leagues import club_create, club_update, league_create, league_update, season_create, season_update
from ..services.players import player_create, player_erase, player_update
from .serializers import ClubSerializer, LeagueSerializer, PlayerSerializer, SeasonSerializer


class DeletesThroughService:
    def perform_destroy(self, instance):
        object_delete(obj=instance, user=self.request.user)


def _refuse_unless(allowed: bool) -> None:
    """A create outside the caller's scope (what it would belong to is theirs to see, not to change): 403."""
    if not allowed:
        raise PermissionDenied(_("This is outside what you administer."))


class ClubViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Club.objects.all()
    serializer_class = ClubSerializer

    def perform_create(self, serializer):
        # clubs are made by site administrators and, as they enter players, league administrators
        user = self.request.user
        _refuse_unless(is_site_admin(user) or bool(administered_league_ids(user)))
        serializer.instance = club_create(data=serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = club_update(club=serializer.instance, data=serializer.validated_data)


class PlayerViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Player.objects.order_by(*shown_name_order())  # public: no order by a hidden last name
    serializer_class = PlayerSerializer

    def perform_update(self, serializer):
        serializer.instance = player_update(player=serializer.instance, data=serializer.validated_data,
                                            user=self.request.user)

    def perform_create(self, serializer):
        # site and league administrators; a club's organisers make players who join their club
        user, club = self.request.user, serializer.validated_data.get("club")
        _refuse_unless(is_site_admin(user) or bool(administered_league_ids(user))
                       or (club is not None and club.pk in organised_club_ids(user)))
        serializer.instance = player_create(data=serializer.validated_data)

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
        _refuse_unless(is_site_admin(self.request.user))
        serializer.instance = league_create(data=serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = league_update(league=serializer.instance, data=serializer.validated_data)


class SeasonViewSet(DeletesThroughService, viewsets.ModelViewSet):
    queryset = Season.objects.all()
    serializer_class = SeasonSerializer

    def perform_create(self, serializer):
        _refuse_unless(administers_league(self.request.user, serializer.validated_data["league"].pk))
        serializer.instance = season_create(data=serializer.validated_data)

    def perform_update(self, serializer):
        league = serializer.validated_data.get("league")  # moved to another league: that one's administrators too
        _refuse_unless(league is None or administers_league(self.request.user, league.pk))
        serializer.instance = season_update(season=serializer.instance, data=serializer.validated_data)
