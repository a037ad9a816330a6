"""Entering, correcting and deleting hands. Every write goes through here, whether it comes from
a score sheet, the API or the demo generator; every change is kept as a HandRevision."""
import hashlib
import json

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from scoring import flow
from scoring.results import hand_amounts

from ..errors import Conflict, Forbidden, NotFound, ServiceError, from_scoring
from ..hand_facts import STATE_KEYS, TOURNAMENT_KEYS, posted_part
from ..models import Hand, HandRevision, Table
from ..permissions import directs
from .reconfirm import table_reconfirm_ask
from .standings import standings_request
from .tournaments import tournament_status_follow

KEY_MAX_LENGTH = 100


def clean_idempotency_key(key) -> str:
    """The client's Idempotency-Key: any string up to 100 characters ("" when none was sent)."""
    key = "" if key is None else str(key).strip()
    if len(key) > KEY_MAX_LENGTH:
        raise ServiceError("bad_idempotency_key",
                           _("An Idempotency-Key is at most %(max)s characters long.") % {"max": KEY_MAX_LENGTH},
                           fields={"Idempotency-Key": [_("Too long.")]})
    return key


def _clean_number(value) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ServiceError("bad_number", _("The hand number must be a whole number from 1."),
                           fields={"number": [_("Enter a whole number from 1.")]})
    return value


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
        raise Conflict("game_complete", _("This game is complete; no more hands can be entered."))
    try:
        filled, result = flow.settle_at_table(tournament.ruleset, options, state, posted)
    except scoring.ScoringError as error:
        raise from_scoring(error) from error
    return _stored_record(table, filled), result, state


def _snapshot(hand: Hand, seating: tuple[int, ...] | None = None) -> dict:
    """A hand as a revision keeps it; with ``seating`` (the player, by first-round seat, at each of
    the hand's seats: they differ when the players change seats) so that its history names the right
    players."""
    snapshot = {"id": hand.pk, "record": hand.record, "result": hand.result, "dealer": hand.dealer,
                "prevailing_wind": hand.prevailing_wind, "version": hand.version}
    if seating is not None:
        snapshot["seating"] = list(seating)
    return snapshot


def _locked_table(table_id: int) -> Table:
    # NO KEY UPDATE: serialises writers of this table without blocking foreign-key checks of the
    # standings recompute; of=self leaves the joined session and tournament rows unlocked.
    locked = Table.objects.select_for_update(no_key=True, of=("self",))
    return locked.select_related("session__tournament").get(pk=table_id)


def _ensure_open(table: Table) -> None:
    if table.closed:
        raise Conflict("table_closed", _("This table's game is closed; an administrator can reopen it."))


def hand_preview(*, table: Table, record) -> dict:
    """Settle the next hand without storing it: what the score sheet shows while the referee types.
    ``amounts``: what the hand moves each seat by, from the function the list of stored hands uses."""
    posted = _clean_posted(record)
    posted.pop("number", None)
    existing = list(table.hands.order_by("number"))
    stored, result, state = _next_hand(table, posted, existing)
    return {"record": stored, "result": result, "amounts": hand_amounts(result), "dealer": state.dealer,
            "prevailing_wind": state.prevailing_wind}


def request_fingerprint(*, action: str, target: str, body) -> str:
    """What an Idempotency-Key is bound to (the IETF draft's and Stripe's rule): the change asked
    for, its target and a hash of its body as canonical JSON. A repeat must match it exactly."""
    canonical = json.dumps({"action": action, "target": target, "body": body}, sort_keys=True,
                           separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _earlier_request(table: Table, key: str, action: str, fingerprint: str) -> HandRevision | None:
    """The change an Idempotency-Key already made at this table, if any. A key names one request:
    used again for another change, target or body it is refused (422), never answered with the
    other request's hand."""
    if not key:
        return None
    revision = table.hand_revisions.filter(idempotency_key=key).select_related("hand").first()
    if revision is None:
        return None
    # revisions stored before keys were bound carry no fingerprint: only their action is compared
    if revision.action != action or revision.request_hash not in ("", fingerprint):
        raise ServiceError("idempotency_key_reused",
                           _("This Idempotency-Key was already used for another request at this table; "
                             "send a new hand with a new key."),
                           fields={"Idempotency-Key": [_("Already used for another request.")]}, status=422)
    return revision


def _number_conflict(number: int, existing: list[Hand]) -> Conflict:
    count = len(existing)
    extra = {"next_number": count + 1, "hands": count}
    if number <= count:
        return Conflict("hand_number_exists",
                        _("Hand %(number)s is already stored at this table; the next hand is %(next)s.")
                        % {"number": number, "next": count + 1}, extra=extra)
    return Conflict("hand_number_ahead",
                    _("Hand %(number)s cannot be stored before hand %(next)s; the next hand is %(next)s.")
                    % {"number": number, "next": count + 1}, extra=extra)


@transaction.atomic
def hand_record(*, table: Table, record, user, idempotency_key: str = "") -> Hand:
    """Store the next hand of ``table``'s game (only its id is read: the table is locked and read
    here), numbered after the last one.

    A repeat with the same ``idempotency_key`` answers the hand the first request stored (marked
    ``replayed``) instead of storing a second one; a ``number`` in the record must be the next
    hand's number, else 409 (``hand_number_exists`` / ``hand_number_ahead``)."""
    posted = _clean_posted(record)
    fingerprint = request_fingerprint(action=HandRevision.Action.CREATE, target=f"table:{table.pk}", body=posted)
    number = _clean_number(posted.pop("number", None))
    key = clean_idempotency_key(idempotency_key)
    table = _locked_table(table.pk)
    earlier = _earlier_request(table, key, HandRevision.Action.CREATE, fingerprint)
    if earlier is not None:
        if earlier.hand is None:
            raise Conflict("hand_deleted", _("Hand %(number)s was stored with this key and has since been deleted.")
                           % {"number": earlier.number})
        earlier.hand.replayed = True
        return earlier.hand
    _ensure_open(table)
    existing = list(table.hands.order_by("number"))
    if number is not None and number != len(existing) + 1:
        raise _number_conflict(number, existing)
    stored, result, state = _next_hand(table, posted, existing)
    try:  # no savepoint: the Conflict leaves this atomic block, which rolls the whole write back
        hand = Hand.objects.create(
            table=table, number=len(existing) + 1, record=stored, result=result, idempotency_key=key,
            dealer=state.dealer, prevailing_wind=state.prevailing_wind, entered_by=user,
        )
        HandRevision.objects.create(hand=hand, table=table, number=hand.number, idempotency_key=key,
                                    request_hash=fingerprint if key else "", action=HandRevision.Action.CREATE,
                                    version=hand.version, before=None, after=_snapshot(hand, state.seating),
                                    user=user)
    except IntegrityError as error:
        # Only reachable where the table lock is not enforced (SQLite): the database refused a second
        # hand with this number or key. The client's repeat with the same key gets the stored hand.
        raise Conflict("concurrent_write", _("Another entry for this table was stored at the same moment. "
                                             "Send it again to see which hand was stored.")) from error
    hand.replayed = False
    standings_request(tournament_id=table.session.tournament_id)
    tournament_status_follow(tournament=table.session.tournament, hand_played=True)
    return hand


def _corrected_records(table: Table, hand: Hand, record) -> tuple[list[Hand], Hand, list[dict]]:
    """The table's hands, the one corrected, and every hand's posted record with the correction."""
    posted = _clean_posted(record)
    number = _clean_number(posted.pop("number", None))
    hands = list(table.hands.order_by("number"))
    current = next((h for h in hands if h.pk == hand.pk), None)
    if current is None:
        raise NotFound("not_found", _("This hand no longer exists."))
    if number is not None and number != current.number:
        raise Conflict("hand_number_mismatch", _("This correction names hand %(number)s, not hand %(current)s.")
                       % {"number": number, "current": current.number})
    return hands, current, [posted if h.pk == current.pk else posted_part(h.record) for h in hands]


def hand_correction_preview(*, hand: Hand, record) -> list[dict]:
    """What a correction would change, stored nowhere: per hand whose dealer, wind, balances or
    seating change, ``{"number", "dealer": (before, after), "prevailing_wind": (before, after),
    "balances": (before, after), "seating": (before, after)}``; the corrected hand comes first.
    Each side's balances are per seat of that side's ``seating`` (the player, by first-round seat,
    at each seat of the hand's own wind round: they differ only when the players change seats)."""
    table = hand.table
    tournament = table.session.tournament
    hands, current, records = _corrected_records(table, hand, record)
    steps, _state = _replay(table, records)
    seatings = flow.seatings(tournament.ruleset, tournament.effective_options, [h.result for h in hands])
    changes = []
    for h, step, seating in zip(hands, steps, seatings, strict=True):
        balances = list(step.result["balances"])
        if h.pk != current.pk and (h.dealer, h.prevailing_wind, h.result["balances"], seating) == (
                step.dealer, step.prevailing_wind, balances, step.seating):
            continue
        changes.append({"number": h.number, "dealer": (h.dealer, step.dealer),
                        "prevailing_wind": (h.prevailing_wind, step.prevailing_wind),
                        "balances": (list(h.result["balances"]), balances),
                        "seating": (tuple(seating), tuple(step.seating))})
    return changes


@transaction.atomic
def hand_correct(*, hand: Hand, record, version: int, user, idempotency_key: str = "") -> Hand:
    """Replace a hand's record and re-derive every later hand of the game (dealer, wind, counters,
    balances), all in one transaction; refuse with 409 when someone else changed it first.
    A repeat with the same ``idempotency_key`` answers the hand as it is, changing nothing."""
    key = clean_idempotency_key(idempotency_key)
    fingerprint = request_fingerprint(action=HandRevision.Action.UPDATE, target=f"hand:{hand.pk}",
                                      body={"record": record, "version": version})
    table = _locked_table(hand.table_id)
    earlier = _earlier_request(table, key, HandRevision.Action.UPDATE, fingerprint)
    if earlier is not None:
        if earlier.hand is None:
            raise NotFound("not_found", _("This hand no longer exists."))
        earlier.hand.replayed = True
        return earlier.hand
    _ensure_open(table)
    hands, current, records = _corrected_records(table, hand, record)
    if current.version != version:
        raise Conflict("version_conflict",
                       _("Someone else changed this hand first. Reload it and enter your correction again."),
                       extra={"current_version": current.version})
    steps, _state = _replay(table, records)
    tournament = table.session.tournament
    seatings = flow.seatings(tournament.ruleset, tournament.effective_options, [h.result for h in hands])
    revisions = []
    for h, step, seating in zip(hands, steps, seatings, strict=True):
        new_record = _stored_record(table, step.record)
        changed = (h.record != new_record or h.result != step.result or h.dealer != step.dealer
                   or h.prevailing_wind != step.prevailing_wind)
        if not changed and h.pk != current.pk:
            continue
        before = _snapshot(h, seating)
        h.record, h.result, h.dealer, h.prevailing_wind = new_record, step.result, step.dealer, step.prevailing_wind
        h.version += 1
        h.save(update_fields=["record", "result", "dealer", "prevailing_wind", "version", "updated_at"])
        action = HandRevision.Action.UPDATE if h.pk == current.pk else HandRevision.Action.REDERIVE
        revisions.append(HandRevision(hand=h, table=table, number=h.number, action=action, version=h.version,
                                      before=before, after=_snapshot(h, step.seating), user=user,
                                      idempotency_key=key if h.pk == current.pk else "",
                                      request_hash=fingerprint if key and h.pk == current.pk else ""))
        if h.pk == current.pk:
            current = h
    HandRevision.objects.bulk_create(revisions)
    standings_request(tournament_id=table.session.tournament_id)
    current.replayed = False
    return current


def hand_deletion(*, hand_id: int, tables) -> HandRevision | None:
    """The record of an earlier deletion of hand ``hand_id`` at one of ``tables`` (a queryset), so
    that repeating a deletion answers "deleted" instead of touching another hand."""
    return (HandRevision.objects.filter(table__in=tables, action=HandRevision.Action.DELETE, before__id=hand_id)
            .select_related("table__session__tournament").first())


@transaction.atomic
def hand_delete(*, hand: Hand, user, idempotency_key: str = "") -> None:
    """Remove the last hand of a table; its history stays (and with it the hand's id, so that a
    repeated deletion is recognised: ``hand_deletion``)."""
    key = clean_idempotency_key(idempotency_key)
    fingerprint = request_fingerprint(action=HandRevision.Action.DELETE, target=f"hand:{hand.pk}", body=None)
    table = _locked_table(hand.table_id)
    if _earlier_request(table, key, HandRevision.Action.DELETE, fingerprint) is not None:
        return
    _ensure_open(table)
    last = table.hands.order_by("-number").first()
    if last is None or last.pk != hand.pk:
        raise Conflict("not_last_hand", _("Only the last hand of a table can be deleted."))
    HandRevision.objects.create(hand=None, table=table, number=last.number, action=HandRevision.Action.DELETE,
                                version=last.version, before=_snapshot(last), after=None, user=user,
                                idempotency_key=key, request_hash=fingerprint if key else "")
    last.delete()
    standings_request(tournament_id=table.session.tournament_id)


def table_close(*, table: Table, user) -> Table:
    with transaction.atomic():
        table = _locked_table(table.pk)
        if table.closed:
            return table
        if not table.hands.exists():
            raise Conflict("table_empty", _("A table without hands cannot be closed."))
        table.closed, table.closed_at = True, timezone.now()
        table.save(update_fields=["closed", "closed_at"])
        if table.reopened_at is not None:  # closed again after a correction: the players confirm anew
            table_reconfirm_ask(table=table, user=user)
        standings_request(tournament_id=table.session.tournament_id)
    tournament_status_follow(tournament=table.session.tournament)
    return table


def table_reopen(*, table: Table, user) -> Table:
    """Reopen a closed game (those who direct the tournament) to correct it; the players'
    confirmations no longer hold, and closing it again asks them to confirm anew
    (league.services.reconfirm)."""
    if not directs(user, table.session.tournament_id):
        raise Forbidden("forbidden", _("Only administrators can reopen a closed game."))
    with transaction.atomic():
        table = _locked_table(table.pk)
        table.closed, table.closed_at, table.reopened_at = False, None, timezone.now()
        table.save(update_fields=["closed", "closed_at", "reopened_at"])
        table.confirmations.all().delete()
        standings_request(tournament_id=table.session.tournament_id)
    tournament_status_follow(tournament=table.session.tournament)
    return table
