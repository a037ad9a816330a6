"""Seat codes: most club players have no account, so the control room prints on each seat's card a
short code that lets whoever sits there enter and confirm at that table, for that session only
(league.models.SeatCode). No e-mail, no account of their own.

A code is 8 characters from 31 that cannot be mistaken for one another (no 0/O, 1/I/L), about 40
bits drawn by ``secrets``: with ``SEAT_CODE_FAILURES_PER_HOUR`` wrong tries an hour from one address
guessing one is hopeless. Only wrong tries count against an address, since a whole hall may share
one. A code is valid for ``SEAT_CODE_HOURS`` from when it was first printed, and dies with its seat
(a new draw replaces the seats). Its first use makes the seat's own sign-in (a user without a
password, a player or a role); permissions ask ``league.permissions.seated_player``, which reads
the code, so the sign-in is the seated player at that table while the code is valid and nobody
anywhere after. ``seat_codes_retire`` (hourly, on the beat) then switches the sign-in off for good:
kept, not deleted, so that the hands and confirmations it entered still say which seat did."""
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import ServiceError
from ..models import Seat, SeatCode, Session
from ..ratelimit import Rate, rate_exceeded, rate_hit

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 8
FAILURE_WINDOW_S = 3600
WIND_LETTERS = "ESWN"
SIGN_IN_PREFIX = "seat-"


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown_code(code: str) -> str:
    """As printed and read aloud: two groups of four ("K7M4-QP2X")."""
    return f"{code[:4]}-{code[4:]}"


def typed_code(text: str) -> str:
    """What someone typed, as stored: capitals, without spaces or dashes."""
    return "".join(c for c in str(text or "").upper() if c.isalnum())


@transaction.atomic
def seat_codes_for(*, session: Session) -> list[SeatCode]:
    """Every seat's code in the session (table by table, East first): the valid ones as they are,
    a new one for a seat without a valid code."""
    now = timezone.now()
    seats = list(Seat.objects.select_for_update().filter(session=session).select_related("table", "player")
                 .order_by("table__number", "position"))
    SeatCode.objects.filter(seat__in=seats, expires_at__lte=now).delete()
    kept = {code.seat_id: code for code in SeatCode.objects.filter(seat__in=seats)}
    expires = now + timedelta(hours=settings.SEAT_CODE_HOURS)
    for seat in seats:
        if seat.pk not in kept:
            for _attempt in range(5):  # a clash of two random codes is rare; retry it, never reuse one
                try:
                    with transaction.atomic():
                        kept[seat.pk] = SeatCode.objects.create(seat=seat, code=new_code(), expires_at=expires)
                    break
                except IntegrityError:
                    continue
    for seat in seats:
        kept[seat.pk].seat = seat
    return [kept[seat.pk] for seat in seats]


def _refused() -> ServiceError:
    return ServiceError("bad_code", _("This code is not valid (any more). Check it on your seat card, or ask the "
                                      "director."), fields={"code": [_("Not valid.")]}, status=400)


def seat_code_redeem(*, code: str, client: str) -> SeatCode:
    """The valid code typed in, with its sign-in (made on first use). Wrong tries count against the
    client's address; past ``SEAT_CODE_FAILURES_PER_HOUR`` an hour every try is refused (429). Not
    one transaction: a wrong try is counted even where the count falls back to the database."""
    rate = Rate("seat-code", settings.SEAT_CODE_FAILURES_PER_HOUR, FAILURE_WINDOW_S)
    subject = f"address:{client}"
    if rate_exceeded(rate, subject):
        raise ServiceError("throttled", _("Too many wrong codes from this address; please try again in an hour."),
                           status=429)
    typed = typed_code(code)
    found = (SeatCode.objects.filter(code=typed, expires_at__gt=timezone.now()).first()
             if len(typed) == LENGTH else None)
    if found is None:
        rate_hit(rate, subject)
        raise _refused()
    return _signed_in(found)


@transaction.atomic
def _signed_in(code: SeatCode) -> SeatCode:
    """The code with its sign-in, made once however many phones use the code at the same moment."""
    code = (SeatCode.objects.select_for_update(of=("self",)).select_related("seat__table__session", "user")
            .get(pk=code.pk))
    if code.user is None:
        seat, table = code.seat, code.seat.table
        username = (f"{SIGN_IN_PREFIX}{table.session.tournament_id}-{table.session.number}-{table.number}-"
                    f"{WIND_LETTERS[seat.position]}-{code.pk}")
        code.user = get_user_model().objects.create_user(username=username)  # no password: only the code
        code.save(update_fields=["user"])
    return code


@transaction.atomic
def seat_codes_retire() -> int:
    """Expired codes deleted and every seat sign-in without a valid code (expired, or its seat drawn
    again) switched off: Django lets no inactive user in, so its sessions end on their next request.
    A seat sign-in is known by its name, no password, no player and no role. How many were retired."""
    now = timezone.now()
    SeatCode.objects.filter(expires_at__lte=now).delete()
    retired = (get_user_model().objects
               .filter(username__startswith=SIGN_IN_PREFIX, is_active=True, password__startswith="!",
                       seat_code__isnull=True, player__isnull=True, roles__isnull=True))
    return retired.update(is_active=False)
