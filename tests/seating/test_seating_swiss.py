"""The Swiss draw: strongest together, no repeat meetings where avoidable."""

from itertools import combinations

import pytest

from league import seating


def meetings(schedule):
    met = {}
    for session in schedule:
        for table in session:
            for a, b in combinations(sorted(table), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
    return met


def test_swiss_puts_the_top_four_together_at_table_one_when_they_have_not_met():
    previous = [[[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]]
    standing = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
    tables = seating.swiss(standing, previous)
    assert sorted(tables[0]) == [1, 2, 3, 4]
    assert sorted(tables[1]) == [5, 6, 7, 8]
    assert [sorted(t) for t in tables[2:]] == [[9, 10, 11, 12], [13, 14, 15, 16]]


def test_swiss_avoids_repeat_meetings_by_the_smallest_shift_in_the_standings():
    previous = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]]
    standing = list(range(1, 17))
    tables = seating.swiss(standing, previous)
    assert meetings(previous + [tables]).get((1, 2), 0) == 1
    assert max(meetings(previous + [tables]).values()) == 1
    assert 1 in tables[0]


def test_swiss_over_many_sessions_of_a_large_field_never_repeats_a_meeting():
    players = list(range(40))
    previous = []
    for round_ in range(5):
        standing = sorted(players, key=lambda p: (p * 7919 + round_ * 104729) % 97)
        previous.append(seating.swiss(standing, previous, seed=round_))
        assert max(meetings(previous).values()) == 1
    # Seats are chosen greedily one session at a time, so a spread of one is not guaranteed.
    assert seating.report(previous)["wind_spread"] <= 2


def test_swiss_seats_players_on_the_winds_they_have_sat_least():
    previous = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    tables = seating.swiss([1, 5, 2, 6, 3, 7, 4, 8], previous)
    for table in tables:
        for seat, player in enumerate(table):
            assert seat != previous[0][(player - 1) // 4].index(player)


def test_swiss_is_reproducible_for_a_seed():
    previous = [seating.random_draw(list(range(24)), 3, seed=1)[i] for i in range(3)]
    standing = list(range(24))
    assert seating.swiss(standing, previous, seed=4) == seating.swiss(standing, previous, seed=4)


def test_swiss_minimises_repeats_when_they_cannot_be_avoided():
    previous = seating.balanced(list(range(8)), 3)
    tables = seating.swiss(list(range(8)), previous)
    assert sorted(p for t in tables for p in t) == list(range(8))


def test_swiss_rejects_a_field_that_does_not_fill_tables():
    with pytest.raises(seating.SeatingError) as info:
        seating.swiss([1, 2, 3, 4, 5], [])
    assert info.value.code == "not_multiple_of_four"
