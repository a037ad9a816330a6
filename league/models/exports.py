"""Exports built in the background: what was asked for, how far it got, and the file."""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .competition import Season, Tournament


class Export(models.Model):
    class Kind(models.TextChoices):
        RESULTS_XLSX = "results-xlsx", _("Results workbook")
        EMA_CSV = "ema-csv", _("EMA results (CSV)")
        SCORE_SHEETS_XLSX = "score-sheets-xlsx", _("Score sheets")
        SEATING_XLSX = "seating-xlsx", _("Seating list")
        RANKING_XLSX = "ranking-xlsx", _("Season ranking workbook")
        SCORE_SHEETS_PDF = "score-sheets-pdf", _("Score sheets to print (PDF)")
        RESULTS_PDF = "results-pdf", _("Final results to print (PDF)")
        RANKING_EMA_CSV = "ranking-ema-csv", _("Season ranking in the EMA's layout (CSV)")
        RANKING_EMA_XLSX = "ranking-ema-xlsx", _("Season ranking in the EMA's layout (workbook)")

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, null=True, blank=True,
                                   related_name="exports", verbose_name=_("tournament"))
    season = models.ForeignKey(Season, on_delete=models.CASCADE, null=True, blank=True, related_name="exports",
                               verbose_name=_("season"))
    session_number = models.PositiveSmallIntegerField(
        _("session"), null=True, blank=True,
        help_text=_("Only this session's tables (score sheets); empty: every session"))
    language = models.CharField(_("language"), max_length=5, default="de")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    progress = models.PositiveSmallIntegerField(_("progress"), default=0)
    file = models.FileField(_("file"), upload_to="exports/", blank=True)
    error = models.TextField(_("error"), blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("requested by"))
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True,
                                        help_text=_("Set by the running build when it starts and as it progresses"))
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("export")
        verbose_name_plural = _("exports")
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="export_progress_percent"),
            models.CheckConstraint(condition=Q(tournament__isnull=False) | Q(season__isnull=False),
                                   name="export_has_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"
