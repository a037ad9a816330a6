"""App configuration for the league."""
from django.apps import AppConfig
from django.contrib.admin.apps import SimpleAdminConfig
from django.contrib.admin.checks import check_admin_app, check_dependencies
from django.core import checks
from django.utils.translation import gettext_lazy as _


def _admin_discovered_check(app_configs, **kwargs):
    """Django's checks of the registered model admins, after the admin modules are imported."""
    from django.contrib import admin

    admin.autodiscover()
    return check_admin_app(app_configs, **kwargs)


class AdminConfig(SimpleAdminConfig):
    """Django's admin, its modules (league/admin.py, which imports most services) imported by the URLconf
    (mjl/urls.py) and by the admin checks rather than as every process starts: a management command or
    a Celery worker does not need them (issue 40)."""

    def ready(self) -> None:
        checks.register(check_dependencies, checks.Tags.admin)
        checks.register(_admin_discovered_check, checks.Tags.admin)


class LeagueConfig(AppConfig):
    default = True  # the app's configuration ("league" in INSTALLED_APPS); AdminConfig is named in full
    name = "league"
    verbose_name = _("League")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # checks registers the deployment checks. The Celery tasks are registered by the first task a
        # process sends (league.queue) and by a worker's autodiscovery, not here: Celery is not loaded
        # by a process that sends none.
        from . import checks, signals  # noqa: F401

        signals.connect()
        # Usernames everywhere Django validates them (the admin's forms, createsuperuser, full_clean):
        # NFKC, nothing invisible, one script. auth.User is Django's own model, so the validator is
        # added to its field here.
        from django.contrib.auth import get_user_model

        from .validators import validate_username

        username = get_user_model()._meta.get_field("username")
        if validate_username not in username.validators:
            username.validators.append(validate_username)
