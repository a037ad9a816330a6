"""Drop-outs and substitutes (issue 14): how a substitute's game counts (counted, left out, or a
result fixed by rule as in EMA riichi), that a fixed result never becomes a ranking result, that a
withdrawn player keeps his games and is found only where he sits, and the seats with winds on the
pages that list the tables (sessions, standings, the referee's home)."""
import datetime
from decimal import Decimal

import pytest
from django.test import Client
from rest_framework.test import APIClient

from league import tournament_options
from league.models import GameResult, Registration, Season, Standing, Tournament, Withdrawal
from league.selectors import mers
from league.selectors.day import find_seats
from league.services.hands import hand_record, table_close
from league.services.rankings import season_ranking_compute
from league.services.standings import standings_recompute
from scoring.errors import ScoringError
from tests.factories import (
    PlayerFactory,
    SeasonFactory,
    SessionFactory,
    TournamentFactory,
    referee_for,
    table_with_players,
)
from tests.hand_records import RIICHI_WIN

pytestmark = pytest.mark.django_db
# seat 1 wins by self-draw; seat 2 (the substitute below) pays like the others


def riichi_table(options=None, **tournament_fields):
    """A riichi table whose seat 2 is a substitute, one hand played and closed."""
    tournament = TournamentFactory(ruleset="riichi-ema", options=options or {}, slug="herbst", **tournament_fields)
    players = [PlayerFactory(first_name=first, last_name=last)
               for first, last in [("Jan", "Dorn"), ("Tom", "Becker"), ("Sam", "Ersatz"), ("Eva", "Adler")]]
    Registration.objects.create(tournament=tournament, player=players[2], substitute=True)
    table = table_with_players(session=SessionFactory(tournament=tournament), players=players)
    hand_record(table=table, record=RIICHI_WIN, user=None)
    table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    return tournament, table, players


def results(tournament) -> dict[str, tuple]:
    return {r.player.last_name: (r.total, r.score, r.place, r.table_points)
            for r in GameResult.objects.filter(tournament=tournament).select_related("player")}


def test_a_fixed_result_replaces_the_substitutes_and_leaves_the_other_three_as_played():
    tournament, _table, _players = riichi_table()
    played = results(tournament)
    tournament.options = {"substitute_scoring": "fixed"}
    tournament.save()
    standings_recompute(tournament=tournament)
    fixed = results(tournament)
    assert {name: row for name, row in fixed.items() if name != "Ersatz"} == {
        name: row for name, row in played.items() if name != "Ersatz"}
    # the balance stays as played; score −15,000 and −15 uma, last place, no table points
    assert fixed["Ersatz"] == (played["Ersatz"][0], Decimal(-30000), 4, Decimal(0))
    standing = Standing.objects.get(tournament=tournament, player__last_name="Ersatz")
    assert (standing.score, standing.games) == (Decimal(-30000), 1)


def test_the_fixed_figures_are_tournament_options():
    tournament, _table, _players = riichi_table({"substitute_scoring": "fixed", "substitute_score": -10000,
                                                 "substitute_uma": -5000, "substitute_table_points": 1})
    assert results(tournament)["Ersatz"][1:] == (Decimal(-15000), 4, Decimal(1))


def test_a_fixed_result_is_for_riichi_and_japanese_rules_only():
    assert tournament_options.validate_all("riichi-ema", {"substitute_scoring": "fixed"})[1]["substitute_uma"] == -15000
    assert tournament_options.validate_all("japanese-classic", {"substitute_scoring": "fixed"})
    with pytest.raises(ScoringError):
        tournament_options.validate_all("dmjl-classical", {"substitute_scoring": "fixed"})
    with pytest.raises(ScoringError):
        tournament_options.validate_all("riichi-ema", {"substitute_score": "−15000"})


def test_the_api_refuses_a_fixed_result_for_a_chinese_tournament(admin_api):
    tournament = TournamentFactory(ruleset="dmjl-classical")
    response = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/",
                               {"options": {"substitute_scoring": "fixed"}}, format="json")
    assert response.status_code == 400 and "error" in response.json()
    tournament.refresh_from_db()
    assert tournament.options == {}


def test_a_fixed_result_substitute_counts_in_n_but_gets_no_ranking_result():
    season = SeasonFactory(name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31),
                           ranking_method=Season.RankingMethod.MERS)
    tournament, _table, players = riichi_table({"substitute_scoring": "fixed"}, season=season,
                                               status=Tournament.Status.FINISHED)
    found = mers.season_results(tournaments=[tournament], ranking_day=datetime.date(2026, 12, 31))
    assert players[2].pk not in found
    ranks = sorted(result[0].base_rank for result in found.values())
    # N = 4 with the substitute: the three others take three of 1000, 667, 333, 0 (the substitute is last)
    assert len(ranks) == 3 and set(ranks) <= {1000, 667, 333} and ranks[-1] == 1000
    season.ranking_method = Season.RankingMethod.TABLE_POINTS_SUM
    assert players[2].pk not in {row.player_id for row in season_ranking_compute(season=season,
                                                                                tournaments=[tournament])}


def test_a_counted_substitute_keeps_his_ranking_result():
    season = SeasonFactory(name="2027", starts_on=datetime.date(2027, 1, 1), ends_on=datetime.date(2027, 12, 31),
                           ranking_method=Season.RankingMethod.MERS)
    tournament, _table, players = riichi_table(season=season, status=Tournament.Status.FINISHED)
    found = mers.season_results(tournaments=[tournament], ranking_day=datetime.date(2027, 12, 31))
    assert players[2].pk in found


def test_a_withdrawn_player_keeps_his_games_and_is_found_only_where_he_sits():
    tournament, table, players = riichi_table()
    Withdrawal.objects.create(tournament=tournament, player=players[0], from_session=2)
    standings_recompute(tournament=tournament)
    standing = Standing.objects.get(tournament=tournament, player=players[0])
    assert standing.games == 1 and standing.rank is not None
    assert [(row["session"], row["table"]) for row in find_seats(tournament=tournament, query="Dorn")] == [
        (1, table.number)]
    public = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert next(row for row in public if row["player"] == players[0].pk)["games"] == 1


def page(path: str, language: str = "en") -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(path)
    assert response.status_code == 200
    return response.content.decode()


def test_the_session_and_standings_pages_say_the_substitutes_result_is_fixed():
    tournament, _table, _players = riichi_table({"substitute_scoring": "fixed"})
    session = page(f"/t/{tournament.slug}/session/1/")
    assert "Sam Ersatz</a> <small class=\"sub\">(substitute, fixed result)</small>" in session
    assert "A substitute&#x27;s game counts with a fixed result (score -30,000, table points 0)" in session
    assert "A substitute&#x27;s game counts with a fixed result" in page(f"/t/{tournament.slug}/standings/")
    german = page(f"/t/{tournament.slug}/session/1/", "de")
    assert "(Ersatzspieler, festes Ergebnis)" in german


def test_the_standings_page_says_nothing_when_substitutes_count_like_anyone():
    tournament, _table, _players = riichi_table()
    assert "substitute-rule" not in page(f"/t/{tournament.slug}/standings/")


def test_the_referees_home_shows_each_seat_with_its_wind_and_the_dealer():
    tournament = TournamentFactory(slug="winter")
    players = [PlayerFactory(first_name=first, last_name=last)
               for first, last in [("Jan", "Dorn"), ("Tom", "Becker"), ("Ana", "Berg"), ("Eva", "Adler")]]
    table_with_players(session=SessionFactory(tournament=tournament), players=players)
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(referee_for(tournament))
    home = client.get("/referee/").content.decode()
    assert '<li class="dealer"><span class="wind">Ost</span> – Jan Dorn <span class="badge">Geber</span></li>' in home
    assert '<span class="wind">Süd</span> – Tom Becker</li>' in home
    assert '<span class="wind">Nord</span> – Eva Adler</li>' in home
