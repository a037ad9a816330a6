"""Every number a hand record carries has the bounds its ruleset allows, on every path: the API's
hands, ``settle/``, the score sheet's service and the commands all read records through
``scoring/``, so a han of 10^30 is an error with a code everywhere, and nothing is stored."""
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

import scoring
from league.models import Export, Hand, TournamentPenalty
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    TournamentFactory,
    client_for,
    referee_for,
    table_with_players,
)

HUGE = 10**30
RIICHI_HUGE_HAN = {"ruleset": "riichi-ema", "dealer": 0, "outcome": "win", "win_type": "discard", "discarder": 1,
                   "wins": [{"seat": 0, "han": HUGE, "fu": 30}]}


def test_settling_a_riichi_hand_with_a_huge_han_is_a_bad_record():
    answer = scoring.settle(RIICHI_HUGE_HAN)
    assert answer["error"]["code"] == "bad_record" and answer["error"]["field"] == "wins"


@pytest.mark.parametrize(("ruleset", "field", "record"), [
    ("dmjl-hke", "fan", {"outcome": "win", "winner": 0, "win_type": "self_draw", "fan": HUGE}),
    ("japanese-classic", "doubles", {"outcome": "win", "winner": 0, "win_type": "self_draw", "points": 30,
                                     "doubles": 10**6}),
])
def test_fan_and_doubles_beyond_any_limit_hand_are_bad_records(ruleset, field, record):
    answer = scoring.settle({"ruleset": ruleset, "dealer": 0, **record})
    assert answer["error"]["code"] == "bad_record" and answer["error"]["field"] == field


def test_the_highest_counted_han_still_settles_as_the_limit():
    answer = scoring.settle({**RIICHI_HUGE_HAN, "wins": [{"seat": 0, "han": 99, "fu": 30}]})
    assert "error" not in answer


@pytest.mark.django_db
def test_the_api_refuses_a_huge_han_and_stores_nothing():
    table = table_with_players(ruleset="riichi-ema")
    client = client_for(referee_for(table.session.tournament))
    record = {k: v for k, v in RIICHI_HUGE_HAN.items() if k not in ("ruleset", "dealer")}
    response = client.post(f"/api/v1/tables/{table.pk}/hands/", record, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_record"
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_the_public_settle_endpoint_refuses_a_huge_han():
    response = client_for(None).post("/api/v1/settle/", RIICHI_HUGE_HAN, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_record"


def test_the_settle_command_refuses_a_huge_han(tmp_path, capsys):
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(RIICHI_HUGE_HAN) + "\n")
    with pytest.raises(SystemExit):
        call_command("settle", str(path))
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad_record"


@pytest.mark.django_db
def test_a_tournament_penalty_beyond_the_largest_amount_is_refused_by_the_admin_form():
    penalty = TournamentPenalty(tournament=TournamentFactory(), player=PlayerFactory(), points=HUGE, reason="x")
    with pytest.raises(ValidationError) as refused:
        penalty.full_clean()
    assert "points" in refused.value.message_dict


@pytest.mark.django_db
@pytest.mark.parametrize("session", ["²", "99999999999999999999999"])
def test_the_exports_page_refuses_a_session_that_is_no_number_it_can_read(session):
    tournament = table_with_players(slug="exp", published=True).session.tournament
    client = Client()
    client.force_login(AdminFactory())
    url = reverse("tournament-exports", args=[tournament.slug])
    assert client.get(url, {"session": session}).status_code == 200
    response = client.post(url, {"kind": "score-sheets-pdf", "session": session})
    assert response.status_code == 302 and not Export.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("part", ["session-²", "session-99999999999999999999999"])
def test_a_live_part_of_a_session_that_cannot_exist_is_not_found(part):
    tournament = table_with_players(slug="live", published=True).session.tournament
    assert Client().get(f"/t/{tournament.slug}/live/{part}/").status_code == 404


@pytest.mark.django_db
def test_a_score_sheet_field_named_with_a_non_ascii_digit_is_ignored_and_the_hand_stored():
    table = table_with_players()
    client = Client()
    client.force_login(referee_for(table.session.tournament))
    response = client.post(reverse("referee-table", args=[table.pk]), {"outcome": "draw", "fine_kind_²": "free"})
    assert response.status_code == 302
    assert Hand.objects.get(table=table).record["outcome"] == "draw"
