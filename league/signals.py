"""Signal receivers: what must follow any save of certain rows, whichever door it came through
(services, admin, shell)."""
from django.db.models.signals import post_delete, post_save

from .cache import directory_changed, pages_changed
from .models import Club, League, Player, Registration, Season, Tournament

# Rows whose names and dates show on many public pages.
DIRECTORY = (Club, League, Player, Season, Tournament)


def _directory_changed(sender, **kwargs) -> None:
    directory_changed()


def _registration_changed(sender, instance, **kwargs) -> None:
    # a registration's team shows in the team standings
    pages_changed(tournament_id=instance.tournament_id)


def connect() -> None:
    post_save.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-save")
    post_delete.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-delete")
    for model in DIRECTORY:
        post_save.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-save")
        post_delete.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-delete")
