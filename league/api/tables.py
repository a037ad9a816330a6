"""Tables and their hands: the referees' API, with corrections, history and deletion."""
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from ..errors import Conflict, ServiceError
from ..models import Hand, Seat, Table
from ..permissions import can_referee, can_see_tournament, is_league_admin, visible_tournaments
from ..selectors.day import table_hidden_for
from ..selectors.tables import table_view
from ..services.hands import (
    hand_correct,
    hand_delete,
    hand_deletion,
    hand_preview,
    hand_record,
    table_close,
    table_confirm,
    table_reopen,
)
from .permissions import RefereeWrites
from .serializers import (
    HandCorrectionSerializer,
    HandRevisionSerializer,
    HandSerializer,
    TableConfirmationSerializer,
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


def table_tournament_id(request, table_id: int) -> int:
    """The tournament of a table the requester may see (404 otherwise, as ``visible_table``), from
    one light query: all that a write needs before its service locks and reads the table itself."""
    found = (Table.objects.filter(pk=table_id)
             .values_list("session__tournament_id", "session__tournament__published",
                          "session__tournament__archived_at").first())
    if found is None or not can_see_tournament(request.user, tournament_id=found[0], published=found[1],
                                               archived=found[2] is not None):
        raise Http404
    return found[0]


class TableWrites:
    """A view on one table (``pk``) whose writes the tournament's referees make: the permission
    asks for its tournament once per request."""

    permission_classes = [RefereeWrites]

    def get_tournament_id(self) -> int:
        if getattr(self, "_tournament_id", None) is None:
            self._tournament_id = table_tournament_id(self.request, self.kwargs["pk"])
        return self._tournament_id


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


class TableDetail(TableWrites, APIView):
    serializer_class = TableSerializer

    def get(self, request, pk: int):
        return Response(TableSerializer(table_view(table=readable_table(request, pk))).data)


class TableClose(TableWrites, APIView):
    serializer_class = TableSerializer

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


class TableConfirmations(TableWrites, APIView):
    """POST {"player": id}: that player confirms the closed table's final result (kept with the
    table, as the signature on a printed score sheet); confirming again changes nothing."""

    @extend_schema(request=TableConfirmationSerializer, responses={200: TableSerializer})
    def post(self, request, pk: int):
        data = TableConfirmationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        table = visible_table(request, pk)
        table_confirm(table=table, player_id=data.validated_data["player"], user=request.user)
        return Response(TableSerializer(table_view(table=visible_table(request, pk))).data)


class TableHands(TableWrites, generics.GenericAPIView):
    """GET the table's hands; POST the next hand's record (docs/rules.md §1, without ruleset,
    options and dealer: the tournament and the table supply them)."""

    serializer_class = HandSerializer
    pagination_class = None

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
            hand = hand_record(table=Table(pk=pk), record=request.data, user=request.user,
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
        return Response(hand_preview(table=visible_table(request, pk), record=request.data))


class HandDetail(generics.GenericAPIView):
    permission_classes = [RefereeWrites]
    serializer_class = HandSerializer

    def _deletion(self):
        """An earlier deletion of this hand, where the requester may see it."""
        tables = Table.objects.filter(session__tournament__in=visible_tournaments(self.request.user))
        return hand_deletion(hand_id=self.kwargs["pk"], tables=tables)

    def get_tournament_id(self) -> int:
        if self.request.method == "DELETE" and (deletion := self._deletion()) is not None:
            return deletion.table.session.tournament_id
        return visible_hand(self.request, self.kwargs["pk"]).table.session.tournament_id

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
