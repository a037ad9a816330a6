"""The control room's seating a director brings: a plan uploaded, previewed with the draw's quality
report and stored on confirmation, and two players of a drawn session swapped before its first hand.
Its directors only (league.permissions.directs); every write goes through
league.services.seating_plans.

Between the preview and the confirmation the checked plan travels in the page, signed (Django's
signing, salted, for this tournament only, valid an hour), so the director need not upload it twice;
it is checked again against the tournament as it is when confirmed."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ..errors import ServiceError
from ..models import Player
from ..permissions import directs
from ..selectors import day
from ..services.seating_plans import (
    seating_plan_checked,
    seating_plan_read,
    seating_plan_report,
    seating_plan_store,
    seating_swap,
)
from .day import _back, _control_context, _directed

SIGNED_PLAN_SALT = "league.seating-plan"
SIGNED_PLAN_SECONDS = 3600


class SeatingPlanForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Seating plan (.xlsx or .csv)"))
    session = forms.IntegerField(label=gettext_lazy("Session (when the plan has no session column)"),
                                 required=False, min_value=1)
    force = forms.BooleanField(required=False)


class SeatingSwapForm(forms.Form):
    session = forms.IntegerField(min_value=1)
    first = forms.IntegerField(min_value=1)
    second = forms.IntegerField(min_value=1)


def _administered(request, slug: str):
    tournament = _directed(request, slug)
    if not directs(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's directors can do this."))
    return tournament


def _form_error(form: forms.Form) -> str:
    return " ".join(str(message) for errors in form.errors.values() for message in errors)


@login_required
@require_POST
def control_seating_plan(request, slug: str):
    """Preview an uploaded plan (the control room with the plan's tables and report), or store the
    plan a preview signed (``plan``)."""
    tournament = _administered(request, slug)
    try:
        if request.POST.get("plan"):
            try:
                kept = signing.loads(request.POST["plan"], salt=SIGNED_PLAN_SALT, max_age=SIGNED_PLAN_SECONDS)
            except signing.BadSignature as error:
                raise ServiceError("plan_expired", _("The preview is too old or was changed: upload the plan "
                                                     "again.")) from error
            if kept.get("tournament") != tournament.pk:
                raise ServiceError("plan_expired", _("This plan was previewed for another tournament."))
            force = bool(kept.get("force"))
            plan = seating_plan_checked(tournament=tournament, force=force,
                                        sessions={int(n): tables for n, tables in kept["sessions"].items()})
            sessions = seating_plan_store(tournament=tournament, plan=plan, force=force)
            messages.success(request, _("Seated as the plan says: session %(numbers)s.")
                             % {"numbers": ", ".join(str(s.number) for s in sessions)})
            return _back(tournament, sessions[0].number)
        form = SeatingPlanForm(request.POST, request.FILES)
        if not form.is_valid():
            raise ServiceError("bad_plan", _form_error(form))
        plan = seating_plan_read(tournament=tournament, upload=form.cleaned_data["file"],
                                 session_number=form.cleaned_data["session"], force=form.cleaned_data["force"])
    except ServiceError as error:
        messages.error(request, error.message)
        return _back(tournament, None)
    answer = seating_plan_report(tournament=tournament, plan=plan)
    players = Player.objects.in_bulk([p for tables in plan.sessions.values() for table in tables for p in table])
    for entry in answer["sessions"]:
        entry["tables"] = [[(day.WIND_NAMES[day.START_WINDS[i]], players[p]) for i, p in enumerate(table)]
                           for table in entry["tables"]]
        for clash in entry["club_tables"] + entry["team_tables"]:
            clash["names"] = [players[p].full_name for p in clash["players"]]
    token = signing.dumps({"tournament": tournament.pk, "force": form.cleaned_data["force"],
                           "sessions": {str(n): tables for n, tables in plan.sessions.items()}},
                          salt=SIGNED_PLAN_SALT, compress=True)
    context = _control_context(request, tournament, min(plan.sessions))
    context.update(plan_preview={**answer, "token": token})
    return render(request, "league/control.html", context)


@login_required
@require_POST
def control_seating_swap(request, slug: str):
    """Two players of a drawn session change seats; back to the control room with a message."""
    tournament = _administered(request, slug)
    form = SeatingSwapForm(request.POST)
    number = form.cleaned_data["session"] if form.is_valid() else None
    try:
        if number is None:
            raise ServiceError("swap_players", _("Choose the two players who change seats."))
        wanted = [form.cleaned_data["first"], form.cleaned_data["second"]]
        found = Player.objects.in_bulk(wanted)
        if missing := [pk for pk in wanted if pk not in found]:  # as the API answers it: a request to correct
            raise ServiceError("unknown_player", _("No player has the number %(id)s.") % {"id": missing[0]})
        first, second = (found[pk] for pk in wanted)
        seating_swap(tournament=tournament, number=number, first=first, second=second, user=request.user)
        messages.success(request, _("%(first)s and %(second)s have changed seats in session %(number)s.")
                         % {"first": first.full_name, "second": second.full_name, "number": number})
    except ServiceError as error:
        messages.error(request, error.message)
    return _back(tournament, number)
