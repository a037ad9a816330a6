"""The seating error type and the shared checks on player lists and schedules."""

from __future__ import annotations

from collections.abc import Sequence

Table = list[int]
Session = list[Table]
Schedule = list[Session]

TABLE_SIZE = 4
WIND_NAMES = ("East", "South", "West", "North")


class SeatingError(ValueError):
    """A request the seating algorithms cannot satisfy.

    ``code`` is a stable machine-readable string (the Django layer maps it to a message or a
    form error); ``message`` is a human-readable English explanation.

    Codes: ``too_few_players``, ``not_multiple_of_four``, ``duplicate_players``,
    ``bad_sessions``, ``invalid_schedule``.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def check_sessions(sessions: int) -> None:
    if isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1:
        raise SeatingError(
            "bad_sessions", f"the number of sessions must be a positive integer, not {sessions!r}"
        )


def check_unique(ids: Sequence[int]) -> None:
    seen: set[int] = set()
    for pid in ids:
        if pid in seen:
            raise SeatingError("duplicate_players", f"player {pid!r} is listed more than once")
        seen.add(pid)


def field(players: Sequence[int], substitutes: Sequence[int] = ()) -> list[int]:
    """The players who will sit: all registered players plus as few substitutes as needed.

    Substitutes are taken in the order given, and only as many as are needed to bring the
    count up to a multiple of four.
    """
    players = list(players)
    substitutes = list(substitutes)
    check_unique(players + substitutes)
    if len(players) + len(substitutes) < TABLE_SIZE or not players:
        raise SeatingError(
            "too_few_players",
            f"a table needs {TABLE_SIZE} players; there are {len(players)} players "
            f"and {len(substitutes)} substitutes",
        )
    needed = -len(players) % TABLE_SIZE
    if needed > len(substitutes):
        raise SeatingError(
            "not_multiple_of_four",
            f"{len(players)} players need {needed} substitute(s) to fill the tables, "
            f"but only {len(substitutes)} are available",
        )
    return players + substitutes[:needed]


def check_session(session: Sequence[Sequence[int]], index: int = 0) -> None:
    """Every table has four distinct players and nobody sits twice in one session."""
    seen: set[int] = set()
    for t, table in enumerate(session):
        if len(table) != TABLE_SIZE:
            raise SeatingError(
                "invalid_schedule", f"session {index + 1}, table {t + 1} has {len(table)} players, not 4"
            )
        for pid in table:
            if pid in seen:
                raise SeatingError(
                    "invalid_schedule", f"player {pid!r} sits more than once in session {index + 1}"
                )
            seen.add(pid)
