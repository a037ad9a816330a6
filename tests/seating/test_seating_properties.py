"""Properties every seat draw must have, checked with hypothesis on small random fields."""

from hypothesis import given, settings
from hypothesis import strategies as st

from league import seating
from league.seating.designs import zero_repeat_sessions

FAST = settings(max_examples=25, deadline=None)
# Small fields over many sessions have no repeat-free schedule and would use the whole search
# budget; the properties here hold for any budget, so a small one keeps the tests quick.
WORK = 30_000


@st.composite
def fields(draw, max_players=30):
    n = draw(st.integers(min_value=4, max_value=max_players))
    ids = draw(st.lists(st.integers(1, 10_000), min_size=n + 3, max_size=n + 3, unique=True))
    return ids[:n], ids[n:]


def assert_valid(schedule, field, sessions):
    assert len(schedule) == sessions
    for session in schedule:
        assert all(len(table) == 4 for table in session)
        seated = [p for table in session for p in table]
        assert sorted(seated) == sorted(field), "every player exactly once per session"


@FAST
@given(fields(), st.integers(1, 6), st.integers(0, 3))
def test_balanced_seats_every_player_exactly_once_per_session_at_tables_of_four(fld, sessions, seed):
    players, subs = fld
    schedule = seating.balanced(players, sessions, seed=seed, substitutes=subs, work=WORK)
    needed = -len(players) % 4
    assert_valid(schedule, players + subs[:needed], sessions)


@FAST
@given(fields(), st.integers(1, 6), st.integers(0, 3))
def test_random_draw_seats_every_player_exactly_once_per_session_at_tables_of_four(fld, sessions, seed):
    players, subs = fld
    schedule = seating.random_draw(players, sessions, seed=seed, substitutes=subs)
    assert_valid(schedule, players + subs[: -len(players) % 4], sessions)


@FAST
@given(fields(), st.integers(1, 5), st.integers(0, 1000))
def test_the_same_seed_gives_the_same_seating(fld, sessions, seed):
    players, subs = fld
    assert seating.balanced(players, sessions, seed=seed, substitutes=subs, work=WORK) == seating.balanced(
        players, sessions, seed=seed, substitutes=subs, work=WORK
    )
    assert seating.random_draw(players, sessions, seed=seed, substitutes=subs) == seating.random_draw(
        players, sessions, seed=seed, substitutes=subs
    )


@FAST
@given(fields())
def test_substitutes_fill_only_as_many_seats_as_needed_and_in_order(fld):
    players, subs = fld
    seated = {p for table in seating.balanced(players, 1, substitutes=subs)[0] for p in table}
    needed = -len(players) % 4
    assert seated == set(players) | set(subs[:needed])
    assert not seated & set(subs[needed:])


@FAST
@given(fields(max_players=40), st.integers(1, 9))
def test_balanced_winds_differ_by_at_most_one_and_by_none_when_sessions_divide_by_four(fld, sessions):
    players, subs = fld
    r = seating.report(seating.balanced(players, sessions, substitutes=subs, work=WORK))
    assert r["wind_spread"] <= (0 if sessions % 4 == 0 else 1)
    for counts in r["winds"].values():
        assert sorted(set(counts)) in ([sessions // 4], [sessions // 4, -(-sessions // 4)])


@FAST
@given(st.integers(5, 60).map(lambda k: 4 * k), st.integers(1, 4), st.integers(0, 5))
def test_balanced_has_no_repeated_pair_when_the_sessions_are_few_for_the_field(n, sessions, seed):
    if 3 * sessions > (n - 1) // 2:
        sessions = max(1, (n - 1) // 6)
    r = seating.report(seating.balanced(list(range(n)), sessions, seed=seed))
    assert r["repeated_pairs"] == 0


@FAST
@given(st.integers(1, 50).map(lambda k: 4 * k), st.integers(0, 1000))
def test_balanced_never_repeats_a_pair_where_a_construction_covers_the_sessions(n, seed):
    sessions = zero_repeat_sessions(n)
    r = seating.report(seating.balanced(list(range(n)), sessions, seed=seed))
    assert r["repeated_pairs"] == 0 and r["sessions"] == sessions
