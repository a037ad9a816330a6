"""Signal receivers: what must follow any save of certain rows, whichever door it came through
(services, admin, shell): the cached pages retired, tokens ended by a new password, the
administrators' group. Business rules (the waiting list moving up, standings requested) are the
services' (league.services)."""
from django.conf import settings
from django.db.models.signals import post_delete, post_migrate, post_save, pre_save

from .cache import directory_changed, pages_changed
from .models import Club, League, Player, Registration, Season, Tournament

# Rows whose names and dates show on many public pages.
DIRECTORY = (Club, League, Player, Season, Tournament)


def _directory_changed(sender, **kwargs) -> None:
    directory_changed()


def _admin_group(sender, **kwargs) -> None:
    """The "League administrators" group exists with the permission that makes its members
    administrators, and the admin site's permissions on every league model."""
    from django.contrib.auth.models import Group, Permission

    from .permissions import ADMIN_GROUP

    if sender.name != "league":
        return
    group, _created = Group.objects.get_or_create(name=ADMIN_GROUP)
    group.permissions.add(*Permission.objects.filter(content_type__app_label="league"))


def _revoke_tokens_on_password_change(sender, instance, update_fields=None, **kwargs) -> None:
    """A new password ends every API token the old one got (a saved login's last_login is no change)."""
    from rest_framework.authtoken.models import Token

    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    before = sender._default_manager.filter(pk=instance.pk).values_list("password", flat=True).first()
    if before is not None and before != instance.password:
        Token.objects.filter(user_id=instance.pk).delete()


def _registration_changed(sender, instance, **kwargs) -> None:
    # a registration's team shows in the team standings
    pages_changed(tournament_id=instance.tournament_id)


def connect() -> None:
    pre_save.connect(_revoke_tokens_on_password_change, sender=settings.AUTH_USER_MODEL,
                     dispatch_uid="tokens-password-change")
    post_migrate.connect(_admin_group, dispatch_uid="league-admin-group")
    post_save.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-save")
    post_delete.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-delete")
    for model in DIRECTORY:
        post_save.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-save")
        post_delete.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-delete")
