"""The reveal shows the tie-break beside the figure that ranks (issue 42, item 5): equal table points
are ordered by score, equal scores (riichi) by average place, and the room sees why."""

import re

import pytest
from django.test import Client

from league.models import Registration, Table
from league.services.day import tournament_reveal
from league.services.hands import hand_record, table_close
from league.services.seating import seating_generate
from league.services.standings import standings_recompute
from tests.factories import PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def revealed(tournament, records) -> list[tuple[str, str, str]]:
    for i in range(8):
        Registration.objects.create(tournament=tournament, player=PlayerFactory(last_name=f"Name{i}"))
    seating_generate(tournament=tournament, number=1, method="random", seed=1)
    for table, record in zip(Table.objects.order_by("number"), records, strict=True):
        hand_record(table=table, record=record, user=None)
        table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    tournament_reveal(tournament=tournament)
    part = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{tournament.slug}/screen/part/").content.decode()
    head = re.search(r'<p class="revealhead">(.*?)</p>', part).group(1)
    rows = re.findall(r'data-rank="(\d*)".*?<span class="pts">([^<]*)</span> <span class="tiebreak">([^<]*)</span>',
                      part)
    return re.sub(r"<[^>]+>", " ", head).split(), rows


def test_equal_table_points_are_revealed_with_the_scores_that_order_them():
    tournament = TournamentFactory(slug="tie-cup", session_count=1, options={"hide_standings_from_session": 1})
    big = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}
    small = {"outcome": "win", "winner": 1, "hand_values": [20, 100, 4, 128]}
    head, rows = revealed(tournament, [big, small])
    assert head[-2:] == ["points", "Score"]  # "Table points", then the tie-break
    winners = sorted((rank, pts, tiebreak) for rank, pts, tiebreak in rows if pts == "4")
    # Both winners have 4 table points; the scores beside them say why the first is first.
    assert [rank for rank, _, _ in winners] == ["1", "2"]
    assert int(winners[0][2].replace(",", "")) > int(winners[1][2].replace(",", ""))


def test_a_riichi_reveal_shows_the_average_place_beside_the_score():
    tournament = TournamentFactory(slug="tie-riichi", ruleset="riichi-ema", session_count=1,
                                   options={"hide_standings_from_session": 1})
    win = {"outcome": "win", "win_type": "self_draw", "wins": [{"seat": 1, "han": 3, "fu": 40}]}
    head, rows = revealed(tournament, [win, win])
    assert head[-3:] == ["Score", "Average", "place"]
    assert {tiebreak for rank, _, tiebreak in rows if rank == "1"} == {"1"}
