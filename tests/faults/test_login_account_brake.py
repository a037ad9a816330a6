"""Issue 39, finding 8 (logins): the brake counted failures per name and address only, so five
addresses gave 25 guesses a minute at one account. Past ten failures of one account from all
addresses together, the account now takes one attempt every ten seconds, wherever they come from:
guessing from many addresses gains nothing, and the owner is slowed by seconds, never locked out."""
import pytest
from django.core.cache import cache
from django.test import Client

from league import ratelimit
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
T0 = 1_000_000.0


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch):
    cache.clear()
    monkeypatch.setattr(ratelimit, "_now", lambda: T0)
    yield
    cache.clear()


def attempt(address: str, password: str) -> int:
    return Client(REMOTE_ADDR=address).post("/login/", {"username": "victim", "password": password}).status_code


def test_five_addresses_get_no_more_guesses_than_one_account_allows():
    UserFactory(username="victim")
    answers = [attempt(f"10.0.0.{address}", "wrong") for address in range(1, 6) for _ in range(5)]
    tried = [answer for answer in answers if answer != 429]
    assert len(tried) <= 11, answers  # ten failures, then one attempt per ten seconds
    assert 429 in answers


def test_the_owner_is_slowed_by_seconds_not_locked_out(monkeypatch):
    UserFactory(username="victim")
    for address in range(1, 6):
        for _ in range(3):
            attempt(f"10.0.0.{address}", "wrong")
    assert attempt("192.0.2.7", "secret-pass-123") in (302, 429)  # the paced attempt may be taken
    monkeypatch.setattr(ratelimit, "_now", lambda: T0 + 11)
    assert attempt("192.0.2.7", "secret-pass-123") == 302


def test_an_account_with_few_failures_is_not_paced():
    UserFactory(username="victim")
    for address in range(1, 4):
        attempt(f"10.0.0.{address}", "wrong")
    assert attempt("192.0.2.7", "secret-pass-123") == 302
