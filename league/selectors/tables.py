"""Reading a table: its seats, its game's current state and running totals."""
from dataclasses import dataclass

from scoring import flow
from scoring.results import game_result

from ..models import Hand, Table
from ..services.hands import posted_part


@dataclass(frozen=True)
class TableView:
    table: Table
    players: list  # Player per seat 0..3 (None for an empty seat)
    dealer: int
    prevailing_wind: str
    riichi_sticks: int
    honba: int
    complete: bool
    totals: list[int]
    hands: list[Hand]
    adjustments: tuple[int, ...] = (0, 0, 0, 0)  # penalties off the final result (EMA chombo), per seat

    @property
    def final_totals(self) -> list[int]:
        """What each seat stands at with the adjustments: the score sheet's totals."""
        return [t + a for t, a in zip(self.totals, self.adjustments, strict=True)]

    @property
    def seat_winds(self) -> list[str]:
        """Each seat's wind in the coming hand: the dealer is East, then South, West, North."""
        return list(flow.seat_winds(self.dealer))


def table_players(table: Table) -> list:
    players = [None] * 4
    for seat in table.seats.all():
        players[seat.position] = seat.player
    return players


def table_view(*, table: Table) -> TableView:
    tournament = table.session.tournament
    hands = list(table.hands.order_by("number"))
    _steps, state = flow.replay(tournament.ruleset, tournament.effective_options,
                                [posted_part(h.record) for h in hands])
    totals, adjustments = [0, 0, 0, 0], [0, 0, 0, 0]
    for hand in hands:
        for seat, amount in enumerate(hand.result["balances"]):
            totals[seat] += amount
        for seat, amount in enumerate(hand.result.get("adjustments") or ()):
            adjustments[seat] += amount
    return TableView(table=table, players=table_players(table), dealer=state.dealer,
                     prevailing_wind=state.prevailing_wind, riichi_sticks=state.riichi_sticks, honba=state.honba,
                     complete=state.complete, totals=totals, hands=hands, adjustments=tuple(adjustments))


@dataclass(frozen=True)
class SummaryRow:
    seat: int
    player: object
    place: int
    final_points: object
    score: object
    uma: object  # None where the ruleset has no uma
    adjustments: int
    table_points: object
    confirmation: object  # the player's TableConfirmation, or None


def table_summary(*, table: Table, view: TableView) -> list[SummaryRow]:
    """A closed table's final result per seat, best place first: what the four players confirm."""
    tournament = table.session.tournament
    options = tournament.effective_options
    game = game_result(tournament.ruleset, options, [h.result for h in view.hands])
    confirmations = {c.player_id: c for c in table.confirmations.all()}
    rows = []
    for seat, player in enumerate(view.players):
        uma = None
        if tournament.ruleset == "riichi-ema":
            start = options["start_points"]
            uma = game.scores[seat] - (game.final_points[seat] - start) - game.adjustments[seat]
        rows.append(SummaryRow(
            seat=seat, player=player, place=game.places[seat], final_points=game.final_points[seat],
            score=game.scores[seat], uma=uma, adjustments=game.adjustments[seat],
            table_points=game.table_points[seat],
            confirmation=confirmations.get(player.pk) if player else None,
        ))
    return sorted(rows, key=lambda row: (row.place, row.seat))
