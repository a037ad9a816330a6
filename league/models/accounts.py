"""Players' own accounts: a claim of a player record by a new login (league.services.accounts)."""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .people import Player


class AccountClaim(models.Model):
    """Someone asks for a login of their own as ``player``. The user is made at once but inactive
    (it cannot log in) until the claim is approved: by the e-mail link alone when ``email`` is an
    address the player's sign-ups hold, otherwise by an administrator."""

    class Status(models.TextChoices):
        UNCONFIRMED = "unconfirmed", _("waiting for the e-mail confirmation")
        PENDING = "pending", _("waiting for an administrator")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims", verbose_name=_("player"))
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="claim",
                                verbose_name=_("user account"))
    email = models.EmailField(_("e-mail address"))
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.UNCONFIRMED)
    on_file = models.BooleanField(_("address on file"), default=False, help_text=_(
        "The address is one the player's sign-ups hold: the e-mail link alone approves the claim"))
    language = models.CharField(_("language"), max_length=8, default="de")
    created_at = models.DateTimeField(_("claimed at"), auto_now_add=True)
    confirmed_at = models.DateTimeField(_("e-mail confirmed at"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("decided by"))

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("account claim")
        verbose_name_plural = _("account claims")
        constraints = [
            # one approved claim per player: the database refuses a second even if two race
            models.UniqueConstraint(fields=["player"], condition=Q(status="approved"),
                                    name="claim_one_approved_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} → {self.player_id} ({self.status})"
