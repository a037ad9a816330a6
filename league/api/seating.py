"""``tournaments/<id>/sessions/<n>/seating/``: draw a session's tables, read them with a report."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from ..models import Seat, Session, Table
from ..permissions import visible_tournaments
from ..selectors.seating import draw_seed_for
from ..services.seating import METHODS, seating_generate, seating_preview, seating_report
from .permissions import AdminWritesOthersRead


class SeatingRequestSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=METHODS)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**31)
    preview = serializers.BooleanField(default=False, help_text="Answer the proposed tables; store nothing")
    force = serializers.BooleanField(default=False, help_text="Draw although the previous session is being played")


class SeatingView(APIView):
    permission_classes = [AdminWritesOthersRead]
    serializer_class = SeatingRequestSerializer

    def get_tournament_id(self) -> int:
        """The tournament whose directors draw (AdminWritesOthersRead); 404 for one the caller may not see."""
        return get_object_or_404(visible_tournaments(self.request.user), pk=self.kwargs["pk"]).pk

    def _answer(self, tournament, number: int, status_code: int) -> Response:
        seats = Seat.objects.filter(session__tournament=tournament, session__number=number).order_by(
            "table__number", "position").values_list("table_id", "table__number", "player_id")
        tables: dict[int, dict] = {}
        for table_id, table_number, player_id in seats:
            tables.setdefault(table_id, {"id": table_id, "number": table_number, "seats": []})["seats"].append(
                player_id)
        session = Session.objects.filter(tournament=tournament, number=number).select_related("tournament").first()
        seed = draw_seed_for(self.request.user, session) if session else None
        method = session.draw_method if session else ""
        return Response({"session": number, "tables": list(tables.values()), "seed": seed, "method": method,
                         "report": seating_report(tournament=tournament)}, status=status_code)

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
