"""Reading a table: its seats, its game's current state, running totals and how the game ended."""
from dataclasses import dataclass

from scoring import flow

from ..models import Hand, Table
from ..services.hands import posted_part


@dataclass(frozen=True)
class TableView:
    table: Table
    players: list  # Player per seat 0..3 in the coming hand's wind round (None for an empty seat)
    dealer: int
    prevailing_wind: str
    riichi_sticks: int
    honba: int
    complete: bool
    totals: list[int]  # the running total of the player at each seat of ``players``
    hands: list[Hand]
    ending: str | None = None  # why the game is complete: scoring.flow.ENDINGS
    next_players: list | None = None  # Player per seat in the next wind round, when the players change seats
    seating: tuple = flow.IDENTITY  # per seat of ``players``: the seat that player took in the first wind round
    hand_seatings: list | None = None  # the same per hand, for the seats of its own wind round
    first_players: list | None = None  # Player per seat in the first wind round

    def hand_players(self, index: int) -> list:
        """The Player at each seat of the hand at ``index`` (its own wind round)."""
        return [self.first_players[p] for p in self.hand_seatings[index]]

    def hand_balances(self, index: int) -> list[int]:
        """The balances of the hand at ``index`` in the order of ``players`` (the coming hand's seats)."""
        by_player = flow.by_player(self.hands[index].result.get("balances", [0, 0, 0, 0]), self.hand_seatings[index])
        return [by_player[p] for p in self.seating]

    @property
    def seat_winds(self) -> list[str]:
        """Each seat's wind in the coming hand: the dealer is East, then South, West, North."""
        return list(flow.seat_winds(self.dealer))


def table_players(table: Table) -> list:
    """The Player at each seat in the first wind round (a Seat's position)."""
    players = [None] * 4
    for seat in table.seats.all():
        players[seat.position] = seat.player
    return players


def table_view(*, table: Table) -> TableView:
    tournament = table.session.tournament
    hands = list(table.hands.order_by("number"))
    steps, state = flow.replay(tournament.ruleset, tournament.effective_options,
                               [posted_part(h.record) for h in hands])
    first = table_players(table)
    changing = state.next_seating != state.seating and not state.complete
    return TableView(table=table, players=[first[p] for p in state.seating], dealer=state.dealer,
                     prevailing_wind=state.prevailing_wind, riichi_sticks=state.riichi_sticks, honba=state.honba,
                     complete=state.complete, totals=[state.totals[p] for p in state.seating], hands=hands,
                     ending=state.ending, next_players=[first[p] for p in state.next_seating] if changing else None,
                     seating=state.seating, hand_seatings=[step.seating for step in steps], first_players=first)
