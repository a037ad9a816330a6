"""``roles/`` (docs/api.md "Roles scoped to a league, a club and a tournament"): each giver's limits,
404 for what the caller may not see and 403 for what they see but may not change, the last site
administrator, the audit log of every change, and an invitation accepted end to end."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from league.models import AuditEntry, RefereeAssignment, Role
from league.permissions import directs, is_site_admin
from tests.factories import AdminFactory, UserFactory, client_for, referee_for
from tests.roles_world import federation

pytestmark = pytest.mark.django_db


def give(giver, /, **body):
    return client_for(giver).post("/api/v1/roles/", body, format="json")


@pytest.fixture
def world():
    return federation()


def test_a_site_administrator_gives_any_role_to_a_user_and_it_is_logged(world):
    admin, someone = AdminFactory(), UserFactory()
    response = give(admin, user=someone.pk, role="league_admin", league=world.other_league.pk)
    assert response.status_code == 201
    body = response.json()
    assert body == {"id": body["id"], "user": someone.pk, "role": "league_admin", "league": world.other_league.pk,
                    "status": "active"}
    entry = AuditEntry.objects.get(action="grant")
    assert entry.user == admin and entry.scope_league == world.other_league.pk and entry.object_id == str(body["id"])


@pytest.mark.parametrize(("giver", "role", "scope", "expected"), [
    ("league_admin", "league_admin", "league", 201),
    ("league_admin", "director", "tournament", 201),
    ("league_admin", "referee", "tournament", 201),
    ("league_admin", "league_admin", "other_league", 403),
    ("league_admin", "club_organiser", "club", 403),
    ("league_admin", "director", "other_tournament", 403),
    ("league_admin", "site_admin", None, 403),
    ("club_organiser", "club_organiser", "club", 201),
    ("club_organiser", "director", "club_event", 201),
    ("club_organiser", "referee", "club_event", 201),
    ("club_organiser", "club_organiser", "other_club", 403),
    ("club_organiser", "director", "tournament", 403),
    ("club_organiser", "league_admin", "league", 403),
    ("director", "referee", "tournament", 201),
    ("director", "director", "tournament", 403),
    ("director", "referee", "other_tournament", 403),
    ("director", "league_admin", "league", 403),
])
def test_whoever_holds_a_scope_gives_roles_inside_it_and_nowhere_else(world, giver, role, scope, expected):
    fields = {"league": "league", "other_league": "league", "club": "club", "other_club": "club"}
    body = {"role": role, "user": UserFactory().pk}
    if scope is not None:
        body[fields.get(scope, "tournament")] = getattr(world, scope).pk
    response = give(getattr(world, giver), **body)
    assert response.status_code == expected, response.content
    assert Role.objects.filter(user_id=body["user"]).exists() == (expected == 201)
    assert AuditEntry.objects.filter(action="grant").exists() == (expected == 201)


def test_an_unpublished_tournament_outside_the_scope_answers_404_a_published_one_403():
    world = federation(published=False)
    hidden = give(world.director, role="referee", tournament=world.other_tournament.pk, user=UserFactory().pk)
    assert hidden.status_code == 404
    world.other_tournament.published = True
    world.other_tournament.save()
    seen = give(world.director, role="referee", tournament=world.other_tournament.pk, user=UserFactory().pk)
    assert seen.status_code == 403 and seen.json()["error"]["code"] in ("forbidden", "permission_denied")


def test_the_list_shows_only_roles_inside_the_callers_scope(world):
    elsewhere = referee_for(world.other_tournament)
    mine = referee_for(world.tournament)
    listed = {(r["role"], r["user"]) for r in client_for(world.director).get("/api/v1/roles/").json()}
    assert ("referee", mine.pk) in listed and ("director", world.director.pk) in listed
    assert ("referee", elsewhere.pk) not in listed and ("league_admin", world.league_admin.pk) not in listed
    by_league_admin = {(r["role"], r["user"]) for r in client_for(world.league_admin).get("/api/v1/roles/").json()}
    assert ("director", world.director.pk) in by_league_admin and ("referee", elsewhere.pk) not in by_league_admin
    assert client_for(UserFactory()).get("/api/v1/roles/").status_code == 403
    assert client_for(None).get("/api/v1/roles/").status_code in (401, 403)


def test_taking_back_a_role_outside_the_scope_is_404_inside_but_not_mine_to_give_403(world):
    director_role = Role.objects.get(user=world.director)
    other = Role.objects.create(user=UserFactory(), role="director", tournament=world.other_tournament)
    assert client_for(world.director).delete(f"/api/v1/roles/{other.pk}/").status_code == 404
    assert client_for(world.director).delete(f"/api/v1/roles/{director_role.pk}/").status_code == 403
    assert client_for(world.league_admin).delete(f"/api/v1/roles/{director_role.pk}/").status_code == 204
    assert not directs(world.director, world.tournament)
    entry = AuditEntry.objects.get(action="revoke")
    assert entry.details["role"] == "director" and entry.scope_tournament == world.tournament.pk


def test_a_referee_taken_back_loses_the_assignment(world):
    referee = referee_for(world.tournament)
    role = Role.objects.get(user=referee, role="referee")
    assert client_for(world.director).delete(f"/api/v1/roles/{role.pk}/").status_code == 204
    assert not RefereeAssignment.objects.filter(user=referee).exists()


def test_the_last_site_administrator_cannot_be_removed():
    first, second = UserFactory(), UserFactory()
    admin = AdminFactory()
    for user in (first, second):
        assert give(admin, user=user.pk, role="site_admin").status_code == 201
    assert is_site_admin(first) and is_site_admin(second)
    admin.is_active = False  # the superuser leaves; two site administrators by role remain
    admin.save()
    first_role, second_role = Role.objects.get(user=first), Role.objects.get(user=second)
    assert client_for(second).delete(f"/api/v1/roles/{first_role.pk}/").status_code == 204
    assert not is_site_admin(first)
    refused = client_for(second).delete(f"/api/v1/roles/{second_role.pk}/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "last_site_admin"
    assert is_site_admin(second)


def test_a_role_held_already_is_a_conflict(world):
    response = give(world.league_admin, role="director", tournament=world.tournament.pk, user=world.director.pk)
    assert response.status_code == 409 and response.json()["error"]["code"] == "role_exists"


def test_a_role_needs_its_scope_and_a_person(world):
    admin = AdminFactory()
    assert give(admin, role="director", user=UserFactory().pk).status_code == 400
    assert give(admin, role="director", tournament=world.tournament.pk).status_code == 400
    assert give(admin, role="site_admin", league=world.league.pk, user=UserFactory().pk).status_code == 400


def test_the_short_form_gives_a_referee_role(world):
    someone = UserFactory()
    response = client_for(world.director).post(f"/api/v1/tournaments/{world.tournament.pk}/referees/",
                                               {"user": someone.pk}, format="json")
    assert response.status_code == 201
    assert Role.objects.filter(user=someone, role="referee", tournament=world.tournament).count() == 1
    refused = client_for(world.director).post(f"/api/v1/tournaments/{world.other_tournament.pk}/referees/",
                                              {"user": someone.pk}, format="json")
    assert refused.status_code == 403


def test_an_address_with_an_account_gets_the_role_at_once(world):
    someone = UserFactory(email="Known@Example.org")
    response = give(world.director, role="referee", tournament=world.tournament.pk, email="known@example.org")
    assert response.status_code == 201 and response.json()["user"] == someone.pk
    assert response.json()["status"] == "active" and "email" not in response.json()


def test_each_scope_reads_its_own_part_of_the_audit_log(world):
    admin = AdminFactory()
    give(admin, role="referee", tournament=world.tournament.pk, user=UserFactory().pk)
    give(admin, role="referee", tournament=world.other_tournament.pk, user=UserFactory().pk)
    give(admin, role="club_organiser", club=world.club.pk, user=UserFactory().pk)

    def scopes(user):
        rows = client_for(user).get("/api/v1/audit/").json()["results"]
        return {(row["details"].get("tournament"), row["details"].get("club")) for row in rows}

    assert scopes(world.league_admin) == {(world.tournament.pk, None)}
    assert scopes(world.director) == {(world.tournament.pk, None)}
    assert scopes(world.club_organiser) == {(None, world.club.pk)}
    assert len(scopes(admin)) == 3


def test_an_invitation_accepted_end_to_end(world, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = give(world.league_admin, role="director", tournament=world.tournament.pk, email="new@example.org")
    assert response.status_code == 201
    assert response.json()["status"] == "invited" and response.json()["email"] == "new@example.org"
    assert "user" in response.json() and response.json()["user"] is None
    assert AuditEntry.objects.filter(action="invite").exists()
    assert mail.outbox[-1].to == ["new@example.org"]
    link = re.search(r"https?://\S+/account/invitation/\S+/", mail.outbox[-1].body).group(0)
    path = link.split("testserver", 1)[1]
    assert client.get(path).status_code == 200
    weak = client.post(path, {"username": "newdirector", "password": "123"})
    assert weak.status_code == 400
    done = client.post(path, {"username": "newdirector", "password": "a-long-secret-phrase-17"})
    assert done.status_code == 200
    user = get_user_model().objects.get(username="newdirector")
    assert user.email == "new@example.org" and directs(user, world.tournament)
    assert Role.objects.get(user=user).status == "active"
    assert AuditEntry.objects.filter(action="accept", user=user).exists()
    assert client.get(path).status_code == 404  # a used link opens nothing
    assert client.login(username="newdirector", password="a-long-secret-phrase-17")
    assert client.get(f"/manage/t/{world.tournament.slug}/").status_code == 200
    assert client.get(f"/manage/t/{world.other_tournament.slug}/").status_code == 403


def test_a_tampered_invitation_link_opens_nothing(client):
    assert client.get("/account/invitation/1:abc:def/").status_code == 404


def test_a_club_organiser_makes_and_runs_their_clubs_events_only(world):
    organiser = client_for(world.club_organiser)
    event = {"slug": "thursday", "name": "Thursday evenings", "ruleset": "dmjl-classical", "kind": "club",
             "starts_on": "2026-05-01", "ends_on": "2026-12-31"}
    assert organiser.post("/api/v1/tournaments/", {**event, "host_club": world.other_club.pk},
                          format="json").status_code == 403
    made = organiser.post("/api/v1/tournaments/", {**event, "host_club": world.club.pk}, format="json")
    assert made.status_code == 201 and made.json()["host_club"] == world.club.pk
    opened = organiser.post(f"/api/v1/tournaments/{made.json()['id']}/sessions/", {}, format="json")
    assert opened.status_code == 201, opened.content
    assert organiser.post(f"/api/v1/tournaments/{world.other_club_event.pk}/sessions/", {},
                          format="json").status_code == 403
    moved = organiser.patch(f"/api/v1/tournaments/{made.json()['id']}/", {"host_club": world.other_club.pk},
                            format="json")
    assert moved.status_code == 403


def test_a_director_edits_their_tournament_but_cannot_move_delete_or_archive_it(world):
    director = client_for(world.director)
    url = f"/api/v1/tournaments/{world.tournament.pk}/"
    assert director.patch(url, {"place": "Köln"}, format="json").status_code == 200
    assert director.patch(url, {"season": world.other_season.pk}, format="json").status_code == 403
    assert director.post(f"{url}archive/", {}, format="json").status_code == 403
    assert director.delete(url).status_code == 403
    assert client_for(world.league_admin).post(f"{url}archive/", {}, format="json").status_code == 200


def test_a_league_administrator_keeps_their_seasons_in_their_league(world):
    admin = client_for(world.league_admin)
    url = f"/api/v1/seasons/{world.season.pk}/"
    assert admin.patch(url, {"min_games": 3}, format="json").status_code == 200
    assert admin.patch(url, {"league": world.other_league.pk}, format="json").status_code == 403
    assert admin.patch(f"/api/v1/seasons/{world.other_season.pk}/", {"min_games": 3},
                       format="json").status_code == 403
    assert admin.post("/api/v1/seasons/", {"league": world.other_league.pk, "name": "2030", "starts_on": "2030-01-01",
                                           "ends_on": "2030-12-31"}, format="json").status_code == 403


@pytest.mark.parametrize("kind", ["referee", "site_admin"])
def test_an_accepted_invitation_makes_a_referee_assignment_or_a_site_administrator(world, kind):
    from league.permissions import can_referee
    from league.services.roles import invitation_accept, invitation_token, role_give

    scope = world.tournament if kind == "referee" else None
    invited = role_give(by=AdminFactory(), role=kind, scope=scope, email=f"{kind}@example.org")
    role = invitation_accept(token=invitation_token(invited), username=f"new-{kind}",
                             password="a-long-secret-phrase-17")
    assert role.pk == invited.pk and role.status == "active" and Role.objects.filter(user=role.user).count() == 1
    if kind == "referee":
        assert role.assignment.tournament == world.tournament and can_referee(role.user, world.tournament.pk)
    else:
        assert is_site_admin(role.user)
