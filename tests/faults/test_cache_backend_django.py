"""league.cache_backend leans on private parts of Django's Redis cache (``RedisCache._class`` and
``_cache``, ``RedisCacheClient._client`` and ``_get_connection_pool``). These tests pin each of
them without a Redis, so that a Django upgrade that moves one fails here and not in production."""
import inspect

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

from league.cache_backend import ForgivingRedisCache, ReusedClients

NOWHERE = "redis://127.0.0.1:1/0"  # never connected to: building clients and pools opens no socket


def test_django_builds_the_client_from_the_class_the_backend_sets():
    cache = ForgivingRedisCache(NOWHERE, {})
    assert type(cache._cache) is ReusedClients


def test_the_client_keeps_one_redis_per_pool_built_from_djangos_pool_and_client_class():
    client = ForgivingRedisCache(NOWHERE, {})._cache
    assert list(inspect.signature(RedisCacheClient._get_connection_pool).parameters) == ["self", "write"]
    assert client._client is redis.Redis
    reader = client.get_client()
    assert isinstance(reader, redis.Redis) and reader is client.get_client("key")
    assert reader.connection_pool is client._get_connection_pool(False)
    assert client.get_client(write=True).connection_pool is client._get_connection_pool(True)


def test_every_operation_of_djangos_redis_cache_is_forgiven():
    # get_backend_timeout computes a number and never reaches Redis
    operations = {name for name, value in vars(RedisCache).items()
                  if not name.startswith("_") and callable(value)} - {"get_backend_timeout"}
    assert operations <= set(vars(ForgivingRedisCache))


def test_an_unreachable_redis_reads_as_not_cached():
    cache = ForgivingRedisCache(NOWHERE, {"OPTIONS": {"socket_connect_timeout": 0.5}})
    assert cache.get("league:test", "default") == "default"
    assert cache.get_many(["a", "b"]) == {} and cache.add("a", 1) is True
