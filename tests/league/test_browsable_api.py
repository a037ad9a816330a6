"""An API address opened in a browser (``Accept: text/html``) answers the browsable API, never a 500,
for the read views that build their answer without a ``queryset`` (standings, ranking, a table's
hands, a hand's history)."""
import pytest

from league.services.hands import hand_record
from league.services.standings import standings_recompute
from tests.factories import SeasonFactory, client_for, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db

BROWSER = {"HTTP_ACCEPT": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.fixture
def table():
    table = table_with_players(slug="browsed")
    hand_record(table=table, record=dict(WIN), user=None)
    standings_recompute(tournament=table.session.tournament)
    return table


def test_the_public_results_open_in_a_browser(client, table):
    tournament = table.session.tournament
    for url in (f"/api/v1/tournaments/{tournament.pk}/standings/", f"/api/v1/seasons/{SeasonFactory().pk}/ranking/"):
        response = client.get(url, **BROWSER)
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("text/html")


def test_a_referees_table_reads_open_in_a_browser(table):
    referee = client_for(referee_for(table.session.tournament))
    hand = table.hands.get()
    for url in (f"/api/v1/tables/{table.pk}/hands/", f"/api/v1/hands/{hand.pk}/history/"):
        response = referee.get(url, **BROWSER)
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("text/html")
