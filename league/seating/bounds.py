"""Proven lower bounds on repeated meetings for any seating of n players at tables of four.

``repeat_bounds(n, sessions)`` returns ``{"repeated_pairs": a, "repeat_meetings": b}``:
no schedule of ``sessions`` sessions for ``n`` players (``n`` a multiple of four) has
fewer than ``a`` distinct pairs meeting more than once, nor fewer than ``b`` meetings
beyond the first (Σ over pairs of max(0, m - 1)); the names are those of
:func:`.quality.report`.  The bound is the largest of these arguments, each a proof:

1. Counting (every field).  A player sits with 3 others per session, 3S meetings in S
   sessions, among at most n - 1 different partners; so at least e = 3S - (n - 1) of those
   meetings are repeats.  Each repeat meeting is counted by both its players, hence
   ``repeat_meetings >= ceil(n * e / 2)``.  One repeated partner absorbs at most S - 1 of a
   player's repeats (a pair meets at most S times), so each player has at least
   ceil(e / (S - 1)) repeated partners and ``repeated_pairs >= ceil(n * ceil(e / (S - 1)) / 2)``.
   This is what makes 16 players over 6 sessions cost 24 repeat meetings (the five
   sessions of AG(2, 4) use up every pair).

2. Few tables (k = n / 4 tables, k <= 3: 4, 8 or 12 players).  A table of four drawn from
   the k tables of an earlier session has, by pigeonhole, two (or more) players from one
   of them: at least P(k) pairs who sat together before, P(1) = 6, P(2) = 2, P(3) = 1 (the
   fewest pairs when 4 is split into k parts).  The tables of a session are disjoint, so
   every session after the first repeats at least k * P(k) meetings, and already the
   second session repeats k * P(k) distinct pairs:
   ``repeat_meetings >= (S - 1) * k * P(k)`` and ``repeated_pairs >= k * P(k)`` for S >= 2.
   12 players over 2 or 3 sessions: at least 3 repeated pairs (exhaustive enumeration of
   every 12 x 3 schedule finds exactly 3 as the minimum; tests/seating checks it).

3. Exhaustive search (one field).  20 players over 6 sessions: counting allows 0, but every
   schedule repeats at least 6 meetings, so at least 2 pairs (a pair meets at most six times,
   five repeats).  The proof is in docs/proofs/seating_20x6 (its README gives the argument and
   ``prove.py`` re-runs the search, about a quarter of an hour): either no pair meets three times, and
   then three sessions share no pair (Mantel), which leaves 72 cases for the other three
   sessions; or a pair meets three times, which leaves 6 cases for its second session; an
   exhaustive search finds no schedule of at most 5 repeat meetings in any of them.  Already
   the published non-existence of the social golfer instance 5-4-6 (a resolvable 4-GDD of
   type 2^10; Harvey's tables list 5 as the most sessions for five tables of four) gave 1.
   More sessions cannot repeat less, so the bound holds for 20 players over any S >= 6 (from 7
   on, counting gives more).

A bound of 0 where no repeat-free schedule is known does not claim one exists; the
constructions of :mod:`.designs` reach 0 where they apply.

Where the draw stays above the bound, or reaches it only by a construction (see bench/seating.py):

* 20 x 6: at the bound for repeat meetings (6, see 3.), and so at the bound for repeated pairs
  among the schedules in which no pair meets three times (there the two counts are the same):
  the draw repeats 6 pairs, each twice (the five sessions of the transversal design leave four
  rows of five who have not met; four tables of four from one row and the four left over, who
  have all met, make the sixth).  Fewer repeated pairs, down to the bound of 2, could only come
  from a pair meeting three times or more (the search of 3.), which a draw should not prefer to
  six pairs meeting twice; whether such a schedule exists is open.  The case-T search with the
  budget on distinct repeated pairs (a third meeting free) finds none with at most 5 in any of
  the 72 classes (1,293 s): in such a schedule, of any three sessions two share a pair.  A
  simulated annealing on the repeated pairs, with and without such pairs forced together,
  ended at 6 or more in every run.  Before the proof: a dedicated tabu search (exact objective, a few minutes)
  found nothing below 6 repeat meetings, nor did a simulated annealing in C over all six
  sessions (354 runs of five million swaps: every run ended at 6).  Z_5 cannot do better:
  with four rows of Z_5 the six sessions are one orbit of five and one session fixed by Z_5
  (all six fixed would leave the 40 pairs within rows unmet); a table of the fixed session
  holds one player of each row, so with the rows translated independently the fixed session
  is the columns; pairs then repeat in whole orbits of five, and an exhaustive search over
  the base session finds no schedule with fewer than 10 repeated pairs.  SAT (CaDiCaL) on the
  direct encodings, with one, two or three sessions fixed, did not settle any of this in
  minutes per case.
* 24 x 8: at the bound 12 (see :func:`.designs.twenty_four_covering`): the counting bound is
  reached only if every player meets one partner twice and everyone else once, i.e. the eight
  sessions cover K_24 plus a perfect matching (a resolvable minimum covering of pairs by
  quadruples).  The seven repeat-free sessions of the 24-player design cannot be extended so
  (they leave eight rows of three unmet, and any eighth session repeats at least 18 pairs among
  them), and exhaustive searches found no schedule invariant under Z_8 or Q_8 on three orbits
  of eight, under any group of order 24 acting regularly or under any group of order 12 on two
  orbits of twelve.  A SAT search over schedules invariant under A_4 acting on the players as
  one regular orbit and two orbits of six (each of those players fixed by an involution) found
  one in under two seconds.
* 44 x 14: at the bound 0 (see :func:`.designs.forty_four_classes`, a resolvable 4-GDD of
  type 2^22 over Z_14).
* 100 x 33, and every other field of 4 mod 12 players up to 256: at the bound 0 (see
  :func:`.designs.mirrored_classes`).
"""

from __future__ import annotations

from .errors import TABLE_SIZE

_PIGEONHOLE = {1: 6, 2: 2, 3: 1}
# Fields bounded by an exhaustive search (see 3. above): (players, sessions) -> bounds that hold
# for that many sessions and more.
_SEARCHED = {(20, 6): {"repeated_pairs": 2, "repeat_meetings": 6}}


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def repeat_bounds(n: int, sessions: int) -> dict[str, int]:
    """Lower bounds on ``repeated_pairs`` and ``repeat_meetings`` (see the module docstring)."""
    pairs = meetings = 0
    if n < TABLE_SIZE or sessions < 2:
        return {"repeated_pairs": 0, "repeat_meetings": 0}
    excess = (TABLE_SIZE - 1) * sessions - (n - 1)
    if excess > 0:
        meetings = _ceil_div(n * excess, 2)
        pairs = _ceil_div(n * _ceil_div(excess, sessions - 1), 2)
    k = n // TABLE_SIZE
    if k in _PIGEONHOLE:
        meetings = max(meetings, (sessions - 1) * k * _PIGEONHOLE[k])
        pairs = max(pairs, k * _PIGEONHOLE[k])
    for (field, first), searched in _SEARCHED.items():
        if n == field and sessions >= first:
            pairs = max(pairs, searched["repeated_pairs"])
            meetings = max(meetings, searched["repeat_meetings"])
    return {"repeated_pairs": pairs, "repeat_meetings": meetings}
