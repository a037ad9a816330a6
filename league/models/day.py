"""The tournament day: who is present (check-ins), who has dropped out (withdrawals) and who sits out
a session with a bye."""
from django.conf import settings
from django.db import models
from django.db.models import F, Q
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
        return f"{self.player.full_name} @ {self.tournament}"


class Withdrawal(models.Model):
    """A player out of the tournament from session ``from_session`` on (only up to ``until_session``
    when set: out for those sessions, back afterwards); the results so far stay."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="withdrawals",
                                   verbose_name=_("tournament"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="withdrawals",
                               verbose_name=_("player"))
    from_session = models.PositiveSmallIntegerField(_("from session"))
    until_session = models.PositiveSmallIntegerField(_("until session"), null=True, blank=True,
                                                     help_text=_("Empty: for the rest of the tournament."))
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
            models.CheckConstraint(condition=Q(until_session__isnull=True) | Q(until_session__gte=F("from_session")),
                                   name="withdrawal_until_after_from"),
        ]

    def __str__(self) -> str:
        return f"{self.player.full_name} @ {self.tournament} from {self.from_session}"

    def covers(self, number: int) -> bool:
        return self.from_session <= number and (self.until_session is None or number <= self.until_session)


def withdrawn_in(number: int) -> Q:
    """Withdrawals that keep their player out of session ``number``."""
    return Q(from_session__lte=number) & (Q(until_session__isnull=True) | Q(until_session__gte=number))


class Bye(models.Model):
    """A player chosen to sit out one session when the field does not make full tables; the bye
    scores as the tournament options ``bye_table_points`` and ``bye_score`` say."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes",
                                   verbose_name=_("tournament"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="byes", verbose_name=_("player"))
    session_number = models.PositiveSmallIntegerField(_("session"))
    at = models.DateTimeField(_("given at"), auto_now_add=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+", verbose_name=_("by"))

    class Meta:
        ordering = ["tournament", "session_number", "player"]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player", "session_number"], name="bye_once"),
            models.CheckConstraint(condition=Q(session_number__gte=1), name="bye_session_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player.full_name} @ {self.tournament}: bye in session {self.session_number}"


class SeatCode(models.Model):
    """A short random code printed on a seat's card: whoever types it in enters and confirms at that
    table, that session only, without an e-mail or an account of their own (issue 42, item 12).

    The first use makes a sign-in of the seat's own (``user``: no password, no player of its own, no
    role), so that the pages and the API treat its holder as the seated player
    (league.permissions.seated_player) while the code is valid, and as nobody after. The code is
    kept as printed (the control room prints the cards again when asked); it dies with its seat (a
    new draw) and at ``expires_at``."""

    seat = models.OneToOneField("Seat", on_delete=models.CASCADE, related_name="code", verbose_name=_("seat"))
    code = models.CharField(_("code"), max_length=16, unique=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("valid until"))
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="seat_code", verbose_name=_("sign-in"))

    class Meta:
        verbose_name = _("seat code")
        verbose_name_plural = _("seat codes")

    def __str__(self) -> str:
        return f"{self.seat}"
