"""Players' own accounts (docs/api.md "Players at the table", "Privacy"): ``account/claim/`` (public),
``account/claims/`` (administrators), ``me/``, ``me/erase/``, ``me/export/`` (the linked player).
The services (league.services.accounts, league.services.players) do the work."""
from django.contrib.auth import logout
from django.db.models import F
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.decorators import method_decorator
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from ..clients import client_address
from ..errors import Conflict, ServiceError
from ..models import AccountClaim, Player
from ..selectors.accounts import me_summary, player_export
from ..services.accounts import claim_create, claim_decide, linked_player, me_update
from ..services.players import player_erase
from ..validators import LARGEST_ID
from .exports import LeagueAdminOnly
from .serializers import PlayerSerializer


class ClaimCreateSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, help_text=gettext_lazy("The player's id"))
    email = serializers.EmailField(max_length=254)
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


class ClaimCreatedSerializer(serializers.Serializer):
    """The answer to every claim, made or not (a taken user name is told by e-mail): no id, which
    would tell the two apart."""

    status = serializers.ChoiceField(choices=AccountClaim.Status.choices)


class ClaimSerializer(serializers.ModelSerializer):
    """A claim as administrators read it (the address is theirs to check against the player)."""

    username = serializers.CharField(source="user.username")
    player_name = serializers.CharField(source="player.full_name")

    class Meta:
        model = AccountClaim
        fields = ["id", "status", "player", "player_name", "username", "email", "on_file", "created_at",
                  "confirmed_at", "decided_at"]


class ClaimDecisionSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["approved", "rejected"])


class ClaimPermission(AllowAny):
    def has_permission(self, request, view) -> bool:
        return request.method == "POST"


class ClaimCreate(APIView):
    """``POST account/claim/`` (public, rate-limited): a login of one's own for a player record →
    202 ``{"status": "unconfirmed"}`` and an e-mail with a link; the login works once the claim is
    approved (by the link when the address is on file, otherwise by an administrator). A taken user
    name gets the same answer and an e-mail saying so (no list of accounts for anyone). ``409``
    ``player_claimed`` for a player that has an account, ``too_many_claims`` for one with
    ``CLAIM_OPEN_PER_PLAYER`` open claims."""

    permission_classes = [ClaimPermission]

    @extend_schema(request=ClaimCreateSerializer, responses={202: ClaimCreatedSerializer})
    def post(self, request):
        data = ClaimCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        claim = claim_create(
            **data.validated_data, client=client_address(request), language=get_language(),
            link=lambda token: request.build_absolute_uri(reverse("account-confirm", args=[token])))
        return Response({"status": claim.status}, status=status.HTTP_202_ACCEPTED)


class ClaimList(APIView):
    """``GET account/claims/`` (administrators): the claims, open ones first (``?status=`` filters)."""

    permission_classes = [LeagueAdminOnly]

    @extend_schema(parameters=[OpenApiParameter("status", str, enum=AccountClaim.Status.values)],
                   responses={200: ClaimSerializer(many=True)})
    def get(self, request):
        claims = AccountClaim.objects.select_related("player", "user").order_by(
            F("decided_at").desc(nulls_first=True), "-created_at", "-pk")
        wanted = request.query_params.get("status")
        if wanted:
            if wanted not in AccountClaim.Status.values:
                raise ServiceError("invalid", _("Some fields are not valid."),
                                   fields={"status": [_("There is no such status.")]})
            claims = claims.filter(status=wanted)
        return Response(ClaimSerializer(claims, many=True).data)


class ClaimDetail(APIView):
    """``GET``/``PATCH account/claims/<id>/ {"status": "approved" | "rejected"}`` (administrators)."""

    permission_classes = [LeagueAdminOnly]

    @extend_schema(responses={200: ClaimSerializer})
    def get(self, request, pk: int):
        return Response(ClaimSerializer(get_object_or_404(AccountClaim.objects.select_related("player", "user"),
                                                          pk=pk)).data)

    @extend_schema(request=ClaimDecisionSerializer, responses={200: ClaimSerializer})
    def patch(self, request, pk: int):
        claim = get_object_or_404(AccountClaim, pk=pk)
        data = ClaimDecisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        claim = claim_decide(claim=claim, status=data.validated_data["status"], user=request.user)
        return Response(ClaimSerializer(claim).data)


class MeUserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class MeSeatSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player.pk")
    player_name = serializers.CharField(source="player.name")
    wind = serializers.CharField()


class MeTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    tournament = serializers.IntegerField(source="tournament.pk")
    session = serializers.IntegerField()
    number = serializers.IntegerField()
    wind = serializers.CharField(help_text=gettext_lazy("My seat's wind at the start of the session"))
    seats = MeSeatSerializer(many=True, help_text=gettext_lazy("The four at the table, East first"))


class MeSerializer(serializers.Serializer):
    user = MeUserSerializer()
    player = PlayerSerializer(allow_null=True)
    tables = MeTableSerializer(many=True, help_text=gettext_lazy("Open tables where I sit"))
    tournaments = serializers.SerializerMethodField(help_text=gettext_lazy("Tournaments I am registered for"))

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_tournaments(self, summary: dict) -> list[int]:
        return [tournament.pk for tournament in summary["tournaments"]]


class MeUpdateSerializer(serializers.Serializer):
    public_name = serializers.ChoiceField(choices=Player.PublicName.choices)


class MeErasedSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["erased"])


def _mine(request) -> Player:
    player = linked_player(request.user)
    if player is None:
        raise Conflict("no_player", _("Your account is not linked to a player."))
    return player


@method_decorator(never_cache, name="dispatch")
class Me(APIView):
    """``GET me/``: who I am, the open tables where I sit, my tournaments; ``PATCH me/
    {"public_name": "full" | "initials"}``: how my name appears in public."""

    permission_classes = [IsAuthenticated]

    def _answer(self, request, player):
        summary = me_summary(user=request.user, player=player)
        return Response(MeSerializer(summary, context={"request": request}).data)

    @extend_schema(responses={200: MeSerializer})
    def get(self, request):
        return self._answer(request, linked_player(request.user))

    @extend_schema(request=MeUpdateSerializer, responses={200: MeSerializer})
    def patch(self, request):
        player = _mine(request)
        data = MeUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._answer(request, me_update(player=player, public_name=data.validated_data["public_name"]))


class MeErase(APIView):
    """``POST me/erase/``: erase me (league.services.players.player_erase): my name becomes "Anonymous
    <id>", my EMA number, sign-ups and this account go; results stay. I am logged out."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: MeErasedSerializer})
    def post(self, request):
        player = player_erase(player=_mine(request), user=request.user)
        logout(request._request)
        return Response({"player": player.pk, "status": "erased"})


@method_decorator(never_cache, name="dispatch")
class MeExport(APIView):
    """``GET me/export/``: everything stored about me, as JSON (a download): my account, and with a
    player linked everything stored about the player."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: dict})
    def get(self, request):
        player = linked_player(request.user)
        response = Response(player_export(user=request.user, player=player))
        name = f"player-{player.pk}" if player is not None else f"account-{request.user.pk}"
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return response


urlpatterns = [
    path("account/claim/", ClaimCreate.as_view(), name="api-account-claim"),
    path("account/claims/", ClaimList.as_view(), name="api-account-claims"),
    path("account/claims/<int:pk>/", ClaimDetail.as_view(), name="api-account-claim-detail"),
    path("me/", Me.as_view(), name="api-me"),
    path("me/erase/", MeErase.as_view(), name="api-me-erase"),
    path("me/export/", MeExport.as_view(), name="api-me-export"),
]
