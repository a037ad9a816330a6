"""Admin actions on tournaments: drawing the next session's seating."""

import pytest
from django.urls import reverse

from league.models import Hand, Seat, Table
from league.services.seating import seating_generate
from tests.factories import PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = TournamentFactory(session_count=3)
    for player in PlayerFactory.create_batch(8):
        tournament.registrations.create(player=player)
    return tournament


def act(client, admin_user, action: str, *tournaments):
    client.force_login(admin_user)
    response = client.post(reverse("admin:league_tournament_changelist"),
                           {"action": action, "_selected_action": [t.pk for t in tournaments]}, follow=True)
    assert response.status_code == 200
    return [(message.level_tag, str(message)) for message in response.context["messages"]]


def drawn(tournament) -> list[int]:
    return sorted(set(Table.objects.filter(session__tournament=tournament).values_list("session__number", flat=True)))


@pytest.mark.parametrize("method", ["balanced", "swiss", "random"])
def test_the_action_draws_the_lowest_session_without_tables(client, admin_user, tournament, method):
    seating_generate(tournament=tournament, number=1, method="balanced")
    messages = act(client, admin_user, f"draw_{method}_seating", tournament)
    assert drawn(tournament) == [1, 2]
    assert Seat.objects.filter(session__tournament=tournament, session__number=2).count() == 8
    assert messages[0][0] == "success" and "2" in messages[0][1]


def test_a_tournament_with_every_session_drawn_gets_a_warning(client, admin_user, tournament):
    for number in (1, 2, 3):
        seating_generate(tournament=tournament, number=number, method="balanced")
    tables = list(Table.objects.filter(session__tournament=tournament).values_list("pk", flat=True))
    messages = act(client, admin_user, "draw_balanced_seating", tournament)
    assert messages[0][0] == "warning"
    assert list(Table.objects.filter(session__tournament=tournament).values_list("pk", flat=True)) == tables


def test_a_refused_draw_is_reported_as_an_error_and_the_others_still_drawn(client, admin_user, tournament):
    lonely = TournamentFactory(name="Lonely")
    lonely.registrations.create(player=PlayerFactory())  # one player: no table can be formed
    messages = act(client, admin_user, "draw_balanced_seating", tournament, lonely)
    levels = sorted(level for level, _text in messages)
    assert levels == ["error", "success"]
    assert any("Lonely" in text for level, text in messages if level == "error")
    assert drawn(tournament) == [1] and drawn(lonely) == []


def test_the_workbook_action_is_still_there(client, admin_user, tournament):
    client.force_login(admin_user)
    page = client.get(reverse("admin:league_tournament_changelist")).content.decode()
    for action in ["build_results_workbook", "draw_balanced_seating", "draw_swiss_seating", "draw_random_seating"]:
        assert f'value="{action}"' in page
    assert not Hand.objects.exists()


def test_a_penalty_entered_in_the_admin_updates_the_standings(client, admin_user, django_capture_on_commit_callbacks):
    from league.models import Standing, TournamentPenalty
    from league.services.hands import hand_record
    from tests.factories import table_with_players

    table = table_with_players()
    hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]},
                user=admin_user)
    tournament = table.session.tournament
    player = table.seats.get(position=1).player
    client.force_login(admin_user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("admin:league_tournamentpenalty_add"),
                               {"tournament": tournament.pk, "player": player.pk, "points": 300,
                                "reason": "Late", "disqualified": ""})
    assert response.status_code == 302
    assert TournamentPenalty.objects.get().created_by == admin_user
    standing = Standing.objects.get(tournament=tournament, player=player)
    assert standing.penalty_points == 300 and standing.score == 2304 - 300
