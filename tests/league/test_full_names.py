"""Who sees which name: administrators and referees see a player's whole name in the control room
and the admin; the public sees the shown name ("Anna B." for "initials"), and public lists are
sorted by it, so that their order gives no hidden last name away."""
import pytest
from django.urls import reverse

from league.models import Player, Registration, Signup, TableDispute, TournamentPenalty
from league.services.players import player_merge
from tests.factories import PlayerFactory, TournamentFactory, referee_for, table_with_players

pytestmark = pytest.mark.django_db

HIDDEN = "Zylinski"


@pytest.fixture
def anna():
    return PlayerFactory(first_name="Anna", last_name=HIDDEN, public_name=Player.PublicName.INITIALS)


def test_the_control_room_names_players_in_full(client, admin_user, anna):
    table = table_with_players(slug="names", players=[anna, *PlayerFactory.create_batch(3)])
    tournament = table.session.tournament
    TournamentPenalty.objects.create(tournament=tournament, player=anna, points=5, reason="late")
    TournamentPenalty.objects.create(tournament=tournament, player=anna, points=1, reason="phone rang")
    client.force_login(referee_for(tournament))
    live = client.get(f"/t/{tournament.slug}/control/part/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'<span class="name">Anna {HIDDEN}</span>' in live
    client.force_login(admin_user)
    page = client.get(f"/t/{tournament.slug}/control/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"<li>Anna {HIDDEN}: 5 points" in page and f"<li>Anna {HIDDEN}: 1 point – phone rang" in page
    client.logout()
    public = client.get(f"/t/{tournament.slug}/").content.decode()
    assert HIDDEN not in public


def test_the_admin_lists_and_offers_players_in_full(client, admin_user, anna):
    tournament = TournamentFactory()
    registration = Registration.objects.create(tournament=tournament, player=anna)
    client.force_login(admin_user)
    listing = client.get(reverse("admin:league_registration_changelist")).content.decode()
    assert f"Anna {HIDDEN}" in listing
    form = client.get(reverse("admin:league_registration_change", args=[registration.pk])).content.decode()
    assert f"Anna {HIDDEN}" in form
    found = client.get(reverse("admin:autocomplete"), {
        "term": "Anna", "app_label": "league", "model_name": "registration", "field_name": "player"}).json()
    assert [r["text"] for r in found["results"]] == [f"Anna {HIDDEN}"]
    change = client.get(reverse("admin:league_player_change", args=[anna.pk])).content.decode()
    assert f"Anna {HIDDEN}" in change


def test_the_public_player_list_is_sorted_by_the_shown_name(api):
    PlayerFactory(first_name="Bert", last_name="Bauer")
    PlayerFactory(first_name="Anna", last_name="Bzik", public_name=Player.PublicName.INITIALS)
    names = [(p["first_name"], p["last_name"]) for p in api.get("/api/v1/players/").json()["results"]]
    assert names == [("Anna", "B."), ("Bert", "Bauer")]  # "B." before "Bauer": nothing told of "Bzik"


def test_tied_initials_players_are_not_ordered_by_their_hidden_last_names(api):
    first = PlayerFactory(first_name="Anna", last_name="Bz", public_name=Player.PublicName.INITIALS)
    second = PlayerFactory(first_name="Anna", last_name="Ba", public_name=Player.PublicName.INITIALS)
    ids = [p["id"] for p in api.get("/api/v1/players/").json()["results"]]
    assert ids == [first.pk, second.pk]  # one shown name "Anna B.": by id, not by "Ba" < "Bz"


def test_the_administrators_pages_name_a_disputing_a_matching_and_a_kept_player_in_full(client, admin_user, anna):
    """The control room's open disputes, the sign-ups' "same name as the existing player … / approve
    as …" and the merges made: an administrator decides by these names, so they are whole."""
    table = table_with_players(slug="full-names", players=[anna, *PlayerFactory.create_batch(3)],
                               options={"entry": "players"})
    tournament = table.session.tournament
    TableDispute.objects.create(table=table, player=anna, message="wrong winner")
    Signup.objects.create(tournament=TournamentFactory(slug="later"), first_name="Anna", last_name=HIDDEN,
                          email="anna@example.org", token="t-full", status="pending", vouches=True,
                          confirmed_at="2026-05-01T10:00:00Z")
    twin = PlayerFactory(first_name="Anna", last_name=HIDDEN)
    player_merge(keep=anna, remove=twin, user=admin_user)
    client.force_login(admin_user)

    def page(url):
        return client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert f"<strong>Anna {HIDDEN}</strong> – wrong winner" in page(f"/t/{tournament.slug}/control/")
    signups = page("/manage/t/later/signups/")
    assert f"the existing player Anna {HIDDEN}" in signups and f"Approve as Anna {HIDDEN}" in signups
    assert f'<a href="/p/{anna.pk}/">Anna {HIDDEN}</a>' in page("/manage/players/merge/")

