"""Riichi (EMA) hand valuation through the ``mahjong`` package.

Every call builds a fresh ``HandConfig``/``OptionalRules`` with the EMA options (docs/rules.md §9):
open tanyao on, red fives off, no double yakuman, counted 13+ han = sanbaiman, no kiriage,
renhou not a yakuman. At most one yakuman counts: any yakuman hand has base 8000.
A ``0`` in a suit string is a red five; red fives are off under EMA, so it counts as a plain five.
Ura dora indicators go to the calculator as ``ura_dora_indicators`` (its "Ura Dora" yaku) and
count only with riichi.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator
from functools import lru_cache
from typing import TypeVar

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

SUIT_KEYS = ("man", "pin", "sou", "honors")
SUFFIX = {"m": "man", "p": "pin", "s": "sou", "z": "honors", "h": "honors"}
WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "shouminkan": Meld.SHOUMINKAN}
SITUATION_FLAGS = {
    "tsumo": "is_tsumo",
    "riichi": "is_riichi",
    "double_riichi": "is_daburu_riichi",
    "ippatsu": "is_ippatsu",
    "rinshan": "is_rinshan",
    "chankan": "is_chankan",
    "haitei": "is_haitei",
    "houtei": "is_houtei",
    "tenhou": "is_tenhou",
    "chiihou": "is_chiihou",
}
# Only the flags docs/rules.md §9 lists: nagashi mangan (removed by EMA 2016) and renhou are no hands
# under EMA, so their keys are unknown keys like any other.
RECORD_KEYS = {
    "id",
    "ruleset",
    "tiles",
    "win_tile",
    "melds",
    "dora_indicators",
    "ura_dora_indicators",
    "situation",
    "options",
}


class RecordError(ValueError):
    """A field of the record is missing or invalid (error code ``bad_record``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def ema_options() -> OptionalRules:
    """A fresh set of EMA optional rules."""
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=False,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
        kiriage=False,
        renhou_as_yakuman=False,
    )


_DIGITS = re.compile(r"[0-9]*")


def _digits(value: object, field: str) -> str:
    if not isinstance(value, str) or not _DIGITS.fullmatch(value):
        raise RecordError(field, f"{field} must be a string of digits")
    return value


def _plain_fives(suits: dict[str, str]) -> dict[str, str]:
    """A red five (``0``) is a plain five: red fives are off under EMA."""
    return {key: (text if key == "honors" else text.replace("0", "5")) for key, text in suits.items()}


def _suit_strings(value: object, field: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise RecordError(field, f"{field} must be an object with man/pin/sou/honors strings")
    unknown = set(value) - set(SUIT_KEYS)
    if unknown:
        raise RecordError(field, f"{field} has unknown keys {sorted(unknown)}")
    result = _plain_fives({key: _digits(value.get(key, ""), f"{field}.{key}") for key in SUIT_KEYS})
    if any(ch not in "123456789" for key in ("man", "pin", "sou") for ch in result[key]):
        raise RecordError(field, f"{field}: suit tiles are 1-9")
    if any(ch not in "1234567" for ch in result["honors"]):
        raise RecordError(field, f"{field}: honours are 1-7")
    return result


def _to_136(suits: dict[str, str]) -> list[int]:
    return list(_to_136_cached(suits["man"], suits["pin"], suits["sou"], suits["honors"]))


@lru_cache(maxsize=4096)
def _to_136_cached(man: str, pin: str, sou: str, honors: str) -> tuple[int, ...]:
    """Tile strings to the calculator's 136-tile ids (remembered: a referee corrects one tile at a time)."""
    return tuple(TilesConverter.string_to_136_array(man=man, pin=pin, sou=sou, honors=honors))


def _single_tile(value: object, field: str) -> dict[str, str]:
    if not isinstance(value, str) or not re.fullmatch(r"[0-9][mpszh]", value):
        raise RecordError(field, f"{field} must look like '3p' or '5z'")
    suits = dict.fromkeys(SUIT_KEYS, "")
    suits[SUFFIX[value[1]]] = value[0]
    return _suit_strings(suits, field)


def _indicators(record: dict, key: str) -> list[int]:
    value = record.get(key, [])
    if not isinstance(value, list):
        raise RecordError(key, f"{key} must be a list of tiles")
    result = []
    for i, item in enumerate(value):
        result.extend(_to_136(_single_tile(item, f"{key}[{i}]")))
    return result


def _wind(situation: dict, key: str) -> int | None:
    value = situation.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or value.upper() not in WINDS:
        raise RecordError(f"situation.{key}", f"situation.{key} must be one of E S W N")
    return WINDS[value.upper()]


def _config(situation: dict) -> HandConfig:
    unknown = set(situation) - set(SITUATION_FLAGS) - {"seat_wind", "round_wind"}
    if unknown:
        raise RecordError("situation", f"situation has unknown keys {sorted(unknown)}")
    flags = {}
    for key, attr in SITUATION_FLAGS.items():
        value = situation.get(key, False)
        if not isinstance(value, bool):
            raise RecordError(f"situation.{key}", f"situation.{key} must be true or false")
        flags[attr] = value
    player_wind = _wind(situation, "seat_wind")
    config = HandConfig(
        player_wind=player_wind,
        round_wind=_wind(situation, "round_wind"),
        options=ema_options(),
        **flags,
    )
    config.is_dealer = player_wind == EAST
    return config


def meld_items(record: dict, types: Collection[str]) -> Iterator[tuple[str, str, bool, object]]:
    """The record's called melds (``melds``: objects of a ``type`` from ``types``, ``tiles`` in the
    riichi tile shape and ``opened``, true unless said): each as its field name (``melds[0]``), its
    type, whether it is open, and its unread ``tiles``. Raises :class:`RecordError` for a list or
    meld that is not of that shape; what the tiles must be is the caller's to check."""
    value = record.get("melds", [])
    if not isinstance(value, list):
        raise RecordError("melds", "melds must be a list")
    *first, last = types
    names = f"{', '.join(first)} or {last}"
    for i, item in enumerate(value):
        field = f"melds[{i}]"
        if not isinstance(item, dict) or item.get("type") not in types:
            raise RecordError(field, f"{field} needs a type {names}")
        opened = item.get("opened", True)
        if not isinstance(opened, bool):
            raise RecordError(f"{field}.opened", f"{field}.opened must be true or false")
        yield field, item["type"], opened, item.get("tiles")


@lru_cache(maxsize=1024)
def meld_shape(kind: str, counts: tuple[int, ...]) -> tuple[bool, int, tuple[int, ...]]:
    """Whether the counted tiles (34 counts) form a meld of ``kind`` (``chi``: a run of three in a
    suit; ``pon``: three alike; ``kan`` or ``shouminkan``: four alike), its tile (a chow's lowest),
    and its tiles in order."""
    tiles = tuple(t for t in range(34) for _ in range(counts[t]))
    if kind == "chi":
        ok = len(tiles) == 3 and tiles[0] < 27 and tiles[0] % 9 <= 6 and tiles == (tiles[0], tiles[0] + 1, tiles[0] + 2)
    else:
        ok = len(tiles) == (3 if kind == "pon" else 4) and len(set(tiles)) == 1
    return ok, tiles[0] if tiles else 0, tiles


def _melds(record: dict) -> list[Meld]:
    return [Meld(meld_type=MELD_TYPES[kind], tiles=_to_136(_suit_strings(tiles, f"{field}.tiles")), opened=opened)
            for field, kind, opened, tiles in meld_items(record, MELD_TYPES)]


def base_points(han: int, fu: int, yakuman: bool) -> int:
    """docs/rules.md §5: yakuman 8000; 11+ han 6000; 8-10 4000; 6-7 3000; 5 2000; else fu × 2^(han+2)
    capped at 2000 (no kiriage)."""
    if yakuman:
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5:
        return 2000
    if fu != 25:
        fu = -(-fu // 10) * 10
    return min(fu << (han + 2), 2000)  # fu × 2^(han+2)


def error_code(message: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", str(message).lower()).strip("_") or "calculator_error"


class CalculatorError(Exception):
    """The calculator refused the hand; ``code`` is its own error, in snake case."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


# Parsed records, remembered by their JSON text (a referee corrects one tile at a time, and a
# tournament's hands repeat their situations): only records that parsed are remembered, so an
# invalid record is always read afresh and answered with its own error.
_REMEMBERED = 4096
T = TypeVar("T")
_parts_seen: dict[str, tuple] = {}
_situations_seen: dict[str, dict] = {}
_PART_KEYS = ("tiles", "win_tile", "melds", "dora_indicators", "ura_dora_indicators")


def _key(value: object) -> str | None:
    """The JSON text of ``value`` as a cache key; None when it has no JSON form or is or holds a
    tuple at the top (a tuple reads as a list in JSON, but is not one to the checks below)."""
    if isinstance(value, tuple) or (isinstance(value, dict) and any(isinstance(v, tuple) for v in value.values())):
        return None
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def _remember(seen: dict, key: str | None, parsed: T) -> T:
    if key is not None:
        if len(seen) >= _REMEMBERED:
            seen.clear()
        seen[key] = parsed
    return parsed


def _read_parts(record: dict) -> tuple:
    """(tiles, win tile, melds as (type, tiles, opened), dora, ura dora) in 136-tile ids."""
    if "tiles" not in record:
        raise RecordError("tiles", "tiles is required")
    tiles = _to_136(_suit_strings(record["tiles"], "tiles"))
    if "win_tile" not in record:
        raise RecordError("win_tile", "win_tile is required")
    win_34 = _to_136(_single_tile(record["win_tile"], "win_tile"))[0] // 4
    matching = [t for t in tiles if t // 4 == win_34]
    win_tile = matching[-1] if matching else win_34 * 4
    melds = tuple((m.type, tuple(m.tiles), m.opened) for m in _melds(record))
    dora = _indicators(record, "dora_indicators")
    ura = _indicators(record, "ura_dora_indicators")
    return tuple(tiles), win_tile, melds, tuple(dora), tuple(ura)


def _parts(record: dict) -> tuple:
    key = _key({k: record[k] for k in _PART_KEYS if k in record})
    if key is not None and key in _parts_seen:
        return _parts_seen[key]
    return _remember(_parts_seen, key, _read_parts(record))


def _situation_arguments(situation: object) -> dict:
    """HandConfig's keyword arguments for a situation (without its options), checked once."""
    if not isinstance(situation, dict):
        raise RecordError("situation", "situation must be an object")
    key = _key(situation)
    if key is not None and key in _situations_seen:
        return _situations_seen[key]
    config = _config(situation)
    arguments = {attr: getattr(config, attr) for attr in SITUATION_FLAGS.values()}
    arguments["player_wind"] = config.player_wind
    arguments["round_wind"] = config.round_wind
    return _remember(_situations_seen, key, arguments)


def value_hand(record: dict) -> dict:
    """Value a riichi hand record. Raises :class:`RecordError` or :class:`CalculatorError`."""
    unknown = set(record) - RECORD_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise RecordError(key, f"{key!r} is not part of a riichi-ema hand value record")
    situation = record.get("situation", {})
    try:
        tiles, win_tile, meld_parts, dora, ura = _parts(record)
    except RecordError as exc:
        if exc.field.startswith(("melds", "dora_indicators", "ura_dora_indicators")):
            _situation_arguments(situation)  # its error comes first, as the fields are read in order
        raise
    arguments = _situation_arguments(situation)
    options = record.get("options", {})
    if not isinstance(options, dict) or options:
        raise RecordError("options", "riichi-ema hand values take no options")
    config = HandConfig(options=ema_options(), **arguments)
    config.is_dealer = arguments["player_wind"] == EAST
    if not (config.is_riichi or config.is_daburu_riichi):
        ura = ()
    melds = [Meld(meld_type=kind, tiles=list(ids), opened=opened) for kind, ids, opened in meld_parts]
    response = HandCalculator.estimate_hand_value(
        list(tiles), win_tile, melds=melds, dora_indicators=list(dora), config=config,
        ura_dora_indicators=list(ura),
    )
    if response.error:
        raise CalculatorError(error_code(response.error))
    yaku = list(response.yaku or [])
    yakuman = any(y.is_yakuman for y in yaku)
    han = response.han
    if yakuman and han and han > 13:
        han = 13  # EMA: never more than one yakuman per hand
    return {
        "han": han,
        "fu": response.fu,
        "yaku": [y.name for y in yaku],
        "base": base_points(han or 0, response.fu or 0, yakuman),
    }
