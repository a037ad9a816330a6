"""Players' own accounts (docs/api.md "Players at the table", "Privacy").

A claim (``claim_create``) makes an inactive user for a player record and e-mails a signed link to
the address given. Opening it (``claim_confirm``) proves the address: when it is one the player's
sign-ups hold (sign-ups that speak for the player, ``addresses_on_file``), that alone approves
the claim (the user becomes active and the player's account); otherwise the claim waits for an
administrator (``claim_decide``). The answer to a claim is the same either way, so the public cannot
learn which address a player signed up with. One user ↔ one player: a claimed player refuses
further claims (``409`` ``player_claimed``), and the database holds at most one approved claim per
player.

A linked player changes how their name is shown (``me_update``) and may erase themselves
(``league.services.players.player_erase``, which deletes the account too).
"""
import logging
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from ..errors import Conflict, NotFound, ServiceError
from ..languages import site_language
from ..mail import mail_after_commit
from ..models import AccountClaim, AuditEntry, Player, Signup
from ..ratelimit import Rate, rate_attempt
from .audit import audit_record
from .players import ANONYMOUS

logger = logging.getLogger(__name__)
RATE_WINDOW_S = 3600
SALT = "league.account-claim"
DECISIONS = (AccountClaim.Status.APPROVED, AccountClaim.Status.REJECTED)
OPEN = (AccountClaim.Status.UNCONFIRMED, AccountClaim.Status.PENDING)


def claim_token(claim: AccountClaim) -> str:
    """The e-mailed key: the claim's id, signed and timed (``CLAIM_LINK_DAYS``)."""
    return signing.TimestampSigner(salt=SALT).sign(str(claim.pk))


def signed_id(token: str, *, salt: str, expired: str, missing: str) -> int:
    """The id an e-mailed link carries (signed with ``salt``, valid ``CLAIM_LINK_DAYS``): the claim's
    link and a role's invitation (league.services.roles). 410 ``link_expired`` with the message
    ``expired``; 404 ``not_found`` with ``missing`` for a link that was not signed here."""
    try:
        return int(signing.TimestampSigner(salt=salt).unsign(token, max_age=settings.CLAIM_LINK_DAYS * 86400))
    except signing.SignatureExpired:
        raise ServiceError("link_expired", expired, status=410) from None
    except signing.BadSignature:
        raise NotFound("not_found", missing) from None


def login_errors(*, username: str, password: str, candidate) -> dict:
    """The field errors of a new login ``username``/``password`` for the unsaved user ``candidate``
    (Django's user name and password validators); ``{}`` when both are fine."""
    fields = {}
    if not username:
        fields["username"] = [_("Choose a user name.")]
    else:
        user_model = get_user_model()
        try:  # the user model's own field: its length, characters and league.validators.validate_username
            # (plain NFKC, nothing invisible, one script), as on every other path that makes a user
            user_model._meta.get_field(user_model.USERNAME_FIELD).clean(username, None)
        except ValidationError as error:
            fields.setdefault("username", []).extend(error.messages)
    try:
        password_validation.validate_password(password, user=candidate)
    except ValidationError as error:
        fields["password"] = list(error.messages)
    return fields


def _by_token(token: str) -> AccountClaim:
    pk = signed_id(token, salt=SALT, expired=_("This link has expired; please claim your account again."),
                   missing=_("There is no such claim."))
    claim = AccountClaim.objects.select_related("player", "user").filter(pk=pk).first()
    if claim is None:
        raise NotFound("not_found", _("There is no such claim."))
    return claim


def addresses_on_file(player: Player) -> set[str]:
    """The e-mail addresses the player's sign-ups hold (sign-ups confirmed by their link and tied to
    the player, directly or through the registration they made, and not rejected: an administrator
    who approved a sign-up as the player and then rejected it no longer vouches for its sender),
    lower case — only sign-ups that speak for the player (``Signup.vouches``: the player was made
    from it, or an administrator confirmed it is that player). A sign-up approved because it looked
    like the player by name alone does not: anyone can type a name."""
    rows = (Signup.objects.filter(Q(player=player) | Q(registration__player=player), confirmed_at__isnull=False,
                                  vouches=True)
            .exclude(status=Signup.Status.REJECTED))
    return {email.strip().lower() for email in rows.values_list("email", flat=True)}


def _player_claimed() -> ServiceError:
    return Conflict("player_claimed", _("This player already has an account."),
                    fields={"player": [_("This player already has an account.")]})


def _send(claim: AccountClaim, subject: str, body: str) -> None:
    """E-mail the claimant once the claim is stored. A mail server that is down must not turn a stored
    claim into a 500: the claim stays open, and an administrator sees and decides it (/manage/claims/)."""
    mail_after_commit(subject, body, [claim.email], about=f"account claim {claim.pk}")


def claim_create(*, player: int, email: str, username: str, password: str, client: str,
                 link: Callable[[str], str], language: str = "de") -> AccountClaim:
    """A claim of ``player`` for a new, inactive login ``username``/``password`` (Django's password
    validators), and the e-mail to ``email`` with the link ``link(token)``. Each client address
    may claim ``CLAIM_RATE_PER_HOUR`` times an hour (429); a player's entry has at most
    ``CLAIM_OPEN_PER_PLAYER`` open claims, each holding a user name (``409`` ``too_many_claims``). A
    user name that is taken is answered like a made claim (``_name_taken``: nothing stored, the
    address told by e-mail), so that claiming lists no accounts."""
    if not rate_attempt(Rate("claim", settings.CLAIM_RATE_PER_HOUR, RATE_WINDOW_S), f"address:{client}"):
        raise ServiceError("throttled", _("Too many claims from this address; please try again in an hour."),
                           status=429)
    found = Player.objects.filter(pk=player).first()
    if found is None:
        raise ServiceError("invalid", _("Some fields are not valid."),
                           fields={"player": [_("There is no such player.")]})
    if found.user_id:
        raise _player_claimed()
    if (found.first_name, found.last_name) == (ANONYMOUS, str(found.pk)):
        raise Conflict("player_erased", _("This player's details were erased; the entry cannot be claimed."),
                       fields={"player": [_("This player's details were erased.")]})
    User = get_user_model()
    username, email = username.strip(), email.strip().lower()
    candidate = User(username=username, email=email, first_name=found.first_name, last_name=found.last_name)
    fields = login_errors(username=username, password=password, candidate=candidate)
    if fields:
        raise ServiceError("invalid", _("Some fields are not valid."), fields=fields)
    _free_rejected_username(username)
    language = site_language(language)
    if User.objects.filter(username__iexact=username).exists():
        return _name_taken(player=found, email=email, username=username, language=language)
    try:
        with transaction.atomic():
            # the player first, as every decision about its claims locks it (``_locked``): the count
            # of its open claims holds while this one is added
            Player.objects.select_for_update(no_key=True).filter(pk=found.pk).first()
            if AccountClaim.objects.filter(player=found, status__in=OPEN).count() >= settings.CLAIM_OPEN_PER_PLAYER:
                raise Conflict("too_many_claims", _("This player's entry has as many open claims as it may "
                                                    "have; an administrator answers them first."))
            candidate.is_active = False  # no login until the claim is approved
            candidate.set_password(password)
            candidate.save()
            claim = AccountClaim.objects.create(player=found, user=candidate, email=email,
                                                on_file=email in addresses_on_file(found), language=language)
    except IntegrityError:  # the same user name, claimed at the same moment
        return _name_taken(player=found, email=email, username=username, language=language)
    with override(claim.language):
        _send(claim, _("Please confirm your account"),
              _("Hello %(name)s,\n\nplease confirm your account \"%(username)s\" by opening this link:\n%(link)s\n\n"
                "If you did not ask for an account, ignore this e-mail.\n")
              % {"name": found.first_name, "username": username, "link": link(claim_token(claim))})
    return claim


def _name_taken(*, player: Player, email: str, username: str, language: str) -> AccountClaim:
    """A claim whose user name belongs to an account already: answered as every claim is (so the
    answer is no list of the site's accounts), nothing stored, and the address told by e-mail to
    claim again with another name. The claim returned is not saved (no id)."""
    with override(language):
        mail_after_commit(_("Please choose another user name"),
                          _("Hello %(name)s,\n\nthe user name \"%(username)s\" is not available, so no account was "
                            "made. Please claim your entry again with another user name.\n\nIf you did not ask for "
                            "an account, ignore this e-mail.\n") % {"name": player.first_name, "username": username},
                          [email], about="account claim with a taken user name")
    return AccountClaim(player=player, email=email, language=language)


def _free_rejected_username(username: str) -> None:
    """A rejected claim's login never opened: its user name is free for a new claim, and the old
    login is renamed (with a space, which no user name chosen here can contain) so that the rejected
    claim keeps its history."""
    User = get_user_model()
    for user in User.objects.filter(username__iexact=username, is_active=False,
                                    claim__status=AccountClaim.Status.REJECTED).select_related("claim"):
        user.username = f"{user.username} (rejected claim {user.claim.pk})"[:150]
        user.save(update_fields=["username"])


def claim_for_token(*, token: str) -> AccountClaim:
    """The claim an e-mailed link names (404 for a bad link, 410 for an expired one)."""
    return _by_token(token)


def _locked(claim_id: int) -> AccountClaim:
    """The claim, in a transaction, after locking in the one order every decision about a player's
    claims takes: the player, then all its claims by id. Two links (or a link and an administrator)
    acting at once on claims of one player then wait for each other instead of deadlocking (each held
    its own claim and wanted the other's, which approving one rejects)."""
    player_id = AccountClaim.objects.filter(pk=claim_id).values_list("player_id", flat=True).first()
    if player_id is None:
        raise NotFound("not_found", _("There is no such claim."))
    Player.objects.select_for_update(no_key=True).filter(pk=player_id).first()
    list(AccountClaim.objects.select_for_update(of=("self",)).filter(player_id=player_id).order_by("pk")
         .values_list("pk", flat=True))
    return AccountClaim.objects.select_related("player", "user").get(pk=claim_id)


def _lost_to_another(claim: AccountClaim) -> bool:
    """The claim was answered because another claim of its player opened the account."""
    return (claim.status == AccountClaim.Status.REJECTED and claim.player.user_id is not None
            and claim.player.user_id != claim.user_id)


@transaction.atomic
def claim_confirm(*, token: str) -> AccountClaim:
    """The e-mail link: the address is proven. On file: the claim is approved at once; otherwise it
    waits for an administrator. Opening it again changes nothing; a link whose claim lost to another
    claim of the player (opened first, or approved) answers ``409`` ``player_claimed``."""
    claim = _locked(_by_token(token).pk)
    if _lost_to_another(claim):
        raise _player_claimed()
    if claim.status != AccountClaim.Status.UNCONFIRMED:
        return claim
    claim.confirmed_at = timezone.now()
    if claim.on_file:
        return _approve(claim, by=None)
    claim.status = AccountClaim.Status.PENDING
    claim.save(update_fields=["status", "confirmed_at"])
    return claim


def _logged(claim: AccountClaim, action: str, *, by) -> None:
    """A claim's decision in the audit log: by an administrator, or (``by`` None) by its link or by
    another claim of the player being approved. Ids only: an erasure deletes the claim and its
    login, and the log must not keep the name or address."""
    audit_record(user=by, action=action, obj=claim, details={
        "player": claim.player_id, "user": claim.user_id, "on_file": claim.on_file,
        "by": "administrator" if by is not None else ("link" if action == AuditEntry.Action.APPROVE
                                                         else "another claim approved")})


def _approve(claim: AccountClaim, *, by) -> AccountClaim:
    player = claim.player  # locked first (``_locked``)
    if player.user_id:
        raise _player_claimed()
    user = claim.user
    user.is_active = True
    user.save(update_fields=["is_active"])
    player.user = user
    player.save(update_fields=["user"])
    claim.status, claim.decided_at, claim.decided_by = AccountClaim.Status.APPROVED, timezone.now(), by
    claim.save(update_fields=["status", "confirmed_at", "decided_at", "decided_by"])
    _logged(claim, AuditEntry.Action.APPROVE, by=by)
    # the player has its account: every other open claim of it is answered
    for other in AccountClaim.objects.filter(player=player, status__in=OPEN).exclude(pk=claim.pk):
        _reject(other, by=by)
    with override(claim.language):
        _send(claim, _("Your account is ready"),
              _("Hello %(name)s,\n\nyour account \"%(username)s\" is ready: you can log in now.\n")
              % {"name": player.first_name, "username": user.get_username()})
    return claim


def _reject(claim: AccountClaim, *, by) -> AccountClaim:
    claim.status, claim.decided_at, claim.decided_by = AccountClaim.Status.REJECTED, timezone.now(), by
    claim.save(update_fields=["status", "decided_at", "decided_by"])
    _logged(claim, AuditEntry.Action.REJECT, by=by)
    with override(claim.language):
        _send(claim, _("Your account was not approved"),
              _("Hello,\n\nthe league's administrators could not confirm that the player you claimed is you; "
                "the account \"%(username)s\" was not opened. If you have questions, please answer this "
                "e-mail.\n") % {"username": claim.user.get_username()})
    return claim


@transaction.atomic
def claim_decide(*, claim: AccountClaim, status: str, user) -> AccountClaim:
    """An administrator approves or rejects an open claim (confirmed by its link or not yet); a
    decided claim stays as it is (``409`` ``claim_decided``)."""
    if status not in DECISIONS:
        raise ServiceError("invalid", _("Some fields are not valid."),
                           fields={"status": [_("Choose approved or rejected.")]})
    claim = _locked(claim.pk)
    if claim.status not in OPEN:
        raise Conflict("claim_decided", _("This claim has been decided already."))
    by = user if getattr(user, "pk", None) else None
    return _approve(claim, by=by) if status == AccountClaim.Status.APPROVED else _reject(claim, by=by)


def me_update(*, player: Player, public_name: str) -> Player:
    """The linked player's own choice of how their name appears in public."""
    if public_name not in Player.PublicName.values:
        raise ServiceError("invalid", _("Some fields are not valid."),
                           fields={"public_name": [_("Choose full or initials.")]})
    if player.public_name != public_name:
        player.public_name = public_name
        player.save(update_fields=["public_name"])
    return player


def linked_player(user) -> Player | None:
    """The player ``user`` is, or None (anonymous, or an account without a player)."""
    if not (user and user.is_authenticated):
        return None
    return Player.objects.select_related("club").filter(user=user).first()
