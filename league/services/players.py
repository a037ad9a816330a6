"""Writes on players: changing a player's details (``player_update``, logged with what changed),
merging two entries of one person (``player_merge``), erasing a person's details on request
(``player_erase``)."""
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import Q
from django.forms.models import model_to_dict
from django.utils.translation import gettext as _

from ..countries import country_normalised, is_country, is_ema_number
from ..errors import Conflict, NotFound, ServiceError
from ..models import (
    AccountClaim,
    AuditEntry,
    Player,
    PlayerMerge,
    Registration,
    Seat,
    Session,
    Signup,
    Standing,
    Tournament,
)
from ..selectors.accounts import player_signups
from ..validators import hidden_characters_message
from .audit import audit_forget, audit_record, audit_renamed
from .exports import exports_rebuild
from .fields import field_error, fields_required, fields_set
from .imports import fold
from .rankings import rankings_request
from .registrations import waiting_list_move_up
from .standings import standings_request

PLAYER_FIELDS = ("first_name", "last_name", "club", "country", "ema_id", "public_name")


def player_validate(player: Player) -> None:
    """The rules a player's details keep (on the unsaved instance; ServiceError with code and field)."""
    player.first_name = " ".join((player.first_name or "").split())
    player.last_name = " ".join((player.last_name or "").split())
    player.country, player.ema_id = country_normalised(player.country or ""), (player.ema_id or "").strip()
    fields_required(player, ("first_name", "last_name", "country"))
    for name in ("first_name", "last_name"):
        value = getattr(player, name)
        if len(value) > 80:
            raise field_error("too_long", name, _("At most 80 characters."))
        if message := hidden_characters_message(value):
            raise field_error("hidden_characters", name, message)
    if not is_country(player.country):
        raise field_error("invalid_country", "country", _("Give a two-letter country code (ISO 3166), e.g. DE."))
    if player.ema_id and not is_ema_number(player.ema_id):
        raise field_error("invalid_ema_id", "ema_id", _("An EMA number is eight digits, e.g. 04990001."))
    if player.ema_id and Player.objects.filter(ema_id=player.ema_id).exclude(pk=player.pk).exists():
        raise field_error("ema_id_taken", "ema_id", _("Another player already has this EMA number."), error=Conflict)
    if player.public_name not in Player.PublicName.values:
        raise field_error("invalid_public_name", "public_name", _("Choose how the name appears in public."))


def _logged(value):
    return value.pk if isinstance(value, models.Model) else value


def player_create(*, data: dict) -> Player:
    """A new player (``PLAYER_FIELDS``: first and last name, optional club, country, EMA number and
    public name), validated as a change is (``player_validate``)."""
    player = Player()
    fields_set(player, data, PLAYER_FIELDS)
    player_validate(player)
    player.save()
    return player


@transaction.atomic
def player_update(*, player: Player, data: dict, user=None) -> Player:
    """Change a player's names, club, country, EMA number or public name (``PLAYER_FIELDS``); only
    what changed is saved, and logged (``edit``: each changed field before and after). A new country
    requests the rankings of the seasons the player played in (a tournament's countries weigh it)."""
    player = Player.objects.select_for_update().filter(pk=player.pk).first()
    if player is None:
        raise NotFound("not_found", _("There is no such player."))
    before = {name: _logged(getattr(player, name)) for name in PLAYER_FIELDS}
    if fields_set(player, data, PLAYER_FIELDS):
        player_validate(player)
    changed = [name for name in PLAYER_FIELDS if _logged(getattr(player, name)) != before[name]]
    if not changed:
        return player
    player.save(update_fields=changed)
    audit_record(user=user, action=AuditEntry.Action.EDIT, obj=player,
                 details={"changed": {name: [before[name], _logged(getattr(player, name))] for name in changed}})
    if "country" in changed:
        for season_id in Tournament.objects.filter(standings__player=player, season__isnull=False).values_list(
                "season_id", flat=True).distinct():
            rankings_request(season_id=season_id)
    return player


def _unique_sets(model, field_name: str) -> list[tuple[str, ...]]:
    """The model's unique field sets that contain ``field_name`` (constraints and unique_together)."""
    sets = [tuple(c.fields) for c in model._meta.constraints
            if isinstance(c, models.UniqueConstraint) and c.fields and c.condition is None]
    sets += [tuple(fields) for fields in model._meta.unique_together]
    field = model._meta.get_field(field_name)
    if field.unique:  # a one-to-one
        sets.append((field_name,))
    return [fields for fields in sets if field_name in fields]


def _clashes(model, row, fields: tuple[str, ...], name: str, keep: Player) -> bool:
    lookup = {}
    for field_name in fields:
        attname = model._meta.get_field(field_name).attname
        lookup[attname] = keep.pk if field_name == name else getattr(row, attname)
    return model._base_manager.filter(**lookup).exists()


def _move(related, *, keep: Player, remove: Player) -> int:
    """Point ``remove``'s rows of one relation at ``keep``; a row ``keep`` has already (the same
    tournament's check-in, say) is dropped. Returns the rows moved."""
    model, name = related.related_model, related.field.name
    unique = _unique_sets(model, name)
    moved = 0
    for row in model._base_manager.filter(**{name: remove}):
        if any(_clashes(model, row, fields, name, keep) for fields in unique):
            row.delete()
        else:
            model._base_manager.filter(pk=row.pk).update(**{name: keep})
            moved += 1
    return moved


@transaction.atomic
def player_merge(*, keep: Player, remove: Player, user=None) -> PlayerMerge:
    """Make two entries of one person one: ``remove``'s results (seats, hence the hands at those
    tables; game results, standings, rankings), registrations, sign-ups, check-ins, penalties and
    account move to ``keep``, ``remove`` is deleted and the merge is kept (``PlayerMerge``: who was
    removed, as they were, what moved, by whom). Refused (409) when both played in one session or
    both have an account. Standings and rankings of the tournaments concerned are recomputed."""
    if keep.pk == remove.pk:
        raise ServiceError("same_player", _("Choose two different players to merge."),
                           fields={"remove": [_("The same player as the one kept.")]})
    players = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep.pk, remove.pk])}
    if len(players) != 2:
        raise NotFound("not_found", _("There is no such player."))
    keep, remove = players[keep.pk], players[remove.pk]
    both = set(Seat.objects.filter(player=keep).values_list("session_id", flat=True)) & set(
        Seat.objects.filter(player=remove).values_list("session_id", flat=True))
    if both:
        session = Session.objects.select_related("tournament").filter(pk__in=both).order_by("pk").first()
        raise Conflict("merge_conflict", _("%(keep)s and %(remove)s both played in session %(session)s of "
                                           "%(tournament)s; they are two people.")
                       % {"keep": keep, "remove": remove, "session": session.number,
                          "tournament": session.tournament.name})
    if keep.user_id and remove.user_id:
        raise Conflict("merge_conflict", _("Both players have an account; delete one of the accounts first."))
    tournaments = set(Registration.objects.filter(player=remove).values_list("tournament_id", flat=True)) | set(
        Standing.objects.filter(player=remove).values_list("tournament_id", flat=True))
    # A sign-up follows its registration: where both were registered, it moves to keep's.
    for registration in Registration.objects.filter(player=remove, tournament__registrations__player=keep):
        kept = Registration.objects.get(tournament_id=registration.tournament_id, player=keep)
        Signup.objects.filter(registration=registration).update(
            registration=None if Signup.objects.filter(registration=kept).exists() else kept)
    removed = {**model_to_dict(remove, exclude=["user"]), "user": remove.user_id}
    moved = {}
    for related in Player._meta.related_objects:
        if related.many_to_many:
            continue
        count = _move(related, keep=keep, remove=remove)
        if count:
            moved[related.related_model._meta.model_name] = count
    account, ema_id = remove.user, remove.ema_id
    remove.delete()
    changed = []
    if account is not None and not keep.user_id:
        keep.user, moved["user"] = account, 1
        changed.append("user")
    if ema_id and not keep.ema_id:
        keep.ema_id = ema_id
        changed.append("ema_id")
    if keep.club_id is None and removed["club"]:
        keep.club_id = removed["club"]
        changed.append("club")
    if changed:
        keep.save(update_fields=changed)
    merge = PlayerMerge.objects.create(kept=keep, removed_id=removed["id"], removed=removed, moved=moved,
                                       merged_by=user if getattr(user, "pk", None) else None)
    for tournament_id in tournaments:
        standings_request(tournament_id=tournament_id)
        # where both were registered one registration is left: the freed place goes to the waiting list
        transaction.on_commit(lambda tournament_id=tournament_id: waiting_list_move_up(tournament_id))
    for season_id in Tournament.objects.filter(pk__in=tournaments, season__isnull=False).values_list(
            "season_id", flat=True).distinct():
        rankings_request(season_id=season_id)
    return merge


ANONYMOUS = "Anonymous"


@transaction.atomic
def player_erase(*, player: Player, user) -> Player:
    """Erase what identifies a player (the right to erasure): the first and last name become
    "Anonymous <id>", the EMA number goes, the name is shown in full again (there is nothing left
    to shorten), and the player's sign-ups (linked to the player or its registrations, and unlinked
    ones with the player's name from an address of theirs; never another player's that shares an
    e-mail address) are deleted with their e-mail addresses, as are the
    player's account and its claims (league.services.accounts). Results, hands, standings and
    rankings stay as they are: nothing is recomputed. The merges kept into this player lose the
    removed entry's name too. Logged (``erase``) without the old name."""
    player = Player.objects.select_for_update().filter(pk=player.pk).first()
    if player is None:
        raise NotFound("not_found", _("There is no such player."))
    # the player's own sign-ups (league.selectors.accounts.player_signups), and those not linked to
    # anyone yet that carry both the player's name and an address of theirs (an undecided one of the
    # same person). Never another's that merely shares an address (a family's): its withdrawal link
    # must keep working.
    linked = Signup.objects.filter(player_signups(player))
    addresses = {email.strip().lower() for email in linked.values_list("email", flat=True)}
    name = (fold(player.first_name), fold(player.last_name))
    same_address = Q(pk__in=[])
    for address in addresses:
        same_address |= Q(email__iexact=address)
    undecided = [signup.pk for signup in Signup.objects.filter(same_address, player=None, registration=None)
                 if (fold(signup.first_name), fold(signup.last_name)) == name]
    signups = Signup.objects.filter(player_signups(player) | Q(pk__in=undecided))
    signup_ids = list(signups.values_list("pk", flat=True))
    deleted = len(signup_ids)
    signups.delete()
    audit_forget(model=Signup, object_ids=signup_ids)  # their approvals and rejections named the sender
    # the account and every claim of the player (with the addresses they hold) go too
    accounts = {claim.user_id for claim in AccountClaim.objects.filter(player=player)} | (
        {player.user_id} if player.user_id else set())
    get_user_model().objects.filter(pk__in=accounts).delete()
    player.user = None
    player.first_name, player.last_name, player.ema_id = ANONYMOUS, str(player.pk), ""
    player.public_name = Player.PublicName.FULL
    player.save(update_fields=["first_name", "last_name", "ema_id", "public_name", "user"])
    for merge in PlayerMerge.objects.filter(kept=player):
        merge.removed = {**merge.removed, "first_name": ANONYMOUS, "last_name": str(merge.removed_id),
                         "ema_id": ""}
        merge.save(update_fields=["removed"])
    audit_renamed(obj=player)
    # the details kept of earlier edits name the person too
    AuditEntry.objects.filter(model=player._meta.model_name, object_id=str(player.pk),
                              action=AuditEntry.Action.EDIT).update(details={})
    # files made before the erasure hold the name and EMA number: built again from the erased rows
    # (the newest copy of each file; older copies are deleted)
    rebuilt, old_copies = exports_rebuild(player=player)
    details = {"signups_deleted": deleted, "accounts_deleted": len(accounts), "exports_rebuilt": len(rebuilt),
               "exports_deleted": old_copies}
    if getattr(user, "pk", None) in accounts:  # the player erased themselves: their user name goes too
        user, details["by_the_player"] = None, True
    audit_record(user=user, action=AuditEntry.Action.ERASE, obj=player, details=details)
    return player
