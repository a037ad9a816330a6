"""Seating a director brings (issue 42, item 11): a plan from elsewhere uploaded through the API and
the control room, checked like a draw (four players a table, one a wind, each player once a
session, everyone registered and playing) with the draw's quality report, stored only whole; and
two players of a drawn session swapped before its first hand."""
import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from league.models import AuditEntry, Registration, Seat, SeatCode, Session, Withdrawal
from league.services.hands import hand_record
from league.services.seat_codes import seat_codes_for
from league.services.seating import seating_generate
from tests.factories import PlayerFactory, TournamentFactory, client_for, referee_for
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db
NAMES = [("Jan", "de Vries"), ("Tom", "Becker"), ("Ana", "Šimić"), ("Eva", "Adler"),
         ("Max", "Kühn"), ("Ida", "Berg"), ("Leo", "Zahn"), ("Mia", "Roth")]


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=2, slug="plan")
    for first, last in NAMES:
        player = PlayerFactory(first_name=first, last_name=last, ema_id="04000004" if last == "Roth" else "")
        Registration.objects.create(tournament=tournament, player=player)
    return tournament


def player(last: str):
    return Registration.objects.get(player__last_name=last).player


def csv_file(text: str, name: str = "plan.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode("utf-8-sig"), content_type="text/csv")


# Session 1: the first four at table 1, the others at table 2; session 2 mixes them. Names are
# written as people write them: "de Vries, Jan", without accents ("Simic", "Kuehn"), last name first.
PLAN = """Runde;Tisch;Wind;Spieler
1;1;O;de Vries, Jan
1;1;S;Tom Becker
1;1;W;Ana Simic
1;1;N;Adler Eva
1;2;E;Max Kuehn
1;2;Süd;Ida Berg
1;2;West;Leo Zahn
1;2;Nord;Mia Roth
2;1;E;Jan de Vries
2;1;S;Max Kühn
2;1;W;Tom Becker
2;1;N;Ida Berg
2;2;E;Ana Šimić
2;2;S;Leo Zahn
2;2;W;Eva Adler
2;2;N;Mia Roth
"""


def upload(client, tournament, file, language="en", **fields):
    return client.post(f"/api/v1/tournaments/{tournament.pk}/seating/plan/", {"file": file, **fields},
                       format="multipart", HTTP_ACCEPT_LANGUAGE=language)


def seated(tournament, number: int) -> list[list[str]]:
    tables: dict[int, list[str]] = {}
    for seat in (Seat.objects.filter(session__tournament=tournament, session__number=number)
                 .select_related("player", "table").order_by("table__number", "position")):
        tables.setdefault(seat.table.number, []).append(seat.player.last_name)
    return [tables[n] for n in sorted(tables)]


def test_a_plan_for_every_session_seats_them_as_it_says(admin_api, tournament):
    response = upload(admin_api, tournament, csv_file(PLAN))

    assert response.status_code == 201, response.content
    assert seated(tournament, 1) == [["de Vries", "Becker", "Šimić", "Adler"], ["Kühn", "Berg", "Zahn", "Roth"]]
    assert seated(tournament, 2) == [["de Vries", "Kühn", "Becker", "Berg"], ["Šimić", "Zahn", "Adler", "Roth"]]
    assert set(Session.objects.filter(tournament=tournament).values_list("draw_method", flat=True)) == {"imported"}
    report = response.json()["report"]
    # de Vries and Becker, Kühn and Berg, Šimić and Adler, Zahn and Roth meet twice
    assert report["repeated_pairs"] == 4 and report["max_meetings"] == 2 and report["sessions"] == 2


def test_a_preview_answers_the_report_and_stores_nothing(admin_api, tournament):
    response = upload(admin_api, tournament, csv_file(PLAN), preview=True)

    assert response.status_code == 200 and response.json()["preview"] is True
    assert [entry["session"] for entry in response.json()["sessions"]] == [1, 2]
    assert not Seat.objects.filter(session__tournament=tournament).exists()


def test_an_xlsx_plan_with_a_title_row_seats_one_session_chosen_by_the_request(admin_api, tournament):
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["Sitzplan Frühjahrsturnier"])
    sheet.append(["Tisch", "Wind", "Vorname", "Nachname", "EMA-Nummer"])
    for number, (first, last) in enumerate(NAMES):
        ema = "04000004" if last == "Roth" else ""
        sheet.append([number // 4 + 1, "ESWN"[number % 4], "" if ema else first, "" if ema else last, ema])
    data = io.BytesIO()
    workbook.save(data)
    file = SimpleUploadedFile("plan.xlsx", data.getvalue(),
                              content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")

    response = upload(admin_api, tournament, file, session=2)

    assert response.status_code == 201, response.content
    assert seated(tournament, 2) == [["de Vries", "Becker", "Šimić", "Adler"], ["Kühn", "Berg", "Zahn", "Roth"]]
    assert not Seat.objects.filter(session__tournament=tournament, session__number=1).exists()


def test_a_wrong_plan_names_every_wrong_row_and_stores_nothing(admin_api, tournament):
    PlayerFactory(first_name="Tina", last_name="Fuchs")  # exists, but is not registered
    wrong = PLAN.replace("1;1;W;Ana Simic", "1;1;W;Tina Fuchs").replace("1;2;West;Leo Zahn", "1;2;X;Leo Zahn")
    wrong = wrong.replace("2;2;W;Eva Adler", "2;2;W;Jan de Vries")

    response = upload(admin_api, tournament, csv_file(wrong))

    assert response.status_code == 400
    body = response.json()["error"]
    assert body["code"] == "bad_plan"
    assert "Row 4:" in body["message"] and "Tina Fuchs" in body["message"] and "not registered" in body["message"]
    assert "Row 8:" in body["message"] and "“X” is no wind" in body["message"]
    assert "Jan de Vries is seated more than once (rows 10, 16)" in body["message"]
    assert "table 1: four players are needed" in body["message"]
    assert not Seat.objects.filter(session__tournament=tournament).exists()


def test_a_name_two_registered_players_share_must_be_told_apart(admin_api, tournament):
    Registration.objects.create(tournament=tournament, player=PlayerFactory(first_name="Mia", last_name="Roth"))

    response = upload(admin_api, tournament, csv_file(PLAN))

    assert response.status_code == 400
    assert "“Mia Roth” names 2 registered players: give the id or EMA number" in response.json()["error"]["message"]


def test_a_player_withdrawn_from_a_session_cannot_be_seated_in_it(admin_api, tournament):
    Withdrawal.objects.create(tournament=tournament, player=player("Zahn"), from_session=2)

    response = upload(admin_api, tournament, csv_file(PLAN))

    assert response.status_code == 400
    assert "Session 2: Leo Zahn does not play this session (withdrawn or a bye) (rows 15)." in (
        response.json()["error"]["message"])
    german = upload(admin_api, tournament, csv_file(PLAN), language="de").json()["error"]["message"]
    assert "Runde 2: Leo Zahn spielt diese Runde nicht (abgemeldet oder Freilos) (Zeilen 15)." in german
    assert not Seat.objects.filter(session__tournament=tournament).exists()


def test_a_session_already_played_keeps_its_seating(admin_api, tournament):
    session = seating_generate(tournament=tournament, number=1, method="random", seed=1)
    before = seated(tournament, 1)
    hand_record(table=session.tables.first(), record=WIN, user=None)

    response = upload(admin_api, tournament, csv_file(PLAN))

    assert response.status_code == 409 and response.json()["error"]["code"] == "session_started"
    assert seated(tournament, 1) == before
    assert not Seat.objects.filter(session__tournament=tournament, session__number=2).exists()


def test_a_plan_without_a_session_column_needs_the_session(admin_api, tournament):
    response = upload(admin_api, tournament, csv_file("Tisch;Wind;Spieler\n1;E;Jan de Vries\n"))

    assert response.status_code == 400 and response.json()["error"]["code"] == "session_required"


def test_only_administrators_upload_plans(tournament):
    response = upload(client_for(referee_for(tournament)), tournament, csv_file(PLAN))

    assert response.status_code == 403
    assert not Seat.objects.filter(session__tournament=tournament).exists()


def swap(client, tournament, number, first, second):
    return client.post(f"/api/v1/tournaments/{tournament.pk}/sessions/{number}/seating/swap/",
                       {"players": [first.pk, second.pk]}, format="json")


def test_two_players_at_different_tables_change_seats(admin_api, tournament):
    upload(admin_api, tournament, csv_file(PLAN))

    response = swap(admin_api, tournament, 1, player("Becker"), player("Zahn"))

    assert response.status_code == 200, response.content
    assert seated(tournament, 1) == [["de Vries", "Zahn", "Šimić", "Adler"], ["Kühn", "Berg", "Becker", "Roth"]]
    assert seated(tournament, 2) == [["de Vries", "Kühn", "Becker", "Berg"], ["Šimić", "Zahn", "Adler", "Roth"]]
    assert response.json()["tables"][0]["seats"] == [player(n).pk for n in ("de Vries", "Zahn", "Šimić", "Adler")]


def test_a_swap_is_in_the_audit_log_and_the_two_old_seat_cards_stop_working(admin_api, admin_user, tournament):
    upload(admin_api, tournament, csv_file(PLAN))
    session = Session.objects.get(tournament=tournament, number=1)
    codes = {code.seat.player.last_name: code.code for code in seat_codes_for(session=session)}

    assert swap(admin_api, tournament, 1, player("Becker"), player("Zahn")).status_code == 200

    entry = AuditEntry.objects.get(model="session", object_id=str(session.pk))
    assert entry.action == "edit" and entry.user == admin_user
    assert entry.details["change"] == "seats_swapped"
    assert {seat["player"] for seat in entry.details["seats"]} == {player("Becker").pk, player("Zahn").pk}
    assert set(SeatCode.objects.values_list("code", flat=True)) == {
        code for name, code in codes.items() if name not in ("Becker", "Zahn")}


def test_two_players_at_one_table_change_winds(admin_api, tournament):
    upload(admin_api, tournament, csv_file(PLAN))

    assert swap(admin_api, tournament, 1, player("de Vries"), player("Adler")).status_code == 200
    assert seated(tournament, 1)[0] == ["Adler", "Becker", "Šimić", "de Vries"]


def test_no_swap_once_the_session_has_begun_or_with_a_player_not_seated(admin_api, tournament):
    upload(admin_api, tournament, csv_file(PLAN))
    outsider = PlayerFactory()
    Registration.objects.create(tournament=tournament, player=outsider)

    refused = swap(admin_api, tournament, 1, player("Becker"), outsider)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_seated"

    unknown = admin_api.post(f"/api/v1/tournaments/{tournament.pk}/sessions/1/seating/swap/",
                             {"players": [player("Becker").pk, 10**9]}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "unknown_player"

    hand_record(table=Session.objects.get(tournament=tournament, number=1).tables.first(), record=WIN, user=None)
    started = swap(admin_api, tournament, 1, player("Becker"), player("Zahn"))
    assert started.status_code == 409 and started.json()["error"]["code"] == "session_started"
    assert seated(tournament, 1)[0][1] == "Becker"


# ---- the control room ----

def control_client(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_control_room_previews_a_plan_and_stores_it_on_confirmation(admin_user, tournament):
    client = control_client(admin_user)

    preview = client.post(f"/t/{tournament.slug}/control/seating/plan/", {"file": csv_file(PLAN)})

    assert preview.status_code == 200
    page = preview.content.decode()
    assert "The plan, checked" in page and "Jan de Vries" in page and "Pairs meeting more than once" in page
    assert not Seat.objects.filter(session__tournament=tournament).exists()
    token = preview.context["plan_preview"]["token"]

    stored = client.post(f"/t/{tournament.slug}/control/seating/plan/", {"plan": token}, follow=True)

    assert "Seated as the plan says: session 1, 2." in stored.content.decode()
    assert seated(tournament, 2) == [["de Vries", "Kühn", "Becker", "Berg"], ["Šimić", "Zahn", "Adler", "Roth"]]


def test_a_changed_preview_is_refused(admin_user, tournament):
    client = control_client(admin_user)
    token = client.post(f"/t/{tournament.slug}/control/seating/plan/",
                        {"file": csv_file(PLAN)}).context["plan_preview"]["token"]

    response = client.post(f"/t/{tournament.slug}/control/seating/plan/", {"plan": token[:-2] + "xx"}, follow=True)

    assert "The preview is too old or was changed" in response.content.decode()
    assert not Seat.objects.filter(session__tournament=tournament).exists()


def test_the_control_room_swaps_two_players_and_says_so(admin_user, tournament, admin_api):
    upload(admin_api, tournament, csv_file(PLAN))
    client = control_client(admin_user)
    page = client.get(f"/t/{tournament.slug}/control/?session=1").content.decode()
    assert "Swap two players of session 1" in page

    response = client.post(f"/t/{tournament.slug}/control/seating/swap/",
                           {"session": 1, "first": player("Becker").pk, "second": player("Zahn").pk}, follow=True)

    assert "Tom Becker and Leo Zahn have changed seats in session 1." in response.content.decode()
    assert seated(tournament, 1)[1][2] == "Becker"


def test_the_control_room_says_which_number_is_no_player_and_swaps_nothing(admin_user, tournament, admin_api):
    upload(admin_api, tournament, csv_file(PLAN))
    client = control_client(admin_user)

    response = client.post(f"/t/{tournament.slug}/control/seating/swap/",
                           {"session": 1, "first": player("Becker").pk, "second": 987654}, follow=True)

    assert response.status_code == 200
    assert "No player has the number 987654." in response.content.decode()
    assert seated(tournament, 1)[0][1] == "Becker"


def test_a_referee_cannot_swap_in_the_control_room(tournament, admin_api):
    upload(admin_api, tournament, csv_file(PLAN))
    client = control_client(referee_for(tournament))

    response = client.post(f"/t/{tournament.slug}/control/seating/swap/",
                           {"session": 1, "first": player("Becker").pk, "second": player("Zahn").pk})

    assert response.status_code == 403
    assert seated(tournament, 1)[0][1] == "Becker"
