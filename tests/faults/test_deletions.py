"""Issue 25, finding 2: one API call wiped a played tournament, and a club was emptied silently.
A tournament, session or table with hands is never deleted (409 ``has_hands``); a tournament is
archived instead (hidden, out of the rankings, restorable); a club with players, a season with
tournaments and a league with seasons are refused; every destructive action is in the audit log."""
import pytest

from league.models import AuditEntry, Club, Hand, HandRevision, Player, Registration, SeasonRanking, Tournament
from league.services.hands import table_close
from league.services.rankings import rankings_recompute
from league.services.standings import standings_recompute
from tests.factories import (
    AdminFactory,
    ClubFactory,
    PlayerFactory,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
    client_for,
    table_with_hands,
)

from .admin_forms import change_form_data

pytestmark = pytest.mark.django_db


def test_deleting_a_played_tournament_through_the_api_is_refused_and_nothing_is_lost():
    table = table_with_hands(3)
    tournament = table.session.tournament
    admin = AdminFactory()
    response = client_for(admin).delete(f"/api/v1/tournaments/{tournament.pk}/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "has_hands"
    assert Hand.objects.filter(table=table).count() == 3
    assert HandRevision.objects.filter(table=table).count() == 3
    assert not AuditEntry.objects.exists()


def test_a_tournament_without_hands_is_deleted_and_the_deletion_is_logged():
    tournament = TournamentFactory(name="Empty Cup")
    admin = AdminFactory(username="boss")
    assert client_for(admin).delete(f"/api/v1/tournaments/{tournament.pk}/").status_code == 204
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    entry = AuditEntry.objects.get()
    assert (entry.username, entry.action, entry.model, entry.object_id, entry.object_repr) == (
        "boss", "delete", "tournament", str(tournament.pk), "Empty Cup")


def test_an_archived_tournament_disappears_from_the_public_and_comes_back_whole():
    table = table_with_hands(3)
    tournament = table.session.tournament
    admin = client_for(AdminFactory())
    response = admin.post(f"/api/v1/tournaments/{tournament.pk}/archive/")
    assert response.status_code == 200 and response.json()["archived_at"] is not None
    public = client_for(None)
    assert public.get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 404
    assert public.get(f"/api/v1/tournaments/{tournament.pk}/standings/").status_code == 404
    assert public.get(f"/api/v1/tables/{table.pk}/").status_code == 404
    assert tournament.pk not in [row["id"] for row in public.get("/api/v1/tournaments/").json()["results"]]
    assert admin.get(f"/api/v1/tournaments/{tournament.pk}/").json()["archived_at"] is not None
    assert admin.post(f"/api/v1/tournaments/{tournament.pk}/restore/").json()["archived_at"] is None
    assert public.get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 200
    assert Hand.objects.filter(table=table).count() == 3
    assert list(AuditEntry.objects.order_by("at", "id").values_list("action", flat=True)) == ["archive", "restore"]


def test_an_archived_tournament_counts_in_no_ranking(client):
    table = table_with_hands(3)
    tournament = table.session.tournament
    season = SeasonFactory()
    Tournament.objects.filter(pk=tournament.pk).update(season=season, status=Tournament.Status.FINISHED)
    table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    rankings_recompute(season=season)
    assert SeasonRanking.objects.filter(season=season).count() == 4
    client_for(AdminFactory()).post(f"/api/v1/tournaments/{tournament.pk}/archive/")
    rankings_recompute(season=season)
    assert not SeasonRanking.objects.filter(season=season).exists()
    assert client.get(f"/t/{tournament.slug}/").status_code == 404


def test_a_club_with_players_is_not_emptied():
    club = ClubFactory()
    PlayerFactory(club=club)
    response = client_for(AdminFactory()).delete(f"/api/v1/clubs/{club.pk}/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "in_use"
    assert Player.objects.filter(club=club).count() == 1


def test_a_club_without_players_is_deleted_and_logged():
    club = ClubFactory()
    assert client_for(AdminFactory()).delete(f"/api/v1/clubs/{club.pk}/").status_code == 204
    assert not Club.objects.filter(pk=club.pk).exists()
    assert AuditEntry.objects.get().model == "club"


def test_a_season_with_tournaments_is_refused():
    season = SeasonFactory()
    TournamentFactory(season=season)
    response = client_for(AdminFactory()).delete(f"/api/v1/seasons/{season.pk}/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "in_use"


def test_the_admin_site_refuses_to_delete_a_played_tournament_session_or_table(client):
    table = table_with_hands(2)
    session = table.session
    client.force_login(AdminFactory())
    for path in (f"/admin/league/tournament/{session.tournament_id}/delete/",
                 f"/admin/league/session/{session.pk}/delete/", f"/admin/league/table/{table.pk}/delete/"):
        page = client.get(path)
        assert page.context["protected"], path  # the confirmation page refuses, naming why
        client.post(path, {"post": "yes"})
    bulk = client.post("/admin/league/tournament/", {"action": "delete_selected", "post": "yes",
                                                     "_selected_action": [session.tournament_id]})
    assert bulk.status_code in (200, 302)
    assert Hand.objects.filter(table=table).count() == 2
    assert Tournament.objects.filter(pk=session.tournament_id).exists()


def test_the_admin_site_logs_a_deletion_and_archives_a_played_tournament(client):
    table = table_with_hands(1)
    tournament = table.session.tournament
    club = ClubFactory()
    client.force_login(AdminFactory(username="boss"))
    client.post(f"/admin/league/club/{club.pk}/delete/", {"post": "yes"})
    client.post("/admin/league/tournament/", {"action": "archive", "_selected_action": [tournament.pk]})
    tournament.refresh_from_db()
    assert tournament.archived_at is not None
    assert sorted(AuditEntry.objects.values_list("action", "model", "username")) == [
        ("archive", "tournament", "boss"), ("delete", "club", "boss")]


def test_administrators_read_the_audit_log_and_nobody_else_does(client):
    tournament = TournamentFactory(name="Gone Cup")
    admin = AdminFactory(username="boss")
    client_for(admin).delete(f"/api/v1/tournaments/{tournament.pk}/")
    rows = client_for(admin).get("/api/v1/audit/").json()["results"]
    assert [(row["username"], row["action"], row["object_repr"]) for row in rows] == [("boss", "delete", "Gone Cup")]
    assert client_for(UserFactory()).get("/api/v1/audit/").status_code == 403
    assert client_for(None).get("/api/v1/audit/").status_code in (401, 403)
    client.force_login(admin)
    page = client.get("/manage/audit/")
    assert page.status_code == 200 and "Gone Cup" in page.content.decode()
    client.force_login(UserFactory())
    assert client.get("/manage/audit/").status_code == 403


def test_a_withdrawal_in_the_control_room_api_is_logged():
    table = table_with_hands(1)
    tournament = table.session.tournament
    player = table.seats.first().player
    admin = AdminFactory(username="boss")
    response = client_for(admin).post(f"/api/v1/tournaments/{tournament.pk}/withdrawals/",
                                      {"player": player.pk, "from_session": 2}, format="json")
    assert response.status_code == 201
    entry = AuditEntry.objects.get()
    assert (entry.username, entry.action, entry.details["player"], entry.details["from_session"]) == (
        "boss", "withdraw", player.pk, 2)


def form_row(data: dict, tournament, player) -> int:
    """The row of the tournament form's registrations that holds ``player``."""
    wanted = str(Registration.objects.get(tournament=tournament, player=player).pk)
    return next(i for i in range(int(data["registrations-TOTAL_FORMS"])) if data[f"registrations-{i}-id"] == wanted)


def test_deleting_a_registration_in_the_tournament_form_is_logged_and_refused_once_seated(client):
    table = table_with_hands(1)
    tournament = table.session.tournament
    newcomer = PlayerFactory()
    Registration.objects.create(tournament=tournament, player=newcomer)
    client.force_login(AdminFactory(username="boss"))
    url = f"/admin/league/tournament/{tournament.pk}/change/"
    data = change_form_data(client, url)
    data[f"registrations-{form_row(data, tournament, newcomer)}-DELETE"] = "on"
    client.post(url, data)
    assert not Registration.objects.filter(player=newcomer).exists()
    assert AuditEntry.objects.get().model == "registration"
    seated = table.seats.first().player
    data = change_form_data(client, url)
    data[f"registrations-{form_row(data, tournament, seated)}-DELETE"] = "on"
    client.post(url, data)
    assert Registration.objects.filter(player=seated, tournament=tournament).exists()


@pytest.mark.parametrize("who", ["anonymous", "user", "referee"])
def test_nobody_but_an_administrator_deletes_archives_restores_or_reads_the_log(who):
    table = table_with_hands(1)
    tournament = table.session.tournament
    empty, club = TournamentFactory(), ClubFactory()
    user = {"anonymous": None, "user": UserFactory()}.get(who)
    if who == "referee":
        user = UserFactory()
        tournament.referee_assignments.create(user=user)
        empty.referee_assignments.create(user=user)
    api = client_for(user)
    for method, path in [("post", f"/api/v1/tournaments/{tournament.pk}/archive/"),
                         ("post", f"/api/v1/tournaments/{tournament.pk}/restore/"),
                         ("delete", f"/api/v1/tournaments/{empty.pk}/"), ("delete", f"/api/v1/clubs/{club.pk}/"),
                         ("get", "/api/v1/audit/")]:
        assert getattr(api, method)(path).status_code in (401, 403), (method, path)
    assert Tournament.objects.filter(pk=empty.pk, archived_at=None).exists() and Club.objects.filter(pk=club.pk)
    tournament.refresh_from_db()
    assert tournament.archived_at is None and not AuditEntry.objects.exists()


def test_archived_at_cannot_be_written_through_the_tournament_fields():
    tournament = TournamentFactory()
    response = client_for(AdminFactory()).patch(f"/api/v1/tournaments/{tournament.pk}/",
                                                {"archived_at": "2026-01-01T00:00:00Z"}, format="json")
    assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.archived_at is None


def test_a_cached_public_page_of_an_archived_tournament_is_gone_at_once(client):
    table = table_with_hands(1)
    tournament = table.session.tournament
    for path in (f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/", "/"):
        assert client.get(path).status_code == 200  # cached now
    assert tournament.name in client.get("/").content.decode()
    client_for(AdminFactory()).post(f"/api/v1/tournaments/{tournament.pk}/archive/")
    assert client.get(f"/t/{tournament.slug}/").status_code == 404
    assert client.get(f"/t/{tournament.slug}/standings/").status_code == 404
    assert tournament.name not in client.get("/").content.decode()
