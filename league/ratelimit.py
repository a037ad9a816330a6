"""The one rate-limit primitive: logins, API tokens, sign-ups and the public scoring endpoints all
count here, and name the client one way (``client_address``, which honours ``NUM_PROXIES``).

A ``Rate`` allows ``limit`` events per ``window`` seconds for one subject (a client address, a user,
a username with an address). Counts are kept per fixed window and read as a sliding window: the
current window's count plus the previous one's weighted by the part of it still inside the sliding
window, so a burst across a window boundary gets no double allowance.

Counters live in Django's cache (Redis, shared by every web process). While the cache cannot be
reached they are kept in the database instead (``RateCount``), so a cache outage is not an open
door: the limits go on counting, only against a fresh count.
"""
import hashlib
import logging
import math
import time
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from .cache_backend import unreachable
from .clients import client_address
from .models import RateCount

logger = logging.getLogger(__name__)

# After a failed cache call, go straight to the database for this long (no timeout per request).
CACHE_RETRY_SECONDS = 5.0
_cache_down_until = 0.0

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    scope: str
    limit: int
    window: int  # seconds

    @classmethod
    def parse(cls, scope: str, text: str) -> "Rate":
        """``"10/min"``, ``"60/m"``, ``"600/hour"`` as DRF writes rates."""
        count, _slash, period = text.partition("/")
        return cls(scope, int(count), _PERIODS[period[:1].lower()])


def _now() -> float:
    return time.time()


def _keys(rate: Rate, subject: str, now: float) -> tuple[str, str, float]:
    """The keys of the current and previous windows, and how far into the current one ``now`` is."""
    digest = hashlib.sha256(f"{rate.scope}|{subject}".encode()).hexdigest()[:32]
    index, into = divmod(now, rate.window)
    return f"rate:{digest}:{int(index)}", f"rate:{digest}:{int(index) - 1}", into / rate.window


def _strict_cache():
    return getattr(cache, "strict", cache)


def _cache_usable() -> bool:
    return time.monotonic() >= _cache_down_until


def _cache_failed(error: Exception) -> None:
    global _cache_down_until
    _cache_down_until = time.monotonic() + CACHE_RETRY_SECONDS
    logger.warning("rate limits count in the database: cache unreachable (%s)", error)


def _read(keys: list[str]) -> dict[str, int]:
    if _cache_usable():
        try:
            return _strict_cache().get_many(keys)
        except Exception as error:
            if not unreachable(error):
                raise
            _cache_failed(error)
    now = timezone.now()
    return dict(RateCount.objects.filter(key__in=keys, expires_at__gt=now).values_list("key", "count"))


def _increment(key: str, ttl: int) -> None:
    if _cache_usable():
        try:
            strict = _strict_cache()
            strict.add(key, 0, ttl)
            try:
                strict.incr(key)
            except ValueError:  # expired between add and incr
                strict.set(key, 1, ttl)
            return
        except Exception as error:
            if not unreachable(error):
                raise
            _cache_failed(error)
    now = timezone.now()
    with transaction.atomic():
        if not RateCount.objects.filter(key=key).update(count=F("count") + 1):
            try:
                with transaction.atomic():
                    RateCount.objects.create(key=key, count=1, expires_at=now + timedelta(seconds=ttl))
            except IntegrityError:  # another process created it meanwhile
                RateCount.objects.filter(key=key).update(count=F("count") + 1)
        RateCount.objects.filter(expires_at__lte=now).delete()


def _delete(keys: list[str]) -> None:
    if _cache_usable():
        try:
            _strict_cache().delete_many(keys)
        except Exception as error:
            if not unreachable(error):
                raise
            _cache_failed(error)
    RateCount.objects.filter(key__in=keys).delete()


def rate_used(rate: Rate, subject: str) -> float:
    """How many events ``subject`` has had in the sliding window ending now."""
    current, previous, into = _keys(rate, subject, _now())
    counts = _read([current, previous])
    return counts.get(current, 0) + counts.get(previous, 0) * (1.0 - into)


def rate_exceeded(rate: Rate, subject: str) -> bool:
    """Whether ``subject`` has used up its allowance (the next event would be one too many)."""
    return rate_used(rate, subject) >= rate.limit


def rate_hit(rate: Rate, subject: str) -> None:
    """Count one event of ``subject``."""
    current, _previous, _into = _keys(rate, subject, _now())
    _increment(current, 2 * rate.window)


def rate_attempt(rate: Rate, subject: str) -> bool:
    """Count one event unless the allowance is used up; False (not counted) when it is."""
    if rate_exceeded(rate, subject):
        return False
    rate_hit(rate, subject)
    return True


def rate_clear(rate: Rate, subject: str) -> None:
    """Forget ``subject``'s events (a successful login clears its failures)."""
    current, previous, _into = _keys(rate, subject, _now())
    _delete([current, previous])


def rate_wait(rate: Rate) -> int:
    """Seconds until the current window ends: when to try again, at the latest."""
    return max(1, math.ceil(rate.window - _now() % rate.window))


class RateThrottle(BaseThrottle):
    """DRF's throttle on the primitive: ``scope`` names the rate in ``DEFAULT_THROTTLE_RATES``; a
    logged-in user is counted by account, everyone else by address (``client_address``)."""

    scope = ""
    users_only = False  # count only logged-in users (another throttle counts the others)
    anonymous_only = False
    THROTTLE_RATES: dict | None = None  # as DRF's throttles: None reads the settings' rates

    def rate(self) -> Rate:
        rates = self.THROTTLE_RATES or api_settings.DEFAULT_THROTTLE_RATES
        return Rate.parse(self.scope, rates[self.scope])

    def subject(self, request) -> str | None:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return None if self.anonymous_only else f"user:{user.pk}"
        return None if self.users_only else f"address:{client_address(request)}"

    def allow_request(self, request, view) -> bool:
        subject = self.subject(request)
        return subject is None or rate_attempt(self.rate(), subject)

    def wait(self) -> float:
        return rate_wait(self.rate())
