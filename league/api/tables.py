"""Tables and their hands: the referees' API, with corrections, history and deletion."""
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from ..errors import Conflict, Forbidden
from ..models import Hand, Seat, Table, TableDispute
from ..permissions import directs, table_for_writing, visible_tournaments
from ..selectors import pages
from ..selectors.day import table_hidden_for
from ..selectors.tables import table_view
from ..services.confirmations import dispute_open, dispute_resolve, table_confirm
from ..services.hands import (
    hand_correct,
    hand_delete,
    hand_deletion,
    hand_preview,
    hand_record,
    table_close,
    table_reopen,
)
from .permissions import TableWriters
from .serializers import (
    HandCorrectionSerializer,
    HandRevisionSerializer,
    HandSerializer,
    TableConfirmationReadSerializer,
    TableConfirmationSerializer,
    TableDisputeSerializer,
    TableDisputeUpdateSerializer,
    TableSerializer,
)

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="Any string up to 100 characters, made by the client for this one change and unique per table. "
                "Sending the same key again (a retry after a lost reply, a double tap, an offline queue) "
                "answers what the first request did, with the same status and body, and changes nothing. "
                "The key is bound to its request: the same key with another hand or body is 422.",
)
# Conflicts about which hand a request means: the answer carries the table's current state.
STATE_CONFLICTS = frozenset({"hand_number_exists", "hand_number_ahead", "hand_deleted", "concurrent_write"})
KEY_REUSED = OpenApiResponse(description="`idempotency_key_reused`: the key was used for another request (another "
                                         "change, hand or body); nothing was changed.")


def idempotency_key(request) -> str:
    return request.headers.get("Idempotency-Key", "")


def visible_table(request, table_id: int) -> Table:
    tables = Table.objects.filter(session__tournament__in=visible_tournaments(request.user)).select_related(
        "session__tournament").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")))
    return get_object_or_404(tables, pk=table_id)


class TableWrites:
    """One table: everyone who may see it reads; its tournament's referees and administrators write,
    and with tournament option `entry` "players" also the players seated at it while it is open."""

    # Writes pass league.permissions.table_for_writing (the score sheet's path too). ``reading``: a
    # seated player may also act at the closed table (confirm, dispute); ``written_table_id``: the
    # table the view's object belongs to.

    permission_classes = [TableWriters]
    reading = False
    with_seats = True  # False where the service reads the table itself (hands)

    def written_table_id(self) -> int:
        return self.kwargs["pk"]

    def writable_table(self) -> Table:
        if getattr(self, "_writable", None) is None:
            self._writable = table_for_writing(self.request.user, self.written_table_id(), reading=self.reading,
                                               seats=self.with_seats)
        return self._writable


def readable_table(request, table_id: int) -> Table:
    """``visible_table`` for reading its game: refused while the session's results are hidden
    (tournament option ``hide_standings_from_session``) from this visitor."""
    table = visible_table(request, table_id)
    if table_hidden_for(request.user, table):
        raise Forbidden("hidden_until_reveal", _("The results of this session are hidden until the director "
                                                 "reveals the standings."))
    return table


def visible_hand(request, hand_id: int) -> Hand:
    hands = Hand.objects.filter(table__session__tournament__in=visible_tournaments(request.user)).select_related(
        "table__session__tournament", "entered_by")
    return get_object_or_404(hands, pk=hand_id)


class TableDetail(TableWrites, APIView):
    serializer_class = TableSerializer

    def get(self, request, pk: int):
        return Response(TableSerializer(table_view(table=readable_table(request, pk))).data)


class TableClose(TableWrites, APIView):
    serializer_class = TableSerializer

    @extend_schema(request=None)
    def post(self, request, pk: int):
        table = table_close(table=self.writable_table(), user=request.user)
        return Response(TableSerializer(table_view(table=table)).data)

    @extend_schema(request=None)
    def delete(self, request, pk: int):
        table = self.writable_table()
        if not directs(request.user, table.session.tournament_id):
            raise PermissionDenied()
        table = table_reopen(table=table, user=request.user)
        return Response(TableSerializer(table_view(table=table)).data)


class TableConfirmations(TableWrites, APIView):
    """GET who confirmed the closed table's final result; POST a confirmation (kept with the table,
    as the signature on a printed score sheet; confirming again changes nothing). A seated player
    (tournament option ``entry`` "players") confirms for themselves; a referee or administrator
    records a player's confirmation (``{"player": id}``) or, with no player, confirms the table
    at once. Such a table counts once three players or a referee confirmed it (``provisional``)."""

    reading = True

    @extend_schema(responses={200: TableConfirmationReadSerializer(many=True)})
    def get(self, request, pk: int):
        table = visible_table(request, pk)
        return Response(TableConfirmationReadSerializer(table.confirmations.order_by("confirmed_at", "id"),
                                                        many=True).data)

    @extend_schema(request=TableConfirmationSerializer, responses={200: TableSerializer})
    def post(self, request, pk: int):
        data = TableConfirmationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        table_confirm(table=self.writable_table(), player_id=data.validated_data.get("player"), user=request.user)
        return Response(TableSerializer(table_view(table=visible_table(request, pk))).data)


class TableDisputes(TableWrites, APIView):
    """GET the table's disputes (its seated players, referees and administrators); POST
    ``{"message"}``: a seated player disputes the result, which keeps the table provisional and
    tells the tournament's referees and administrators by e-mail."""

    reading = True
    serializer_class = TableDisputeSerializer

    @extend_schema(responses={200: TableDisputeSerializer(many=True)})
    def get(self, request, pk: int):
        table = table_for_writing(request.user, pk, reading=True)
        return Response(TableDisputeSerializer(table.disputes.order_by("opened_at", "id"), many=True).data)

    @extend_schema(request=TableDisputeSerializer, responses={201: TableDisputeSerializer})
    def post(self, request, pk: int):
        data = TableDisputeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        dispute = dispute_open(table=self.writable_table(), user=request.user, message=data.validated_data["message"])
        return Response(TableDisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)


class TableDisputeDetail(TableWrites, APIView):
    """PATCH ``{"status": "resolved"}``: the tournament's referees and administrators end a dispute."""

    reading = True
    serializer_class = TableDisputeSerializer

    def _dispute(self) -> TableDispute:
        return get_object_or_404(TableDispute, pk=self.kwargs["did"], table_id=self.kwargs["pk"])

    @extend_schema(operation_id="tables_dispute_retrieve")
    def get(self, request, pk: int, did: int):
        table_for_writing(request.user, pk, reading=True)
        return Response(TableDisputeSerializer(self._dispute()).data)

    @extend_schema(request=TableDisputeUpdateSerializer, responses={200: TableDisputeSerializer})
    def patch(self, request, pk: int, did: int):
        dispute = self._dispute()
        data = TableDisputeUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        dispute = dispute_resolve(dispute=dispute, user=request.user)
        return Response(TableDisputeSerializer(dispute).data)


class TableHands(TableWrites, generics.GenericAPIView):
    """GET the table's hands; POST the next hand's record (docs/rules.md §1, without ruleset,
    options and dealer: the tournament and the table supply them)."""

    serializer_class = HandSerializer
    pagination_class = None
    with_seats = False

    def get(self, request, pk: int):
        table = readable_table(request, pk)
        hands = table.hands.select_related("entered_by").order_by("number")
        return Response(HandSerializer(hands, many=True, context={"request": request}).data)

    @extend_schema(
        request={"application/json": {"type": "object"}},
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: HandSerializer,
            400: OpenApiResponse(description="An invalid record: the scoring error code and the fields."),
            409: OpenApiResponse(description="The record's `number` exists already (`hand_number_exists`) or is "
                                             "ahead of the next hand (`hand_number_ahead`); `error.table` is the "
                                             "table's current state."),
            422: KEY_REUSED,
        },
    )
    def post(self, request, pk: int):
        """A record may name the `number` of the hand it means to create; with an `Idempotency-Key`
        a repeat answers the stored hand (201, identical body) instead of storing a second one."""
        try:  # the permission found the table; the service locks and reads it
            hand = hand_record(table=self.writable_table(), record=request.data, user=request.user,
                               idempotency_key=idempotency_key(request))
        except Conflict as error:
            if error.code in STATE_CONFLICTS:
                error.extra["table"] = TableSerializer(table_view(table=visible_table(request, pk))).data
            raise
        headers = {"Idempotent-Replayed": "true"} if hand.replayed else {}
        return Response(HandSerializer(hand, context={"request": request}).data, status=status.HTTP_201_CREATED,
                        headers=headers)


class TableHandPreview(TableWrites, APIView):
    """Settle the next hand without storing it (the score sheet's live preview)."""

    @extend_schema(request={"application/json": {"type": "object"}}, responses={200: {"type": "object"}})
    def post(self, request, pk: int):
        return Response(hand_preview(table=self.writable_table(), record=request.data))


class HandDetail(TableWrites, generics.GenericAPIView):
    serializer_class = HandSerializer
    with_seats = False

    def _deletion(self):
        """An earlier deletion of this hand, where the requester may see it."""
        tables = Table.objects.filter(session__tournament__in=visible_tournaments(self.request.user))
        return hand_deletion(hand_id=self.kwargs["pk"], tables=tables)

    def written_table_id(self) -> int:
        if self.request.method == "DELETE" and (deletion := self._deletion()) is not None:
            return deletion.table_id
        return visible_hand(self.request, self.kwargs["pk"]).table_id

    def get(self, request, pk: int):
        hand = visible_hand(request, pk)
        readable_table(request, hand.table_id)
        return Response(HandSerializer(hand, context={"request": request}).data)

    @extend_schema(request=HandCorrectionSerializer, parameters=[IDEMPOTENCY_KEY],
                   responses={200: HandSerializer,
                              409: OpenApiResponse(description="`version_conflict`: someone else changed it first."),
                              422: KEY_REUSED})
    def put(self, request, pk: int):
        """A correction with the `version` last read. With an `Idempotency-Key` a repeat answers the
        hand as it is (200) instead of a version conflict."""
        data = HandCorrectionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand = hand_correct(hand=visible_hand(request, pk), record=data.validated_data["record"],
                            version=data.validated_data["version"], user=request.user,
                            idempotency_key=idempotency_key(request))
        return Response(HandSerializer(hand, context={"request": request}).data)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], responses={204: None, 422: KEY_REUSED})
    def delete(self, request, pk: int):
        """Deletes the table's last hand. Repeating the deletion of a hand already deleted answers
        204 again and touches no other hand."""
        if self._deletion() is None:
            hand_delete(hand=visible_hand(request, pk), user=request.user, idempotency_key=idempotency_key(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class HandHistory(generics.GenericAPIView):
    serializer_class = HandRevisionSerializer
    pagination_class = None

    def get(self, request, pk: int):
        """Every change to the hand, naming who made it: for those who may write at its table."""
        hand = visible_hand(request, pk)
        table_for_writing(request.user, hand.table_id, reading=True)
        revisions = pages.hand_history(hand)
        return Response(HandRevisionSerializer(revisions, many=True).data)
