"""Players' own accounts on the site: the claim form, the page the e-mailed link opens, the Me page
(my table, tournaments, results, statistics, sign-ups, my name in public, my data, erasure) and the
administrators' list of claims. Thin: league.services.accounts and league.selectors.accounts work."""
from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from ..clients import client_address
from ..errors import ServiceError
from ..models import AccountClaim, Player
from ..permissions import visible_tournaments
from ..selectors import day
from ..selectors.accounts import me_summary, my_signups
from ..selectors.pages import player_page
from ..selectors.statistics import player_statistics
from ..services.accounts import claim_confirm, claim_create, claim_decide, claim_for_token, linked_player, me_update
from ..services.players import player_erase
from ..validators import LARGEST_ID
from .manage import _login_first
from .management import _admin
from .numbers import posted_int


class ClaimForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=LARGEST_ID)
    email = forms.EmailField(label=gettext_lazy("E-mail address"), max_length=254, help_text=gettext_lazy(
        "We send you a link to confirm it. When it is the address you signed up for a tournament with, the link "
        "opens your account; otherwise an administrator confirms that you are this player."))
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150,
                               help_text=gettext_lazy("Letters, digits and @ . + - _ only"))
    password = forms.CharField(label=gettext_lazy("Password"), max_length=128, strip=False,
                               widget=forms.PasswordInput,
                               help_text=gettext_lazy("At least 8 characters, not a common password"))


def _errors_into(form: forms.Form, error: ServiceError) -> None:
    for field, reasons in error.fields.items():
        for reason in reasons:
            form.add_error(field if field in form.fields and field != "player" else None, reason)
    if not error.fields:
        form.add_error(None, error.message)


@never_cache
@require_http_methods(["GET", "POST"])
def claim(request):
    """``/account/claim/?player=<id>``: a login of one's own for a player record."""
    source = request.POST if request.method == "POST" else None
    form = ClaimForm(source, initial={"player": posted_int(request.GET.get("player"))})
    player_id = posted_int(request.POST.get("player") if source else request.GET.get("player"))
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    if player is None:
        return render(request, "league/account_claim.html", {"form": None, "player": None}, status=404)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                made = claim_create(
                    **form.cleaned_data, client=client_address(request), language=get_language(),
                    link=lambda token: request.build_absolute_uri(reverse("account-confirm", args=[token])))
            except ServiceError as error:
                _errors_into(form, error)
                status = error.status
            else:
                return render(request, "league/account_claim_sent.html", {"claim": made, "player": player},
                              status=202)
    return render(request, "league/account_claim.html", {"form": form, "player": player,
                                                         "claimed": player.user_id is not None}, status=status)


@never_cache
@require_http_methods(["GET", "POST"])
def confirm(request, token: str):
    """The e-mailed link: a button confirms (a link checker that opens the page changes nothing)."""
    try:
        found = claim_confirm(token=token) if request.method == "POST" else claim_for_token(token=token)
    except ServiceError as error:
        return render(request, "league/account_confirm.html", {"error": error.message}, status=error.status)
    return render(request, "league/account_confirm.html", {"claim": found, "done": request.method == "POST"})


@never_cache
@require_http_methods(["GET", "POST"])
def me(request):
    """The Me page: my open table (winds, tablemates, its score sheet), my tournaments and results,
    statistics, sign-ups; how my name appears in public; my data; erasure."""
    if (response := _login_first(request)) is not None:
        return response
    player = linked_player(request.user)
    if request.method == "POST" and player is not None:
        try:
            me_update(player=player, public_name=request.POST.get("public_name", ""))
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Saved: how your name appears in public."))
        return redirect("me")
    context = me_summary(user=request.user, player=player)
    if player is not None:
        for table in context["tables"]:
            table["wind_name"] = day.WIND_NAMES[table["wind"]]
            for seat in table["seats"]:
                seat["wind_name"] = day.WIND_NAMES[seat["wind"]]
        page = player_page(request.user, player.pk)
        visible = visible_tournaments(request.user)
        context.update(results=page["tournaments"], rankings=page["rankings"], signups=my_signups(player),
                       statistics=player_statistics(player=player, tournaments=visible, user=request.user),
                       public_names=Player.PublicName.choices)
    return render(request, "league/me.html", context)


@never_cache
@require_http_methods(["GET", "POST"])
def me_erase(request):
    """Erase me, after confirming: my name, EMA number, sign-ups and this account go; results stay."""
    if (response := _login_first(request)) is not None:
        return response
    player = linked_player(request.user)
    if player is None:
        return redirect("me")
    error = None
    if request.method == "POST":
        if request.POST.get("confirm") == "on":
            player_erase(player=player, user=request.user)
            logout(request)
            messages.success(request, _("Your name, EMA number, sign-ups and account are erased."))
            return redirect("home")
        error = _("Tick the box to confirm the erasure.")
    return render(request, "league/me_erase.html", {"player": player, "error": error},
                  status=400 if error else 200)


@require_http_methods(["GET", "POST"])
def claims_manage(request):
    """Administrators: the claims waiting for them (and the latest decided ones); approve or reject."""
    if (response := _admin(request)) is not None:
        return response
    if request.method == "POST":
        found = get_object_or_404(AccountClaim, pk=posted_int(request.POST.get("claim")) or 0)
        try:
            decided = claim_decide(claim=found, status=request.POST.get("status", ""), user=request.user)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The claim of %(player)s is %(status)s.")
                             % {"player": decided.player.full_name, "status": decided.get_status_display()})
        return redirect("manage-claims")
    claims = AccountClaim.objects.select_related("player", "user")
    return render(request, "league/manage/claims.html", {
        "open": list(claims.filter(status__in=[AccountClaim.Status.PENDING, AccountClaim.Status.UNCONFIRMED])
                     .order_by("created_at", "pk")),
        "decided": list(claims.filter(status__in=[AccountClaim.Status.APPROVED, AccountClaim.Status.REJECTED])
                        .order_by("-decided_at", "-pk")[:50])})
