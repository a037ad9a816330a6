"""Issue 25, "a backup a league can restore": a played tournament (hands, a correction, a deleted
hand, closed tables, standings, an export file) is backed up, the database flushed and the export
files removed, and the restore brings back every hand, revision, standing and export file equal.
Runs on SQLite and, with DATABASE_URL, on PostgreSQL."""
import pytest
from django.core.management import CommandError, call_command

from league.models import AuditEntry, Export, Hand, HandRevision, Standing, Tournament
from league.services.hands import table_close
from league.services.standings import standings_recompute
from tests.factories import CLASSICAL_WIN, AdminFactory, TournamentFactory, client_for, table_with_hands

pytestmark = pytest.mark.django_db(transaction=True)


def played_tournament() -> Tournament:
    table = table_with_hands(4)
    admin = client_for(AdminFactory(username="director"))
    hand = table.hands.get(number=2)
    corrected = {"record": {**CLASSICAL_WIN, "hand_values": [20, 600, 4, 128]}, "version": hand.version}
    response = admin.put(f"/api/v1/hands/{hand.pk}/", corrected, format="json")
    assert response.status_code == 200, response.content
    assert admin.delete(f"/api/v1/hands/{table.hands.get(number=4).pk}/").status_code == 204
    table_close(table=table, user=None)
    tournament = table.session.tournament
    standings_recompute(tournament=tournament)
    response = admin.post(f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": "results-xlsx"}, format="json")
    assert response.status_code == 202
    assert Export.objects.get().status == Export.Status.DONE
    admin.delete(f"/api/v1/tournaments/{TournamentFactory().pk}/")  # an audit entry too
    return tournament


def league_state() -> dict:
    """What must come back equal: every hand, revision, standing and export, with the users by name."""
    return {
        "hands": list(Hand.objects.order_by("pk").values(
            "pk", "table_id", "number", "record", "result", "dealer", "prevailing_wind", "version",
            "entered_by__username", "entered_at", "updated_at", "idempotency_key")),
        "revisions": list(HandRevision.objects.order_by("pk").values(
            "pk", "hand_id", "table_id", "number", "action", "version", "before", "after", "user__username", "at",
            "idempotency_key")),
        "standings": list(Standing.objects.order_by("pk").values()),
        "exports": [(e.pk, e.kind, e.status, e.file.name, e.created_by.username, e.file.read())
                    for e in Export.objects.order_by("pk")],
        "audit": list(AuditEntry.objects.order_by("pk").values("pk", "action", "model", "object_repr",
                                                                "user__username", "at")),
        "tournaments": list(Tournament.objects.order_by("pk").values()),
    }


def test_a_played_tournament_comes_back_whole_after_backup_flush_and_restore(tmp_path):
    played_tournament()
    before = league_state()
    assert len(before["hands"]) == 3 and len(before["revisions"]) == 6 and len(before["standings"]) == 4
    archive = tmp_path / "league.zip"
    call_command("backup", str(archive), verbosity=0)
    export_name = Export.objects.get().file.name
    call_command("flush", interactive=False, verbosity=0)
    Export._meta.get_field("file").storage.delete(export_name)
    assert not Hand.objects.exists() and not Export._meta.get_field("file").storage.exists(export_name)
    call_command("restore", str(archive), verbosity=0)
    assert league_state() == before
    table = Hand.objects.first().table
    response = client_for(AdminFactory()).post(f"/api/v1/tables/{table.pk}/hands/", CLASSICAL_WIN, format="json")
    assert response.status_code in (201, 409)  # the ids' sequences go on after the restored rows
    assert response.status_code != 500


def test_a_restore_refuses_a_database_that_holds_a_league(tmp_path):
    played_tournament()
    archive = tmp_path / "league.zip"
    call_command("backup", str(archive), verbosity=0)
    with pytest.raises(CommandError):
        call_command("restore", str(archive), verbosity=0)
    assert Hand.objects.count() == 3


def test_a_restore_refuses_a_file_that_is_no_backup(tmp_path):
    bogus = tmp_path / "bogus.zip"
    bogus.write_bytes(b"not a zip at all")
    with pytest.raises(CommandError):
        call_command("restore", str(bogus), verbosity=0)
