"""League administration (docs/api.md): bulk entry of players, the rulesets' options, and later
self-registration, team standings and statistics. Routes are included ahead of the router, so
``players/bulk/`` is not taken for a player id."""
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from ..cache import cached_read, page_subject
from ..clients import client_address
from ..models import Player, PlayerMerge, Signup, Tournament
from ..permissions import (
    administered_league_ids,
    director_or_refuse,
    is_site_admin,
    organised_club_ids,
    visible_tournaments,
)
from ..rule_options import ruleset_catalogue
from ..selectors.day import hides_for
from ..selectors.standings import team_standings_for
from ..selectors.statistics import player_statistics, tournament_statistics
from ..services.imports import (
    bulk_entries,
    decisions_parsed,
    names_parsed,
    players_bulk_create,
    players_bulk_preview,
    text_rows,
    upload_rows,
)
from ..services.players import player_merge
from ..services.signups import match_data, signup_create, signup_decide, signup_matches
from .exports import LeagueAdminOnly
from .permissions import HasScope, TournamentDirectors


class RulesetList(APIView):
    """Every ruleset with its options (labels and help in the request's language, generated from the
    rulesets' option data) and presets; public. A tournament's ``options`` are validated against it."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict})
    def get(self, request):
        return Response(ruleset_catalogue())


class TeamStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text=_("None until the first hand is played"))
    team = serializers.CharField()
    members = serializers.ListField(child=serializers.IntegerField(), help_text=_("Player ids, best placed first"))
    counted = serializers.ListField(child=serializers.IntegerField(),
                                    help_text=_("The members whose figures are summed (all, or the best k)"))
    table_points = serializers.DecimalField(max_digits=12, decimal_places=4, coerce_to_string=False)
    score = serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=False)


class TeamStandings(APIView):
    """The tournament's team standings (option ``team_standings``: the sum of the members' table
    points and scores, or of the best ``team_best``); an empty list when the option is off."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: TeamStandingSerializer(many=True)})
    def get(self, request, pk: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        page_subject(request, tournament_id=tournament.pk, parts=("standings",))
        if hides_for(request.user, tournament) is not None:  # the teams wait for the reveal too
            return Response([])
        return Response(TeamStandingSerializer(team_standings_for(tournament=tournament), many=True).data)


class StatisticsRowSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    hands = serializers.IntegerField()
    wins = serializers.IntegerField()
    self_draws = serializers.IntegerField(
        allow_null=True, help_text=_("Hands won by a self-drawn tile; null where the ruleset does not record it"))
    dealt_in = serializers.IntegerField(
        allow_null=True,
        help_text=_("Hands in which the player discarded the winning tile; null where the ruleset does not record it"))
    penalties = serializers.IntegerField()
    dead_hands = serializers.IntegerField()
    highest_hand = serializers.IntegerField(allow_null=True, help_text=_("The most received in one hand won"))
    limit_hands = serializers.IntegerField()
    average_place = serializers.DecimalField(max_digits=4, decimal_places=2, allow_null=True, coerce_to_string=False)


class TournamentStatisticsSerializer(serializers.Serializer):
    players = StatisticsRowSerializer(many=True)
    records = serializers.DictField()


class TournamentStatistics(APIView):
    """Per player statistics of the tournament from its stored hands, and its records."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: TournamentStatisticsSerializer})
    def get(self, request, pk: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        page_subject(request, tournament_id=tournament.pk, parts=("statistics",))
        statistics = tournament_statistics(tournament=tournament, before_session=hides_for(request.user, tournament))
        return Response(TournamentStatisticsSerializer(statistics).data)


class PlayerStatistics(APIView):
    """One player's statistics over the tournaments the caller may see."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: StatisticsRowSerializer})
    def get(self, request, pk: int):
        player = get_object_or_404(Player, pk=pk)
        row = player_statistics(player=player, tournaments=visible_tournaments(request.user), user=request.user)
        return Response(StatisticsRowSerializer(row).data)


class SignupCreateSerializer(serializers.Serializer):
    first_name = serializers.CharField(max_length=80)
    last_name = serializers.CharField(max_length=80)
    email = serializers.EmailField()
    club = serializers.CharField(max_length=120, required=False, allow_blank=True, default="",
                                 help_text=_("The club's name"))
    country = serializers.CharField(max_length=2, required=False, default="DE")
    ema_id = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
    consent = serializers.BooleanField(required=False, default=False, help_text=_(
        "true: the registrant agrees that their name and results are published (required)"))


class SignupMatchSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    by = serializers.ChoiceField(choices=["ema_id", "name"], help_text=_("Found by the EMA number or by the name"))
    registered = serializers.BooleanField(help_text=_("The player is registered for this tournament already"))
    differences = serializers.ListField(child=serializers.DictField(), help_text=_(
        "Every field where the sign-up says something else: {\"field\", \"signup\", \"player\"}"))
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField()
    country = serializers.CharField()
    ema_id = serializers.CharField()


class SignupSerializer(serializers.ModelSerializer):
    """A sign-up with ``match``: the existing player it looks like and how they differ (or null),
    computed for the whole list at once (context ``matches``)."""

    player = serializers.IntegerField(source="registration.player_id", default=None, allow_null=True)
    match = serializers.SerializerMethodField()

    class Meta:
        model = Signup
        fields = ["id", "status", "first_name", "last_name", "email", "club", "country", "ema_id", "player",
                  "match", "created_at", "consent_at", "confirmed_at", "decided_at"]

    @extend_schema_field(SignupMatchSerializer(allow_null=True))
    def get_match(self, signup: Signup) -> dict | None:
        matches = self.context.get("matches")
        if matches is None:
            matches = signup_matches([signup])
        return match_data(matches.get(signup.pk))


class SignupDecisionSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["approved", "rejected"])
    player = serializers.RegexField(
        r"^(new|[0-9]{1,9})$", required=False,
        help_text=_("Approving a sign-up that matches an existing player with other details: that player's id, "
                    "or \"new\" for a new player"))

    def validate_player(self, value: str) -> Player | str:
        if value == "new":
            return value
        found = Player.objects.filter(pk=int(value)).first()
        if found is None:
            raise serializers.ValidationError(_("There is no such player."))
        return found


class SignupPermission(AllowAny):
    """Anyone may sign up (the service limits how often); administrators read and decide."""

    def has_permission(self, request, view) -> bool:
        return request.method == "POST" or TournamentDirectors().has_permission(request, view)


class TournamentSignups(APIView):
    """``POST`` (public) signs up for a tournament open for registration → 202 ``{"id", "status":
    "unconfirmed"}`` and an e-mail with the confirmation link; ``GET`` (administrators) lists them."""

    permission_classes = [SignupPermission]

    @extend_schema(request=SignupCreateSerializer, responses={202: dict, 200: SignupSerializer(many=True)})
    def post(self, request, pk: int):
        tournament = get_object_or_404(visible_tournaments(request.user), pk=pk)
        data = SignupCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signup = signup_create(
            tournament=tournament, **data.validated_data, client=client_address(request),
            link=lambda token: request.build_absolute_uri(reverse("signup-status", args=[token])),
            language=get_language())
        return Response({"id": signup.pk, "status": signup.status}, status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={200: SignupSerializer(many=True)})
    def get(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        signups = list(Signup.objects.filter(tournament=tournament).select_related("registration")
                       .order_by("created_at", "pk"))
        return Response(SignupSerializer(signups, many=True, context={"matches": signup_matches(signups)}).data)


class TournamentSignupDetail(APIView):
    """``PATCH {"status": "approved" | "rejected"}`` (administrators): approving beyond the limit puts
    the sign-up on the waiting list; an unconfirmed one cannot be approved (409)."""

    permission_classes = [TournamentDirectors]

    @extend_schema(request=SignupDecisionSerializer, responses={200: SignupSerializer})
    def patch(self, request, pk: int, sid: int):
        signup = get_object_or_404(Signup, pk=sid, tournament_id=pk)
        data = SignupDecisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        signup = signup_decide(signup=signup, status=data.validated_data["status"], user=request.user,
                               player=data.validated_data.get("player"))
        signup.refresh_from_db()
        return Response(SignupSerializer(signup).data)

    @extend_schema(responses={200: SignupSerializer})
    def get(self, request, pk: int, sid: int):
        return Response(SignupSerializer(get_object_or_404(Signup, pk=sid, tournament_id=pk)).data)


class BulkPlayersRequest(serializers.Serializer):
    rows = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False,
                                 help_text=_("Pasted lines: name, club, country, EMA number; tab or semicolon "
                                             "separated"))
    file = serializers.FileField(required=False, help_text=_(".xlsx or .csv; a first row of headings is skipped"))
    preview = serializers.BooleanField(required=False, default=False)
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all(), required=False,
                                                    allow_null=True)
    decisions = serializers.JSONField(required=False, help_text=_(
        'What a "similar" row is: {"<row>": "new" | <player id>}; undecided ones are left alone'))
    clubs = serializers.JSONField(required=False, help_text=_(
        'What a club name near an existing club\'s is: {"<name as written>": "new" | <club id>}'))
    names = serializers.JSONField(required=False, help_text=_(
        'A row\'s name split otherwise than read: {"<row>": {"first_name": "…", "last_name": "…"}} with the '
        'same words'))

    def validate(self, attrs):
        if not attrs.get("file") and not (attrs.get("rows") or "").strip():
            raise serializers.ValidationError({"rows": [_("Paste at least one line, or upload a file.")]})
        return attrs


class BulkEntry(serializers.Serializer):
    row = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["new", "existing", "similar", "error"])
    player = serializers.IntegerField(required=False)
    candidates = serializers.ListField(child=serializers.IntegerField(), required=False,
                                       help_text=_("Players this row probably is, best first"))
    club_candidates = serializers.ListField(child=serializers.IntegerField(), required=False,
                                            help_text=_("Clubs the row's club probably is, best first"))
    decision = serializers.JSONField(required=False, help_text=_(
        'What was decided for the row: "new" or a player id'))
    club_decision = serializers.JSONField(required=False, help_text=_(
        'What was decided for its club: "new" or a club id'))
    first_name = serializers.CharField(required=False)
    last_name = serializers.CharField(required=False)
    error = serializers.CharField(required=False)


class PlayersBulk(APIView):
    """``POST {"rows": "<pasted text>"}`` or a multipart ``file``; with ``preview`` → 200 and one entry
    per row, nothing stored; without → 201, the new players created and, with ``tournament``, new
    and existing ones registered. Any bad row → 400 ``invalid_rows`` with every entry, nothing stored."""

    permission_classes = [HasScope]
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    @extend_schema(request={"application/json": BulkPlayersRequest, "multipart/form-data": BulkPlayersRequest},
                   responses={200: BulkEntry(many=True), 201: BulkEntry(many=True)})
    def post(self, request):
        data = BulkPlayersRequest(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        rows = upload_rows(values["file"]) if values.get("file") else text_rows(values["rows"])
        tournament = values.get("tournament")
        _may_enter_players(request.user, tournament)
        decided = {"decisions": decisions_parsed(values.get("decisions")),
                   "clubs": decisions_parsed(values.get("clubs"), field="clubs"),
                   "names": names_parsed(values.get("names"))}
        if values["preview"]:
            return Response(bulk_entries(players_bulk_preview(rows=rows, tournament=tournament, **decided)))
        preview = players_bulk_create(rows=rows, tournament=tournament, **decided)
        return Response(bulk_entries(preview), status=status.HTTP_201_CREATED)


def _may_enter_players(user, tournament) -> None:
    """Players are entered by site and league administrators and club organisers; registered for a
    tournament by those who direct it (404 for one they may not see, 403 for one they see)."""
    if tournament is not None:
        director_or_refuse(user, tournament, str(_("You do not direct this tournament.")))
    elif not (is_site_admin(user) or administered_league_ids(user) or organised_club_ids(user)):
        raise PermissionDenied(_("This is outside what you administer."))


class PlayerMergeRequest(serializers.Serializer):
    remove = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(),
                                                help_text=_("The player merged into this one and deleted"))


class PlayerMergeSerializer(serializers.ModelSerializer):
    class Meta:
        model = PlayerMerge
        fields = ["id", "kept", "removed_id", "removed", "moved", "merged_by", "merged_at"]


class PlayerMergeView(APIView):
    """``POST {"remove": id}`` (administrators): the removed player's results, registrations,
    sign-ups and account move to this player, the removed one is deleted and the merge is kept
    (``GET`` lists this player's merges). ``409 merge_conflict`` when both played in one session
    or both have an account."""

    permission_classes = [LeagueAdminOnly]

    @extend_schema(request=PlayerMergeRequest, responses={200: PlayerMergeSerializer})
    def post(self, request, pk: int):
        keep = get_object_or_404(Player, pk=pk)
        data = PlayerMergeRequest(data=request.data)
        data.is_valid(raise_exception=True)
        merge = player_merge(keep=keep, remove=data.validated_data["remove"], user=request.user)
        return Response(PlayerMergeSerializer(merge).data)

    @extend_schema(responses={200: PlayerMergeSerializer(many=True)})
    def get(self, request, pk: int):
        keep = get_object_or_404(Player, pk=pk)
        return Response(PlayerMergeSerializer(PlayerMerge.objects.filter(kept=keep), many=True).data)


urlpatterns = [
    path("players/<int:pk>/merge/", PlayerMergeView.as_view(), name="api-player-merge"),
    path("players/bulk/", PlayersBulk.as_view(), name="api-players-bulk"),
    path("rulesets/", RulesetList.as_view(), name="api-rulesets"),
    path("tournaments/<int:pk>/team-standings/", cached_read(TeamStandings.as_view()), name="api-team-standings"),
    path("tournaments/<int:pk>/statistics/", cached_read(TournamentStatistics.as_view()),
         name="api-tournament-statistics"),
    path("players/<int:pk>/statistics/", PlayerStatistics.as_view(), name="api-player-statistics"),
    path("tournaments/<int:pk>/signups/", TournamentSignups.as_view(), name="api-tournament-signups"),
    path("tournaments/<int:pk>/signups/<int:sid>/", TournamentSignupDetail.as_view(), name="api-tournament-signup"),
]
