"""The tournament day's pages: the control room (who may use it and each of its actions), the
projector, find-my-table, seats with winds, hidden standings on public pages, live parts, print."""
import pytest
from django.test import Client

from league.models import CheckIn, Registration, Seat, Session, Table, Withdrawal
from league.services.hands import hand_record, table_close
from league.services.seating import seating_generate
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, UserFactory, referee_for, register_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=3, slug="spring")
    names = [("Jan", "Dorn"), ("Tom", "Becker"), ("Ana", "Šimić"), ("Eva", "Adler"), ("Max", "Kühn"),
             ("Ida", "Berg"), ("Leo", "Zahn"), ("Mia", "Roth")]
    for first, last in names:
        Registration.objects.create(tournament=tournament, player=PlayerFactory(first_name=first, last_name=last))
    return tournament


def logged_in(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def control(tournament, action: str = "") -> str:
    return f"/t/{tournament.slug}/control/{action + '/' if action else ''}"


def test_the_control_room_is_for_administrators_and_the_tournaments_referees(tournament):
    assert logged_in(None).get(control(tournament)).status_code == 302  # to the login page
    assert logged_in(referee_for(TournamentFactory())).get(control(tournament)).status_code == 403
    assert logged_in(UserFactory()).get(control(tournament)).status_code == 403
    referee_page = logged_in(referee_for(tournament)).get(control(tournament)).content.decode()
    assert "Check-in" in referee_page and "Draw a session" not in referee_page
    admin_page = logged_in(AdminFactory()).get(control(tournament)).content.decode()
    assert "Draw a session" in admin_page and "Dorn, Jan" in admin_page


@pytest.mark.parametrize("who,allowed", [("anonymous", False), ("other_referee", False), ("referee", True),
                                         ("admin", True)])
def test_checking_in_from_the_control_room(tournament, who, allowed):
    users = {"anonymous": None, "other_referee": referee_for(TournamentFactory()),
             "referee": referee_for(tournament), "admin": AdminFactory()}
    player = Registration.objects.filter(tournament=tournament).first().player
    response = logged_in(users[who]).post(control(tournament, "checkin"), {"player": player.pk})
    assert CheckIn.objects.filter(tournament=tournament, player=player).exists() is allowed
    assert response.status_code == (302 if allowed or who == "anonymous" else 403)
    if allowed:  # tapping again checks the player out
        logged_in(users[who]).post(control(tournament, "checkin"), {"player": player.pk},
                                   HTTP_X_REQUESTED_WITH="fetch")
        assert not CheckIn.objects.filter(tournament=tournament, player=player).exists()


@pytest.mark.parametrize("action,data", [
    ("draw", {"session": 1, "method": "random", "commit": "1"}),
    ("clock", {"session": 1, "action": "start", "minutes": 90}),
    ("withdraw", {"from_session": 2}),
    ("reveal", {"confirm": "1"}),
])
def test_the_other_control_room_actions_are_for_administrators_only(tournament, action, data):
    player = Registration.objects.filter(tournament=tournament).first().player
    data = {"player": player.pk, **data}
    for user in (None, referee_for(TournamentFactory()), referee_for(tournament)):
        response = logged_in(user).post(control(tournament, action), data)
        assert response.status_code in (302, 403) and (user is None or response.status_code == 403)
    assert not Table.objects.exists() and not Withdrawal.objects.exists()
    assert not Session.objects.filter(clock_state="running").exists()
    assert logged_in(AdminFactory()).post(control(tournament, action), data).status_code == 302
    tournament.refresh_from_db()
    done = {"draw": Table.objects.exists(), "clock": Session.objects.filter(clock_state="running").exists(),
            "withdraw": Withdrawal.objects.exists(), "reveal": tournament.standings_revealed_at is not None}
    assert done[action]


def test_a_draw_is_previewed_with_its_report_and_committed_with_the_same_seed(tournament):
    admin = logged_in(AdminFactory())
    preview = admin.post(control(tournament, "draw"), {"session": 1, "method": "balanced", "preview": "1"})
    page = preview.content.decode()
    assert preview.status_code == 200 and "Pairs meeting more than once" in page and "East</span> – " in page
    assert not Table.objects.exists()
    seed = preview.context["preview"]["seed"]
    proposed = [[player.pk for _wind, player in table] for table in preview.context["preview"]["tables"]]
    admin.post(control(tournament, "draw"), {"session": 1, "method": "balanced", "seed": seed, "commit": "1"})
    drawn = [list(t.seats.order_by("position").values_list("player_id", flat=True))
             for t in Table.objects.order_by("number")]
    assert drawn == proposed and Session.objects.get(number=1).draw_seed == seed


def test_drawing_while_the_previous_session_is_played_asks_for_confirmation(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    hand_record(table=Table.objects.first(), record=WIN, user=None)
    admin = logged_in(AdminFactory())
    page = admin.post(control(tournament, "draw"), {"session": 2, "method": "random", "preview": "1"})
    assert "still being played" in page.content.decode() and 'name="force"' in page.content.decode()
    forced = admin.post(control(tournament, "draw"), {"session": 2, "method": "random", "preview": "1",
                                                        "force": "1"})
    assert forced.context["preview"]["tables"]


def test_seats_show_winds_and_the_dealer_never_seat_numbers(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    table = Table.objects.order_by("number").first()
    hand_record(table=table, record=WIN, user=None)  # East does not win: South deals next
    standings_recompute(tournament=tournament)
    page = logged_in(None).get(f"/t/{tournament.slug}/session/1/").content.decode()
    east = Seat.objects.get(table=table, position=0).player
    south = Seat.objects.get(table=table, position=1).player
    # the winds of the hand being played, as on the score sheet: the new dealer is East
    assert f'North</span> – <a href="/p/{east.pk}/">{east}</a></li>' in page
    assert f'<li class="dealer"><span class="wind">East</span> – <a href="/p/{south.pk}/">{south}</a> ' in page
    assert 'start="0"' not in page and "provisional" in page


def test_each_table_in_the_control_room_opens_its_score_sheet(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    referee = logged_in(referee_for(tournament))
    page = referee.get(control(tournament) + "?session=1").content.decode()
    for table in Table.objects.filter(session__tournament=tournament):
        assert f'<h3><a href="/referee/table/{table.pk}/">Table {table.number}</a>' in page
        assert referee.get(f"/referee/table/{table.pk}/").status_code == 200


def test_public_pages_update_in_place_instead_of_reloading(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    for path in (f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/", f"/t/{tournament.slug}/session/1/"):
        page = logged_in(None).get(path).content.decode()
        assert 'http-equiv="refresh"' not in page and "data-live-src" in page and "data-live-toggle" in page
    part = logged_in(None).get(f"/t/{tournament.slug}/live/sessions/")
    assert part.status_code == 200 and "East" in part.content.decode() and "<html" not in part.content.decode()
    assert logged_in(None).get(f"/t/{tournament.slug}/live/nothing/").status_code == 404


def test_a_player_finds_his_table_by_the_start_of_his_name(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    seat = Seat.objects.get(player__last_name="Šimić")
    page = logged_in(None).get(f"/t/{tournament.slug}/find/", {"q": "simi"}).content.decode()
    wind = ["East", "South", "West", "North"][seat.position]
    assert (f'Ana Šimić</strong>: <a href="/t/{tournament.slug}/session/1/#table-{seat.table.number}">'
            f"session 1, table {seat.table.number}, {wind}</a>") in page
    player_page = logged_in(None).get(f"/p/{seat.player_id}/").content.decode()
    assert f"session 1, table {seat.table.number}, {wind}" in player_page


def test_hidden_standings_stay_hidden_on_public_pages_until_revealed(tournament):
    tournament.options = {"hide_standings_from_session": 1}
    tournament.save()
    seating_generate(tournament=tournament, number=1, method="random")
    for table in Table.objects.all():
        hand_record(table=table, record=WIN, user=None)
        table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    winner = Seat.objects.filter(position=1).first().player
    page = logged_in(None).get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "hidden until the director reveals" in page and "2304" not in page and "2.304" not in page
    session = logged_in(None).get(f"/t/{tournament.slug}/session/1/").content.decode()
    assert "results of this session are hidden" in session and "2304" not in session and "2.304" not in session
    assert "Rank 1" not in logged_in(None).get(f"/p/{winner.pk}/").content.decode()
    screen = logged_in(None).get(f"/t/{tournament.slug}/screen/part/").content.decode()
    assert "before session 1" in screen
    logged_in(AdminFactory()).post(control(tournament, "reveal"), {"confirm": "1"})
    revealed = logged_in(None).get(f"/t/{tournament.slug}/session/1/").content.decode()
    assert "2,304" in revealed  # grouped as English writes it
    assert 'data-mode="reveal"' in logged_in(None).get(f"/t/{tournament.slug}/screen/part/").content.decode()


@pytest.mark.parametrize("session", ["4", "9" * 30, "abc"])
def test_the_control_room_clock_refuses_a_session_the_tournament_does_not_have(tournament, session):
    client = Client()
    client.force_login(AdminFactory())
    response = client.post(f"/t/{tournament.slug}/control/clock/", {"session": session, "action": "start"})
    assert response.status_code in (302, 404)
    assert not Session.objects.filter(tournament=tournament, number__gt=3).exists()


def test_the_projector_shows_the_seating_first_then_the_clock_and_standings(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    screen = logged_in(None).get(f"/t/{tournament.slug}/screen/")
    page = screen.content.decode()
    assert screen.status_code == 200 and 'data-mode="seating"' in page and "Who sits where" in page
    assert "Adler, Eva" in page and 'http-equiv="refresh"' not in page
    logged_in(AdminFactory()).post(control(tournament, "clock"), {"session": 1, "action": "start", "minutes": 90})
    part = logged_in(None).get(f"/t/{tournament.slug}/screen/part/").content.decode()
    assert 'data-mode="clock"' in part and 'data-state="running"' in part and "Standings" in part


def test_table_cards_print_per_session(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    page = logged_in(None).get(f"/t/{tournament.slug}/session/1/print/").content.decode()
    assert page.count('class="tablecard-print"') == 2 and "Adler, Eva" in page and "East" in page


def test_a_substitute_takes_a_drop_outs_seat_before_the_first_hand_only(tournament):
    substitute = PlayerFactory(first_name="Uwe", last_name="Ersatz")
    Registration.objects.create(tournament=tournament, player=substitute, substitute=True)
    seating_generate(tournament=tournament, number=1, method="random")
    table = Table.objects.order_by("number").first()
    leaving = Seat.objects.get(table=table, position=2).player
    data = {"session": 1, "table": table.pk, "position": 2, "player": substitute.pk, "confirm": "1"}
    assert logged_in(referee_for(tournament)).post(control(tournament, "seat"), data).status_code == 403
    admin = logged_in(AdminFactory())
    # no seat chosen (the form's first choice is none) or not confirmed: nobody moves
    unchosen = admin.post(control(tournament, "seat"), {**data, "position": ""}, follow=True).content.decode()
    assert "Choose which seat the new player takes." in unchosen
    unconfirmed = admin.post(control(tournament, "seat"), {**data, "confirm": ""}, follow=True).content.decode()
    assert "Tick the box to confirm who leaves the seat." in unconfirmed
    assert Seat.objects.get(table=table, position=2).player == leaving
    form = admin.get(control(tournament)).content.decode()
    assert 'name="position" required><option value="">' in form
    page = admin.post(control(tournament, "seat"), data, follow=True).content.decode()
    assert "Uwe Ersatz takes the seat West at table 1." in page
    assert Seat.objects.get(table=table, position=2).player == substitute
    assert not Seat.objects.filter(session__number=1, player=leaving).exists()
    again = admin.post(control(tournament, "seat"), {**data, "position": 0}, follow=True).content.decode()
    assert "already has a seat in this session" in again
    hand_record(table=table, record=WIN, user=None)
    data["player"] = leaving.pk
    late = admin.post(control(tournament, "seat"), data, follow=True).content.decode()
    assert "its seats are final" in late and Seat.objects.get(table=table, position=2).player == substitute


def test_the_control_room_counts_one_substitute_as_one(client, admin_user):
    tournament = TournamentFactory(slug="one-sub")
    register_players(tournament, 4)
    Registration.objects.create(tournament=tournament, player=PlayerFactory(), substitute=True)
    client.force_login(admin_user)
    page = client.get(f"/t/{tournament.slug}/control/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "4 players and 1 substitute to seat." in page


def test_the_withdrawal_form_names_nobody_until_a_player_is_chosen(client, admin_user):
    """Like the penalty and bye forms: one tap on "Withdraw" no longer withdraws the first player of the list."""
    tournament = TournamentFactory(slug="wd-choose")
    Registration.objects.create(tournament=tournament, player=PlayerFactory(first_name="Anna", last_name="Albers"))
    client.force_login(admin_user)
    page = client.get(f"/t/{tournament.slug}/control/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<select id="wd-player" name="player" required><option value="">– choose –</option>' in page


@pytest.mark.parametrize("action", ["withdraw", "unwithdraw", "bye", "unbye", "penalty", "checkin"])
def test_a_control_room_form_sent_without_a_player_says_so_instead_of_answering_not_found(client, admin_user,
                                                                                          action):
    tournament = TournamentFactory(slug=f"no-player-{action}")
    client.force_login(admin_user)

    response = client.post(f"/t/{tournament.slug}/control/{action}/", {"player": "", "session": "1"},
                           HTTP_ACCEPT_LANGUAGE="en", follow=True)

    assert response.status_code == 200
    assert "Choose a player first." in response.content.decode()


def test_a_refused_check_in_by_fetch_is_answered_as_a_plain_message(client, admin_user):
    tournament = TournamentFactory(slug="fetch-refused")
    client.force_login(admin_user)

    response = client.post(f"/t/{tournament.slug}/control/checkin/", {"player": ""},
                           HTTP_X_REQUESTED_WITH="fetch", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode() == "Choose a player first."


def test_the_projectors_unused_clock_says_the_session_is_over_once_every_table_is_closed(tournament):
    seating_generate(tournament=tournament, number=1, method="random")
    tables = list(Table.objects.filter(session__number=1))
    for table in tables:
        hand_record(table=table, record=WIN, user=None)
    table_close(table=tables[0], user=None)
    part = logged_in(None).get(f"/t/{tournament.slug}/screen/part/").content.decode()
    assert "not started" in part and "Every table of this session is closed." not in part
    table_close(table=tables[1], user=None)
    part = logged_in(None).get(f"/t/{tournament.slug}/screen/part/").content.decode()
    assert "Every table of this session is closed." in part and "not started" not in part
