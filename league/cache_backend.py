"""A Redis cache that forgives an unreachable Redis: every read answers "not cached", every write
is dropped, and the request goes on. The page cache renders afresh, the login brake and the API's
throttles count in the database while Redis is away (league.ratelimit uses ``strict``), failures
are logged at most once a minute per process, and nothing a user sent is lost for want of a cache."""
import logging
import time

from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)
QUIET_SECONDS = 60


def unreachable(error: Exception) -> bool:
    """Whether ``error`` says the cache cannot be reached (as opposed to a fault of ours)."""
    from redis import exceptions

    return isinstance(error, exceptions.ConnectionError | exceptions.TimeoutError | OSError)


class ForgivingRedisCache(RedisCache):
    _last_warning = 0.0

    @property
    def strict(self):
        """The same cache without forgiveness: its errors reach the caller. Rate limits use it, to
        count somewhere else while Redis is away instead of not at all (league.ratelimit)."""
        return super()

    def _failed(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        if now - ForgivingRedisCache._last_warning > QUIET_SECONDS:
            ForgivingRedisCache._last_warning = now
            logger.warning("cache unreachable (%s: %s); going on without it", operation, error)

    def _forgiving(self, operation: str, call, fallback):
        try:
            return call()
        except Exception as error:
            if not unreachable(error):
                raise
            self._failed(operation, error)
            return fallback

    def get(self, key, default=None, version=None):
        return self._forgiving("get", lambda: super(ForgivingRedisCache, self).get(key, default, version), default)

    def get_many(self, keys, version=None):
        return self._forgiving("get_many", lambda: super(ForgivingRedisCache, self).get_many(keys, version), {})

    def has_key(self, key, version=None):
        return self._forgiving("has_key", lambda: super(ForgivingRedisCache, self).has_key(key, version), False)

    def add(self, key, value, timeout=None, version=None):
        # Not stored: report it as stored, so that nobody waits for a value that never comes.
        return self._forgiving("add", lambda: super(ForgivingRedisCache, self).add(key, value, timeout, version),
                               True)

    def set(self, key, value, timeout=None, version=None):
        self._forgiving("set", lambda: super(ForgivingRedisCache, self).set(key, value, timeout, version), None)

    def set_many(self, data, timeout=None, version=None):
        return self._forgiving("set_many",
                               lambda: super(ForgivingRedisCache, self).set_many(data, timeout, version), [])

    def touch(self, key, timeout=None, version=None):
        return self._forgiving("touch", lambda: super(ForgivingRedisCache, self).touch(key, timeout, version),
                               False)

    def delete(self, key, version=None):
        return self._forgiving("delete", lambda: super(ForgivingRedisCache, self).delete(key, version), False)

    def delete_many(self, keys, version=None):
        self._forgiving("delete_many", lambda: super(ForgivingRedisCache, self).delete_many(keys, version), None)

    def incr(self, key, delta=1, version=None):
        return self._forgiving("incr", lambda: super(ForgivingRedisCache, self).incr(key, delta, version), delta)

    def clear(self):
        return self._forgiving("clear", lambda: super(ForgivingRedisCache, self).clear(), False)
