"""``/manage/roles/`` and a tournament's directors and referees on its manage page: the people and
roles in my scope, invite by e-mail, take back; German and English."""
import pytest
from django.core import mail

from league.models import AuditEntry, Role
from tests.factories import UserFactory, page_text, referee_for
from tests.roles_world import federation

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return federation()


def test_the_roles_page_lists_my_scope_in_german_and_english(world, client):
    inside, outside = referee_for(world.tournament), referee_for(world.other_tournament)
    client.force_login(world.league_admin)
    german = page_text(client.get("/manage/roles/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Personen und Rollen" in german and inside.username in german and outside.username not in german
    assert "Turnierleitung" in german and world.director.username in german
    client.get("/lang/en/")
    english = page_text(client.get("/manage/roles/"))
    assert "People and roles" in english and "tournament director" in english


def test_inviting_by_e_mail_and_taking_back_from_the_roles_page(world, client, django_capture_on_commit_callbacks):
    client.force_login(world.league_admin)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/manage/roles/", {"action": "give", "email": "helper@example.org", "role": "referee",
                                                  "scope": f"tournament:{world.tournament.pk}"})
    assert response.status_code == 302
    invited = Role.objects.get(email="helper@example.org")
    assert invited.status == "invited" and mail.outbox[-1].to == ["helper@example.org"]
    client.post("/manage/roles/", {"action": "take", "role_id": invited.pk})
    assert not Role.objects.filter(pk=invited.pk).exists()
    assert list(AuditEntry.objects.order_by("id").values_list("action", flat=True)) == ["invite", "revoke"]


def test_a_role_outside_my_scope_cannot_be_given_or_taken_from_the_page(world, client):
    foreign = Role.objects.create(user=UserFactory(), role="director", tournament=world.other_tournament)
    client.force_login(world.director)
    assert client.post("/manage/roles/", {"action": "take", "role_id": foreign.pk}).status_code == 404
    client.post("/manage/roles/", {"action": "give", "email": "x@example.org", "role": "director",
                                   "scope": f"tournament:{world.tournament.pk}"})
    assert not Role.objects.filter(email="x@example.org").exists()  # a director gives referees only
    assert Role.objects.filter(pk=foreign.pk).exists()


def test_a_tournaments_manage_page_names_its_directors_and_referees_and_adds_one_by_e_mail(world, client):
    referee = referee_for(world.tournament)
    client.force_login(world.league_admin)
    url = f"/manage/t/{world.tournament.slug}/"
    page = page_text(client.get(url))
    assert world.director.username in page and referee.username in page
    known = UserFactory(email="known@example.org")
    response = client.post("/manage/roles/", {"action": "give", "email": "known@example.org", "role": "director",
                                              "scope": f"tournament:{world.tournament.pk}", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    assert Role.objects.filter(user=known, role="director", tournament=world.tournament, status="active").exists()


def test_no_one_without_a_scope_opens_the_roles_page(client):
    client.force_login(UserFactory())
    assert client.get("/manage/roles/").status_code == 403
    client.logout()
    assert client.get("/manage/roles/").status_code == 302
