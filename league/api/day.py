"""The tournament day's API (docs/api.md, "Tournament day"): check-ins, withdrawals, the session clock,
the reveal of hidden standings and find-my-table. The seating draw with preview is in api/seating.py."""
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from ..cache import cached_read, page_subject
from ..models import Player, Session, Table, Withdrawal
from ..permissions import visible_tournaments
from ..selectors.day import checked_in_ids, clock_reading, find_seats
from ..services.day import (
    CLOCK_ACTIONS,
    MAX_CLOCK_SECONDS,
    checkin_create,
    checkin_delete,
    clock_apply,
    session_open,
    tournament_reveal,
    withdrawal_create,
    withdrawal_delete,
)
from .permissions import AdminWritesOthersRead, RefereeWrites


class _TournamentView(APIView):
    def tournament(self):
        return get_object_or_404(visible_tournaments(self.request.user), pk=self.kwargs["pk"])

    def get_tournament_id(self) -> int:
        return self.tournament().pk


class PlayerRequestSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class CheckIns(_TournamentView):
    """GET the checked-in player ids; POST ``{"player": id}`` checks a player in (administrators and
    the tournament's referees)."""

    permission_classes = [RefereeWrites]
    serializer_class = PlayerRequestSerializer

    @extend_schema(responses={200: {"type": "array", "items": {"type": "integer"}}})
    def get(self, request, pk: int):
        return Response(checked_in_ids(self.tournament()))

    @extend_schema(responses={201: {"type": "array", "items": {"type": "integer"}}})
    def post(self, request, pk: int):
        tournament = self.tournament()
        data = PlayerRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        checkin_create(tournament=tournament, player=data.validated_data["player"], user=request.user)
        return Response(checked_in_ids(tournament), status=status.HTTP_201_CREATED)


class CheckInDetail(_TournamentView):
    permission_classes = [RefereeWrites]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, pk: int, player: int):
        checkin_delete(tournament=self.tournament(), player=get_object_or_404(Player, pk=player))
        return Response(status=status.HTTP_204_NO_CONTENT)


class WithdrawalRequestSerializer(PlayerRequestSerializer):
    from_session = serializers.IntegerField(min_value=1)
    only = serializers.BooleanField(default=False, help_text="out of from_session only, back in the next")


class Withdrawals(_TournamentView):
    """GET ``[{"player", "from_session", "only"}]``; POST ``{"player", "from_session", "only"?}``
    (administrators; ``only``: out of that one session, back in the next)."""

    permission_classes = [AdminWritesOthersRead]
    serializer_class = WithdrawalRequestSerializer

    def _list(self, tournament):
        return [{"player": w.player_id, "from_session": w.from_session, "only": w.until_session is not None}
                for w in Withdrawal.objects.filter(tournament=tournament).order_by("from_session", "player_id")]

    def get(self, request, pk: int):
        return Response(self._list(self.tournament()))

    def post(self, request, pk: int):
        tournament = self.tournament()
        data = WithdrawalRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        withdrawal_create(tournament=tournament, user=request.user, **data.validated_data)
        return Response(self._list(tournament), status=status.HTTP_201_CREATED)


class WithdrawalDetail(_TournamentView):
    permission_classes = [AdminWritesOthersRead]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, pk: int, player: int):
        withdrawal_delete(tournament=self.tournament(), player=get_object_or_404(Player, pk=player))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClockRequestSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=CLOCK_ACTIONS)
    seconds = serializers.IntegerField(required=False, min_value=1, max_value=MAX_CLOCK_SECONDS)
    table = serializers.IntegerField(required=False, help_text="A table's id: extend only this table")


class Clock(_TournamentView):
    """GET the session's clock (public); POST an action (administrators)."""

    permission_classes = [AdminWritesOthersRead]
    serializer_class = ClockRequestSerializer

    def _session(self, tournament, number: int, create: bool = False):
        if not 1 <= number <= tournament.session_count:
            raise Http404("no such session")
        if create:
            return session_open(tournament=tournament, number=number)
        return Session.objects.filter(tournament=tournament, number=number).first()

    def get(self, request, pk: int, number: int):
        tournament = self.tournament()
        return Response(clock_reading(session=self._session(tournament, number), tournament=tournament))

    def post(self, request, pk: int, number: int):
        tournament = self.tournament()
        data = ClockRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        session = self._session(tournament, number, create=True)
        table = None
        if "table" in data.validated_data:
            table = get_object_or_404(Table, pk=data.validated_data["table"], session=session)
        session = clock_apply(session=session, action=data.validated_data["action"],
                              seconds=data.validated_data.get("seconds"), table=table)
        body = clock_reading(session=session, tournament=tournament)
        if table is not None:
            table.refresh_from_db()
            body["table"] = {"id": table.pk, **clock_reading(session=session, tournament=tournament, table=table)}
        return Response(body)


class Reveal(_TournamentView):
    permission_classes = [AdminWritesOthersRead]

    @extend_schema(request=None, responses={200: {"type": "object"}})
    def post(self, request, pk: int):
        tournament = tournament_reveal(tournament=self.tournament())
        return Response({"revealed_at": tournament.standings_revealed_at})


class Find(_TournamentView):
    """``?q=`` the start of any part of a name → the player's table and wind in the current and
    next session."""

    permission_classes = [AdminWritesOthersRead]

    @extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}})
    def get(self, request, pk: int):
        query = request.query_params.get("q", "")[:100]
        tournament = self.tournament()
        page_subject(request, tournament_id=tournament.pk)  # the seats and which session is current
        return Response(find_seats(tournament=tournament, query=query))


urlpatterns = [
    path("tournaments/<int:pk>/checkins/", CheckIns.as_view(), name="api-checkins"),
    path("tournaments/<int:pk>/checkins/<int:player>/", CheckInDetail.as_view(), name="api-checkin"),
    path("tournaments/<int:pk>/withdrawals/", Withdrawals.as_view(), name="api-withdrawals"),
    path("tournaments/<int:pk>/withdrawals/<int:player>/", WithdrawalDetail.as_view(), name="api-withdrawal"),
    path("tournaments/<int:pk>/sessions/<int:number>/clock/", Clock.as_view(), name="api-clock"),
    path("tournaments/<int:pk>/reveal/", Reveal.as_view(), name="api-reveal"),
    path("tournaments/<int:pk>/find/", cached_read(Find.as_view()), name="api-find"),
]
