"""Seat draws through the API: a session's tables created from the registrations, with a report."""
import pytest

from league.models import Registration, Seat, Table
from league.services.hands import hand_record
from tests.factories import PlayerFactory, TournamentFactory, register_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=5)
    register_players(tournament, 16)
    return tournament


def draw(admin_api, tournament, number, method="balanced", **extra):
    return admin_api.post(f"/api/v1/tournaments/{tournament.pk}/sessions/{number}/seating/",
                          {"method": method, **extra}, format="json")


def test_a_balanced_draw_seats_sixteen_players_over_five_sessions_without_a_repeat(admin_api, tournament):
    for number in range(1, 6):
        response = draw(admin_api, tournament, number)
        assert response.status_code == 201, response.content
        assert len(response.json()["tables"]) == 4
    report = admin_api.get(f"/api/v1/tournaments/{tournament.pk}/sessions/5/seating/").json()["report"]
    assert report["repeated_pairs"] == 0 and report["max_meetings"] == 1 and report["wind_spread"] <= 1
    assert Seat.objects.filter(session__tournament=tournament).count() == 16 * 5


def test_substitutes_fill_the_last_table_only_as_needed(admin_api):
    tournament = TournamentFactory()
    register_players(tournament, 6)
    substitutes = register_players(tournament, 3, substitute=True)
    assert draw(admin_api, tournament, 1, "random", seed=3).status_code == 201
    seated = set(Seat.objects.filter(session__tournament=tournament).values_list("player_id", flat=True))
    assert len(seated) == 8 and seated >= {s.pk for s in substitutes[:2]} and substitutes[2].pk not in seated


def test_a_random_draw_with_the_same_seed_is_the_same(admin_api, tournament):
    first = draw(admin_api, tournament, 1, "random", seed=11).json()["tables"]
    again = draw(admin_api, tournament, 1, "random", seed=11).json()["tables"]
    assert [t["seats"] for t in first] == [t["seats"] for t in again]


def test_a_swiss_draw_puts_the_leaders_together(admin_api, tournament):
    from league.models import Standing

    draw(admin_api, tournament, 1, "balanced")
    leaders = list(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    for rank, player_id in enumerate(leaders, start=1):
        Standing.objects.create(tournament=tournament, player_id=player_id, rank=rank, table_points=0, score=0,
                                games=1)
    tables = draw(admin_api, tournament, 2, "swiss").json()["tables"]
    met = {frozenset(t["seats"]) for t in admin_api.get(
        f"/api/v1/tournaments/{tournament.pk}/sessions/1/seating/").json()["tables"]}
    assert leaders[0] in tables[0]["seats"]
    assert all(frozenset(t["seats"]) not in met for t in tables)


def test_a_session_with_hands_cannot_be_redrawn(admin_api, admin_user, tournament):
    draw(admin_api, tournament, 1)
    table = Table.objects.filter(session__tournament=tournament).first()
    hand_record(table=table, record={"outcome": "draw"}, user=admin_user)
    response = draw(admin_api, tournament, 1)
    assert response.status_code == 409 and response.json()["error"]["code"] == "session_started"


def test_an_unknown_method_or_session_is_a_clear_error(admin_api, tournament):
    assert draw(admin_api, tournament, 1, "alphabetical").status_code == 400
    missing = draw(admin_api, tournament, 9)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "bad_session"


def test_too_few_players_is_a_clear_error(admin_api):
    tournament = TournamentFactory()
    Registration.objects.create(tournament=tournament, player=PlayerFactory())
    response = draw(admin_api, tournament, 1)
    assert response.status_code == 400 and response.json()["error"]["code"] == "too_few_players"


def test_a_late_registration_does_not_bring_back_meetings_of_the_sessions_already_drawn(admin_api, tournament):
    draw(admin_api, tournament, 1)
    draw(admin_api, tournament, 2)
    register_players(tournament, 4)
    assert draw(admin_api, tournament, 3).status_code == 201
    report = admin_api.get(f"/api/v1/tournaments/{tournament.pk}/sessions/3/seating/").json()["report"]
    assert report["repeated_pairs"] == 0


def test_after_a_late_registration_every_seed_draws_the_next_session_without_a_repeat(admin_api, tournament):
    """The draw after a late registration plans only the session it draws (the later ones are drawn
    against the real sessions when their turn comes), so no seed trades a repeat now for a plan."""
    from league.services.seating import seating_preview

    draw(admin_api, tournament, 1, seed=1)
    draw(admin_api, tournament, 2, seed=1)
    register_players(tournament, 4)
    repeats = [seating_preview(tournament=tournament, number=3, method="balanced", seed=seed)["report"]
               ["repeated_pairs"] for seed in range(25)]
    assert repeats == [0] * 25


def test_a_seating_error_is_explained_in_the_users_language(admin_api):
    tournament = TournamentFactory()
    Registration.objects.create(tournament=tournament, player=PlayerFactory())
    response = admin_api.post(f"/api/v1/tournaments/{tournament.pk}/sessions/1/seating/", {"method": "balanced"},
                              format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert response.json()["error"]["message"] == "Es gibt zu wenige Spieler für einen Tisch zu viert."
