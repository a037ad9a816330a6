"""The referees' API: entering, correcting, deleting hands; history; who may do what."""
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from league.models import Hand, HandRevision, RefereeAssignment
from tests.factories import AdminFactory, TournamentFactory, UserFactory, client_for, referee_for, table_with_players
from tests.hand_records import EAST_WINS, WIN

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(table):
    return referee_for(table.session.tournament)


def test_posting_a_hand_stores_it_with_its_settlement_and_the_dealer(table, referee):
    response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["number"] == 1 and body["version"] == 1
    assert body["record"]["dealer"] == 0 and body["record"]["ruleset"] == "dmjl-classical"
    assert body["result"]["balances"] == [-1336, 2304, -732, -236]
    assert body["entered_by"] == referee.username


def test_the_table_shows_the_next_dealer_and_running_totals(table, referee):
    client = client_for(referee)
    client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    body = client.get(f"/api/v1/tables/{table.pk}/").json()
    assert body["dealer"] == 1 and body["prevailing_wind"] == "E"
    assert body["totals"] == [-1336, 2304, -732, -236]
    assert body["seats"] == [s.player_id for s in table.seats.order_by("position")]
    assert body["closed"] is False


def test_an_invalid_record_is_refused_with_the_scoring_error_code(table, referee):
    response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/",
                                        {"outcome": "win", "winner": 2, "hand_values": [8, 16, 80, 0]},
                                        format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "below_lower_limit"
    assert Hand.objects.count() == 0


def test_a_record_may_not_set_the_dealer_itself(table, referee):
    response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", {**WIN, "dealer": 2}, format="json")
    assert response.status_code == 400
    assert "dealer" in response.json()["error"]["fields"]


def test_a_record_that_is_not_an_object_is_a_clear_400(table, referee):
    response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", [1, 2], format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_record"


def test_correcting_the_first_hand_rederives_every_later_hand(table, referee):
    client = client_for(referee)
    first = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    second = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    assert second["record"]["dealer"] == 1
    assert second["result"]["balances"] == [-1244, 3456, -1292, -920]  # South is East and wins
    # East wins the first hand instead: East stays dealer, so the second hand's dealer changes too.
    response = client.put(f"/api/v1/hands/{first['id']}/", {"record": EAST_WINS, "version": 1}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["version"] == 2
    later = Hand.objects.get(pk=second["id"])
    assert later.dealer == 0 and later.record["dealer"] == 0 and later.version == 2
    assert later.result["balances"] == [-1336, 2304, -732, -236]  # East again: the worked example
    actions = list(HandRevision.objects.order_by("id").values_list("number", "action"))
    assert actions == [(1, "create"), (2, "create"), (1, "update"), (2, "rederive")]


def test_a_stale_correction_gets_409_with_the_current_version(table, referee):
    client = client_for(referee)
    hand = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    assert client.put(f"/api/v1/hands/{hand['id']}/", {"record": EAST_WINS, "version": 1},
                      format="json").status_code == 200
    stale = client.put(f"/api/v1/hands/{hand['id']}/", {"record": WIN, "version": 1}, format="json")
    assert stale.status_code == 409
    assert stale.json()["error"] == {"code": "version_conflict", "message": stale.json()["error"]["message"],
                                     "fields": {}, "current_version": 2}


def test_a_correction_that_breaks_a_later_hand_is_refused_and_nothing_changes(table, referee):
    client = client_for(referee)
    first = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    client.post(f"/api/v1/tables/{table.pk}/hands/", {"outcome": "win", "winner": 0, "hand_values": [500, 0, 0, 0],
                                                       "penalties": [{"type": "dead_hand", "seat": 1}]}, format="json")
    # The first hand's record itself is fine, but it cannot contain a dead hand that wins.
    bad = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128],
           "penalties": [{"type": "dead_hand", "seat": 1}]}
    response = client.put(f"/api/v1/hands/{first['id']}/", {"record": bad, "version": 1}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "dead_hand_cannot_win"
    assert Hand.objects.get(pk=first["id"]).version == 1


def test_history_keeps_who_changed_what_before_and_after(table, referee):
    client = client_for(referee)
    hand = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    client.put(f"/api/v1/hands/{hand['id']}/", {"record": EAST_WINS, "version": 1}, format="json")
    history = client.get(f"/api/v1/hands/{hand['id']}/history/").json()
    assert [h["action"] for h in history] == ["create", "update"]
    assert history[1]["user"] == referee.username
    assert history[1]["before"]["record"]["winner"] == 1 and history[1]["after"]["record"]["winner"] == 0


def test_only_the_last_hand_can_be_deleted_and_its_history_stays(table, referee):
    client = client_for(referee)
    first = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    second = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    assert client.delete(f"/api/v1/hands/{first['id']}/").status_code == 409
    assert client.delete(f"/api/v1/hands/{second['id']}/").status_code == 204
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    deleted = HandRevision.objects.get(action="delete")
    assert deleted.number == 2 and deleted.before["result"]["balances"] == second["result"]["balances"]


def test_a_closed_table_takes_no_more_hands_until_an_administrator_reopens_it(table, referee):
    client = client_for(referee)
    client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert client.post(f"/api/v1/tables/{table.pk}/close/").status_code == 200
    refused = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "table_closed"
    assert client.delete(f"/api/v1/tables/{table.pk}/close/").status_code == 403
    assert client_for(AdminFactory()).delete(f"/api/v1/tables/{table.pk}/close/").status_code == 200
    assert client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 201


def test_a_complete_game_takes_no_more_hands():
    table = table_with_players(options={"max_hands": 2})
    referee = referee_for(table.session.tournament)
    client = client_for(referee)
    for _ in range(2):
        assert client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 201
    refused = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_complete"


# Who may write: every write endpoint, for anonymous users, a referee of another tournament,
# the tournament's referee and an administrator.
WRITES = [
    ("post", "/api/v1/tables/{table}/hands/", WIN, 201),
    ("post", "/api/v1/tables/{table}/preview/", WIN, 200),
    ("put", "/api/v1/hands/{hand}/", {"record": EAST_WINS, "version": 1}, 200),
    ("delete", "/api/v1/hands/{hand}/", None, 204),
    ("post", "/api/v1/tables/{table}/close/", None, 200),
]


@pytest.mark.parametrize(("method", "url", "body", "ok"), WRITES)
@pytest.mark.parametrize(("who", "allowed"), [("anonymous", False), ("other_referee", False),
                                               ("referee", True), ("admin", True)])
def test_only_the_tournaments_referees_and_administrators_write(method, url, body, ok, who, allowed):
    table = table_with_players()
    tournament = table.session.tournament
    entered = client_for(AdminFactory()).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    users = {
        "anonymous": None,
        "other_referee": referee_for(TournamentFactory()),
        "referee": referee_for(tournament),
        "admin": AdminFactory(),
    }
    client = APIClient()
    if users[who] is not None:
        client.force_authenticate(users[who])
    response = getattr(client, method)(url.format(table=table.pk, hand=entered["id"]), body, format="json")
    if allowed:
        assert response.status_code == ok, response.content
    else:
        assert response.status_code in (401, 403), response.content
        assert Hand.objects.get(pk=entered["id"]).version == 1


ADMIN_WRITES = [
    ("post", "/api/v1/players/", {"first_name": "Ada", "last_name": "Lovelace", "country": "GB"}),
    ("post", "/api/v1/clubs/", {"name": "New Club"}),
    ("post", "/api/v1/leagues/", {"name": "Liga", "slug": "liga"}),
    ("post", "/api/v1/tournaments/", {"slug": "t-new", "name": "New", "ruleset": "dmjl-hke",
                                      "starts_on": "2026-01-01", "ends_on": "2026-01-02"}),
    ("post", "/api/v1/tournaments/{tournament}/registrations/", "player"),
    ("post", "/api/v1/tournaments/{tournament}/referees/", "user"),
    ("post", "/api/v1/tournaments/{tournament}/sessions/1/seating/", {"method": "random"}),
]


@pytest.mark.parametrize(("method", "url", "body"), ADMIN_WRITES)
@pytest.mark.parametrize(("who", "allowed"), [("anonymous", False), ("referee", False), ("admin", True)])
def test_only_administrators_manage_the_league(method, url, body, who, allowed):
    from tests.factories import PlayerFactory

    tournament = TournamentFactory()
    for player in PlayerFactory.create_batch(4):
        tournament.registrations.create(player=player)
    if body == "player":
        body = {"player": PlayerFactory().pk}
    elif body == "user":
        body = {"user": UserFactory().pk}
    users = {"anonymous": None, "referee": referee_for(tournament), "admin": AdminFactory()}
    client = APIClient()
    if users[who] is not None:
        client.force_authenticate(users[who])
    response = getattr(client, method)(url.format(tournament=tournament.pk), body, format="json")
    if allowed:
        assert response.status_code in (200, 201), response.content
    else:
        assert response.status_code in (401, 403), response.content


def test_anonymous_users_do_not_see_unpublished_tournaments_tables(api):
    table = table_with_players(published=False)
    assert api.get(f"/api/v1/tables/{table.pk}/").status_code == 404
    assert api.get(f"/api/v1/tournaments/{table.session.tournament_id}/").status_code == 404
    assert client_for(referee_for(table.session.tournament)).get(f"/api/v1/tables/{table.pk}/").status_code == 200


def test_a_table_of_an_unpublished_tournament_takes_hands_only_from_those_who_see_it():
    table = table_with_players(published=False)
    url = f"/api/v1/tables/{table.pk}/hands/"
    assert client_for(referee_for(TournamentFactory())).post(url, WIN, format="json").status_code == 404
    assert client_for(UserFactory()).post(url, WIN, format="json").status_code == 404
    assert client_for(referee_for(table.session.tournament)).post(url, WIN, format="json").status_code == 201
    assert client_for(AdminFactory()).post(url, EAST_WINS, format="json").status_code == 201


def test_a_published_tournaments_table_refuses_a_stranger_with_403_and_an_unknown_table_is_404(table):
    assert client_for(UserFactory()).post(f"/api/v1/tables/{table.pk}/hands/", WIN,
                                          format="json").status_code == 403
    assert client_for(referee_for(table.session.tournament)).post(
        "/api/v1/tables/999999/hands/", WIN, format="json").status_code == 404
    assert not Hand.objects.exists()


def test_posting_a_hand_reads_the_table_once_and_asks_once_who_may_write(table, referee,
                                                                        django_assert_max_num_queries):
    client = client_for(referee)
    client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json", HTTP_IDEMPOTENCY_KEY="first")
    # the table's tournament; administrator? referee there? then, locked: the table, an earlier
    # use of the key, the table's hands; written: the hand, its history, the standings' request
    # counter; and the savepoint (set, released) that the test's own transaction puts around them
    with django_assert_max_num_queries(11):
        response = client.post(f"/api/v1/tables/{table.pk}/hands/", EAST_WINS, format="json",
                               HTTP_IDEMPOTENCY_KEY="second")
    assert response.status_code == 201, response.content
    assert response.json()["entered_by"] == referee.username


def test_a_referee_assigned_between_two_requests_may_write_in_the_second(table):
    user = UserFactory()
    client = client_for(user)  # one user object for both requests, as force_authenticate keeps it
    assert client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 403
    RefereeAssignment.objects.create(tournament=table.session.tournament, user=user)
    assert client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 201


@pytest.mark.django_db(transaction=True)
def test_two_hands_posted_at_once_are_numbered_consecutively():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; SQLite serialises writers itself")
    table = table_with_players()
    referee = referee_for(table.session.tournament)
    statuses = []

    def post():
        try:
            statuses.append(client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", WIN,
                                                     format="json").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [201, 201, 201, 201]
    assert sorted(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1, 2, 3, 4]


@pytest.mark.django_db(transaction=True)
def test_two_referees_saving_the_same_hand_one_wins_and_the_other_gets_409():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; SQLite serialises writers itself")
    table = table_with_players()
    tournament = table.session.tournament
    referees = [referee_for(tournament), referee_for(tournament)]
    hand = client_for(referees[0]).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    statuses = []

    def put(user):
        try:
            statuses.append(client_for(user).put(f"/api/v1/hands/{hand['id']}/", {"record": EAST_WINS, "version": 1},
                                                 format="json").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=put, args=(user,)) for user in referees]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 409]
    assert Hand.objects.get(pk=hand["id"]).version == 2
