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

Where the draw stays above the bound (see bench/seating.py):

* 20 x 6: at the bound for repeat meetings (6, see 3.), above it for repeated pairs: the bound
  is 2, the draw repeats 6 pairs, each twice (the five sessions of the transversal design
  leave four rows of five who have not met; four tables of four from one row and the four
  left over, who have all met, make the sixth).  The search of 3. also shows that a schedule
  repeating at most 5 pairs must have a pair meeting three times (in case T, with no pair
  meeting three times, repeated pairs and repeat meetings are the same count); whether one
  exists is open.  Before the proof: a dedicated tabu search (exact objective, a few minutes)
  found nothing below 6 repeat meetings, nor did a simulated annealing in C over all six
  sessions (354 runs of five million swaps: every run ended at 6).  Z_5 cannot do better:
  with four rows of Z_5 the six sessions are one orbit of five and one session fixed by Z_5
  (all six fixed would leave the 40 pairs within rows unmet); a table of the fixed session
  holds one player of each row, so with the rows translated independently the fixed session
  is the columns; pairs then repeat in whole orbits of five, and an exhaustive search over
  the base session finds no schedule with fewer than 10 repeated pairs.  SAT (CaDiCaL) on the
  direct encodings, with one, two or three sessions fixed, did not settle any of this in
  minutes per case.
* 24 x 8: the counting bound 12 is reached only if every player meets one partner twice and
  everyone else once: the eight sessions cover K_24 plus a perfect matching M (each pair of
  M in two sessions, anywhere among the eight; the case where one session holds all of M, so
  that the unmet pairs of the other seven are six disjoint 4-cycles, is only one of them).
  No such schedule is published that we know of (the social golfer tables list 7 as the
  most repeat-free sessions for six tables of four, which the counting bound already
  implies, and say nothing about 12 repeats).  Structured searches found none: Z_8 x 3
  rows with M at difference 4 within each row, one base session developed over Z_8
  (exhaustive exact cover: no solution); Z_6 x 4 rows with the unmet pairs of seven
  sessions as six 4-cycles, six of the seven developed from one base session and the
  seventh fixed by Z_6 (exhaustive: none); a tabu search on the exact objective (K_24 plus
  a fixed M, a few CPU minutes) stayed above it.  If a group of order 8 acts on the players
  in three orbits of 8 and on the sessions regularly, a pair swapped by an involution lies
  in a short orbit of 4 pairs; every pair must meet, and the 8 sessions seat each pair of a
  short orbit together twice, so the short orbits make up M exactly: one involution per
  row, i.e. the group is Z_8 or the quaternion group Q_8; the
  exhaustive exact cover over Q_8 x 3 rows (36 pair orbits, one base session) has no
  solution either.  Z_4 x 6 rows with two base sessions (M at difference 2 within the rows;
  120 items, 19,680 options) was not settled in ten CPU minutes and randomised restarts
  found no solution; a simulated annealing in C from random schedules ends at 22 to 28
  repeat meetings, far above the structured 18.  A 12-repeat 24 x 8 schedule is a
  resolvable minimum covering of pairs by quadruples on 24 points, the subject of Lamken,
  Mills and Rees, "Resolvable minimum coverings with quadruples", J. Combin. Des. 6 (1998);
  we could not read whether v = 24 is constructed there or left open, so the bound stays
  12 (a counting bound, not a claim that 12 is reached).  Groups that cannot work, by
  hand: Z_5, Z_7 or Z_11 (the fixed players would sit alone together in every fixed session,
  or cannot fill a table); Z_3 fixing every session (a table of an invariant session holds
  at most one player of each orbit, so the pairs inside an orbit never meet); Z_2 x Z_2
  acting regularly on six orbits and on the sessions in two regular orbits (a pair {x, gx}
  that meets in session s meets again in gs, so each player x would meet each of its three
  images gx twice, three extra meetings instead of one).  Searches (OR-Tools
  CP-SAT 9.15 with one worker, on a shared two-core machine; every pair met at least once,
  which with eight classes is the same as 12 repeats): Z_3 on eight rows of three with the
  sessions in orbits 3 + 3 + 1 + 1 (1,200 s), Z_2 without fixed points with the sessions in
  four orbits of two, M then being the twelve pairs {x, σx} (1,200 s), Z_6 on four rows of
  six with the sessions in orbits 6 + 2 (the two stabilised by Z_3; 120 s): no answer
  either way.  The same Z_6 6 + 2 model as an exact cover with multiplicities (48 pair
  orbits, the four of {x, x + 3} met twice, 11,304 options, 900 s; since every option
  meets those four twice it is also a plain exact cover, and :func:`.designs.exact_cover`
  ran on it for 1,150 s without an answer) and the Z_3
  3 + 3 + 1 + 1 model with M fixed (M is Z_3-invariant, so it matches the rows in pairs;
  translating rows, M = {(r, i), (r + 1, i)} for even r; 188 items, 24,216 options,
  1,200 s), and Z_3 with the sessions in orbits 3 + 1 + 1 + 1 + 1 + 1 and the same M
  (236 items, 19,668 options, 800 s), were not settled either (a plain Python search with
  the fewest-options item first; a faster exact-cover program might settle them).
  A compiled exact cover (Algorithm X in C with item multiplicities, fewest live options
  first, one thread) settles the Z_6 6 + 2 model: no solution (10.6 million nodes, 320 s;
  its M is forced, as a table holding a pair {x, x + 3} meets it twice in either orbit).
  The same program finds no schedule invariant under a group G of order 24 acting
  regularly on the players, for each of the fifteen groups: the sessions in G-orbits with
  every choice of stabilisers (up to conjugacy), M the pairs {x, xt} for an involution t
  (each class of t), some 15,000 models each settled within 20 s.  Nor under a group of
  order 12 with two orbits of 12 players (Z_12, Z_2 x Z_6, A_4, the dihedral and the
  dicyclic group; every session-orbit structure, every invariant M: the two orbits
  matched, or an involution per orbit).
  Order 8 on three orbits (Z_8, Z_2 x Z_4, Q_8) left some models with sessions in orbits
  of 4 and 2 unsettled at 10 s each.
  A SAT solver (CaDiCaL 1.9.5 through PySAT, one thread) on the case where one session
  holds all of M: that session is six tables, each a 4-cycle a, b, c, d whose diagonals
  {a, c} and {b, d} are pairs of M, and the other seven sessions meet every pair from two
  different tables once, each diagonal once and no edge of a 4-cycle.  Under an
  automorphism given by a permutation of the six tables, one symmetry of the 4-cycle
  applied in all of them and a permutation of the seven sessions, it finds none for
  25 generators or pairs of generators, each settled within 72 s: the tables fixed, in
  three 2-cycles, two 3-cycles or one 6-cycle; the 4-cycle fixed, rotated a quarter or half
  a turn, or reflected; the sessions fixed or in 2-, 3- or 6-cycles.  Nine single
  generators (a half turn, a reflection or the tables in 2- or 3-cycles, with the sessions
  fixed or moved) were not settled in 270 s each, the model without an automorphism not in
  six minutes.  Nor were these settled: all eight sessions with that one fixed and at most
  four pairs left unmet (16 repeated pairs; 30 minutes), seven repeat-free sessions
  leaving four 4-cycles and one 8-cycle unmet (an eighth session would then repeat 14 pairs;
  20 minutes), and Z_4 x 6 rows with the sessions in two orbits of four (seven minutes).
  The draw reaches 18: the seven sessions of the 24-player design leave eight rows of three
  who have not met, and any eighth session repeats at least 18 pairs among them (each table
  takes at most three unmet pairs, one row of three, and repeats three).
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
