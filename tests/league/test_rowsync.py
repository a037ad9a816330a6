"""Bulk row syncing (league.rowsync): stored rows made equal to the wanted ones, writing only the
differences, on SQLite (the normal run) and PostgreSQL (``DATABASE_URL=postgres://…``), where
changed rows are written by one ``UPDATE … FROM (VALUES …)``."""
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from league import rowsync
from league.models import SeasonRanking, Standing
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def standing(rank: int, points: str, *, average: str | None = "2.5000", disqualified: bool = False) -> dict:
    return {"rank": rank, "table_points": Decimal(points), "score": Decimal("10.00"), "games": 2,
            "average_place": None if average is None else Decimal(average), "penalty_points": 0,
            "disqualified": disqualified}


def sync(tournament, rows: dict) -> set:
    common = {"tournament_id": tournament.pk}
    return rowsync.sync_rows(Standing.objects.filter(**common), ("player_id",), rows, common=common)


def stored(tournament) -> dict:
    return {row.player_id: (row.pk, row.rank, row.table_points, row.average_place, row.disqualified)
            for row in Standing.objects.filter(tournament=tournament)}


def writes(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]


@pytest.fixture
def tournament():
    return TournamentFactory()


@pytest.fixture
def players():
    return PlayerFactory.create_batch(4)


def test_missing_rows_are_created_with_the_common_values(tournament, players):
    a, b = players[:2]
    assert sync(tournament, {(a.pk,): standing(1, "4"), (b.pk,): standing(2, "2")}) == {(a.pk,), (b.pk,)}
    rows = stored(tournament)
    assert {player: values[1:] for player, values in rows.items()} == {
        a.pk: (1, Decimal("4.0000"), Decimal("2.5000"), False), b.pk: (2, Decimal("2.0000"), Decimal("2.5000"), False)}


def test_syncing_the_same_rows_again_writes_nothing(tournament, players):
    wanted = {(p.pk,): standing(index + 1, str(4 - index)) for index, p in enumerate(players)}
    sync(tournament, wanted)
    with CaptureQueriesContext(connection) as queries:
        assert sync(tournament, wanted) == set()
    assert writes(queries) == []


def test_only_the_changed_rows_are_updated_and_every_row_keeps_its_id(tournament, players):
    a, b, c, _d = players
    sync(tournament, {(a.pk,): standing(1, "4"), (b.pk,): standing(2, "2"), (c.pk,): standing(3, "1")})
    before = stored(tournament)
    with CaptureQueriesContext(connection) as queries:
        changed = sync(tournament, {(a.pk,): standing(1, "4"), (b.pk,): standing(3, "0.5", average=None),
                                    (c.pk,): standing(2, "1", disqualified=True)})
    after = stored(tournament)
    assert changed == {(b.pk,), (c.pk,)}
    assert after[a.pk] == before[a.pk]
    assert after[b.pk] == (before[b.pk][0], 3, Decimal("0.5000"), None, False)
    assert after[c.pk] == (before[c.pk][0], 2, Decimal("1.0000"), Decimal("2.5000"), True)
    assert len(writes(queries)) == 1  # one statement for both changed rows


def test_rows_no_longer_wanted_are_deleted_and_rows_outside_the_queryset_stay(tournament, players):
    other = TournamentFactory()
    a, b = players[:2]
    sync(tournament, {(a.pk,): standing(1, "4"), (b.pk,): standing(2, "2")})
    sync(other, {(a.pk,): standing(1, "4"), (b.pk,): standing(2, "2")})
    assert sync(tournament, {(a.pk,): standing(1, "4")}) == {(b.pk,)}
    assert set(stored(tournament)) == {a.pk}
    assert set(stored(other)) == {a.pk, b.pk}


def test_more_rows_than_a_chunk_are_written_chunk_by_chunk(tournament, players, monkeypatch):
    monkeypatch.setattr(rowsync, "CHUNK", 3)
    sync(tournament, {(p.pk,): standing(1, "1") for p in players})
    with CaptureQueriesContext(connection) as queries:
        changed = sync(tournament, {(p.pk,): standing(2, "1") for p in players})
    assert changed == {(p.pk,) for p in players}
    assert [rank for _pk, rank, *_rest in stored(tournament).values()] == [2, 2, 2, 2]
    updates = [sql for sql in writes(queries) if sql.startswith("UPDATE")]
    assert len(updates) == 2  # 3 rows, then 1
    with CaptureQueriesContext(connection) as queries:
        assert sync(tournament, {}) == {(p.pk,) for p in players}
    assert [sql.split()[0] for sql in writes(queries)] == ["DELETE", "DELETE"]
    assert stored(tournament) == {}


@pytest.mark.parametrize("copy_from", [1, rowsync.COPY_FROM], ids=["copied", "inserted"])
def test_json_and_empty_values_are_written_as_they_are(copy_from, monkeypatch):
    monkeypatch.setattr(rowsync, "COPY_FROM", copy_from)  # on PostgreSQL, COPY or INSERT
    season = SeasonFactory()
    a, b = PlayerFactory.create_batch(2)
    common = {"season_id": season.pk}

    def sync_ranking(rows):
        return rowsync.sync_rows(SeasonRanking.objects.filter(**common), ("player_id",), rows, common=common)

    results = [{"tournament": 7, "base_rank": 1000, "weight": 1.5, "age_factor": 0.5, "part_a": True,
                "part_b": False}]
    sync_ranking({(a.pk,): {"rank": 1, "value": Decimal("652.76"), "games": 4, "tournaments": 2, "results": []},
                  (b.pk,): {"rank": None, "value": Decimal("0.00"), "games": 1, "tournaments": 1, "results": []}})
    changed = sync_ranking({
        (a.pk,): {"rank": None, "value": Decimal("652.76"), "games": 4, "tournaments": 2, "results": results},
        (b.pk,): {"rank": 1, "value": Decimal("0.00"), "games": 1, "tournaments": 1, "results": []}})
    assert changed == {(a.pk,), (b.pk,)}
    rows = {row.player_id: (row.rank, row.results) for row in SeasonRanking.objects.filter(season=season)}
    assert rows == {a.pk: (None, results), b.pk: (1, [])}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="COPY is PostgreSQL's")
def test_rows_copied_in_bulk_take_the_defaults_of_the_fields_they_leave_out(tournament, players, monkeypatch):
    from league.models import TableGame
    from tests.factories import table_with_players

    monkeypatch.setattr(rowsync, "COPY_FROM", 1)
    without_penalties = {key: value for key, value in standing(1, "4").items() if key != "penalty_points"}
    rowsync.create_rows(Standing, [{"tournament_id": tournament.pk, "player_id": p.pk, **without_penalties}
                                   for p in players], using="default")
    assert set(Standing.objects.filter(tournament=tournament).values_list("penalty_points", "table_points")) == {
        (0, Decimal("4.0000"))}
    table = table_with_players()
    figures = f'[[{players[0].pk}, "7/2", "-1/3", 1]]'
    rowsync.create_rows(TableGame, [{"table_id": table.pk, "tournament_id": tournament.pk, "fingerprint": "x",
                                     "players": figures}], using="default")
    assert TableGame.objects.get(table=table).players == figures
    other = table_with_players()
    rowsync.create_rows(TableGame, [{"table_id": other.pk, "tournament_id": tournament.pk, "fingerprint": "y"}],
                        using="default")
    assert TableGame.objects.get(table=other).players == "[]"  # the field's default


@pytest.mark.skipif(connection.vendor != "postgresql", reason="COPY is PostgreSQL's")
def test_copied_rows_with_other_fields_than_the_first_are_refused(tournament, players, monkeypatch):
    monkeypatch.setattr(rowsync, "COPY_FROM", 1)
    first = {"tournament_id": tournament.pk, "player_id": players[0].pk, **standing(1, "4")}
    extra = {"tournament_id": tournament.pk, "player_id": players[1].pk, **standing(2, "2"), "penalty_points": 3}
    without = {key: value for key, value in first.items() if key != "penalty_points"}
    for rows in ([without, extra], [first, {**without, "player_id": players[1].pk}]):
        with pytest.raises((ValueError, KeyError)), transaction.atomic():
            rowsync.create_rows(Standing, rows, using="default")
    assert not Standing.objects.filter(tournament=tournament).exists()


def test_rows_given_one_by_one_are_taken_as_the_inserts_go(tournament, players, monkeypatch):
    # a generator's rows are taken while the new rows are written (on PostgreSQL the COPY sends
    # the ones before while the next is computed), and the rows no longer wanted go after them
    monkeypatch.setattr(rowsync, "COPY_FROM", 2)
    a, b, c, d = players
    sync(tournament, {(a.pk,): standing(1, "4"), (b.pk,): standing(2, "2")})
    taken = []

    def computed():
        for index, player in enumerate((b, c, d), start=2):
            taken.append(player.pk)
            yield (player.pk,), standing(index, str(5 - index))

    assert sync(tournament, computed()) == {(a.pk,), (b.pk,), (c.pk,), (d.pk,)}
    assert taken == [b.pk, c.pk, d.pk]
    assert {player: values[1:3] for player, values in stored(tournament).items()} == {
        b.pk: (2, Decimal("3.0000")), c.pk: (3, Decimal("2.0000")), d.pk: (4, Decimal("1.0000"))}


def test_an_empty_generator_deletes_every_row(tournament, players):
    sync(tournament, {(p.pk,): standing(1, "1") for p in players})
    assert sync(tournament, iter(())) == {(p.pk,) for p in players}
    assert stored(tournament) == {}
