"""Exact resolvable designs: seatings of tables of four in which nobody meets anybody twice.

A *parallel class* is a partition of the players into tables of four (one session); a
list of parallel classes in which no pair of players shares a table twice is a
repeat-free schedule.  :func:`parallel_classes` returns the longest one this module can
build for a field of ``n`` players; any of its classes (the first ``S``, say) seat ``S``
sessions without a repeat.  Every construction is exact: it is verified in the tests, not
searched for at random, and takes well under a second.

Constructions (``n`` players, ``k = n / 4`` tables):

* Affine geometry AG(m, 4) over GF(4), ``n = 4**m``: the lines of each parallel class;
  any two points lie on one line.  16 players: 5 sessions (everyone meets everyone
  once), 64: 21, 256: 85.
* Resolvable transversal design over a ring ``R`` of ``k`` elements (a product of finite
  fields): players are ``(s, j)`` with row ``s`` in 0..3 and ``j`` in ``R``; in session
  ``t`` table ``c`` seats ``(s, c + m_s t)`` for four multipliers ``m_s`` whose
  differences are units.  Two players of different rows meet when ``(m_s - m_s') t =
  j - j'``, i.e. in at most one session; players of one row never meet.  ``t`` ranges
  over the product of the fields of ``k``'s prime-power factors of size at least 4 (a
  factor 2 or 3 that divides ``k`` only once contributes nothing), so ``k`` sessions when
  every factor is at least 4: 20 players 5, 28 players 7, 32 players 8, 36 players 9;
  200 players 25 (k = 50 = 2 * 25), 40 players 5 (k = 10 = 2 * 5).  When ``k`` is itself a multiple of
  four, each row (who have not met) is then seated by the best schedule for ``k``
  players, which adds that schedule's sessions: 32 players 8 + 1, 64 players 16 + 5,
  80 players 20 + 5.
* The Hermitian unital of order 3 (28 players): the 28 points of the curve
  ``x**4 + y**4 + z**4 = 0`` in the projective plane over GF(9) and its 63 secant lines
  form a 2-(28, 4, 1) design; it is resolvable, and an exact-cover search (Knuth's
  Algorithm X, deterministic) finds 9 disjoint parallel classes: 9 sessions in which
  everyone meets everyone exactly once.
* 32 players over 10 sessions (the social golfer instance 8-4-10, a resolvable 4-GDD of
  type 2^16): four rows of Z_2^3, six transversal sessions and four built from orbits of
  pairs of rows and cosets of subgroups, chosen by a tiny exact search
  (:func:`thirty_two_classes`): everyone meets 30 of the other 31 once.
* 24 players over 7 sessions: eight rows of three, the rows seated by the 7 parallel
  classes of AG(3, 2) with offsets in Z_3 chosen by a tiny exact search
  (:func:`twenty_four_classes`): everyone meets the 21 players outside their row once.
* A 1-rotational resolvable 2-(3q + 1, 4, 1) design for a prime power q = 1 mod 4 (52, 76,
  88, 112, 124, 148, 160, 184 players ...): GF(q) x 3 rows and one fixed player, one base
  session from a multiplier construction developed over GF(q) (:func:`rotational_classes`):
  q = (n - 1) / 3 sessions, the most any field of n can have; everyone meets everyone once.
* A 1-rotational resolvable 2-(3m + 1, 4, 1) design for any m = 1 mod 4 whose base session
  is fixed by x -> -x (100, 136, 172, 196, 208, 232 players, where m is no prime power):
  Z_m x 3 rows and one fixed player, the base session an exact cover of the row pairs and
  differences found by Algorithm X in milliseconds (:func:`mirrored_classes`): m sessions,
  everyone meets everyone once.
* 44 players over 14 sessions (the social golfer instance 11-4-14, a resolvable 4-GDD of
  type 2^22): Z_14 x 3 rows and two fixed players, one base session developed over Z_14
  (:func:`forty_four_classes`): everyone meets 42 of the other 43 once.
* 36 players over 11 sessions (the social golfer instance 9-4-11, a resolvable 4-GDD of
  type 3^12): Z_11 x 3 rows and three fixed players, one base session developed over Z_11
  (:func:`thirty_six_classes`): everyone meets the 33 players outside their group of three.
* A packing of the projective space PG(3, 3) (40 players): its 130 lines of four points
  split into 13 spreads (a spread: 10 disjoint lines covering all 40 points), found by
  the same exact-cover search over the 8,424 spreads: 13 sessions, everyone meets
  everyone once.

Beyond its repeat-free classes a field may have a schedule at the counting bound on repeats
(:func:`covering_classes`): 24 players over 8 sessions meet everyone, and 12 pairs twice
(:func:`twenty_four_covering`).  Where the field has no construction, or the sessions outnumber
its classes, the tabu search of :mod:`.search` takes over (starting from the classes that exist).

Fields of n = 4 mod 12 players all have a resolvable 2-(n, 4, 1) design, (n - 1) / 3
sessions in which everyone meets everyone once (Hanani, Ray-Chaudhuri and Wilson 1972; the
general existence proof is recursive and not built here).  Up to 256 players every one of them
is built: 16 and 64 by the affine geometry, 28 and 40 as above, the n whose (n - 1) / 3 is a
prime power by :func:`rotational_classes`, and the others (100, 136, 172, 196, 208 and 232) by
:func:`mirrored_classes`: 33, 45, 57, 65, 69 and 77 sessions.  Larger such fields without a
prime power (316, 352, ...) get the transversal construction, capped at 40 sessions.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

Classes = list[list[list[int]]]

# Multiplication in GF(4) with a**2 = a + 1 (codes: 2 = a, 3 = a + 1).
_MUL = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def affine_dimension(n: int) -> int | None:
    """m when n == 4**m for some m >= 1, else None."""
    m, size = 0, 1
    while size < n:
        size *= 4
        m += 1
    return m if size == n and m >= 1 else None


def _scale(scalar: int, point: int, m: int) -> int:
    out = 0
    for i in range(m):
        out |= _MUL[scalar][(point >> (2 * i)) & 3] << (2 * i)
    return out


def _directions(m: int) -> list[int]:
    """One representative per 1-dimensional subspace: the leading non-zero digit is 1."""
    found = []
    for d in range(1, 4**m):
        top = d.bit_length() - 1
        if (d >> (top - top % 2)) & 3 == 1:
            found.append(d)
    return found


def affine_parallel_classes(m: int) -> Classes:
    """All parallel classes of AG(m, 4): classes[c][line] = four points.

    Points are the integers 0 .. 4**m - 1 read as m base-4 digits; a digit is an element of
    GF(4) = {0, 1, a, a + 1} coded 0, 1, 2, 3, so adding two points is XOR of the integers.
    """
    n = 4**m
    classes = []
    for d in _directions(m):
        multiples = [_scale(s, d, m) for s in range(4)]
        seen = [False] * n
        lines = []
        for p in range(n):
            if not seen[p]:
                line = [p ^ v for v in multiples]
                for q in line:
                    seen[q] = True
                lines.append(line)
        classes.append(lines)
    return classes


# --- finite fields and the transversal design -------------------------------------------


class Field:
    """GF(p**e) on the integers 0 .. q - 1 (base-p digits are polynomial coefficients)."""

    def __init__(self, p: int, e: int):
        self.p, self.e, self.q = p, e, p**e
        self.modulus = _irreducible(p, e)  # coefficients, lowest first, monic of degree e

        # mul through discrete logarithms: exp[i] = g**i for a generator g of the multiplicative group.
        self._exp: list[int] = []
        self._log: dict[int, int] = {}
        for g in range(2, self.q) if self.q > 2 else [1]:
            powers, x = [], 1
            while True:
                powers.append(x)
                x = self._slow_mul(x, g)
                if x == 1:
                    break
            if len(powers) == self.q - 1:
                self._exp = powers
                self._log = {x: i for i, x in enumerate(powers)}
                break

    def _digits(self, x: int) -> list[int]:
        out = []
        for _ in range(self.e):
            x, d = divmod(x, self.p)
            out.append(d)
        return out

    def _number(self, digits: list[int]) -> int:
        return sum(d * self.p**i for i, d in enumerate(digits))

    def add(self, x: int, y: int) -> int:
        if self.p == 2:
            return x ^ y
        if self.e == 1:
            return (x + y) % self.p
        return self._number([(a + b) % self.p for a, b in zip(self._digits(x), self._digits(y), strict=True)])

    def mul(self, x: int, y: int) -> int:
        if x == 0 or y == 0:
            return 0
        return self._exp[(self._log[x] + self._log[y]) % (self.q - 1)]

    def _slow_mul(self, x: int, y: int) -> int:
        p, e = self.p, self.e
        a, b = self._digits(x), self._digits(y)
        prod = [0] * (2 * e - 1)
        for i, u in enumerate(a):
            for j, v in enumerate(b):
                prod[i + j] = (prod[i + j] + u * v) % p
        for k in range(2 * e - 2, e - 1, -1):  # reduce by the monic modulus
            c = prod[k]
            if c:
                for i in range(e + 1):
                    prod[k - e + i] = (prod[k - e + i] - c * self.modulus[i]) % p
        return self._number(prod[:e])


def _irreducible(p: int, e: int) -> list[int]:
    """The first monic irreducible polynomial of degree e over GF(p) (lowest coefficient first)."""
    if e == 1:
        return [0, 1]
    for low in itertools.product(range(p), repeat=e):
        poly = [*low, 1]
        if poly[0] == 0:
            continue
        if not any(_divides(list(f) + [1], poly, p) for d in range(1, e // 2 + 1)
                   for f in itertools.product(range(p), repeat=d)):
            return poly
    raise AssertionError("an irreducible polynomial exists for every degree")


def _divides(f: list[int], g: list[int], p: int) -> bool:
    """Whether monic f divides g over GF(p)."""
    g = list(g)
    df = len(f) - 1
    for k in range(len(g) - 1, df - 1, -1):
        c = g[k]
        if c:
            for i in range(df + 1):
                g[k - df + i] = (g[k - df + i] - c * f[i]) % p
    return not any(g[:df])


def _prime_powers(k: int) -> list[tuple[int, int]]:
    out, p = [], 2
    while p * p <= k:
        e = 0
        while k % p == 0:
            k //= p
            e += 1
        if e:
            out.append((p, e))
        p += 1
    if k > 1:
        out.append((k, 1))
    return out


def transversal_sessions(k: int) -> int:
    """Sessions of the transversal construction on 4k players (before the rows are seated)."""
    size = 1
    for p, e in _prime_powers(k):
        if p**e >= 4:
            size *= p**e
    return size


def transversal_classes(k: int, limit: int | None = None) -> Classes:
    """The resolvable transversal design on 4k players (player s * k + j is row s, column j).

    At most ``limit`` sessions are built (all of them without one).
    """
    comps = [(Field(p, e), p**e >= 4) for p, e in _prime_powers(k)]
    sizes = [f.q for f, _good in comps]
    elements = list(itertools.product(*[range(q) for q in sizes]))  # R, in a fixed order
    index = {x: i for i, x in enumerate(elements)}
    # m_s: the s-th element in every good component (distinct there, so differences are units).
    multipliers = [tuple(s % f.q for f, _good in comps) for s in range(4)]
    rounds = [t for t in elements if all(good or c == 0 for c, (_f, good) in zip(t, comps, strict=True))]
    classes = []
    for t in rounds[:limit]:
        lines = []
        for c in elements:
            line = []
            for s, m in enumerate(multipliers):
                j = tuple(f.add(ci, f.mul(mi, ti)) for f, ci, mi, ti in zip(
                    (f for f, _g in comps), c, m, t, strict=True))
                line.append(s * k + index[j])
            lines.append(line)
        classes.append(lines)
    return classes


# --- exact cover (Knuth's Algorithm X) ---------------------------------------------------


def exact_cover(items: list[int], options: list[list[int]]) -> list[int] | None:
    """Indices of options that cover every item exactly once (the first found), or None.

    Deterministic: the item with the fewest options first, options in index order.
    """
    cover: dict[int, set[int]] = {i: set() for i in items}
    for k, option in enumerate(options):
        for i in option:
            cover[i].add(k)
    chosen: list[int] = []

    def select(k: int) -> list[set[int]]:
        removed = []
        for i in options[k]:
            for other in cover[i]:
                for j in options[other]:
                    if j != i:
                        cover[j].discard(other)
            removed.append(cover.pop(i))
        return removed

    def deselect(k: int, removed: list[set[int]]) -> None:
        for i in reversed(options[k]):
            cover[i] = removed.pop()
            for other in cover[i]:
                for j in options[other]:
                    if j != i:
                        cover[j].add(other)

    def solve() -> bool:
        if not cover:
            return True
        item = min(cover, key=lambda i: len(cover[i]))
        for k in sorted(cover[item]):
            chosen.append(k)
            removed = select(k)
            if solve():
                return True
            deselect(k, removed)
            chosen.pop()
        return False

    return list(chosen) if solve() else None


def _partitions(n: int, blocks: list[list[int]]) -> list[list[int]]:
    """Every set of disjoint blocks covering points 0 .. n - 1 (as block indices)."""
    through: list[list[int]] = [[] for _ in range(n)]
    masks = []
    for k, block in enumerate(blocks):
        masks.append(sum(1 << p for p in block))
        for p in block:
            through[p].append(k)
    found: list[list[int]] = []
    full = (1 << n) - 1
    chosen: list[int] = []

    def extend(covered: int) -> None:
        if covered == full:
            found.append(list(chosen))
            return
        free = (~covered & (covered + 1)).bit_length() - 1  # lowest uncovered point
        for k in through[free]:
            if not covered & masks[k]:
                chosen.append(k)
                extend(covered | masks[k])
                chosen.pop()

    extend(0)
    return found


def resolve(n: int, blocks: list[list[int]]) -> Classes | None:
    """The blocks of a design split into parallel classes, or None if they cannot be."""
    classes = _partitions(n, blocks)
    chosen = exact_cover(list(range(len(blocks))), classes)
    if chosen is None:
        return None
    return [[list(blocks[k]) for k in classes[c]] for c in chosen]


def _projective_points(field: Field, dim: int) -> list[tuple[int, ...]]:
    """Points of PG(dim, q): vectors whose first non-zero coordinate is 1."""
    return [v for v in itertools.product(range(field.q), repeat=dim + 1)
            if any(v) and next(c for c in v if c) == 1]


def unital_blocks() -> list[list[int]]:
    """The Hermitian unital of order 3: 28 points of x^4 + y^4 + z^4 = 0 in PG(2, 9), 63 blocks."""
    f = Field(3, 2)

    def norm(x: int) -> int:  # x ** 4 = x * x**3, the norm to GF(3)
        x2 = f.mul(x, x)
        return f.mul(x2, x2)

    plane = _projective_points(f, 2)
    points = [v for v in plane if f.add(f.add(norm(v[0]), norm(v[1])), norm(v[2])) == 0]
    blocks = []
    for line in plane:  # lines are dual points: a x + b y + c z = 0
        on = [i for i, v in enumerate(points)
              if f.add(f.add(f.mul(line[0], v[0]), f.mul(line[1], v[1])), f.mul(line[2], v[2])) == 0]
        if len(on) == 4:
            blocks.append(on)
    return blocks


def pg33_lines() -> list[list[int]]:
    """The 130 lines of PG(3, 3) as sets of four of its 40 points."""
    points = _projective_points(Field(3, 1), 3)
    index = {v: i for i, v in enumerate(points)}

    def normal(v: tuple[int, ...]) -> tuple[int, ...]:
        lead = next(c for c in v if c)
        return tuple(c * lead % 3 for c in v)  # lead is 1 or 2, its own inverse mod 3

    lines = set()
    for a, b in itertools.combinations(points, 2):
        lines.add(frozenset(index[normal(tuple((s * x + t * y) % 3 for x, y in zip(a, b, strict=True)))]
                            for s in range(3) for t in range(3) if (s, t) != (0, 0)))
    return sorted(sorted(line) for line in lines)


# --- 24 players over 7 sessions ---------------------------------------------------------


def twenty_four_classes() -> Classes:
    """Seven repeat-free sessions for 24 players: each meets all 21 outside its row once.

    Players are (row r in 0..7, x in Z_3), index 3 r + x.  The rows are the points of
    AG(3, 2), whose 14 planes fall into 7 parallel classes of two planes of four rows; any
    two rows lie together in exactly 3 planes.  Session c takes the c-th class: for each of
    its planes (rows R_0..R_3) and an offset o_i per row, tables {(R_i, g + o_i)} for
    g in Z_3.  Two rows of a plane meet at the difference o_j - o_i; a tiny deterministic
    search picks the offsets so that each pair of rows meets at the three differences in
    its three planes, i.e. every pair of players from different rows exactly once.
    """
    sides = []
    for u in range(1, 8):  # the plane u.x = 0 and its complement u.x = 1
        for side in (0, 1):
            sides.append(tuple(x for x in range(8) if (u & x).bit_count() % 2 == side))
    used: set[tuple[int, int, int]] = set()
    offsets: list[tuple[int, ...]] = []

    def covered(rows: tuple[int, ...], off: tuple[int, ...]) -> list[tuple[int, int, int]]:
        return [(rows[i], rows[j], (off[j] - off[i]) % 3) for i, j in itertools.combinations(range(4), 2)]

    def walk() -> bool:
        if len(offsets) == len(sides):
            return True
        rows = sides[len(offsets)]
        for rest in itertools.product(range(3), repeat=3):
            off = (0, *rest)  # shifting a whole plane by a constant changes nothing
            pairs = covered(rows, off)
            if used.isdisjoint(pairs):
                used.update(pairs)
                offsets.append(off)
                if walk():
                    return True
                offsets.pop()
                used.difference_update(pairs)
        return False

    assert walk(), "the structured search has a solution"
    classes = []
    for c in range(7):
        lines = []
        for rows, off in zip(sides[2 * c: 2 * c + 2], offsets[2 * c: 2 * c + 2], strict=True):
            lines += [[3 * r + (g + o) % 3 for r, o in zip(rows, off, strict=True)] for g in range(3)]
        classes.append(lines)
    return classes


# --- 32 players over 10 sessions (the social golfer instance 8-4-10) ---------------------

_ROW_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def thirty_two_classes() -> Classes:
    """Ten repeat-free sessions for 32 players: a resolvable 4-GDD of type 2^16.

    Players are (row r in 0..3, g in Z_2^3), index 8 r + g; the group G = Z_2^3 acts on
    all rows by translation (g -> g XOR h) and every session is a union of G-orbits of
    tables.  "Difference" of (i, x) and (j, y) is x XOR y.  The ten sessions:

    * six *transversal* sessions, one per vector a = (0, a1, a2, a3): tables
      {(r, g XOR a_r)}; the pair of rows (i, j) meets at difference a_i XOR a_j;
    * two sessions pairing the rows {0, 2 | 1, 3} and {0, 3 | 1, 2}, and two with one row
      pair {0, 1} (resp. {2, 3}) and the other two rows cut into the cosets of a subgroup
      H_r of order 4: a table of a row pair (i, j) is {(i, g), (i, g^t), (j, g^c),
      (j, g^c^t)} with an involution t; it covers the in-row difference t and the
      cross differences c and c XOR t.

    A tiny deterministic search picks the six vectors (each row pair meets at six
    distinct differences; the two left over are {c, c XOR t}) and the subgroups (each
    row uses six distinct in-row differences).  Each player then meets 30 of the other 31
    exactly once; the one partner never met is the in-row difference left over.
    """
    vectors = [(0, *v) for v in itertools.permutations(range(1, 8), 3)]
    subgroups: list[frozenset[int]] = []
    for a, b in itertools.combinations(range(1, 8), 2):
        if frozenset((a, b, a ^ b)) not in subgroups:
            subgroups.append(frozenset((a, b, a ^ b)))

    def differences(a: tuple[int, ...]) -> list[int]:
        return [a[i] ^ a[j] for i, j in _ROW_PAIRS]

    def finish(chosen: list[tuple[int, ...]]) -> tuple[dict, list] | None:
        orbit = {}  # row pair -> (t, c)
        for p, pair in enumerate(_ROW_PAIRS):
            u, v = sorted(set(range(8)) - {differences(a)[p] for a in chosen})
            orbit[pair] = (u ^ v, u)
        cosets = []
        for r in range(4):
            used = {orbit[pair][0] for pair in _ROW_PAIRS if r in pair}
            h = next((h for h in subgroups if not h & used), None) if len(used) == 3 else None
            if h is None:
                return None
            cosets.append(h)
        return orbit, cosets

    chosen: list[tuple[int, ...]] = [(0, 0, 0, 0)]  # the first vector may be 0 (relabel the rows)
    used = [{0} for _ in range(6)]

    def walk(start: int) -> tuple[dict, list] | None:
        if len(chosen) == 6:
            return finish(chosen)
        for i in range(start, len(vectors)):
            d = differences(vectors[i])
            if any(d[p] in used[p] for p in range(6)):
                continue
            for p in range(6):
                used[p].add(d[p])
            chosen.append(vectors[i])
            done = walk(i + 1)
            if done:
                return done
            chosen.pop()
            for p in range(6):
                used[p].discard(d[p])
        return None

    found = walk(0)
    assert found is not None, "the structured search has a solution"
    orbit, cosets = found

    def pair_tables(i: int, j: int) -> list[list[int]]:
        t, c = orbit[(i, j)]
        return [[8 * i + g, 8 * i + (g ^ t), 8 * j + (g ^ c), 8 * j + (g ^ c ^ t)] for g in range(8) if g < g ^ t]

    def coset_tables(r: int) -> list[list[int]]:
        h = sorted(cosets[r] | {0})
        outside = next(g for g in range(8) if g not in h)
        return [[8 * r + x for x in h], [8 * r + (x ^ outside) for x in h]]

    classes = [[[8 * r + (g ^ a[r]) for r in range(4)] for g in range(8)] for a in chosen]
    classes.append(pair_tables(0, 2) + pair_tables(1, 3))
    classes.append(pair_tables(0, 3) + pair_tables(1, 2))
    classes.append(pair_tables(0, 1) + coset_tables(2) + coset_tables(3))
    classes.append(pair_tables(2, 3) + coset_tables(0) + coset_tables(1))
    return classes


# --- 3q + 1 players over q sessions, q a prime power = 1 mod 4 (52, 76, 88, 112, ...) ---------


def rotational_field(n: int) -> int | None:
    """q when n == 3q + 1 for a prime power q = 1 mod 4 (n = 16, 40, 52, 76, 88, 112, ...), else None."""
    if n < 16 or (n - 1) % 12 != 3:
        return None
    q = (n - 1) // 3
    factors = _prime_powers(q)
    return q if len(factors) == 1 else None


def rotational_classes(q: int) -> Classes:
    """q sessions for 3q + 1 players in which everyone meets everyone exactly once.

    A direct construction of a 1-rotational resolvable 2-(3q + 1, 4, 1) design for a prime
    power q = 1 mod 4 (the classical "multiplier" construction; every n = 4 mod 12 has a
    resolvable design, Hanani, Ray-Chaudhuri and Wilson 1972, and this covers the n whose
    (n - 1) / 3 is a prime power).  Players are (x in GF(q), row r in 0..2), index q r + x,
    and one more player 3q (the "point at infinity").  Let w generate GF(q)* and e = w**((q - 1) / 4),
    so e**2 = -1.  The first session is the table {3q, (0, 0), (0, 1), (0, 2)} and the tables
    w**j * {(1, r), (-1, r), (e, r + 1), (-e, r + 1)} for j < (q - 1) / 4 and r in 0..2 (the
    x values w**j * {1, -1, e, -e} run over GF(q)* once each); session t adds t to every x.

    Why no pair meets twice: under translation and row rotation the pairs fall into the
    differences within a row (+-d, (q - 1) / 2 of them), between a row and the next (d in GF(q),
    0 taken by the first table) and the pairs with infinity.  The base table has two pairs within
    a row, differences +-2 and +-2e, and four between rows, differences e - 1, -e - 1, 1 - e, 1 + e
    = (e - 1) * {1, e, -1, -e}; multiplied by w**j, j < (q - 1) / 4 (one from each coset of
    {1, e, -1, -e}), each difference comes up exactly once.  52 players: 17 sessions, 76: 25,
    88: 29, 112: 37, 124: 41, 148: 49, 160: 53, 184: 61 (and 16, 28, 40, which have other designs too).
    """
    f = Field(*_prime_powers(q)[0])
    minus_one = next(x for x in range(q) if f.add(x, 1) == 0)
    e = f._exp[(q - 1) // 4]
    base = [[3 * q, 0, q, 2 * q]]
    for j in range((q - 1) // 4):
        w = f._exp[j]
        xs = [f.mul(w, x) for x in (1, minus_one, e, f.mul(e, minus_one))]
        for r in range(3):
            base.append([r * q + xs[0], r * q + xs[1], (r + 1) % 3 * q + xs[2], (r + 1) % 3 * q + xs[3]])
    return [[[p if p >= 3 * q else (p // q) * q + f.add(p % q, t) for p in line] for line in base]
            for t in range(q)]


def develop(m: int, base: list[list[int]]) -> Classes:
    """The m translates of a base session on Z_m x 3 rows (index m r + x) and fixed players.

    Players 3 m and above are "points at infinity": every translation leaves them where they are.
    """
    return [[[p if p >= 3 * m else (p // m) * m + (p % m + t) % m for p in line] for line in base]
            for t in range(m)]


# --- 3m + 1 players over m sessions for any m = 1 mod 4 (100, 136, 172, 196, 208, 232) ---------

# The searched construction below costs a fraction of a second up to 256 players (m = 85) and
# grows past that (m = 113: four seconds); larger fields keep the transversal design.
_MIRRORED_MOST_PLAYERS = 256


def mirrored_field(n: int) -> int | None:
    """m when n == 3m + 1 = 4 mod 12 with 16 <= n <= 256 (the fields :func:`mirrored_classes` builds)."""
    return (n - 1) // 3 if 16 <= n <= _MIRRORED_MOST_PLAYERS and n % 12 == 4 else None


def mirrored_base(m: int) -> list[tuple[int, int, int, int]]:
    """The tables (r, s, x, y) of the base session of :func:`mirrored_classes` (an exact cover)."""
    half = (m - 1) // 2

    def orbit(d: int) -> int:  # the representative of {d, -d} in 1 .. half (0 for d = 0)
        return min(d % m, -d % m)

    options, tables = [], []
    for r, s in ((0, 1), (0, 2), (1, 2)):
        for x in range(1, half + 1):
            for y in range(1, half + 1):
                a, b = orbit(y - x), orbit(y + x)
                if a and b and a != b:
                    options.append([("point", r, x), ("point", s, y), ("difference", r, s, a), ("difference", r, s, b)])
                    tables.append((r, s, x, y))
    names = sorted({item for option in options for item in option})
    number = {item: i for i, item in enumerate(names)}
    chosen = exact_cover(list(range(len(names))), [[number[item] for item in option] for option in options])
    assert chosen is not None, "the mirrored base session exists for every m = 1 mod 4 up to 85"
    return [tables[k] for k in chosen]


def mirrored_classes(m: int) -> Classes:
    """m sessions for 3m + 1 players (m = 1 mod 4, prime power or not): everyone meets everyone once.

    A 1-rotational resolvable 2-(3m + 1, 4, 1) design over Z_m whose base session is fixed by
    the reflection x -> -x.  Players are (x in Z_m, row r in 0..2), index m r + x, and one
    fixed player 3m.  The base session is the table {3m, (0, 0), (0, 1), (0, 2)} and tables
    {(x, r), (-x, r), (y, s), (-y, s)}, each joining a pair {x, -x} of non-zero x in row r
    with a pair of row s != r (each row has (m - 1) / 2 such pairs, 16 for m = 33); session
    t adds t to every x (:func:`develop`).  Joining rows r and s takes (m - 1) / 4 tables,
    hence m = 1 mod 4.

    Why no pair meets twice: the pairs within a row fall into the (m - 1) / 2 differences
    +-d, between rows r and s into the m differences d (0 is taken by the first table).  A
    table {+-x in r, +-y in s} has within-row differences +-2x and +-2y, and as x runs over
    the pairs of row r, 2x runs over all +-d once (2 is a unit mod m): the within-row
    differences take care of themselves.  Between r and s the table has the four differences
    +-(y - x), +-(y + x); so the base session is an exact cover: each row's pairs used once,
    and for each of the three row pairs the (m - 1) / 2 differences +-d hit once by
    {+-(y - x), +-(y + x)} of the tables joining them.  Knuth's Algorithm X
    (:func:`exact_cover`, deterministic) finds one at once (100 players: 96 items, 720
    options, milliseconds; 256 players a quarter of a second; it was found for every
    m = 1 mod 4 from 5 to 113), so the base sessions are computed rather than stored, as for
    the unital and PG(3, 3) above, and the tests check every one up to 256.  This covers the fields of
    4 mod 12 whose (n - 1) / 3 is no prime power, which :func:`rotational_classes` cannot:
    100 players 33 sessions, 136: 45, 172: 57, 196: 65, 208: 69, 232: 77.
    """
    base = [[3 * m, 0, m, 2 * m]]
    base += [[r * m + x, r * m + (-x) % m, s * m + y, s * m + (-y) % m] for r, s, x, y in mirrored_base(m)]
    return develop(m, base)


# --- 44 players over 14 sessions (the social golfer instance 11-4-14) -------------------

# The base session: each fixed player with (x, 0), (y, 1), (z, 2), then nine tables of
# points (x, row), x in Z_14.  Found once by a SAT search (CaDiCaL, five seconds, run offline)
# over the base sessions that (x, r) -> (9 x, r + 1) maps onto themselves; checked in the tests.
_FORTY_FOUR_FIXED = ((0, 0, 0), (11, 1, 9))
_FORTY_FOUR_TABLES = (
    ((1, 0), (3, 0), (12, 0), (2, 2)),
    ((2, 0), (10, 0), (12, 1), (13, 2)),
    ((4, 0), (9, 1), (10, 1), (13, 1)),
    ((5, 0), (4, 1), (6, 1), (10, 2)),
    ((6, 0), (3, 1), (8, 2), (12, 2)),
    ((7, 0), (8, 0), (1, 2), (3, 2)),
    ((9, 0), (13, 0), (2, 1), (7, 1)),
    ((5, 1), (11, 1), (4, 2), (7, 2)),
    ((8, 1), (5, 2), (6, 2), (11, 2)),
)


def forty_four_classes() -> Classes:
    """Fourteen repeat-free sessions for 44 players: a resolvable 4-GDD of type 2^22.

    Players are (x in Z_14, row r in 0..2), index 14 r + x, and two fixed players 42 and 43;
    session t adds t to every x.  The groups who never meet are the pairs (x, r), (x + 7, r)
    and the two fixed players; everyone meets the other 42 exactly once, which is the most
    any 14 sessions allow (14 x 3 = 42 meetings).  Why: under translation the pairs of row
    players fall into 6 differences within each row (+-1 .. +-6; 7 is the group) and 14
    between each two rows, 60 classes in all, and the nine tables of four (6 pairs each)
    and the three row players of each fixed player's table (3 pairs each) hit each class
    exactly once; each fixed player meets one player of each row per session, a different
    x each time.
    """
    m = 14
    base = [[3 * m + i, x, m + y, 2 * m + z] for i, (x, y, z) in enumerate(_FORTY_FOUR_FIXED)]
    base += [[r * m + x for x, r in table] for table in _FORTY_FOUR_TABLES]
    return develop(m, base)


# --- 36 players over 11 sessions (the social golfer instance 9-4-11) ----------------------

# Three base tables of points (x, row), x in Z_11; the first also seats a fixed player.  Found
# once by a brute-force search over the tiny space (the x values of the three tables
# partition Z_11; run offline in well under a second; checked in the tests).
_THIRTY_SIX_BASE = (
    ((0, 0), (1, 1), (3, 2)),
    ((2, 0), (6, 2), (7, 2), (9, 2)),
    ((4, 0), (5, 2), (8, 0), (10, 2)),
)


def thirty_six_classes() -> Classes:
    """Eleven repeat-free sessions for 36 players: a resolvable 4-GDD of type 3^12.

    Players are (x in Z_11, row r in 0..2), index 11 r + x, and three fixed players 33, 34,
    35.  The base session: fixed player 33 + i with the first base table's three points moved
    i rows on (x, r) -> (x, r + i), and the other two base tables in all three row rotations:
    nine tables.  Session t adds t to every x.  The groups who never meet are the three
    players (x, 0), (x, 1), (x, 2) of one x and the three fixed players; everyone meets the
    other 33 exactly once.  Why: under translation and row rotation the pairs of row players
    fall into 5 differences within a row (+-1 .. +-5) and 10 from a row to the next (1 .. 10;
    0 is the group), and the three base tables' 3 + 6 + 6 pairs hit each of these 15 exactly
    once; each fixed player meets one point of each row per session, a different x each
    time.  11 = (36 - 3) / 3 sessions, the most for 36 players.
    """
    m = 11
    first, *rest = _THIRTY_SIX_BASE
    base = [[3 * m + i, *[((r + i) % 3) * m + x for x, r in first]] for i in range(3)]
    for table in rest:
        for shift in range(3):
            base.append([((r + shift) % 3) * m + x for x, r in table])
    return develop(m, base)


# --- 24 players over 8 sessions: every pair met, 12 twice ---------------------------------

# Found once by a SAT search (CaDiCaL 1.9.5 through PySAT, under 2 s) over schedules invariant
# under the alternating group A_4 (see twenty_four_covering); checked in the tests.  The order of
# the sessions puts the repeats last: the first five seat nobody twice.
_TWENTY_FOUR_COVERING = (
    ((0, 6, 19, 23), (1, 9, 20, 22), (2, 3, 18, 21), (4, 5, 13, 15), (7, 8, 14, 17), (10, 11, 12, 16)),
    ((0, 4, 18, 20), (1, 2, 14, 16), (3, 10, 22, 23), (5, 7, 19, 21), (6, 8, 12, 13), (9, 11, 15, 17)),
    ((0, 2, 12, 15), (1, 8, 18, 19), (3, 5, 16, 17), (4, 6, 21, 22), (7, 11, 20, 23), (9, 10, 13, 14)),
    ((0, 1, 13, 17), (2, 10, 19, 20), (3, 4, 12, 14), (5, 11, 18, 22), (6, 7, 15, 16), (8, 9, 21, 23)),
    ((0, 11, 14, 21), (1, 4, 7, 10), (2, 5, 6, 9), (3, 8, 15, 20), (12, 17, 19, 22), (13, 16, 18, 23)),
    ((0, 3, 7, 9), (1, 5, 12, 23), (2, 4, 8, 11), (6, 10, 17, 18), (13, 16, 20, 21), (14, 15, 19, 22)),
    ((0, 5, 8, 10), (1, 3, 6, 11), (2, 7, 13, 22), (4, 9, 16, 19), (12, 17, 20, 21), (14, 15, 18, 23)),
    ((0, 8, 16, 22), (1, 10, 15, 21), (2, 4, 17, 23), (3, 11, 13, 19), (5, 6, 14, 20), (7, 9, 12, 18)),
)


def twenty_four_covering() -> Classes:
    """Eight sessions for 24 players in which everyone meets everyone, one partner twice.

    Eight sessions give each player 24 meetings among 23 others, so at least 12 pairs meet twice
    (bounds.py, 1.); here exactly 12 do, and they are a perfect matching: a resolvable minimum
    covering of pairs by quadruples on 24 points.  The seven repeat-free sessions of
    :func:`twenty_four_classes` cannot be extended so (any eighth session repeats 18 pairs).
    The schedule is invariant under A_4, generated by the permutations of the players
    (0 1 2)(3 6 9)(4 8 10)(5 7 11)(12 13 14)(15 17 16)(18 19 20)(21 23 22) and
    (0 3)(1 5)(2 4)(6 10)(7 9)(8 11)(13 16)(14 15)(19 22)(20 21): players 0-11 are a regular
    orbit, 12-17 and 18-23 orbits of six (each player fixed by one involution); sessions 0-3 are
    an orbit of four (each fixed by a subgroup of order three), 4-6 an orbit of three (fixed by
    the Klein four-group) and session 7 is fixed by the whole group.
    """
    return [[list(table) for table in session] for session in _TWENTY_FOUR_COVERING]


def covering_classes(n: int) -> Classes:
    """Sessions for n players beyond :func:`parallel_classes`, at the counting bound on repeats.

    A schedule of more sessions than the field's repeat-free classes in which every pair meets
    and the fewest pairs meet twice (bounds.py, 1.); [] where none is known here.  Its first
    sessions are those with the fewest repeats.
    """
    return twenty_four_covering() if n == 24 else []


# --- the best construction for a field ---------------------------------------------------


# Large fields have far more repeat-free sessions than any tournament plays; building them
# all would cost seconds (1,000 players: 125), so the transversal construction stops here.
_MOST_SESSIONS = 40


@lru_cache(maxsize=64)
def _best(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    if n < 4 or n % 4:
        return ()
    candidates: list[Classes] = []
    m = affine_dimension(n)
    if m is not None and m >= 2:  # (n - 1) / 3 classes, the most any field can have
        return tuple(tuple(tuple(line) for line in lines) for lines in affine_parallel_classes(m))
    if n == 28:
        candidates.append(resolve(28, unital_blocks()) or [])
    if n == 40:
        candidates.append(resolve(40, pg33_lines()) or [])
    if n == 32:
        candidates.append(thirty_two_classes())
    if n == 24:
        candidates.append(twenty_four_classes())
    q = rotational_field(n)
    if q is not None:
        candidates.append(rotational_classes(q))
    elif mirrored_field(n) is not None:
        candidates.append(mirrored_classes((n - 1) // 3))
    if n == 44:
        candidates.append(forty_four_classes())
    if n == 36:
        candidates.append(thirty_six_classes())
    k = n // 4
    if k >= 4 and transversal_sessions(k) > 1:
        classes = transversal_classes(k, _MOST_SESSIONS)
        if k % 4 == 0:
            for row_class in _best(k):
                classes.append([[s * k + p for p in line] for s in range(4) for line in row_class])
        candidates.append(classes)
    if not candidates:
        return (tuple(tuple(range(i, i + 4)) for i in range(0, n, 4)),)
    best = max(candidates, key=len)
    return tuple(tuple(tuple(line) for line in lines) for lines in best)


def parallel_classes(n: int) -> Classes:
    """The longest repeat-free schedule known here for n players (a fresh copy; [] if none).

    Every field of a multiple of four has at least one class (a single session never repeats).
    """
    return [[list(line) for line in lines] for lines in _best(n)]


def zero_repeat_sessions(n: int) -> int:
    """How many sessions :func:`parallel_classes` seats without a repeated pair."""
    return len(_best(n))
