"""Exports: each file opened again and compared cell by cell with the database; the build's
claim, failure and retry; the formula escape; who may request and download."""

import csv
import datetime
import io
import os
from decimal import Decimal

import openpyxl
import pytest
from django.utils import timezone, translation
from rest_framework.test import APIClient

from league.exports import results_xlsx
from league.exports.cells import DECIMAL, INTEGER, row_writer, safe
from league.models import Export, GameResult, Hand, SeasonRanking, Standing, TournamentPenalty
from league.services.day import walkin_create
from league.services.exports import export_build, export_request
from league.services.hands import hand_record
from league.services.standings import standings_recompute
from league.tasks import exports_requeue_stale
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SeasonFactory,
    SessionFactory,
    TournamentFactory,
    UserFactory,
    client_for,
    referee_for,
    table_with_players,
)
from tests.hand_records import EAST_WINS, WIN

pytestmark = pytest.mark.django_db

EVIL = "=cmd|' /C calc'!A0"


def played_tournament(**fields):
    """Two sessions of one table each, two hands per table, and the game results and standings a
    standings recomputation would store."""
    tournament = TournamentFactory(place="Berlin", **fields)
    players = PlayerFactory.create_batch(4)
    players[2].first_name, players[3].ema_id = EVIL, f"0499{players[3].pk:04d}"
    players[2].save(update_fields=["first_name"])
    players[3].save(update_fields=["ema_id"])
    for number in (1, 2):
        session = SessionFactory(tournament=tournament, number=number)
        table = table_with_players(session=session, players=players[number - 1 :] + players[: number - 1])
        hand_record(table=table, record=WIN, user=None)
        hand_record(table=table, record=EAST_WINS, user=None)
        totals = [0, 0, 0, 0]
        for hand in table.hands.all():
            totals = [t + b for t, b in zip(totals, hand.result["balances"], strict=True)]
        order = sorted(range(4), key=lambda s: -totals[s])
        for seat in table.seats.select_related("player"):
            place = order.index(seat.position) + 1
            GameResult.objects.create(
                table=table,
                tournament=tournament,
                session_number=number,
                player=seat.player,
                seat=seat.position,
                total=totals[seat.position],
                final_points=None,
                score=Decimal(totals[seat.position]),
                place=place,
                table_points=Decimal([4, 2, 1, 0][place - 1]),
                hands=2,
            )
    for rank, player in enumerate(players, start=1):
        results = GameResult.objects.filter(player=player, tournament=tournament)
        Standing.objects.create(
            tournament=tournament,
            player=player,
            rank=rank,
            table_points=sum(r.table_points for r in results) + Decimal("0.5") * rank,
            score=sum(r.score for r in results) + Decimal("0.25"),
            games=results.count(),
        )
    TournamentPenalty.objects.create(tournament=tournament, player=players[0], points=30, reason="-late")
    return tournament


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def tournament():
    return played_tournament()


def build(kind: str, *, tournament=None, season=None, language: str = "en") -> Export:
    export = Export.objects.create(kind=kind, tournament=tournament, season=season, language=language)
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    return export


def workbook(export: Export):
    return openpyxl.load_workbook(export.file.path)


def rows(sheet) -> list[list]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def name(player) -> str:
    return safe(f"{player.first_name} {player.last_name}")


def test_results_workbook_lists_the_standings_cell_by_cell(tournament):
    export = build("results-xlsx", tournament=tournament)
    assert export.progress == 100 and export.finished_at is not None
    sheet = workbook(export)["Standings"]
    table = rows(sheet)
    assert table[0][:7] == ["Rank", "Name", "Club", "Country", "Table points", "Score", "Games"]
    standings = Standing.objects.filter(tournament=tournament).select_related("player__club").order_by("rank")
    assert len(table) == 1 + standings.count()
    for row, standing in zip(table[1:], standings, strict=True):
        assert row[:7] == [
            standing.rank,
            name(standing.player),
            standing.player.club.name,
            standing.player.country,
            float(standing.table_points),
            float(standing.score),
            standing.games,
        ]
    assert sheet.freeze_panes == "A2"
    assert sheet["A1"].font.bold
    assert sheet["F2"].number_format == "0.00"


def test_results_workbook_has_a_sheet_per_session_with_the_game_results(tournament):
    book = workbook(build("results-xlsx", tournament=tournament))
    assert book.sheetnames == ["Tournament", "Standings", "Session 1", "Session 2", "Hands", "Penalties"]
    for number in (1, 2):
        table = rows(book[f"Session {number}"])
        # classical rules: the game score is the balance, so it appears once
        assert table[0] == ["Table", "Wind", "Player", "Balance", "Place", "Table points"]
        results = GameResult.objects.filter(tournament=tournament, session_number=number).order_by("seat")
        assert table[1:] == [
            [1, ["East", "South", "West", "North"][r.seat], name(r.player), r.total, r.place, float(r.table_points)]
            for r in results
        ]


def test_a_riichi_session_sheet_keeps_final_points_and_score_apart():
    tournament = TournamentFactory(ruleset="riichi-ema")
    table = table_with_players(session=SessionFactory(tournament=tournament))
    GameResult.objects.create(table=table, tournament=tournament, session_number=1, player=table.seats.first().player,
                              seat=0, total=8000, final_points=38000, score=Decimal(23), place=1,
                              table_points=Decimal(4), hands=8)
    heading = rows(workbook(build("results-xlsx", tournament=tournament))["Session 1"])[0]
    assert heading == ["Table", "Wind", "Player", "Balance", "Final points", "Score", "Place", "Table points"]


def test_the_hands_sheet_names_the_players_with_their_winds_and_says_the_outcome(tournament):
    table = rows(workbook(build("results-xlsx", tournament=tournament))["Hands"])
    first = Hand.objects.filter(table__session__tournament=tournament, table__session__number=1).first().table
    names = [f"{seat.player.first_name} {seat.player.last_name}" for seat in first.seats.order_by("position")]
    assert table[0] == ["Session 1, table 1"] + [None] * 7
    assert table[1] == ["Hand", "Prevailing wind", "Dealer", "Outcome", f"East – {names[0]}",
                        f"South – {names[1]}", f"West – {names[2]}", f"North – {names[3]}"]
    assert table[2] == [1, "East", safe(names[0]), safe(f"{names[1]} wins"), -1336, 2304, -732, -236]
    assert table[3][:4] == [2, "East", names[1], safe(f"{names[0]} wins")]  # the deal passed on
    assert table[4] == [None] * 8 and table[5][0] == "Session 2, table 1"
    assert len({tuple(row) for row in table if row[0] == "Hand"}) == 2  # each table's own players
    assert not any("{" in str(value) for row in table for value in row)  # no raw records


def test_results_workbook_describes_the_tournament_and_its_penalties(tournament):
    book = workbook(build("results-xlsx", tournament=tournament))
    info = dict(r[:2] for r in rows(book["Tournament"])[1:])
    assert info["Name"] == tournament.name and info["Venue"] == "Berlin"
    assert info["Starts on"].date() == tournament.starts_on
    assert info["Upper limit"] == tournament.effective_options["upper_limit"]
    assert info["Table points"] == " / ".join(str(p) for p in tournament.effective_options["table_points"])
    penalty = rows(book["Penalties"])[1]
    assert penalty[2:4] == [30, "'-late"]


def test_the_german_workbook_calls_the_venue_ort_and_keeps_platz_for_a_players_place(tournament):
    book = workbook(build("results-xlsx", tournament=tournament, language="de"))
    info = dict(r[:2] for r in rows(book["Turnier"])[1:] if r)
    assert info["Ort"] == "Berlin" and "Platz" not in info
    assert any("Platz" in rows(book[name])[0] for name in book.sheetnames[1:])  # a session's column of places


def test_the_tournament_sheet_lists_the_rule_options_as_labelled_lines_never_as_json():
    tournament = TournamentFactory(ruleset="dmjl-hke", options={"seat_change": True, "team_standings": "best"})
    book = workbook(build("results-xlsx", tournament=tournament))
    table = rows(book["Tournament"])
    assert ["Rule options", None] in table
    info = dict(r[:2] for r in table if r)
    assert info["Change seats after each wind round"] == "yes"
    assert info["Team standings"] == "Sum of the best members"
    assert info["Minimum fan"] == tournament.effective_options["min_fan"]
    assert info["At time-up"] == "Finish the hand being played"
    assert info["Hide the standings from session"] == "—"
    assert "Options" not in info
    assert not any(str(value).startswith(("{", "[")) for row in table for value in row if value is not None)


def test_the_tournament_sheet_speaks_german_and_shows_german_dates(tournament):
    book = workbook(build("results-xlsx", tournament=tournament, language="de"))
    sheet = book["Turnier"]
    info = {row[0].value: row[1] for row in sheet.iter_rows() if len(row) > 1}
    assert info["Obergrenze"].value == tournament.effective_options["upper_limit"]
    assert "Regeloptionen" in info and "Upper limit" not in info
    starts = info["Beginnt am"]
    assert starts.is_date and starts.value.date() == tournament.starts_on
    assert starts.number_format == "dd.mm.yyyy"
    given = rows(book["Strafen"])[1][5]
    assert isinstance(given, datetime.datetime)
    assert book["Strafen"]["F2"].number_format == "dd.mm.yyyy hh:mm"


def test_english_workbooks_show_dates_day_first_as_the_english_pages_do(tournament):
    sheet = workbook(build("results-xlsx", tournament=tournament, language="en"))["Tournament"]
    starts = next(row[1] for row in sheet.iter_rows() if row[0].value == "Starts on")
    assert starts.is_date and starts.number_format == "dd/mm/yyyy"


def test_results_workbook_headings_follow_the_export_language(tournament):
    export = build("results-xlsx", tournament=tournament, language="de")
    with translation.override("de"):
        expected = results_xlsx.standings_headings()
    assert rows(workbook(export).worksheets[1])[0] == expected
    assert expected[0] != "Rank"  # the German catalogue is there


def test_the_ema_file_keeps_the_emas_english_headings_in_any_language(tournament):
    export = build("ema-csv", tournament=tournament, language="de")
    assert export.file.read().decode("utf-8-sig").startswith(
        "Place,Last name,First name,EMA number,Table points,Score,Country,Substitute\r\n")


def test_ema_csv_lists_every_standing_in_rank_order(tournament):
    export = build("ema-csv", tournament=tournament)
    with export.file.open("rb") as handle:
        table = list(csv.reader(io.StringIO(handle.read().decode("utf-8-sig"))))
    assert table[0] == [
        "Place",
        "Last name",
        "First name",
        "EMA number",
        "Table points",
        "Score",
        "Country",
        "Substitute",
    ]
    standings = Standing.objects.filter(tournament=tournament).select_related("player").order_by("rank")
    for row, standing in zip(table[1:], standings, strict=True):
        player = standing.player
        assert row == [
            str(standing.rank),
            player.last_name,
            safe(player.first_name),
            player.ema_id,
            format(standing.table_points.normalize(), "f"),
            format(standing.score.normalize(), "f"),
            player.country,
            "",
        ]
    assert table[4][3].startswith("0499")


def test_a_player_named_like_a_formula_appears_as_text(tournament):
    book = workbook(build("results-xlsx", tournament=tournament))
    cells = [c for row in book["Standings"].iter_rows() for c in row if "cmd" in str(c.value)]
    assert cells and all(c.data_type == "s" and c.value.startswith("'=") for c in cells)
    export = build("ema-csv", tournament=tournament)
    assert f"'{EVIL}".encode() in export.file.read()


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])
def test_texts_that_start_a_formula_are_quoted(text):
    assert safe(text) == "'" + text


@pytest.mark.parametrize("value", ["Anna", "1-2", "", 5, -5, None, Decimal("-1.5")])
def test_other_values_pass_unchanged(value):
    assert safe(value) == value


def test_rows_written_in_bulk_quote_formula_texts_and_keep_each_columns_number_format():
    book = openpyxl.Workbook(write_only=True)
    write_row = row_writer(book.create_sheet("Rows"), [INTEGER, None, None])
    write_row(["=1+1", "@SUM(A1)", "", 5, Decimal("1.5")])
    write_row([7, "Anna", "-2", None, Decimal("2")])
    write_row([datetime.date(2026, 5, 1)])  # a date sets its own number format...
    write_row([8])  # ...and leaves the column's alone
    stream = io.BytesIO()
    book.save(stream)
    sheet = openpyxl.load_workbook(stream)["Rows"]
    assert [[c.value for c in row] for row in sheet.iter_rows()] == [
        ["'=1+1", "'@SUM(A1)", None, 5, 1.5],  # the empty text stays empty (openpyxl reads it as None)
        [7, "Anna", "'-2", None, 2],
        [datetime.datetime(2026, 5, 1), None, None, None, None],
        [8, None, None, None, None],
    ]
    assert [c.number_format for c in sheet[1]] == [INTEGER, "General", "General", "General", DECIMAL]
    assert sheet["A2"].number_format == INTEGER and sheet["E2"].number_format == INTEGER
    assert sheet["A3"].is_date and sheet["A4"].number_format == INTEGER


def test_score_sheets_have_one_printable_sheet_per_table_with_seats_and_winds(tournament):
    book = workbook(build("score-sheets-xlsx", tournament=tournament))
    assert book.sheetnames == ["S1 T1", "S2 T1"]
    sheet = book["S2 T1"]
    table = rows(sheet)
    seat_rows = [r for r in table if r and r[1] in ("East", "South", "West", "North")]
    session_seats = tournament.sessions.get(number=2).seats.select_related("player").order_by("position")
    assert [r[:3] for r in seat_rows] == [
        [s.position, ["East", "South", "West", "North"][s.position], name(s.player)] for s in session_seats
    ]
    headings = next(r for r in table if r and r[0] == "Hand")
    assert headings[1:3] == ["Prevailing wind", "Winner"] and len(headings) == 11
    assert headings[3] == "Value " + name(session_seats[0].player)
    assert sheet.page_setup.orientation == "landscape" and sheet.page_setup.fitToWidth == 1
    assert sheet.sheet_properties.pageSetUpPr.fitToPage


@pytest.mark.parametrize(
    ("ruleset", "column"), [("dmjl-hke", "Fan"), ("riichi-ema", "Han"), ("japanese-classic", "Doubles")]
)
def test_score_sheets_ask_for_what_the_ruleset_needs(ruleset, column):
    tournament = TournamentFactory(ruleset=ruleset)
    table_with_players(session=SessionFactory(tournament=tournament))
    table = rows(workbook(build("score-sheets-xlsx", tournament=tournament)).worksheets[0])
    headings = next(r for r in table if r and r[0] == "Hand")
    assert column in headings


def test_seating_workbook_lists_every_seat_by_session(tournament):
    book = workbook(build("seating-xlsx", tournament=tournament))
    for number in (1, 2):
        table = rows(book[f"Session {number}"])
        assert table[0] == ["Table", "Seat", "Player", "Club"]
        seats = tournament.sessions.get(number=number).seats.select_related("player__club", "table")
        assert table[1:] == [
            [s.table.number, ["East", "South", "West", "North"][s.position], name(s.player), s.player.club.name]
            for s in seats.order_by("position")
        ]


def test_the_german_seating_workbook_names_the_seats_by_their_winds(tournament):
    table = rows(workbook(build("seating-xlsx", tournament=tournament, language="de"))["Runde 1"])
    assert table[0] == ["Tisch", "Sitz", "Spieler", "Verein"]
    assert [row[1] for row in table[1:]] == ["Ost", "Süd", "West", "Nord"]


def test_season_ranking_workbook_lists_the_ranking_rows():
    season = SeasonFactory()
    players = PlayerFactory.create_batch(3)
    SeasonRanking.objects.create(
        season=season, player=players[0], rank=1, value=Decimal("12.5"), games=8, tournaments=2
    )
    SeasonRanking.objects.create(
        season=season, player=players[1], rank=2, value=Decimal("7"), games=4, tournaments=1
    )
    SeasonRanking.objects.create(
        season=season, player=players[2], rank=None, value=Decimal("3"), games=1, tournaments=1
    )
    table = rows(workbook(build("ranking-xlsx", season=season))["Ranking"])
    assert table[0] == ["Rank", "Name", "Club", "Country", "Value", "Games", "Tournaments"]
    assert table[1:] == [
        [1, name(players[0]), players[0].club.name, "DE", 12.5, 8, 2],
        [2, name(players[1]), players[1].club.name, "DE", 7, 4, 1],
        [None, name(players[2]), players[2].club.name, "DE", 3, 1, 1],
    ]


def test_requesting_an_export_queues_its_build_after_the_commit(
    tournament, admin_user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        export = export_request(kind="results-xlsx", tournament=tournament, user=admin_user, language="en-us")
        assert Export.objects.get(pk=export.pk).status == Export.Status.PENDING
    assert len(callbacks) == 1
    export.refresh_from_db()
    assert export.status == Export.Status.DONE and export.language == "en" and export.created_by == admin_user


def test_only_league_administrators_request_exports(tournament):
    from league.errors import ServiceError

    with pytest.raises(ServiceError) as error:
        export_request(kind="results-xlsx", tournament=tournament, user=UserFactory(), language="de")
    assert error.value.status == 403
    with pytest.raises(ServiceError):
        export_request(kind="ranking-xlsx", tournament=tournament, user=AdminFactory(), language="de")


def test_a_failing_export_is_marked_failed_with_its_reason(tournament, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(results_xlsx, "write", broken)
    export = Export.objects.create(kind="results-xlsx", tournament=tournament)
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED
    assert export.error == "RuntimeError: disk full"
    assert not export.file and export.finished_at is not None


def test_a_retried_task_does_not_build_the_file_twice(tournament, monkeypatch):
    calls = []
    write = results_xlsx.write
    monkeypatch.setattr(results_xlsx, "write", lambda **kwargs: calls.append(1) or write(**kwargs))
    export = Export.objects.create(kind="results-xlsx", tournament=tournament)
    export_build(export_id=export.pk)
    first = Export.objects.get(pk=export.pk)
    export_build(export_id=export.pk)
    second = Export.objects.get(pk=export.pk)
    assert calls == [1]
    assert second.status == Export.Status.DONE and second.file.name == first.file.name


def test_a_running_export_is_not_claimed_again(tournament):
    export = Export.objects.create(kind="results-xlsx", tournament=tournament, status=Export.Status.RUNNING,
                                   heartbeat_at=timezone.now())
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.RUNNING and not export.file


def test_a_rebuild_replaces_a_partial_file(tournament):
    from django.core.files.base import ContentFile

    export = Export.objects.create(kind="ema-csv", tournament=tournament, language="en")
    export.file.save("partial.csv", ContentFile(b"half"), save=True)
    old_path = export.file.path
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE and export.file.name != "exports/partial.csv"
    assert not os.path.exists(old_path)
    assert export.file.read().startswith(b"\xef\xbb\xbfPlace,")


# The API


def test_anonymous_users_cannot_request_exports(api, tournament):
    response = api.post(
        f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": "results-xlsx"}, format="json"
    )
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


def test_referees_and_players_cannot_request_exports(tournament):
    for user in (UserFactory(), referee_for(tournament)):
        response = client_for(user).post(
            f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": "results-xlsx"}, format="json"
        )
        assert response.status_code == 403
    assert not Export.objects.exists()


def test_its_referees_request_the_files_without_results_through_the_api(tournament):
    referee = client_for(referee_for(tournament))
    for kind in ("seating-xlsx", "score-sheets-xlsx", "score-sheets-pdf"):
        response = referee.post(f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": kind}, format="json")
        assert response.status_code == 202, response.content
        assert referee.get(f"/api/v1/exports/{response.json()['id']}/").status_code == 200
    stranger = client_for(UserFactory())
    response = stranger.post(f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": "seating-xlsx"}, format="json")
    assert response.status_code == 403 and response.json()["error"]["code"] == "forbidden"
    missing = stranger.post("/api/v1/tournaments/987654/exports/", {"kind": "seating-xlsx"}, format="json")
    assert missing.status_code == 403  # nobody but an administrator learns which tournaments exist


def test_an_administrator_requests_an_export_and_downloads_it(
    admin_api, tournament, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.post(
            f"/api/v1/tournaments/{tournament.pk}/exports/",
            {"kind": "ema-csv", "language": "en"},
            format="json",
        )
    assert response.status_code == 202, response.content
    body = response.json()
    assert {"id", "kind", "status", "progress", "download_url", "error"} <= body.keys()
    assert body["kind"] == "ema-csv" and body["status"] == "pending" and body["download_url"] is None
    detail = admin_api.get(f"/api/v1/exports/{body['id']}/").json()
    assert detail["status"] == "done" and detail["progress"] == 100 and detail["error"] == ""
    assert detail["download_url"].endswith(f"/api/v1/exports/{body['id']}/download/")
    download = admin_api.get(detail["download_url"])
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment")
    assert b"".join(download.streaming_content).startswith(b"\xef\xbb\xbfPlace,Last name")


def test_referees_download_exports_of_their_tournament_only(tournament):
    export = build("results-xlsx", tournament=tournament)
    other = played_tournament()
    assert (
        client_for(referee_for(tournament)).get(f"/api/v1/exports/{export.pk}/download/").status_code == 200
    )
    assert client_for(referee_for(other)).get(f"/api/v1/exports/{export.pk}/download/").status_code == 404
    assert client_for(UserFactory()).get(f"/api/v1/exports/{export.pk}/").status_code == 404
    assert APIClient().get(f"/api/v1/exports/{export.pk}/download/").status_code == 401


def test_an_unfinished_export_cannot_be_downloaded(admin_api, tournament):
    export = Export.objects.create(kind="results-xlsx", tournament=tournament)
    response = admin_api.get(f"/api/v1/exports/{export.pk}/download/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "export_not_ready"


def test_an_unknown_export_kind_is_refused(admin_api, tournament):
    response = admin_api.post(f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": "pdf"}, format="json")
    assert response.status_code == 400 and "kind" in response.json()["error"]["fields"]


def test_an_administrator_exports_a_season_ranking(admin_api, django_capture_on_commit_callbacks):
    season = SeasonFactory()
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.post(
            f"/api/v1/seasons/{season.pk}/exports/", {"kind": "ranking-xlsx"}, format="json"
        )
    assert response.status_code == 202
    assert Export.objects.get(pk=response.json()["id"]).status == Export.Status.DONE


def test_the_admin_action_builds_results_workbooks(client, tournament, django_capture_on_commit_callbacks):
    client.force_login(AdminFactory())
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/admin/league/tournament/",
            {"action": "build_results_workbook", "_selected_action": [tournament.pk]},
        )
    assert response.status_code == 302
    export = Export.objects.get(tournament=tournament)
    assert export.kind == "results-xlsx" and export.status == Export.Status.DONE


# Builds lost with their worker


def running_export(tournament, *, seconds_ago: int) -> Export:
    heartbeat_at = timezone.now() - datetime.timedelta(seconds=seconds_ago)
    return Export.objects.create(kind="ema-csv", tournament=tournament, language="en",
                                 status=Export.Status.RUNNING, progress=40, heartbeat_at=heartbeat_at)


def test_a_stale_running_export_is_claimed_and_built_again(tournament, settings):
    settings.EXPORT_STALE_SECONDS = 600
    export = running_export(tournament, seconds_ago=601)
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE and export.file.read().startswith(b"\xef\xbb\xbfPlace,")
    assert timezone.now() - export.heartbeat_at < datetime.timedelta(seconds=60)


def test_a_fresh_running_export_is_left_to_its_worker(tournament, settings):
    settings.EXPORT_STALE_SECONDS = 600
    export = running_export(tournament, seconds_ago=599)
    heartbeat_at = export.heartbeat_at
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.RUNNING and export.progress == 40 and not export.file
    assert export.heartbeat_at == heartbeat_at


def test_a_build_records_when_it_started(tournament):
    before = timezone.now()
    export = build("ema-csv", tournament=tournament)
    assert before <= export.heartbeat_at <= export.finished_at


def test_the_periodic_job_requeues_only_stale_exports(tournament, settings, django_capture_on_commit_callbacks):
    settings.EXPORT_STALE_SECONDS = 600
    stale = running_export(tournament, seconds_ago=3600)
    fresh = running_export(tournament, seconds_ago=60)
    pending = Export.objects.create(kind="ema-csv", tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        exports_requeue_stale.delay()
    assert len(callbacks) == 1
    statuses = dict(Export.objects.values_list("pk", "status"))
    assert statuses == {stale.pk: Export.Status.DONE, fresh.pk: Export.Status.RUNNING,
                        pending.pk: Export.Status.PENDING}


class _SlowWriter:
    """A writer that reports progress and lets the test act between two reports."""

    def __init__(self, between):
        self.between = between

    def write(self, *, export, stream, progress):
        writing_since = timezone.now()  # after the claim
        progress(10)
        self.between(export, writing_since)
        progress(50)
        stream.write(b"Place\r\n")

    def filename(self, export):
        return f"slow-{export.pk}.csv"


def test_a_build_that_reports_progress_renews_its_claim(tournament, monkeypatch):
    from league import exports as writers

    export = Export.objects.create(kind="ema-csv", tournament=tournament)
    seen = []

    def look_at_the_claim(row, writing_since):
        seen.append(Export.objects.get(pk=row.pk).heartbeat_at >= writing_since)

    monkeypatch.setitem(writers.WRITERS, "ema-csv", _SlowWriter(look_at_the_claim))
    done = export_build(export_id=export.pk)
    assert seen == [True]  # renewed by the 10 % report, so a long build is not taken for dead
    assert done.status == Export.Status.DONE and done.file.read() == b"Place\r\n"


def test_a_run_taken_over_meanwhile_stops_and_leaves_the_other_runs_result(tournament, monkeypatch):
    from league import exports as writers

    export = Export.objects.create(kind="ema-csv", tournament=tournament)

    def another_run_takes_over(row, _writing_since):
        Export.objects.filter(pk=row.pk).update(heartbeat_at=timezone.now() + datetime.timedelta(seconds=1))

    monkeypatch.setitem(writers.WRITERS, "ema-csv", _SlowWriter(another_run_takes_over))
    result = export_build(export_id=export.pk)
    assert result.status == Export.Status.RUNNING and result.progress == 10 and not result.file


def test_the_admin_links_an_export_to_the_checked_download(client, tournament):
    export = build("ema-csv", tournament=tournament)
    client.force_login(AdminFactory())
    for page in (f"/admin/league/export/{export.pk}/change/", "/admin/league/export/"):
        html = client.get(page).content.decode()
        assert f'href="/api/v1/exports/{export.pk}/download/"' in html
        assert "/media/" not in html
    response = client.get(f"/api/v1/exports/{export.pk}/download/")
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"\xef\xbb\xbfPlace,Last name")
    client.force_login(UserFactory())
    assert client.get(f"/api/v1/exports/{export.pk}/download/").status_code == 404


def test_the_ema_file_marks_a_walk_in_substitute(tournament):
    walkin_create(tournament=tournament, first_name="Wanda", last_name="Walk")
    standings_recompute(tournament=tournament)
    export = build("ema-csv", tournament=tournament)
    table = list(csv.reader(io.StringIO(export.file.read().decode("utf-8-sig"))))
    marks = {row[1]: row[7] for row in table[1:]}
    assert marks["Walk"] == "yes" and set(marks.values()) == {"yes", ""}


@pytest.mark.parametrize("kind", ["ema-csv"])
def test_the_ema_file_starts_with_a_byte_order_mark_so_excel_reads_its_umlauts(kind, tournament):
    assert build(kind, tournament=tournament).file.read().startswith(b"\xef\xbb\xbfPlace,")
