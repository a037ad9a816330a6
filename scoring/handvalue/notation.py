"""Reader for Kajongg's hand notation (the ``tiles`` string of a ``dmjl-classical`` record).

A hand string is a list of space-separated parts:

- a meld: two characters per tile, lower case = exposed, upper case = concealed
  (``s`` dots/stones, ``b`` bamboo, ``c`` characters with values 1-9; ``we ws ww wn`` winds;
  ``db dg dr`` dragons). Kongs: ``aaaa`` exposed, ``aaaA`` exposed (claimed, 4th tile added),
  ``aAAa`` declared concealed; ``AAAA`` is read as a concealed kong as well;
- ``f<wind>`` / ``y<wind>``: a flower or a season (bonus tiles);
- ``R<tiles>``: ungrouped concealed tiles, arranged by the valuation;
- ``m<source><announcements>`` (or ``M``): how the last tile came (``.`` not said, ``w`` wall,
  ``d`` discard, ``e`` dead wall, ``z`` last tile of the wall, ``Z`` last tile of the wall
  discarded, ``k`` robbing a kong, ``1`` blessing of heaven/earth) and announcements
  (``a`` original call, ``t`` twofold fortune). The winds are not part of it: the record carries
  ``seat_wind`` and ``prevailing_wind``;
- ``L<tile><meld>``: the last tile and, optionally, the meld it completed.

Positions in error messages are 0-based indexes into the hand string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

SUITS = "sbc"
HONOURS = "wd"
WIND_VALUES = "eswn"
DRAGON_VALUES = "bgr"
SOURCES = ".wdezZk1"
ANNOUNCEMENTS = "at"


class NotationError(ValueError):
    """A hand string that cannot be read; ``position`` is the 0-based index where reading failed."""

    def __init__(self, message: str, position: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position


class Tile:
    """A tile without its exposed/concealed state: ``group`` in ``sbcwdfy``, ``value`` one char.

    Immutable, ordered by (group, value), with its hash computed once: the valuation hashes and
    sorts tiles a great deal."""

    __slots__ = ("group", "value", "_key", "_hash")
    group: str
    value: str
    _key: str
    _hash: int

    def __init__(self, group: str, value: str) -> None:
        object.__setattr__(self, "group", group)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "_key", group + value)
        object.__setattr__(self, "_hash", hash(group + value))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tile) and self._key == other._key

    def __lt__(self, other: Tile) -> bool:
        return self._key < other._key

    def __le__(self, other: Tile) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Tile) -> bool:
        return self._key > other._key

    def __ge__(self, other: Tile) -> bool:
        return self._key >= other._key

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Tile({self.group!r}, {self.value!r})"

    def __reduce__(self) -> tuple:
        return (Tile, (self.group, self.value))

    @property
    def is_bonus(self) -> bool:
        return self.group in "fy"

    @property
    def is_honour(self) -> bool:
        return self.group in HONOURS

    @property
    def is_terminal(self) -> bool:
        return self.group in SUITS and self.value in "19"

    @property
    def is_major(self) -> bool:
        """Terminal or honour."""
        return self.is_honour or self.is_terminal

    @property
    def number(self) -> int:
        return int(self.value)

    def __str__(self) -> str:
        return self._key

    def concealed_name(self) -> str:
        return self.group.upper() + self.value


@dataclass
class Meld:
    """A group of tiles as written (or as arranged from ``R``).

    ``kind``: ``single``, ``pair``, ``pung``, ``kong``, ``chow`` or ``rest`` (anything else,
    e.g. BMJA knitting ``S9B9``: never part of a Mah-Jongg, scores nothing).
    ``exposed``: the meld counts as exposed for points. ``claimed_kong``: ``aaaA`` — exposed,
    but not an "exposed meld" for the rules about concealed hands (Kajongg's semantics).
    ``fixed``: written as its own part (not arranged from ``R``).
    """

    tiles: tuple[Tile, ...]
    kind: str
    exposed: bool
    claimed_kong: bool = False
    fixed: bool = True

    @property
    def first(self) -> Tile:
        return self.tiles[0]

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind in ("pung", "kong")

    @property
    def counts_as_exposed_meld(self) -> bool:
        """Exposed for "only concealed melds" and similar rules (a claimed kong is not)."""
        return self.exposed and not self.claimed_kong

    def text(self) -> str:
        """The meld as written (lower case exposed, upper case concealed), remembered."""
        text = self.__dict__.get("_text")
        if text is None:
            if self.exposed:
                text = "".join(str(t) for t in self.tiles)
            else:
                text = "".join(t.concealed_name() for t in self.tiles)
            self.__dict__["_text"] = text
        return text


@dataclass
class ParsedHand:
    melds: list[Meld] = field(default_factory=list)
    rest: list[Tile] = field(default_factory=list)
    bonus: list[Tile] = field(default_factory=list)
    last_tile: Tile | None = None
    last_tile_concealed: bool = False
    last_meld: tuple[Tile, ...] | None = None
    source: str = "."
    announcements: str = ""
    # Facts the valuation derives from the tiles alone (complete or not, which tile was the only
    # one possible), kept with the hand: :func:`parse_cached` hands out the same object again.
    memo: dict = field(default_factory=dict, compare=False, repr=False)


_TOKEN = re.compile(r"\S+")


def _read_tile(text: str, pos: int) -> tuple[Tile, bool]:
    """Read one 2-character tile; returns the tile and whether it was written concealed."""
    if len(text) != 2:
        raise NotationError(f"Cannot read {text!r} at position {pos}.", pos)
    group, value = text[0], text[1]
    lower = group.lower()
    ok = (
        (lower in SUITS and value in "123456789")
        or (lower == "w" and value in WIND_VALUES)
        or (lower == "d" and value in DRAGON_VALUES)
        or (group in "fy" and value in WIND_VALUES)
    )
    if not ok:
        raise NotationError(f"Cannot read {text!r} at position {pos}.", pos)
    return Tile(lower, value), group.isupper()


def _read_tiles(text: str, pos: int) -> list[tuple[Tile, bool, int]]:
    result = []
    for i in range(0, len(text), 2):
        tile, concealed = _read_tile(text[i : i + 2], pos + i)
        result.append((tile, concealed, pos + i))
    return result


def classify(tiles: tuple[Tile, ...]) -> str:
    """The meld kind of a tuple of (non-bonus) tiles."""
    n = len(tiles)
    same = len(set(tiles)) == 1
    if n == 1:
        return "single"
    if n == 2 and same:
        return "pair"
    if n == 3 and same:
        return "pung"
    if n == 4 and same:
        return "kong"
    if n == 3 and len({t.group for t in tiles}) == 1 and tiles[0].group in SUITS:
        nums = sorted(t.number for t in tiles)
        if nums[0] + 1 == nums[1] and nums[1] + 1 == nums[2]:
            return "chow"
    return "rest"


def _meld_from_token(entries: list[tuple[Tile, bool, int]]) -> Meld:
    tiles = tuple(t for t, _, _ in entries)
    case = "".join("A" if c else "a" for _, c, _ in entries)
    kind = classify(tiles)
    if kind == "chow":
        tiles = tuple(sorted(tiles, key=lambda t: t.number))
    if kind == "kong":
        if case == "aAAa":
            return Meld(tiles, kind, exposed=False)
        if case == "aaaA":
            return Meld(tiles, kind, exposed=True, claimed_kong=True)
        if case == "AAAA":
            return Meld(tiles, kind, exposed=False)
        return Meld(tiles, kind, exposed=True)
    exposed = case.islower()
    return Meld(tiles, kind, exposed=exposed)


def parse(text: str) -> ParsedHand:
    """Read a Kajongg hand string. Raises :class:`NotationError`."""
    hand = ParsedHand()
    seen_m = seen_l = False
    for match in _TOKEN.finditer(text):
        token, pos = match.group(), match.start()
        head = token[0]
        if head == "R":
            for tile, _concealed, tpos in _read_tiles(token[1:], pos + 1):
                if tile.is_bonus:
                    raise NotationError(f"Cannot read {str(tile)!r} at position {tpos}.", tpos)
                hand.rest.append(tile)
        elif head in "mM":
            if seen_m:
                raise NotationError(f"Cannot read {token!r} at position {pos}: a second m part.", pos)
            seen_m = True
            body = token[1:]
            if body and body[0] in SOURCES:
                hand.source, body = body[0], body[1:]
            for i, char in enumerate(body):
                if char not in ANNOUNCEMENTS:
                    cpos = pos + len(token) - len(body) + i
                    raise NotationError(f"Cannot read {char!r} at position {cpos}.", cpos)
            hand.announcements = body
        elif head == "L":
            if seen_l:
                raise NotationError(f"Cannot read {token!r} at position {pos}: a second L part.", pos)
            seen_l = True
            entries = _read_tiles(token[1:], pos + 1)
            if not entries or entries[0][0].is_bonus:
                raise NotationError(f"Cannot read {token!r} at position {pos}.", pos)
            hand.last_tile, hand.last_tile_concealed = entries[0][0], entries[0][1]
            if len(entries) > 1:
                hand.last_meld = tuple(t for t, _, _ in entries[1:])
        else:
            entries = _read_tiles(token, pos)
            bonus = [e for e in entries if e[0].is_bonus]
            if bonus:
                if len(bonus) != len(entries):
                    _, _, bpos = bonus[0]
                    raise NotationError(
                        f"Cannot read {token!r} at position {pos}: bonus tile in a meld.", bpos
                    )
                hand.bonus.extend(t for t, _, _ in bonus)
                continue
            if len(entries) > 4:
                raise NotationError(
                    f"Cannot read {token!r} at position {pos}: a meld has at most 4 tiles.", pos
                )
            hand.melds.append(_meld_from_token(entries))
    return hand


@lru_cache(maxsize=2048)
def parse_cached(text: str) -> ParsedHand:
    """:func:`parse`, remembered: the same string gives the same (read-only) object."""
    return parse(text)
