"""Exact resolvable designs: the affine geometries AG(m, 4) over the field GF(4).

AG(m, 4) has 4**m points and lines of four points; its lines fall into (4**m - 1) / 3
parallel classes, each a partition of the points, and any two points lie on exactly one
line.  Read as a seating, each parallel class is a session, each line a table, and nobody
meets anybody twice:

* 16 players (m = 2): 5 sessions in which everyone meets everyone exactly once;
* 64 players (m = 3): up to 21 sessions without a repeated meeting;
* 256 players (m = 4): up to 85 sessions.

Points are the integers 0 .. 4**m - 1 read as m base-4 digits; a digit is an element of
GF(4) = {0, 1, a, a + 1} coded 0, 1, 2, 3.  Addition in GF(4) is XOR of the two-bit codes,
so adding two points is XOR of the integers.
"""

from __future__ import annotations

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


def affine_parallel_classes(m: int) -> list[list[list[int]]]:
    """All parallel classes of AG(m, 4): classes[c][line] = four points."""
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
