"""Tables and their hands: the referees' API, with corrections, history and deletion."""
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from ..errors import ServiceError
from ..models import Hand, Seat, Table
from ..permissions import can_referee, is_league_admin, visible_tournaments
from ..selectors.day import table_hidden_for
from ..selectors.tables import table_view
from ..services.hands import hand_correct, hand_delete, hand_preview, hand_record, table_close, table_reopen
from .permissions import RefereeWrites
from .serializers import HandCorrectionSerializer, HandRevisionSerializer, HandSerializer, TableSerializer


def visible_table(request, table_id: int) -> Table:
    tables = Table.objects.filter(session__tournament__in=visible_tournaments(request.user)).select_related(
        "session__tournament").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")))
    return get_object_or_404(tables, pk=table_id)


def readable_table(request, table_id: int) -> Table:
    """``visible_table`` for reading its game: refused while the session's results are hidden
    (tournament option ``hide_standings_from_session``) from this visitor."""
    table = visible_table(request, table_id)
    if table_hidden_for(request.user, table):
        raise ServiceError("hidden_until_reveal", _("The results of this session are hidden until the director "
                                                    "reveals the standings."), status=403)
    return table


def visible_hand(request, hand_id: int) -> Hand:
    hands = Hand.objects.filter(table__session__tournament__in=visible_tournaments(request.user)).select_related(
        "table__session__tournament", "entered_by")
    return get_object_or_404(hands, pk=hand_id)


class TableDetail(APIView):
    permission_classes = [RefereeWrites]
    serializer_class = TableSerializer

    def get_tournament_id(self) -> int:
        return visible_table(self.request, self.kwargs["pk"]).session.tournament_id

    def get(self, request, pk: int):
        return Response(TableSerializer(table_view(table=readable_table(request, pk))).data)


class TableClose(APIView):
    permission_classes = [RefereeWrites]
    serializer_class = TableSerializer

    def get_tournament_id(self) -> int:
        return visible_table(self.request, self.kwargs["pk"]).session.tournament_id

    @extend_schema(request=None)
    def post(self, request, pk: int):
        table = table_close(table=visible_table(request, pk), user=request.user)
        return Response(TableSerializer(table_view(table=table)).data)

    @extend_schema(request=None)
    def delete(self, request, pk: int):
        if not is_league_admin(request.user):
            raise PermissionDenied()
        table = table_reopen(table=visible_table(request, pk), user=request.user)
        return Response(TableSerializer(table_view(table=table)).data)


class TableHands(generics.GenericAPIView):
    """GET the table's hands; POST the next hand's record (SCORING.md section 1, without ruleset,
    options and dealer: the tournament and the table supply them)."""

    permission_classes = [RefereeWrites]
    serializer_class = HandSerializer
    pagination_class = None

    def get_tournament_id(self) -> int:
        return visible_table(self.request, self.kwargs["pk"]).session.tournament_id

    def get(self, request, pk: int):
        table = readable_table(request, pk)
        hands = table.hands.select_related("entered_by").order_by("number")
        return Response(HandSerializer(hands, many=True).data)

    @extend_schema(request={"application/json": {"type": "object"}}, responses={201: HandSerializer})
    def post(self, request, pk: int):
        hand = hand_record(table=visible_table(request, pk), record=request.data, user=request.user)
        return Response(HandSerializer(hand).data, status=status.HTTP_201_CREATED)


class TableHandPreview(APIView):
    """Settle the next hand without storing it (the score sheet's live preview)."""

    permission_classes = [RefereeWrites]

    def get_tournament_id(self) -> int:
        return visible_table(self.request, self.kwargs["pk"]).session.tournament_id

    @extend_schema(request={"application/json": {"type": "object"}}, responses={200: {"type": "object"}})
    def post(self, request, pk: int):
        return Response(hand_preview(table=visible_table(request, pk), record=request.data))


class HandDetail(generics.GenericAPIView):
    permission_classes = [RefereeWrites]
    serializer_class = HandSerializer

    def get_tournament_id(self) -> int:
        return visible_hand(self.request, self.kwargs["pk"]).table.session.tournament_id

    def get(self, request, pk: int):
        hand = visible_hand(request, pk)
        readable_table(request, hand.table_id)
        return Response(HandSerializer(hand).data)

    @extend_schema(request=HandCorrectionSerializer, responses={200: HandSerializer})
    def put(self, request, pk: int):
        data = HandCorrectionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand = hand_correct(hand=visible_hand(request, pk), record=data.validated_data["record"],
                            version=data.validated_data["version"], user=request.user)
        return Response(HandSerializer(hand).data)

    def delete(self, request, pk: int):
        hand_delete(hand=visible_hand(request, pk), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class HandHistory(generics.GenericAPIView):
    permission_classes = [RefereeWrites]
    serializer_class = HandRevisionSerializer
    pagination_class = None

    def get_tournament_id(self) -> int:
        return visible_hand(self.request, self.kwargs["pk"]).table.session.tournament_id

    def get(self, request, pk: int):
        hand = visible_hand(request, pk)
        if not can_referee(request.user, hand.table.session.tournament_id):
            raise PermissionDenied()
        revisions = hand.table.hand_revisions.filter(number=hand.number).select_related("user").order_by("at", "id")
        return Response(HandRevisionSerializer(revisions, many=True).data)
