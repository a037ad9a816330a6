"""A Redis cache that forgives an unreachable Redis: every read answers "not cached", every write
is dropped, and the request goes on. The page cache renders afresh, the login brake and the API's
throttles count in the database while Redis is away (league.ratelimit uses ``strict``), failures
are logged at most once a minute per process, and nothing a user sent is lost for want of a cache.

Django's Redis client makes a new ``redis.Redis`` for every operation, and building one (its table
of response callbacks) costs more than the round trip to Redis (about 75 µs against 40 µs here); a
cached page costs several operations. ``ReusedClients`` keeps one per connection pool: a
``redis.Redis`` is safe to share between threads, its pool hands each command its own connection."""
import logging
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger(__name__)
QUIET_SECONDS = 60


def unreachable(error: Exception) -> bool:
    """Whether ``error`` says the cache cannot be reached (as opposed to a fault of ours)."""
    from redis import exceptions

    return isinstance(error, exceptions.ConnectionError | exceptions.TimeoutError | OSError)


class ReusedClients(RedisCacheClient):
    """Django's Redis cache client, with one ``redis.Redis`` per connection pool instead of one per
    operation."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ForgivingRedisCache(RedisCache):
    _last_warning = 0.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClients

    @property
    def strict(self):
        """The same cache without forgiveness: its errors reach the caller. Rate limits use it, to
        count somewhere else while Redis is away instead of not at all (league.ratelimit)."""
        return super()

    def validate_key(self, key):
        """Nothing to check: Redis takes any key. Django's check warns about keys memcached would
        refuse, walking every character of every key in Python, which was a tenth of a kept page's
        time (issue 40); league.cache keeps its keys within memcached's rules by itself, and the
        tests, on Django's local-memory cache, check them still."""

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
