"""Referees' pages: login and its brake, their tables, entering, correcting and deleting hands."""

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from league.models import Hand, HandRevision, RefereeAssignment, Table, Tournament
from league.services.confirmations import table_confirm
from league.services.hands import hand_record, table_close, table_reopen
from league.views.forms import record_from_values
from tests.factories import (
    AdminFactory,
    SessionFactory,
    TournamentFactory,
    UserFactory,
    referee_for,
    table_with_players,
)

pytestmark = pytest.mark.django_db
PASSWORD = "secret-pass-123"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def table():
    return table_with_players(slug="spring", name="Frühlingsturnier")


@pytest.fixture
def referee(client, table):
    user = referee_for(table.session.tournament, username="ref")
    client.force_login(user)
    return user


def classical_win(**extra):
    data = {
        "outcome": "win",
        "value_0": "20",
        "value_1": "300",
        "value_2": "40",
        "value_3": "0",
        "winner": "1",
    }
    data.update(extra)
    return data


def test_anonymous_visitors_are_sent_to_the_login_page(client, table):
    response = client.get(reverse("referee-table", args=[table.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_referee_logs_in_and_lands_on_their_tables(client, table):
    referee_for(table.session.tournament, username="anna")
    response = client.post(reverse("login"), {"username": "anna", "password": PASSWORD}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("referee-home")
    page = response.content.decode()
    assert "Frühlingsturnier" in page
    assert reverse("referee-table", args=[table.pk]) in page


@pytest.mark.parametrize(("language", "one", "many"), [
    ("en", "1 hand has not been sent to the server yet.", "%(count)s hands have not been sent to the server yet."),
    ("de", "1 Spiel wurde noch nicht an den Server übertragen.",
     "%(count)s Spiele wurden noch nicht an den Server übertragen."),
])
def test_the_logout_button_carries_its_question_about_unsent_hands_in_the_pages_language(
        client, referee, language, one, many):
    page = client.get(reverse("referee-home"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    form = re.search(r'<form method="post" action="/logout/"[^>]*>', page).group(0)
    assert f'data-text-unsent-one="{one}' in form and f'data-text-unsent-many="{many}' in form
    assert "league/logout.js" in page


def test_an_administrator_sees_every_running_tournament(client, table):
    client.force_login(AdminFactory())
    assert "Frühlingsturnier" in client.get(reverse("referee-home")).content.decode()


def test_the_score_sheet_shows_players_winds_and_the_form_for_the_ruleset(client, referee, table):
    page = client.get(reverse("referee-table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for seat in table.seats.all():
        assert str(seat.player) in page
    assert 'name="value_3"' in page and 'name="dead_hand"' in page and 'name="naming_claim"' in page
    assert "East" in page and "North" in page
    assert f'data-preview-url="{reverse("referee-table-preview", args=[table.pk])}"' in page


def test_a_referee_enters_a_hand_through_the_form_and_sees_it(client, referee, table):
    url = reverse("referee-table", args=[table.pk])
    response = client.post(url, classical_win())
    assert response.status_code == 302 and response["Location"] == url
    hand = Hand.objects.get(table=table)
    assert hand.record["hand_values"] == [20, 300, 40, 0] and hand.record["winner"] == 1
    assert sum(hand.result["balances"]) == 0
    page = client.get(url).content.decode()
    assert f'id="hand-{hand.number}"' in page
    assert f'{hand.result["balances"][1]:,}'.replace(",", ".") in page  # 1.200: German groups thousands


def test_a_dead_hand_and_a_false_naming_become_penalties_of_the_record(client, referee, table):
    client.post(
        reverse("referee-table", args=[table.pk]),
        classical_win(dead_hand=["3"], naming_seat="2", naming_claimant="0", naming_claim="pung"),
    )
    record = Hand.objects.get(table=table).record
    assert {"type": "dead_hand", "seat": 3} in record["penalties"]
    assert {"type": "false_naming", "seat": 2, "claimant": 0, "claim": "pung"} in record["penalties"]


def test_an_invalid_hand_shows_the_error_next_to_the_field_in_the_users_language(client, referee, table):
    url = reverse("referee-table", args=[table.pk])
    response = client.post(url, classical_win(value_1="50"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="err-value_0"' in page and "below the lower limit" in page
    german = client.post(url, classical_win(winner=""), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Gewinner" in german
    assert not Hand.objects.exists()


def test_a_referee_of_another_tournament_gets_403(client, table):
    client.force_login(referee_for(TournamentFactory(), username="stranger"))
    assert client.get(reverse("referee-table", args=[table.pk])).status_code == 403
    assert client.post(reverse("referee-table", args=[table.pk]), classical_win()).status_code == 403
    hand = hand_record(table=table, record={"outcome": "draw"}, user=None)
    for name in ("referee-hand-edit", "referee-hand-history"):
        assert client.get(reverse(name, args=[hand.pk])).status_code == 403
    assert client.post(reverse("referee-hand-delete", args=[hand.pk])).status_code == 403


# The live preview: the score sheet posts its own fields; the server's form builds the record.


def test_the_preview_settles_the_posted_form_without_storing_it(client, referee, table):
    url = reverse("referee-table-preview", args=[table.pk])
    response = client.post(url, classical_win(dead_hand=["3"], winner="1"))
    assert response.status_code == 200, response.content.decode()
    body = response.json()
    assert body["record"]["hand_values"] == [20, 300, 40, 0] and body["record"]["winner"] == 1
    assert {"type": "dead_hand", "seat": 3} in body["record"]["penalties"]
    assert sum(body["result"]["balances"]) == 0 and body["result"]["balances"][1] > 0
    assert body["dealer"] == 0 and body["prevailing_wind"] == "E"
    assert not Hand.objects.exists()
    # the same balances as saving the same fields
    client.post(reverse("referee-table", args=[table.pk]), classical_win(dead_hand=["3"], winner="1"))
    assert Hand.objects.get().result["balances"] == body["result"]["balances"]
    # the next preview is of the next hand: the deal has passed to the winner
    assert client.post(url, {"outcome": "draw"}).json()["dealer"] == 1


def test_a_scoring_error_of_the_preview_is_named_by_the_forms_field(client, referee, table):
    url = reverse("referee-table-preview", args=[table.pk])
    response = client.post(url, classical_win(value_1="50"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    error = response.json()["error"]
    # the scoring service names "hand_values"; the page's slot for it is the form field value_0
    assert list(error["fields"]) == ["value_0"] and "below the lower limit" in error["fields"]["value_0"][0]
    assert error["code"] and error["message"]
    dead_winner = client.post(url, classical_win(dead_hand=["1"]), HTTP_ACCEPT_LANGUAGE="en").json()["error"]
    assert "dead hand" in dead_winner["fields"]["winner"][0]
    german = client.post(url, classical_win(winner=""), HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 400 and "Gewinner" in german.json()["error"]["fields"]["winner"][0]


def test_an_invalid_field_of_the_preview_is_a_form_error(client, referee, table):
    response = client.post(
        reverse("referee-table-preview", args=[table.pk]),
        classical_win(value_2="abc", winner="7"),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["message"] == "Some fields are not valid."
    assert set(error["fields"]) == {"value_2", "winner"}


def test_the_riichi_preview_maps_wins_to_the_first_win_field(client):
    table = table_with_players(ruleset="riichi-ema")
    client.force_login(referee_for(table.session.tournament))
    url = reverse("referee-table-preview", args=[table.pk])
    ok = client.post(url, {"outcome": "win", "win_type": "self_draw", "win_1": "on", "han_1": "3", "fu_1": "40"})
    assert ok.status_code == 200 and ok.json()["record"]["wins"] == [{"seat": 1, "han": 3, "fu": 40}]
    no_winner = client.post(url, {"outcome": "win", "win_type": "self_draw"})
    assert no_winner.status_code == 400 and "win_0" in no_winner.json()["error"]["fields"]


def test_the_preview_is_for_the_tournaments_referees_and_administrators_only(client, table):
    url = reverse("referee-table-preview", args=[table.pk])
    anonymous = client.post(url, classical_win())
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    client.force_login(referee_for(TournamentFactory(), username="stranger"))
    assert client.post(url, classical_win()).status_code == 403
    client.force_login(AdminFactory())
    assert client.post(url, classical_win()).status_code == 200
    assert client.get(url).status_code == 405
    assert client.post(reverse("referee-table-preview", args=[999999]), classical_win()).status_code == 404


def test_the_preview_checks_the_csrf_token_like_the_form(table):
    client = Client(enforce_csrf_checks=True)
    client.force_login(referee_for(table.session.tournament, username="ref"))
    url = reverse("referee-table-preview", args=[table.pk])
    assert client.post(url, classical_win()).status_code == 403
    page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert client.post(url, classical_win(csrfmiddlewaretoken=token)).status_code == 200


def test_a_user_without_assignment_sees_no_tournaments(client, table):
    client.force_login(UserFactory())
    page = client.get(reverse("referee-home")).content.decode()
    assert "Frühlingsturnier" not in page


def test_a_correction_is_prefilled_and_kept_in_the_history(client, referee, table):
    client.post(reverse("referee-table", args=[table.pk]), classical_win())
    hand = Hand.objects.get()
    edit = reverse("referee-hand-edit", args=[hand.pk])
    page = client.get(edit).content.decode()
    assert 'name="value_1" value="300"' in page and 'name="version" value="1"' in page
    response = client.post(edit, classical_win(value_1="500", version="1"))
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.record["hand_values"][1] == 500 and hand.version == 2
    history = client.get(reverse("referee-hand-history", args=[hand.pk]), HTTP_ACCEPT_LANGUAGE="en")
    text = history.content.decode()
    assert "corrected" in text and "entered" in text and "ref" in text


def test_a_stale_version_shows_the_conflict_message(client, referee, table):
    client.post(reverse("referee-table", args=[table.pk]), classical_win())
    hand = Hand.objects.get()
    edit = reverse("referee-hand-edit", args=[hand.pk])
    client.post(edit, classical_win(value_1="500", version="1"))
    response = client.post(edit, classical_win(value_1="600", version="1"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    page = response.content.decode()
    assert "Someone else changed this hand first" in page
    hand.refresh_from_db()
    assert hand.record["hand_values"][1] == 500
    # what is stored now beside what the referee typed, and the form now against the stored version
    conflict = re.search(r'<section class="conflict".*?</section>', page, re.S).group(0)
    assert re.search(r"<td>[^<]*South – [^<]*: 600[^<]*</td><td>[^<]*South – [^<]*: 500", conflict)
    assert 'name="version" value="2"' in page
    again = client.post(edit, classical_win(value_1="600", version="2"))
    assert again.status_code == 302
    hand.refresh_from_db()
    assert hand.record["hand_values"][1] == 600


def test_the_last_hand_can_be_deleted_and_the_table_closed(client, referee, table):
    url = reverse("referee-table", args=[table.pk])
    client.post(url, classical_win())
    client.post(url, {"outcome": "draw"})
    first, last = Hand.objects.order_by("number")
    client.post(reverse("referee-hand-delete", args=[first.pk]))
    assert Hand.objects.count() == 2
    client.post(reverse("referee-hand-delete", args=[last.pk]))
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    assert HandRevision.objects.filter(action="delete").count() == 1
    assert client.get(reverse("referee-hand-delete", args=[first.pk])).status_code == 405
    client.post(reverse("referee-table-close", args=[table.pk]))
    table.refresh_from_db()
    assert table.closed
    assert 'id="hand-form"' not in client.get(url).content.decode()


@pytest.mark.parametrize(
    ("ruleset", "data", "expected"),
    [
        (
            "dmjl-hke",
            {
                "outcome": "win",
                "winner": "0",
                "win_type": "discard",
                "discarder": "2",
                "fan": "3",
                "obstruction": ["1"],
            },
            {
                "outcome": "win",
                "winner": 0,
                "win_type": "discard",
                "discarder": 2,
                "fan": 3,
                "penalties": [{"type": "obstruction", "seat": 1}],
            },
        ),
        (
            "riichi-ema",
            {
                "outcome": "win",
                "win_type": "discard",
                "discarder": "3",
                "win_1": "on",
                "han_1": "3",
                "fu_1": "40",
                "win_2": "on",
                "yakuman_2": "on",
                "riichi": ["1", "0"],
            },
            {
                "outcome": "win",
                "wins": [{"seat": 1, "han": 3, "fu": 40}, {"seat": 2, "yakuman": 1}],
                "win_type": "discard",
                "discarder": 3,
                "riichi": [0, 1],
            },
        ),
        (
            "riichi-ema",
            {"outcome": "draw", "tenpai": ["2"], "riichi": ["2"]},
            {"outcome": "draw", "riichi": [2], "tenpai": [2]},
        ),
        (
            "japanese-classic",
            {"outcome": "win", "winner": "2", "win_type": "self_draw", "points": "32", "doubles": "2"},
            {"outcome": "win", "winner": 2, "win_type": "self_draw", "points": 32, "doubles": 2},
        ),
    ],
)
def test_each_rulesets_form_builds_its_hand_record(client, ruleset, data, expected):
    table = table_with_players(ruleset=ruleset)
    client.force_login(referee_for(table.session.tournament))
    page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    assert f'data-ruleset="{ruleset}"' in page
    response = client.post(reverse("referee-table", args=[table.pk]), data)
    assert response.status_code == 302, response.content.decode()
    record = Hand.objects.get(table=table).record
    assert {k: record[k] for k in expected} == expected
    edit = client.get(reverse("referee-hand-edit", args=[Hand.objects.get(table=table).pk]))
    assert edit.status_code == 200


def test_the_login_is_refused_after_five_failed_attempts(client, table):
    referee_for(table.session.tournament, username="bert")
    for _ in range(5):
        response = client.post(
            reverse("login"), {"username": "bert", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE="en"
        )
        assert response.status_code == 200
    response = client.post(
        reverse("login"), {"username": "bert", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 429
    assert "Too many failed attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session
    other = client.post(reverse("login"), {"username": "bert", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 302


def test_logout_works_by_post(client, referee):
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert client.get(reverse("referee-home")).status_code == 302


# Tile entry (static/league/tiles.js): the page carries what POST /api/v1/handvalue/ needs.


def _tile_inputs(page: str) -> list[str]:
    return re.findall(r"<input[^>]*(?:class=\"tiles-input\"|data-suit=|data-win-tile|data-melds|data-dora|data-ura"
                      r"|data-flag=)[^>]*>", page)


def test_the_classical_sheet_offers_tile_entry_with_winds_and_upper_limit(client, referee, table):
    tournament = table.session.tournament
    tournament.options = {"upper_limit": 500}
    tournament.save()
    url = reverse("referee-table", args=[table.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'data-handvalue-url="{reverse("api-handvalue")}"' in page
    assert 'data-seat-winds="ESWN"' in page and 'data-prevailing-wind="E"' in page
    assert 'data-upper-limit="500"' in page
    assert "league/tiles.js" in page and 'id="tile-picker"' in page
    assert page.count('data-tiles-toggle="') == 4
    # an aid only: hidden without JavaScript and never posted (the inputs have no name)
    assert all(" hidden" in tag for tag in re.findall(r"<button[^>]*data-tiles-toggle[^>]*>", page))
    inputs = _tile_inputs(page)
    assert len(inputs) == 4 and not any(" name=" in tag for tag in inputs)
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Verdeckt" in german and "Neue Figur" in german


def test_the_tile_entry_uses_the_winds_of_the_coming_hand_and_of_a_corrected_hand(client, referee, table):
    url = reverse("referee-table", args=[table.pk])
    client.post(url, classical_win())  # South (seat 1) wins: the deal passes to seat 1
    page = client.get(url).content.decode()
    assert 'data-seat-winds="NESW"' in page and 'data-upper-limit="5000"' in page
    edit = client.get(reverse("referee-hand-edit", args=[Hand.objects.get().pk])).content.decode()
    assert 'data-seat-winds="ESWN"' in edit and "league/tiles.js" in edit


def test_the_handvalue_answer_for_the_pages_request(client):
    """The record tiles.js sends for a classical seat, and the fields it reads from the answer."""
    record = {
        "ruleset": "dmjl-classical",
        "tiles": "b3B3B3b3 wewewe RDbDbDbS1S1S1S2S2 LS2S2S2",
        "seat_wind": "E",
        "prevailing_wind": "E",
        "options": {"upper_limit": 500},
    }
    answer = client.post(reverse("api-handvalue"), record, content_type="application/json").json()
    assert answer["won"] is True and answer["value"] == 500 and answer["explain"]
    bad = client.post(
        reverse("api-handvalue"), {**record, "tiles": "b3B3B3b3 wxwe"}, content_type="application/json"
    )
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_tiles"
    assert bad.json()["error"]["position"] == 9


def test_the_riichi_sheet_offers_tile_entry_per_winner(client):
    table = table_with_players(ruleset="riichi-ema")
    client.force_login(referee_for(table.session.tournament))
    page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    assert "league/tiles.js" in page and 'data-seat-winds="ESWN"' in page and 'data-upper-limit=""' in page
    assert page.count('data-tiles-toggle="') == 4 and 'id="tile-picker"' not in page
    inputs = _tile_inputs(page)
    assert len(inputs) == 4 * 13 and not any(" name=" in tag for tag in inputs)
    response = client.post(
        reverse("referee-table", args=[table.pk]),
        {"outcome": "win", "win_type": "self_draw", "win_1": "on", "han_1": "3", "fu_1": "40"},
    )
    assert response.status_code == 302


@pytest.mark.parametrize(("ruleset", "inputs", "picker"), [("dmjl-hke", 4, True), ("japanese-classic", 4 * 11, False)])
def test_the_single_winner_sheets_offer_tile_entry_per_seat(client, ruleset, inputs, picker):
    table = table_with_players(ruleset=ruleset)
    client.force_login(referee_for(table.session.tournament))
    page = client.get(reverse("referee-table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "league/tiles.js" in page and 'data-seat-winds="ESWN"' in page
    assert page.count('data-tiles-toggle="') == 4 and ('id="tile-picker"' in page) == picker
    assert all(" hidden" in tag for tag in re.findall(r"<button[^>]*data-tiles-toggle[^>]*>", page))
    found = _tile_inputs(page) + re.findall(r"<input[^>]*data-flowers[^>]*>", page)
    assert len(found) == inputs and not any(" name=" in tag for tag in found)


def test_the_classical_sheet_passes_the_valuation_table_to_tile_entry(client, referee, table):
    tournament = table.session.tournament
    tournament.options = {"upper_limit": 1000, "table": "kajongg", "prevailing_wind_pair": 0}
    tournament.save()
    page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    options = json.loads(re.search(r'<script id="tile-options" type="application/json">(.*?)</script>', page)[1])
    assert options == {"upper_limit": 1000, "table": "kajongg", "prevailing_wind_pair": 0}


def referee_of_tournaments(count: int):
    """A referee of ``count`` tournaments, each with two sessions of a table with a hand."""
    user = UserFactory(username="busy")
    for number in range(count):
        table = table_with_players(name=f"Turnier {number}")
        tournament = table.session.tournament
        second = SessionFactory(tournament=tournament, number=2)
        hand_record(table=table_with_players(session=second, players=[s.player for s in table.seats.all()]),
                    record=CLASSICAL_WIN, user=None)
        RefereeAssignment.objects.create(tournament=tournament, user=user)
    return user


CLASSICAL_WIN = {"outcome": "win", "winner": 1, "hand_values": [20, 300, 40, 0]}


@pytest.mark.parametrize("count", [1, 5])
def test_the_referees_home_takes_as_many_queries_for_five_tournaments_as_for_one(
    client, django_assert_max_num_queries, count
):
    client.force_login(referee_of_tournaments(count))
    # one of them asks whether the referee is an administrator, one reads their roles (the tournaments
    # they direct, the header's Manage link); two read the seats' substitutes and dealers; one the tables
    # where the user plays themselves (tournament option entry "players")
    with django_assert_max_num_queries(12):
        page = client.get(reverse("referee-home")).content.decode()
    assert page.count('class="tablecard') == count and page.count("<h2>Turnier ") == count


def test_the_referees_home_shows_the_chosen_session_and_the_latest_of_the_others(client):
    client.force_login(referee_of_tournaments(2))
    first, second = Tournament.objects.filter(referee_assignments__user__username="busy").order_by("pk")
    page = client.get(reverse("referee-home"), {"tournament": first.pk, "session": 1}).content.decode()
    shown = {table.pk for table in Table.objects.all() if reverse("referee-table", args=[table.pk]) in page}
    assert shown == {first.sessions.get(number=1).tables.get().pk, second.sessions.get(number=2).tables.get().pk}


def test_the_form_carries_a_fresh_key_and_the_next_hands_number(client, referee, table):
    first = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    second = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    key = re.search(r'name="key" value="(\w+)"', first).group(1)
    assert key not in second
    assert 'name="number" value="1"' in first


def test_submitting_the_same_form_twice_stores_one_hand(client, referee, table):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    data = classical_win(key="form-key-1", number="1")
    first = client.post(reverse("referee-table", args=[table.pk]), data)
    second = client.post(reverse("referee-table", args=[table.pk]), data, follow=True)
    assert first.status_code == 302
    assert Hand.objects.filter(table=table).count() == 1
    assert "Hand 1 was already saved." in second.content.decode()


def test_the_sheets_script_gets_json_answers(client, referee, table):
    url = reverse("referee-table", args=[table.pk])
    saved = client.post(url, classical_win(key="js-1", number="1"), HTTP_ACCEPT="application/json")
    assert saved.status_code == 201 and saved.json()["hand"]["number"] == 1
    again = client.post(url, classical_win(key="js-1", number="1"), HTTP_ACCEPT="application/json")
    assert again.status_code == 201 and again.json()["replayed"] is True
    taken = client.post(url, classical_win(key="js-2", number="1"), HTTP_ACCEPT="application/json")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "hand_number_exists"
    invalid = client.post(url, classical_win(key="js-3", number="2", winner="2"), HTTP_ACCEPT="application/json")
    assert invalid.status_code == 400 and invalid.json()["error"]["fields"]
    assert Hand.objects.filter(table=table).count() == 1


def test_a_taken_number_shows_the_message_and_offers_the_next_number(client, referee, table):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    url = reverse("referee-table", args=[table.pk])
    client.post(url, classical_win(key="a", number="1"))
    response = client.post(url, classical_win(key="b", number="1"))
    assert response.status_code == 409
    page = response.content.decode()
    assert "Hand 1 is already stored" in page and 'name="number" value="2"' in page
    assert Hand.objects.filter(table=table).count() == 1


def test_deleting_a_deleted_hand_again_deletes_nothing_more(client, referee, table):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    first = hand_record(table=table, record={"outcome": "draw"}, user=referee)
    second = hand_record(table=table, record={"outcome": "draw"}, user=referee)
    url = reverse("referee-hand-delete", args=[second.pk])
    client.post(url)
    response = client.post(url, follow=True)
    assert "Hand 2 was already deleted." in response.content.decode()
    assert list(Hand.objects.filter(table=table)) == [first]


def test_a_repeated_correction_form_is_applied_once(client, referee, table):
    hand = hand_record(table=table, record={"outcome": "draw"}, user=referee)
    url = reverse("referee-hand-edit", args=[hand.pk])
    data = classical_win(key="fix-1", number="1", version="1")
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    hand.refresh_from_db()
    assert hand.version == 2 and HandRevision.objects.filter(action="update").count() == 1


def test_a_correction_previews_which_later_hands_change_and_stores_nothing(client, referee, table):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    first = hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 300, 40, 0]},
                        user=referee)
    second = hand_record(table=table, record={"outcome": "win", "winner": 2, "hand_values": [20, 30, 400, 0]},
                         user=referee)
    players = [s.player for s in table.seats.order_by("position")]
    before = second.result["balances"]
    # East wins the first hand instead: East deals again, so hand 2's dealer and balances change.
    response = client.post(reverse("referee-hand-edit-preview", args=[first.pk]),
                           classical_win(winner="0", value_0="300", value_1="20", number="1", version="1"))
    assert response.status_code == 200, response.content
    html = response.json()["html"]
    assert "Hand 1 (this hand)" in html and "Hand 2" in html
    assert f"Dealer: {players[1]} → {players[0]}" in html
    assert "Totals change" in html
    second.refresh_from_db()
    assert second.result["balances"] == before and second.version == 1


def test_the_correction_preview_is_for_the_tournaments_referees_only(client, table):
    hand = hand_record(table=table, record={"outcome": "draw"}, user=referee_for(table.session.tournament))
    client.force_login(referee_for(TournamentFactory()))
    response = client.post(reverse("referee-hand-edit-preview", args=[hand.pk]), {"outcome": "draw"})
    assert response.status_code == 403


def test_a_closed_table_shows_the_final_result_and_takes_each_players_confirmation(client, referee, table):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 300, 40, 0]}, user=referee)
    client.post(reverse("referee-table-close", args=[table.pk]))
    page = client.get(reverse("referee-table", args=[table.pk])).content.decode()
    assert "Final result" in page and "Table points" in page
    assert 'id="hand-form"' not in page and 'class="badge"' not in page
    players = [s.player for s in table.seats.order_by("position")]
    response = client.post(reverse("referee-table-confirm", args=[table.pk]), {"player": players[1].pk}, follow=True)
    assert f"{players[1]} confirmed the result." in response.content.decode()
    client.post(reverse("referee-table-confirm", args=[table.pk]), {"player": players[1].pk})
    assert list(table.confirmations.values_list("player_id", flat=True)) == [players[1].pk]
    stranger = table_with_players(session=SessionFactory()).seats.first().player
    client.post(reverse("referee-table-confirm", args=[table.pk]), {"player": stranger.pk})
    assert table.confirmations.count() == 1


def test_an_open_table_takes_no_confirmation_and_reopening_withdraws_them(client, referee, table):
    hand_record(table=table, record={"outcome": "draw"}, user=referee)
    player = table.seats.first().player
    client.post(reverse("referee-table-confirm", args=[table.pk]), {"player": player.pk})
    assert not table.confirmations.exists()
    table_close(table=table, user=referee)
    table_confirm(table=table, player_id=player.pk, user=referee)
    table_reopen(table=table, user=AdminFactory())
    assert not table.confirmations.exists()


def test_only_the_tournaments_referees_record_confirmations(client, table):
    referee = referee_for(table.session.tournament)
    hand_record(table=table, record={"outcome": "draw"}, user=referee)
    table_close(table=table, user=referee)
    player = table.seats.first().player
    url = reverse("referee-table-confirm", args=[table.pk])
    assert client.post(url, {"player": player.pk}).status_code == 302  # anonymous: to the login page
    client.force_login(referee_for(TournamentFactory()))
    assert client.post(url, {"player": player.pk}).status_code == 403
    client.force_login(AdminFactory())
    client.post(url, {"player": player.pk})
    assert table.confirmations.count() == 1


def test_the_history_says_who_changed_what_with_player_names_and_no_json(client, referee, table):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    hand = hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 300, 40, 0]},
                       user=referee)
    client.post(reverse("referee-hand-edit", args=[hand.pk]),
                classical_win(value_1="400", key="h1", number="1", version="1"))
    page = client.get(reverse("referee-hand-history", args=[hand.pk])).content.decode()
    players = [s.player for s in table.seats.order_by("position")]
    assert "corrected" in page and "by ref" in page
    assert f"South – {players[1]}: 300" in page and f"South – {players[1]}: 400" in page
    assert "{" not in page.split("<main>")[1] and "hand_values" not in page


def test_scoring_errors_name_the_player_and_wind_not_a_seat_number(client, referee, table):
    response = client.post(reverse("referee-table", args=[table.pk]),
                           classical_win(winner="3", dead_hand="3"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    players = [s.player for s in table.seats.order_by("position")]
    message = " ".join(response.context["form"].errors["winner"])
    assert message == f"North – {players[3]} has a dead hand and cannot win."
    assert "Seat" not in response.content.decode()


def test_a_classical_hand_with_blank_values_is_not_saved_and_names_the_missing_seats(client, referee, table):
    data = {"outcome": "win", "winner": "1", "value_1": "120"}
    response = client.post(reverse("referee-table", args=[table.pk]), data, HTTP_ACCEPT="application/json",
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert set(fields) == {"value_0", "value_2", "value_3"}
    assert fields["value_0"][0].startswith("East – ")
    assert not Hand.objects.exists()
    # a draw with one value typed is refused too: a blank is never stored as 0
    draw = client.post(reverse("referee-table", args=[table.pk]), {"outcome": "draw", "value_2": "40"})
    assert draw.status_code == 400 and not Hand.objects.exists()


def test_a_blank_hand_value_reaches_the_scoring_as_a_blank_not_as_0():
    record = record_from_values("dmjl-classical", {"outcome": "win", "winner": 1, "value_1": 120})
    assert record["hand_values"] == [None, 120, None, None]


def test_the_referees_home_lists_his_own_tables_first_and_filters_by_tournament_and_open_tables(client):
    user = referee_of_tournaments(2)
    first, second = Tournament.objects.filter(referee_assignments__user__username="busy").order_by("pk")
    session = second.sessions.get(number=2)
    mine = table_with_players(session=session, number=2)
    hand_record(table=mine, record=CLASSICAL_WIN, user=user)
    closed = table_with_players(session=session, number=3)
    hand_record(table=closed, record=CLASSICAL_WIN, user=None)
    table_close(table=closed, user=None)
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"

    def tables_in(page):
        return re.findall(r'class="tablecard[^"]*" href="/referee/table/(\d+)/"', page)

    page = client.get(reverse("referee-home")).content.decode()
    # his own table first: its tournament comes first, and in it his table before the others
    assert tables_in(page)[0] == str(mine.pk) and "Your table" in page
    assert page.index(f"<h2>{second.name}") < page.index(f"<h2>{first.name}")
    assert tables_in(page).index(str(closed.pk)) == len(tables_in(page)) - 2  # closed tables last in their list
    only = client.get(reverse("referee-home"), {"only": first.pk}).content.decode()
    assert tables_in(only) == [str(first.sessions.get(number=2).tables.get().pk)]
    open_only = client.get(reverse("referee-home"), {"open": "1"}).content.decode()
    assert str(closed.pk) not in tables_in(open_only) and str(mine.pk) in tables_in(open_only)


def test_the_site_serves_a_favicon_where_browsers_ask_for_it(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file


def test_the_referees_home_shows_a_finished_game_without_a_dealer(client):
    table = table_with_players(ruleset="riichi-ema", options={"bust_ends_game": True})
    user = referee_for(table.session.tournament, username="bustref")
    hand_record(table=table, record={"outcome": "win", "wins": [{"seat": 1, "yakuman": 1}], "win_type": "discard",
                                     "discarder": 2}, user=user)
    client.force_login(user)
    page = client.get(reverse("referee-home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "game complete" in page and '<span class="badge">Dealer</span>' not in page
