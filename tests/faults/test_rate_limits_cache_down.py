"""Protections do not fail open while the cache is down: with the cache's Redis on a dead port the
login brake, the API's token rate limit, the sign-up limit and the public scoring throttle go on
counting (in the database: league.ratelimit), and the right password still logs in."""
import pytest
from django.core import mail

from league import ratelimit
from league.models import RateCount
from tests.factories import AdminFactory, TournamentFactory, client_for

pytestmark = pytest.mark.django_db

DEAD_PORT = "redis://127.0.0.1:9/0"  # nothing listens on the discard port


@pytest.fixture
def cache_down(settings, monkeypatch):
    settings.CACHES = {"default": {"BACKEND": "league.cache_backend.ForgivingRedisCache", "LOCATION": DEAD_PORT,
                                   "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}}
    monkeypatch.setattr(ratelimit, "_cache_down_until", 0.0)


def test_with_the_cache_down_the_login_still_locks_after_five_failures(cache_down, client):
    AdminFactory(username="boss")
    statuses = [client.post("/login/", {"username": "boss", "password": "wrong"}).status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    assert client.post("/login/", {"username": "boss", "password": "secret-pass-123"}).status_code == 429
    assert RateCount.objects.exists()


def test_with_the_cache_down_the_admin_login_locks_too(cache_down, client):
    AdminFactory(username="boss")
    statuses = [client.post("/admin/login/", {"username": "boss", "password": "wrong"}).status_code
                for _ in range(6)]
    assert statuses[-1] == 429


def test_with_the_cache_down_the_token_endpoint_is_still_rate_limited(cache_down, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "login": "3/min"}}
    api = client_for(None)
    statuses = [api.post("/api/v1/auth/token/", {"username": f"nobody{n}", "password": "x"}, format="json")
                .status_code for n in range(4)]
    assert statuses == [400, 400, 400, 429]


def test_with_the_cache_down_the_right_password_still_gets_a_token(cache_down):
    AdminFactory(username="boss")
    response = client_for(None).post("/api/v1/auth/token/", {"username": "boss", "password": "secret-pass-123"},
                                     format="json")
    assert response.status_code == 200


def test_with_the_cache_down_sign_ups_are_still_limited_per_address(cache_down, settings,
                                                                    django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SIGNUP_RATE_PER_HOUR = 2
    tournament = TournamentFactory(registration_open=True, status="registration")
    api = client_for(None)
    statuses = []
    for n in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            statuses.append(api.post(f"/api/v1/tournaments/{tournament.pk}/signups/",
                                     {"first_name": "Eva", "last_name": f"Muster{n}", "email": f"e{n}@example.org",
                                      "consent": True},
                                     format="json").status_code)
    assert statuses == [202, 202, 429] and len(mail.outbox) == 2


def test_with_the_cache_down_the_public_scoring_endpoint_is_still_throttled(cache_down, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "scoring_anon": "2/min"}}
    api = client_for(None)
    statuses = [api.post("/api/v1/settle/", {"ruleset": "dmjl-classical", "dealer": 0, "outcome": "draw"},
                         format="json").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_a_rate_counts_as_a_sliding_window_across_the_boundary(monkeypatch):
    rate = ratelimit.Rate("test", 4, 60)
    monkeypatch.setattr(ratelimit, "_now", lambda: 600 + 50.0)  # late in one window
    assert all(ratelimit.rate_attempt(rate, "x") for _ in range(4))
    monkeypatch.setattr(ratelimit, "_now", lambda: 660 + 6.0)  # early in the next: 90% of the 4 still count
    assert ratelimit.rate_attempt(rate, "x") and not ratelimit.rate_attempt(rate, "x")
    monkeypatch.setattr(ratelimit, "_now", lambda: 720 + 30.0)  # a window on: half of the last window's 1
    assert [ratelimit.rate_attempt(rate, "x") for _ in range(5)] == [True, True, True, True, False]
