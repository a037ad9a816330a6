"""Public pages: what a visitor sees, in German and English, and how many queries it costs."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from league.models import GameResult, RankingSnapshot, SeasonRanking, Session, Standing
from league.services.rankings import tournament_finish
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory, page_text, table_with_players

pytestmark = pytest.mark.django_db


def standings_for(tournament, players):
    for rank, player in enumerate(players, start=1):
        Standing.objects.create(
            tournament=tournament,
            player=player,
            rank=rank,
            table_points=Decimal(8 - rank),
            score=Decimal(1000 - 100 * rank),
            games=2,
        )


def results_for(table, scores):
    session = table.session
    for seat in table.seats.select_related("player"):
        GameResult.objects.create(
            table=table,
            tournament=session.tournament,
            session_number=session.number,
            player=seat.player,
            seat=seat.position,
            total=scores[seat.position],
            score=Decimal(scores[seat.position]),
            place=seat.position + 1,
            table_points=Decimal([4, 2, 1, 0][seat.position]),
            hands=12,
        )


@pytest.fixture
def league_data():
    """A published running tournament with two sessions, results and standings, in a league season."""
    season = SeasonFactory(
        name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31)
    )
    tournament = TournamentFactory(name="Herbstturnier", slug="herbst", season=season)
    players = PlayerFactory.create_batch(4)
    first = table_with_players(
        session=Session.objects.create(tournament=tournament, number=1), players=players
    )
    second = table_with_players(
        session=Session.objects.create(tournament=tournament, number=2), players=players[::-1]
    )
    results_for(first, [300, 100, -100, -300])
    results_for(second, [200, 50, -50, -200])
    standings_for(tournament, players)
    for rank, player in enumerate(players, start=1):
        SeasonRanking.objects.create(
            season=season, player=player, rank=rank, value=Decimal(20 - rank), games=2, tournaments=1
        )
    return {"season": season, "tournament": tournament, "players": players}


def test_every_public_page_renders_for_a_published_tournament(client, league_data):
    tournament, season, player = league_data["tournament"], league_data["season"], league_data["players"][0]
    urls = [
        reverse("home"),
        reverse("tournament", args=[tournament.slug]),
        reverse("tournament-standings", args=[tournament.slug]),
        reverse("tournament-session", args=[tournament.slug, 1]),
        reverse("player", args=[player.pk]),
        reverse("season", args=[season.league.slug, season.name]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert str(player) in response.content.decode(), url


def test_the_home_page_shows_running_tournaments_and_the_season_top_ten(client, league_data):
    page = client.get("/").content.decode()
    assert "Herbstturnier" in page
    assert league_data["season"].get_absolute_url() in page


def test_the_tournament_page_updates_itself_in_place_only_while_it_runs(client, league_data):
    tournament = league_data["tournament"]
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "data-live-src" in page and 'http-equiv="refresh"' not in page
    tournament_finish(tournament=tournament)  # the service: it retires the cached pages
    assert "data-live-src" not in client.get(tournament.get_absolute_url()).content.decode()


def test_the_session_page_shows_each_tables_game_results(client, league_data):
    page = client.get(reverse("tournament-session", args=["herbst", 2])).content.decode()
    assert "-200" in page and "200" in page


def test_the_player_page_draws_the_score_across_sessions_as_inline_svg(client, league_data):
    page = client.get(reverse("player", args=[league_data["players"][0].pk])).content.decode()
    assert "<svg" in page and "<polyline" in page
    assert "Herbstturnier" in page


def test_an_unpublished_tournament_is_not_found_for_anonymous_visitors(client):
    tournament = TournamentFactory(published=False, slug="geheim")
    table_with_players(session=Session.objects.create(tournament=tournament, number=1))
    for url in ["/t/geheim/", "/t/geheim/standings/", "/t/geheim/session/1/"]:
        assert client.get(url).status_code == 404
    assert "geheim" not in client.get("/").content.decode()


def test_a_missing_session_or_player_or_season_is_not_found(client, league_data):
    assert client.get("/t/herbst/session/9/").status_code == 404
    assert client.get("/p/999999/").status_code == 404
    assert client.get("/l/nowhere/2026/").status_code == 404


def test_pages_speak_german_by_accept_language_and_english_by_cookie(client, league_data):
    url = reverse("tournament-standings", args=["herbst"])
    german = page_text(client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Tischpunkte" in german and "Rang" in german
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Table points" in english
    client.cookies["django_language"] = "en"
    assert "Table points" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()


def test_the_language_switcher_sets_the_language(client, league_data):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/t/herbst/"})
    assert response.status_code == 302
    assert "Standings" in client.get("/t/herbst/").content.decode()


def test_the_standings_page_needs_the_same_queries_for_few_and_many_players(
    client, django_assert_max_num_queries
):
    tournament = TournamentFactory(slug="big")
    standings_for(tournament, PlayerFactory.create_batch(4))
    with django_assert_max_num_queries(4) as few:
        client.get("/t/big/standings/")
    standings_for(TournamentFactory(slug="bigger"), PlayerFactory.create_batch(60))
    with django_assert_max_num_queries(len(few.captured_queries)):
        response = client.get("/t/bigger/standings/")
    assert response.content.decode().count("/p/") >= 60


def test_the_tournament_and_session_pages_do_not_query_per_table(client, django_assert_max_num_queries):
    tournament = TournamentFactory(slug="wide")
    session = Session.objects.create(tournament=tournament, number=1)
    for number in range(1, 4):
        table_with_players(session=session, number=number)
    with django_assert_max_num_queries(8) as few:
        client.get("/t/wide/")
    for number in range(4, 12):
        table_with_players(session=session, number=number)
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get("/t/wide/")
    with django_assert_max_num_queries(8):
        client.get("/t/wide/session/1/")


def snapshot_history(player, seasons: int, days: int) -> None:
    """``days`` ranking snapshots in each of ``seasons`` seasons; the first day of each unranked."""
    for number in range(seasons):
        season = SeasonFactory(starts_on=datetime.date(2020 + number, 1, 1),
                               ends_on=datetime.date(2020 + number, 12, 31))
        for day in range(days):
            RankingSnapshot.objects.create(season=season, player=player, rank=day or None, value=Decimal(day),
                                           taken_on=datetime.date(2020 + number, 3, 1 + day))


def ranking_chart(page: str, title: str = "Ranking over time") -> str:
    chart = page[page.index(f'aria-label="{title}"'):]
    return chart[:chart.index("</svg>")]


def test_the_player_page_draws_the_ranking_over_time_one_line_per_season(client, league_data):
    player = league_data["players"][0]
    snapshot_history(player, seasons=2, days=4)
    page = client.get(reverse("player", args=[player.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chart = ranking_chart(page)
    assert chart.count("<polyline") == 2
    assert chart.count("<circle") == 2 * 3  # the unranked first days get no dot
    assert "Game score per session" in page  # the score chart stays
    german = client.get(reverse("player", args=[player.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ranking_chart(german, "Platzierung im Zeitverlauf").count("<circle") == 6


def test_the_player_page_puts_rank_one_on_top(client, league_data):
    player = league_data["players"][0]
    snapshot_history(player, seasons=1, days=3)  # ranks –, 1, 2
    chart = ranking_chart(client.get(reverse("player", args=[player.pk]),
                                     HTTP_ACCEPT_LANGUAGE="en").content.decode())
    first, second = (float(part.split('"')[0]) for part in chart.split('cy="')[1:3])
    assert first < second  # rank 1 higher up (smaller y) than rank 2


def test_the_player_page_needs_the_same_queries_for_a_short_and_a_long_ranking_history(
    client, django_assert_max_num_queries
):
    few, many = PlayerFactory.create_batch(2)
    snapshot_history(few, seasons=1, days=2)
    with django_assert_max_num_queries(12) as counted:  # 8 + 4 for the statistics section
        client.get(reverse("player", args=[few.pk]))
    snapshot_history(many, seasons=3, days=12)
    with django_assert_max_num_queries(len(counted.captured_queries)):
        page = client.get(reverse("player", args=[many.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ranking_chart(page).count("<circle") == 3 * 11
