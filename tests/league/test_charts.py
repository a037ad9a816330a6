"""The server-drawn charts read right: an axis never labels both ends with the same value."""
import re

import pytest

from league.services.hands import hand_record
from league.services.standings import standings_recompute
from league.views.charts import line_chart
from tests.factories import PlayerFactory, table_with_players
from tests.league.test_day_pages import WIN


def value_labels(svg: str) -> list[str]:
    return re.findall(r'<text x="[\d.]+" y="[\d.]+" text-anchor="end">([^<]*)</text>', svg)


def test_a_player_ranked_first_every_time_gets_one_rank_label_not_one_at_each_end():
    svg = line_chart([("1.3.", 1, "a"), ("1.4.", 1, "b"), ("1.5.", 1, "c")], title="Rank", ranks=True)
    assert [label for label in value_labels(svg) if label] == ["1"]


def test_ranks_that_change_label_both_ends():
    svg = line_chart([("1.3.", 1, "a"), ("1.4.", 4, "b")], title="Rank", ranks=True)
    assert value_labels(svg) == ["1", "4"]


@pytest.mark.django_db
def test_the_score_chart_counts_the_sessions_played_across_tournaments(client):
    player = PlayerFactory()
    for slug in ("first-cup", "second-cup"):
        table = table_with_players(slug=slug, players=[player] + PlayerFactory.create_batch(3))
        hand_record(table=table, record=WIN, user=None)
        standings_recompute(tournament=table.session.tournament)
    page = client.get(f"/p/{player.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chart = page[page.index('aria-label="Game score per session"'):]
    chart = chart[:chart.index("</svg>")]
    assert re.findall(r'<text x="[\d.]+" y="[\d.]+" text-anchor="middle">([^<]*)</text>', chart) == ["1", "2"]
    assert "Sessions played" in chart


@pytest.mark.django_db
def test_the_score_chart_names_every_tournament_orders_by_the_day_played_and_shows_its_values(client):
    """Issue 42, item 10: every line named in a key that wraps, values readable without a mouse, and
    a club's November evening after a June tournament although the club's series began in January."""
    import datetime

    from league.models import Table

    player = PlayerFactory()
    played = {}
    for slug, name, starts_on, day in (("club-year", "Thursday evenings", datetime.date(2026, 1, 8),
                                        datetime.datetime(2026, 11, 12, 21, tzinfo=datetime.UTC)),
                                       ("june-cup", "June Cup", datetime.date(2026, 6, 6),
                                        datetime.datetime(2026, 6, 6, 18, tzinfo=datetime.UTC))):
        table = table_with_players(slug=slug, name=name, starts_on=starts_on, ends_on=datetime.date(2026, 12, 31),
                                   players=[player] + PlayerFactory.create_batch(3))
        hand_record(table=table, record=WIN, user=None)
        Table.objects.filter(pk=table.pk).update(closed=True, closed_at=day)
        standings_recompute(tournament=table.session.tournament)
        played[name] = table
    page = client.get(f"/p/{player.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    figure = page[page.index('class="chart-figure"'):]
    figure = figure[:figure.index("</figure>")]

    key = re.findall(r'<li><span class="swatch line-(\d)" aria-hidden="true"></span>([^<]*)</li>', figure)
    assert key == [("0", "June Cup"), ("1", "Thursday evenings")]
    values = re.findall(r"<tr><td>(\d+)</td><td>([^<]*)</td>", figure)
    assert values == [("1", "June Cup, session 1"), ("2", "Thursday evenings, session 1")]
    assert "<summary>The values</summary>" in figure


def test_a_chart_drawn_in_german_keeps_svgs_decimal_points():
    """The markup is a template (league/_chart_svg.html); German number formatting must not reach
    the coordinates, which SVG reads with a decimal point."""
    from django.utils import translation

    with translation.override("de"):
        svg = line_chart([("1.3.", 2.5, "a"), ("1.4.", -1.25, "b"), ("1.5.", 7, "c")], title="Punkte")
    coordinates = re.findall(r' (?:cx|cy|x|y|x1|x2|y1|y2)="([^"]*)"', svg)
    assert coordinates and all(re.fullmatch(r"-?\d+(\.\d+)?", value) for value in coordinates)
    assert re.search(r'points="[\d.]+,[\d.]+ [\d.]+,[\d.]+ [\d.]+,[\d.]+"', svg)
    assert "<title>b: -1.25</title>" in svg
