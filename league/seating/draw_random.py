"""The ``random`` method: a seeded, reproducible random draw.

Each session is an independent shuffle of the field cut into tables of four.  Seats are
then balanced exactly as for ``balanced`` (or left as drawn, with ``wind_balance=False``).
The same players, sessions and seed always give the same draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import TABLE_SIZE, Schedule, check_sessions, field
from .winds import balance_winds


def random_draw(
    players: Sequence[int],
    sessions: int,
    *,
    seed: int = 0,
    substitutes: Sequence[int] = (),
    wind_balance: bool = True,
) -> Schedule:
    """schedule[session][table] = four player ids in seat order (seat 0 = East)."""
    check_sessions(sessions)
    ids = field(players, substitutes)
    rng = random.Random(seed)
    schedule = []
    for _ in range(sessions):
        order = list(ids)
        rng.shuffle(order)
        schedule.append([order[i : i + TABLE_SIZE] for i in range(0, len(order), TABLE_SIZE)])
    return balance_winds(schedule, seed) if wind_balance else schedule
