"""The tournament day: who is present (check-ins) and who has dropped out (withdrawals)."""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .competition import Tournament
from .people import Player


class CheckIn(models.Model):
    """A player marked present at the tournament; once anyone is checked in, draws seat only them."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="checkins",
                                   verbose_name=_("tournament"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="checkins", verbose_name=_("player"))
    at = models.DateTimeField(_("checked in at"), auto_now_add=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+", verbose_name=_("by"))

    class Meta:
        ordering = ["tournament", "player"]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="checkin_once")]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


class Withdrawal(models.Model):
    """A player out of the tournament from session ``from_session`` on; the results so far stay."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="withdrawals",
                                   verbose_name=_("tournament"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="withdrawals",
                               verbose_name=_("player"))
    from_session = models.PositiveSmallIntegerField(_("from session"))
    at = models.DateTimeField(_("withdrawn at"), auto_now_add=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+", verbose_name=_("by"))

    class Meta:
        ordering = ["tournament", "from_session", "player"]
        verbose_name = _("withdrawal")
        verbose_name_plural = _("withdrawals")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="withdrawal_once"),
            models.CheckConstraint(condition=Q(from_session__gte=1), name="withdrawal_session_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament} from {self.from_session}"
