"""The standings tables' lines: every number formatted once in the selector as Django's
``floatformat:"-2g"`` would print it (with the thousands separator) in the page's language, the
player's address built once."""
from decimal import Decimal

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation

from league.models import Registration, SeasonRanking, Standing
from league.selectors.pages import decimal_text, ranking_lines, standing_lines, standings_rows
from tests.factories import ClubFactory, PlayerFactory, SeasonFactory, TournamentFactory

VALUES = ["0", "12", "-3", "2.5", "2.25", "2.255", "-2.255", "1234.5", "0.004", "-0.5", "12.0000", "3.1000",
          "-21866", "27000", "1234567.891", "-999.995"]


@pytest.mark.parametrize("language", ["de", "en"])
def test_decimals_read_as_floatformat_minus_two_g_would_print_them(language):
    with translation.override(language):
        separator, grouping = (",", ".") if language == "de" else (".", ",")
        for value in map(Decimal, VALUES):
            assert decimal_text(value, separator, grouping) == floatformat(value, "-2g"), value
            assert decimal_text(value, separator, grouping, whole=False) == floatformat(value, "2g"), value
    assert decimal_text(None, ",") == ""


@pytest.mark.django_db
def test_a_standings_line_carries_the_cells_in_the_order_the_ranking_reads_them():
    tournament = TournamentFactory()
    club = ClubFactory(name="Drachen")
    first = PlayerFactory(first_name="Ana", last_name="Šimić", club=club)
    second = PlayerFactory(first_name="Tom", last_name="Becker", club=None)
    Registration.objects.create(tournament=tournament, player=second, substitute=True)
    Standing.objects.create(tournament=tournament, player=first, rank=1, table_points=Decimal("7.5000"),
                            score=Decimal("1200.00"), games=2)
    Standing.objects.create(tournament=tournament, player=second, rank=2, table_points=Decimal("4"),
                            score=Decimal("-300.50"), games=2, disqualified=True)
    with translation.override("de"):
        by_points = standing_lines(standings_rows(tournament), by_score=False)
        by_score = standing_lines(standings_rows(tournament), by_score=True)
    assert [(line.rank, line.name, line.club, line.first, line.second, line.disqualified, line.substitute)
            for line in by_points] == [("1", "Ana Šimić", "Drachen", "7,50", "1.200", False, False),
                                       ("2", "Tom Becker", "", "4", "-300,50", True, True)]
    assert [(line.first, line.second) for line in by_score] == [("1.200", "7,50"), ("-300,50", "4")]
    assert by_points[0].url == f"/p/{first.pk}/"


@pytest.mark.django_db
def test_a_season_ranking_line_prints_two_decimals_and_a_dash_for_no_rank_yet():
    season = SeasonFactory()
    ranked = PlayerFactory(first_name="Eva", last_name="Adler", club=ClubFactory(name="Kranich"))
    unranked = PlayerFactory(first_name="Ole", last_name="Faber", club=None)
    SeasonRanking.objects.create(season=season, player=ranked, rank=1, value=Decimal("812.5"), games=8, tournaments=2)
    SeasonRanking.objects.create(season=season, player=unranked, rank=None, value=Decimal("40"), games=1,
                                 tournaments=1)
    with translation.override("en"):
        lines = ranking_lines(season)
    assert [(line.rank, line.name, line.club, line.value, line.games, line.tournaments) for line in lines] == [
        ("1", "Eva Adler", "Kranich", "812.50", 8, 2), ("–", "Ole Faber", "", "40.00", 1, 1)]
    assert lines[0].url == f"/p/{ranked.pk}/"


@pytest.mark.django_db
def test_computed_standings_print_as_the_stored_ones():
    tournament = TournamentFactory()
    player = PlayerFactory(first_name="Ida", last_name="Berg", club=ClubFactory(name="Kranich"))
    stored = Standing.objects.create(tournament=tournament, player=player, rank=3, table_points=Decimal("2.5"),
                                     score=Decimal("-40"), games=1)
    with translation.override("en"):
        assert standing_lines([stored], by_score=False) == standing_lines(standings_rows(tournament), by_score=False)
