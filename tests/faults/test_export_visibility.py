"""Exports follow the pages' visibility: while a tournament's standings are hidden (until the
reveal), only administrators download files with results; a referee of the tournament gets the
seating list and the blank score sheets, and nothing with the hidden sessions' totals."""
import pytest
from django.utils import timezone

from tests.factories import AdminFactory, client_for, referee_for
from tests.league.test_exports import build, played_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden():
    tournament = played_tournament()
    tournament.options = {"hide_standings_from_session": 2}
    tournament.save(update_fields=["options"])
    return tournament


def download(user, export):
    return client_for(user).get(f"/api/v1/exports/{export.pk}/download/")


@pytest.mark.parametrize("kind", ["ema-csv", "results-xlsx", "results-pdf"])
def test_a_referee_cannot_download_results_while_the_standings_are_hidden(hidden, kind):
    export = build(kind, tournament=hidden)
    assert download(referee_for(hidden), export).status_code == 404
    assert client_for(referee_for(hidden)).get(f"/api/v1/exports/{export.pk}/").status_code == 404


def test_an_administrator_downloads_results_while_the_standings_are_hidden(hidden):
    assert download(AdminFactory(), build("ema-csv", tournament=hidden)).status_code == 200


def test_a_referee_downloads_the_seating_list_while_the_standings_are_hidden(hidden):
    assert download(referee_for(hidden), build("seating-xlsx", tournament=hidden)).status_code == 200


@pytest.mark.parametrize("kind", ["score-sheets-xlsx", "score-sheets-pdf"])
def test_a_referee_downloads_the_blank_score_sheets_while_the_standings_are_hidden(hidden, kind):
    export = build(kind, tournament=hidden)
    assert download(referee_for(hidden), export).status_code == 200
    assert client_for(referee_for(hidden)).get(f"/api/v1/exports/{export.pk}/").json()["kind"] == kind


def test_the_public_still_sees_no_hidden_standings(hidden, client):
    from league.services.standings import standings_recompute

    standings_recompute(tournament=hidden)
    body = client.get(f"/api/v1/tournaments/{hidden.pk}/standings/").json()
    assert body and {row["games"] for row in body} == {1}  # the first session's game only


def test_after_the_reveal_a_referee_downloads_the_results_again(hidden):
    export = build("ema-csv", tournament=hidden)
    hidden.standings_revealed_at = timezone.now()
    hidden.save(update_fields=["standings_revealed_at"])
    assert download(referee_for(hidden), export).status_code == 200
