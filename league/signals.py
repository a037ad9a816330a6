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


def _registration_deleted(sender, instance, **kwargs) -> None:
    """A freed place goes to the first sign-up on the waiting list (league.services.signups)."""
    from django.db import transaction

    from .models import Signup

    tournament_id = instance.tournament_id

    def move_up() -> None:
        from .services.signups import signups_move_up

        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is not None and Signup.objects.filter(tournament=tournament, status="waiting").exists():
            signups_move_up(tournament=tournament)

    transaction.on_commit(move_up)


def connect() -> None:
    post_delete.connect(_registration_deleted, sender=Registration, dispatch_uid="signups-Registration-delete")
    post_save.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-save")
    post_delete.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-delete")
    for model in DIRECTORY:
        post_save.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-save")
        post_delete.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-delete")
