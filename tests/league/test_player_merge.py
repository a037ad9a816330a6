"""Merging two entries of one person: results, registrations, sign-ups and the account follow the
kept player, the other is deleted, and the merge is kept."""
import pytest
from django.utils import timezone

from league.errors import ServiceError
from league.models import GameResult, Player, PlayerMerge, Registration, Seat, Signup, Standing
from league.services.hands import hand_record
from league.services.players import player_merge
from league.services.standings import standings_recompute
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SessionFactory,
    TournamentFactory,
    UserFactory,
    table_with_players,
)
from tests.hand_records import EAST_WINS_100

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """Jürgen Müller played a hand (East, won) under a second entry "Juergen Mueller"."""
    tournament = TournamentFactory()
    duplicate = PlayerFactory(first_name="Juergen", last_name="Mueller", ema_id="04990077", club=None)
    table = table_with_players(session=SessionFactory(tournament=tournament),
                               players=[duplicate, *PlayerFactory.create_batch(3)])
    hand_record(table=table, record=EAST_WINS_100, user=AdminFactory())
    standings_recompute(tournament=tournament)
    keep = PlayerFactory(first_name="Jürgen", last_name="Müller", ema_id="")
    return {"tournament": tournament, "keep": keep, "duplicate": duplicate, "table": table}


def test_the_removed_players_results_follow_the_kept_player(played):
    keep, duplicate, tournament = played["keep"], played["duplicate"], played["tournament"]
    admin = AdminFactory()
    merge = player_merge(keep=keep, remove=duplicate, user=admin)
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    assert Seat.objects.get(table=played["table"], position=0).player == keep
    assert GameResult.objects.filter(player=keep).count() == 1
    assert Registration.objects.filter(tournament=tournament, player=keep).exists()
    standings_recompute(tournament=tournament)
    assert Standing.objects.get(tournament=tournament, player=keep).score == 600
    keep.refresh_from_db()
    assert keep.ema_id == "04990077"  # the kept player had none
    assert (merge.kept, merge.removed_id, merge.removed["last_name"], merge.merged_by) == (
        keep, duplicate.pk, "Mueller", admin)
    assert merge.moved["seat"] == 1 and merge.moved["registration"] == 1


def test_sign_ups_and_the_account_follow(played):
    keep, duplicate, tournament = played["keep"], played["duplicate"], played["tournament"]
    account = UserFactory()
    duplicate.user = account
    duplicate.save()
    signup = Signup.objects.create(tournament=tournament, first_name="Juergen", last_name="Mueller",
                                   email="j@example.org", token="t1", status="approved",
                                   registration=Registration.objects.get(tournament=tournament, player=duplicate))
    player_merge(keep=keep, remove=duplicate, user=None)
    keep.refresh_from_db()
    signup.refresh_from_db()
    assert keep.user == account and signup.registration.player == keep


def test_both_registered_for_one_tournament_leaves_one_registration(played):
    keep, duplicate, tournament = played["keep"], played["duplicate"], played["tournament"]
    Registration.objects.create(tournament=tournament, player=keep)
    player_merge(keep=keep, remove=duplicate, user=None)
    assert Registration.objects.filter(tournament=tournament, player=keep).count() == 1


def test_two_players_of_one_session_are_two_people(played):
    other = Seat.objects.get(table=played["table"], position=1).player
    with pytest.raises(ServiceError) as error:
        player_merge(keep=other, remove=played["duplicate"], user=None)
    assert error.value.code == "merge_conflict" and error.value.status == 409
    assert Player.objects.filter(pk=played["duplicate"].pk).exists()


def test_a_player_is_not_merged_with_itself(played):
    with pytest.raises(ServiceError) as error:
        player_merge(keep=played["keep"], remove=played["keep"], user=None)
    assert error.value.code == "same_player"


def test_the_api_merges_and_lists_the_merges(admin_api, played, api):
    keep, duplicate = played["keep"], played["duplicate"]
    assert api.post(f"/api/v1/players/{keep.pk}/merge/", {"remove": duplicate.pk}, format="json").status_code \
        in (401, 403)
    response = admin_api.post(f"/api/v1/players/{keep.pk}/merge/", {"remove": duplicate.pk}, format="json")
    assert response.status_code == 200 and response.json()["removed_id"] == duplicate.pk
    assert [m["removed_id"] for m in admin_api.get(f"/api/v1/players/{keep.pk}/merge/").json()] == [duplicate.pk]
    assert admin_api.post(f"/api/v1/players/{keep.pk}/merge/", {"remove": 10**9}, format="json").status_code == 400
    assert PlayerMerge.objects.count() == 1


def test_the_page_compares_then_merges_and_lists_the_merge(client, played):
    keep, duplicate = played["keep"], played["duplicate"]
    client.force_login(AdminFactory())
    page = client.post("/manage/players/merge/", {"keep": keep.pk, "remove": duplicate.pk, "action": "compare"},
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'value="merge"' in page and Player.objects.filter(pk=duplicate.pk).exists()
    response = client.post("/manage/players/merge/", {"keep": keep.pk, "remove": duplicate.pk, "action": "merge"},
                           follow=True, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert "Juergen Mueller is merged into Jürgen Müller" in page and "04990077" in page
    assert not Player.objects.filter(pk=duplicate.pk).exists()


def test_the_page_shows_why_a_merge_is_refused(client, played):
    other = Seat.objects.get(table=played["table"], position=1).player
    client.force_login(AdminFactory())
    response = client.post("/manage/players/merge/", {"keep": other.pk, "remove": played["duplicate"].pk,
                                                      "action": "merge"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409 and "they are two people" in response.content.decode()


def test_the_merge_page_is_for_administrators_only(client, played):
    assert client.get("/manage/players/merge/").status_code == 302
    client.force_login(UserFactory())
    assert client.post("/manage/players/merge/", {"keep": played["keep"].pk, "remove": played["duplicate"].pk,
                                                  "action": "merge"}).status_code == 403
    assert Player.objects.filter(pk=played["duplicate"].pk).exists()


def test_a_place_freed_by_merging_two_registrations_goes_to_the_waiting_list(
        played, django_capture_on_commit_callbacks):
    keep, duplicate, tournament = played["keep"], played["duplicate"], played["tournament"]
    tournament.registration_limit = 2
    tournament.save()
    Registration.objects.filter(tournament=tournament).exclude(player=duplicate).delete()
    Registration.objects.get_or_create(tournament=tournament, player=duplicate)
    Registration.objects.create(tournament=tournament, player=keep)
    waiting = Signup.objects.create(tournament=tournament, first_name="Anna", last_name="Wartend",
                                    email="anna@example.org", status="waiting", token="t-anna",
                                    confirmed_at=timezone.now(), as_new_player=True)
    with django_capture_on_commit_callbacks(execute=True):
        player_merge(keep=keep, remove=duplicate, user=None)
    assert Registration.objects.filter(tournament=tournament).count() == 2
    waiting.refresh_from_db()
    assert waiting.status == "approved"
