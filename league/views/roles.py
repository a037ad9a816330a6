"""People and roles on the site: ``/manage/roles/`` (the roles in my scope, give one by e-mail,
take one back; also the form on a tournament's manage page that names its directors and
referees) and the page an invitation's e-mailed link opens, where the invited person chooses a
user name and password. Thin: league.services.roles decides and writes, league.selectors.roles reads."""
from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from ..errors import ServiceError
from ..models import Club, League, Role, Tournament
from ..permissions import (
    administered_league_ids,
    directed_tournaments,
    is_site_admin,
    organised_club_ids,
    visible_tournaments,
)
from ..selectors.roles import roles_in_scope, tournament_staff
from ..services.roles import invitation_accept, invitation_for_token, may_give, role_give, role_take_back
from .manage import _login_first, _scoped_only
from .numbers import posted_int


def _scopes(user) -> list[tuple[str, str]]:
    """The places ``user`` may give roles in, as ``(value, label)``: ``league:<id>``, ``club:<id>``,
    ``tournament:<id>`` (and ``site`` for a site administrator)."""
    site = is_site_admin(user)
    leagues = League.objects.all() if site else League.objects.filter(pk__in=administered_league_ids(user))
    clubs = Club.objects.all() if site else Club.objects.filter(pk__in=organised_club_ids(user))
    choices = [("site", _("the whole site"))] if site else []
    choices += [(f"league:{league.pk}", _("League %(name)s") % {"name": league.name}) for league in leagues]
    choices += [(f"club:{club.pk}", _("Club %(name)s") % {"name": club.name}) for club in clubs]
    choices += [(f"tournament:{t.pk}", _("Tournament %(name)s") % {"name": t.name})
                for t in directed_tournaments(user).order_by("-starts_on", "name")]
    return choices


def _scope_posted(user, value: str):
    """The league, club or tournament a posted ``scope`` names (None for ``site``); 404 for none."""
    kind, _colon, pk = value.partition(":")
    number = posted_int(pk, 0)
    if kind == "league":
        return get_object_or_404(League, pk=number)
    if kind == "club":
        return get_object_or_404(Club, pk=number)
    if kind == "tournament":
        return get_object_or_404(visible_tournaments(user), pk=number)
    if kind == "site":
        return None
    raise ServiceError("invalid", _("Choose where the role is held."), fields={"scope": [_("Choose a place.")]})


def _back(request):
    """Back to the page the form was on (a tournament's manage page), else ``/manage/roles/``."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect("manage-roles")


@require_http_methods(["GET", "POST"])
def roles_manage(request):
    """GET the people and roles in my scope with a form to invite by e-mail; POST ``action`` "give"
    (``email``, ``role``, ``scope``) or "take" (``role_id``)."""
    if (response := _login_first(request)) is not None:
        return response
    _scoped_only(request)
    user = request.user
    if request.method == "POST":
        try:
            if request.POST.get("action") == "take":
                found = get_object_or_404(roles_in_scope(user=user), pk=posted_int(request.POST.get("role_id"), 0))
                role_take_back(by=user, role=found)
                messages.success(request, _("The role is taken back."))
            else:
                scope = _scope_posted(user, request.POST.get("scope", ""))
                given = role_give(
                    by=user, role=request.POST.get("role", ""), scope=scope,
                    email=request.POST.get("email", ""), language=get_language(),
                    link=lambda token: request.build_absolute_uri(reverse("role-invitation", args=[token])))
                messages.success(request, _("Invited: %(role)s. An e-mail with a link is on its way.")
                                 % {"role": given} if given.status == Role.Status.INVITED
                                 else _("Given: %(role)s.") % {"role": given})
        except ServiceError as error:
            messages.error(request, error.message)
        return _back(request)
    roles = list(roles_in_scope(user=user))
    for role in roles:
        role.may_take_back = may_give(user, role=role.role, scope=role.scope)
    return render(request, "league/manage/roles.html", {
        "roles": roles, "scopes": _scopes(user), "kinds": Role.Kind.choices})


class InvitationForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150,
                               help_text=gettext_lazy("Letters, digits and @ . + - _ only"))
    password = forms.CharField(label=gettext_lazy("Password"), max_length=128, strip=False,
                               widget=forms.PasswordInput,
                               help_text=gettext_lazy("At least 8 characters, not a common password"))


@never_cache
@require_http_methods(["GET", "POST"])
def invitation(request, token: str):
    """The e-mailed link of an invitation: choose a user name and password; the role becomes active."""
    try:
        role = invitation_for_token(token=token)
    except ServiceError as error:
        return render(request, "league/role_invitation.html", {"error": error.message}, status=error.status)
    form = InvitationForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                role = invitation_accept(token=token, **form.cleaned_data)
            except ServiceError as error:
                for field, reasons in error.fields.items():
                    for reason in reasons:
                        form.add_error(field if field in form.fields else None, reason)
                if not error.fields:
                    form.add_error(None, error.message)
                status = error.status
            else:
                return render(request, "league/role_invitation.html", {"role": role, "done": True})
    return render(request, "league/role_invitation.html", {"role": role, "form": form}, status=status)


def tournament_staff_form(tournament: Tournament, user) -> dict:
    """What a tournament's manage page shows of its directors and referees, and which roles the
    viewer may give there."""
    staff = list(tournament_staff(tournament=tournament))
    for role in staff:
        role.may_take_back = may_give(user, role=role.role, scope=tournament)  # type: ignore[attr-defined]
    kinds = [(kind, label) for kind, label in Role.Kind.choices
             if kind in (Role.Kind.DIRECTOR, Role.Kind.REFEREE) and may_give(user, role=kind, scope=tournament)]
    return {"staff": staff, "staff_kinds": kinds, "staff_scope": f"tournament:{tournament.pk}"}
