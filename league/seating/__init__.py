"""Seat draws for Mah-Jongg tournaments: who sits at which table, in which seat, each session.

A pure-Python package (standard library only, no Django): the Django layer passes player
ids in and stores the schedule that comes back.  A schedule is
``schedule[session][table] = [east, south, west, north]`` (player ids; seat 0 is East at
the start of the game).

Methods:

* :func:`balanced` (:mod:`.draw_balanced`) - the whole schedule in advance: no pair meets
  twice where possible, few repeats where not, winds as even as the session count allows,
  optionally clubs or teams kept apart early on.  Uses an exact repeat-free construction
  (:mod:`.designs`: affine and projective geometries, transversal designs over finite
  fields, the Hermitian unital, structured 24-, 32-, 36- and 44-player designs) whenever one
  covers the field and the sessions (16 x 5, 20 x 5, 24 x 7, 28 x 9, 32 x 10, 36 x 11,
  40 x 13, 44 x 14, 52 x 17, 64 x 21, 76 x 25, 88 x 29, 200 x 25, ...; every field of
  3q + 1 players for a prime power q = 1 mod 4 over up to q sessions), a tabu search
  (:mod:`.search`) otherwise, compared against the proven lower bound of :mod:`.bounds`,
  and an exact equitable edge colouring for the winds (:mod:`.winds`).  No solver
  dependency (OR-tools' CP-SAT was considered: the constructions reach every target field in under a second without it).
* :func:`swiss` (:mod:`.draw_swiss`) - the next session from the current standings.
* :func:`random_draw` (:mod:`.draw_random`) - a seeded, reproducible random draw.
* :func:`report` (:mod:`.quality`) - the quality figures of any schedule.

Errors are :class:`SeatingError` with a stable ``code`` (:mod:`.errors`).

Why our own code: general scheduling and design libraries exist, but no maintained Python
library draws four-player Mah-Jongg tables with repeat avoidance, substitutes, club
separation and seat-wind balance together; what exists are one-off generators and
published fixed tables.  The problem is small enough that a self-contained,
deterministic (seeded, never clock-dependent) implementation is easier to trust and test.
"""

from .draw_balanced import balanced
from .draw_random import random_draw
from .draw_swiss import swiss
from .errors import WIND_NAMES, Schedule, SeatingError
from .quality import report

__all__ = ["WIND_NAMES", "Schedule", "SeatingError", "balanced", "random_draw", "report", "swiss"]
