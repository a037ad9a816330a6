"""The login brake shared by the site's login, the admin's and the API's token endpoint: after
``MAX_FAILURES`` failed attempts from one address within ``WINDOW`` seconds, further attempts are
refused until the window has moved on. Past ``ACCOUNT_FAILURES`` of one account from all addresses
together, the account takes one attempt per ``ACCOUNT_PACE`` window: slowed, never locked out.

Attempts are counted twice, under the username as people can spell it (Unicode NFKC, case-folded:
"ｖictim", "Victim" and "victim" are one name) and under the account that spelling logs in to, so
no other spelling of a locked name gets further guesses. The counting is league.ratelimit's (in the
cache, in the database while the cache is down), and so is the client's address, so
``NUM_PROXIES`` tells the brake and the API's throttles alike where it is behind a reverse proxy.

Also the brake on requests for a new password (``password_reset_allowed``), per address and per
e-mail address."""
import unicodedata

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from ..clients import client_address
from ..ratelimit import Rate, rate_attempt, rate_clear, rate_exceeded, rate_hit

MAX_FAILURES = 5
WINDOW = 15 * 60
FAILURES = Rate("login-failures", MAX_FAILURES, WINDOW)
# one account's failures from every address together; past them, its attempts are paced
ACCOUNT_FAILURES = Rate("login-account-failures", 10, WINDOW)
ACCOUNT_PACE = Rate("login-account-pace", 1, 10)


def folded_username(username: str) -> str:
    return unicodedata.normalize("NFKC", username or "").strip().casefold()


def _account(username: str) -> int | None:
    """The id of the account ``username`` logs in to, or None."""
    users = get_user_model()
    name = unicodedata.normalize("NFKC", username or "")  # as the login forms normalise it
    if not name or "\x00" in name:
        return None
    return users._default_manager.filter(**{users.USERNAME_FIELD: name}).values_list("pk", flat=True).first()


def _subjects(request, username: str) -> list[str]:
    """What the attempt counts against, from this address: the folded name, and the account it
    would log in to."""
    address = client_address(request)
    subjects = [f"name:{folded_username(username)}|{address}"]
    account = _account(username)
    if account is not None:
        subjects.append(f"user:{account}|{address}")
    return subjects


def login_refusal(request, username: str) -> str | None:
    """Why this attempt is refused before its password is tried (429), or None. Locked: the name or
    its account failed ``MAX_FAILURES`` times from this address. Slowed: the account failed
    ``ACCOUNT_FAILURES.limit`` times from any addresses, so it takes one attempt per
    ``ACCOUNT_PACE.window`` seconds from wherever they come: guessing from many addresses gains
    nothing, and the owner waits seconds, never a lockout."""
    if any(rate_exceeded(FAILURES, subject) for subject in _subjects(request, username)):
        return _("Too many failed attempts. Please wait 15 minutes before trying again.")
    account = _account(username)
    if account is not None and rate_exceeded(ACCOUNT_FAILURES, f"user:{account}") and not rate_attempt(
            ACCOUNT_PACE, f"user:{account}"):
        return _("This account has had many failed logins; it takes one attempt every few seconds. Please "
                 "try again in %(seconds)s seconds.") % {"seconds": ACCOUNT_PACE.window}
    return None


def login_failed(request, username: str) -> None:
    for subject in _subjects(request, username):
        rate_hit(FAILURES, subject)
    account = _account(username)
    if account is not None:  # counted for the account from every address (not cleared by a success)
        rate_hit(ACCOUNT_FAILURES, f"user:{account}")


def login_succeeded(request, username: str) -> None:
    for subject in _subjects(request, username):
        rate_clear(FAILURES, subject)


# ---- password reset: the requests one address, and one e-mail address, may make ----

RESET_WINDOW = 3600


def password_reset_allowed(request, email: str) -> bool:
    """Count one password-reset request, unless this client address or this e-mail address has used
    up its ``PASSWORD_RESET_RATE_PER_HOUR`` (then False, nothing counted). Counting the e-mail
    address too keeps many addresses from flooding one mailbox; whether the e-mail address belongs
    to an account plays no part, so the answer gives nothing away."""
    rate = Rate("password-reset", settings.PASSWORD_RESET_RATE_PER_HOUR, RESET_WINDOW)
    subjects = [f"address:{client_address(request)}",
                f"email:{unicodedata.normalize('NFKC', email or '').strip().casefold()}"]
    if any(rate_exceeded(rate, subject) for subject in subjects):
        return False
    for subject in subjects:
        rate_hit(rate, subject)
    return True


def password_reset_refused_message() -> str:
    return _("Too many requests for a new password. Please try again in an hour.")
