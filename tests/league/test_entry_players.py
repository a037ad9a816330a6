"""Tournament option ``entry`` "players": the players seated at a table enter its hands through the
referees' API and score sheet, confirm its result from their own phones, and dispute it; such a
table counts in the standings only once confirmed and while no dispute is open."""
import pytest
from django.urls import reverse

from league.models import GameResult, HandRevision, Player, SeasonRanking, TableDispute, Tournament
from league.services.rankings import rankings_recompute
from league.services.standings import standings_recompute
from tests.factories import (
    AdminFactory,
    SeasonFactory,
    UserFactory,
    client_for,
    referee_for,
    table_with_players,
)
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db


def linked_users(table) -> list:
    """A user account linked to each seated player, East first."""
    users = []
    for seat in table.seats.order_by("position"):
        user = UserFactory()
        Player.objects.filter(pk=seat.player_id).update(user=user)
        users.append(user)
    return users


@pytest.fixture
def table():
    return table_with_players(options={"entry": "players"})


@pytest.fixture
def players(table):
    return linked_users(table)


def closed_by_a_player(table, user) -> None:
    client = client_for(user)
    assert client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 201
    assert client.post(f"/api/v1/tables/{table.pk}/close/").status_code == 200


def counted(table) -> bool:
    standings_recompute(tournament=table.session.tournament)
    return GameResult.objects.filter(table=table).count() == 4


def test_a_seated_player_enters_a_hand_and_the_history_names_them(table, players):
    response = client_for(players[2]).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json",
                                           HTTP_IDEMPOTENCY_KEY="k1")
    assert response.status_code == 201, response.content
    again = client_for(players[2]).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json",
                                        HTTP_IDEMPOTENCY_KEY="k1")
    assert again.status_code == 201 and again.json()["id"] == response.json()["id"]
    assert HandRevision.objects.get(table=table).user == players[2]
    history = client_for(players[0]).get(f"/api/v1/hands/{response.json()['id']}/history/")
    assert history.status_code == 200 and history.json()[0]["user"] == str(Player.objects.get(user=players[2]))


def test_a_player_writes_only_where_they_sit_and_only_when_the_players_enter(table, players):
    elsewhere = table_with_players(options={"entry": "players"})
    assert client_for(players[0]).post(f"/api/v1/tables/{elsewhere.pk}/hands/", WIN,
                                       format="json").status_code == 403
    refereed = table_with_players()
    refereed_player = linked_users(refereed)[0]
    assert client_for(refereed_player).post(f"/api/v1/tables/{refereed.pk}/hands/", WIN,
                                            format="json").status_code == 403
    assert client_for(UserFactory()).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 403
    assert not elsewhere.hands.exists() and not refereed.hands.exists() and not table.hands.exists()


def test_a_player_no_longer_writes_once_the_table_is_closed(table, players):
    closed_by_a_player(table, players[0])
    hand = table.hands.get()
    client = client_for(players[0])
    assert client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 403
    assert client.put(f"/api/v1/hands/{hand.pk}/", {"record": WIN, "version": 1}, format="json").status_code == 403
    assert client.delete(f"/api/v1/hands/{hand.pk}/").status_code == 403
    assert client.delete(f"/api/v1/tables/{table.pk}/close/").status_code == 403
    assert table.hands.count() == 1


def test_the_table_counts_only_after_the_third_players_confirmation(table, players):
    closed_by_a_player(table, players[0])
    url = f"/api/v1/tables/{table.pk}/confirmations/"
    for count, user in enumerate(players[:2], start=1):
        body = client_for(user).post(url, {}, format="json").json()
        assert body["provisional"] is True and len(body["confirmed_by"]) == count
        assert not counted(table)
    body = client_for(players[2]).post(url, {}, format="json").json()
    assert body["provisional"] is False
    assert sorted(body["confirmed_by"]) == sorted(p.player.pk for p in players[:3])
    assert counted(table)
    assert [c["player"] for c in client_for(None).get(url).json()] == [p.player.pk for p in players[:3]]


def test_a_player_confirms_only_for_themselves(table, players):
    closed_by_a_player(table, players[0])
    other = players[1].player.pk
    response = client_for(players[0]).post(f"/api/v1/tables/{table.pk}/confirmations/", {"player": other},
                                           format="json")
    assert response.status_code == 403 and response.json()["error"]["code"] == "not_your_seat"
    assert not table.confirmations.exists()


def test_a_referees_confirmation_counts_at_once(table, players):
    closed_by_a_player(table, players[0])
    referee = referee_for(table.session.tournament)
    body = client_for(referee).post(f"/api/v1/tables/{table.pk}/confirmations/", {}, format="json").json()
    assert body["provisional"] is False and body["confirmed_by"] == [] and body["confirmed_by_referee"] is True
    assert counted(table)


def test_a_dispute_keeps_the_table_out_until_a_referee_resolves_it(table, players, mailoutbox,
                                                                     django_capture_on_commit_callbacks):
    referee = referee_for(table.session.tournament, email="ref@example.org")
    closed_by_a_player(table, players[0])
    for user in players[:3]:
        client_for(user).post(f"/api/v1/tables/{table.pk}/confirmations/", {}, format="json")
    assert counted(table)
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(players[3]).post(f"/api/v1/tables/{table.pk}/disputes/",
                                               {"message": "Hand 1 was a self-draw"}, format="json")
    assert response.status_code == 201, response.content
    assert [m.to for m in mailoutbox] == [["ref@example.org"]] and "self-draw" in mailoutbox[0].body
    assert client_for(None).get(f"/api/v1/tables/{table.pk}/").json()["provisional"] is True
    assert not counted(table)
    url = f"/api/v1/tables/{table.pk}/disputes/{response.json()['id']}/"
    assert client_for(players[0]).patch(url, {"status": "resolved"}, format="json").status_code == 403
    assert client_for(referee).patch(url, {"status": "resolved"}, format="json").json()["status"] == "resolved"
    assert counted(table)


def test_only_the_tables_players_dispute_it(table, players):
    closed_by_a_player(table, players[0])
    url = f"/api/v1/tables/{table.pk}/disputes/"
    assert client_for(UserFactory()).post(url, {"message": "no"}, format="json").status_code == 403
    assert client_for(AdminFactory()).post(url, {"message": "no"}, format="json").status_code == 403
    assert client_for(players[1]).post(url, {"message": "  "}, format="json").status_code == 400
    assert client_for(players[1]).post(url, {"message": "x" * 2001}, format="json").status_code == 400
    assert client_for(players[1]).post(url, {"message": "a\x00b"}, format="json").status_code == 400
    assert not TableDispute.objects.exists()


def test_a_refereed_tournaments_tables_are_never_provisional():
    table = table_with_players()
    referee = referee_for(table.session.tournament)
    client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert client_for(None).get(f"/api/v1/tables/{table.pk}/").json()["provisional"] is False
    assert counted(table)


def test_a_seated_player_opens_the_score_sheet_and_confirms_there(client, table, players):
    client.force_login(players[1])
    assert client.get(reverse("referee-table", args=[table.pk])).status_code == 200
    closed_by_a_player(table, players[0])
    page = client.get(reverse("referee-table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    link = f"http://testserver{reverse('referee-table', args=[table.pk])}"
    assert f'<a href="{link}">' in page and "<svg" in page and "I confirm this result" in page
    assert "Provisional" in page and 'name="message"' in page
    client.post(reverse("referee-table-confirm", args=[table.pk]))
    assert list(table.confirmations.values_list("player_id", flat=True)) == [players[1].player.pk]
    client.post(reverse("referee-table-dispute", args=[table.pk]), {"message": "East was\x00 the dealer"})
    dispute = TableDispute.objects.get()
    assert dispute.player == players[1].player and dispute.message == "East was the dealer"


def test_the_control_room_lists_open_disputes_and_a_referee_resolves_them_there(client, table, players):
    closed_by_a_player(table, players[0])
    client_for(players[1]).post(f"/api/v1/tables/{table.pk}/disputes/", {"message": "Wrong winner"}, format="json")
    tournament = table.session.tournament
    client.force_login(referee_for(tournament))
    page = client.get(reverse("tournament-control", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Open disputes" in page.content.decode() and "Wrong winner" in page.content.decode()
    dispute = TableDispute.objects.get()
    client.post(reverse("tournament-control-action", args=[tournament.slug, "resolve"]), {"dispute": dispute.pk})
    dispute.refresh_from_db()
    assert dispute.status == TableDispute.Status.RESOLVED
    page = client.get(reverse("tournament-control", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Wrong winner" not in page.content.decode()


def test_the_session_page_marks_the_table_provisional_until_it_is_confirmed(client, table, players):
    tournament = table.session.tournament
    url = reverse("tournament-session", args=[tournament.slug, table.session.number])
    closed_by_a_player(table, players[0])
    counted(table)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "provisional: not yet confirmed by its players" in page
    overview = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "(not confirmed)" in overview
    for user in players[:3]:
        client_for(user).post(f"/api/v1/tables/{table.pk}/confirmations/", {}, format="json")
    counted(table)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "not yet confirmed" not in page and "(final)" in page
    overview = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "(not confirmed)" not in overview


def test_the_projector_and_the_control_room_say_how_many_closed_tables_await_confirmation(client, table, players):
    tournament = table.session.tournament
    closed_by_a_player(table, players[0])
    client.force_login(referee_for(tournament))
    page = client.get(reverse("tournament-control", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert "not confirmed" in page.content.decode()
    screen = client.get(reverse("tournament-screen", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert "1 closed table awaits confirmation" in screen.content.decode()


def test_the_season_ranking_counts_the_table_after_the_third_confirmation_and_not_while_disputed(players, table):
    tournament = table.session.tournament
    closed_by_a_player(table, players[0])
    Tournament.objects.filter(pk=tournament.pk).update(season=SeasonFactory(), status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()

    def ranked() -> int:
        standings_recompute(tournament=tournament)
        rankings_recompute(season=tournament.season)
        return SeasonRanking.objects.filter(season=tournament.season, games__gt=0).count()

    url = f"/api/v1/tables/{table.pk}/confirmations/"
    for user in players[:2]:
        client_for(user).post(url, {}, format="json")
    assert ranked() == 0
    client_for(players[2]).post(url, {}, format="json")
    assert ranked() == 4
    client_for(players[3]).post(f"/api/v1/tables/{table.pk}/disputes/", {"message": "no"}, format="json")
    assert ranked() == 0


def test_the_results_workbook_marks_a_provisional_table_and_not_a_confirmed_one(table, players, settings, tmp_path):
    from tests.league.test_exports import build, rows, workbook

    settings.MEDIA_ROOT = tmp_path
    closed_by_a_player(table, players[0])
    other = table_with_players(session=table.session, number=2)
    referee = referee_for(table.session.tournament)
    client_for(referee).post(f"/api/v1/tables/{other.pk}/hands/", WIN, format="json")
    client_for(referee).post(f"/api/v1/tables/{other.pk}/close/")
    client_for(referee).post(f"/api/v1/tables/{other.pk}/confirmations/", {}, format="json")
    titles = [row[0] for row in rows(workbook(build("results-xlsx", tournament=table.session.tournament))["Hands"])
              if isinstance(row[0], str) and row[0].startswith("Session")]
    assert titles == ["Session 1, table 1 – provisional: not yet confirmed by its players, not counted",
                      "Session 1, table 2"]


def test_counted_tables_q_keeps_a_refereed_table_and_a_players_table_only_once_confirmed(table, players):
    from league.models import Table
    from league.selectors.tables import counted_tables_q

    refereed = table_with_players()
    closed_by_a_player(table, players[0])
    assert set(Table.objects.filter(counted_tables_q("pk"))) == {refereed}
    client_for(AdminFactory()).post(f"/api/v1/tables/{table.pk}/confirmations/", {}, format="json")
    assert set(Table.objects.filter(counted_tables_q("pk"))) == {refereed, table}


def test_a_referee_confirms_a_players_table_at_once_from_the_sheet(client, table, players):
    closed_by_a_player(table, players[0])
    client.force_login(referee_for(table.session.tournament))
    sheet = reverse("referee-table", args=[table.pk])
    assert "Confirm as referee (counts at once)" in client.get(sheet, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    client.post(reverse("referee-table-confirm", args=[table.pk]))
    page = client.get(sheet, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Confirmed: the table counts in the standings." in page and "Confirm as referee" not in page
    assert counted(table)


def test_my_tables_lists_the_players_own_open_table_and_a_closed_one_until_they_confirmed(client, table, players):
    client.force_login(players[1])
    home = client.get(reverse("referee-home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Where you play" in home and reverse("referee-table", args=[table.pk]) in home
    closed_by_a_player(table, players[0])
    assert reverse("referee-table", args=[table.pk]) in client.get(reverse("referee-home")).content.decode()
    client_for(players[1]).post(f"/api/v1/tables/{table.pk}/confirmations/", {}, format="json")
    assert reverse("referee-table", args=[table.pk]) not in client.get(reverse("referee-home")).content.decode()
    client.force_login(linked_users(table_with_players())[0])  # a refereed tournament's player: nothing to do
    assert "Where you play" not in client.get(reverse("referee-home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_player_disputes_a_table_once_while_the_dispute_is_open_and_the_referees_get_one_mail(
        table, players, mailoutbox, django_capture_on_commit_callbacks):
    referee_for(table.session.tournament, email="ref@example.org")
    closed_by_a_player(table, players[0])
    url = f"/api/v1/tables/{table.pk}/disputes/"
    with django_capture_on_commit_callbacks(execute=True):
        first = client_for(players[3]).post(url, {"message": "Hand 1 was a self-draw"}, format="json")
        again = [client_for(players[3]).post(url, {"message": "Still wrong"}, format="json") for _ in range(3)]

    assert first.status_code == 201
    assert [(r.status_code, r.json()["error"]["code"]) for r in again] == [(409, "dispute_exists")] * 3
    assert TableDispute.objects.count() == 1 and len(mailoutbox) == 1


def test_an_open_table_cannot_be_disputed_and_nobody_is_mailed(table, players, mailoutbox,
                                                                django_capture_on_commit_callbacks):
    referee_for(table.session.tournament, email="ref@example.org")
    client_for(players[0]).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(players[3]).post(f"/api/v1/tables/{table.pk}/disputes/", {"message": "no"},
                                               format="json")

    assert (response.status_code, response.json()["error"]["code"]) == (409, "table_open")
    assert not TableDispute.objects.exists() and mailoutbox == []


@pytest.mark.parametrize("player", ["9" * 30, "-5", "abc"])
def test_a_player_id_beyond_any_on_the_sheets_confirm_form_is_an_error_message_not_a_500(client, table, player):
    referee = referee_for(table.session.tournament)
    client.force_login(referee)
    client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, content_type="application/json")
    client.post(f"/api/v1/tables/{table.pk}/close/")
    client.raise_request_exception = False

    response = client.post(reverse("referee-table-confirm", args=[table.pk]), {"player": player}, follow=True)

    assert response.status_code == 200
    assert "Dieser Spieler spielt nicht an diesem Tisch." in response.content.decode()  # the site speaks German
    assert not table.confirmations.exists()


def test_the_hands_history_names_a_player_by_their_shown_name_never_by_their_user_name(client, table, players):
    Player.objects.filter(user=players[2]).update(public_name="initials")
    players[2].__class__.objects.filter(pk=players[2].pk).update(username="anna.bergmeister@example.org")
    hand = client_for(players[2]).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").json()
    shown = str(Player.objects.get(user=players[2]))
    history = client_for(players[0]).get(f"/api/v1/hands/{hand['id']}/history/").json()
    assert [entry["user"] for entry in history] == [shown]
    client.force_login(players[0])
    page = client.get(reverse("referee-hand-history", args=[hand["id"]])).content.decode()
    assert shown in page and "anna.bergmeister@example.org" not in page
