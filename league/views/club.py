"""Club evenings' pages (docs/rules.md "Club evenings"): open the next evening, and form a table
of the players who came, East first, on a phone. Every write through ``league.services.club``."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ..errors import ServiceError
from ..models import WIND_CHOICES, Registration, Seat, Session, Tournament
from ..permissions import player_of, table_writer, visible_tournaments
from ..services.club import can_form_table, club_session_open, club_table_form, is_club


def _event(request, slug: str) -> Tournament:
    """The visible club event that the user may form tables of (404 / 403 otherwise)."""
    tournament = get_object_or_404(visible_tournaments(request.user), slug=slug)
    if not is_club(tournament):
        raise Http404(_("No such club event."))
    if not can_form_table(request.user, tournament):
        raise PermissionDenied(_("Only the event's referees and administrators, and its players with an account, "
                                 "may form tables."))
    return tournament


class TableSeatsForm(forms.Form):
    """Who sits where: one choice per wind, East first, among the registered players who are not at an
    open table of the event."""

    def __init__(self, *args, players: list, east: int | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", _("Choose a player")), *((str(p.pk), str(p)) for p in players)]
        for index, (code, label) in enumerate(WIND_CHOICES):
            self.fields[code] = forms.TypedChoiceField(label=label, choices=choices, coerce=int,
                                                       initial=str(east) if index == 0 and east else "")

    def clean(self):
        data = super().clean()
        chosen = [data.get(code) for code, _label in WIND_CHOICES]
        if all(chosen) and len(set(chosen)) < 4:
            raise forms.ValidationError(_("Choose four different players."))
        return data

    def seats(self) -> list[int]:
        return [self.cleaned_data[code] for code, _label in WIND_CHOICES]


@login_required
@require_http_methods(["GET", "POST"])
def evening_table(request, slug: str, number: int):
    """Form a table of evening ``number``: four choices, East first; the user's own player (if
    registered) is offered as East."""
    tournament = _event(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    seated = Seat.objects.filter(table__session__tournament=tournament, table__closed=False).values("player_id")
    played = Seat.objects.filter(session=session).values("player_id")
    players = [r.player for r in Registration.objects.filter(tournament=tournament).exclude(player_id__in=seated)
               .exclude(player_id__in=played).select_related("player").order_by("player__first_name",
                                                                                 "player__last_name")]
    own = getattr(player_of(request.user), "pk", None)
    form = TableSeatsForm(request.POST or None, players=players,
                          east=own if any(p.pk == own for p in players) else None)
    if request.method == "POST" and form.is_valid():
        try:
            table = club_table_form(
                tournament=tournament, number=number, seats=form.seats(), user=request.user,
                link=lambda t: request.build_absolute_uri(reverse("referee-table", args=[t.pk])))
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Table %(table)s of session %(number)s is formed.")
                             % {"table": table.number, "number": number})
            if table_writer(request.user, table) is not None:  # on to its score sheet, the next step
                return redirect("referee-table", table.pk)
            return redirect(tournament.get_absolute_url())
    return render(request, "league/club_table.html", {"tournament": tournament, "session": session, "form": form,
                                                      "players": players})


@login_required
@require_POST
def evening_open(request, slug: str):
    """Open the next evening, then form its first table."""
    tournament = _event(request, slug)
    try:
        session = club_session_open(tournament=tournament, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect(tournament.get_absolute_url())
    messages.success(request, _("Session %(number)s is open.") % {"number": session.number})
    return redirect("club-evening-table", slug=tournament.slug, number=session.number)
