"""Seat codes (issue 42, item 12): whoever types a seat's code enters and confirms at that table,
that session only, without an account; codes are random, printed only for administrators, expire,
die with a new draw, and wrong ones are braked per address. The code's sign-in passes exactly the
doors of the tables' authorization matrix that the seated player passes, at that table only."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import SeatCode, TableConfirmation
from league.services.seat_codes import ALPHABET, LENGTH, seat_codes_for
from league.services.seating import seating_generate
from league.tasks import seat_codes_retire_task
from tests.factories import AdminFactory, TournamentFactory, UserFactory, referee_for, register_players
from tests.faults.test_table_writers import (
    DOORS,
    WIN,
    refused,
    world,  # noqa: F401 (the matrix's fixture)
)

pytestmark = pytest.mark.django_db


def signed_in_with(code: str) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")  # no CSRF enforcement: refusals come from the permissions
    response = client.post(reverse("seat-code"), {"code": code})
    assert response.status_code == 302, response.content
    return client


def code_of(table, position: int = 0) -> str:
    codes = seat_codes_for(session=table.session)
    return next(c.code for c in codes if c.seat.table_id == table.pk and c.seat.position == position)


@pytest.mark.parametrize("door", DOORS, ids=[door[0] for door in DOORS])
def test_a_seat_codes_sign_in_passes_the_doors_of_the_seated_player_at_its_table(door, world):  # noqa: F811
    _name, passes, prepare, request, changed = door
    client = signed_in_with(code_of(world["table"], position=2))
    if prepare:
        prepare(world)
    response = request(client, world)
    if "seated" in passes:
        assert not refused(response) and response.status_code < 500, response.status_code
        assert changed is None or changed(world)
    else:
        assert refused(response), response.status_code
        assert changed is None or not changed(world)


@pytest.mark.parametrize("door", DOORS, ids=[door[0] for door in DOORS])
def test_a_seat_code_of_another_table_passes_no_door(door, world):  # noqa: F811
    _name, _passes, prepare, request, changed = door
    other = world["users"]["other_player"].player.seats.get().table
    client = signed_in_with(code_of(other))
    if prepare:
        prepare(world)
    response = request(client, world)
    assert refused(response) or response.status_code == 404, response.status_code
    assert changed is None or not changed(world)


def test_the_code_lands_on_the_tables_sheet_and_confirms_for_the_seats_player(world):  # noqa: F811
    table = world["table"]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    code = code_of(table, position=1)

    response = client.post(reverse("seat-code"), {"code": f" {code[:4].lower()}-{code[4:]} "})

    assert response["Location"] == reverse("referee-table", args=[table.pk])
    assert client.get(response["Location"]).status_code == 200
    world["table"].closed = True
    world["table"].save(update_fields=["closed"])
    assert client.post(f"/api/v1/tables/{table.pk}/confirmations/", {}, content_type="application/json"
                       ).status_code in (200, 201)
    assert list(TableConfirmation.objects.values_list("player_id", flat=True)) == [
        table.seats.get(position=1).player_id]


def test_the_sign_in_is_nobody_once_the_code_has_expired(world):  # noqa: F811
    table = world["table"]
    client = signed_in_with(code_of(table))
    SeatCode.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    response = client.post(f"/api/v1/tables/{table.pk}/hands/", WIN, content_type="application/json")

    assert refused(response), response.status_code
    assert Client().post(reverse("seat-code"), {"code": code_of(table)}).status_code == 302  # a new card


def test_the_hourly_job_switches_off_sign_ins_whose_code_expired_or_was_drawn_away(world):  # noqa: F811
    table = world["table"]
    expired, current = signed_in_with(code_of(table, position=0)), signed_in_with(code_of(table, position=1))
    first_sign_in = SeatCode.objects.get(seat__table=table, seat__position=0).user
    entered = expired.post(f"/api/v1/tables/{table.pk}/hands/", WIN, content_type="application/json")
    assert entered.status_code == 201, entered.content
    SeatCode.objects.filter(user=first_sign_in).update(expires_at=timezone.now() - timedelta(seconds=1))

    seat_codes_retire_task.delay()

    first_sign_in.refresh_from_db()
    assert not first_sign_in.is_active and not SeatCode.objects.filter(user=first_sign_in).exists()
    assert table.hands.order_by("number").last().entered_by == first_sign_in  # the history still names the seat
    assert expired.get(reverse("seat-code")).wsgi_request.user.is_anonymous
    assert current.get(reverse("seat-code")).wsgi_request.user.is_authenticated
    assert get_user_model().objects.filter(is_active=True, pk__in=[u.pk for u in world["users"].values()]).count() \
        == len(world["users"])  # nobody else's login is touched


def test_an_expired_code_is_refused_and_a_new_draw_ends_every_code():
    tournament = TournamentFactory(session_count=2, options={"entry": "players"})
    register_players(tournament, 4)
    session = seating_generate(tournament=tournament, number=1, method="random", seed=1)
    codes = seat_codes_for(session=session)
    client = signed_in_with(codes[0].code)
    table = session.tables.get()

    seating_generate(tournament=tournament, number=1, method="random", seed=2)

    assert not SeatCode.objects.exists()
    new_table = session.tables.get()
    assert refused(client.post(f"/api/v1/tables/{new_table.pk}/hands/", WIN, content_type="application/json"))
    refusal = Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("seat-code"), {"code": codes[1].code})
    assert refusal.status_code == 400 and "This code is not valid" in refusal.content.decode()
    assert table.pk != new_table.pk


def test_codes_are_random_distinct_and_kept_until_they_expire(world):  # noqa: F811
    session = world["table"].session
    first = [c.code for c in seat_codes_for(session=session)]
    again = [c.code for c in seat_codes_for(session=session)]

    assert first == again and len(set(first)) == len(first) == session.seats.count()
    assert all(len(code) == LENGTH and set(code) <= set(ALPHABET) for code in first)
    SeatCode.objects.filter(code=first[0]).update(expires_at=timezone.now())
    renewed = [c.code for c in seat_codes_for(session=session)]
    assert renewed[0] != first[0] and renewed[1:] == first[1:]


def test_wrong_codes_are_braked_per_address_even_for_a_right_one_after(world, settings):  # noqa: F811
    settings.SEAT_CODE_FAILURES_PER_HOUR = 3
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    for _ in range(3):
        assert client.post(reverse("seat-code"), {"code": "AAAA-AAAA"}).status_code == 400

    response = client.post(reverse("seat-code"), {"code": code_of(world["table"])})

    assert response.status_code == 429 and "Too many wrong codes" in response.content.decode()


def test_the_seat_cards_are_printed_for_administrators_only(world):  # noqa: F811
    table = world["table"]
    url = reverse("tournament-seat-cards", args=[table.session.tournament.slug, table.session.number])
    admin = Client(HTTP_ACCEPT_LANGUAGE="en")
    admin.force_login(AdminFactory())

    page = admin.get(url).content.decode()

    codes = SeatCode.objects.filter(seat__table=table)
    assert codes.count() == 4 and all(f"{c.code[:4]}-{c.code[4:]}" in page for c in codes)
    assert f"/seat/?code={codes[0].code}" not in page  # only inside the QR code's picture
    for user in (referee_for(table.session.tournament), UserFactory()):
        other = Client()
        other.force_login(user)
        assert other.get(url).status_code == 403
    assert Client().get(url).status_code == 302  # to the login page


def test_the_seat_sign_in_reads_nothing_of_the_players_own(world):  # noqa: F811
    client = signed_in_with(code_of(world["table"]))

    player = world["table"].seats.get(position=0).player
    export = client.get("/api/v1/me/export/")
    assert export.status_code == 200 and player.last_name not in export.content.decode()
    assert export.json().get("player") in (None, {})
    assert player.last_name not in client.get("/me/").content.decode()
