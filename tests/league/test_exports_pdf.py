"""The PDFs to print: score sheets (one A4 page per table, blank hand rows, the four players with
their winds) and the final results (the standings table), read back with pdftotext; who may ask for
them through the API and the exports page."""

import shutil
import subprocess
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.errors import ServiceError
from league.exports import pdf
from league.models import Export, Standing
from league.services.exports import export_build, export_request
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SessionFactory,
    TournamentFactory,
    client_for,
    referee_for,
    table_with_players,
)

pytestmark = pytest.mark.django_db

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) missing")
ODD = "<b>O'Brien & Söhne</b>"


def drawn_tournament(*, sessions: int = 2, tables: int = 2, **fields):
    """Sessions drawn with their tables and players, no hand played yet."""
    tournament = TournamentFactory(session_count=sessions, place="Köln", **fields)
    for number in range(1, sessions + 1):
        session = SessionFactory(tournament=tournament, number=number)
        for table in range(1, tables + 1):
            table_with_players(session=session, number=table)
    return tournament


def build(kind: str, tournament, *, language: str = "en", session_number: int | None = None) -> Export:
    export = Export.objects.create(kind=kind, tournament=tournament, language=language,
                                   session_number=session_number)
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    return export


def pages(export: Export) -> list[str]:
    """The text of each page, as pdftotext reads it (in reading order, not laid out)."""
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", export.file.path, "-"], check=True,
                          capture_output=True).stdout.decode("utf-8")
    return text.split("\f")[:-1]


def names_at(table) -> list[str]:
    return [f"{seat.player.first_name} {seat.player.last_name}" for seat in table.seats.order_by("position")]


def test_the_score_sheets_export_is_a_pdf_file():
    export = build("score-sheets-pdf", drawn_tournament())
    with export.file.open("rb") as handle:
        assert handle.read().startswith(b"%PDF-") and export.file.name.endswith(".pdf")


@needs_pdftotext
def test_the_score_sheets_pdf_has_one_a4_page_per_table():
    export = build("score-sheets-pdf", drawn_tournament(sessions=2, tables=3))
    info = subprocess.run(["pdfinfo", export.file.path], check=True, capture_output=True, text=True).stdout
    assert "Pages:           6" in info and "(A4)" in info


@needs_pdftotext
def test_each_score_sheet_page_names_its_four_players_with_their_winds_and_blank_hand_rows():
    tournament = drawn_tournament()
    tables = [table for session in tournament.sessions.order_by("number")
              for table in session.tables.order_by("number")]
    text = pages(build("score-sheets-pdf", tournament))
    assert len(text) == len(tables) == 4
    for page, table in zip(text, tables, strict=True):
        assert f"Session {table.session.number} · Table {table.number}" in page
        for name in names_at(table):
            assert name in page
        for wind in ("East", "South", "West", "North"):
            assert wind in page
        assert "Signature" in page and "Total" in page and "Value" in page and "Balance" in page
        # a classical game of four wind rounds: 32 numbered hand rows, all blank, one page
        assert "\n32\n" in page and "\n33\n" not in page and "Prevail" in page  # the heading may be hyphenated


def test_score_sheets_for_one_session_hold_only_its_tables():
    tournament = drawn_tournament(sessions=3, tables=1)
    session_two = tournament.sessions.get(number=2).tables.get()
    export = build("score-sheets-pdf", tournament, session_number=2)
    text = pages(export)
    assert len(text) == 1 and "Session 2 · Table 1" in text[0]
    assert all(name in text[0] for name in names_at(session_two))
    assert "session-2" in export.file.name


@needs_pdftotext
def test_score_sheets_speak_german_when_asked_in_german():
    tournament = drawn_tournament(sessions=1, tables=1)
    page = pages(build("score-sheets-pdf", tournament, language="de"))[0]
    for word in ("Runde 1 · Tisch 1", "Ost", "Süd", "West", "Nord", "Unterschrift", "Spieler", "Verein"):
        assert word in page
    assert "Signature" not in page and "East" not in page


@needs_pdftotext
def test_names_with_markup_and_accents_print_literally():
    tournament = drawn_tournament(sessions=1, tables=1)
    seat = tournament.sessions.get().seats.order_by("position").first()
    seat.player.first_name, seat.player.last_name = ODD, "Łukasiewicz-Żółć"
    seat.player.save(update_fields=["first_name", "last_name"])
    page = pages(build("score-sheets-pdf", tournament))[0]
    assert f"{ODD} Łukasiewicz-Żółć" in page


@needs_pdftotext
@pytest.mark.parametrize(("options", "rows"), [({"max_hands": 30}, 30), ({"rounds": 1}, 24), ({}, 32)])
def test_printed_sheets_have_rows_for_the_longest_game_the_options_allow_on_one_page(options, rows):
    # Issue 42, item 6: 10 of the demo's 32 four-round classical tables played 25-30 hands.
    export = build("score-sheets-pdf", drawn_tournament(sessions=1, tables=2, options=options))
    info = subprocess.run(["pdfinfo", export.file.path], check=True, capture_output=True, text=True).stdout
    assert "Pages:           2" in info
    page = pages(export)[0]
    assert f"\n{rows}\n" in page and f"\n{rows + 1}\n" not in page
    assert "Prevail" in page  # the column for the prevailing wind (its heading may be hyphenated)


@needs_pdftotext
def test_riichi_score_sheets_ask_for_han_and_fu():
    tournament = drawn_tournament(sessions=1, tables=1, ruleset="riichi-ema")
    page = pages(build("score-sheets-pdf", tournament))[0]
    assert "Han" in page and "Fu" in page and "Value" not in page and "\n20\n" in page


@needs_pdftotext
def test_a_tournament_without_tables_gets_a_page_saying_so():
    text = pages(build("score-sheets-pdf", TournamentFactory()))
    assert len(text) == 1 and "No seating yet." in text[0]


def standings_for(tournament) -> list[Standing]:
    players = PlayerFactory.create_batch(5)
    players[4].first_name = ODD
    players[4].save(update_fields=["first_name"])
    return [Standing.objects.create(tournament=tournament, player=player, rank=rank,
                                    table_points=Decimal(10 - rank) + Decimal("0.5"),
                                    score=Decimal(1000 - 100 * rank), games=4)
            for rank, player in enumerate(players, start=1)]


@needs_pdftotext
def test_the_results_pdf_lists_the_standings_with_ranks_clubs_and_points():
    tournament = TournamentFactory(place="Köln")
    standings = standings_for(tournament)
    text = "".join(pages(build("results-pdf", tournament)))
    assert tournament.name in text and "Final results" in text
    for heading in ("Rank", "Name", "Club", "Table points", "Score", "Games"):
        assert heading in text
    for row in standings:
        assert f"{row.player.first_name} {row.player.last_name}" in text
        assert row.player.club.name in text
    assert "8.5" in text and "900" in text  # second place's table points and score


@needs_pdftotext
def test_the_results_pdf_has_german_headings_and_german_numbers():
    tournament = TournamentFactory()
    standings_for(tournament)
    text = "".join(pages(build("results-pdf", tournament, language="de")))
    for heading in ("Endergebnis", "Rang", "Name", "Verein", "Tischpunkte", "Punkte", "Partien"):
        assert heading in text
    assert "8,5" in text and "Rank" not in text


@needs_pdftotext
def test_a_long_results_table_runs_over_pages_with_its_heading_on_each():
    tournament = TournamentFactory()
    players = PlayerFactory.create_batch(90)
    for rank, player in enumerate(players, start=1):
        Standing.objects.create(tournament=tournament, player=player, rank=rank, table_points=Decimal(0),
                                score=Decimal(0), games=0)
    text = pages(build("results-pdf", tournament))
    assert len(text) >= 2 and all("Table points" in page for page in text)
    assert all(f"{p.first_name} {p.last_name}" in "".join(text) for p in players)


def test_the_api_takes_both_pdf_kinds_and_serves_them_as_pdf(django_capture_on_commit_callbacks):
    tournament = drawn_tournament(sessions=2, tables=1)
    api = client_for(AdminFactory())
    for body in ({"kind": "score-sheets-pdf", "session": 2}, {"kind": "results-pdf"}):
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(f"/api/v1/tournaments/{tournament.pk}/exports/", body, format="json")
        assert response.status_code == 202, response.content
        export = api.get(f"/api/v1/exports/{response.data['id']}/").data
        assert (export["kind"], export["status"], export["session"]) == (body["kind"], "done", body.get("session"))
        download = api.get(export["download_url"])
        assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
        assert b"".join(download.streaming_content).startswith(b"%PDF-")


@pytest.mark.parametrize(("kind", "session"), [("score-sheets-pdf", 3), ("score-sheets-pdf", 0),
                                               ("results-pdf", 1), ("results-xlsx", 1)])
def test_a_session_the_tournament_lacks_or_a_kind_without_sessions_is_refused(kind, session):
    tournament = drawn_tournament(sessions=2, tables=1)
    response = client_for(AdminFactory()).post(f"/api/v1/tournaments/{tournament.pk}/exports/",
                                               {"kind": kind, "session": session}, format="json")
    assert response.status_code == 400
    assert not Export.objects.exists()


def test_the_service_names_the_bad_session():
    tournament = drawn_tournament(sessions=2, tables=1)
    with translation.override("en"), pytest.raises(ServiceError) as error:
        export_request(kind="score-sheets-pdf", tournament=tournament, user=AdminFactory(), language="en",
                       session_number=5)
    assert error.value.code == "bad_session" and "session 5" in error.value.message


def test_the_openapi_schema_lists_the_pdf_kinds(client):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "score-sheets-pdf" in schema and "results-pdf" in schema


def test_the_exports_page_offers_the_pdfs_and_score_sheets_for_one_session(client, django_capture_on_commit_callbacks):
    tournament = drawn_tournament(sessions=2, tables=1, slug="pdf")
    client.force_login(AdminFactory())
    url = reverse("tournament-exports", args=["pdf"])
    page = client.get(url).content.decode()
    assert 'value="score-sheets-pdf"' in page and 'value="results-pdf"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"kind": "score-sheets-pdf", "session": "2"})
    assert response.status_code == 302
    export = Export.objects.get(tournament=tournament)
    assert (export.kind, export.session_number, export.status) == ("score-sheets-pdf", 2, Export.Status.DONE)


def test_the_control_room_offers_administrators_the_score_sheets_of_the_session_shown(
        client, django_capture_on_commit_callbacks):
    tournament = drawn_tournament(sessions=2, tables=1, slug="desk")
    client.force_login(AdminFactory())
    page = client.get("/t/desk/control/?session=2", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    form = page[page.index('class="inline print-sheets"'):]
    form = form[:form.index("</form>")]
    assert 'name="session" value="2"' in form and 'value="score-sheets-pdf"' in form
    assert "Print score sheets for session 2 (PDF)" in form
    assert f'action="{reverse("tournament-exports", args=["desk"])}"' in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournament-exports", args=["desk"]), {"kind": "score-sheets-pdf", "session": "2"})
    assert Export.objects.get(tournament=tournament).session_number == 2


def test_its_referees_print_the_score_sheets_from_the_control_room_too():
    """Score sheets carry no results: the referee who runs the room prints them (league
    administrators are not always there)."""
    tournament = drawn_tournament(sessions=1, tables=1, slug="desk")
    client = Client()
    client.force_login(referee_for(tournament))
    page = client.get("/t/desk/control/")
    assert page.status_code == 200 and 'class="inline print-sheets"' in page.content.decode()


def test_without_pango_a_pdf_export_fails_saying_why_and_the_workbooks_still_build(monkeypatch):
    monkeypatch.setattr(pdf, "HTML", None)
    monkeypatch.setattr(pdf, "MISSING", "cannot load library 'libpango-1.0-0'", raising=False)
    tournament = drawn_tournament(sessions=1, tables=1)
    export = Export.objects.create(kind="results-pdf", tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED and "Pango" in export.error and not export.file
    assert build("seating-xlsx", tournament).file


@needs_pdftotext
def test_with_seat_changes_the_sheet_gives_each_players_wind_in_every_later_round():
    tournament = drawn_tournament(sessions=1, tables=1, ruleset="dmjl-hke", options={"seat_change": True})
    page = " ".join(pages(build("score-sheets-pdf", tournament))[0].split())  # headings wrap in their cells
    for label in ("Wind in South round", "Wind in West round", "Wind in North round", "Fan"):
        assert label in page


@pytest.mark.parametrize(("session", "message"), [("x", "Choose a session from 1 to 2."),
                                                   ("9", "This tournament has no session 9.")])
def test_the_exports_page_refuses_a_session_the_tournament_lacks_with_a_message(client, session, message):
    drawn_tournament(sessions=2, tables=1, slug="pdf")
    client.force_login(AdminFactory())
    response = client.post(reverse("tournament-exports", args=["pdf"]),
                           {"kind": "score-sheets-pdf", "session": session}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and not Export.objects.exists()
    assert message in response.content.decode()
