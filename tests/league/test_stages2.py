"""Stages, second part (docs/rules.md §7): a stage beyond the last session is refused, the Swiss
draw within a stage, the standings page per stage (``?stage=k``), hidden standings and the reveal
per stage on the projector, and the EMA results CSV of a staged tournament (SCORING.md §11)."""
import json
from fractions import Fraction

import pytest
from django.test import Client

from league.models import Registration, Seat
from tests.factories import PlayerFactory, TournamentFactory
from tests.league.test_stages import QUALIFICATION_FINAL, SMALL, _expected, _play_session, _tables_of

pytestmark = pytest.mark.django_db


def test_a_stage_beyond_the_last_session_is_refused_through_the_api(admin_api):
    tournament = TournamentFactory(session_count=4, status="registration")
    url = f"/api/v1/tournaments/{tournament.pk}/"
    response = admin_api.patch(url, {"options": {"stages": QUALIFICATION_FINAL}}, format="json")  # final at 5
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "stage_beyond_sessions"
    assert "Final" in error["message"] and "stages" in error["fields"]
    tournament.refresh_from_db()
    assert tournament.options == {}
    # at the last session it is a stage of its own; shortening the tournament below it is refused
    tournament.session_count = 5
    tournament.save()
    assert admin_api.patch(url, {"options": {"stages": QUALIFICATION_FINAL}}, format="json").status_code == 200
    response = admin_api.patch(url, {"session_count": 4}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "stage_beyond_sessions"
    tournament.refresh_from_db()
    assert tournament.session_count == 5


def test_the_options_form_refuses_a_stage_beyond_the_last_session(client, admin_user):
    from tests.league.test_rule_options import form_data

    tournament = TournamentFactory(session_count=4, status="registration")
    client.force_login(admin_user)
    response = client.post(f"/manage/t/{tournament.slug}/options/",
                           form_data(tournament, stages=json.dumps(QUALIFICATION_FINAL)),
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="err_stages"' in page and "starts at session 5, but the tournament has 4 sessions" in page
    tournament.refresh_from_db()
    assert tournament.options == {}
