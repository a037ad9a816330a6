"""Tournaments with their registrations and referees."""
from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from ..models import Registration
from ..permissions import is_league_admin, visible_tournaments
from ..services.deletions import object_delete, tournament_archive, tournament_restore
from ..services.rankings import ranking_fields, tournament_saved
from ..services.standings import standings_request
from ..services.tournaments import referee_assign, registration_create
from .serializers import (
    RefereeCreateSerializer,
    RegistrationCreateSerializer,
    RegistrationSerializer,
    TournamentSerializer,
)


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

    @transaction.atomic
    def perform_update(self, serializer):
        before = ranking_fields(serializer.instance)
        options = dict(serializer.instance.options or {})
        tournament = serializer.save()
        tournament_saved(tournament=tournament, before=before)
        if tournament.options != options:  # e.g. substitute_scoring changes who is in the standings
            standings_request(tournament_id=tournament.pk)

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

    @extend_schema(request=RefereeCreateSerializer, responses={201: RefereeCreateSerializer})
    @action(detail=True, methods=["get", "post"])
    def referees(self, request, pk=None):
        tournament = self.get_object()
        if request.method == "POST":
            data = RefereeCreateSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            referee_assign(tournament=tournament, user=data.validated_data["user"])
            return Response({"user": data.validated_data["user"].pk}, status=status.HTTP_201_CREATED)
        if not is_league_admin(request.user):
            raise PermissionDenied()
        return Response([{"user": a.user_id} for a in tournament.referee_assignments.all()])
