"""Self-registration: a sign-up sent by the public for a tournament, confirmed by e-mail and
decided by an administrator (league.services.signups)."""
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ..validators import validate_visible_name
from .competition import Registration, Tournament
from .people import Player


class Signup(models.Model):
    class Status(models.TextChoices):
        UNCONFIRMED = "unconfirmed", _("waiting for the e-mail confirmation")
        PENDING = "pending", _("confirmed, waiting for approval")
        APPROVED = "approved", _("approved")
        WAITING = "waiting", _("on the waiting list")
        REJECTED = "rejected", _("rejected")
        WITHDRAWN = "withdrawn", _("withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="signups",
                                   verbose_name=_("tournament"))
    first_name = models.CharField(_("first name"), max_length=80, validators=[validate_visible_name])
    last_name = models.CharField(_("last name"), max_length=80, validators=[validate_visible_name])
    email = models.EmailField(_("e-mail address"))
    club = models.CharField(_("club"), max_length=120, blank=True, validators=[validate_visible_name])
    country = models.CharField(_("country"), max_length=2, default="DE")
    ema_id = models.CharField(_("EMA number"), max_length=20, blank=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.UNCONFIRMED)
    language = models.CharField(_("language"), max_length=8, default="de",
                                help_text=_("The language of the sign-up form; every e-mail about it is in it"))
    token = models.CharField(_("confirmation key"), max_length=64, unique=True, editable=False)
    registration = models.OneToOneField(Registration, on_delete=models.SET_NULL, null=True, blank=True,
                                        related_name="signup", verbose_name=_("registration"))
    # The administrator's answer when the sign-up looks like an existing player (its EMA number or
    # name): that player, or a new one. Without it such a sign-up is not approved.
    player = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
                               verbose_name=_("confirmed as player"))
    as_new_player = models.BooleanField(_("confirmed as a new player"), default=False)
    # Whether the sign-up's address speaks for the player it registered (league.services.accounts
    # ``addresses_on_file``): the player was made from it, or an administrator said it is that player.
    # A sign-up that merely looked like a player (a name or an EMA number anyone can type) does not.
    vouches = models.BooleanField(
        _("speaks for the player"), default=False,
        help_text=_("The player was made from this sign-up, or an administrator confirmed it is that player"))
    created_at = models.DateTimeField(_("signed up at"), auto_now_add=True)
    consent_at = models.DateTimeField(_("consent to publication given at"), null=True, blank=True,
                                      help_text=_("When the player agreed that their name and results are published"))
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "created_at", "pk"]
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "email"], name="signup_once_per_email"),
            models.CheckConstraint(condition=Q(country__regex=r"^[A-Z]{2}$"), name="signup_country_alpha2"),
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name} @ {self.tournament_id} ({self.status})"
