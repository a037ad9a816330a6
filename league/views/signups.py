"""Self-registration pages: the public sign-up form, the registrant's status page (reached from
the e-mailed link, where they confirm or withdraw) and the administrators' list where they approve
or reject. The services (league.services.signups) do the work."""
from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ..clients import client_address
from ..errors import NotFound, ServiceError
from ..models import Player, Registration, Signup
from ..permissions import visible_tournaments
from ..services.signups import (
    signup_confirm,
    signup_create,
    signup_decide,
    signup_matches,
    signup_withdraw,
    signups_open,
)
from .manage import _directed, _login_first
from .numbers import posted_int


class SignupForm(forms.Form):
    first_name = forms.CharField(label=gettext_lazy("First name"), max_length=80)
    last_name = forms.CharField(label=gettext_lazy("Last name"), max_length=80)
    email = forms.EmailField(label=gettext_lazy("E-mail address"),
                             help_text=gettext_lazy("We send you a link to confirm your registration."))
    club = forms.CharField(label=gettext_lazy("Club"), max_length=120, required=False)
    country = forms.CharField(label=gettext_lazy("Country"), max_length=2, initial="DE",
                              help_text=gettext_lazy("Two letters, e.g. DE"))
    ema_id = forms.CharField(label=gettext_lazy("EMA number"), max_length=20, required=False)
    consent = forms.BooleanField(
        label=gettext_lazy("I agree that my name, club and results are published on this site and sent to the EMA."),
        help_text=gettext_lazy("You may ask the organisers to show your last name as its initial only, "
                               "or to erase your name later."),
        error_messages={"required": gettext_lazy("Agree to the publication of your name and results to sign up.")})


@require_http_methods(["GET", "POST"])
def signup(request, slug: str):
    tournament = get_object_or_404(visible_tournaments(request.user), slug=slug)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and signups_open(tournament) and form.is_valid():
        try:
            created = signup_create(
                tournament=tournament, **form.cleaned_data, client=client_address(request),
                link=lambda token: request.build_absolute_uri(reverse("signup-status", args=[token])),
                language=get_language())
        except ServiceError as error:
            for field, reasons in error.fields.items():
                if field in form.fields:
                    for reason in reasons:
                        form.add_error(field, reason)
            if not error.fields:
                form.add_error(None, error.message)
        else:
            return render(request, "league/signup_sent.html", {"tournament": tournament, "signup": created},
                          status=202)
    taken = Registration.objects.filter(tournament=tournament).count()
    return render(request, "league/signup.html", {
        "tournament": tournament, "form": form, "open": signups_open(tournament),
        "places_left": None if tournament.registration_limit is None else max(0, tournament.registration_limit - taken),
    }, status=400 if request.method == "POST" else 200)


@require_http_methods(["GET", "POST"])
def signup_status(request, token: str):
    try:
        if request.method == "POST" and request.POST.get("action") == "confirm":
            signup_confirm(token=token)
            messages.success(request, _("Thank you: your registration is confirmed."))
            return redirect("signup-status", token=token)
        if request.method == "POST" and request.POST.get("action") == "withdraw":
            signup_withdraw(token=token)
            messages.success(request, _("Your registration is withdrawn."))
            return redirect("signup-status", token=token)
        found = Signup.objects.select_related("tournament").filter(token=token).first()
        if found is None:
            raise NotFound("not_found", _("There is no such registration."))
    except ServiceError as error:
        return render(request, "league/signup_status.html", {"error": error.message}, status=error.status)
    return render(request, "league/signup_status.html", {"signup": found, "tournament": found.tournament})


@require_http_methods(["GET", "POST"])
def signups_manage(request, slug: str):
    if (response := _login_first(request)) is not None:
        return response
    tournament = _directed(request, slug)
    if request.method == "POST":
        found = get_object_or_404(Signup, pk=posted_int(request.POST.get("signup"), 0), tournament=tournament)
        chosen = request.POST.get("player", "")
        player = "new" if chosen == "new" else (
            get_object_or_404(Player, pk=posted_int(chosen, 0)) if chosen else None)
        try:
            decided = signup_decide(signup=found, status=request.POST.get("status", ""), user=request.user,
                                    player=player)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("%(name)s: %(status)s.") % {
                "name": f"{decided.first_name} {decided.last_name}", "status": decided.get_status_display()})
        return redirect("manage-signups", slug=tournament.slug)
    signups = list(Signup.objects.filter(tournament=tournament).order_by("created_at", "pk"))
    matches = signup_matches(signups)
    for found in signups:
        found.match = matches.get(found.pk)
        if found.match is not None:  # the fields by their names in the page's language
            found.match.differences = [{**d, "label": Signup._meta.get_field(d["field"]).verbose_name}
                                       for d in found.match.differences]
    taken = Registration.objects.filter(tournament=tournament).count()
    return render(request, "league/manage/signups.html", {
        "tournament": tournament, "signups": signups, "taken": taken})
