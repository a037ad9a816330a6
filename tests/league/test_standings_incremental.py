"""A recomputation costs what changed: only the tables whose hands or seats changed are recomputed
and the players' running totals move by the difference, and what it stores equals a full
recomputation after any sequence of hand writes, corrections, deletions and substitutions."""
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league import rowsync
from league.models import GameResult, Hand, PlayerTotal, Registration, Seat, Standing, TableGame, TournamentPenalty
from league.selectors.standings import game_rows, standing_rows
from league.services.hands import hand_correct, hand_delete, hand_record
from league.services.players import player_merge
from league.services.standings import standings_recompute
from tests.factories import AdminFactory, PlayerFactory, SessionFactory, TournamentFactory, table_with_players

pytestmark = pytest.mark.django_db

GAME_FIELDS = ("table_id", "player_id", "session_number", "seat", "total", "final_points", "score", "place",
               "table_points", "hands")
STANDING_FIELDS = ("player_id", "rank", "table_points", "score", "games", "average_place", "penalty_points",
                   "disqualified")


def stored(tournament) -> tuple[set, set]:
    return (set(GameResult.objects.filter(tournament=tournament).values_list(*GAME_FIELDS)),
            set(Standing.objects.filter(tournament=tournament).values_list(*STANDING_FIELDS)))


def computed_in_full(tournament) -> tuple[set, set]:
    """What a recomputation of everything from the hands gives (the selectors, nothing stored)."""
    games = game_rows(tournament)
    standings = standing_rows(tournament, games)
    return ({(table_id, player_id, *(row[name] for name in GAME_FIELDS[2:]))
             for (table_id, player_id), row in games.items()},
            {(player_id, *(row[name] for name in STANDING_FIELDS[1:])) for (player_id,), row in standings.items()})


def record(winner: int, values: list[int]) -> dict:
    """A dmjl-classical win; the winner's hand is worth at least the limit's 100."""
    return {"outcome": "win", "winner": winner,
            "hand_values": [max(value, 100) if seat == winner else value for seat, value in enumerate(values)]}


def two_sessions():
    """Two sessions of two tables, eight players and a spare registered player who has not played."""
    tournament = TournamentFactory()
    players = PlayerFactory.create_batch(8)
    tables = []
    for number in (1, 2):
        session = SessionFactory(tournament=tournament, number=number)
        order = players if number == 1 else players[::2] + players[1::2]
        tables += [table_with_players(session=session, number=n, players=order[4 * (n - 1):4 * n]) for n in (1, 2)]
    spare = PlayerFactory()
    Registration.objects.create(tournament=tournament, player=spare)
    return tournament, tables, spare


values = st.lists(st.integers(min_value=0, max_value=300).map(lambda v: 2 * v), min_size=4, max_size=4)
step = st.one_of(
    st.tuples(st.just("record"), st.integers(0, 3), st.integers(0, 3), values),
    st.tuples(st.just("correct"), st.integers(0, 3), st.integers(0, 3), values),
    st.tuples(st.just("delete"), st.integers(0, 3)),
    st.tuples(st.just("substitute"), st.integers(0, 3), st.integers(0, 3)),
    st.tuples(st.just("penalty"), st.integers(0, 7)),
    st.just(("recompute",)),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(steps=st.lists(step, min_size=1, max_size=14))
def test_after_any_writes_the_incremental_recompute_stores_what_a_full_one_computes(steps):
    tournament, tables, spare = two_sessions()
    user = AdminFactory()
    for kind, *args in steps:
        if kind == "record":
            hand_record(table=tables[args[0]], record=record(args[1], args[2]), user=user)
        elif kind == "correct":
            hand = Hand.objects.filter(table=tables[args[0]]).order_by("number").first()
            if hand is not None:
                hand_correct(hand=hand, record=record(args[1], args[2]), version=hand.version, user=user)
        elif kind == "delete":
            last = Hand.objects.filter(table=tables[args[0]]).order_by("-number").first()
            if last is not None:
                hand_delete(hand=last, user=user)
        elif kind == "substitute":  # the spare takes a seat, or gives it back to whoever sat there
            table = tables[args[0]]
            seat = Seat.objects.get(table=table, position=args[1])
            seated = Seat.objects.filter(session=table.session, player=spare).first()
            if seated is None:
                Seat.objects.filter(pk=seat.pk).update(player=spare)
            elif seated.pk == seat.pk:
                Seat.objects.filter(pk=seat.pk).update(
                    player=next(p for p in Registration.objects.filter(tournament=tournament)
                                .values_list("player_id", flat=True)
                                if not Seat.objects.filter(session=table.session, player_id=p).exists()))
        elif kind == "penalty":
            TournamentPenalty.objects.create(tournament=tournament, player=Seat.objects.filter(
                table=tables[0]).order_by("position")[args[0] % 4].player, points=5, reason="late")
        standings_recompute(tournament=tournament)
        assert stored(tournament) == computed_in_full(tournament)
    assert standings_recompute(tournament=tournament, full=True) is False  # a full one finds nothing to write


def test_a_changed_hand_recomputes_only_its_table_and_moves_its_players_totals():
    tournament, tables, _spare = two_sessions()
    user = AdminFactory()
    for table in tables:
        hand_record(table=table, record=record(0, [100, 0, 0, 0]), user=user)
    standings_recompute(tournament=tournament)
    others = dict(TableGame.objects.exclude(table=tables[0]).values_list("table_id", "fingerprint"))
    ids = set(GameResult.objects.exclude(table=tables[0]).values_list("pk", flat=True))
    hand = Hand.objects.get(table=tables[0])

    hand_correct(hand=hand, record=record(1, [0, 200, 0, 0]), version=hand.version, user=user)
    with CaptureQueriesContext(connection) as queries:
        assert standings_recompute(tournament=tournament) is True

    hands_read = [q["sql"] for q in queries if "league_hand" in q["sql"]
                  and ('"result"' in q["sql"] or '"balance_0"' in q["sql"])]  # the JSON, or its columns
    assert len(hands_read) == 1 and f"IN ({tables[0].pk})" in hands_read[0].replace("'", "")
    assert dict(TableGame.objects.exclude(table=tables[0]).values_list("table_id", "fingerprint")) == others
    assert set(GameResult.objects.exclude(table=tables[0]).values_list("pk", flat=True)) == ids
    winner = Seat.objects.get(table=tables[0], position=1).player
    total = PlayerTotal.objects.get(tournament=tournament, player=winner)
    # session 1: now wins 200 against East at seat 0, first; session 2: East at table 2, wins 100, first
    assert (total.games, total.place_sum, total.table_points) == (2, 1 + 1, "8")
    assert Standing.objects.get(tournament=tournament, player=winner).table_points == Decimal(4 + 4)
    assert stored(tournament) == computed_in_full(tournament)


def test_nothing_changed_reads_no_hand_and_writes_nothing():
    tournament, tables, _spare = two_sessions()
    user = AdminFactory()
    for table in tables:
        hand_record(table=table, record=record(2, [0, 0, 50, 0]), user=user)
    standings_recompute(tournament=tournament)
    with CaptureQueriesContext(connection) as queries:
        assert standings_recompute(tournament=tournament) is False
    assert not [q for q in queries if '"result"' in q["sql"]]
    assert not [q for q in queries if q["sql"].startswith(("INSERT", "UPDATE \"league_gameresult", "DELETE"))]


def test_a_merged_player_s_tables_are_recomputed_under_the_player_kept():
    tournament, tables, spare = two_sessions()
    user = AdminFactory()
    for table in tables:
        hand_record(table=table, record=record(3, [0, 0, 0, 80]), user=user)
    standings_recompute(tournament=tournament)
    removed = Seat.objects.get(table=tables[0], position=3).player

    player_merge(keep=spare, remove=removed, user=user)
    standings_recompute(tournament=tournament)

    assert stored(tournament) == computed_in_full(tournament)
    assert PlayerTotal.objects.get(tournament=tournament, player=spare).games == 2
    assert not PlayerTotal.objects.filter(player_id=removed.pk).exists()


def test_rows_copied_in_bulk_read_back_as_computed(monkeypatch):
    """On PostgreSQL many new rows go in by COPY (league.rowsync): forced here for a few, they read
    back equal to the computation, and a second run finds nothing to write."""
    monkeypatch.setattr(rowsync, "COPY_FROM", 1)
    tournament, tables, _spare = two_sessions()
    user = AdminFactory()
    for table in tables:
        hand_record(table=table, record=record(1, [0, 150, 8, 4]), user=user)
    assert standings_recompute(tournament=tournament) is True
    assert stored(tournament) == computed_in_full(tournament)
    assert TableGame.objects.filter(tournament=tournament).count() == 4
    assert standings_recompute(tournament=tournament, full=True) is False


def test_a_table_that_turns_provisional_and_counts_again_is_recomputed_as_a_full_run_would():
    from league.models import Player
    from league.services.confirmations import dispute_open, dispute_resolve, table_confirm
    from league.services.hands import table_close
    from tests.factories import UserFactory

    table = table_with_players(options={"entry": "players"})
    other = table_with_players(session=table.session, number=2)
    tournament = table.session.tournament
    users = [UserFactory() for _ in range(4)]
    for user, seat in zip(users, table.seats.order_by("position"), strict=True):
        Player.objects.filter(pk=seat.player_id).update(user=user)
    for each in (table, other):
        hand_record(table=each, record=record(1, [20, 100, 4, 8]), user=None)
        table_close(table=each, user=None)
        table_confirm(table=each, user=None)
    standings_recompute(tournament=tournament)
    assert stored(tournament) == computed_in_full(tournament)
    assert GameResult.objects.filter(table=table).count() == 4

    dispute = dispute_open(table=table, user=users[2], message="hand 1 was a self-draw")
    standings_recompute(tournament=tournament)
    assert stored(tournament) == computed_in_full(tournament)
    assert not GameResult.objects.filter(table=table).exists()  # provisional: out of the standings
    assert GameResult.objects.filter(table=other).count() == 4

    dispute_resolve(dispute=dispute, user=AdminFactory())
    standings_recompute(tournament=tournament)
    assert stored(tournament) == computed_in_full(tournament)
    assert GameResult.objects.filter(table=table).count() == 4


def test_game_results_lost_behind_the_recomputes_back_are_rebuilt_by_the_next_recompute():
    tournament, tables, _spare = two_sessions()
    for table in tables:
        hand_record(table=table, record=record(0, [30, 10, 8, 4]), user=None)
    standings_recompute(tournament=tournament)
    GameResult.objects.filter(table=tables[0]).delete()
    standings_recompute(tournament=tournament)
    assert stored(tournament) == computed_in_full(tournament)


@pytest.mark.parametrize("ruleset", ["riichi-ema", "japanese-classic"])
def test_a_points_game_summed_by_the_database_stores_what_its_hands_compute(ruleset):
    """The recomputation sums the hands in the database (``hand_sums``): a points game's deposits
    left on the table after its last hand still go to the top, and a chombo's adjustment counts."""
    table = table_with_players(ruleset=ruleset)
    other = table_with_players(session=table.session, number=2)
    tournament = table.session.tournament
    riichi = "riichi-ema" == ruleset
    # a chombo (riichi-ema: an adjustment, not a balance) or a false Mah-Jongg (japanese-classic)
    void = {"outcome": "void", "penalties": [{"type": "chombo" if riichi else "false_mahjong", "seat": 2}]}

    def draw(*seats):
        return {"outcome": "draw", "riichi": list(seats), **({"tenpai": list(seats)} if riichi else {})}

    for each in (table, other):
        hand_record(table=each, record=draw(1), user=None)
        hand_record(table=each, record=void, user=None)
    hand_record(table=other, record=draw(0, 3), user=None)
    assert standings_recompute(tournament=tournament) is True
    assert stored(tournament) == computed_in_full(tournament)
    assert Hand.objects.filter(table=other).order_by("number").last().result["riichi_sticks"] > 0

    hand = Hand.objects.get(table=table, number=1)
    hand_correct(hand=hand, record=draw(2), version=hand.version, user=None)
    assert standings_recompute(tournament=tournament) is True
    assert stored(tournament) == computed_in_full(tournament)
    assert standings_recompute(tournament=tournament, full=True) is False


@pytest.mark.parametrize("few_tables", [500, 0])
def test_the_cached_parts_of_the_sessions_whose_tables_changed_are_retired(monkeypatch, few_tables):
    """By the changed tables' ids, or (many tables changed) from the tournament's tables: the same sessions."""
    from league.services import standings as service

    monkeypatch.setattr(service, "FEW_TABLES", few_tables)
    retired = []
    monkeypatch.setattr(service, "session_changed", lambda *, tournament_id, number: retired.append(number))
    tournament, tables, _spare = two_sessions()
    for table in tables:
        hand_record(table=table, record=record(0, [30, 10, 8, 4]), user=None)
    standings_recompute(tournament=tournament)
    assert retired == [1, 2]
    retired.clear()
    hand = Hand.objects.get(table=tables[3])
    hand_correct(hand=hand, record=record(1, [0, 200, 0, 0]), version=hand.version, user=None)
    standings_recompute(tournament=tournament)
    assert retired == [2]
