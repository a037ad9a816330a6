"""Seat codes on the web: ``/seat/`` where whoever sits at a table types the code from the seat's
card (or scans its QR code, which fills it in) and lands on the table's score sheet, and the seat
cards the control room prints (league.services.seat_codes)."""
from django import forms
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from ..clients import client_address
from ..errors import ServiceError
from ..models import Session
from ..permissions import directs
from ..qr import qr_svg
from ..selectors import day
from ..services.seat_codes import seat_code_redeem, seat_codes_for, shown_code
from .day import _directed

BACKEND = "django.contrib.auth.backends.ModelBackend"


class SeatCodeForm(forms.Form):
    code = forms.CharField(label=gettext_lazy("Seat code"), max_length=20,
                           help_text=gettext_lazy("The eight characters on your seat's card, e.g. K7M4-QP2X."),
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                                         "spellcheck": "false"}))


@never_cache
def seat_code(request):
    """The code form (``?code=`` fills it in, as the card's QR code does); a valid code signs the
    phone in for its seat and opens the table's score sheet."""
    status = 200
    if request.method == "POST":
        form = SeatCodeForm(request.POST)
        if form.is_valid():
            try:
                code = seat_code_redeem(code=form.cleaned_data["code"], client=client_address(request))
            except ServiceError as error:
                form.add_error("code", error.message)
                status = error.status
            else:
                login(request, code.user, backend=BACKEND)
                return redirect("referee-table", code.seat.table_id)
        else:
            status = 400
    else:
        form = SeatCodeForm(initial={"code": request.GET.get("code", "")[:20]})
    return render(request, "league/seat_code.html", {"form": form}, status=status)


@login_required
def seat_cards(request, slug: str, number: int):
    """The session's seat cards to print: each seat's table, wind, player and code, with a QR code
    that opens ``/seat/`` with the code filled in. The tournament's directors only (the codes let
    people in)."""
    tournament = _directed(request, slug)
    if not directs(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's directors can do this."))
    session = Session.objects.filter(tournament=tournament, number=number).first()
    if session is None:
        raise Http404(_("No such session."))
    page = request.build_absolute_uri(reverse("seat-code"))
    cards = [{"table": code.seat.table.number, "wind": day.WIND_NAMES[day.START_WINDS[code.seat.position]],
              "player": code.seat.player, "code": shown_code(code.code), "expires_at": code.expires_at,
              "qr": mark_safe(qr_svg(f"{page}?code={code.code}"))}  # noqa: S308 (our own SVG, no input markup)
             for code in seat_codes_for(session=session)]
    return render(request, "league/seat_cards.html", {"tournament": tournament, "session": session, "cards": cards,
                                                      "page": page})
