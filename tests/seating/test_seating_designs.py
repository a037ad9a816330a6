"""The exact constructions are resolvable designs, and the lower bound on repeats is a true bound."""

from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league import seating
from league.seating import designs
from league.seating.bounds import repeat_bounds


def assert_repeat_free_schedule(n, classes):
    """Each class is a partition of 0 .. n - 1 into tables of four; no pair shares two tables."""
    seen = set()
    for lines in classes:
        assert all(len(line) == 4 for line in lines)
        assert sorted(p for line in lines for p in line) == list(range(n))
        for line in lines:
            for pair in combinations(sorted(line), 2):
                assert pair not in seen, f"{pair} meet twice"
                seen.add(pair)
    return seen


@pytest.mark.parametrize(
    ("n", "sessions"),
    [(16, 5), (20, 5), (24, 7), (28, 9), (32, 10), (36, 11), (40, 13), (44, 14), (52, 17), (64, 21), (76, 25),
     (80, 25), (88, 29), (112, 37), (200, 25)],
)
def test_the_construction_for_the_field_is_a_repeat_free_resolvable_schedule(n, sessions):
    classes = designs.parallel_classes(n)
    assert len(classes) == designs.zero_repeat_sessions(n) == sessions
    assert_repeat_free_schedule(n, classes)


@pytest.mark.parametrize("n", [16, 28, 40, 52, 64, 76])
def test_the_full_designs_let_everyone_meet_everyone_exactly_once(n):
    met = assert_repeat_free_schedule(n, designs.parallel_classes(n))
    assert len(met) == n * (n - 1) // 2


def test_thirty_two_players_meet_all_but_one_partner_in_ten_sessions():
    met = assert_repeat_free_schedule(32, designs.thirty_two_classes())
    assert len(met) == 32 * 30 // 2
    never = {(a, b) for a, b in combinations(range(32), 2)} - met
    assert sorted(p for pair in never for p in pair) == list(range(32))  # a perfect matching


def test_twenty_four_players_meet_everyone_outside_their_row_of_three_in_seven_sessions():
    met = assert_repeat_free_schedule(24, designs.twenty_four_classes())
    assert len(met) == 24 * 21 // 2
    assert all(a // 3 == b // 3 for a, b in set(combinations(range(24), 2)) - met)


def meetings(classes) -> dict[tuple[int, int], int]:
    met: dict[tuple[int, int], int] = {}
    for lines in classes:
        for line in lines:
            for pair in combinations(sorted(line), 2):
                met[pair] = met.get(pair, 0) + 1
    return met


def test_twenty_four_players_meet_everyone_in_eight_sessions_and_only_a_perfect_matching_twice():
    classes = designs.twenty_four_covering()
    assert len(classes) == 8
    for lines in classes:
        assert all(len(line) == 4 for line in lines) and sorted(p for line in lines for p in line) == list(range(24))
    met = meetings(classes)
    assert len(met) == 24 * 23 // 2  # everyone meets everyone
    twice = [pair for pair, count in met.items() if count > 1]
    assert max(met.values()) == 2 and len(twice) == 12 == repeat_bounds(24, 8)["repeated_pairs"]
    assert sorted(p for pair in twice for p in pair) == list(range(24))  # a perfect matching
    assert all(count == 1 for count in meetings(classes[:5]).values())  # the repeats come last


def test_the_twenty_four_player_covering_is_invariant_under_the_alternating_group_its_docstring_names():
    def permutation(*cycles):
        image = list(range(24))
        for cycle in cycles:
            for i, p in enumerate(cycle):
                image[p] = cycle[(i + 1) % len(cycle)]
        return image

    def as_sets(classes):
        return sorted(sorted(sorted(line) for line in lines) for lines in classes)

    classes = designs.twenty_four_covering()
    for g in (permutation((0, 1, 2), (3, 6, 9), (4, 8, 10), (5, 7, 11), (12, 13, 14), (15, 17, 16), (18, 19, 20),
                          (21, 23, 22)),
              permutation((0, 3), (1, 5), (2, 4), (6, 10), (7, 9), (8, 11), (13, 16), (14, 15), (19, 22), (20, 21))):
        assert as_sets([[[g[p] for p in line] for line in lines] for lines in classes]) == as_sets(classes)


def test_only_fields_with_a_known_covering_have_one():
    assert len(designs.covering_classes(24)) == 8
    assert designs.covering_classes(20) == designs.covering_classes(48) == []


def test_thirty_six_players_meet_everyone_outside_their_group_of_three_in_eleven_sessions():
    met = assert_repeat_free_schedule(36, designs.thirty_six_classes())
    assert len(met) == 36 * 33 // 2
    group = {p: p % 11 for p in range(33)} | {33: "fixed", 34: "fixed", 35: "fixed"}
    assert all(group[a] == group[b] for a, b in set(combinations(range(36), 2)) - met)


def test_the_hermitian_unital_is_a_2_28_4_1_design():
    blocks = designs.unital_blocks()
    assert len(blocks) == 63
    pairs = [pair for block in blocks for pair in combinations(sorted(block), 2)]
    assert len(pairs) == len(set(pairs)) == 28 * 27 // 2


def test_pg33_has_130_lines_and_any_two_points_lie_on_exactly_one():
    lines = designs.pg33_lines()
    assert len(lines) == 130 and all(len(line) == 4 for line in lines)
    pairs = [pair for line in lines for pair in combinations(line, 2)]
    assert len(pairs) == len(set(pairs)) == 40 * 39 // 2


@pytest.mark.parametrize(("p", "e"), [(2, 2), (2, 3), (3, 2), (5, 1), (2, 4)])
def test_the_finite_fields_multiply_associatively_with_inverses(p, e):
    f = designs.Field(p, e)
    q = f.q
    for x in range(1, q):
        assert sorted(f.mul(x, y) for y in range(1, q)) == list(range(1, q))  # no zero divisors
    for x, y, z in [(1, q - 1, 2 % q), (q - 1, q - 2, q - 1), (2, 3 % q, q - 1)]:
        assert f.mul(f.mul(x, y), z) == f.mul(x, f.mul(y, z))
        assert f.mul(x, f.add(y, z)) == f.add(f.mul(x, y), f.mul(x, z))


def test_a_field_without_a_construction_has_one_class_only():
    assert designs.zero_repeat_sessions(8) == 1
    assert designs.zero_repeat_sessions(12) == 1


@pytest.mark.parametrize(
    ("n", "sessions"), [(20, 5), (24, 6), (24, 7), (28, 9), (32, 10), (36, 6), (36, 11), (40, 13), (200, 8)]
)
def test_balanced_draws_the_known_repeat_free_fields_without_a_repeat(n, sessions):
    r = seating.report(seating.balanced(list(range(1000, 1000 + n)), sessions, seed=5))
    assert r["repeated_pairs"] == 0 and r["max_meetings"] == 1
    assert r["wind_spread"] <= 1


def test_a_design_prefix_keeps_clubs_apart_too():
    players = list(range(40))
    groups = {p: f"club{p // 5}" for p in players}  # eight clubs of five
    r = seating.report(seating.balanced(players, 8, groups=groups, seed=2), groups=groups)
    assert r["repeated_pairs"] == 0
    assert r["group_clashes_by_session"][0] == 0


@pytest.mark.parametrize("seed", [0, 1])
def test_on_a_full_design_unavoidable_club_clashes_come_last(seed):
    players = list(range(40))
    groups = {p: f"club{p // 5}" for p in players}  # every pair meets once: 80 club pairs must clash
    r = seating.report(seating.balanced(players, 13, groups=groups, seed=seed), groups=groups)
    clashes = r["group_clashes_by_session"]
    assert r["repeated_pairs"] == 0 and r["group_clashes"] == 80
    assert clashes == sorted(clashes) and clashes[0] == 0


def _partitions(items):
    if not items:
        yield []
        return
    first = items[0]
    for rest in combinations(items[1:], 3):
        table = (first, *rest)
        remaining = [x for x in items if x not in table]
        for tail in _partitions(remaining):
            yield [table, *tail]


def test_the_bound_for_twelve_players_over_three_sessions_is_the_exhaustive_minimum():
    """Every 12 x 3 schedule, up to relabelling: the first session is fixed, the second is one
    representative per way of meeting the first (a 3 x 3 intersection matrix up to the order of
    rows and columns), the third is any of the 5,775 partitions."""
    pair_bit = {pair: 1 << i for i, pair in enumerate(combinations(range(12), 2))}

    def mask(partition):
        return sum(pair_bit[pair] for table in partition for pair in combinations(sorted(table), 2))

    everything = list(_partitions(list(range(12))))
    assert len(everything) == 5775
    first = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]

    def shape(partition):
        m = [[sum(1 for p in table if p // 4 == g) for table in partition] for g in range(3)]
        return min(tuple(sorted(tuple(m[g][t] for t in cols) for g in rows))
                   for rows in permutations(range(3)) for cols in permutations(range(3)))

    seconds = {}
    for partition in everything:
        seconds.setdefault(shape(partition), partition)
    a = mask(first)
    masks = [mask(p) for p in everything]
    fewest_pairs = fewest_meetings = None
    for second in seconds.values():
        b = mask(second)
        for c in masks:
            pairs = ((a & b) | (a & c) | (b & c)).bit_count()
            meetings = 3 * 18 - (a | b | c).bit_count()
            fewest_pairs = pairs if fewest_pairs is None else min(fewest_pairs, pairs)
            fewest_meetings = meetings if fewest_meetings is None else min(fewest_meetings, meetings)
    bound = repeat_bounds(12, 3)
    assert (fewest_pairs, fewest_meetings) == (3, 6)
    assert bound == {"repeated_pairs": 3, "repeat_meetings": 6}


@pytest.mark.parametrize(
    ("n", "sessions", "pairs", "meetings"),
    [
        (4, 2, 6, 6),  # the same table again
        (8, 2, 4, 4),  # two tables: each new table holds two pairs from one old table
        (12, 2, 3, 3),
        (16, 5, 0, 0),
        (16, 6, 8, 24),  # 18 meetings each among 15 others
        (28, 10, 14, 42),
        (64, 21, 0, 0),
        (20, 6, 2, 6),  # exhaustive search: docs/proofs/seating_20x6
        (20, 7, 10, 20),  # counting outgrows the search's 6
        (24, 8, 12, 12),  # 24 meetings each among 23 others: one partner twice
    ],
)
def test_the_lower_bound_follows_from_counting_and_pigeonhole(n, sessions, pairs, meetings):
    assert repeat_bounds(n, sessions) == {"repeated_pairs": pairs, "repeat_meetings": meetings}


@pytest.mark.parametrize(("n", "sessions"), [(8, 3), (12, 3), (16, 6), (20, 7)])
def test_no_draw_beats_the_lower_bound(n, sessions):
    r = seating.report(seating.balanced(list(range(n)), sessions, work=20_000))
    bound = repeat_bounds(n, sessions)
    assert r["repeated_pairs"] >= bound["repeated_pairs"]
    assert r["repeat_meetings"] >= bound["repeat_meetings"]


def test_the_fifty_two_player_design_is_the_translates_of_one_base_session():
    classes = designs.rotational_classes(17)
    assert len(classes) == 17
    for t, lines in enumerate(classes):
        assert sorted([51, t, 17 + t, 34 + t]) in [sorted(line) for line in lines]


@pytest.mark.parametrize("q", [5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61, 81])
def test_the_rotational_design_on_3q_plus_1_players_lets_everyone_meet_everyone_exactly_once(q):
    n = 3 * q + 1
    assert designs.rotational_field(n) == q
    classes = designs.rotational_classes(q)
    assert len(classes) == q == (n - 1) // 3
    assert len(assert_repeat_free_schedule(n, classes)) == n * (n - 1) // 2


@pytest.mark.parametrize("n", [12, 20, 48, 64, 100, 136, 172, 196])
def test_fields_whose_third_of_n_minus_1_is_no_prime_power_1_mod_4_have_no_rotational_design(n):
    assert designs.rotational_field(n) is None


@pytest.mark.parametrize(
    ("n", "sessions"),
    [(16, 5), (28, 9), (40, 13), (52, 17), (64, 21), (76, 25), (88, 29), (112, 37), (124, 41), (148, 49),
     (160, 53), (184, 61), (256, 85)],
)
def test_every_field_of_4_mod_12_players_up_to_256_with_a_prime_power_or_geometry_has_its_full_design(n, sessions):
    assert n % 12 == 4 and sessions == (n - 1) // 3
    assert designs.zero_repeat_sessions(n) == sessions


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([(16, 5), (28, 9), (44, 14), (52, 14), (52, 17), (64, 21), (76, 25)]), st.integers(0, 2**32))
def test_fields_with_a_resolvable_design_are_drawn_without_a_repeated_pair(case, seed):
    n, sessions = case
    players = list(range(500, 500 + n))
    schedule = seating.balanced(players, sessions, seed=seed)
    assert len(schedule) == sessions
    for session in schedule:
        assert sorted(p for table in session for p in table) == players, "every player once per session"
    r = seating.report(schedule)
    assert r["repeated_pairs"] == 0 and r["max_meetings"] == 1
    assert r["wind_spread"] <= 1


def test_forty_four_players_meet_all_but_one_partner_in_fourteen_sessions():
    met = assert_repeat_free_schedule(44, designs.forty_four_classes())
    never = set(combinations(range(44), 2)) - met
    assert never == {(14 * r + x, 14 * r + x + 7) for r in range(3) for x in range(7)} | {(42, 43)}


def test_the_secret_seed_decides_who_sits_where_on_the_fifty_two_player_design():
    players = list(range(52))
    first, second = seating.balanced(players, 14, seed=11), seating.balanced(players, 14, seed=12)
    assert first != second
    assert first == seating.balanced(players, 14, seed=11)


def test_clubs_are_kept_apart_on_the_fifty_two_player_design_without_a_repeat():
    players = list(range(52))
    groups = {p: f"club{p % 13}" for p in players}  # thirteen clubs of four
    r = seating.report(seating.balanced(players, 14, groups=groups, seed=3), groups=groups)
    assert r["repeated_pairs"] == 0
    assert r["group_clashes_by_session"][0] == 0


def test_twenty_players_over_six_sessions_are_drawn_at_the_searched_bound_of_six_repeat_meetings():
    r = seating.report(seating.balanced(list(range(20)), 6, seed=0))
    assert r["repeat_meetings"] == repeat_bounds(20, 6)["repeat_meetings"] == 6


def test_the_field_above_its_bound_repeats_no_more_than_the_design_extension_in_bounds_py():
    r = seating.report(seating.balanced(list(range(20)), 6, seed=0))
    assert repeat_bounds(20, 6)["repeated_pairs"] <= r["repeated_pairs"] <= 6
    assert r["max_meetings"] == 2


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_twenty_four_players_over_eight_sessions_are_drawn_at_the_counting_bound_of_twelve_repeated_pairs(seed):
    r = seating.report(seating.balanced(list(range(100, 124)), 8, seed=seed))
    assert r["repeated_pairs"] == r["repeat_meetings"] == repeat_bounds(24, 8)["repeated_pairs"] == 12
    assert r["pairs_met"] == 24 * 23 // 2 and r["max_meetings"] == 2
    assert r["wind_spread"] == 0  # eight sessions: everyone sits each wind twice


def test_clubs_in_a_twenty_four_player_covering_clash_as_late_as_they_must():
    """Six clubs of four: every pair meets, so the 36 pairs of clubmates must meet somewhere; the
    draw keeps the bound on repeats and pushes the clashes to the last sessions."""
    groups = {p: f"club{p % 6}" for p in range(24)}
    r = seating.report(seating.balanced(list(range(24)), 8, seed=1, groups=groups), groups=groups)
    assert r["repeated_pairs"] == 12
    clashes = r["group_clashes_by_session"]
    assert sum(clashes) >= 36 and clashes[:4] == [0, 0, 0, 0]


@pytest.mark.parametrize(("n", "sessions"), [(76, 25), (88, 29), (112, 37)])
def test_balanced_draws_every_4_mod_12_field_with_a_rotational_design_at_zero_repeats(n, sessions):
    r = seating.report(seating.balanced(list(range(n)), sessions, seed=1))
    assert r["repeated_pairs"] == 0 and r["pairs_met"] == n * (n - 1) // 2
    assert r["wind_spread"] <= 1


@pytest.mark.parametrize(("n", "sessions"), [(100, 33), (136, 45), (172, 57), (196, 65), (208, 69), (232, 77)])
def test_every_field_of_4_mod_12_players_up_to_256_without_a_prime_power_has_its_full_mirrored_design(n, sessions):
    assert designs.rotational_field(n) is None and designs.mirrored_field(n) == sessions
    classes = designs.parallel_classes(n)
    assert len(classes) == designs.zero_repeat_sessions(n) == sessions == (n - 1) // 3
    assert len(assert_repeat_free_schedule(n, classes)) == n * (n - 1) // 2


@pytest.mark.parametrize("m", [5, 9, 13, 33, 45])
def test_the_mirrored_base_session_is_fixed_by_reflection_and_joins_each_row_pair_by_a_quarter_of_its_pairs(m):
    base = designs.mirrored_base(m)
    assert len(base) == 3 * (m - 1) // 4
    for pair in [(0, 1), (0, 2), (1, 2)]:
        assert sum(1 for r, s, _x, _y in base if (r, s) == pair) == (m - 1) // 4
    classes = designs.mirrored_classes(m)
    assert sorted([3 * m, 0, m, 2 * m]) in [sorted(line) for line in classes[0]]
    reflect = {p: p if p == 3 * m else (p // m) * m + (-p) % m for p in range(3 * m + 1)}
    first = sorted(sorted(line) for line in classes[0])
    assert sorted(sorted(reflect[p] for p in line) for line in classes[0]) == first
    assert len(assert_repeat_free_schedule(3 * m + 1, classes)) == (3 * m + 1) * 3 * m // 2


def test_one_hundred_players_over_thirty_three_sessions_are_drawn_without_a_repeated_pair():
    r = seating.report(seating.balanced(list(range(100)), 33, seed=4))
    assert r["repeated_pairs"] == 0 and r["pairs_met"] == 100 * 99 // 2
    assert r["wind_spread"] <= 1
