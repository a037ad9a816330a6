"""``tournaments/<id>/sessions/<n>/seating/``: draw a session's tables, read them with a report;
``tournaments/<id>/seating/plan/``: seat sessions as a plan brought from elsewhere says;
``tournaments/<id>/sessions/<n>/seating/swap/``: two players change seats before the first hand."""
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from ..errors import ServiceError
from ..models import Player, Seat, Session, Table
from ..permissions import visible_tournaments
from ..selectors.seating import draw_seed_for
from ..services.seating import METHODS, seating_generate, seating_preview, seating_report
from ..services.seating_plans import seating_plan_read, seating_plan_report, seating_plan_store, seating_swap
from ..validators import LARGEST_ID
from .permissions import AdminWritesOthersRead


class SeatingRequestSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=METHODS)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**31)
    preview = serializers.BooleanField(default=False, help_text="Answer the proposed tables; store nothing")
    force = serializers.BooleanField(default=False, help_text="Draw although the previous session is being played")


def session_seating(user, tournament, number: int) -> dict:
    """A session's tables (ids, numbers, player ids in seat order), how they were drawn and the
    tournament's seating report."""
    seats = Seat.objects.filter(session__tournament=tournament, session__number=number).order_by(
        "table__number", "position").values_list("table_id", "table__number", "player_id")
    tables: dict[int, dict] = {}
    for table_id, table_number, player_id in seats:
        tables.setdefault(table_id, {"id": table_id, "number": table_number, "seats": []})["seats"].append(
            player_id)
    session = Session.objects.filter(tournament=tournament, number=number).select_related("tournament").first()
    seed = draw_seed_for(user, session) if session else None
    method = session.draw_method if session else ""
    return {"session": number, "tables": list(tables.values()), "seed": seed, "method": method,
            "report": seating_report(tournament=tournament)}


class SeatingView(APIView):
    permission_classes = [AdminWritesOthersRead]
    serializer_class = SeatingRequestSerializer

    def get_tournament_id(self) -> int:
        """The tournament whose directors draw (AdminWritesOthersRead); 404 for one the caller may not see."""
        return get_object_or_404(visible_tournaments(self.request.user), pk=self.kwargs["pk"]).pk

    def _answer(self, tournament, number: int, status_code: int) -> Response:
        return Response(session_seating(self.request.user, tournament, number), status=status_code)

    @extend_schema(responses={200: {"type": "object"}})
    def get(self, request, pk: int, number: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        get_object_or_404(Table.objects.filter(session__tournament=tournament, session__number=number)[:1])
        return self._answer(tournament, number, status.HTTP_200_OK)

    @extend_schema(request=SeatingRequestSerializer, responses={201: {"type": "object"}})
    def post(self, request, pk: int, number: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        data = SeatingRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        if fields.pop("preview"):
            proposal = seating_preview(tournament=tournament, number=number, **fields)
            tables = [{"number": i, "seats": seats} for i, seats in enumerate(proposal.pop("tables"), start=1)]
            return Response({**proposal, "tables": tables, "preview": True}, status=status.HTTP_200_OK)
        seating_generate(tournament=tournament, number=number, **fields)
        return self._answer(tournament, number, status.HTTP_201_CREATED)


class SeatingPlanUpload(serializers.Serializer):
    file = serializers.FileField(help_text="An .xlsx or .csv with a row per seat: session, table, wind, player")
    session = serializers.IntegerField(required=False, min_value=1,
                                       help_text="The session a plan without a session column seats")
    preview = serializers.BooleanField(default=False, help_text="Answer the checked plan and its report; store nothing")
    force = serializers.BooleanField(default=False, help_text="Seat although the previous session is being played")


class SeatingPlanView(APIView):
    """POST a seating plan made elsewhere (multipart). With ``preview`` → 200 ``{"report", "sessions":
    [{"session", "tables": [[player ids, East first]], "club_clashes", …}]}``, nothing stored; without
    → 201 with the same, the sessions seated. A wrong plan → 400 ``bad_plan`` naming every wrong row;
    a session already played → 409 ``session_started``."""

    permission_classes = [AdminWritesOthersRead]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request={"multipart/form-data": SeatingPlanUpload}, responses={200: dict, 201: dict})
    def post(self, request, pk: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        data = SeatingPlanUpload(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        plan = seating_plan_read(tournament=tournament, upload=fields["file"], session_number=fields.get("session"),
                                 force=fields["force"])
        answer = seating_plan_report(tournament=tournament, plan=plan)
        if fields["preview"]:
            return Response({**answer, "preview": True}, status=status.HTTP_200_OK)
        seating_plan_store(tournament=tournament, plan=plan, force=fields["force"])
        return Response(answer, status=status.HTTP_201_CREATED)


class SwapRequest(serializers.Serializer):
    players = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=LARGEST_ID), min_length=2,
                                    max_length=2,
                                    help_text="The two players who change seats")


class SeatingSwapView(APIView):
    """POST ``{"players": [a, b]}``: the two change seats in session n before its first hand → 200 with
    the session's seating; ``400 unknown_player``, ``409 not_seated`` or ``session_started``."""

    permission_classes = [AdminWritesOthersRead]

    @extend_schema(request=SwapRequest, responses={200: {"type": "object"}})
    def post(self, request, pk: int, number: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        data = SwapRequest(data=request.data)
        data.is_valid(raise_exception=True)
        wanted = data.validated_data["players"]
        found = Player.objects.in_bulk(wanted)
        missing = [pk for pk in wanted if pk not in found]
        if missing:  # ids in the body: a request to correct, not a path that leads nowhere
            raise ServiceError("unknown_player", _("No player has the number %(id)s.") % {"id": missing[0]},
                               fields={"players": [_("No such player.")]})
        first, second = (found[pk] for pk in wanted)
        seating_swap(tournament=tournament, number=number, first=first, second=second, user=request.user)
        return Response(session_seating(request.user, tournament, number), status=status.HTTP_200_OK)
