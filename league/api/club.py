"""Club evenings (docs/api.md "Players at the table"): ``tournaments/<id>/sessions/`` lists the
evenings and opens the next; ``tournaments/<id>/sessions/<n>/tables/`` lists an evening's tables
and forms one. Every write through ``league.services.club``."""
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from ..models import Seat, Session
from ..permissions import visible_tournaments
from ..services.club import can_form_table, club_session_open, club_table_form
from ..validators import LARGEST_ID


class ClubTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids, East first")
    closed = serializers.BooleanField()


class EveningSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = ClubTableSerializer(many=True)


class FormTableSerializer(serializers.Serializer):
    seats = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=LARGEST_ID),
                                  min_length=4, max_length=4,
                                  help_text="Four registered players' ids, East, South, West, North")


def _evenings(tournament, number: int | None = None) -> list[dict]:
    """The event's sessions (or one) with their tables, seats in order: two queries."""
    sessions = Session.objects.filter(tournament=tournament).order_by("number")
    if number is not None:
        sessions = sessions.filter(number=number)
    out = {session.pk: {"number": session.number, "tables": {}} for session in sessions}
    seats = (Seat.objects.filter(session_id__in=out).order_by("table__number", "position")
             .values_list("session_id", "table_id", "table__number", "table__closed", "player_id"))
    for session_id, table_id, table_number, closed, player_id in seats:
        table = out[session_id]["tables"].setdefault(
            table_id, {"id": table_id, "number": table_number, "seats": [], "closed": closed})
        table["seats"].append(player_id)
    return [{**evening, "tables": list(evening["tables"].values())} for evening in out.values()]


class EventWriters(permissions.BasePermission):
    """Everyone reads; administrators, the event's referees and (with the players' own entry) its
    registered players with an account write; the service checks who sits at the table."""

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return request.user.is_authenticated and can_form_table(request.user, view.tournament())


class _EventView(APIView):
    permission_classes = [EventWriters]

    def tournament(self):
        if not hasattr(self, "_tournament"):
            self._tournament = get_object_or_404(visible_tournaments(self.request.user), pk=self.kwargs["pk"])
        return self._tournament


class Evenings(_EventView):
    """GET the evenings (sessions) with their tables (public); POST opens the next evening of a club
    event (its administrators and referees, and with ``entry`` "players" its registered players with
    an account) → ``201`` the new evening. ``409`` ``not_a_club_event``, ``tournament_finished``,
    ``evening_empty`` (the latest evening has no table yet)."""

    serializer_class = EveningSerializer

    @extend_schema(responses={200: EveningSerializer(many=True)})
    def get(self, request, pk: int):
        return Response(_evenings(self.tournament()))

    @extend_schema(request=None, responses={201: EveningSerializer})
    def post(self, request, pk: int):
        tournament = self.tournament()
        session = club_session_open(tournament=tournament, user=request.user)
        return Response({"number": session.number, "tables": []}, status=status.HTTP_201_CREATED)


class EveningTables(_EventView):
    """GET an evening's tables (public); POST ``{"seats": [four player ids, East first]}`` forms a
    table of registered players (administrators, referees, or with ``entry`` "players" a player who
    sits at it) → ``201`` the table; ``409`` ``player_seated`` when one of them sits at an open table
    of the event, ``played_this_session`` when one has played this evening already."""

    serializer_class = FormTableSerializer

    @extend_schema(responses={200: ClubTableSerializer(many=True)})
    def get(self, request, pk: int, number: int):
        evenings = _evenings(self.tournament(), number)
        if not evenings:
            raise Http404("no such evening")
        return Response(evenings[0]["tables"])

    @extend_schema(request=FormTableSerializer, responses={201: ClubTableSerializer})
    def post(self, request, pk: int, number: int):
        tournament = self.tournament()
        data = FormTableSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        table = club_table_form(
            tournament=tournament, number=number, seats=data.validated_data["seats"], user=request.user,
            link=lambda t: request.build_absolute_uri(reverse("referee-table", args=[t.pk])))
        return Response({"id": table.pk, "number": table.number, "seats": data.validated_data["seats"],
                         "closed": table.closed}, status=status.HTTP_201_CREATED)


urlpatterns = [
    path("tournaments/<int:pk>/sessions/", Evenings.as_view(), name="api-evenings"),
    path("tournaments/<int:pk>/sessions/<int:number>/tables/", EveningTables.as_view(), name="api-evening-tables"),
]
