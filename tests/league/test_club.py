"""Club evenings (docs/api.md "Players at the table"): a club event is created with ``kind`` "club", its
evenings are opened one by one and its tables formed from whoever came, East first, by an
administrator, a referee or a player who sits at the table."""
import pytest
from django.core import mail

from league.models import Registration, Seat, Session, Tournament
from league.selectors.tables import players_enter
from league.services.hands import table_close
from tests.factories import CLASSICAL_WIN, PlayerFactory, UserFactory, client_for, referee_for

pytestmark = pytest.mark.django_db


def create_event(admin_api, **fields) -> Tournament:
    response = admin_api.post("/api/v1/tournaments/", {
        "slug": "thursdays", "name": "Thursday evenings", "ruleset": "dmjl-classical", "starts_on": "2026-01-01",
        "ends_on": "2026-12-31", "published": True, "kind": "club", "session_count": 9, **fields}, format="json")
    assert response.status_code == 201, response.content
    return Tournament.objects.get(pk=response.json()["id"])


@pytest.fixture
def event(admin_api):
    return create_event(admin_api)


@pytest.fixture
def members(event):
    players = PlayerFactory.create_batch(8)
    for player in players:
        Registration.objects.create(tournament=event, player=player)
    return players


def open_evening(client, event):
    return client.post(f"/api/v1/tournaments/{event.pk}/sessions/", format="json")


def form(client, event, number, players):
    return client.post(f"/api/v1/tournaments/{event.pk}/sessions/{number}/tables/",
                       {"seats": [p.pk for p in players]}, format="json")


def linked_user(player):
    user = UserFactory(email=f"{player.first_name.lower()}@example.org")
    player.user = user
    player.save(update_fields=["user"])
    return user


def test_a_club_event_is_created_open_ended_with_the_players_entering(admin_api, event):
    assert event.kind == "club" and event.session_count == 1 and event.status == "draft"
    assert players_enter(event)
    assert admin_api.get(f"/api/v1/tournaments/{event.pk}/").json()["kind"] == "club"


def test_the_kind_cannot_change_after_creation(admin_api, event):
    response = admin_api.patch(f"/api/v1/tournaments/{event.pk}/", {"kind": "tournament"}, format="json")
    assert response.status_code == 400 and "kind" in response.json()["error"]["fields"]
    event.refresh_from_db()
    assert event.kind == "club"


def test_an_external_tournament_cannot_be_created_through_the_api(admin_api):
    response = admin_api.post("/api/v1/tournaments/", {
        "slug": "elsewhere", "name": "Elsewhere", "ruleset": "dmjl-classical", "starts_on": "2026-01-01",
        "ends_on": "2026-01-02", "kind": "external"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "unknown_kind"
    assert not Tournament.objects.filter(slug="elsewhere").exists()


def test_evenings_open_one_after_another_and_count_as_sessions(admin_api, event, members):
    assert open_evening(admin_api, event).json() == {"number": 1, "tables": []}
    assert open_evening(admin_api, event).json()["error"]["code"] == "evening_empty"
    assert form(admin_api, event, 1, members[:4]).status_code == 201
    response = open_evening(admin_api, event)
    assert response.status_code == 201 and response.json()["number"] == 2
    event.refresh_from_db()
    assert event.session_count == 2
    evenings = admin_api.get(f"/api/v1/tournaments/{event.pk}/sessions/").json()
    assert [e["number"] for e in evenings] == [1, 2]
    assert evenings[0]["tables"][0]["seats"] == [p.pk for p in members[:4]]


def test_a_table_is_formed_east_first_and_its_players_are_told_by_e_mail(admin_api, event, members,
                                                                        django_capture_on_commit_callbacks):
    for player in members[:4]:
        linked_user(player)
    open_evening(admin_api, event)
    with django_capture_on_commit_callbacks(execute=True):
        response = form(admin_api, event, 1, [members[2], members[0], members[3], members[1]])
    assert response.status_code == 201, response.content
    table = response.json()
    assert table["number"] == 1 and table["seats"] == [members[2].pk, members[0].pk, members[3].pk, members[1].pk]
    seats = Seat.objects.filter(table_id=table["id"]).order_by("position")
    assert [s.player_id for s in seats] == table["seats"]
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.user.email for p in members[:4])
    message = mail.outbox[0]  # in the site's language (German) for a player without a sign-up
    assert "Runde 1" in message.subject and "/referee/table/" in message.body
    assert f"Ost: {members[2]}\nSüd: {members[0]}\nWest: {members[3]}\nNord: {members[1]}" in message.body


def test_a_player_who_sits_at_an_open_table_cannot_be_seated_again(admin_api, event, members):
    open_evening(admin_api, event)
    form(admin_api, event, 1, members[:4])
    response = form(admin_api, event, 1, [members[3], *members[4:7]])
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "player_seated" and response.json()["error"]["players"] == [
        members[3].pk]
    assert Seat.objects.filter(session__tournament=event).count() == 4


def test_after_the_table_closes_its_players_play_again_in_the_next_evening(admin_api, event, members):
    open_evening(admin_api, event)
    table_id = form(admin_api, event, 1, members[:4]).json()["id"]
    assert admin_api.post(f"/api/v1/tables/{table_id}/hands/", CLASSICAL_WIN, format="json").status_code == 201
    assert admin_api.post(f"/api/v1/tables/{table_id}/close/", format="json").status_code == 200
    again = form(admin_api, event, 1, [members[0], *members[4:7]])
    assert again.json()["error"]["code"] == "played_this_session"
    open_evening(admin_api, event)
    assert form(admin_api, event, 2, [members[0], *members[4:7]]).status_code == 201


def test_seats_must_be_four_different_registered_players(admin_api, event, members):
    open_evening(admin_api, event)
    assert form(admin_api, event, 1, [members[0]] * 4).json()["error"]["code"] == "bad_seats"
    stranger = PlayerFactory()
    response = form(admin_api, event, 1, [*members[:3], stranger])
    assert response.status_code == 400 and response.json()["error"]["code"] == "not_registered"
    assert response.json()["error"]["players"] == [stranger.pk]
    too_few = admin_api.post(f"/api/v1/tournaments/{event.pk}/sessions/1/tables/", {"seats": [1, 2]},
                             format="json")
    assert too_few.status_code == 400
    assert not Seat.objects.filter(session__tournament=event).exists()


def test_a_table_of_an_evening_not_opened_is_404(admin_api, event, members):
    assert form(admin_api, event, 1, members[:4]).status_code == 404
    assert admin_api.get(f"/api/v1/tournaments/{event.pk}/sessions/3/tables/").status_code == 404


def test_a_player_forms_the_table_they_sit_at_but_not_one_of_others(admin_api, event, members):
    open_evening(admin_api, event)
    player_api = client_for(linked_user(members[0]))
    assert form(player_api, event, 1, members[1:5]).status_code == 403
    assert form(player_api, event, 1, members[:4]).status_code == 201
    assert open_evening(player_api, event).status_code == 201


def test_a_player_without_players_entry_cannot_form_a_table(admin_api, event, members):
    open_evening(admin_api, event)
    stranger_api = client_for(UserFactory())
    assert form(stranger_api, event, 1, members[:4]).status_code == 403
    assert open_evening(stranger_api, event).status_code == 403
    assert form(client_for(None), event, 1, members[:4]).status_code in (401, 403)
    assert not Seat.objects.filter(session__tournament=event).exists()


def test_a_referee_of_the_event_forms_tables(admin_api, event, members):
    open_evening(admin_api, event)
    assert form(client_for(referee_for(event)), event, 1, members[:4]).status_code == 201


def test_a_tournament_has_its_sessions_drawn_not_opened(admin_api, members):
    tournament = Tournament.objects.create(slug="cup", name="Cup", ruleset="dmjl-classical", starts_on="2026-05-01",
                                           ends_on="2026-05-01", published=True)
    response = open_evening(admin_api, tournament)
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_a_club_event"
    assert not Session.objects.filter(tournament=tournament).exists()


def test_a_club_event_keeps_running_when_every_table_is_closed(admin_api, event, members):
    open_evening(admin_api, event)
    table_id = form(admin_api, event, 1, members[:4]).json()["id"]
    admin_api.post(f"/api/v1/tables/{table_id}/hands/", CLASSICAL_WIN, format="json")
    event.refresh_from_db()
    assert event.status == "running"
    table_close(table=event.sessions.get().tables.get(), user=None)
    event.refresh_from_db()
    assert event.status == "running"


def test_a_finished_club_event_opens_no_evening(admin_api, event, members):
    admin_api.patch(f"/api/v1/tournaments/{event.pk}/", {"status": "finished"}, format="json")
    response = open_evening(admin_api, event)
    assert response.status_code == 409 and response.json()["error"]["code"] == "tournament_finished"


def test_a_season_ranks_a_running_club_event_beside_a_finished_tournament(admin_api, members):
    from league.selectors.pages import season_tournaments
    from league.selectors.standings import season_ranking_for
    from league.services.rankings import rankings_recompute
    from league.services.standings import standings_recompute
    from tests.factories import SeasonFactory, table_with_players

    season = SeasonFactory()
    event = create_event(admin_api, season=season.pk, slug="club-in-season")
    for player in members[:4]:
        Registration.objects.create(tournament=event, player=player)
    cup = table_with_players(players=members[4:8], season=season, status="running", session_count=1)
    admin_api.post(f"/api/v1/tables/{cup.pk}/hands/", CLASSICAL_WIN, format="json")
    admin_api.post(f"/api/v1/tables/{cup.pk}/close/", format="json")
    cup_event = cup.session.tournament
    cup_event.refresh_from_db()
    assert cup_event.status == "finished"
    open_evening(admin_api, event)
    table_id = form(admin_api, event, 1, members[:4]).json()["id"]
    admin_api.post(f"/api/v1/tables/{table_id}/hands/", CLASSICAL_WIN, format="json")
    admin_api.post(f"/api/v1/tables/{table_id}/close/", format="json")
    event.refresh_from_db()
    assert event.status == "running"
    standings_recompute(tournament=event)
    rankings_recompute(season=season)
    unconfirmed = {row.player_id for row in season_ranking_for(season=season)}
    assert unconfirmed == {p.pk for p in members[4:8]}  # the club's table is provisional until confirmed
    assert admin_api.post(f"/api/v1/tables/{table_id}/confirmations/", {}, format="json").status_code == 200
    standings_recompute(tournament=event)
    rankings_recompute(season=season)
    rows = {row.player_id: row for row in season_ranking_for(season=season)}
    assert set(rows) == {p.pk for p in members}
    assert all(rows[p.pk].games == 1 and rows[p.pk].tournaments == 1 for p in members)
    assert {row.tournament.pk: row.counts for row in season_tournaments(season)} == {event.pk: True,
                                                                                  cup_event.pk: True}


def page_client(user):
    from django.test import Client

    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_player_opens_an_evening_and_forms_their_table_on_the_pages(event, members):
    user = linked_user(members[0])
    client = page_client(user)
    page = client.get(f"/t/{event.slug}/").content.decode()
    assert f'action="/t/{event.slug}/evenings/"' in page
    response = client.post(f"/t/{event.slug}/evenings/")
    assert response.status_code == 302 and response["Location"] == f"/t/{event.slug}/evenings/1/table/"
    form_page = client.get(response["Location"]).content.decode()
    assert f'<option value="{members[0].pk}" selected>' in form_page  # their own player sits East
    seats = dict(zip(["E", "S", "W", "N"], [p.pk for p in members[:4]], strict=True))
    response = client.post(f"/t/{event.slug}/evenings/1/table/", seats)
    table = event.sessions.get(number=1).tables.get()
    assert response.status_code == 302 and response["Location"] == f"/referee/table/{table.pk}/"  # on to its sheet
    assert client.get(response["Location"]).status_code == 200
    assert list(table.seats.order_by("position").values_list("player_id", flat=True)) == [p.pk for p in members[:4]]
    assert f"/t/{event.slug}/evenings/1/table/" in client.get(f"/t/{event.slug}/").content.decode()


def test_the_table_form_says_what_is_wrong_and_forms_nothing(event, members):
    client = page_client(linked_user(members[0]))
    client.post(f"/t/{event.slug}/evenings/")
    same = {"E": members[0].pk, "S": members[1].pk, "W": members[1].pk, "N": members[2].pk}
    page = client.post(f"/t/{event.slug}/evenings/1/table/", same).content.decode()
    assert 'id="error-summary"' in page and "vier verschiedene" in page
    others = {"E": members[1].pk, "S": members[2].pk, "W": members[3].pk, "N": members[4].pk}
    page = client.post(f"/t/{event.slug}/evenings/1/table/", others)
    assert page.status_code == 200 and 'id="error-summary"' in page.content.decode()
    assert not Seat.objects.filter(session__tournament=event).exists()


def test_the_club_pages_are_closed_to_visitors_and_strangers(event, members):
    anonymous = page_client(None)
    assert "/evenings/" not in anonymous.get(f"/t/{event.slug}/").content.decode()
    assert anonymous.post(f"/t/{event.slug}/evenings/").status_code == 302  # to the login
    stranger = page_client(UserFactory())
    assert stranger.post(f"/t/{event.slug}/evenings/").status_code == 403
    assert not Session.objects.filter(tournament=event).exists()


def test_a_tournament_has_no_club_pages(admin_api, members):
    from tests.factories import AdminFactory, TournamentFactory

    tournament = TournamentFactory()
    admin = page_client(AdminFactory())
    assert admin.post(f"/t/{tournament.slug}/evenings/").status_code == 404
    assert admin.get(f"/t/{tournament.slug}/evenings/1/table/").status_code == 404


def test_an_administrator_creates_a_club_event_with_the_management_wizard():
    from tests.factories import AdminFactory

    admin = page_client(AdminFactory())
    response = admin.post("/manage/t/new/", {"name": "Dienstagsrunde", "kind": "club", "starts_on": "2026-01-01",
                                             "ends_on": "2026-12-31", "rules": "ruleset:dmjl-classical"})
    assert response.status_code == 302, response.content.decode()
    event = Tournament.objects.get(name="Dienstagsrunde")
    assert event.kind == "club" and players_enter(event)
    setup = admin.get(response["Location"]).content.decode()
    assert 'name="session_count"' not in setup


def test_numbers_out_of_any_range_are_refused_not_failed(admin_api, event, members):
    open_evening(admin_api, event)
    huge = 2**63
    assert admin_api.get(f"/api/v1/tournaments/{event.pk}/sessions/{huge}/tables/").status_code == 404
    assert admin_api.post(f"/api/v1/tournaments/{event.pk}/sessions/{huge}/tables/",
                          {"seats": [p.pk for p in members[:4]]}, format="json").status_code == 404
    response = admin_api.post(f"/api/v1/tournaments/{event.pk}/sessions/1/tables/",
                              {"seats": [2**31 - 1, 2**31 - 2, 2**31 - 3, 2**31 - 4]}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "not_registered"
    assert admin_api.post(f"/api/v1/tournaments/{event.pk}/sessions/1/tables/", {"seats": "EAST"},
                          format="json").status_code == 400


def test_a_club_event_has_no_draw(admin_api, event, members):
    open_evening(admin_api, event)
    form(admin_api, event, 1, members[:4])
    response = admin_api.post(f"/api/v1/tournaments/{event.pk}/sessions/1/seating/", {"method": "random"},
                              format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "club_event"
    assert list(Seat.objects.filter(session__tournament=event).order_by("position")
                .values_list("player_id", flat=True)) == [p.pk for p in members[:4]]


def test_the_control_room_and_the_projector_show_a_club_event(admin_api, event, members):
    from tests.factories import AdminFactory

    open_evening(admin_api, event)
    form(admin_api, event, 1, members[:4])
    admin = page_client(AdminFactory())
    assert admin.get(f"/t/{event.slug}/control/").status_code == 200
    assert admin.get(f"/t/{event.slug}/screen/").status_code == 200
    page = page_client(None).get(f"/t/{event.slug}/session/1/")
    assert page.status_code == 200 and str(members[0]) in page.content.decode()


def test_a_mail_server_that_is_down_leaves_the_table_formed(admin_api, event, members, monkeypatch,
                                                              django_capture_on_commit_callbacks):
    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("django.core.mail.send_mail", refuse)  # league.mail sends through it
    linked_user(members[0])
    open_evening(admin_api, event)
    with django_capture_on_commit_callbacks(execute=True):
        response = form(admin_api, event, 1, members[:4])
    assert response.status_code == 201 and Seat.objects.filter(session__tournament=event).count() == 4


def test_the_event_page_offers_the_next_evening_only_once_the_latest_has_a_table(admin_api, event, members):
    client = page_client(linked_user(members[0]))
    client.post(f"/t/{event.slug}/evenings/")
    page = client.get(f"/t/{event.slug}/").content.decode()
    assert f'action="/t/{event.slug}/evenings/"' not in page and f"/t/{event.slug}/evenings/1/table/" in page
    assert "Noch kein Tisch gebildet." in page
    form(admin_api, event, 1, members[:4])
    assert f'action="/t/{event.slug}/evenings/"' in client.get(f"/t/{event.slug}/").content.decode()


@pytest.mark.parametrize("options", [["entry"], "players", 7])
def test_a_club_event_with_options_that_are_no_object_is_refused(admin_api, options):
    response = admin_api.post("/api/v1/tournaments/", {
        "slug": "odd", "name": "Odd", "ruleset": "dmjl-classical", "starts_on": "2026-01-01",
        "ends_on": "2026-12-31", "kind": "club", "options": options}, format="json")
    assert response.status_code == 400
    assert not Tournament.objects.filter(slug="odd").exists()


def test_a_club_event_keeps_counting_its_evenings_itself(admin_api, event, members):
    open_evening(admin_api, event)
    response = admin_api.patch(f"/api/v1/tournaments/{event.pk}/", {"session_count": 12, "name": "Dienstage"},
                               format="json")
    assert response.status_code == 200 and response.json()["session_count"] == 1
    event.refresh_from_db()
    assert event.session_count == 1 and event.name == "Dienstage"


def test_a_player_without_an_account_is_told_at_their_sign_up_address_in_its_language(
        admin_api, event, members, django_capture_on_commit_callbacks):
    from league.models import Signup

    Signup.objects.create(tournament=event, first_name="X", last_name="Y", email="guest@example.org", language="en",
                          token="club-guest", player=members[1], status=Signup.Status.APPROVED)
    open_evening(admin_api, event)
    with django_capture_on_commit_callbacks(execute=True):
        form(admin_api, event, 1, members[:4])
    assert [(m.to, m.subject) for m in mail.outbox] == [
        (["guest@example.org"], "Your table in session 1 of Thursday evenings")]
    assert f"South: {members[1]}" in mail.outbox[0].body
