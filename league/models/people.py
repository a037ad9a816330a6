"""Players and their clubs."""
from django.conf import settings
from django.db import models
from django.db.models import Case, CharField, F, Q, Value, When
from django.db.models.functions import Concat, Left, Trim
from django.utils.translation import gettext_lazy as _

from ..validators import validate_visible_name


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True, validators=[validate_visible_name])
    city = models.CharField(_("city"), max_length=120, blank=True)
    country = models.CharField(_("country"), max_length=2, default="DE", help_text=_("ISO 3166 alpha-2"))

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


def initial(last_name: str) -> str:
    """A last name shortened to its initial: "Bauer" → "B.", "van Dijk" → "v."; empty stays empty."""
    last_name = last_name.strip()
    return f"{last_name[0]}." if last_name else ""


def shown_last_name(last_name: str, public_name: str) -> str:
    """The last name as the public sees it: whole, or its initial when the player chose "initials"."""
    return initial(last_name) if public_name == Player.PublicName.INITIALS else last_name


def shown_name(first_name: str, last_name: str, public_name: str) -> str:
    """The one public rendering of a player's name (pages, projector, public API): "Anna Bauer", or
    "Anna B." when the player chose "initials". Administrators' exports use ``Player.full_name``."""
    return f"{first_name} {shown_last_name(last_name, public_name)}".strip()


def full_name(first_name: str, last_name: str) -> str:
    """The whole name, for administrators (``Player.full_name``); from the two fields for rows read
    without a Player (the large exports read values, not model instances)."""
    return f"{first_name} {last_name}"


def shown_name_order(prefix: str = "") -> list:
    """``order_by`` terms listing players by their shown name (``shown_name``): the last name as the
    public sees it (its initial for "initials"), the first name, the id; ``prefix`` reaches the player
    from another model ("player__"). Public lists sort by this, so their order reveals no hidden last
    name."""
    last = f"{prefix}last_name"
    shown_last = Case(When(**{f"{prefix}public_name": "initials"}, then=Concat(Left(Trim(last), 1), Value("."))),
                      default=F(last), output_field=CharField())
    return [shown_last.asc(), f"{prefix}first_name", f"{prefix}id"]


class Player(models.Model):
    class PublicName(models.TextChoices):
        FULL = "full", _("full name")
        INITIALS = "initials", _("last name as its initial")

    first_name = models.CharField(_("first name"), max_length=80, validators=[validate_visible_name])
    last_name = models.CharField(_("last name"), max_length=80, validators=[validate_visible_name])
    club = models.ForeignKey(Club, on_delete=models.SET_NULL, null=True, blank=True, related_name="players",
                             verbose_name=_("club"))
    country = models.CharField(_("country"), max_length=2, default="DE", help_text=_("ISO 3166 alpha-2"))
    ema_id = models.CharField(_("EMA number"), max_length=20, blank=True, default="")
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="player", verbose_name=_("user account"))
    public_name = models.CharField(
        _("name in public"), max_length=8, choices=PublicName.choices, default=PublicName.FULL,
        help_text=_("How the name appears on public pages, the projector and the public API"))

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["ema_id"], condition=~Q(ema_id=""), name="player_ema_id_unique"),
            models.CheckConstraint(condition=Q(country__regex=r"^[A-Z]{2}$"), name="player_country_alpha2"),
        ]
        indexes = [models.Index(fields=["last_name", "first_name"])]

    def __str__(self) -> str:
        """The public rendering (``shown_name``, by ``public_name``): what a template shows for a
        player instance; pages that read values rather than instances call ``shown_name`` themselves.
        The control room, the admin and the rows that belong to a player name them by ``full_name``."""
        return shown_name(self.first_name, self.last_name, self.public_name)

    @property
    def name(self) -> str:
        return str(self)

    @property
    def public_last_name(self) -> str:
        return shown_last_name(self.last_name, self.public_name)

    @property
    def full_name(self) -> str:
        """The whole name, for administrators (exports, management pages, the Django admin)."""
        return full_name(self.first_name, self.last_name)


class PlayerMerge(models.Model):
    """Two entries of one person made one (league.services.players.player_merge): who was removed,
    what they were, what moved to the kept player, by whom and when."""

    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges", verbose_name=_("kept player"))
    removed_id = models.PositiveBigIntegerField(_("removed player's id"))
    removed = models.JSONField(_("removed player"), help_text=_("The removed player's fields as they were"))
    moved = models.JSONField(_("moved"), default=dict, help_text=_("What moved to the kept player, counted"))
    merged_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+", verbose_name=_("merged by"))
    merged_at = models.DateTimeField(_("merged at"), auto_now_add=True)

    class Meta:
        ordering = ["-merged_at", "-pk"]
        verbose_name = _("player merge")
        verbose_name_plural = _("player merges")

    def __str__(self) -> str:
        return f"{self.removed.get('first_name', '')} {self.removed.get('last_name', '')} → {self.kept.full_name}"
