"""The standings recomputation's own rows (game results, table games, players' totals) carry no
database constraint on their references (league/models/results.py): they still go with the table,
player or tournament they belong to, and no row is ever left pointing at one that is gone."""
import pytest

from league.models import GameResult, Hand, Player, PlayerTotal, Seat, Table, TableGame, Tournament
from league.services.deletions import object_delete
from league.services.hands import hand_correct, hand_delete, hand_record
from league.services.players import player_merge
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, PlayerFactory, SessionFactory, TournamentFactory, table_with_players

pytestmark = pytest.mark.django_db

EAST_WINS_120 = {"outcome": "win", "winner": 0, "hand_values": [120, 10, 0, 4]}


def played(tables: int = 2):
    """A tournament whose tables each have one hand, with its standings computed."""
    tournament = TournamentFactory()
    session = SessionFactory(tournament=tournament, number=1)
    user = AdminFactory()
    made = [table_with_players(session=session, number=number) for number in range(1, tables + 1)]
    for table in made:
        hand_record(table=table, record=EAST_WINS_120, user=user)
    standings_recompute(tournament=tournament)
    return tournament, made, user


def dangling() -> list[str]:
    """Derived rows whose table, tournament or player no longer exists."""
    tables, tournaments, players = (set(model.objects.values_list("pk", flat=True))
                                    for model in (Table, Tournament, Player))
    found = [f"game result {row}" for row in GameResult.objects.values_list("table_id", "tournament_id", "player_id")
             if row[0] not in tables or row[1] not in tournaments or row[2] not in players]
    found += [f"table game {row}" for row in TableGame.objects.values_list("table_id", "tournament_id")
              if row[0] not in tables or row[1] not in tournaments]
    found += [f"player total {row}" for row in PlayerTotal.objects.values_list("tournament_id", "player_id")
              if row[0] not in tournaments or row[1] not in players]
    return found


def test_a_table_deleted_before_the_recompute_takes_its_game_results_with_it():
    tournament, (first, second), user = played()
    hand_delete(hand=Hand.objects.get(table=first), user=user)

    object_delete(obj=Table.objects.get(pk=first.pk), user=user)

    assert not GameResult.objects.filter(table_id=first.pk).exists()
    assert not TableGame.objects.filter(table_id=first.pk).exists()
    assert GameResult.objects.filter(table_id=second.pk).count() == 4
    assert dangling() == []
    standings_recompute(tournament=tournament)
    assert PlayerTotal.objects.filter(tournament=tournament).count() == 4
    assert dangling() == []


def test_a_deleted_tournament_leaves_no_derived_row_behind():
    tournament, tables, user = played()
    for table in tables:
        for hand in Hand.objects.filter(table=table):
            hand_delete(hand=hand, user=user)

    object_delete(obj=Tournament.objects.get(pk=tournament.pk), user=user)

    assert not GameResult.objects.exists()
    assert not TableGame.objects.exists()
    assert not PlayerTotal.objects.exists()


def test_a_merged_away_player_leaves_no_row_that_names_them():
    tournament, (first, _second), user = played()
    removed = Seat.objects.get(table=first, position=2).player
    kept = PlayerFactory()

    player_merge(keep=kept, remove=removed, user=user)

    assert dangling() == []
    standings_recompute(tournament=tournament)
    assert dangling() == []
    assert PlayerTotal.objects.get(tournament=tournament, player=kept).games == 1


def settlement_columns(hand: Hand) -> tuple[list, list]:
    hand.refresh_from_db()
    return ([getattr(hand, f"balance_{seat}") for seat in range(4)],
            [getattr(hand, f"adjustment_{seat}") for seat in range(4)])


def test_a_hands_settlement_columns_are_its_results_figures_after_every_write():
    _tournament, tables, user = played(tables=1)
    hand = Hand.objects.get(table=tables[0])
    assert settlement_columns(hand) == (hand.result["balances"], hand.result["adjustments"])

    west_wins = {**EAST_WINS_120, "winner": 2, "hand_values": [0, 10, 120, 4]}
    hand_correct(hand=hand, record=west_wins, version=hand.version, user=user)

    hand.refresh_from_db()
    assert hand.result["balances"][2] > 0
    assert settlement_columns(hand) == (hand.result["balances"], hand.result["adjustments"])
