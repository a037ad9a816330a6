"""Tournaments with their registrations and referees; every write through the services.
``registrations/<player>/``: ``PATCH {"substitute": bool}`` (or ``team``) changes a registration,
``DELETE`` removes it (``409 already_seated`` once the player has a seat)."""
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response

from ..models import Registration, Role
from ..permissions import directs, may_place_tournament, visible_tournaments
from ..services.deletions import object_delete, tournament_archive, tournament_restore
from ..services.registrations import registration_delete, registration_update
from ..services.roles import role_give
from ..services.tournaments import registration_create, tournament_create, tournament_update
from .serializers import (
    RefereeCreateSerializer,
    RegistrationCreateSerializer,
    RegistrationSerializer,
    RegistrationUpdateSerializer,
    TournamentSerializer,
)

CONFIRM = OpenApiParameter("confirm", str, enum=["outside_season"], required=False,
                           description="outside_season: keep dates that lie outside the tournament's season")


@extend_schema_view(create=extend_schema(parameters=[CONFIRM]), update=extend_schema(parameters=[CONFIRM]),
                    partial_update=extend_schema(parameters=[CONFIRM]))
class TournamentViewSet(viewsets.ModelViewSet):
    """``DELETE`` removes a tournament without hands (logged); one with hands answers ``409``
    ``has_hands``: ``POST archive/`` hides it instead and ``POST restore/`` brings it back
    (administrators, who also read archived ones here: ``archived_at``)."""

    serializer_class = TournamentSerializer

    def get_queryset(self):
        return visible_tournaments(self.request.user, archived=True).select_related("season")

    def perform_destroy(self, instance):
        object_delete(obj=instance, user=self.request.user)

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def archive(self, request, pk=None):
        return Response(TournamentSerializer(tournament_archive(tournament=self.get_object(), user=request.user),
                                             context=self.get_serializer_context()).data)

    @extend_schema(request=None, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def restore(self, request, pk=None):
        return Response(TournamentSerializer(tournament_restore(tournament=self.get_object(), user=request.user),
                                             context=self.get_serializer_context()).data)

    def _outside_season_ok(self) -> bool:
        """``?confirm=outside_season``: the administrator confirms dates outside the season, as the
        management pages' checkbox does (without it: 400 ``outside_season``)."""
        return self.request.query_params.get("confirm") == "outside_season"

    def _owners_only(self, data: dict, tournament=None) -> None:
        """A tournament belongs to its season's league and its host club: only their administrators
        make one there or move one (its season, its host club); a director edits the rest."""
        moved = tournament is None or any(
            field in data and data[field] != getattr(tournament, field) for field in ("season", "host_club"))
        if not moved:
            return
        season = data.get("season", tournament.season if tournament else None)
        club = data.get("host_club", tournament.host_club if tournament else None)
        if not may_place_tournament(self.request.user, season=season, host_club=club, tournament=tournament):
            raise PermissionDenied(_("This is outside what you administer."))

    def perform_create(self, serializer):
        self._owners_only(serializer.validated_data)
        serializer.instance = tournament_create(data=serializer.validated_data, user=self.request.user,
                                                outside_season_ok=self._outside_season_ok())

    def perform_update(self, serializer):
        self._owners_only(serializer.validated_data, serializer.instance)
        serializer.instance = tournament_update(tournament=serializer.instance, data=serializer.validated_data,
                                                user=self.request.user, outside_season_ok=self._outside_season_ok())

    @extend_schema(request=RegistrationCreateSerializer, responses=RegistrationSerializer(many=True))
    @action(detail=True, methods=["get", "post"])
    def registrations(self, request, pk=None):
        tournament = self.get_object()
        if request.method == "POST":
            data = RegistrationCreateSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            registration = registration_create(tournament=tournament, **data.validated_data)
            return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)
        registrations = Registration.objects.filter(tournament=tournament).order_by("id")
        return Response(RegistrationSerializer(registrations, many=True).data)

    @extend_schema(methods=["PATCH"], request=RegistrationUpdateSerializer, responses=RegistrationSerializer)
    @extend_schema(methods=["DELETE"], request=None, responses={204: None})
    @action(detail=True, methods=["patch", "delete"], url_path=r"registrations/(?P<player>[0-9]+)")
    def registration(self, request, pk=None, player=None):
        """One player's registration: ``PATCH`` its substitute flag (or team), ``DELETE`` it (refused
        with ``409 already_seated`` once the player has been seated: withdraw them instead)."""
        tournament = self.get_object()
        registration = get_object_or_404(Registration, tournament=tournament, player_id=int(player))
        if request.method == "DELETE":
            registration_delete(registration=registration, user=request.user)
            return Response(status=status.HTTP_204_NO_CONTENT)
        data = RegistrationUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        changes = dict(data.validated_data)
        if "team" in changes:
            changes["team"] = changes["team"] or ""
        registration = registration_update(registration=registration, data=changes, user=request.user)
        return Response(RegistrationSerializer(registration).data)

    @extend_schema(request=RefereeCreateSerializer, responses={201: RefereeCreateSerializer})
    @action(detail=True, methods=["get", "post"])
    def referees(self, request, pk=None):
        tournament = self.get_object()
        if request.method == "POST":
            data = RefereeCreateSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            # the short form of POST roles/ {"role": "referee"} (league.services.roles)
            user = data.validated_data["user"]
            if not tournament.referee_assignments.filter(user=user).exists():
                role_give(by=request.user, role=Role.Kind.REFEREE, scope=tournament, user=user)
            return Response({"user": user.pk}, status=status.HTTP_201_CREATED)
        if not directs(request.user, tournament):
            raise PermissionDenied()
        return Response([{"user": a.user_id} for a in tournament.referee_assignments.all()])
