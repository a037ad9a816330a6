"""The options form's stages as fields (issue 42, item 7c): a row per stage with its name, first
session, the players who go on and the carry-over, stored in the option's own format (scoring.stages)."""

import pytest

from tests.factories import TournamentFactory
from tests.league.test_rule_options import form_data

pytestmark = pytest.mark.django_db

STORED = [{"name": "Qualification", "from_session": 1, "carry": "all"},
          {"name": "Final", "from_session": 5, "players": 8, "carry": "half"}]


def rows(*stages) -> dict:
    data = {}
    for index, (name, start, players, carry) in enumerate(stages):
        data.update({f"stage_name_{index}": name, f"stage_from_{index}": start, f"stage_players_{index}": players,
                     f"stage_carry_{index}": carry})
    data.update({"stage_name_2": "", "stage_from_2": "", "stage_players_2": "", "stage_carry_2": "all"})
    return data


def test_the_form_shows_each_stored_stage_in_fields_of_its_own_and_no_json(client, admin_user):
    tournament = TournamentFactory(session_count=6, status="registration", options={"stages": STORED})
    client.force_login(admin_user)
    page = client.get(f"/manage/t/{tournament.slug}/options/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="stage_name_0" value="Qualification"' in page and 'name="stage_name_1" value="Final"' in page
    assert 'name="stage_from_1" value="5"' in page and 'name="stage_players_1" value="8"' in page
    assert '<option value="half" selected>' in page
    assert 'name="stage_name_2" value=""' in page  # room for another stage
    assert "&quot;" not in page and 'name="opt_stages"' not in page


def test_stages_typed_in_the_fields_are_stored_in_the_options_format(client, admin_user):
    tournament = TournamentFactory(session_count=6, status="registration")
    client.force_login(admin_user)
    data = {**form_data(tournament), **rows(("Qualification", "1", "", "all"), ("Final", "5", "8", "half"))}
    data.pop("opt_stages")
    response = client.post(f"/manage/t/{tournament.slug}/options/", data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.options == {"stages": STORED}


def test_emptied_fields_remove_the_stages(client, admin_user):
    tournament = TournamentFactory(session_count=6, status="registration", options={"stages": STORED})
    client.force_login(admin_user)
    data = {**form_data(tournament), **rows(("", "", "", "all"), ("", "", "", "all"))}
    data.pop("opt_stages")
    assert client.post(f"/manage/t/{tournament.slug}/options/", data).status_code == 302
    tournament.refresh_from_db()
    assert "stages" not in tournament.options or tournament.options["stages"] is None


def test_a_stage_without_a_first_session_is_refused_at_its_field_and_kept_as_typed(client, admin_user):
    tournament = TournamentFactory(session_count=6, status="registration")
    client.force_login(admin_user)
    data = {**form_data(tournament), **rows(("Qualification", "1", "", "all"), ("Final", "five", "8", "half"))}
    data.pop("opt_stages")
    response = client.post(f"/manage/t/{tournament.slug}/options/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="err_stages"' in page and 'name="stage_from_1" value="five"' in page
    tournament.refresh_from_db()
    assert tournament.options == {}
