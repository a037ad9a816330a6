"""The audit log: every destructive action an administrator takes (delete, archive, restore,
reject, erase …) and every decision that gives someone a place or a login (a sign-up's or an
account claim's approval), who took it, when, and what it concerned. Written by league.services.audit only."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        DELETE = "delete", _("deleted")
        ARCHIVE = "archive", _("archived")
        RESTORE = "restore", _("restored")
        REJECT = "reject", _("rejected")
        WITHDRAW = "withdraw", _("withdrawn")
        ERASE = "erase", _("erased")
        EDIT = "edit", _("edited")
        GRANT = "grant", _("role given")
        INVITE = "invite", _("role invited")
        ACCEPT = "accept", _("invitation accepted")
        REVOKE = "revoke", _("role taken back")
        APPROVE = "approve", _("approved")

    at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+", verbose_name=_("by"))
    # kept as written: the entry still says who it was after the account is gone
    username = models.CharField(_("user name"), max_length=150, blank=True)
    action = models.CharField(_("action"), max_length=12, choices=Action.choices)
    model = models.CharField(_("kind of object"), max_length=40)
    object_id = models.CharField(_("object id"), max_length=40)
    object_repr = models.CharField(_("object"), max_length=200)
    details = models.JSONField(_("details"), default=dict, blank=True)
    # The scope the entry belongs to, so that each scope's administrators read their own part of the log
    # (league.selectors.audit); plain ids, not keys: an entry outlives what it names.
    scope_league = models.PositiveIntegerField(_("league"), null=True, blank=True, db_index=True)
    scope_club = models.PositiveIntegerField(_("club"), null=True, blank=True, db_index=True)
    scope_tournament = models.PositiveIntegerField(_("tournament"), null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.username} {self.action} {self.model} {self.object_repr}"
