"""Giving and taking back roles (docs/api.md "Roles scoped to a league, a club and a tournament").

Whoever holds a scope gives roles inside it (``may_give``): a site administrator any role; a
league's administrator ``league_admin`` of that league and ``director``/``referee`` of its events;
a club's organiser ``club_organiser`` of that club and ``director``/``referee`` of its events; a
director ``referee`` of their tournament. A role given to an e-mail address without an account is
an invitation: a signed, expiring link (as the account claim's, ``CLAIM_LINK_DAYS``) lets its owner
choose a user name and password (``invitation_accept``); the role is ``invited`` until then. The
last site administrator cannot be taken back (``409`` ``last_site_admin``). Every change is in
the audit log (league.services.audit)."""
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from ..errors import Conflict, Forbidden, NotFound, ServiceError
from ..languages import site_language
from ..mail import mail_after_commit
from ..models import AuditEntry, Club, League, RefereeAssignment, Role, Tournament
from ..permissions import (
    ADMIN_GROUP,
    ADMINISTER,
    administers_league,
    administers_tournament,
    directs,
    is_site_admin,
    organises_club,
)
from .accounts import login_errors, signed_id
from .audit import audit_record

SALT = "league.role-invitation"
SCOPE_MODELS = {"league": League, "club": Club, "tournament": Tournament}


def may_give(user, *, role: str, scope) -> bool:
    """Whether ``user`` may give (and take back) ``role`` in ``scope`` (a League, Club or Tournament;
    None for ``site_admin``)."""
    if role == Role.Kind.SITE_ADMIN:
        return is_site_admin(user)
    if role == Role.Kind.LEAGUE_ADMIN:
        return administers_league(user, scope.pk)
    if role == Role.Kind.CLUB_ORGANISER:
        return organises_club(user, scope.pk)
    if role == Role.Kind.DIRECTOR:
        return administers_tournament(user, scope)
    return directs(user, scope)


def invitation_token(role: Role) -> str:
    """The e-mailed key: the role's id, signed and timed."""
    return signing.TimestampSigner(salt=SALT).sign(str(role.pk))


def invitation_for_token(*, token: str) -> Role:
    """The invited role an e-mailed link names: 404 for a bad link or one already used or taken back,
    410 for an expired one."""
    pk = signed_id(token, salt=SALT, expired=_("This invitation has expired; please ask for a new one."),
                   missing=_("There is no such invitation."))
    role = Role.objects.select_related("league", "club", "tournament").filter(
        pk=pk, status=Role.Status.INVITED).first()
    if role is None:
        raise NotFound("not_found", _("There is no such invitation."))
    return role


def _details(role: Role) -> dict:
    return {"role": role.role, "user": role.user_id, "email": role.email, "league": role.league_id,
            "club": role.club_id, "tournament": role.tournament_id, "status": role.status}


def _exists(role: str, scope_field: str | None, scope, **who) -> bool:
    found = Role.objects.filter(role=role, **who)
    return found.filter(**{scope_field: scope}).exists() if scope_field else found.exists()


def _role_exists() -> ServiceError:
    return Conflict("role_exists", _("This person already has this role here."))


def _activate(role: Role, user) -> Role:
    """Make ``role`` ``user``'s active role: a referee's assignment, a site administrator's group."""
    role.user, role.status = user, Role.Status.ACTIVE
    if role.role == Role.Kind.REFEREE:
        assert role.tournament_id is not None  # a referee's role names its tournament
        assignment, _created = RefereeAssignment.objects.get_or_create(tournament_id=role.tournament_id, user=user)
        made = Role.objects.filter(assignment=assignment).exclude(pk=role.pk)
        if role.pk is None and made.exists():  # the assignment's signal made its role already
            made.update(created_by=role.created_by, language=role.language)
            return made.get()
        made.delete()
        role.assignment = assignment
    if role.role == Role.Kind.SITE_ADMIN:
        user.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    role.save()
    return role


@transaction.atomic
def role_give(*, by, role: str, scope=None, user=None, email: str = "",
              link: Callable[[str], str] | None = None, language: str = "de") -> Role:
    """Give ``role`` in ``scope`` to ``user``, or to the account with the address ``email``; an
    address without an account gets an invitation e-mailed with ``link(token)``. 403 ``forbidden``
    when ``by`` may not give it (``may_give``); 409 ``role_exists`` when it is held or invited already."""
    if role not in Role.Kind.values:
        raise ServiceError("invalid", _("Some fields are not valid."), fields={"role": [_("Choose a role.")]})
    scope_field = Role.SCOPE[role]
    if (scope is None) != (scope_field is None) or (scope is not None and scope_field is not None and not isinstance(
            scope, SCOPE_MODELS[scope_field])):
        raise ServiceError("invalid", _("Some fields are not valid."),
                           fields={scope_field or "role": [_("Name the league, club or tournament of this role.")]})
    if not may_give(by, role=role, scope=scope):
        raise Forbidden("forbidden", _("You may not give this role here."))
    email = email.strip().lower()
    if user is None and email:
        matches = list(get_user_model().objects.filter(email__iexact=email, is_active=True)[:2])
        user = matches[0] if len(matches) == 1 else None
    if user is None and not email:
        raise ServiceError("invalid", _("Some fields are not valid."),
                           fields={"email": [_("Give an e-mail address or a user.")]})
    who = {"user": user} if user is not None else {"email": email, "status": Role.Status.INVITED}
    if _exists(role, scope_field, scope, **who):
        raise _role_exists()
    given = Role(role=role, created_by=by if getattr(by, "pk", None) else None, language=site_language(language),
                 **({scope_field: scope} if scope_field else {}))
    try:
        with transaction.atomic():
            if user is not None:
                given = _activate(given, user)
            else:
                given.email, given.status = email, Role.Status.INVITED
                given.save()
    except IntegrityError:
        raise _role_exists() from None
    audit_record(user=by, action=AuditEntry.Action.GRANT if user is not None else AuditEntry.Action.INVITE,
                 obj=given, details=_details(given))
    if user is None:
        _invite(given, link)
    return given


def _invite(role: Role, link: Callable[[str], str] | None) -> None:
    scope = role.scope
    with override(role.language):
        where = _(" (%(scope)s)") % {"scope": scope} if scope is not None else ""
        mail_after_commit(
            _("You are invited as %(role)s") % {"role": role.get_role_display()},
            _("Hello,\n\nyou are invited as %(role)s%(where)s. Choose a user name and a password by opening "
              "this link (valid for %(days)s days):\n%(link)s\n\nIf you did not expect this, ignore this e-mail.\n")
            % {"role": role.get_role_display(), "where": where, "days": settings.CLAIM_LINK_DAYS,
               "link": link(invitation_token(role)) if link else invitation_token(role)},
            [role.email], about=f"role invitation {role.pk}")


def _site_admin_ids() -> set[int]:
    app_label, codename = ADMINISTER.split(".")
    perm = {"content_type__app_label": app_label, "codename": codename}
    return set(get_user_model().objects.filter(
        Q(is_superuser=True) | Q(**{f"user_permissions__{k}": v for k, v in perm.items()})
        | Q(**{f"groups__permissions__{k}": v for k, v in perm.items()}),
        is_active=True).values_list("pk", flat=True))


@transaction.atomic
def role_take_back(*, by, role: Role) -> None:
    """Take back ``role`` (an invitation too). 403 ``forbidden`` when ``by`` may not give it; 409
    ``last_site_admin`` for the last site administrator, ``superuser`` for a superuser (whose flag
    is Django's admin's)."""
    # FOR UPDATE of the role alone: PostgreSQL refuses it on the nullable side of an outer join
    role = (Role.objects.select_for_update(of=("self",)).select_related("user", "league", "club", "tournament")
            .get(pk=role.pk))
    if not may_give(by, role=role.role, scope=role.scope):
        raise Forbidden("forbidden", _("You may not take back this role."))
    if role.role == Role.Kind.SITE_ADMIN and role.status == Role.Status.ACTIVE and role.user is not None:
        if role.user.is_superuser:
            raise Conflict("superuser", _("This person is a superuser; that is changed in Django's admin."))
        if _site_admin_ids() <= {role.user_id}:
            raise Conflict("last_site_admin", _("The last site administrator cannot be removed."))
        role.user.groups.remove(*Group.objects.filter(name=ADMIN_GROUP))
        app_label, codename = ADMINISTER.split(".")
        role.user.user_permissions.remove(*Permission.objects.filter(content_type__app_label=app_label,
                                                                     codename=codename))
    audit_record(user=by, action=AuditEntry.Action.REVOKE, obj=role, details=_details(role))
    if role.assignment_id:
        RefereeAssignment.objects.filter(pk=role.assignment_id).delete()  # and its role with it
    Role.objects.filter(pk=role.pk).delete()


@transaction.atomic
def invitation_accept(*, token: str, username: str, password: str) -> Role:
    """The invited person chooses a user name and password (Django's validators): the account is made
    with the invited address and the role becomes active."""
    role = invitation_for_token(token=token)
    role = Role.objects.select_for_update().get(pk=role.pk)
    if role.status != Role.Status.INVITED:
        raise NotFound("not_found", _("There is no such invitation."))
    User = get_user_model()
    username = username.strip()
    candidate = User(username=username, email=role.email)
    fields = login_errors(username=username, password=password, candidate=candidate)
    if fields:
        raise ServiceError("invalid", _("Some fields are not valid."), fields=fields)
    if User.objects.filter(username__iexact=username).exists():
        raise Conflict("username_taken", _("This user name is taken; please choose another."),
                       fields={"username": [_("This user name is taken.")]})
    candidate.set_password(password)
    candidate.save()
    role.accepted_at = timezone.now()
    role = _activate(role, candidate)
    audit_record(user=candidate, action=AuditEntry.Action.ACCEPT, obj=role, details=_details(role))
    return role
