"""The quality report for any seating (from any method, or typed in by hand).

``report(schedule, groups=None)`` returns a dict:

``players``, ``sessions``, ``tables``
    size of the schedule.
``pairs_met``
    number of distinct pairs who share a table at least once.
``repeated_pairs``
    number of distinct pairs who share a table MORE than once (a pair meeting three times
    counts once here).
``repeat_meetings``
    the meetings beyond the first, summed over pairs: Σ max(0, m - 1) (a pair meeting three
    times counts twice here).
``max_meetings``
    the most times any one pair meets (0 for an empty schedule).
``meetings_histogram``
    {m: number of pairs meeting exactly m times}, for m >= 1.
``winds``
    {player: [times East, South, West, North]} where a player's wind is their seat index
    (seat 0 = East at the start of the game).
``wind_spread_by_player``
    {player: max(winds) - min(winds)}.
``wind_spread``
    the worst player's spread, max over players (0 for an empty schedule).  With S
    sessions the best possible is 0 if S is a multiple of 4, else 1.
``group_clashes``
    number of same-group pairs seated together, summed over all sessions and tables
    (0 without ``groups``; players missing from ``groups`` belong to no group).
``group_clashes_by_session``
    the same, one count per session.
``group_clash_detail``
    [(session, table, player_a, player_b)], all 0-based.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations

from .errors import Schedule, check_session
from .winds import wind_counts


def report(schedule: Schedule, *, groups: Mapping[int, str] | None = None) -> dict:
    met: Counter[tuple[int, int]] = Counter()
    players: set[int] = set()
    clash_detail = []
    clashes_by_session = []
    groups = groups or {}
    for s, session in enumerate(schedule):
        check_session(session, s)
        clashes = 0
        for t, table in enumerate(session):
            players.update(table)
            for a, b in combinations(table, 2):
                met[(a, b) if a < b else (b, a)] += 1
                ga, gb = groups.get(a), groups.get(b)
                if ga is not None and ga != "" and ga == gb:
                    clashes += 1
                    clash_detail.append((s, t, a, b))
        clashes_by_session.append(clashes)
    winds = wind_counts(schedule)
    spread = {p: max(c) - min(c) for p, c in winds.items()}
    return {
        "players": len(players),
        "sessions": len(schedule),
        "tables": sum(len(session) for session in schedule),
        "pairs_met": len(met),
        "repeated_pairs": sum(1 for m in met.values() if m > 1),
        "repeat_meetings": sum(m - 1 for m in met.values()),
        "max_meetings": max(met.values(), default=0),
        "meetings_histogram": dict(sorted(Counter(met.values()).items())),
        "winds": dict(sorted(winds.items())),
        "wind_spread_by_player": dict(sorted(spread.items())),
        "wind_spread": max(spread.values(), default=0),
        "group_clashes": sum(clashes_by_session),
        "group_clashes_by_session": clashes_by_session,
        "group_clash_detail": clash_detail,
    }
