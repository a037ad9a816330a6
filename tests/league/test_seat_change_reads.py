"""A dmjl-hke game whose players change seats after each wind round ("Umsetzen"), read back: the
results and score-sheet workbooks, the control room's and statistics' per-player figures, and the
correction preview all count each hand for the player who sat in the seat in that hand's wind round."""

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from league.exports.cells import safe
from league.models import Export, GameResult, Hand, Standing
from league.selectors.day import session_tables
from league.selectors.statistics import tournament_statistics
from league.selectors.tables import player_totals
from league.services.exports import export_build
from league.services.hands import hand_correct, hand_record
from league.services.standings import standings_recompute
from tests.factories import referee_for, table_with_players

pytestmark = pytest.mark.django_db


def self_draw(winner: int, fan: int = 3) -> dict:
    return {"outcome": "win", "winner": winner, "win_type": "self_draw", "fan": fan}


# East's round: each seat wins once, the deal goes round and the players change seats
# (seating (1, 0, 3, 2) in South's round). In South's round seat 0 (the first round's South) wins a
# 10-fan hand and keeps the deal, then seat 2 (the first round's North) wins 5 fan.
HANDS = [self_draw(1), self_draw(2), self_draw(3), self_draw(0), self_draw(0, fan=10), self_draw(2, fan=5)]


@pytest.fixture
def table():
    table = table_with_players(ruleset="dmjl-hke", options={"seat_change": True})
    for record in HANDS:
        hand_record(table=table, record=record, user=None)
    standings_recompute(tournament=table.session.tournament)
    return table


@pytest.fixture
def players(table):
    return [s.player for s in table.seats.select_related("player").order_by("position")]


def build(kind: str, tournament) -> openpyxl.Workbook:
    export = Export.objects.create(kind=kind, tournament=tournament, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    return openpyxl.load_workbook(export.file.path)


def rows(sheet) -> list[list]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def name(player) -> str:
    return safe(f"{player.first_name} {player.last_name}")


def test_the_hands_sheets_player_columns_sum_to_each_players_game_score(table, players):
    with translation.override("en"):
        sheet = rows(build("results-xlsx", table.session.tournament)["Hands"])
    headings = next(r for r in sheet if r and r[0] == "Hand")
    assert headings[4:9] == [f"East – {name(players[0])}", f"South – {name(players[1])}",
                             f"West – {name(players[2])}", f"North – {name(players[3])}", "Seats in this hand"]
    hand_rows = [r for r in sheet if r and isinstance(r[0], int)]
    assert [r[0] for r in hand_rows] == [1, 2, 3, 4, 5, 6]
    sums = [sum(r[4 + p] for r in hand_rows) for p in range(4)]
    scores = {s.player_id: s.score for s in Standing.objects.filter(tournament=table.session.tournament)}
    totals = {g.player_id: g.total for g in GameResult.objects.filter(table=table)}
    assert sums == [scores[p.pk] for p in players] == [totals[p.pk] for p in players]
    # Hand 5: seat 0 in South's round is the first round's South, who takes the 10-fan self-draw.
    fifth = hand_rows[4]
    assert fifth[3] == f"{name(players[1])} wins by self-draw"
    assert fifth[2] == name(players[1])  # the dealer
    assert fifth[5] > 0 and fifth[4] < 0 and fifth[5] == -(fifth[4] + fifth[6] + fifth[7])
    assert fifth[8] == (f"East – {name(players[1])} · South – {name(players[0])} · "
                        f"West – {name(players[3])} · North – {name(players[2])}")
    # Hand 6: seat 2 in South's round is the first round's North.
    assert hand_rows[5][3] == f"{name(players[3])} wins by self-draw" and hand_rows[5][7] > 0


def test_without_seat_changes_the_hands_sheet_has_no_seats_column():
    table = table_with_players(ruleset="dmjl-hke")
    hand_record(table=table, record=self_draw(1), user=None)
    with translation.override("en"):
        sheet = rows(build("results-xlsx", table.session.tournament)["Hands"])
    headings = next(r for r in sheet if r and r[0] == "Hand")
    assert "Seats in this hand" not in headings and len(headings) == 8


def test_the_score_sheet_gives_each_player_their_wind_in_every_wind_round(table, players):
    with translation.override("en"):
        sheet = rows(build("score-sheets-xlsx", table.session.tournament).worksheets[0])
    header = next(r for r in sheet if r and r[0] == "Seat")
    assert header[5:8] == ["Wind in South round", "Wind in West round", "Wind in North round"]
    seat_rows = [r for r in sheet if r and r[1] in ("East", "South", "West", "North") and r[2]]
    # After East's round East↔South and West↔North swap; after South's round East and South cross to
    # West and North, West's player moves to South and North's to East; after West's as after East's.
    assert [[r[2], *r[5:8]] for r in seat_rows] == [
        [name(players[0]), "South", "North", "West"],
        [name(players[1]), "East", "West", "North"],
        [name(players[2]), "North", "East", "South"],
        [name(players[3]), "West", "South", "East"],
    ]
    headings = next(r for r in sheet if r and r[0] == "Hand")
    assert headings[-4:] == [f"Balance {name(p)}" for p in players]


def test_the_control_room_and_the_statistics_count_each_hand_for_the_player_in_the_seat(table, players):
    totals = {g.player_id: g.total for g in GameResult.objects.filter(table=table)}
    control = session_tables(table.session.tournament, table.session.number)[0]
    assert control.totals == [totals[p.pk] for p in players]
    assert player_totals(table.session.tournament, [h.result for h in table.hands.order_by("number")]) == \
        control.totals
    stats = {row.player: row for row in tournament_statistics(tournament=table.session.tournament)["players"]}
    # First round's North won hand 3 and hand 6; South won hand 1 and hand 5 (the biggest hand).
    assert [stats[p.pk].wins for p in players] == [1, 2, 1, 2]
    records = tournament_statistics(tournament=table.session.tournament)["records"]
    fifth = Hand.objects.get(table=table, number=5)
    assert records["biggest_hand"]["player"] == players[1].pk
    assert records["biggest_hand"]["points"] == fifth.result["balances"][0]


def test_the_correction_preview_names_the_player_in_each_changed_hands_own_seat(client, table, players):
    tournament = table.session.tournament
    client.force_login(referee_for(tournament))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    first = Hand.objects.get(table=table, number=1)
    before = player_totals(tournament, [h.result for h in table.hands.order_by("number")])
    fifth_before = Hand.objects.get(table=table, number=5)
    # East wins hand 1 instead: East keeps the deal, so hand 5 is still in East's round, where
    # seat 0 is the first round's East (in South's round it was the first round's South).
    correction = {"outcome": "win", "winner": "0", "win_type": "self_draw", "fan": "3", "number": "1",
                  "version": str(first.version)}
    response = client.post(reverse("referee-hand-edit-preview", args=[first.pk]), correction)
    assert response.status_code == 200, response.content
    html = response.json()["html"]

    hand_correct(hand=first, record=self_draw(0), version=first.version, user=None)
    after = player_totals(tournament, [h.result for h in table.hands.order_by("number")])
    fifth_after = Hand.objects.get(table=table, number=5)
    assert fifth_before.result["balances"][0] > 0 and fifth_after.result["balances"][0] > 0
    south_before, east_after = fifth_before.result["balances"][0], fifth_after.result["balances"][0]
    # Hand 5's 10-fan win moves from the first round's South to the first round's East.
    hand5 = html[html.index("Hand 5"):]
    hand5 = hand5[:hand5.index("</li>")]
    assert f"{players[1]}: {south_before} → {fifth_after.result['balances'][1]}" in hand5
    assert f"{players[0]}: {fifth_before.result['balances'][1]} → {east_after}" in hand5
    totals = html[html.index("Totals change"):]
    for player, old, new in zip(players, before, after, strict=True):
        delta = new - old
        if delta:
            assert f"{player} {'+' if delta > 0 else ''}{delta}" in totals


def test_a_hands_history_names_the_players_of_each_revisions_own_seats(client, table, players):
    client.force_login(referee_for(table.session.tournament))
    first = Hand.objects.get(table=table, number=1)
    fifth_before = Hand.objects.get(table=table, number=5).result["balances"]
    # East wins hand 1 instead: hand 5 moves from South's round back into East's round.
    hand_correct(hand=first, record=self_draw(0), version=first.version, user=None)
    fifth = Hand.objects.get(table=table, number=5)
    page = client.get(reverse("referee-hand-history", args=[fifth.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    before = " · ".join(f"{players[p].first_name} {fifth_before[seat]:+d}" for seat, p in enumerate((1, 0, 3, 2)))
    after = " · ".join(f"{p.first_name} {b:+d}" for p, b in zip(players, fifth.result["balances"], strict=True))
    assert f"<del>{before}</del> → <ins>{after}</ins>" in page
