"""Entering, correcting and deleting hands. Every write goes through here, whether it comes from
a score sheet, the API or the demo generator; every change is kept as a HandRevision."""
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from scoring import flow

from ..cache import session_changed
from ..errors import Conflict, ServiceError, from_scoring
from ..models import Hand, HandRevision, Table
from ..permissions import is_league_admin
from .standings import standings_request

# Keys the table's state supplies; a posted record may not set them.
STATE_KEYS = frozenset({"dealer", "riichi_sticks", "honba"})
TOURNAMENT_KEYS = frozenset({"ruleset", "options"})


def posted_part(record: dict) -> dict:
    """The part of a stored record that the referee entered."""
    return {k: v for k, v in record.items() if k not in STATE_KEYS and k not in TOURNAMENT_KEYS}


def _clean_posted(record) -> dict:
    if not isinstance(record, dict):
        raise ServiceError("bad_record", _("A hand record must be a JSON object."))
    supplied = sorted((STATE_KEYS | TOURNAMENT_KEYS) & record.keys())
    if supplied:
        raise ServiceError(
            "bad_record",
            _("These fields come from the tournament and the table, not from the hand: %(keys)s.")
            % {"keys": ", ".join(supplied)},
            fields={key: [_("Not allowed here.")] for key in supplied},
        )
    return dict(record)


def _replay(table: Table, posted_records: list[dict]):
    tournament = table.session.tournament
    options = tournament.effective_options
    try:
        return flow.replay(tournament.ruleset, options, posted_records)
    except scoring.ScoringError as error:
        index = getattr(error, "hand_index", None)
        raise from_scoring(error, hand_number=None if index is None else index + 1) from error


def _stored_record(table: Table, filled: dict) -> dict:
    record = dict(filled)
    record.pop("options", None)
    record["ruleset"] = table.session.tournament.ruleset
    return record


def _next_hand(table: Table, posted: dict, existing: list[Hand]) -> tuple[dict, dict, flow.TableState]:
    """Complete and settle the hand after ``existing``: (stored record, result, state before it)."""
    tournament = table.session.tournament
    options = tournament.effective_options
    _steps, state = _replay(table, [posted_part(h.record) for h in existing])
    if state.complete:
        raise ServiceError("game_complete", _("This game is complete; no more hands can be entered."), status=409)
    try:
        filled, result = flow.settle_at_table(tournament.ruleset, options, state, posted)
    except scoring.ScoringError as error:
        raise from_scoring(error) from error
    return _stored_record(table, filled), result, state


def _snapshot(hand: Hand) -> dict:
    return {"record": hand.record, "result": hand.result, "dealer": hand.dealer,
            "prevailing_wind": hand.prevailing_wind, "version": hand.version}


def _locked_table(table_id: int) -> Table:
    # NO KEY UPDATE: serialises writers of this table without blocking foreign-key checks of the
    # standings recompute; of=self leaves the joined session and tournament rows unlocked.
    locked = Table.objects.select_for_update(no_key=True, of=("self",))
    return locked.select_related("session__tournament").get(pk=table_id)


def _ensure_open(table: Table) -> None:
    if table.closed:
        raise ServiceError("table_closed", _("This table's game is closed; an administrator can reopen it."),
                           status=409)


def hand_preview(*, table: Table, record) -> dict:
    """Settle the next hand without storing it: what the score sheet shows while the referee types."""
    posted = _clean_posted(record)
    existing = list(table.hands.order_by("number"))
    stored, result, state = _next_hand(table, posted, existing)
    return {"record": stored, "result": result, "dealer": state.dealer, "prevailing_wind": state.prevailing_wind}


@transaction.atomic
def hand_record(*, table: Table, record, user) -> Hand:
    """Store the next hand of a table's game, numbered after the last one."""
    posted = _clean_posted(record)
    table = _locked_table(table.pk)
    _ensure_open(table)
    existing = list(table.hands.order_by("number"))
    stored, result, state = _next_hand(table, posted, existing)
    hand = Hand.objects.create(
        table=table, number=len(existing) + 1, record=stored, result=result,
        dealer=state.dealer, prevailing_wind=state.prevailing_wind, entered_by=user,
    )
    HandRevision.objects.create(hand=hand, table=table, number=hand.number, action=HandRevision.Action.CREATE,
                                version=hand.version, before=None, after=_snapshot(hand), user=user)
    standings_request(tournament_id=table.session.tournament_id)
    return hand


@transaction.atomic
def hand_correct(*, hand: Hand, record, version: int, user) -> Hand:
    """Replace a hand's record and re-derive every later hand of the game (dealer, wind, counters,
    balances), all in one transaction; refuse with 409 when someone else changed it first."""
    posted = _clean_posted(record)
    table = _locked_table(hand.table_id)
    _ensure_open(table)
    hands = list(table.hands.order_by("number"))
    current = next((h for h in hands if h.pk == hand.pk), None)
    if current is None:
        raise ServiceError("not_found", _("This hand no longer exists."), status=404)
    if current.version != version:
        raise Conflict("version_conflict",
                       _("Someone else changed this hand first. Reload it and enter your correction again."),
                       extra={"current_version": current.version})
    records = [posted if h.pk == current.pk else posted_part(h.record) for h in hands]
    steps, _state = _replay(table, records)
    revisions = []
    for h, step in zip(hands, steps, strict=True):
        new_record = _stored_record(table, step.record)
        changed = (h.record != new_record or h.result != step.result or h.dealer != step.dealer
                   or h.prevailing_wind != step.prevailing_wind)
        if not changed and h.pk != current.pk:
            continue
        before = _snapshot(h)
        h.record, h.result, h.dealer, h.prevailing_wind = new_record, step.result, step.dealer, step.prevailing_wind
        h.version += 1
        h.save(update_fields=["record", "result", "dealer", "prevailing_wind", "version", "updated_at"])
        action = HandRevision.Action.UPDATE if h.pk == current.pk else HandRevision.Action.REDERIVE
        revisions.append(HandRevision(hand=h, table=table, number=h.number, action=action, version=h.version,
                                      before=before, after=_snapshot(h), user=user))
        if h.pk == current.pk:
            current = h
    HandRevision.objects.bulk_create(revisions)
    standings_request(tournament_id=table.session.tournament_id)
    return current


@transaction.atomic
def hand_delete(*, hand: Hand, user) -> None:
    """Remove the last hand of a table; its history stays."""
    table = _locked_table(hand.table_id)
    _ensure_open(table)
    last = table.hands.order_by("-number").first()
    if last is None or last.pk != hand.pk:
        raise ServiceError("not_last_hand", _("Only the last hand of a table can be deleted."), status=409)
    HandRevision.objects.create(hand=None, table=table, number=last.number, action=HandRevision.Action.DELETE,
                                version=last.version, before=_snapshot(last), after=None, user=user)
    last.delete()
    standings_request(tournament_id=table.session.tournament_id)


def table_close(*, table: Table, user) -> Table:
    with transaction.atomic():
        table = _locked_table(table.pk)
        if table.closed:
            return table
        if not table.hands.exists():
            raise ServiceError("table_empty", _("A table without hands cannot be closed."), status=409)
        table.closed, table.closed_at = True, timezone.now()
        table.save(update_fields=["closed", "closed_at"])
        standings_request(tournament_id=table.session.tournament_id)
        session_changed(tournament_id=table.session.tournament_id, number=table.session.number, tables=True)
    return table


def table_reopen(*, table: Table, user) -> Table:
    if not is_league_admin(user):
        raise ServiceError("forbidden", _("Only administrators can reopen a closed game."), status=403)
    with transaction.atomic():
        table = _locked_table(table.pk)
        table.closed, table.closed_at = False, None
        table.save(update_fields=["closed", "closed_at"])
        standings_request(tournament_id=table.session.tournament_id)
        session_changed(tournament_id=table.session.tournament_id, number=table.session.number, tables=True)
    return table
