"""The login brake shared by the site's login, the admin's and the API's token endpoint: after
``MAX_FAILURES`` failed attempts from one address within ``WINDOW`` seconds, further attempts are
refused for ``WINDOW`` seconds.

Attempts are counted twice, under the username as people can spell it (Unicode NFKC, case-folded:
"ｖictim", "Victim" and "victim" are one name) and under the account that spelling logs in to, so
no other spelling of a locked name gets further guesses. Counters live in Django's cache, shared
by all web processes when the cache is (redis). The address is the one the API's throttles use,
so ``NUM_PROXIES`` tells both where the client's address is behind a reverse proxy."""
import hashlib
import unicodedata

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils.translation import gettext as _
from rest_framework.throttling import BaseThrottle

MAX_FAILURES = 5
WINDOW = 15 * 60


def folded_username(username: str) -> str:
    return unicodedata.normalize("NFKC", username or "").strip().casefold()


def _subjects(username: str) -> list[str]:
    """What the attempt counts against: the folded name, and the account it would log in to."""
    subjects = [f"name:{folded_username(username)}"]
    users = get_user_model()
    name = unicodedata.normalize("NFKC", username or "")  # as the login forms normalise it
    account = users._default_manager.filter(**{users.USERNAME_FIELD: name}).values_list(
        "pk", flat=True).first() if name and "\x00" not in name else None
    if account is not None:
        subjects.append(f"user:{account}")
    return subjects


def _key(kind: str, request, subject: str) -> str:
    address = BaseThrottle().get_ident(request)
    digest = hashlib.sha256(f"{subject}|{address}".encode()).hexdigest()[:32]
    return f"login:{kind}:{digest}"


def login_locked(request, username: str) -> bool:
    keys = [_key("lock", request, subject) for subject in _subjects(username)]
    return any(cache.get_many(keys).values())


def login_failed(request, username: str) -> None:
    for subject in _subjects(username):
        fail_key = _key("fail", request, subject)
        cache.add(fail_key, 0, WINDOW)
        try:
            failures = cache.incr(fail_key)
        except ValueError:  # expired between add and incr
            cache.set(fail_key, 1, WINDOW)
            failures = 1
        if failures >= MAX_FAILURES:
            cache.set(_key("lock", request, subject), True, WINDOW)
            cache.delete(fail_key)


def login_succeeded(request, username: str) -> None:
    cache.delete_many([_key("fail", request, subject) for subject in _subjects(username)])


def locked_message() -> str:
    return _("Too many failed attempts. Please wait 15 minutes before trying again.")
