"""The tournament day's API: check-ins, withdrawals, draws with preview, the clock, hidden
standings with their reveal and find-my-table; and who may do each of them."""
import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import CheckIn, Registration, Seat, Session, Table, Withdrawal
from league.selectors.day import clock_reading, find_seats, name_matches
from league.services.day import clock_apply
from league.services.hands import hand_record, table_close
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, client_for, referee_for, register_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=4)
    register_players(tournament, 8)
    return tournament


def url(tournament, rest: str) -> str:
    return f"/api/v1/tournaments/{tournament.pk}/{rest}"


def draw(client, tournament, number, **extra):
    return client.post(url(tournament, f"sessions/{number}/seating/"), {"method": "random", **extra}, format="json")


def players_of(tournament) -> list[int]:
    return list(Registration.objects.filter(tournament=tournament).order_by("id").values_list("player_id", flat=True))


def roles(tournament) -> dict:
    """The four callers every write is tried with."""
    return {"anonymous": None, "other_referee": referee_for(TournamentFactory()),
            "referee": referee_for(tournament), "admin": AdminFactory()}


# ---- permissions: every write, four callers ----

def _checkin(client, tournament):
    return client.post(url(tournament, "checkins/"), {"player": players_of(tournament)[0]}, format="json")


def _checkout(client, tournament):
    CheckIn.objects.get_or_create(tournament=tournament, player_id=players_of(tournament)[0])
    return client.delete(url(tournament, f"checkins/{players_of(tournament)[0]}/"))


def _withdraw(client, tournament):
    return client.post(url(tournament, "withdrawals/"), {"player": players_of(tournament)[1], "from_session": 2},
                       format="json")


def _unwithdraw(client, tournament):
    Withdrawal.objects.get_or_create(tournament=tournament, player_id=players_of(tournament)[1],
                                     defaults={"from_session": 2})
    return client.delete(url(tournament, f"withdrawals/{players_of(tournament)[1]}/"))


def _preview(client, tournament):
    return draw(client, tournament, 1, preview=True)


def _draw(client, tournament):
    return draw(client, tournament, 1)


def _clock(client, tournament):
    return client.post(url(tournament, "sessions/1/clock/"), {"action": "start", "seconds": 600}, format="json")


def _reveal(client, tournament):
    return client.post(url(tournament, "reveal/"))


REFEREE_WRITES = {"check in": (_checkin, 201), "undo a check-in": (_checkout, 204)}
ADMIN_WRITES = {"withdraw": (_withdraw, 201), "undo a withdrawal": (_unwithdraw, 204),
                "preview a draw": (_preview, 200), "draw": (_draw, 201), "start the clock": (_clock, 200),
                "reveal": (_reveal, 200)}


@pytest.mark.parametrize("write", list(REFEREE_WRITES))
def test_check_ins_are_written_by_administrators_and_the_tournaments_referees_only(tournament, write):
    call, success = REFEREE_WRITES[write]
    users = roles(tournament)
    assert call(client_for(users["anonymous"]), tournament).status_code in (401, 403)
    assert call(client_for(users["other_referee"]), tournament).status_code in (403, 404)
    assert call(client_for(users["referee"]), tournament).status_code == success
    assert call(client_for(users["admin"]), tournament).status_code == success


@pytest.mark.parametrize("write", list(ADMIN_WRITES))
def test_the_other_day_writes_are_for_administrators_only(tournament, write):
    call, success = ADMIN_WRITES[write]
    users = roles(tournament)
    assert call(client_for(users["anonymous"]), tournament).status_code in (401, 403)
    assert call(client_for(users["other_referee"]), tournament).status_code == 403
    assert call(client_for(users["referee"]), tournament).status_code == 403
    response = call(client_for(users["admin"]), tournament)
    assert response.status_code == success, response.content


# ---- check-ins and withdrawals shape the draw ----

def test_once_anyone_is_checked_in_a_draw_seats_only_the_checked_in_players(admin_api, tournament):
    players = players_of(tournament)
    for player in players[:4]:
        assert admin_api.post(url(tournament, "checkins/"), {"player": player}, format="json").status_code == 201
    assert admin_api.get(url(tournament, "checkins/")).json() == sorted(players[:4])
    assert draw(admin_api, tournament, 1).status_code == 201
    assert set(Seat.objects.filter(session__tournament=tournament).values_list("player_id", flat=True)) == set(
        players[:4])


def test_checking_in_twice_is_harmless_and_an_unregistered_player_is_refused(admin_api, tournament):
    player = players_of(tournament)[0]
    admin_api.post(url(tournament, "checkins/"), {"player": player}, format="json")
    assert admin_api.post(url(tournament, "checkins/"), {"player": player}, format="json").status_code == 201
    assert CheckIn.objects.filter(tournament=tournament).count() == 1
    stranger = admin_api.post(url(tournament, "checkins/"), {"player": PlayerFactory().pk}, format="json")
    assert stranger.status_code == 400 and stranger.json()["error"]["code"] == "not_registered"


def test_substitutes_who_checked_in_fill_a_table_and_no_more(admin_api, tournament):
    players = players_of(tournament)
    substitutes = PlayerFactory.create_batch(2)
    for player in substitutes:
        Registration.objects.create(tournament=tournament, player=player, substitute=True)
    for player in players[:7] + [s.pk for s in substitutes]:
        admin_api.post(url(tournament, "checkins/"), {"player": player}, format="json")
    assert draw(admin_api, tournament, 1).status_code == 201
    seated = set(Seat.objects.filter(session__tournament=tournament).values_list("player_id", flat=True))
    assert len(seated) == 8 and set(players[:7]) <= seated and len(seated & {s.pk for s in substitutes}) == 1


def test_a_withdrawn_player_is_not_seated_from_that_session_on_and_keeps_his_games(admin_api, tournament):
    players = players_of(tournament)
    extra = PlayerFactory.create_batch(4)
    for player in extra:
        Registration.objects.create(tournament=tournament, player=player, substitute=True)
    draw(admin_api, tournament, 1)
    table = Table.objects.get(session__tournament=tournament, session__number=1, seats__player_id=players[0])
    hand_record(table=table, record=WIN, user=None)
    response = admin_api.post(url(tournament, "withdrawals/"), {"player": players[0], "from_session": 2},
                              format="json")
    assert response.status_code == 201 and response.json() == [{"player": players[0], "from_session": 2,
                                                                 "only": False}]
    assert draw(admin_api, tournament, 2, force=True).status_code == 201
    assert not Seat.objects.filter(session__number=2, session__tournament=tournament, player_id=players[0]).exists()
    standings_recompute(tournament=tournament)
    row = next(r for r in admin_api.get(url(tournament, "standings/")).json() if r["player"] == players[0])
    assert row["games"] == 1


def test_a_withdrawal_for_one_session_only_through_the_api(admin_api, tournament):
    players = players_of(tournament)
    Registration.objects.create(tournament=tournament, player=PlayerFactory(), substitute=True)
    response = admin_api.post(url(tournament, "withdrawals/"), {"player": players[0], "from_session": 1,
                                                                "only": True}, format="json")
    assert response.status_code == 201 and response.json()[0]["only"] is True
    assert draw(admin_api, tournament, 1).status_code == 201
    assert not Seat.objects.filter(session__number=1, player_id=players[0]).exists()
    assert draw(admin_api, tournament, 2).status_code == 201
    assert Seat.objects.filter(session__number=2, player_id=players[0]).exists()


def test_a_player_cannot_withdraw_from_a_session_he_has_played(admin_api, tournament):
    players = players_of(tournament)
    draw(admin_api, tournament, 1)
    table = Table.objects.get(session__tournament=tournament, seats__player_id=players[0])
    hand_record(table=table, record=WIN, user=None)
    response = admin_api.post(url(tournament, "withdrawals/"), {"player": players[0], "from_session": 1},
                              format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "session_started"
    bad = admin_api.post(url(tournament, "withdrawals/"), {"player": players[0], "from_session": 9}, format="json")
    assert bad.status_code == 400 and "from_session" in bad.json()["error"]["fields"]


# ---- draws: preview, redraw, the previous session, the seed ----

def test_a_preview_answers_tables_and_a_quality_report_and_stores_nothing(admin_api, tournament):
    response = draw(admin_api, tournament, 1, preview=True)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["preview"] is True and len(body["tables"]) == 2
    assert sorted(p for t in body["tables"] for p in t["seats"]) == sorted(players_of(tournament))
    assert {"repeated_pairs", "max_meetings", "wind_spread", "group_clashes"} <= set(body["report"])
    assert not Table.objects.filter(session__tournament=tournament).exists()
    assert not Session.objects.filter(tournament=tournament).exists()


def test_a_draw_keeps_its_secure_seed_and_the_seed_reproduces_it(admin_api, tournament):
    first = draw(admin_api, tournament, 1).json()
    session = Session.objects.get(tournament=tournament, number=1)
    assert first["seed"] == session.draw_seed and session.draw_seed != tournament.pk
    again = draw(admin_api, tournament, 1, seed=session.draw_seed).json()
    assert [t["seats"] for t in again["tables"]] == [t["seats"] for t in first["tables"]]


def test_redrawing_replaces_the_tables_until_the_first_hand(admin_api, tournament):
    draw(admin_api, tournament, 1)
    first_ids = set(Table.objects.filter(session__tournament=tournament).values_list("id", flat=True))
    assert draw(admin_api, tournament, 1).status_code == 201
    assert not first_ids & set(Table.objects.filter(session__tournament=tournament).values_list("id", flat=True))
    hand_record(table=Table.objects.filter(session__tournament=tournament).first(), record=WIN, user=None)
    refused = draw(admin_api, tournament, 1)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "session_started"


def test_a_draw_while_the_previous_session_is_played_needs_force(admin_api, tournament):
    draw(admin_api, tournament, 1)
    assert draw(admin_api, tournament, 2).status_code == 201  # drawn ahead, before play: allowed
    tables = list(Table.objects.filter(session__tournament=tournament, session__number=1).order_by("number"))
    hand_record(table=tables[0], record=WIN, user=None)
    refused = draw(admin_api, tournament, 2)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "previous_session_open"
    assert refused.json()["error"]["open_tables"] == [1, 2]
    assert draw(admin_api, tournament, 2, force=True).status_code == 201
    for table in tables:
        if not table.hands.exists():
            hand_record(table=table, record=WIN, user=None)
        table_close(table=table, user=None)
    assert draw(admin_api, tournament, 2).status_code == 201


# ---- the clock ----

def test_the_clock_starts_with_the_session_minutes_pauses_resumes_extends_and_ends(admin_api, tournament):
    tournament.options = {"session_minutes": 90}
    tournament.save()
    clock = url(tournament, "sessions/1/clock/")
    assert admin_api.get(clock).json()["state"] == "idle"
    started = admin_api.post(clock, {"action": "start"}, format="json").json()
    assert started["state"] == "running" and started["duration_s"] == 5400 and 5398 <= started["remaining_s"] <= 5400
    paused = admin_api.post(clock, {"action": "pause"}, format="json").json()
    assert paused["state"] == "paused" and paused["ends_at"] is None
    extended = admin_api.post(clock, {"action": "extend", "seconds": 300}, format="json").json()
    assert extended["remaining_s"] == paused["remaining_s"] + 300 and extended["duration_s"] == 5700
    resumed = admin_api.post(clock, {"action": "resume"}, format="json").json()
    assert resumed["state"] == "running" and resumed["ends_at"]
    assert admin_api.post(clock, {"action": "resume"}, format="json").status_code == 409
    ended = admin_api.post(clock, {"action": "end"}, format="json").json()
    assert ended["state"] == "ended" and ended["remaining_s"] == 0
    assert APIClient().get(clock).json()["state"] == "ended"  # public


def test_one_table_can_get_extra_time_which_its_table_endpoint_shows(admin_api, tournament):
    draw(admin_api, tournament, 1)
    first, second = Table.objects.filter(session__tournament=tournament).order_by("number")
    clock = url(tournament, "sessions/1/clock/")
    admin_api.post(clock, {"action": "start", "seconds": 600}, format="json")
    body = admin_api.post(clock, {"action": "extend", "seconds": 120, "table": first.pk}, format="json").json()
    assert body["table"]["id"] == first.pk and body["table"]["remaining_s"] >= 719
    assert APIClient().get(f"/api/v1/tables/{first.pk}/").json()["remaining_s"] >= 719
    assert APIClient().get(f"/api/v1/tables/{second.pk}/").json()["remaining_s"] <= 600


def test_time_up_reads_as_ended_and_the_clock_survives_in_the_database(tournament):
    session = Session.objects.create(tournament=tournament, number=1)
    past = timezone.now() - datetime.timedelta(hours=3)
    clock_apply(session=session, action="start", seconds=600, now=past)
    reading = clock_reading(session=Session.objects.get(pk=session.pk), tournament=tournament)
    assert reading["state"] == "ended" and reading["remaining_s"] == 0


def test_bad_clock_requests_are_clear_errors(admin_api, tournament):
    clock = url(tournament, "sessions/1/clock/")
    assert admin_api.post(clock, {"action": "explode"}, format="json").status_code == 400
    assert admin_api.post(clock, {"action": "extend", "seconds": 60}, format="json").json()["error"]["code"] == \
        "clock_idle"
    assert admin_api.post(clock, {"action": "start", "seconds": -5}, format="json").status_code == 400
    assert admin_api.get(url(tournament, "sessions/9/clock/")).status_code == 404


# ---- hidden standings ----

def _play_session(tournament, number, client):
    draw(client, tournament, number, force=True)
    for table in Table.objects.filter(session__tournament=tournament, session__number=number):
        hand_record(table=table, record=WIN, user=None)
        table_close(table=table, user=None)
    standings_recompute(tournament=tournament)


def test_hidden_standings_stay_as_before_that_session_for_everyone_but_administrators(admin_api, tournament):
    tournament.options = {"hide_standings_from_session": 2}
    tournament.save()
    _play_session(tournament, 1, admin_api)
    before = APIClient().get(url(tournament, "standings/")).json()
    _play_session(tournament, 2, admin_api)
    public = APIClient().get(url(tournament, "standings/")).json()
    assert public == before and all(row["games"] == 1 for row in public)
    assert all(row["games"] == 2 for row in admin_api.get(url(tournament, "standings/")).json())
    referee = client_for(referee_for(tournament)).get(url(tournament, "standings/")).json()
    assert all(row["games"] == 1 for row in referee)
    admin_api.post(url(tournament, "reveal/"))
    assert all(row["games"] == 2 for row in APIClient().get(url(tournament, "standings/")).json())


def test_the_option_is_validated_like_the_rulesets(admin_api, tournament):
    response = admin_api.patch(url(tournament, ""), {"options": {"hide_standings_from_session": "two"}},
                               format="json")
    assert response.status_code == 400 and "options" in response.json()["error"]["fields"]
    ok = admin_api.patch(url(tournament, ""), {"options": {"hide_standings_from_session": 3, "time_up": "stop_now"}},
                         format="json")
    assert ok.status_code == 200


# ---- find my table ----

def test_a_name_matches_by_the_start_of_any_part_ignoring_case_and_accents():
    assert name_matches("jose", "José Álvarez-Núñez") and name_matches("NUN", "José Álvarez-Núñez")
    assert name_matches("мар", "Мария Иванова") and name_matches("j alv", "José Álvarez-Núñez")
    assert not name_matches("ose", "José Álvarez") and not name_matches("", "José")


def test_find_answers_table_and_wind_for_the_current_and_next_session(admin_api, tournament):
    player = PlayerFactory(first_name="Jürgen", last_name="Dörn")
    Registration.objects.create(tournament=tournament, player=player)
    Registration.objects.filter(tournament=tournament, player_id=players_of(tournament)[0]).delete()
    draw(admin_api, tournament, 1)
    draw(admin_api, tournament, 2)
    found = APIClient().get(url(tournament, "find/"), {"q": "dorn"}).json()
    assert [row["session"] for row in found] == [1, 2]
    seat = Seat.objects.get(session__tournament=tournament, session__number=1, player=player)
    mates = Seat.objects.filter(table=seat.table).exclude(pk=seat.pk).select_related("player").order_by("position")
    assert found[0] == {"player": player.pk, "player_name": "Jürgen Dörn", "session": 1,
                        "table": seat.table.number, "wind": "ESWN"[seat.position],
                        "tablemates": [{"player_name": m.player.name, "wind": "ESWN"[m.position]} for m in mates],
                        "url": f"/t/{tournament.slug}/session/1/#table-{seat.table.number}"}
    assert APIClient().get(url(tournament, "find/"), {"q": "zzz"}).json() == []
    assert find_seats(tournament=tournament, query="JUR")[0]["player"] == player.pk


def test_a_substitutes_games_are_left_out_of_the_standings_when_the_option_says_so(admin_api, tournament):
    substitute = PlayerFactory()
    Registration.objects.create(tournament=tournament, player=substitute, substitute=True)
    Registration.objects.filter(tournament=tournament, player_id=players_of(tournament)[0]).delete()
    _play_session(tournament, 1, admin_api)
    assert substitute.pk in [row["player"] for row in admin_api.get(url(tournament, "standings/")).json()]
    tournament.options = {"substitute_scoring": "excluded"}
    tournament.save()
    standings_recompute(tournament=tournament)
    rows = admin_api.get(url(tournament, "standings/")).json()
    assert substitute.pk not in [row["player"] for row in rows] and len(rows) == 7


def test_a_hidden_sessions_tables_and_hands_wait_for_the_reveal_except_for_its_referees(admin_api, tournament):
    tournament.options = {"hide_standings_from_session": 2}
    tournament.save()
    _play_session(tournament, 1, admin_api)
    _play_session(tournament, 2, admin_api)
    early = Table.objects.filter(session__tournament=tournament, session__number=1).first()
    late = Table.objects.filter(session__tournament=tournament, session__number=2).first()
    hand = late.hands.first()
    assert APIClient().get(f"/api/v1/tables/{early.pk}/").status_code == 200
    for path in (f"/api/v1/tables/{late.pk}/", f"/api/v1/tables/{late.pk}/hands/", f"/api/v1/hands/{hand.pk}/"):
        refused = APIClient().get(path)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "hidden_until_reveal"
        assert client_for(referee_for(TournamentFactory())).get(path).status_code == 403
        assert client_for(referee_for(tournament)).get(path).status_code == 200
        assert admin_api.get(path).status_code == 200
    admin_api.post(url(tournament, "reveal/"))
    assert APIClient().get(f"/api/v1/tables/{late.pk}/hands/").status_code == 200
