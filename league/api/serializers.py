"""Serializers: the field names clients rely on (docs/api.md), validation with clear messages."""
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.flow import ENDINGS

from ..countries import country_normalised, is_country, is_ema_number
from ..models import Club, Hand, HandRevision, League, Player, Season, TableDispute, Tournament
from ..permissions import can_referee, edits_player, ema_id_for
from ..selectors.day import table_clock, table_remaining_s
from ..selectors.mers import weight_in_use
from ..selectors.pages import writer_name
from ..selectors.tables import table_confirmation
from ..validators import LARGEST_ID


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "city", "country"]


class PlayerSerializer(serializers.ModelSerializer):
    """A player; ``last_name`` as the public sees it (``public_name``: its initial only when the player
    chose "initials") for every caller but those who edit the player (``edits_player``), who read and
    write the whole name; ``ema_id``
    as ``league.permissions.ema_id_for`` lets the caller read it ("" for an "initials" player but to
    administrators and the player themself)."""

    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "club", "country", "ema_id", "public_name"]

    def to_representation(self, instance: Player) -> dict:
        data = super().to_representation(instance)
        request = self.context.get("request")
        user = request.user if request is not None else None
        if not edits_player(user, instance):
            data["last_name"] = instance.public_last_name
        data["ema_id"] = ema_id_for(user, instance)
        return data

    def validate_country(self, value: str) -> str:
        value = country_normalised(value)
        if not is_country(value):
            raise serializers.ValidationError(_("Give a two-letter country code (ISO 3166), e.g. DE."))
        return value

    def validate_ema_id(self, value: str) -> str:
        value = value.strip()
        if value and not is_ema_number(value):
            raise serializers.ValidationError(_("An EMA number is eight digits, e.g. 04990001."))
        if value and Player.objects.filter(ema_id=value).exclude(pk=getattr(self.instance, "pk", None)).exists():
            raise serializers.ValidationError(_("Another player already has this EMA number."))
        return value


class LeagueSerializer(serializers.ModelSerializer):
    class Meta:
        model = League
        fields = ["id", "name", "slug", "description"]


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "league", "name", "starts_on", "ends_on", "ranking_method", "min_games", "ruleset_family"]


class TournamentSerializer(serializers.ModelSerializer):
    """Types only: the rules (dates, options, frozen rules, season) are the service's
    (``tournament_create``/``tournament_update``), as for every other door."""

    weight = serializers.DecimalField(
        max_digits=4, decimal_places=2, min_value=Decimal("0.5"), max_value=Decimal("6"), allow_null=True,
        required=False, coerce_to_string=False,
        help_text=_("MERS weight set by an administrator (0.5 to 6); null: computed from the EMA table"))
    weight_in_use = serializers.SerializerMethodField(
        help_text=_("The MERS weight in use: the override, or the one computed from the EMA table"))
    kind = serializers.ChoiceField(
        choices=Tournament.Kind.choices, required=False,
        help_text=_("tournament (default) or club (an open-ended club event: its evenings are opened one by "
                    "one, the players enter their tables); set when created, fixed from then on. External "
                    "tournaments come from a results upload."))

    class Meta:
        model = Tournament
        fields = ["id", "slug", "name", "ruleset", "options", "session_count", "status", "published", "season",
                  "starts_on", "ends_on", "place", "standing_method", "weight", "qualifying", "weight_in_use",
                  "registration_open", "registration_limit", "registration_deadline", "archived_at", "kind",
                  "host_club"]
        read_only_fields = ["archived_at"]
        extra_kwargs = {"session_count": {  # min_value: as the database's check says
            "min_value": 1, "help_text": _("The number of sessions; for a club event the number of evenings "
                                           "opened so far (POST sessions/ opens the next; not set here)")}}

    def get_weight_in_use(self, tournament) -> float:
        return float(weight_in_use(tournament))


class RegistrationCreateSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    substitute = serializers.BooleanField(default=False)
    team = serializers.CharField(max_length=80, required=False, allow_blank=True, allow_null=True, default="",
                                 help_text=_("The player's team (a name), or null"))

    def validate_team(self, value: str | None) -> str:
        return (value or "").strip()


class RegistrationUpdateSerializer(serializers.Serializer):
    substitute = serializers.BooleanField(required=False)
    team = serializers.CharField(max_length=80, required=False, allow_blank=True, allow_null=True,
                                 help_text=_("The player's team (a name), or null"))

    def validate(self, data: dict) -> dict:
        unknown = set(self.initial_data) - set(self.fields) if isinstance(self.initial_data, dict) else set()
        if unknown:
            raise serializers.ValidationError({name: [_("This field cannot be changed here.")] for name in unknown})
        if not data:
            raise serializers.ValidationError(_("Send “substitute” (true or false) or “team”."))
        return data


class RegistrationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    substitute = serializers.BooleanField()
    team = serializers.SerializerMethodField()

    def get_team(self, registration) -> str | None:
        return registration.team or None


class RefereeCreateSerializer(serializers.Serializer):
    user = serializers.PrimaryKeyRelatedField(queryset=get_user_model().objects.all())


class TableSerializer(serializers.Serializer):
    """Built from a selectors.tables.TableView."""

    id = serializers.IntegerField(source="table.id")
    session = serializers.IntegerField(source="table.session.number")
    number = serializers.IntegerField(source="table.number")
    seats = serializers.SerializerMethodField()
    dealer = serializers.IntegerField()
    prevailing_wind = serializers.CharField()
    riichi_sticks = serializers.IntegerField()
    honba = serializers.IntegerField()
    totals = serializers.ListField(child=serializers.IntegerField())
    complete = serializers.BooleanField()
    ending = serializers.ChoiceField(
        choices=list(ENDINGS), allow_null=True,
        help_text="Why the game is complete: its rounds or max_hands were played, a player went bust "
                  "(bust_ends_game), or the leading dealer ended it (agari_yame); null while it goes on.")
    next_seats = serializers.SerializerMethodField(
        help_text="Player ids per seat in the next wind round when the players change seats (dmjl-hke "
                  "seat_change), else null.")
    closed = serializers.BooleanField(source="table.closed")
    confirmations = serializers.SerializerMethodField(
        help_text="Players (ids) who confirmed the closed table's final result.")
    confirmed_by = serializers.SerializerMethodField(
        help_text="Players (ids) who confirmed the closed table's final result (as `confirmations`).")
    confirmed_by_referee = serializers.SerializerMethodField(
        help_text="Whether a referee or administrator confirmed the table.")
    provisional = serializers.SerializerMethodField(
        help_text="True while the table does not count in standings and rankings: at a tournament whose "
                  "players enter their own tables (option `entry` \"players\") until three of its players or a "
                  "referee confirmed it, and while a dispute about it is open. Always false elsewhere.")
    remaining_s = serializers.SerializerMethodField(help_text="The table's time left on the session clock")
    clock_state = serializers.SerializerMethodField(help_text="idle, running, paused or ended")

    def get_remaining_s(self, view) -> int | None:
        return table_remaining_s(view.table)

    def get_clock_state(self, view) -> str:
        return table_clock(view.table)["state"]

    def get_seats(self, view) -> list[int | None]:
        """Player ids per seat in the coming hand's wind round."""
        return [p.pk if p else None for p in view.players]

    def get_next_seats(self, view) -> list[int | None] | None:
        return [p.pk if p else None for p in view.next_players] if view.next_players else None

    def _confirmation(self, view):
        if getattr(self, "_confirmation_of", (None,))[0] is not view:
            self._confirmation_of = (view, table_confirmation(view.table))
        return self._confirmation_of[1]

    def get_confirmations(self, view) -> list[int]:
        return sorted(self._confirmation(view).confirmed_by)

    def get_confirmed_by(self, view) -> list[int]:
        return sorted(self._confirmation(view).confirmed_by)

    def get_confirmed_by_referee(self, view) -> bool:
        return self._confirmation(view).by_referee

    def get_provisional(self, view) -> bool:
        return self._confirmation(view).provisional


class HandSerializer(serializers.ModelSerializer):
    """``entered_by`` (a username) only for the tournament's referees and administrators (the
    request in the context says who asks); null for everyone else."""

    entered_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Hand
        fields = ["id", "number", "version", "record", "result", "dealer", "prevailing_wind", "entered_by",
                  "entered_at"]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if not self._may_see_names(instance.table.session.tournament_id):
            data["entered_by"] = None
        return data

    def _may_see_names(self, tournament_id: int) -> bool:
        request = self.context.get("request")
        if request is None:
            return False
        known = self.root.__dict__.setdefault("_may_see_names_in", {})
        if tournament_id not in known:
            known[tournament_id] = can_referee(request.user, tournament_id)
        return known[tournament_id]


class TableConfirmationSerializer(serializers.Serializer):
    """A seated player confirms for themselves (``player`` absent or their own id); a referee or
    administrator records a player's confirmation (``player``) or, without one, confirms the table."""

    player = serializers.IntegerField(min_value=1, max_value=LARGEST_ID, required=False, allow_null=True)


class TableConfirmationReadSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id", allow_null=True,
                                      help_text="The player who confirmed; null for a referee's confirmation.")
    confirmed_at = serializers.DateTimeField()


class TableDisputeSerializer(serializers.ModelSerializer):
    message = serializers.CharField(max_length=2000, allow_blank=False, trim_whitespace=True)

    class Meta:
        model = TableDispute
        fields = ["id", "table", "player", "message", "status", "opened_at", "resolved_at"]
        read_only_fields = ["id", "table", "player", "status", "opened_at", "resolved_at"]


class TableDisputeUpdateSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=[TableDispute.Status.RESOLVED.value])


class HandCorrectionSerializer(serializers.Serializer):
    record = serializers.JSONField()
    version = serializers.IntegerField(min_value=1)


class HandRevisionSerializer(serializers.ModelSerializer):
    user = serializers.SerializerMethodField(help_text="Who wrote it: a player's shown name, else the user name.")

    @extend_schema_field(OpenApiTypes.STR)
    def get_user(self, revision) -> str | None:
        return writer_name(revision.user)

    class Meta:
        model = HandRevision
        fields = ["id", "number", "action", "version", "user", "at", "before", "after"]
