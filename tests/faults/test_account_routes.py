"""The authorization matrix of players' accounts (issue 23): every account route, for every role.
Claims are read and decided by administrators only; ``me/`` and its pages act on the caller's own
player and nothing else (a user without a player has nothing to act on); nothing a non-administrator
can reach names an e-mail address."""
import pytest
from rest_framework.test import APIClient

from league.models import AccountClaim, Player
from tests.factories import AdminFactory, PlayerFactory, UserFactory, referee_for, table_with_players
from tests.faults.test_probing import all_routes

pytestmark = pytest.mark.django_db
ROLES = ["anonymous", "user", "player", "referee", "admin"]
ACCOUNT_ROUTES = {"account/claim/", "account/confirm/<str:token>/", "me/", "me/erase/", "manage/claims/",
                  "api/v1/account/claim/", "api/v1/account/claims/", "api/v1/account/claims/<int:pk>/",
                  "api/v1/me/", "api/v1/me/erase/", "api/v1/me/export/",
                  "account/invitation/<str:token>/",
                  # Django's password reset, for every account and nobody's in particular: the same
                  # answer for any address, its link signed per user (tests/league/test_password_reset.py)
                  "account/password/reset/", "account/password/reset/done/",
                  "account/password/reset/<uidb64>/<token>/", "account/password/reset/complete/"}


@pytest.fixture
def world():
    table = table_with_players()
    mine, claimed = (seat.player for seat in table.seats.order_by("position")[:2])
    player_user = UserFactory(email="mine@example.org")
    mine.user = player_user
    mine.save()
    claimant = UserFactory(is_active=False)
    open_claim = AccountClaim.objects.create(player=claimed, user=claimant, email="claimant@example.org",
                                             status="pending")
    users = {"anonymous": None, "user": UserFactory(), "player": player_user,
             "referee": referee_for(table.session.tournament), "admin": AdminFactory()}
    return {"users": users, "mine": mine, "claim": open_claim}


def caller(who: str, world) -> APIClient:
    client = APIClient()  # no CSRF enforcement: the refusal must come from the permissions themselves
    if world["users"][who] is not None:
        client.force_login(world["users"][who])
    return client


def refused(response) -> bool:
    return response.status_code in (401, 403, 404, 405) or (
        response.status_code == 302 and "/login" in response["Location"])


def test_every_account_route_is_in_this_matrix():
    routes = {route for route in all_routes() if route.startswith(("account/", "me/", "manage/claims", "api/v1/me",
                                                                   "api/v1/account"))}
    assert routes == ACCOUNT_ROUTES


@pytest.mark.parametrize("who", ROLES)
def test_only_administrators_read_and_decide_claims(who, world):
    client, pk = caller(who, world), world["claim"].pk
    answers = [client.get("/api/v1/account/claims/"), client.get(f"/api/v1/account/claims/{pk}/"),
               client.patch(f"/api/v1/account/claims/{pk}/", {"status": "rejected"}, format="json"),
               client.get("/manage/claims/"), client.post("/manage/claims/", {"claim": pk, "status": "rejected"})]
    if who == "admin":
        assert [a.status_code for a in answers] == [200, 200, 200, 200, 302]
        assert AccountClaim.objects.get(pk=pk).status == "rejected"
    else:
        assert all(refused(a) for a in answers), [(a.status_code) for a in answers]
        assert AccountClaim.objects.get(pk=pk).status == "pending"


@pytest.mark.parametrize("who", ROLES)
def test_me_acts_only_on_the_callers_own_player(who, world):
    client, mine = caller(who, world), world["mine"]
    reads = [client.get("/api/v1/me/"), client.get("/api/v1/me/export/"), client.get("/me/")]
    change = client.patch("/api/v1/me/", {"public_name": "initials"}, format="json")
    wrong_method = [client.get("/api/v1/me/erase/"), client.delete("/api/v1/me/")]
    assert all(refused(a) for a in wrong_method)
    if who == "anonymous":
        assert all(refused(a) for a in [*reads, change])
    elif who == "player":
        assert [a.status_code for a in [*reads, change]] == [200, 200, 200, 200]
        assert reads[1].json()["player"]["id"] == mine.pk
        assert Player.objects.get(pk=mine.pk).public_name == "initials"
    else:  # a login without a player: an empty me/, its own account to export, nothing to change or erase
        assert reads[0].json()["player"] is None and reads[2].status_code == 200
        assert reads[1].json()["player"] is None and reads[1].json()["account"]["id"] == world["users"][who].pk
        assert change.status_code == 409 and client.post("/api/v1/me/erase/").status_code == 409
        assert client.post("/me/erase/", {"confirm": "on"}).status_code == 302
    if who != "player":
        assert Player.objects.get(pk=mine.pk).public_name == "full"
    assert Player.objects.exclude(first_name="Anonymous").count() == Player.objects.count()


@pytest.mark.parametrize("who", ROLES)
def test_no_account_answer_a_non_administrator_reaches_names_an_email_address(who, world):
    client = caller(who, world)
    other = PlayerFactory()
    bodies = [client.get("/api/v1/me/").content, client.get("/me/").content,
              client.get(f"/account/claim/?player={other.pk}").content,
              client.post("/api/v1/account/claim/", {"player": other.pk, "email": "x@example.org", "username": "x1",
                                                     "password": "tiles-and-winds-42"}, format="json").content]
    if who != "admin":
        bodies += [client.get("/api/v1/account/claims/").content, client.get("/manage/claims/").content]
    assert not any(b"@example.org" in body for body in bodies)


@pytest.mark.parametrize("who", ROLES)
def test_an_invitation_link_that_was_not_signed_opens_nothing_for_anyone(who, world):
    client = caller(who, world)
    for method in ("get", "post"):
        response = getattr(client, method)("/account/invitation/7:forged:signature/",
                                           {"username": "taken", "password": "a-long-secret-phrase-17"})
        assert response.status_code == 404
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.filter(username="taken").exists()
