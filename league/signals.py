"""Signal receivers: what must follow any save of certain rows, whichever door it came through
(services, admin, shell): the cached pages retired, tokens ended by a new password, the
administrators' group. Business rules (the waiting list moving up, standings requested) are the
services' (league.services).

The public pages' cache (league.cache): every row a public page shows retires the pages that show
it here, once for every writer, so that a new write path needs no cache code. (Rows written in
bulk, without signals — the standings, game results and rankings the recomputations sync, a draw's
seats — are retired by the service that writes them.)"""
from django.conf import settings
from django.db.models.signals import post_delete, post_migrate, post_save, pre_save

from .models import (
    Bye,
    Club,
    League,
    Player,
    RefereeAssignment,
    Registration,
    Role,
    Season,
    Seat,
    Session,
    Table,
    TableConfirmation,
    TableDispute,
    Tournament,
    Withdrawal,
)

# Rows whose names and dates show on many public pages.
DIRECTORY = (Club, League, Player, Season, Tournament)


def _cache():
    """league.cache, imported by the first change it hears of rather than as every process starts
    (a management command or a worker that changes nothing never needs it; issue 40)."""
    from . import cache

    return cache


def _directory_changed(sender, **kwargs) -> None:
    _cache().directory_changed()


def _admin_group(sender, **kwargs) -> None:
    """The "League administrators" group exists with the permission that makes its members
    administrators, and the admin site's permissions on every league model."""
    from django.contrib.auth.models import Group, Permission

    from .permissions import ADMIN_GROUP

    if sender.name != "league":
        return
    group, _created = Group.objects.get_or_create(name=ADMIN_GROUP)
    group.permissions.add(*Permission.objects.filter(content_type__app_label="league"))


def _referee_role(sender, instance, created, raw=False, **kwargs) -> None:
    """Every referee assignment has its role (league.models.roles), whichever door made it, so that
    ``roles/`` lists and takes back referees like every other role."""
    if created and not raw:
        Role.objects.get_or_create(assignment=instance, defaults={
            "user_id": instance.user_id, "role": Role.Kind.REFEREE, "tournament_id": instance.tournament_id})


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
    _cache().pages_changed(tournament_id=instance.tournament_id)


def _tournament_row_changed(sender, instance, **kwargs) -> None:
    # a session (its clock, its draw), a withdrawal, a bye, a seat: the tournament's pages and the players'
    tournament_id = _session_of(instance.session_id)[0] if sender is Seat else instance.tournament_id
    if tournament_id is not None:
        _cache().pages_changed(tournament_id=tournament_id)


def _session_of(session_id: int) -> tuple[int | None, int | None]:
    """The tournament and number of a session (none when it is gone)."""
    return Session.objects.filter(pk=session_id).values_list("tournament_id", "number").first() or (None, None)


def _table_changed(sender, instance, **kwargs) -> None:
    # closed or reopened, its extra time: that session's page and the tables on the tournament's
    tournament_id, number = _session_of(instance.session_id)
    if tournament_id is not None:
        _cache().session_changed(tournament_id=tournament_id, number=number, tables=True)


def _table_row_changed(sender, instance, **kwargs) -> None:
    # a confirmation or dispute: whether the table is provisional, shown on its session's page
    found = Table.objects.filter(pk=instance.table_id).values_list("session_id", flat=True).first()
    tournament_id, number = _session_of(found) if found else (None, None)
    if tournament_id is not None:
        _cache().session_changed(tournament_id=tournament_id, number=number, tables=True)


def connect() -> None:
    pre_save.connect(_revoke_tokens_on_password_change, sender=settings.AUTH_USER_MODEL,
                     dispatch_uid="tokens-password-change")
    post_migrate.connect(_admin_group, dispatch_uid="league-admin-group")
    post_save.connect(_referee_role, sender=RefereeAssignment, dispatch_uid="league-referee-role")
    post_save.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-save")
    post_delete.connect(_registration_changed, sender=Registration, dispatch_uid="pages-Registration-delete")
    # Sessions, tables and seats are deleted only with a new draw (league.services.seating retires
    # the pages) or their tournament (every page): no receiver on their deletion, which would also
    # cost Django's fast cascade.
    for model in (Session, Seat, Withdrawal, Bye):
        post_save.connect(_tournament_row_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-save")
    for model in (Withdrawal, Bye):
        post_delete.connect(_tournament_row_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-delete")
    post_save.connect(_table_changed, sender=Table, dispatch_uid="pages-Table-save")
    for model in (TableConfirmation, TableDispute):
        post_save.connect(_table_row_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-save")
        post_delete.connect(_table_row_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-delete")
    for model in DIRECTORY:
        post_save.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-save")
        post_delete.connect(_directory_changed, sender=model, dispatch_uid=f"pages-{model.__name__}-delete")
