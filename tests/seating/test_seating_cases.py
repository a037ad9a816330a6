"""Known cases of the seat draws and of the quality report, checked by hand."""

from itertools import combinations

import pytest

from league import seating
from league.seating.designs import affine_parallel_classes


def test_sixteen_players_over_five_sessions_meet_everyone_exactly_once():
    players = list(range(101, 117))
    schedule = seating.balanced(players, 5, seed=7)
    r = seating.report(schedule)
    assert r["pairs_met"] == 16 * 15 // 2
    assert r["repeated_pairs"] == 0 and r["max_meetings"] == 1
    assert r["wind_spread"] == 1


@pytest.mark.parametrize("m", [2, 3])
def test_the_affine_geometry_over_gf4_puts_every_pair_on_exactly_one_line(m):
    classes = affine_parallel_classes(m)
    n = 4**m
    assert len(classes) == (n - 1) // 3
    seen = set()
    for lines in classes:
        assert sorted(p for line in lines for p in line) == list(range(n))
        for line in lines:
            for pair in combinations(sorted(line), 2):
                assert pair not in seen
                seen.add(pair)
    assert len(seen) == n * (n - 1) // 2


@pytest.mark.parametrize(("n", "sessions"), [(36, 6), (64, 8), (128, 10)])
def test_the_benchmark_fields_have_no_repeated_pair_and_winds_within_one(n, sessions):
    r = seating.report(seating.balanced(list(range(n)), sessions))
    assert r["repeated_pairs"] == 0
    assert r["wind_spread"] <= 1


def test_sixteen_players_in_six_sessions_repeat_no_more_than_the_unavoidable_sixth_session():
    r = seating.report(seating.balanced(list(range(16)), 6))
    # Five sessions use up every pair; each table of the sixth repeats its six pairs.
    assert r["repeat_meetings"] == 24 and r["max_meetings"] == 2


def test_the_report_of_eight_players_over_three_sessions_matches_a_hand_count():
    schedule = [
        [[1, 2, 3, 4], [5, 6, 7, 8]],
        [[1, 2, 5, 6], [3, 4, 7, 8]],
        [[2, 1, 7, 8], [4, 3, 6, 5]],
    ]
    groups = {1: "Red", 2: "Red", 5: "Blue", 6: "Blue", 3: "Green"}
    r = seating.report(schedule, groups=groups)
    # Pairs: 1-2 meet 3 times, 3-4, 5-6, 7-8 meet 3 times too; 1-3,1-4,2-3,2-4 once (s1);
    # 1-5,1-6,2-5,2-6 once (s2); 1-7,1-8,2-7,2-8 once (s3); 3-7,3-8,4-7,4-8 once (s2);
    # 3-5,3-6,4-5,4-6 once (s3); 5-7,5-8,6-7,6-8 once (s1).
    assert r["pairs_met"] == 4 + 6 * 4
    assert r["repeated_pairs"] == 4
    assert r["repeat_meetings"] == 4 * 2
    assert r["max_meetings"] == 3
    assert r["meetings_histogram"] == {1: 24, 3: 4}
    # Seats: 1 E,E,S; 2 S,S,E; 3 W,E,S; 4 N,S,E; 5 E,W,N; 6 S,N,W; 7 W,W,W; 8 N,N,N.
    assert r["winds"][1] == [2, 1, 0, 0]
    assert r["winds"][2] == [1, 2, 0, 0]
    assert r["winds"][3] == [1, 1, 1, 0]
    assert r["winds"][5] == [1, 0, 1, 1]
    assert r["winds"][7] == [0, 0, 3, 0]
    assert r["wind_spread_by_player"][3] == 1
    assert r["wind_spread_by_player"][7] == 3
    assert r["wind_spread"] == 3
    # Red 1-2 sit together in all three sessions; Blue 5-6 in all three.
    assert r["group_clashes_by_session"] == [2, 2, 2]
    assert r["group_clashes"] == 6
    assert (0, 0, 1, 2) in r["group_clash_detail"]


def test_the_report_of_an_empty_schedule_is_all_zero():
    r = seating.report([])
    assert r["repeated_pairs"] == r["max_meetings"] == r["wind_spread"] == r["group_clashes"] == 0


def test_balanced_keeps_clubs_apart_in_the_early_sessions():
    players = list(range(32))
    groups = {p: f"club{p // 4}" for p in players}  # eight clubs of four
    r = seating.report(seating.balanced(players, 4, groups=groups), groups=groups)
    assert r["group_clashes"] == 0 and r["repeated_pairs"] == 0


def test_balanced_keeps_clubs_apart_on_the_sixteen_player_design_too():
    players = list(range(16))
    groups = {p: f"club{p % 4}" for p in players}  # four clubs of four
    r = seating.report(seating.balanced(players, 5, groups=groups, seed=3), groups=groups)
    assert r["repeated_pairs"] == 0
    # In AG(2, 4) each club can be one line of one parallel class: only one table clashes.
    assert r["group_clashes_by_session"][:4] == [0, 0, 0, 0]


def test_clashes_that_cannot_be_avoided_are_kept_to_the_minimum_in_every_session():
    players = list(range(16))
    groups = {p: "big" if p < 6 else f"solo{p}" for p in players}  # six from one club, four tables
    r = seating.report(seating.balanced(players, 3, groups=groups), groups=groups)
    # Six players at four tables: two tables hold two of them, one clash each.
    assert r["group_clashes_by_session"] == [2, 2, 2]
    assert r["repeated_pairs"] == 0


def test_twelve_players_must_repeat_in_the_second_session_and_the_draw_stays_valid():
    # Three tables: the second session puts two of some first-session table together.
    r = seating.report(seating.balanced(list(range(12)), 2))
    assert r["repeated_pairs"] == 3 and r["max_meetings"] == 2


@pytest.mark.parametrize(
    ("players", "subs", "code"),
    [
        ([], [], "too_few_players"),
        ([1, 2], [3], "too_few_players"),
        ([1, 2, 3, 4, 5], [6, 7], "not_multiple_of_four"),
        ([1, 2, 3, 3], [], "duplicate_players"),
        ([1, 2, 3], [3], "duplicate_players"),
    ],
)
def test_impossible_fields_raise_a_seating_error_with_a_code(players, subs, code):
    with pytest.raises(seating.SeatingError) as info:
        seating.balanced(players, 2, substitutes=subs)
    assert info.value.code == code
    with pytest.raises(seating.SeatingError):
        seating.random_draw(players, 2, substitutes=subs)


def test_zero_sessions_is_an_error():
    with pytest.raises(seating.SeatingError) as info:
        seating.balanced([1, 2, 3, 4], 0)
    assert info.value.code == "bad_sessions"


def test_three_substitutes_complete_a_field_of_thirteen():
    schedule = seating.balanced(list(range(13)), 2, substitutes=[100, 101, 102, 103])
    seated = {p for table in schedule[0] for p in table}
    assert seated == set(range(13)) | {100, 101, 102}


def test_the_report_rejects_a_player_seated_twice_in_one_session():
    with pytest.raises(seating.SeatingError) as info:
        seating.report([[[1, 2, 3, 4], [4, 5, 6, 7]]])
    assert info.value.code == "invalid_schedule"


def test_a_late_registration_continues_the_balanced_draw_against_the_sessions_played():
    first = list(range(100, 116))
    played = seating.balanced(first, 5, seed=3)[:2]
    field = first + [500, 501, 502, 503]  # four players register after session 2
    schedule = seating.balanced(field, 5, seed=3, previous=played)
    assert schedule[:2] == played
    for session in schedule[2:]:
        assert sorted(p for table in session for p in table) == sorted(field)
    r = seating.report(schedule)
    # Drawn one session at a time from the registration order, the same case repeats 6 pairs.
    assert r["repeated_pairs"] <= 2
    assert r["wind_spread"] <= 1


def test_a_withdrawal_continues_the_draw_without_the_player_who_left():
    first = list(range(20))
    played = seating.balanced(first, 5, seed=1)[:3]
    schedule = seating.balanced(first[:-4], 5, seed=1, previous=played, work=50_000)
    assert schedule[:3] == played
    assert all(sorted(p for t in s for p in t) == list(range(16)) for s in schedule[3:])
