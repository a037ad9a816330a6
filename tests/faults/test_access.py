"""Findings 6, 7 and 8: the login brake cannot be dodged by another spelling of the name, league
administrators are made by a permission (not by is_staff), and the admin deletes hands only as
the score sheet does: the last one, with its history."""
import pytest
from django.contrib.auth.models import Group, Permission

from league.models import Hand, HandRevision
from league.permissions import ADMIN_GROUP, is_league_admin
from tests.factories import AdminFactory, UserFactory, client_for, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db
FULLWIDTH_VICTIM = "\uff56ictim"  # "ｖictim": NFKC-equal to "victim"


def fail_five_times(post) -> None:
    for _ in range(5):
        post("victim", "wrong")


@pytest.mark.parametrize("spelling", [FULLWIDTH_VICTIM, "VICTIM", "victim"])
def test_five_failures_lock_every_spelling_of_the_name_on_the_site(client, spelling):
    UserFactory(username="victim")
    fail_five_times(lambda u, p: client.post("/login/", {"username": u, "password": p}))
    response = client.post("/login/", {"username": spelling, "password": "secret-pass-123"})
    assert response.status_code == 429 and "_auth_user_id" not in client.session


def test_five_failures_lock_the_admin_login_for_the_fullwidth_spelling(client):
    AdminFactory(username="victim")
    fail_five_times(lambda u, p: client.post("/admin/login/", {"username": u, "password": p}))
    assert client.post("/admin/login/", {"username": FULLWIDTH_VICTIM, "password": "secret-pass-123"}
                       ).status_code == 429


def test_five_failures_lock_the_token_endpoint_too(api):
    UserFactory(username="victim")
    fail_five_times(lambda u, p: api.post("/api/v1/auth/token/", {"username": u, "password": p}, format="json"))
    response = api.post("/api/v1/auth/token/", {"username": "victim", "password": "secret-pass-123"}, format="json")
    assert response.status_code == 429 and response.json()["error"]["code"] == "throttled"


def test_is_staff_alone_makes_no_league_administrator():
    staff = UserFactory(is_staff=True)
    assert not is_league_admin(staff)
    response = client_for(staff).post("/api/v1/players/", {"first_name": "A", "last_name": "B", "country": "DE"},
                                      format="json")
    assert response.status_code == 403


def test_the_league_administrators_group_or_the_permission_makes_one():
    member, holder = UserFactory(), UserFactory()
    member.groups.add(Group.objects.get(name=ADMIN_GROUP))
    holder.user_permissions.add(Permission.objects.get(codename="administer", content_type__app_label="league"))
    for user in (member, holder):
        response = client_for(user).post("/api/v1/players/", {"first_name": "A", "last_name": "B", "country": "DE"},
                                         format="json")
        assert response.status_code == 201
    assert is_league_admin(AdminFactory())  # superusers stay administrators


def test_the_demo_administrator_is_in_the_group(capsys):
    from django.core.management import call_command

    call_command("demo", "--no-serve")
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.get(username="admin")
    assert admin.groups.filter(name=ADMIN_GROUP).exists()


def hands_at_a_table(count: int):
    table = table_with_players()
    referee = referee_for(table.session.tournament)
    for _ in range(count):
        assert client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json").status_code == 201
    return table, referee


def test_the_admin_refuses_to_delete_a_middle_hand_and_offers_no_bulk_delete(client):
    table, _referee = hands_at_a_table(3)
    client.force_login(AdminFactory())
    middle = table.hands.get(number=2)
    assert client.post(f"/admin/league/hand/{middle.pk}/delete/", {"post": "yes"}).status_code == 403
    changelist = client.get("/admin/league/hand/").content.decode()
    assert "delete_selected" not in changelist
    assert table.hands.count() == 3


def test_the_admin_deletes_the_last_hand_through_the_service_and_the_table_goes_on(client):
    table, referee = hands_at_a_table(3)
    client.force_login(AdminFactory())
    last = table.hands.get(number=3)
    assert client.post(f"/admin/league/hand/{last.pk}/delete/", {"post": "yes"}).status_code == 302
    assert HandRevision.objects.filter(table=table, number=3, action=HandRevision.Action.DELETE).exists()
    response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert response.status_code == 201 and response.json()["number"] == 3
    assert Hand.objects.filter(table=table).count() == 3


