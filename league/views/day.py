"""The tournament day's pages: the director's control room (administrators; the tournament's
referees see it too and may check players in) and the projector (public, no login). Every write
goes through league.services (day, seating)."""
from collections.abc import Callable
from typing import NamedTuple

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..cache import cached_page, page_subject
from ..collation import sorted_by_name
from ..errors import ServiceError
from ..models import Bye, Export, Player, Table, Tournament, TournamentPenalty
from ..permissions import directs, referee_or_refuse, visible_tournaments
from ..selectors import day, stages
from ..selectors.standings import standings_in_order, team_standings_for
from ..selectors.tables import open_disputes
from ..services import day as day_services
from ..services.confirmations import dispute_resolve
from ..services.exports import export_kinds_for
from ..services.penalties import tournament_penalty_create, tournament_penalty_delete
from ..services.seating import METHODS, draw_field, seating_generate, seating_next_session, seating_preview
from ..services.tournaments import tournament_status_set
from . import control_forms
from .numbers import posted_int

CONTROL_LIVE_SECONDS = 10
SCREEN_REFRESH_SECONDS = 15
# The projector shows the clock's state too, which replaces no page token: its copies live this long.
SCREEN_CACHE_SECONDS = 5
SCREEN_TABLES_PER_PANEL = 6
SCREEN_NAMES_PER_PANEL = 24
SCREEN_STANDINGS_PER_PANEL = 10
SCREEN_REVEAL_PLACES = 10


def clock_message(*, action: str, number: int, minutes: int | None, table: Table | None) -> str:
    """What the director's tap did to the clock, said as it is (not "done")."""
    values = {"number": number, "minutes": minutes, "table": table.number if table else ""}
    if action == "start":
        return _("The clock of session %(number)s runs: %(minutes)s minutes.") % values
    if action == "extend":
        return (_("Table %(table)s plays %(minutes)s minutes longer.") if table
                else _("Session %(number)s plays %(minutes)s minutes longer.")) % values
    return {"pause": _("The clock of session %(number)s is paused."),
            "resume": _("The clock of session %(number)s runs again."),
            "end": _("The clock of session %(number)s is stopped.")}.get(action, "") % values


def _directed(request, slug: str) -> Tournament:
    """The tournament whose control room this is: 404 for one the user may not see (as for one that
    does not exist, so that unpublished ones cannot be probed), 403 for a published one they do not
    direct."""
    tournament = get_object_or_404(Tournament, slug=slug)
    referee_or_refuse(request.user, tournament,
                      _("Only administrators and this tournament's referees can use the control room."),
                      writing=request.method not in ("GET", "HEAD"))
    return tournament


def _control_context(request, tournament: Tournament, number: int | None = None) -> dict:
    current = day.current_session_number(tournament)
    number = number or posted_int(request.GET.get("session"), None) or current or 1
    number = min(max(number, 1), tournament.session_count)
    session = day.session_or_none(tournament, number)
    tables = day.session_tables(tournament, number)
    for entry in tables:
        entry.seat_names = [(day.WIND_NAMES[wind], player, total)
                            for (wind, player), total in zip(entry.seats, entry.totals, strict=False)]
    entrants = day.entrants(tournament)
    seated = {player.pk for entry in tables for _wind, player in entry.seats}
    free = [e for e in entrants if e.player.pk not in seated and not e.out_in(number)]
    free.sort(key=lambda e: (not e.checked_in, not e.substitute))  # checked-in substitutes first
    next_draw = seating_next_session(tournament=tournament)
    draw_number = next_draw or number
    byes = sorted_by_name(Bye.objects.filter(tournament=tournament, session_number=draw_number)
                          .select_related("player"), lambda bye: bye.player)
    out = {bye.player_id for bye in byes}
    cut = stages.cut_for(tournament, draw_number)
    going_on = {line.player.pk for line in cut["lines"] if line.goes_on} if cut else None
    may_sit_out = [e for e in entrants if e.checked_in and not e.substitute and e.player.pk not in out
                   and not e.out_in(draw_number) and (going_on is None or e.player.pk in going_on)]
    closed = sum(1 for entry in tables if entry.table.closed)
    return {
        "closed_count": closed, "complete": bool(tables) and closed == len(tables),
        "started": any(entry.hands for entry in tables),
        "tournament": tournament, "is_admin": directs(request.user, tournament), "number": number,
        "may_print": Export.Kind.SCORE_SHEETS_PDF in export_kinds_for(request.user, tournament),
        "current": current, "session": session, "tables": tables,
        "clock": day.clock_reading(session=session, tournament=tournament),
        "entrants": entrants, "checked_in": sum(1 for e in entrants if e.checked_in), "free": free,
        "sessions": range(1, tournament.session_count + 1), "methods": METHODS,
        "draw_number": draw_number, "options": tournament.day_options,
        "field": draw_field(tournament=tournament, number=draw_number), "byes": byes, "may_sit_out": may_sit_out,
        "hidden_from": day.standings_hidden_from(tournament), "live": CONTROL_LIVE_SECONDS,
        "cut": cut,
        "substitute_rule": day.substitute_rule(tournament), "statuses": Tournament.Status.choices,
        "penalties": sorted_by_name(TournamentPenalty.objects.filter(tournament=tournament).select_related("player")
                                    .order_by("pk"), lambda penalty: penalty.player),
        "disputes": open_disputes(tournament),
    }


@login_required
def control(request, slug: str):
    tournament = _directed(request, slug)
    return render(request, "league/control.html", _control_context(request, tournament))


@login_required
def control_part(request, slug: str):
    """The control room's changing part (tables, clock, check-ins), fetched by live.js."""
    tournament = _directed(request, slug)
    return HttpResponse(render_to_string("league/_control_live.html", _control_context(request, tournament),
                                         request=request))


def _back(tournament: Tournament, number: int | None):
    url = reverse("tournament-control", args=[tournament.slug])
    return redirect(f"{url}?session={number}" if number else url)


@login_required
@require_POST
def control_action(request, slug: str, action: str):
    """One action of the control room (``ACTIONS``: its form and its handler); back to the control
    room with a message (PRG). A draw's preview, and a walk-in who may be a player entered already,
    answer the page instead; control.js (``X-Requested-With: fetch``) gets a refusal as plain text."""
    tournament = _directed(request, slug)
    known = ACTIONS.get(action)
    if (known is None or not known.referees_too) and not directs(request.user, tournament):
        raise PermissionDenied(_("Only administrators can do this."))
    if known is None:
        raise Http404(_("No such action."))
    form = known.form(request.POST, tournament=tournament)
    try:
        response = known.handler(request, tournament, form.valid_data())
    except ServiceError as error:
        if request.headers.get("X-Requested-With") == "fetch":  # control.js says it as it is
            return HttpResponse(error.message, status=error.status, content_type="text/plain; charset=utf-8")
        messages.error(request, error.message)
        response = None
    return response or _back(tournament, form.cleaned_data.get("session"))


def _checkin(request, tournament: Tournament, data: dict) -> HttpResponse | None:
    player = data["player"]
    present = day_services.checkin_toggle(tournament=tournament, player=player, user=request.user)
    if request.headers.get("X-Requested-With") == "fetch":
        return HttpResponse(status=204)
    messages.success(request, (_("%(player)s is checked in.") if present
                               else _("%(player)s is no longer checked in.")) % {"player": player.full_name})
    return None


def _clock(request, tournament: Tournament, data: dict) -> None:
    number, table, minutes, action = data["session"] or 1, data["table"], data["minutes"], data["action"]
    if not 1 <= number <= tournament.session_count:
        raise Http404(_("No such session."))
    if table is not None and table.session.number != number:
        raise Http404(_("No such table."))
    session = day_services.session_open(tournament=tournament, number=number)
    session = day_services.clock_apply(session=session, action=action, table=table,
                                       seconds=minutes * 60 if minutes else None)
    if action == "start":
        minutes = (session.clock_duration_s or 0) // 60
    messages.success(request, clock_message(action=action, number=session.number, minutes=minutes, table=table))


def _withdraw(request, tournament: Tournament, data: dict) -> None:
    player, only = data["player"], data["only"] == "1"
    withdrawal = day_services.withdrawal_create(tournament=tournament, player=player, user=request.user,
                                                from_session=data["from_session"], only=only)
    messages.success(request, (_("%(player)s sits out session %(number)s only.") if only else
                               _("%(player)s is withdrawn from session %(number)s on."))
                     % {"player": player.full_name, "number": withdrawal.from_session})


def _unwithdraw(request, tournament: Tournament, data: dict) -> None:
    day_services.withdrawal_delete(tournament=tournament, player=data["player"])
    messages.success(request, _("%(player)s plays again.") % {"player": data["player"]})


def _bye(request, tournament: Tournament, data: dict) -> None:
    player, number = data["player"], data["session"]
    day_services.bye_create(tournament=tournament, player=player, session_number=number or 0, user=request.user)
    messages.success(request, _("%(player)s sits out session %(number)s with a bye.")
                     % {"player": player.full_name, "number": number})


def _unbye(request, tournament: Tournament, data: dict) -> None:
    player, number = data["player"], data["session"]
    day_services.bye_delete(tournament=tournament, player=player, session_number=number or 0)
    messages.success(request, _("%(player)s plays in session %(number)s again.") % {"player": player, "number": number})


def _penalty(request, tournament: Tournament, data: dict) -> None:
    player = data["player"]
    penalty = tournament_penalty_create(tournament=tournament, player=player, points=data["points"],
                                        reason=data["reason"], disqualified=data["disqualified"], user=request.user)
    messages.success(request, _("Penalty for %(player)s: %(points)s points (%(reason)s).")
                     % {"player": player, "points": penalty.points, "reason": penalty.reason})


def _unpenalty(request, tournament: Tournament, data: dict) -> None:
    penalty = data["penalty"]
    tournament_penalty_delete(penalty=penalty)
    messages.success(request, _("The penalty for %(player)s is withdrawn.") % {"player": penalty.player})


def _seat(request, tournament: Tournament, data: dict) -> None:
    player, table = data["player"], data["table"]
    seat = day_services.seat_replace(table=table, position=data["position"], player=player)
    messages.success(request, _("%(player)s takes the seat %(wind)s at table %(table)s.")
                     % {"player": player, "wind": day.WIND_NAMES[day.START_WINDS[seat.position]],
                        "table": table.number})


def _status(request, tournament: Tournament, data: dict) -> None:
    tournament = tournament_status_set(tournament=tournament, status=data["status"], user=request.user)
    messages.success(request, _("The tournament's status is now: %(status)s.")
                     % {"status": tournament.get_status_display()})


def _resolve(request, tournament: Tournament, data: dict) -> None:
    dispute = data["dispute"]
    dispute_resolve(dispute=dispute, user=request.user)
    messages.success(request, _("The dispute about table %(table)s is resolved.") % {"table": dispute.table.number})


def _reveal(request, tournament: Tournament, data: dict) -> None:
    day_services.tournament_reveal(tournament=tournament)
    messages.success(request, _("The standings are revealed."))


def _walkin(request, tournament: Tournament, data: dict) -> HttpResponse | None:
    """A walk-in: registered and checked in, or, when the name is probably a player entered already,
    the control room again with the walk-in form asking who it is (the candidates, or someone new)."""
    number, first_name, last_name = data["session"], data["first_name"], data["last_name"]
    try:
        registration = day_services.walkin_create(tournament=tournament, first_name=first_name,
                                                  last_name=last_name, user=request.user,
                                                  player=data["player"] or None)
    except ServiceError as error:
        messages.error(request, error.message)
        if error.code != "walkin_similar":
            return None
        context = _control_context(request, tournament, number)
        players = Player.objects.select_related("club").in_bulk(error.extra["candidates"])
        context.update(walkin_first=first_name, walkin_last=last_name,
                       walkin_candidates=[players[pk] for pk in error.extra["candidates"] if pk in players])
        return render(request, "league/control.html", context, status=409)
    player = registration.player
    name = f"{player.full_name} ({player.club.name})" if player.club else player.full_name  # which one it is
    messages.success(request, _("%(player)s is registered as a substitute and checked in.") % {"player": name})
    return None


def _draw(request, tournament: Tournament, data: dict) -> HttpResponse:
    number, method, seed, force = data["session"] or 1, data["method"], data["seed"], data["force"]
    try:
        if data["commit"]:
            seating_generate(tournament=tournament, number=number, method=method, seed=seed, force=force)
            messages.success(request, _("Session %(number)s is drawn.") % {"number": number})
            return _back(tournament, number)
        proposal = seating_preview(tournament=tournament, number=number, method=method, seed=seed, force=force)
    except ServiceError as error:
        messages.error(request, error.message)
        context = _control_context(request, tournament, number)
        context.update(draw_error=error.code, draw_method=method, draw_number=number)
        return render(request, "league/control.html", context, status=200)
    players = Player.objects.in_bulk([p for table in proposal["tables"] for p in table])
    report = proposal["report"]
    for entry in report["club_tables"] + report["team_tables"]:
        entry["names"] = [players[p].full_name for p in entry["players"]]  # the control room: whole names
    context = _control_context(request, tournament, number)
    context.update(
        draw_number=number, draw_method=method, force=force,
        preview={"seed": proposal["seed"], "report": proposal["report"],
                 "tables": [[(day.WIND_NAMES[day.START_WINDS[i]], players[p]) for i, p in enumerate(table)]
                            for table in proposal["tables"]]})
    return render(request, "league/control.html", context)


class Action(NamedTuple):
    form: type[control_forms.ControlForm]
    handler: Callable[..., HttpResponse | None]
    referees_too: bool = False  # else the tournament's directors only


ACTIONS = {
    "checkin": Action(control_forms.CheckinForm, _checkin, referees_too=True),
    "resolve": Action(control_forms.ResolveForm, _resolve, referees_too=True),
    "draw": Action(control_forms.DrawForm, _draw),
    "clock": Action(control_forms.ClockForm, _clock),
    "withdraw": Action(control_forms.WithdrawForm, _withdraw),
    "unwithdraw": Action(control_forms.UnwithdrawForm, _unwithdraw),
    "walkin": Action(control_forms.WalkinForm, _walkin),
    "bye": Action(control_forms.ByeForm, _bye),
    "unbye": Action(control_forms.ByeForm, _unbye),
    "penalty": Action(control_forms.PenaltyForm, _penalty),
    "unpenalty": Action(control_forms.UnpenaltyForm, _unpenalty),
    "seat": Action(control_forms.SeatForm, _seat),
    "status": Action(control_forms.StatusForm, _status),
    "reveal": Action(control_forms.RevealForm, _reveal),
}


# ---- the projector ----

def _chunks(rows: list, size: int) -> list[list]:
    return [rows[i:i + size] for i in range(0, len(rows), size)] or [[]]


def _screen_context(request, tournament: Tournament) -> dict:
    current = day.current_session_number(tournament)
    session = day.session_or_none(tournament, current)
    clock = day.clock_reading(session=session, tournament=tournament)
    tables = day.session_tables(tournament, current) if current else []
    started = any(t.hands for t in tables) or clock["state"] != "idle"
    # The room is the public: what the projector shows never depends on who opened it.
    hidden = day.standings_hidden_from(tournament)
    stage_name, carried = None, False
    if tournament.day_options["stages"]:  # the latest stage's standings, revealed like any
        latest = stages.latest_stage(tournament)
        standings = stages.stage_standings(tournament=tournament, index=latest, before_session=hidden)
        stage = stages.stages_of(tournament)[latest]
        # a stage's figures start with what it carried over: shown before its own first game too
        stage_name, carried = stage.name, stage.index > 0 and stage.carry != "none"
    elif hidden is not None:
        standings = day.standings_before(tournament=tournament, session_number=hidden)
    else:
        standings = standings_in_order(tournament.standings.select_related("player"))
    revealed = tournament.standings_revealed_at is not None and tournament.day_options[
        "hide_standings_from_session"] is not None
    context = {"tournament": tournament, "number": current, "clock": clock, "hidden_from": hidden,
               "refresh": SCREEN_REFRESH_SECONDS, "time_up": tournament.day_options["time_up"],
               "by_score": tournament.effective_standing_method == Tournament.StandingMethod.SCORE,
               # Unfinished figures say so, hidden or not: the standings before a hidden session still
               # hold the current session's running figures while it is played before that one.
               "provisional": started and any(not t.table.closed for t in tables)
               and (hidden is None or current < hidden), "stage_name": stage_name,
               "carried": carried,
               "unconfirmed": sum(1 for t in tables if t.provisional and t.table.closed),
               # every table closed and the clock never used: no "not started" under an unused clock
               "session_over": bool(tables) and all(t.table.closed for t in tables)}
    if revealed:
        context["mode"] = "reveal"
        context["reveal"] = list(reversed(standings[:SCREEN_REVEAL_PLACES]))
        context["revealed_at"] = tournament.standings_revealed_at.isoformat()
    elif tables and not started:
        context["mode"] = "seating"
        for entry in tables:
            entry.seat_names = [(day.WIND_NAMES[wind], player) for wind, player in entry.seats]
        context["table_panels"] = _chunks(tables, SCREEN_TABLES_PER_PANEL)
        names = day.alphabetical_seats(tournament, current)
        for row in names:
            row["wind_name"] = day.WIND_NAMES[row["wind"]]
        context["name_panels"] = _chunks(names, SCREEN_NAMES_PER_PANEL)
    else:
        context["mode"] = "clock"
        context["standings_panels"] = _chunks(standings, SCREEN_STANDINGS_PER_PANEL)
        # the team standings cycle after the players' (hidden like them until the reveal)
        teams = team_standings_for(tournament=tournament) if hidden is None else []
        context["team_panels"] = _chunks(teams, SCREEN_STANDINGS_PER_PANEL) if teams else []
    return context


def _screen_tournament(request, slug: str) -> Tournament:
    tournament = get_object_or_404(visible_tournaments(request.user), slug=slug)
    page_subject(request, tournament_id=tournament.pk)
    return tournament


@cached_page(timeout=SCREEN_CACHE_SECONDS)
def screen(request, slug: str):
    """The projector page: full screen, no login, no scrolling; screen.js pages through the panels
    and fetches them again every few seconds."""
    tournament = _screen_tournament(request, slug)
    return render(request, "league/screen.html", _screen_context(request, tournament))


@cached_page(timeout=SCREEN_CACHE_SECONDS)
def screen_part(request, slug: str):
    tournament = _screen_tournament(request, slug)
    return HttpResponse(render_to_string("league/_screen_part.html", _screen_context(request, tournament),
                                         request=request))
