"""App configuration for the league."""
from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("League")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # checks registers the deployment checks; tasks registers the Celery tasks the services queue by name
        from . import checks, signals, tasks  # noqa: F401

        signals.connect()
