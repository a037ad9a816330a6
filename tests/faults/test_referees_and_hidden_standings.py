"""Issue 39, finding 8 (referees and hidden standings): the README said referees see everything of
the hidden sessions while the API showed them the public's standings. Decided: administrators see
all; a tournament's referees see the hidden sessions' tables and hands where they work on them
(the score sheet, the tables API) and everything else as the public does until the reveal. The
README, the pages and the API say the same, checked here."""
import re
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from league.models import Table
from tests.factories import AdminFactory, hidden_second_session, page_text, referee_for

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    """A logged-in session (a cookie), as the site tells its callers apart from the public's cache."""
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def standings_table(html: str) -> str:
    return re.search(r"<table.*?</table>", html, re.S).group(0)


def standings(api, tournament) -> list[tuple]:
    rows = api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    return [(row["player"], row["games"]) for row in rows]


def test_a_referee_reads_the_publics_standings_but_the_hidden_tables_hands():
    tournament, _players = hidden_second_session(slug="referee-hidden")
    referee = client_for(referee_for(tournament))
    hidden_table = Table.objects.get(session__tournament=tournament, session__number=2)

    assert standings(referee, tournament) == standings(client_for(None), tournament)
    assert {games for _player, games in standings(referee, tournament)} == {1}
    assert {games for _player, games in standings(client_for(AdminFactory()), tournament)} == {2}
    assert referee.get(f"/api/v1/tables/{hidden_table.pk}/hands/").status_code == 200
    public = client_for(None).get(f"/api/v1/tables/{hidden_table.pk}/hands/")
    assert public.status_code == 403 and public.json()["error"]["code"] == "hidden_until_reveal"


def test_the_referees_standings_page_is_the_publics(client):
    tournament, _players = hidden_second_session(slug="referee-hidden-page")
    client.force_login(referee_for(tournament))
    mine = standings_table(page_text(client.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")))
    client.logout()
    public = standings_table(page_text(client.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")))
    assert mine == public


def test_the_readme_says_what_the_pages_and_the_api_do():
    readme = " ".join((Path(settings.BASE_DIR) / "README.md").read_text().split())
    assert "referees and administrators see all" not in readme
    assert "Administrators see all. A tournament's referees see the hidden sessions' tables and hands" in readme
