"""Issue 39, finding 2: ``me/export`` gave away hidden standings: the player's rank and score and the
hidden session's game results, while the public standings and the player's own Me page showed the
figures from before the hidden session. Everything a player reads follows the tournament's
visibility: until the reveal the export holds what the public reads, and after it everything."""
from decimal import Decimal

import pytest

from league.models import GameResult, Standing
from league.services.day import tournament_reveal
from tests.factories import UserFactory, client_for, hidden_second_session

pytestmark = pytest.mark.django_db


def exported(player) -> dict:
    if player.user_id is None:
        player.user = UserFactory()
        player.save(update_fields=["user"])
    response = client_for(player.user).get("/api/v1/me/export/")
    assert response.status_code == 200
    return response.json()["related"]


def public_standing(tournament, player) -> dict:
    rows = client_for(None).get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    return next(row for row in rows if row["player"] == player.pk)


def test_my_export_before_the_reveal_holds_the_figures_the_public_reads():
    tournament, players = hidden_second_session(slug="export-hidden")
    winner = players[1]  # won a hand in each session
    stored = Standing.objects.get(tournament=tournament, player=winner)
    public = public_standing(tournament, winner)
    assert public["games"] == 1 and stored.games == 2  # the hidden session is stored, not shown

    related = exported(winner)

    assert [row["session_number"] for row in related["gameresult"]] == [1]
    assert "playertotal" not in related
    [standing] = related["standing"]
    assert (standing["rank"], standing["games"]) == (public["rank"], public["games"])
    assert Decimal(str(standing["score"])) == Decimal(str(public["score"])) != stored.score


def test_after_the_reveal_my_export_holds_everything():
    tournament, players = hidden_second_session(slug="export-revealed")
    tournament_reveal(tournament=tournament)

    related = exported(players[1])

    assert sorted(row["session_number"] for row in related["gameresult"]) == [1, 2]
    assert [row["games"] for row in related["standing"]] == [2]
    assert len(related["gameresult"]) == GameResult.objects.filter(player=players[1]).count()
