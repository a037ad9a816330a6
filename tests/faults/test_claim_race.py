"""Issue 39, finding 6: four links of claims of one player opened at once deadlocked (three of four
answered 503 "deadlock detected"): each confirmation locked its own claim, then the player, then
rejected the player's other open claims, whose rows the others held. Every decision about a
player's claims now locks the player first, then its claims by id: the first link opened wins and
each other answers a clear ``409`` ``player_claimed``. Row locks are PostgreSQL's (CI runs on it):
run with ``DATABASE_URL=postgres://…``."""
import threading
import time

import pytest
from django.db import connection

from league.errors import ServiceError
from league.models import AccountClaim, Player
from league.services import accounts
from league.services.accounts import claim_confirm, claim_create, claim_decide, claim_token
from tests.factories import AdminFactory, PlayerFactory

pytestmark = [pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL"),
              pytest.mark.django_db(transaction=True)]
PASSWORD = "tiles-and-winds-42"


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.CLAIM_RATE_PER_HOUR = 100
    settings.CLAIM_OPEN_PER_PLAYER = 4


@pytest.fixture
def slow_approval(monkeypatch):
    """Each approval waits a moment first, so that every racer has taken whatever it locks before
    the approval (as under load): a lock order that can deadlock then does."""
    approve = accounts._approve

    def slowly(claim, **kwargs):
        time.sleep(0.3)
        return approve(claim, **kwargs)

    monkeypatch.setattr(accounts, "_approve", slowly)


def claims_of(player: Player, count: int) -> list[AccountClaim]:
    made = []
    for number in range(count):
        claim = claim_create(player=player.pk, email=f"same{number}@example.org", username=f"racer{number}",
                             password=PASSWORD, client=f"10.0.0.{number}", link=lambda token: token)
        AccountClaim.objects.filter(pk=claim.pk).update(on_file=True)  # each link alone would open it
        made.append(claim)
    return made


def race(calls) -> list:
    """Run ``calls`` at once, each in its own thread and connection: what each returned or raised."""
    start, answers = threading.Barrier(len(calls)), [None] * len(calls)

    def run(index, call):
        try:
            start.wait()
            answers[index] = call()
        except Exception as error:  # noqa: BLE001 (the answer under test)
            answers[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_four_links_opened_at_once_one_wins_and_the_others_answer_409_not_a_deadlock(slow_approval):
    player = PlayerFactory()
    claims = claims_of(player, 4)

    answers = race([lambda claim=claim: claim_confirm(token=claim_token(claim)) for claim in claims])

    won = [answer for answer in answers if isinstance(answer, AccountClaim)]
    lost = [answer for answer in answers if not isinstance(answer, AccountClaim)]
    assert len(won) == 1 and won[0].status == AccountClaim.Status.APPROVED, answers
    assert all(isinstance(answer, ServiceError) and (answer.code, answer.status) == ("player_claimed", 409)
               for answer in lost), answers
    player.refresh_from_db()
    assert player.user_id == won[0].user_id
    assert AccountClaim.objects.filter(player=player, status="rejected").count() == 3


def test_a_link_and_an_administrators_approval_at_once_do_not_deadlock(slow_approval):
    player = PlayerFactory()
    first, second = claims_of(player, 2)
    admin = AdminFactory()

    answers = race([lambda: claim_confirm(token=claim_token(first)),
                    lambda: claim_decide(claim=second, status="approved", user=admin)])

    assert sum(isinstance(answer, AccountClaim) for answer in answers) == 1, answers
    assert all(isinstance(answer, AccountClaim) or (isinstance(answer, ServiceError) and answer.status == 409)
               for answer in answers), answers
    assert AccountClaim.objects.filter(player=player, status="approved").count() == 1
