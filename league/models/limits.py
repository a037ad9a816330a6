"""Rate-limit counters kept in the database while the cache cannot be reached (league.ratelimit)."""
from django.db import models
from django.utils.translation import gettext_lazy as _


class RateCount(models.Model):
    """Attempts of one client at one thing in one window, counted here only while the cache is
    down, so that a cache outage is not an open door. Rows past ``expires_at`` are removed as new
    ones are written."""

    key = models.CharField(_("key"), max_length=100, unique=True)
    count = models.PositiveIntegerField(_("count"), default=0)
    expires_at = models.DateTimeField(_("expires at"), db_index=True)

    class Meta:
        verbose_name = _("rate-limit count")
        verbose_name_plural = _("rate-limit counts")

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
