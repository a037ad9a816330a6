"""Issue 39, finding 3: archived tournaments still took writes. A seated player and an assigned
referee posted hands, closed tables and confirmed (one door answered 404 *and stored* a
confirmation: the write went through before the answer looked the table up among the visible
ones); the referee still opened the control room, the score sheet, a hand's history and the
exports. Archived means read-only and invisible, checked before anyone's right to write: every door
is a 404 to everyone but a site administrator, who may read (and restore) but write nothing."""
import datetime

import pytest
from django.urls import reverse

from league.models import Export, Hand, Registration, Signup, Table, TableConfirmation, TableDispute
from league.services.deletions import tournament_archive, tournament_restore
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory, client_for
from tests.faults import test_table_writers as writers
from tests.faults.test_table_writers import DOORS, ROLES, client_as, closed

pytestmark = pytest.mark.django_db
world = writers.world  # the same table, players, referees and administrator as there
READS = {"read a hand's history", "list the disputes", "open the score sheet"}


def archived(world: dict) -> None:
    tournament_archive(tournament=world["table"].session.tournament, user=AdminFactory())


@pytest.mark.parametrize("role", [role for role in ROLES if role != "admin"])
@pytest.mark.parametrize("door", DOORS, ids=[door[0] for door in DOORS])
def test_every_door_of_an_archived_tournaments_table_is_a_404_that_changes_nothing(role, door, world):
    _name, _passes, prepare, request, changed = door
    if prepare:
        prepare(world)
    archived(world)
    response = request(client_as(role, world), world)
    # the anonymous are turned away before any table is looked up, archived or not
    assert response.status_code in (401, 403, 404, 302) if role == "anonymous" else response.status_code == 404, \
        (role, response.status_code)
    assert changed is None or not changed(world)


@pytest.mark.parametrize("door", DOORS, ids=[door[0] for door in DOORS])
def test_an_administrator_reads_an_archived_tournament_but_writes_nothing(door, world):
    name, _passes, prepare, request, changed = door
    if prepare:
        prepare(world)
    archived(world)
    response = request(client_as("admin", world), world)
    assert response.status_code < 500
    if name in READS:
        return
    # refused: an error, or the score sheet's page again with its message
    assert response.status_code >= 400 or response.status_code == 302, (name, response.status_code)
    assert changed is None or not changed(world)


def test_a_seated_players_confirmation_at_an_archived_table_is_not_stored(world):
    closed(world)
    archived(world)
    response = client_as("seated", world).post(f"/api/v1/tables/{world['table'].pk}/confirmations/", {},
                                               format="json")
    assert response.status_code == 404
    assert not TableConfirmation.objects.exists() and not TableDispute.objects.exists()


def test_the_referee_loses_the_control_room_and_the_exports_of_an_archived_tournament(world):
    tournament = world["table"].session.tournament
    referee = client_as("referee", world)
    export = Export.objects.create(tournament=tournament, kind=Export.Kind.SEATING_XLSX, status=Export.Status.DONE)
    assert referee.get(reverse("tournament-control", args=[tournament.slug])).status_code == 200
    assert referee.get(f"/api/v1/exports/{export.pk}/").status_code == 200
    archived(world)
    assert referee.get(reverse("tournament-control", args=[tournament.slug])).status_code == 404
    assert referee.post(reverse("tournament-control-action", args=[tournament.slug, "clock"]),
                        {"do": "start"}).status_code == 404
    assert referee.get(reverse("tournament-exports", args=[tournament.slug])).status_code in (403, 404)
    assert referee.get(f"/api/v1/exports/{export.pk}/").status_code == 404
    assert referee.post(f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": "seating-xlsx"},
                        format="json").status_code in (403, 404)
    assert Export.objects.count() == 1


def test_an_administrator_reads_the_control_room_writes_nothing_and_restores(world):
    tournament = world["table"].session.tournament
    admin = client_as("admin", world)
    archived(world)
    assert admin.get(reverse("tournament-control", args=[tournament.slug])).status_code == 200
    assert admin.post(reverse("tournament-control-action", args=[tournament.slug, "clock"]),
                      {"do": "start"}).status_code == 403
    assert admin.post(f"/api/v1/tables/{world['table'].pk}/hands/", {"outcome": "draw"},
                      format="json").status_code == 403
    assert Hand.objects.filter(table=world["table"]).count() == 1
    tournament_restore(tournament=tournament, user=world["users"]["admin"])
    seated = client_as("seated", world)
    assert seated.post(f"/api/v1/tables/{world['table'].pk}/close/").status_code == 200
    assert Table.objects.get(pk=world["table"].pk).closed


def test_a_sign_ups_withdrawal_link_and_decisions_change_nothing_at_an_archived_tournament(client):
    tournament = TournamentFactory(registration_open=True, status="registration")
    player = PlayerFactory()
    registration = Registration.objects.create(tournament=tournament, player=player)
    now = datetime.datetime.now(datetime.UTC)
    approved = Signup.objects.create(tournament=tournament, first_name="A", last_name="B", email="a@example.org",
                                     token="t-approved", status="approved", player=player, registration=registration,
                                     confirmed_at=now)
    pending = Signup.objects.create(tournament=tournament, first_name="C", last_name="D", email="c@example.org",
                                    token="t-pending", status="pending", confirmed_at=now)
    tournament_archive(tournament=tournament, user=AdminFactory())

    client.post(f"/signup/{approved.token}/", {"action": "withdraw"})
    decided = client_for(AdminFactory()).patch(f"/api/v1/tournaments/{tournament.pk}/signups/{pending.pk}/",
                                               {"status": "approved"}, format="json")

    # invisible to the administrators it is not a site's (404), refused to the others (409)
    assert (decided.status_code, decided.json()["error"]["code"]) in ((404, "not_found"), (409, "tournament_archived"))
    assert Registration.objects.filter(pk=registration.pk).exists()
    assert dict(Signup.objects.values_list("token", "status")) == {"t-approved": "approved", "t-pending": "pending"}
