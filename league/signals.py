"""Signal receivers: what must follow any save of certain rows, whichever door it came through
(services, admin, shell)."""
from django.db.models.signals import post_delete, post_save

from .cache import directory_changed
from .models import Club, League, Player, Season, Tournament

# Rows whose names and dates show on many public pages.
DIRECTORY = (Club, League, Player, Season, Tournament)


def _directory_changed(sender, **kwargs) -> None:
    directory_changed()


def connect() -> None:
    for model in DIRECTORY:
        post_save.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-save")
        post_delete.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-delete")
