"""Exports from the tournament page: administrators ask for a file and follow its progress; nobody
else sees the box or may open the page."""

import pytest
from django.urls import reverse

from league.models import Export
from tests.factories import AdminFactory, UserFactory, referee_for, table_with_players

pytestmark = pytest.mark.django_db

KINDS = ["results-xlsx", "ema-csv", "score-sheets-xlsx", "seating-xlsx", "score-sheets-pdf", "results-pdf"]


@pytest.fixture
def tournament():
    return table_with_players(slug="exp", published=True).session.tournament


@pytest.fixture
def admin_client(client):
    client.force_login(AdminFactory())
    return client


def test_administrators_see_an_exports_box_with_a_button_per_kind(admin_client, tournament):
    page = admin_client.get(reverse("tournament", args=["exp"])).content.decode()
    assert reverse("tournament-exports", args=["exp"]) in page
    assert "csrfmiddlewaretoken" in page
    for kind in KINDS:
        assert f'value="{kind}"' in page


def test_visitors_and_referees_see_no_exports_box(client, tournament):
    assert reverse("tournament-exports", args=["exp"]) not in client.get("/t/exp/").content.decode()
    client.force_login(referee_for(tournament))
    assert reverse("tournament-exports", args=["exp"]) not in client.get("/t/exp/").content.decode()


def test_posting_a_kind_requests_the_export_and_the_list_offers_its_download(
    admin_client, tournament, django_capture_on_commit_callbacks
):
    url = reverse("tournament-exports", args=["exp"])
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(url, {"kind": "ema-csv"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and response["Location"] == url
    export = Export.objects.get(tournament=tournament)
    assert (export.kind, export.status, export.language) == ("ema-csv", Export.Status.DONE, "en")
    page = admin_client.get(url).content.decode()
    assert reverse("api-export-download", args=[export.pk]) in page
    assert 'http-equiv="refresh"' not in page and "data-live-src" not in page
    assert admin_client.get(reverse("api-export-download", args=[export.pk])).status_code == 200


def test_the_list_updates_itself_in_place_while_an_export_is_pending_or_running(admin_client, tournament):
    export = Export.objects.create(kind="results-xlsx", tournament=tournament, status=Export.Status.RUNNING,
                                   progress=40)
    url = reverse("tournament-exports", args=["exp"])
    page = admin_client.get(url).content.decode()
    assert 'http-equiv="refresh"' not in page and f'data-live-src="{url}?part=table"' in page and 'value="40"' in page
    Export.objects.filter(pk=export.pk).update(progress=80)
    part = admin_client.get(url, {"part": "table"}).content.decode()
    assert 'value="80"' in part and "<html" not in part


def test_an_unknown_kind_is_refused_with_a_message(admin_client, tournament):
    url = reverse("tournament-exports", args=["exp"])
    response = admin_client.post(url, {"kind": "ranking-xlsx"}, follow=True)
    assert response.status_code == 200
    assert not Export.objects.exists()
    assert "This export is made for a season." in response.content.decode() or \
        "Dieser Export" in response.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "user", "another tournament's referee"])
def test_everyone_but_administrators_and_its_referees_gets_403(client, tournament, who):
    if who == "user":
        client.force_login(UserFactory())
    elif who == "another tournament's referee":
        client.force_login(referee_for(table_with_players(slug="other").session.tournament))
    url = reverse("tournament-exports", args=["exp"])
    assert client.get(url).status_code == 403
    assert client.post(url, {"kind": "score-sheets-pdf"}).status_code == 403
    assert client.get(reverse("tournament-exports", args=["nowhere"])).status_code == 403  # no hint it is missing
    assert not Export.objects.exists()


def test_its_referees_print_the_score_sheets_from_the_control_room_and_see_only_files_without_results(
    client, tournament, django_capture_on_commit_callbacks
):
    """The director at the table is often a referee, not a league administrator: they print the
    next session's score sheets and the seating list, and never ask for the results files."""
    Export.objects.create(kind="results-xlsx", tournament=tournament, status=Export.Status.DONE)
    client.force_login(referee_for(tournament))
    control = client.get("/t/exp/control/").content.decode()
    url = reverse("tournament-exports", args=["exp"])
    assert f'action="{url}"' in control and 'value="score-sheets-pdf"' in control

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"kind": "score-sheets-pdf", "session": "1"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and response["Location"] == url
    made = Export.objects.get(kind="score-sheets-pdf")
    assert (made.tournament, made.session_number, made.status) == (tournament, 1, Export.Status.DONE)
    page = client.get(url).content.decode()
    assert {f'value="{kind}"' in page for kind in ("seating-xlsx", "score-sheets-xlsx", "score-sheets-pdf")} == {True}
    assert 'value="results-xlsx"' not in page and "Ergebnisse (Excel)" not in page.split("<tbody>")[1]
    assert reverse("api-export-download", args=[made.pk]) in page

    assert client.post(url, {"kind": "results-xlsx"}).status_code == 302  # refused, with a message
    assert Export.objects.filter(kind="results-xlsx").count() == 1


def test_an_unknown_tournament_is_not_found(admin_client):
    assert admin_client.get(reverse("tournament-exports", args=["nowhere"])).status_code == 404


def test_administrators_export_a_seasons_ranking_from_the_management_pages(
    admin_client, django_capture_on_commit_callbacks
):
    """No API client and no Django admin needed: the season's line on /manage/ leads to its exports."""
    from tests.factories import SeasonFactory

    season = SeasonFactory()
    url = reverse("manage-season-exports", args=[season.pk])
    assert url in admin_client.get(reverse("manage")).content.decode()
    page = admin_client.get(url).content.decode()
    for kind in ("ranking-xlsx", "ranking-ema-csv", "ranking-ema-xlsx"):
        assert f'value="{kind}"' in page
    assert 'value="results-xlsx"' not in page and 'name="session"' not in page

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(url, {"kind": "ranking-ema-csv"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and response["Location"] == url
    export = Export.objects.get(season=season)
    assert (export.kind, export.status) == ("ranking-ema-csv", Export.Status.DONE)
    assert reverse("api-export-download", args=[export.pk]) in admin_client.get(url).content.decode()


def test_a_tournament_kind_is_refused_for_a_season_with_a_message_and_nothing_is_made(admin_client):
    from tests.factories import SeasonFactory

    season = SeasonFactory()
    url = reverse("manage-season-exports", args=[season.pk])
    response = admin_client.post(url, {"kind": "results-xlsx"}, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert response.status_code == 200 and 'class="messages"' in response.content.decode().replace("'", '"')
    assert not Export.objects.exists()


def test_only_league_administrators_may_open_a_seasons_exports(client):
    from tests.factories import SeasonFactory

    url = reverse("manage-season-exports", args=[SeasonFactory().pk])
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    assert client.post(url, {"kind": "ranking-xlsx"}).status_code == 403
    assert not Export.objects.exists()
