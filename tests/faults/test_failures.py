"""Findings 5 and 11: with the cache's Redis unreachable the site works without a cache (the hand
is stored, the pages and logins answer); the API's failures are JSON, 503 while the database is
unreachable."""
import os

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from rest_framework.authtoken.models import Token

from league.api import directory
from league.models import Hand
from tests.factories import UserFactory, client_for, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db
CLOSED_PORT = "redis://127.0.0.1:9/0"  # nothing listens on the discard port


@pytest.fixture
def cache_down(settings):
    settings.CACHES = {"default": {"BACKEND": "league.cache_backend.ForgivingRedisCache", "LOCATION": CLOSED_PORT,
                                   "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}}


def test_with_the_cache_down_pages_logins_and_tokens_answer(cache_down, client, api):
    UserFactory(username="ref")
    assert client.get("/").status_code == 200
    assert client.post("/login/", {"username": "ref", "password": "wrong"}).status_code == 200
    assert client.post("/login/", {"username": "ref", "password": "secret-pass-123"}).status_code == 302
    response = api.post("/api/v1/auth/token/", {"username": "ref", "password": "secret-pass-123"}, format="json")
    assert response.status_code == 200 and Token.objects.filter(key=response.json()["token"]).exists()


def test_with_the_cache_down_a_hand_is_stored(cache_down):
    table = table_with_players()
    response = client_for(referee_for(table.session.tournament)).post(
        f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert response.status_code == 201 and Hand.objects.filter(table=table).count() == 1


def test_an_unreachable_database_is_a_json_503(api, monkeypatch):
    def unreachable(self, *args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", unreachable)
    response = api.get("/api/v1/players/")
    assert response.status_code == 503 and response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["code"] == "unavailable"


def test_a_fault_of_ours_in_the_api_is_a_json_500(api, monkeypatch):
    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(directory.PlayerViewSet, "get_queryset", broken)
    response = api.get("/api/v1/players/")
    assert response.status_code == 500 and response.json()["error"]["code"] == "server_error"


def test_an_unknown_api_address_is_a_json_404(api):
    response = api.get("/api/v1/no-such-thing/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"


@pytest.mark.skipif(not os.environ.get("CELERY_BROKER_URL", "").startswith("redis"),
                    reason="needs a real Redis (CI's CELERY_BROKER_URL points at one)")
def test_the_redis_cache_keeps_one_client_per_pool_and_still_reads_and_writes():
    """Building a redis.Redis costs more than a round trip: the backend keeps one per pool."""
    from league.cache_backend import ForgivingRedisCache

    url = os.environ["CELERY_BROKER_URL"].rsplit("/", 1)[0] + "/14"
    cache = ForgivingRedisCache(url, {})
    assert cache._cache.get_client() is cache._cache.get_client()
    cache.set("league:test:reused", {"a": 1}, 30)
    assert cache.get_many(["league:test:reused", "league:test:none"]) == {"league:test:reused": {"a": 1}}
    assert cache.add("league:test:reused", 2) is False and cache.add("league:test:n", 1) is True
    assert cache.incr("league:test:n", 2) == 3
    cache.delete_many(["league:test:reused", "league:test:n"])
    assert cache.get("league:test:reused") is None
