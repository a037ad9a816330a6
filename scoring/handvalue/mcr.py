"""MCR (Chinese Official) hands valued from tiles by PyMahjongGB (docs/rules.md §9, engine ``mcr``).

The library (PyPI ``PyMahjongGB``, ailab-pku, MIT) counts the 81 scoring elements with the
rulebook's exclusion principles; this module reads the record (the riichi tile shape, read by
:mod:`.riichi`, plus ``flowers`` and the MCR ``situation``), hands the tiles to the library in its
own tile codes and answers ``{"won", "points", "flowers", "enough", "elements", "items",
"explain"}``. ``elements`` lists each element counted with its value once (``points``) and how
often it counted (``count``); ``points`` is their sum, flower points included, and ``enough`` says
whether the hand reaches the minimum without its flowers. Tiles that form no winning hand answer
``won: false`` and 0 points.

:data:`ELEMENTS` (kept in :mod:`scoring.mcr_elements`, which needs no library) is the catalogue: the
library's elements in its own order, each with its Chinese name, its English name (the library's,
marked for translation: the league shows it in German or English) and its value. The library adds
one element the rulebook does not list separately, "Concealed Kong and Melded Kong" (5 points), as
the Chinese rules count it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from MahjongGB import MahjongFanCalculator

from ..mcr_elements import ELEMENTS, RULEBOOK_ELEMENTS  # noqa: F401 (read here by the tests)
from . import riichi
from .rules import Rule, line, register_rules
from .rules import item as explain_item

ELEMENT_RULES = register_rules("mcr", (Rule(english, "hand", points=points) for _, english, points in ELEMENTS))
BY_CHINESE = {chinese: rule for (chinese, _, _), rule in zip(ELEMENTS, ELEMENT_RULES, strict=True)}

RECORD_KEYS = {"id", "ruleset", "tiles", "win_tile", "melds", "flowers", "situation", "options"}
SUIT_KEYS = frozenset(riichi.SUIT_KEYS)
SUIT_DIGITS = re.compile(r"[0-9]*")
HONOUR_DIGITS = re.compile(r"[1-7]*")
NINE, SEVEN = "123456789", "1234567"
SITUATION_FLAGS = ("self_drawn", "last_of_kind", "kong", "last_of_wall")
SITUATION_ORDER = (*SITUATION_FLAGS, "seat_wind", "round_wind")
SITUATION_KEYS = frozenset(SITUATION_ORDER)
# Situations read before, by their values in SITUATION_ORDER (valid ones only, so a few hundred at most).
_SITUATIONS: dict[tuple, tuple] = {}
_MISSING = object()
# Records read before (their parts for the library), by their contents: a referee corrects one tile
# at a time, and a tournament's hands repeat. Emptied when full.
REMEMBERED = 4096
_READ: dict[tuple, tuple] = {}
WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
MIN_POINTS = 8
MOST_FLOWERS = 8
# The library's tile codes by our tile index 0..33 (man = characters W, pin = dots B, sou = bamboo T;
# honours E S W N white green red; the library's J1 J2 J3 are red, green, white).
CODES = (
    *(f"W{n}" for n in range(1, 10)), *(f"B{n}" for n in range(1, 10)), *(f"T{n}" for n in range(1, 10)),
    "F1", "F2", "F3", "F4", "J3", "J2", "J1",
)
MELD_CODES = {"chi": "CHI", "pon": "PENG", "kan": "GANG"}
# A winning tile as written ("3p", "5z"; a red five "0m" is a five, "h" is the honours' other letter).
WIN_TILES = {
    **{f"{n}{suit}": offset + n - 1 for offset, suit in ((0, "m"), (9, "p"), (18, "s")) for n in range(1, 10)},
    **{f"0{suit}": offset + 4 for offset, suit in ((0, "m"), (9, "p"), (18, "s"))},
    **{f"{n}{letter}": 27 + n - 1 for letter in "zh" for n in range(1, 8)},
}


RecordError = riichi.RecordError  # a field of the record is missing or invalid (``bad_record``)


def _counts(value: object, field: str) -> list[int]:
    """How often each tile (0..33) is in a tile object of the riichi shape."""
    if type(value) is dict and value.keys() <= SUIT_KEYS:
        man, pin, sou, honors = (value.get("man", ""), value.get("pin", ""), value.get("sou", ""),
                                 value.get("honors", ""))
        if type(man) is str and type(pin) is str and type(sou) is str and type(honors) is str:
            counts = _counts_of(man, pin, sou, honors)
            if counts is not None:
                return list(counts)
    # Not a plain, valid tile object: read it again the slow way, which names what is wrong.
    suits = riichi._suit_strings(value, field)
    counts = _counts_of(suits["man"], suits["pin"], suits["sou"], suits["honors"])
    if counts is None:  # _suit_strings has refused every string this would refuse
        raise RecordError(field, f"{field} is not a set of tiles")
    return list(counts)


@lru_cache(maxsize=8192)
def _counts_of(man: str, pin: str, sou: str, honors: str) -> tuple[int, ...] | None:
    """The counts of valid tile strings (a ``0`` is a red five, counted as a five), or None."""
    if not (SUIT_DIGITS.fullmatch(man) and SUIT_DIGITS.fullmatch(pin) and SUIT_DIGITS.fullmatch(sou)
            and HONOUR_DIGITS.fullmatch(honors)):
        return None
    man, pin, sou = man.replace("0", "5"), pin.replace("0", "5"), sou.replace("0", "5")
    return (*map(man.count, NINE), *map(pin.count, NINE), *map(sou.count, NINE), *map(honors.count, SEVEN))


def _melds(record: dict) -> list[tuple[str, int, int, tuple[int, ...]]]:
    """Each meld as (library type, the library's tile: a chow's middle tile, offer, its tiles)."""
    melds = []
    for field, kind, opened, value in riichi.meld_items(record, MELD_CODES):
        ok, tile, tiles = riichi.meld_shape(kind, tuple(_counts(value, f"{field}.tiles")))
        if ok and not opened and kind != "kan":
            raise RecordError(f"{field}.opened", f"{field}: a {'chow' if kind == 'chi' else 'pung'} is always called")
        if not ok:
            raise RecordError(f"{field}.tiles", f"{field}.tiles do not form a {kind}")
        # The library's offer: 0 is a concealed kong; which player or tile was called does not
        # change any element. Its chow is named by the middle tile.
        melds.append((MELD_CODES[kind], tile + 1 if kind == "chi" else tile, 1 if opened else 0, tiles))
    return melds


def _situation(record: dict) -> tuple[bool, bool, bool, bool, int, int]:
    situation = record.get("situation", {})
    if type(situation) is not dict:
        return _read_situation(situation)
    key = tuple(situation.get(name, _MISSING) for name in SITUATION_ORDER)
    # 1 == True as a key: only flags that are True, False or absent may find a remembered situation.
    plain = all(flag is True or flag is False or flag is _MISSING for flag in key[:4])
    known = _SITUATIONS.get(key) if plain and situation.keys() <= SITUATION_KEYS else None
    if known is None:
        known = _read_situation(situation)
        if plain:
            _SITUATIONS[key] = known
    return known


def _read_situation(situation: object) -> tuple[bool, bool, bool, bool, int, int]:
    if not isinstance(situation, dict):
        raise RecordError("situation", "situation must be an object")
    unknown = set(situation) - set(SITUATION_FLAGS) - {"seat_wind", "round_wind"}
    if unknown:
        raise RecordError("situation", f"situation has unknown keys {sorted(unknown)}")
    flags = []
    for key in SITUATION_FLAGS:
        value = situation.get(key, False)
        if not isinstance(value, bool):
            raise RecordError(f"situation.{key}", f"situation.{key} must be true or false")
        flags.append(value)
    winds = []
    for key in ("seat_wind", "round_wind"):
        value = situation.get(key, "E")
        if not isinstance(value, str) or value.upper() not in WINDS:
            raise RecordError(f"situation.{key}", f"situation.{key} must be one of E S W N")
        winds.append(WINDS[value.upper()])
    return (flags[0], flags[1], flags[2], flags[3], winds[0], winds[1])


def _minimum(record: dict) -> int:
    if "options" not in record:
        return MIN_POINTS
    options = record["options"]
    if not isinstance(options, dict):
        raise RecordError("options", "options must be an object")
    minimum = options.get("min_points", MIN_POINTS)
    if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum < 0:
        raise RecordError("options.min_points", "options.min_points must be a whole number from 0")
    return minimum


def _read(record: dict) -> tuple[tuple, tuple, str, int, tuple]:
    """The record read and checked: the library's packs, standing tiles, winning tile, flowers and
    situation flags (self-drawn, last of its kind, kong, last of the wall, seat and prevalent wind);
    a record read before is remembered by its contents (:func:`_key`)."""
    key = _key(record)
    if key is not None:
        try:
            known = _READ.get(key)
        except TypeError:  # a part that is not hashable: not a plain record, read it afresh
            key = known = None
        if known is not None:
            return known
    read = _read_afresh(record)
    if key is not None:
        if len(_READ) >= REMEMBERED:
            _READ.clear()
        _READ[key] = read
    return read


def _key(record: dict) -> tuple | None:
    """The record's tile parts as a key, or None when they are not plain JSON of the types a valid
    record has (then the record is read afresh and any error found). Only valid records are
    remembered, and Python takes 1, 1.0 and True for equal keys: so a record whose flowers are not an
    int, or whose flags and ``opened`` are not bools, is never looked up."""
    if not record.keys() <= RECORD_KEYS:
        return None
    try:
        situation = record.get("situation", {})
        for flag in situation.values():
            if flag.__class__ is not bool and flag.__class__ is not str:
                return None
        flowers = record.get("flowers", 0)
        if flowers.__class__ is not int:
            return None
        melds = []
        for meld in record.get("melds", ()):
            opened = meld.get("opened", True)
            if opened.__class__ is not bool:
                return None
            melds.append((meld["type"], opened, tuple(meld["tiles"].items())))
        # Whether the key hashes (a list among the tiles does not) is found by the lookup in _read:
        # a tuple does not keep its hash, so hashing it here as well would cost the time twice.
        return (tuple(record["tiles"].items()), record["win_tile"], flowers, record.get("melds").__class__,
                tuple(melds), tuple(situation.items()))
    except (KeyError, AttributeError, TypeError):
        return None


def _read_afresh(record: dict) -> tuple[tuple, tuple, str, int, tuple]:
    unknown = set(record) - RECORD_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise RecordError(key, f"{key!r} is not part of an mcr hand value record")
    if "tiles" not in record:
        raise RecordError("tiles", "tiles is required")
    counts = _counts(record["tiles"], "tiles")
    if max(counts) > 4:
        raise RecordError("tiles", "tiles: no tile is there more than four times")
    if "win_tile" not in record:
        raise RecordError("win_tile", "win_tile is required")
    win = WIN_TILES.get(record["win_tile"]) if type(record["win_tile"]) is str else None
    if win is None:
        win = _counts(riichi._single_tile(record["win_tile"], "win_tile"), "win_tile").index(1)
    melds = _melds(record)
    concealed = list(counts)
    for _, _, _, tiles in melds:
        for t in tiles:
            concealed[t] -= 1
    if min(concealed) < 0:
        raise RecordError("melds", "the tiles of the melds must be part of tiles")
    if concealed[win] == 0:
        raise RecordError("win_tile", "win_tile must be one of the hand's concealed tiles")
    concealed[win] -= 1
    standing = sum(concealed)
    if standing != 13 - 3 * len(melds):
        raise RecordError("tiles", f"an MCR hand has 14 tiles and one more for each kong, not {sum(counts)}")
    flowers = record.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= MOST_FLOWERS:
        raise RecordError("flowers", "flowers must be a count from 0 to 8")
    return (
        tuple((kind, CODES[tile], offer) for kind, tile, offer, _ in melds),
        _standing(tuple(concealed)),
        CODES[win],
        flowers,
        _situation(record),
    )


@lru_cache(maxsize=8192)
def _standing(concealed: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(CODES[t] for t in range(34) for _ in range(concealed[t]))


def library_arguments(record: dict) -> dict:
    """The record read and checked, as PyMahjongGB's ``MahjongFanCalculator`` keyword arguments."""
    pack, hand, win, flowers, flags = _read(record)
    names = ("isSelfDrawn", "is4thTile", "isAboutKong", "isWallLast", "seatWind", "prevalentWind")
    return {"pack": pack, "hand": hand, "winTile": win, "flowerCount": flowers, **dict(zip(names, flags, strict=True))}


@lru_cache(maxsize=4096)
def _elements(pack: tuple, hand: tuple, win: str, flowers: int, flags: tuple) -> tuple[tuple[str, int], ...] | None:
    """(Chinese name, count) of each element the library counts, or None when the tiles do not win."""
    self_drawn, last_of_kind, kong, last_of_wall, seat, prevalent = flags
    try:
        found = MahjongFanCalculator(
            pack=pack, hand=hand, winTile=win, flowerCount=flowers, isSelfDrawn=self_drawn,
            is4thTile=last_of_kind, isAboutKong=kong, isWallLast=last_of_wall, seatWind=seat,
            prevalentWind=prevalent, verbose=True,
        )
    except TypeError as exc:
        if str(exc) == "ERROR_NOT_WIN":
            return None
        raise RecordError("tiles", f"the library refused the tiles: {exc}") from None
    return tuple((chinese, count) for _points, count, chinese, _english in found)


@lru_cache(maxsize=1024)
def _counted(chinese: str, count: int) -> tuple[dict, dict, str]:
    """One counted element as its answer's element, explain item and explain line (made once)."""
    rule = BY_CHINESE[chinese]
    item = {**explain_item(rule, f"×{count}" if count > 1 else ""), "points": rule.points * count}
    return {"name": rule.name, "points": rule.points, "count": count}, item, line(item)


@lru_cache(maxsize=4096)
def _valued(read: tuple) -> tuple[int, tuple[tuple[dict, dict, str], ...]] | None:
    """A read record's points and its counted elements (:func:`_counted`), or None when it does not win."""
    found = _elements(*read)
    if found is None:
        return None
    counted = tuple(_counted(chinese, count) for chinese, count in found)
    return sum(item["points"] for _, item, _ in counted), counted


def value_hand(record: dict) -> dict:
    """Value an ``mcr`` record; raises :class:`RecordError` for an invalid one."""
    read = _read(record)
    minimum = _minimum(record)
    valued = _valued(read)
    flowers = read[3]
    if valued is None:
        return {"won": False, "points": 0, "flowers": flowers, "enough": False, "elements": [], "items": [],
                "explain": []}
    points, counted = valued
    return {
        "won": True,
        "points": points,
        "flowers": flowers,
        "enough": points - flowers >= minimum,
        "elements": [dict(element) for element, _, _ in counted],
        "items": [dict(item) for _, item, _ in counted],
        "explain": [text for _, _, text in counted],
    }
