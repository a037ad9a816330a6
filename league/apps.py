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
        # Usernames everywhere Django validates them (the admin's forms, createsuperuser, full_clean):
        # NFKC, nothing invisible, one script. auth.User is Django's own model, so the validator is
        # added to its field here.
        from django.contrib.auth import get_user_model

        from .validators import validate_username

        username = get_user_model()._meta.get_field("username")
        if validate_username not in username.validators:
            username.validators.append(validate_username)
