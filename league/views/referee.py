"""The referees' pages: their tables, the score sheet (enter, preview, correct, delete hands),
a hand's history and closing a table. Referees work only at their own tournaments' tables
(league.permissions.can_referee); every write goes through league.services.hands."""

import uuid
from functools import cache, partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from scoring import flow, rulesets
from scoring.flow import seat_winds

from ..errors import Conflict, ServiceError, error_body
from ..hand_facts import seat_labels
from ..models import Hand, Table, TableDispute
from ..permissions import directs, player_of, seated_player, table_for_writing
from ..qr import qr_svg
from ..selectors import day, pages
from ..selectors.addresses import address
from ..selectors.tables import (
    players_enter,
    seated_tables,
    sheet_state,
    shown_totals,
    start_points,
    sticks_note,
    table_confirmation,
    table_players,
    table_summary,
    table_view,
)
from ..services import confirmations as confirmation_services
from ..services import hands as hand_services
from .forms import fine_offence_name, hand_form_for, values_from_record
from .numbers import posted_int

# How a game ended early, for the score sheet (scoring.flow.ENDINGS; the rounds need no notice).
ENDING_NOTICES = {
    "bust": gettext_lazy("The game has ended: a player's points fell below zero."),
    "agari_yame": gettext_lazy("The game has ended: the leading dealer ended it in the last hand (agari yame)."),
    "max_hands": gettext_lazy("The game has ended: the agreed number of hands has been played."),
}
# Short words for the list of hands, where a phone has little room.
OUTCOME_SHORT = {
    "win": gettext_lazy("Win"),
    "draw": gettext_lazy("Draw"),
    "void": gettext_lazy("Void"),
    "abort": gettext_lazy("Abortive draw"),
}
# Penalties as the sheet names them; a type not listed here (a ruleset's new fine) shows its own name.
PENALTY_NAMES = {
    "chombo": gettext_lazy("Chombo"),
    "false_mahjong": gettext_lazy("False Mah-Jongg"),
    "dead_hand": gettext_lazy("Dead hand"),
    "dangerous_game": gettext_lazy("Dangerous game"),
    "false_naming": gettext_lazy("False naming"),
    "obstruction": gettext_lazy("Severe obstruction"),
    "pao": gettext_lazy("Pao"),
    "fine": gettext_lazy("Fine"),
}


def penalty_name(penalty: dict) -> str:
    """"Fine (Misnaming a discard)": a penalty's name, with the offence a fine was given for."""
    kind = penalty.get("type") or ""
    name = str(PENALTY_NAMES.get(kind, kind.replace("_", " ")))
    offence = fine_offence_name(penalty.get("offence")) if kind == "fine" else None
    return f"{name} ({offence})" if offence else name


def penalty_amount(penalty: dict, adjustments: list | None, options: dict) -> int | None:
    """The penalty's own amount (never the hand's whole balance): a fine's amount, a false naming's
    payment to the claimant, an EMA chombo's deduction; None for a penalty that only changes who pays."""
    kind, seat = penalty.get("type"), penalty.get("seat")
    if kind == "fine":
        return penalty.get("amount")
    if kind == "false_naming":
        return options.get(f"false_naming_{penalty.get('claim')}")
    if kind == "chombo" and adjustments and isinstance(seat, int) and 0 <= seat < len(adjustments):
        return adjustments[seat] or None
    return None


def short_names(players: list) -> list[str]:
    """First names for narrow columns; with the last name's initial where two would look alike."""
    firsts = [p.first_name if p else "—" for p in players]
    return [
        f"{first} {p.last_name[:1]}." if p and firsts.count(first) > 1 and p.last_name else first
        for first, p in zip(firsts, players, strict=True)
    ]


def seat_short(names: list[str], dealer: int, seat: int) -> str:
    """'S – Ben': a seat's wind letter in a hand dealt by ``dealer`` and its player's short name."""
    return f"{day.WIND_NAMES[seat_winds(dealer)[seat]][:1]} – {names[seat]}"


@login_required
def home(request):
    """The referee's tables: per tournament (``only``: one of them) the chosen session's tables, the
    ones the referee has entered hands at first, then the open ones (``open=1``: only those)."""
    chosen_tournament = request.GET.get("tournament")
    chosen_session = request.GET.get("session")
    only = request.GET.get("only", "")
    open_only = request.GET.get("open") == "1"
    tournaments = pages.referee_tournaments(request.user)
    entries = []
    for tournament in tournaments:
        if only and str(tournament.pk) != only:
            continue
        sessions = list(tournament.sessions.all())
        with_tables = [s for s in sessions if s.table_count]
        session = with_tables[-1] if with_tables else None
        if chosen_tournament == str(tournament.pk) and chosen_session:
            session = next((s for s in sessions if str(s.number) == chosen_session), session)
        entries.append({"tournament": tournament, "sessions": sessions, "session": session})
    tables = pages.referee_tables([entry["session"] for entry in entries if entry["session"]], user=request.user)
    for entry in entries:
        listed = tables[entry["session"].pk] if entry["session"] else []
        entry["tables"] = sorted((rt for rt in listed if not (open_only and rt.table.closed)),
                                 key=lambda rt: (not rt.mine, rt.table.closed, rt.table.number))
        entry["hidden_closed"] = len(listed) - len(entry["tables"])
    # tournaments with the referee's own tables first, then those with open tables
    entries.sort(key=lambda entry: (not any(rt.mine for rt in entry["tables"]),
                                    not any(not rt.table.closed for rt in entry["tables"])))
    # "Ost – Jan Dorn" with the dealer marked, and the running total per seat (by first-round seat)
    lines = day.seat_lines_of({entry["tournament"]: [rt.table for rt in entry["tables"]] for entry in entries})
    for entry in entries:
        for rt in entry["tables"]:
            rt.seats = [{"line": line, "total": rt.totals[seat.position]}
                        for seat, line in zip(rt.table.seats.all(), lines[rt.table.pk], strict=True)]
    return render(request, "league/referee_home.html", {
        "entries": entries, "tournaments": tournaments, "only": only, "open_only": open_only,
        "seated_tables": seated_tables(request.user),
        "player": partial(player_of, request.user)})  # read only when the page lists nothing


@cache
def _static_bytes(name: str) -> bytes:
    with open(finders.find(name), "rb") as source:
        return source.read()


def favicon(request):
    """static/league/favicon.ico at /favicon.ico, where browsers (and phones' home screens) ask for it."""
    response = HttpResponse(_static_bytes("league/favicon.ico"), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def service_worker(request):
    """static/league/sw.js from a URL whose scope covers the referees' pages."""
    response = HttpResponse(_static_bytes("league/sw.js"), content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/referee/"
    response["Cache-Control"] = "no-cache"
    return response


def _checked_table(request, table_id: int, *, reading: bool = False) -> Table:
    """The table when the requester may write at it (league.permissions.table_for_writing, the path
    the API takes too); ``reading``: a seated player's closed table (its sheet, confirming)."""
    return table_for_writing(request.user, table_id, reading=reading)


def _checked_hand(request, hand_id: int, *, reading: bool = False) -> Hand:
    try:
        hand = pages.hand_for_sheet(hand_id)
    except Hand.DoesNotExist as error:
        raise Http404(_("No such hand.")) from error
    hand.table = table_for_writing(request.user, hand.table_id, reading=reading)
    return hand


# The classical options that change a hand's value from its tiles (docs/rules.md §9).
TILE_OPTIONS = ("upper_limit", "table", "prevailing_wind_pair")


def tile_entry(tournament, dealer: int, prevailing_wind: str) -> dict | None:
    """What the score sheet's tile entry (static/league/tiles.js) needs to value a hand from its
    tiles through POST /api/v1/handvalue/: each seat's wind, the prevailing wind and the options
    that change a hand's value (classical: upper limit, valuation table, prevailing-wind pair), and
    the ruleset the hand is valued as (the tournament's own, whose options the valuation checks).
    None for rulesets without tile valuation, and for one whose engine is not its sheet's: the tile
    panels are the sheet layout's and send what its engine reads."""
    module = rulesets.BY_NAME[tournament.ruleset]
    valued_by = module.HAND_VALUE
    if valued_by is None or valued_by != rulesets.BY_NAME[module.SHEET].HAND_VALUE:
        return None
    entry = {
        "url": reverse("api-handvalue"),
        "ruleset": tournament.ruleset,
        "seat_winds": "".join(seat_winds(dealer)),
        "prevailing_wind": prevailing_wind,
        "upper_limit": "",
        "options": {},
    }
    if valued_by == "dmjl":
        options = tournament.effective_options
        entry["upper_limit"] = options.get("upper_limit", "")
        entry["options"] = {key: options[key] for key in TILE_OPTIONS if key in options}
    elif valued_by == "mcr":
        # whether the hand is enough to win follows the tournament's minimum (docs/rules.md §6a, 9)
        entry["options"] = {"min_points": tournament.effective_options["min_points"]}
    return entry


def _hand_rows(view) -> list[dict]:
    """One row per hand, naming its own seats' players; amounts in the columns of the coming hand's
    seats (the same unless the players changed seats after a wind round)."""
    rows = []
    options = view.table.session.tournament.effective_options
    edit, history = address("referee-hand-edit"), address("referee-hand-history")  # once, not per row
    for index, hand in enumerate(view.hands):
        players = view.hand_players(index)
        names = short_names(players)
        record, result = hand.record, hand.result
        winners = [w.get("seat") for w in record.get("wins") or []] or (
            [record["winner"]] if record.get("outcome") == "win" and record.get("winner") is not None else []
        )
        penalties = []
        for penalty in record.get("penalties") or []:
            seat = penalty.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < 4:
                continue
            penalties.append({"name": penalty_name(penalty), "who": seat_short(names, hand.dealer, seat),
                              "amount": penalty_amount(penalty, result.get("adjustments"), options)})
        rows.append(
            {
                "hand": hand,
                "wind": day.WIND_NAMES.get(hand.prevailing_wind, hand.prevailing_wind),
                "dealer": players[hand.dealer] if 0 <= hand.dealer < 4 else None,
                "outcome": OUTCOME_SHORT.get(record.get("outcome"), record.get("outcome")),
                "winners": [seat_short(names, hand.dealer, w) for w in winners if isinstance(w, int) and 0 <= w < 4],
                "amounts": view.hand_amounts(index),
                "penalties": penalties,
                "edit_url": edit.format(hand.pk),
                "history_url": history.format(hand.pk),
            }
        )
    return rows


def _sheet_context(table: Table, form, view=None) -> dict:
    """The score sheet page; ``view``: the table's ``table_view`` when the caller has it already."""
    view = view or table_view(table=table)
    # Games played with points on the table (riichi, Japanese): each player's points now, the start
    # plus the game so far, to check against the sticks (an EMA chombo is off the result, not the sticks);
    # the referee's home and the control room show the same (shown_totals).
    tournament = table.session.tournament
    points = shown_totals(tournament, view.totals)
    return {
        "table": table,
        "tournament": table.session.tournament,
        "view": view,
        "with_points": bool(start_points(tournament)),
        "sticks": sticks_note(tournament),
        "seats": [
            {"player": p, "short": short, "wind": day.WIND_NAMES[w], "total": t, "dealer": s == view.dealer,
             "points": shown, "adjustment": t - played}
            for s, (p, short, w, t, played, shown) in enumerate(
                zip(view.players, short_names(view.players), view.seat_winds, view.final_totals, view.totals, points,
                    strict=True))
        ],
        "prevailing_wind": day.WIND_NAMES[view.prevailing_wind],
        "hand_rows": _hand_rows(view),
        "ending": ENDING_NOTICES.get(view.ending),
        # The next wind round starts with the first dealer again: seat winds as in the first hand.
        "next_seats": [
            {"player": p, "wind": day.WIND_NAMES[w]} for p, w in zip(view.next_players, seat_winds(0), strict=True)
        ] if view.next_players else None,
        "last_hand": view.hands[-1] if view.hands else None,
        "form": form,
        "preview_url": reverse("referee-table-preview", args=[table.pk]),
        "queue_id": f"table-{table.pk}",
        "tile_entry": tile_entry(table.session.tournament, view.dealer, view.prevailing_wind),
        "summary": table_summary(table=table, view=view) if table.closed else None,
        **_entry_context(table),
    }


def _entry_context(table: Table) -> dict:
    """Who writes at the sheet (``writer``: "referee" or "player") and, at a
    tournament whose players enter their own tables, whether the table counts yet and its disputes."""
    writer = getattr(table, "writer", "referee")
    entry = players_enter(table.session.tournament)
    return {
        "writer": writer,
        "me": None,  # the seated player's own Player, set by the view that knows the user
        "players_enter": entry,
        "confirmation": table_confirmation(table) if entry else None,
        "disputes": list(table.disputes.filter(status=TableDispute.Status.OPEN)) if entry else [],
    }


def _posted_hand_form(table: Table, data):
    """The score sheet's form bound to posted fields: what saving and the live preview both read."""
    view = table_view(table=table)
    labels = seat_labels(view.players, view.dealer)
    return hand_form_for(table.session.tournament.ruleset, data, seat_labels=labels)


def new_key() -> str:
    """A fresh idempotency key for a form about to be shown."""
    return uuid.uuid4().hex


def wants_json(request) -> bool:
    """The sheet's script (and its offline queue) asks for JSON; a plain form post gets a page."""
    return "application/json" in request.headers.get("Accept", "")


def _saved_message(hand) -> str:
    if hand.replayed:
        return _("Hand %(number)s was already saved.") % {"number": hand.number}
    return _("Hand %(number)s saved.") % {"number": hand.number}


@login_required
def score_sheet(request, table_id: int):
    table = _checked_table(request, table_id, reading=request.method != "POST")
    ruleset = table.session.tournament.ruleset
    status, view = 200, None
    if request.method == "POST":
        form = _posted_hand_form(table, request.POST)
        error = None
        if form.is_valid():
            try:
                hand = hand_services.hand_record(table=table, record=form.to_record(), user=request.user,
                                                 idempotency_key=form.cleaned_data["key"])
            except ServiceError as service_error:
                error = service_error
                form.add_service_error(error)
            else:
                # shown on the sheet the script loads next, as after a plain form post
                messages.success(request, _saved_message(hand))
                if wants_json(request):
                    return JsonResponse({"hand": {"id": hand.pk, "number": hand.number},
                                         "replayed": hand.replayed, "message": _saved_message(hand)}, status=201)
                return redirect("referee-table", table_id=table.pk)
        status = error.status if error else 400
        if wants_json(request):
            message = error.message if error else (" ".join(form.non_field_errors()) or _("Some fields are not valid."))
            return _form_errors(form, code=error.code if error else "invalid", message=message, status=status)
        if error is not None and error.code in ("hand_number_exists", "hand_number_ahead", "idempotency_key_reused"):
            form = _renumbered(form, table, error)
    else:
        view = table_view(table=table)
        form = hand_form_for(ruleset, initial={"key": new_key(), "number": len(view.hands) + 1},
                             seat_labels=seat_labels(view.players, view.dealer))
    context = _sheet_context(table, form, view)
    if context["players_enter"] and table.closed:  # the other players open the sheet on their phones
        context["confirm_link"] = request.build_absolute_uri(reverse("referee-table", args=[table.pk]))
        context["confirm_qr"] = mark_safe(qr_svg(context["confirm_link"]))  # noqa: S308 (our own SVG, no input markup)
    if context["writer"] == "player":
        context["me"] = seated_player(request.user, table)
    context["may_reopen"] = table.closed and directs(request.user, table.session.tournament_id)
    context["state_every"] = SHEET_STATE_SECONDS
    return render(request, "league/score_sheet.html", context, status=status)


def _renumbered(form, table: Table, error: ServiceError):
    """The refused form again, now meaning the next hand (when the error names it) with a fresh key:
    saving it once more is the referee's deliberate choice after reading the message."""
    data = form.data.copy()
    data["key"] = new_key()
    if "next_number" in error.extra:
        data["number"] = error.extra["next_number"]
    again = _posted_hand_form(table, data)
    again.is_valid()
    again.add_error(None, error.message)
    return again


def _form_errors(form, *, code: str, message: str, status: int = 400) -> JsonResponse:
    """The form's errors keyed by its own field names ("__all__": above the form), exactly the
    slots the page fills when the same data is submitted."""
    fields = {name: [str(m) for m in messages] for name, messages in form.errors.items()}
    return JsonResponse(error_body(code, message, fields, confirm=form.needs_confirmation), status=status)


@login_required
@require_POST
def table_preview(request, table_id: int):
    """The score sheet's live preview (static/league/scoresheet.js): the form's own fields, turned
    into a record by the form used to save, settled by hand_services.hand_preview and nothing stored.
    JSON {"result", "record", "dealer", "prevailing_wind"}, or 400 {"error": {"code", "message",
    "fields": {form field: [messages]}}}."""
    table = _checked_table(request, table_id)
    form = _posted_hand_form(table, request.POST)
    if not form.is_valid():
        message = " ".join(form.non_field_errors()) or _("Some fields are not valid.")
        return _form_errors(form, code="invalid", message=message)
    try:
        preview = hand_services.hand_preview(table=table, record=form.to_record())
    except ServiceError as error:
        form.add_service_error(error)
        return _form_errors(form, code=error.code, message=error.message)
    return JsonResponse(preview)


def _hand_players(table: Table, hand: Hand) -> list:
    """The Player at each of the hand's seats: its own wind round's, when the players change seats."""
    if not table.session.tournament.effective_options.get("seat_change"):
        return table_players(table)
    view = table_view(table=table)
    index = next((i for i, h in enumerate(view.hands) if h.pk == hand.pk), None)
    return view.hand_players(index) if index is not None else table_players(table)


def correction_changes(hand: Hand, changes: list[dict], first_players: list) -> dict:
    """hand_correction_preview's answer in words for the correction page: per changed hand its
    dealer, wind and each player's balance before → after, and how each player's total moves.
    ``first_players``: the Player at each seat in the first wind round; each side of a change is
    mapped to the players through its own seating (the players may change seats after a wind round)."""
    rows, moved = [], [0, 0, 0, 0]
    for change in changes:
        (dealer_before, dealer_after) = change["dealer"]
        (wind_before, wind_after) = change["prevailing_wind"]
        (seating_before, seating_after) = change.get("seating") or (flow.IDENTITY, flow.IDENTITY)
        before = flow.by_player(change["balances"][0], seating_before)
        after = flow.by_player(change["balances"][1], seating_after)
        dealer = (first_players[seating_before[dealer_before]], first_players[seating_after[dealer_after]])
        seats = []
        for p, (b, a) in enumerate(zip(before, after, strict=True)):
            moved[p] += a - b
            if a != b:
                seats.append({"player": first_players[p], "before": b, "after": a, "delta": a - b})
        rows.append({
            "number": change["number"],
            "corrected": change["number"] == hand.number,
            "dealer": dealer if dealer[0] != dealer[1] else None,
            "wind": (day.WIND_NAMES[wind_before], day.WIND_NAMES[wind_after]) if wind_before != wind_after else None,
            "seats": seats,
        })
    totals = [{"player": first_players[p], "delta": d} for p, d in enumerate(moved) if d]
    return {"rows": rows, "totals": totals}


@login_required
@require_POST
def hand_edit_preview(request, hand_id: int):
    """The correction page's preview: which hands a correction changes and by how much, nothing
    stored. JSON {"html"} (a fragment rendered here, in the page's language) or 400 like table_preview."""
    hand = _checked_hand(request, hand_id)
    table = hand.table
    players = _hand_players(table, hand)
    form = hand_form_for(table.session.tournament.ruleset, request.POST, seat_labels=seat_labels(players, hand.dealer))
    if not form.is_valid():
        message = " ".join(form.non_field_errors()) or _("Some fields are not valid.")
        return _form_errors(form, code="invalid", message=message)
    try:
        changes = hand_services.hand_correction_preview(hand=hand, record=form.to_record())
    except ServiceError as error:
        form.add_service_error(error)
        return _form_errors(form, code=error.code, message=error.message)
    html = render_to_string("league/_correction_preview.html",
                            correction_changes(hand, changes, table_players(table)), request=request)
    return JsonResponse({"html": html})


@login_required
def hand_edit(request, hand_id: int):
    hand = _checked_hand(request, hand_id)
    table = hand.table
    ruleset = table.session.tournament.ruleset
    players = _hand_players(table, hand)
    labels = seat_labels(players, hand.dealer)
    conflict = None
    if request.method == "POST":
        form = hand_form_for(ruleset, request.POST, seat_labels=labels)
        if form.is_valid():
            try:
                hand_services.hand_correct(
                    hand=hand,
                    record=form.to_record(),
                    version=form.cleaned_data["version"] or 0,
                    user=request.user,
                    idempotency_key=form.cleaned_data["key"],
                )
            except Conflict as error:
                if error.code != "version_conflict":
                    form.add_error(None, error.message)
                else:
                    form, conflict = _conflicted(form, hand, players, labels)
            except ServiceError as error:
                form.add_service_error(error)
            else:
                messages.success(request, _("Hand %(number)s corrected.") % {"number": hand.number})
                return redirect("referee-table", table_id=table.pk)
    else:
        initial = values_from_record(ruleset, hand.record)
        initial.update(version=hand.version, key=new_key(), number=hand.number)
        form = hand_form_for(ruleset, initial=initial, seat_labels=labels)
    return render(
        request,
        "league/hand_edit.html",
        {
            "hand": hand,
            "table": table,
            "tournament": table.session.tournament,
            "form": form,
            "prevailing_wind": day.WIND_NAMES[hand.prevailing_wind],
            "dealer": players[hand.dealer],
            "preview_url": reverse("referee-hand-edit-preview", args=[hand.pk]),
            "tile_entry": tile_entry(table.session.tournament, hand.dealer, hand.prevailing_wind),
            "conflict": conflict,
        },
        status=(409 if conflict else 400) if request.method == "POST" else 200,
    )


def _conflicted(form, hand: Hand, players: list, labels: list[str]):
    """Someone else corrected the hand first: the referee's form again, now against the stored
    version (saving it once more replaces the stored hand deliberately), and per field that differs
    what the referee typed beside what is stored now."""
    stored = pages.hand_for_sheet(hand.pk)
    record = form.to_record()
    record.pop("number", None)
    typed = describe_record(hand_services.posted_part(record), players, hand.dealer)
    now = describe_record(hand_services.posted_part(stored.record), players, stored.dealer)
    rows = [{"label": label, "typed": typed.get(label, "—"), "stored": now.get(label, "—")}
            for label in dict.fromkeys([*typed, *now]) if typed.get(label) != now.get(label)]
    data = form.data.copy()
    data["version"], data["key"] = stored.version, new_key()
    again = hand_form_for(hand.table.session.tournament.ruleset, data, seat_labels=labels)
    again.is_valid()
    again.add_error(None, _("Someone else changed this hand first. What is stored now is shown beside what you "
                            "typed: save again to replace it with yours, or change the fields first."))
    return again, rows


# Record fields as the history names them; a field not listed shows its own name.
RECORD_LABELS = {
    "outcome": gettext_lazy("Outcome"),
    "winner": gettext_lazy("Winner"),
    "win_type": gettext_lazy("Win"),
    "discarder": gettext_lazy("Discarded by"),
    "hand_values": gettext_lazy("Hand values"),
    "limit_hand": gettext_lazy("Limit hand"),
    "fan": gettext_lazy("Fan"),
    "points": gettext_lazy("Points"),
    "doubles": gettext_lazy("Doubles"),
    "wins": gettext_lazy("Winners"),
    "riichi": gettext_lazy("Riichi declared"),
    "tenpai": gettext_lazy("Tenpai at the draw"),
    "penalties": gettext_lazy("Penalties"),
}
WIN_TYPES = {"discard": gettext_lazy("On a discard"), "self_draw": gettext_lazy("Self-drawn")}


def _win_words(win: dict) -> str:
    if win.get("yakuman"):
        return _("yakuman")
    return _("%(han)s han %(fu)s fu") % {"han": win.get("han"), "fu": win.get("fu", "—")}


def _penalty_amount_words(penalty: dict) -> str:
    """" 40" after a fine's name in the history: the amount the offender pays each other player."""
    amount = penalty.get("amount") if penalty.get("type") == "fine" else None
    return f" {amount}" if amount is not None else ""


def describe_record(record: dict, players: list, dealer: int) -> dict[str, str]:
    """A hand record in words, field by field, with players named by wind and name."""
    names = seat_labels(players, dealer)

    def seat(value) -> str:
        return names[value] if isinstance(value, int) and 0 <= value < 4 else str(value)

    out = {}
    for key, value in record.items():
        if key in ("winner", "discarder"):
            text = seat(value)
        elif key == "outcome":
            text = str(OUTCOME_SHORT.get(value, value))
        elif key == "win_type":
            text = str(WIN_TYPES.get(value, value))
        elif key == "hand_values" and isinstance(value, list):
            text = " · ".join(f"{seat(s)}: {v}" for s, v in enumerate(value))
        elif key in ("riichi", "tenpai") and isinstance(value, list):
            text = ", ".join(seat(s) for s in value) or "—"
        elif key == "wins" and isinstance(value, list):
            text = " · ".join(f"{seat(w.get('seat'))}: {_win_words(w)}" for w in value if isinstance(w, dict))
        elif key == "penalties" and isinstance(value, list):
            text = " · ".join(
                f"{penalty_name(p)}{_penalty_amount_words(p)}: {seat(p.get('seat'))}"
                for p in value if isinstance(p, dict))
        elif isinstance(value, bool):
            text = _("yes") if value else _("no")
        else:
            text = str(value)
        out[str(RECORD_LABELS.get(key, key.replace("_", " ")))] = text
    return out


def revision_changes(revision, players: list, first_players: list | None = None) -> list[dict]:
    """What one revision changed: rows {"label", "before", "after"} (None where a side is absent).
    ``players``: the Player at each of the hand's seats now; ``first_players``: at each seat in the
    first wind round, for a snapshot that keeps its own ``seating`` (the players may change seats)."""
    sides = []
    current = players
    for snapshot in (revision.before, revision.after):
        if not snapshot:
            sides.append(None)
            continue
        seating = snapshot.get("seating")
        players = [first_players[p] for p in seating] if seating and first_players else current
        dealer = snapshot.get("dealer", 0)
        described = describe_record(hand_services.posted_part(snapshot.get("record") or {}), players, dealer)
        balances = (snapshot.get("result") or {}).get("balances") or []
        described[str(_("Balances"))] = " · ".join(
            f"{p.first_name if p else '—'} {b:+d}" for p, b in zip(players, balances, strict=False))
        described[str(_("Dealer"))] = seat_labels(players, dealer)[dealer]
        sides.append(described)
    before, after = sides
    labels = list(dict.fromkeys([*(before or {}), *(after or {})]))
    rows = []
    for label in labels:
        old = before.get(label) if before else None
        new = after.get(label) if after else None
        if before and after and old == new:
            continue
        rows.append({"label": label, "before": old, "after": new})
    return rows


@login_required
def hand_history(request, hand_id: int):
    hand = _checked_hand(request, hand_id, reading=True)
    players = _hand_players(hand.table, hand)
    first = table_players(hand.table)
    revisions = [{"revision": r, "by": pages.writer_name(r.user), "changes": revision_changes(r, players, first)}
                 for r in pages.hand_history(hand)]
    return render(
        request,
        "league/hand_history.html",
        {
            "hand": hand,
            "table": hand.table,
            "tournament": hand.table.session.tournament,
            "seats": seat_labels(players, hand.dealer),
            "revisions": revisions,
        },
    )


@login_required
@require_POST
def hand_delete(request, hand_id: int):
    deletion = hand_services.hand_deletion(hand_id=hand_id, tables=Table.objects.all())
    if deletion is not None:
        # A repeated deletion (double tap, a retry after a lost reply) deletes nothing more.
        table_for_writing(request.user, deletion.table_id)
        messages.info(request, _("Hand %(number)s was already deleted.") % {"number": deletion.number})
        return redirect("referee-table", table_id=deletion.table_id)
    hand = _checked_hand(request, hand_id)
    number = hand.number
    try:
        hand_services.hand_delete(hand=hand, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Hand %(number)s deleted.") % {"number": number})
    return redirect("referee-table", table_id=hand.table_id)


@login_required
@require_POST
def table_confirm(request, table_id: int):
    """A confirmation of the closed table's result: a seated player's own (tournament option
    ``entry`` "players", from their phone), or one a referee records for a player (``player``) or
    gives themselves (no player)."""
    table = _checked_table(request, table_id, reading=True)
    # an id the database can hold (0: no such player at this table), or none: the referee's own confirmation
    player_id = posted_int(request.POST["player"], 0) if request.POST.get("player") else None
    try:
        confirmation = confirmation_services.table_confirm(table=table, player_id=player_id, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        if confirmation.player is None:
            messages.success(request, _("You confirmed the result."))
        else:
            messages.success(request, _("%(player)s confirmed the result.") % {"player": confirmation.player})
    return redirect("referee-table", table_id=table.pk)


@login_required
@require_POST
def table_dispute(request, table_id: int):
    """A seated player disputes the table's result (tournament option ``entry`` "players")."""
    table = _checked_table(request, table_id, reading=True)
    if table.writer != "player":
        raise PermissionDenied(_("Only the table's players dispute its result."))
    try:
        confirmation_services.dispute_open(table=table, user=request.user, message=request.POST.get("message", ""))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Your dispute was sent to the referees; the table does not count until "
                                    "it is resolved."))
    return redirect("referee-table", table_id=table.pk)


# How often an open score sheet asks whether another phone at the table saved a hand (seconds).
SHEET_STATE_SECONDS = 8


@login_required
@never_cache
def table_state(request, table_id: int):
    """The sheet's state for the phones at the table (``selectors.tables.sheet_state``), as JSON."""
    table = _checked_table(request, table_id, reading=True)
    return JsonResponse(sheet_state(table=table))


@login_required
@require_POST
def table_reopen(request, table_id: int):
    """Reopen a closed table to correct it (administrators): back on its sheet, open again."""
    table = _checked_table(request, table_id, reading=True)
    try:
        hand_services.table_reopen(table=table, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The table is open again: correct its hands, then close it; its players will "
                                    "be asked to confirm the corrected result."))
    return redirect("referee-table", table_id=table.pk)


@login_required
@require_POST
def table_close(request, table_id: int):
    table = _checked_table(request, table_id)
    try:
        hand_services.table_close(table=table, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The table is closed; its result counts once three of its players confirmed it.")
                         if players_enter(table.session.tournament) else _("The table is closed; its result is final."))
    return redirect("referee-table", table_id=table.pk)
