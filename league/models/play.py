"""What happens at the tables: hands with their history, and tournament-level penalties."""
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy as _

from scoring.records import LARGEST

from .competition import WIND_CHOICES, Table, Tournament
from .people import Player


def _settled(path: str) -> models.GeneratedField:
    """A whole number of the hand's settlement (``result`` at ``path``, "balances__0") as a column
    the database computes from ``result`` on every write: it cannot differ from the JSON, and the
    standings sum it without reading the JSON (league.selectors.standings.hand_sums)."""
    return models.GeneratedField(expression=Cast(KT(f"result__{path}"), models.BigIntegerField()),
                                 output_field=models.BigIntegerField(null=True), db_persist=True)


class Hand(models.Model):
    """One hand of a table's game: the record as entered (completed with the dealer and, for
    riichi, the deposits and counters from the table's state) and its settlement."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands", verbose_name=_("table"))
    number = models.PositiveIntegerField(_("number"))
    record = models.JSONField(_("record"))
    result = models.JSONField(_("result"))
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    prevailing_wind = models.CharField(_("prevailing wind"), max_length=1, choices=WIND_CHOICES)
    version = models.PositiveIntegerField(_("version"), default=1)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("entered by"))
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    # The client's Idempotency-Key of the request that created the hand: a repeat answers this hand.
    idempotency_key = models.CharField(_("idempotency key"), max_length=100, blank=True, default="")
    # The settlement per seat (position 0–3), kept by the database from ``result``.
    balance_0, balance_1, balance_2, balance_3 = (_settled(f"balances__{seat}") for seat in range(4))
    adjustment_0, adjustment_1, adjustment_2, adjustment_3 = (_settled(f"adjustments__{seat}") for seat in range(4))

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique_per_table"),
            models.UniqueConstraint(fields=["table", "idempotency_key"], condition=~Q(idempotency_key=""),
                                    name="hand_idempotency_key_unique_per_table"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(condition=Q(dealer__lte=3), name="hand_dealer_is_a_seat"),
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s at %(table)s") % {"number": self.number, "table": self.table}


class HandRevision(models.Model):
    """Every change to a hand: who, when, the record and result before and after. Kept when the
    hand itself is deleted, so nothing entered is lost."""

    class Action(models.TextChoices):
        CREATE = "create", _("entered")
        UPDATE = "update", _("corrected")
        REDERIVE = "rederive", _("re-derived after an earlier correction")
        DELETE = "delete", _("deleted")

    hand = models.ForeignKey(Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="revisions",
                             verbose_name=_("hand"))
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hand_revisions", verbose_name=_("table"))
    number = models.PositiveIntegerField(_("hand number"))
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    version = models.PositiveIntegerField(_("version"))
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+", verbose_name=_("by"))
    at = models.DateTimeField(_("at"), auto_now_add=True)
    # The Idempotency-Key of the request that made this change (entry, correction or deletion), so
    # that a repeat is recognised even after the hand itself is gone.
    idempotency_key = models.CharField(_("idempotency key"), max_length=100, blank=True, default="")
    # What the key is bound to: a hash of the request's change, target and body. The same key with
    # another request is refused instead of answered with this change.
    request_hash = models.CharField(_("request fingerprint"), max_length=64, blank=True, default="")

    class Meta:
        ordering = ["table", "number", "at", "id"]
        verbose_name = _("hand revision")
        verbose_name_plural = _("hand revisions")
        constraints = [
            models.UniqueConstraint(fields=["table", "idempotency_key"], condition=~Q(idempotency_key=""),
                                    name="hand_revision_idempotency_key_unique_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.number} {self.action} v{self.version}"


class TableConfirmation(models.Model):
    """A player's confirmation of a closed table's final result: the signature line of a printed
    DMJL score sheet; without a player, a referee's or administrator's (``confirmed_by``), which
    confirms the table at once (tournament option ``entry`` "players"). Withdrawn when the table is
    reopened."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="confirmations", verbose_name=_("table"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("player"))
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+", verbose_name=_("recorded by"))
    confirmed_at = models.DateTimeField(_("confirmed at"), auto_now_add=True)

    class Meta:
        ordering = ["table", "confirmed_at"]
        verbose_name = _("table confirmation")
        verbose_name_plural = _("table confirmations")
        constraints = [models.UniqueConstraint(fields=["table", "player"], name="table_confirmation_once_per_player")]

    def __str__(self) -> str:
        return f"{self.table}: {self.player.full_name if self.player else self.confirmed_by}"


class TableDispute(models.Model):
    """A seated player's objection to a table's result (tournament option ``entry`` "players"):
    while it is open the table stays provisional; its tournament's referees or administrators
    resolve it."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RESOLVED = "resolved", _("resolved")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="disputes", verbose_name=_("table"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    message = models.TextField(_("message"), max_length=2000)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(_("opened at"), auto_now_add=True)
    resolved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="+", verbose_name=_("resolved by"))
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)

    class Meta:
        ordering = ["table", "opened_at", "id"]
        verbose_name = _("table dispute")
        verbose_name_plural = _("table disputes")
        indexes = [models.Index(fields=["table", "status"], name="table_dispute_status")]

    def __str__(self) -> str:
        return f"{self.table}: {self.player.full_name} ({self.status})"


class TournamentPenalty(models.Model):
    """A penalty given by the tournament's referees outside a hand: points off the player's
    standing, or a disqualification."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties",
                                   verbose_name=_("tournament"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="penalties", verbose_name=_("player"))
    points = models.IntegerField(_("points"), default=0, help_text=_("Subtracted from the game score"),
                                 validators=[MinValueValidator(0), MaxValueValidator(LARGEST)])
    reason = models.CharField(_("reason"), max_length=200)
    disqualified = models.BooleanField(_("disqualified"), default=False)
    # Hidden with that session while the standings are hidden (hide_standings_from_session); empty
    # for penalties given before the field existed, which stay shown.
    session_number = models.PositiveSmallIntegerField(
        _("session"), null=True, blank=True, help_text=_("The session being played when the penalty was given"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("given by"))
    created_at = models.DateTimeField(_("given at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at"]
        verbose_name = _("tournament penalty")
        verbose_name_plural = _("tournament penalties")
        constraints = [models.CheckConstraint(condition=Q(points__gte=0), name="penalty_points_not_negative")]

    def __str__(self) -> str:
        return f"{self.player.full_name}: {self.points} ({self.reason})"
