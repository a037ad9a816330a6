"""Tournament standings rebuilt from real hands: figures checked number by number."""
from decimal import Decimal

import pytest
from django.db import transaction

from league.models import GameResult, Registration, Standing, StandingsState, Tournament, TournamentPenalty
from league.selectors.standings import standings_for
from league.services import standings as standings_service
from league.services.hands import hand_delete, hand_record
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, PlayerFactory, SessionFactory, TournamentFactory, table_with_players
from tests.hand_records import EAST_WINS_100

pytestmark = pytest.mark.django_db

# Dealer seat 0; seat 1 wins 576, the others hold 20, 4 and 128 (the worked example of docs/rules.md §9a).
EXAMPLE = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}  # [-1336, 2304, -732, -236]
# Dealer seat 0 wins 100: everyone pays East double.


@pytest.fixture
def field():
    """Two tables of one session, one hand each, and a registered player who has not played."""
    tournament = TournamentFactory()
    session = SessionFactory(tournament=tournament, number=1)
    a = PlayerFactory.create_batch(4)
    b = PlayerFactory.create_batch(4)
    table_a = table_with_players(session=session, number=1, players=a)
    table_b = table_with_players(session=session, number=2, players=b)
    idle = PlayerFactory()
    Registration.objects.create(tournament=tournament, player=idle)
    user = AdminFactory()
    hand_record(table=table_a, record=EXAMPLE, user=user)
    hand_record(table=table_b, record=EAST_WINS_100, user=user)
    tournament.refresh_from_db()
    return {"tournament": tournament, "a": a, "b": b, "idle": idle, "user": user,
            "tables": (table_a, table_b)}


def standing_of(tournament, player) -> Standing:
    return Standing.objects.get(tournament=tournament, player=player)


def ranks(tournament) -> dict[int, int]:
    return dict(Standing.objects.filter(tournament=tournament).values_list("player_id", "rank"))


def test_each_seated_player_gets_a_game_result_with_balance_place_and_table_points(field):
    standings_recompute(tournament=field["tournament"])
    rows = {r.player_id: r for r in GameResult.objects.filter(tournament=field["tournament"])}
    a, b = field["a"], field["b"]
    assert [rows[p.pk].total for p in a] == [-1336, 2304, -732, -236]
    assert [rows[p.pk].score for p in a] == [Decimal(-1336), Decimal(2304), Decimal(-732), Decimal(-236)]
    assert [rows[p.pk].place for p in a] == [4, 1, 3, 2]
    assert [rows[p.pk].table_points for p in a] == [0, 4, 1, 2]
    # three players tied on -200 share places 2-4: (2 + 1 + 0) / 3 = 1 table point each
    assert [rows[p.pk].total for p in b] == [600, -200, -200, -200]
    assert [rows[p.pk].place for p in b] == [1, 2, 2, 2]
    assert [rows[p.pk].table_points for p in b] == [4, 1, 1, 1]
    assert {r.hands for r in rows.values()} == {1}
    assert {r.session_number for r in rows.values()} == {1}


def test_table_points_standings_rank_by_table_points_then_score_and_ties_share_the_rank(field):
    tournament = field["tournament"]
    standings_recompute(tournament=tournament)
    a, b = field["a"], field["b"]
    assert ranks(tournament) == {
        a[1].pk: 1,  # 4 tp, +2304
        b[0].pk: 2,  # 4 tp, +600
        a[3].pk: 3,  # 2 tp, -236
        b[1].pk: 4, b[2].pk: 4, b[3].pk: 4,  # 1 tp, -200 each
        a[2].pk: 7,  # 1 tp, -732
        a[0].pk: 8,  # 0 tp, -1336
        field["idle"].pk: 9,  # registered, no games yet
    }
    best = standing_of(tournament, a[1])
    assert (best.table_points, best.score, best.games, best.average_place) == (4, 2304, 1, 1)
    idle = standing_of(tournament, field["idle"])
    assert (idle.table_points, idle.score, idle.games, idle.average_place) == (0, 0, 0, None)
    assert [s.player_id for s in standings_for(tournament=tournament)][:2] == [a[1].pk, b[0].pk]


def test_score_standings_rank_by_score_then_lower_average_place(field):
    tournament = field["tournament"]
    Tournament.objects.filter(pk=tournament.pk).update(standing_method=Tournament.StandingMethod.SCORE)
    tournament.refresh_from_db()
    a, b = field["a"], field["b"]
    # 532 off b1 brings them to -732 like a2; b1's place 2 beats a2's place 3
    TournamentPenalty.objects.create(tournament=tournament, player=b[1], points=532, reason="Late")
    standings_recompute(tournament=tournament)
    assert ranks(tournament) == {
        a[1].pk: 1, b[0].pk: 2, b[2].pk: 3, b[3].pk: 3, a[3].pk: 5, b[1].pk: 6, a[2].pk: 7, a[0].pk: 8,
        field["idle"].pk: 9,
    }
    penalised = standing_of(tournament, b[1])
    assert (penalised.score, penalised.penalty_points, penalised.average_place) == (-732, 532, 2)


def test_penalty_points_come_off_the_score_and_a_disqualified_player_ranks_last(field):
    tournament = field["tournament"]
    a, b = field["a"], field["b"]
    TournamentPenalty.objects.create(tournament=tournament, player=b[1], points=10, reason="Slow play")
    TournamentPenalty.objects.create(tournament=tournament, player=b[1], points=5, reason="Slow play again")
    TournamentPenalty.objects.create(tournament=tournament, player=a[1], reason="Cheating", disqualified=True)
    standings_recompute(tournament=tournament)
    assert ranks(tournament) == {
        b[0].pk: 1, a[3].pk: 2, b[2].pk: 3, b[3].pk: 3, b[1].pk: 5, a[2].pk: 6, a[0].pk: 7,
        field["idle"].pk: 8, a[1].pk: 9,
    }
    slow = standing_of(tournament, b[1])
    assert (slow.score, slow.penalty_points, slow.table_points, slow.disqualified) == (-215, 15, 1, False)
    cheat = standing_of(tournament, a[1])
    assert (cheat.score, cheat.table_points, cheat.disqualified) == (2304, 4, True)


def test_running_it_twice_changes_nothing(field):
    tournament = field["tournament"]
    assert standings_recompute(tournament=tournament) is True
    before_games = list(GameResult.objects.order_by("pk").values())
    before_standings = list(Standing.objects.order_by("pk").values())
    assert standings_recompute(tournament=tournament) is False
    assert list(GameResult.objects.order_by("pk").values()) == before_games
    assert list(Standing.objects.order_by("pk").values()) == before_standings


def test_a_second_hand_adds_up_and_a_deleted_hand_takes_its_game_away(field):
    tournament = field["tournament"]
    table_a, table_b = field["tables"]
    a, b = field["a"], field["b"]
    second = hand_record(table=table_a, record=EAST_WINS_100, user=field["user"])  # dealer is seat 1 now
    standings_recompute(tournament=tournament)
    row = GameResult.objects.get(table=table_a, player=a[0])
    assert (row.total, row.hands) == (-1336 + second.result["balances"][0], 2)
    hand_delete(hand=table_b.hands.get(), user=field["user"])
    standings_recompute(tournament=tournament)
    assert not GameResult.objects.filter(table=table_b).exists()
    assert standing_of(tournament, b[0]).games == 0
    assert GameResult.objects.filter(tournament=tournament).count() == 4


def test_a_burst_of_hands_in_one_transaction_is_recomputed_once(monkeypatch,
                                                                django_capture_on_commit_callbacks):
    table = table_with_players()
    tournament = table.session.tournament
    calls = []
    recompute = standings_service.standings_recompute

    def counting(*, tournament, **options):
        calls.append(tournament.pk)
        return recompute(tournament=tournament, **options)

    monkeypatch.setattr(standings_service, "standings_recompute", counting)
    user = AdminFactory()
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            for _ in range(3):
                hand_record(table=table, record=EAST_WINS_100, user=user)
    assert calls == [tournament.pk]
    seat0 = GameResult.objects.get(table=table, seat=0)
    assert (seat0.total, seat0.hands) == (1800, 3)  # East wins three times and stays East
    state = StandingsState.objects.get(tournament=tournament)
    assert (state.requested, state.computed, state.dirty, state.queued_at) == (3, 3, False, None)
