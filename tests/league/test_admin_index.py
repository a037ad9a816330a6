"""The admin index groups what administrators edit; computed rows are shown read-only."""
import pytest

from tests.factories import table_with_players

pytestmark = pytest.mark.django_db


def test_the_index_groups_the_league_models_in_sections(client, admin_user):
    client.force_login(admin_user)
    html = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    sections = ["Players and clubs", "Leagues and tournaments", "Play", "Exports", "Computed (read only)"]
    positions = [html.index(f">{title}<") for title in sections]
    assert positions == sorted(positions)
    computed = html[html.index("Computed (read only)"):]
    assert "/admin/league/gameresult/" in computed and "/admin/league/seat/" in computed
    assert "/admin/league/gameresult/add/" not in html and "/admin/league/seat/add/" not in html
    assert "/admin/league/player/add/" in html


def test_computed_rows_cannot_be_added_or_changed(client, admin_user):
    table = table_with_players()
    seat = table.seats.first()
    client.force_login(admin_user)
    assert client.get("/admin/league/seat/add/").status_code == 403
    page = client.get(f"/admin/league/seat/{seat.pk}/change/")
    assert page.status_code == 200 and 'name="player"' not in page.content.decode()
    response = client.post(f"/admin/league/seat/{seat.pk}/change/", {"position": 3, "player": seat.player_id})
    assert response.status_code == 403
    table_page = client.get(f"/admin/league/table/{table.pk}/change/").content.decode()
    assert 'name="seats-0-player"' not in table_page
