"""Hand valuation from tiles (docs/rules.md §9).

Public entry points:

- :func:`value_record` values one record or raises :class:`HandValueError`;
- :func:`value` never raises: a result, or ``{"id": ..., "error": {...}}``;
- :func:`value_many` values a list of records in order.

Engines (:data:`ENGINES`; a ruleset names its own in ``HAND_VALUE``, scoring/rulesets): ``dmjl``
(Kajongg notation; the Chemnitz or Kajongg's table, :mod:`.dmjl`; ``dmjl-classical``), ``hke``
(Kajongg notation, seed 002's fan table, :mod:`.hke`; ``dmjl-hke``), ``riichi`` (the ``mahjong``
package with EMA options, :mod:`.riichi`; ``riichi-ema``) and ``japanese`` (the riichi tile shape,
seed 004's points and doubles, :mod:`.japanese`; ``japanese-classic``) and ``mcr`` (the riichi tile
shape plus flowers and the MCR situation, valued by PyMahjongGB, :mod:`.mcr`; ``mcr``).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from scoring import rulesets

if TYPE_CHECKING:
    from . import dmjl, notation

# Each engine's module is imported by the first hand it values (and by rules.rule_names), not with this
# package: a process that values riichi hands does not load PyMahjongGB's C++ library nor build the
# Kajongg tables, and one that values none (a web process) loads no engine at all (issue 40).
ENGINE_MODULES = ("dmjl", "hke", "japanese", "mcr", "notation", "riichi")


@functools.cache
def _engine(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


def __getattr__(name: str) -> ModuleType:
    """``scoring.handvalue.dmjl`` and the other engine modules, imported when first asked for."""
    if name in ENGINE_MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ENGINES", "HandValueError", "rulesets_valued", "value", "value_many", "value_record"]

DMJL_KEYS = {"id", "ruleset", "tiles", "seat_wind", "prevailing_wind", "options"}
# Options a hand value takes beside its ruleset's settlement options (docs/rules.md §9): only
# upper_limit, table and prevailing_wind_pair change a dmjl value; the ruleset's other options are
# accepted (a tournament's options pass through unchanged) and change nothing here.
OWN_OPTIONS = {"dmjl": {"table", "prevailing_wind_pair"}}


class HandValueError(Exception):
    """An invalid record: ``code`` (docs/rules.md §8 or the calculator's own), ``message``,
    ``field`` (the record field at fault, or None) and ``position`` (0-based index into the tile
    string where reading failed, or None)."""

    def __init__(
        self, code: str, message: str, field: str | None = None, position: int | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.position = position

    def as_dict(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message, "field": self.field}
        if self.position is not None:
            error["position"] = self.position
        return error


def _bad(field: str, message: str) -> HandValueError:
    return HandValueError("bad_record", message, field)


def _wind(record: dict, key: str) -> str:
    from . import dmjl

    value = record.get(key, "E")
    if not isinstance(value, str) or value.upper() not in dmjl.WINDS:
        raise _bad(key, f"The field {key!r} must be one of E, S, W, N.")
    return dmjl.WINDS[value.upper()]


def _options(record: dict, ruleset: str) -> dict:
    """The record's options, every key one its ruleset knows."""
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise _bad("options", "The options must be a JSON object.")
    module = rulesets.BY_NAME[ruleset]
    known = set(module.OPTIONS) | OWN_OPTIONS.get(module.HAND_VALUE, set())
    for key in options:
        if key not in known:
            raise HandValueError("unknown_option", f"Unknown option {key!r} for the ruleset {ruleset}.", "options")
    return options


def _dmjl_options(record: dict, ruleset: str) -> tuple[int, dmjl.Table]:
    """The upper limit and the valuation table the record's options choose."""
    from . import dmjl

    options = _options(record, ruleset)
    limit = options.get("upper_limit", dmjl.DEFAULT_UPPER_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise _bad("options.upper_limit", "The option 'upper_limit' must be a non-negative integer.")
    table = options.get("table", dmjl.DEFAULT_TABLE)
    if table not in dmjl.TABLE_RULES:
        raise _bad("options.table", f"The option 'table' must be one of {', '.join(sorted(dmjl.TABLE_RULES))}.")
    pair = options.get("prevailing_wind_pair", 2)
    if isinstance(pair, bool) or not isinstance(pair, int) or not 0 <= pair <= 100:
        raise _bad(
            "options.prevailing_wind_pair", "The option 'prevailing_wind_pair' must be an integer from 0 to 100."
        )
    return limit, dmjl.table_for(table, pair)


def _kajongg_record(record: dict, ruleset: str) -> tuple[str, str, str]:
    """A dmjl record's hand string and its seat and prevailing winds, its fields checked."""
    for key in record:
        if key not in DMJL_KEYS:
            raise _bad(key, f"The field {key!r} is not part of a {ruleset} hand value record.")
    tiles = record.get("tiles")
    if not isinstance(tiles, str):
        raise _bad("tiles", "The field 'tiles' must be a Kajongg hand string.")
    return tiles, _wind(record, "seat_wind"), _wind(record, "prevailing_wind")


def _parsed(tiles: str) -> notation.ParsedHand:
    from . import notation

    try:
        return notation.parse_cached(tiles)
    except notation.NotationError as exc:
        raise HandValueError("bad_tiles", exc.message, "tiles", exc.position) from None


def _value_dmjl(record: dict, ruleset: str) -> dict:
    from . import dmjl

    tiles, seat, prevailing = _kajongg_record(record, ruleset)
    upper_limit, table = _dmjl_options(record, ruleset)
    return dmjl.value_hand(_parsed(tiles), seat, prevailing, upper_limit, table)


def _value_hke(record: dict, ruleset: str) -> dict:
    from . import hke

    tiles, seat, prevailing = _kajongg_record(record, ruleset)
    _options(record, ruleset)
    return hke.value_hand(_parsed(tiles), seat, prevailing)


def _value_riichi(record: dict, ruleset: str) -> dict:
    from . import riichi

    try:
        return riichi.value_hand(record)
    except riichi.RecordError as exc:
        raise _bad(exc.field, exc.message) from None
    except riichi.CalculatorError as exc:
        raise HandValueError(exc.code, f"The calculator refused the hand: {exc.code}.") from None


def _riichi_shape(value_hand: Callable[[dict], dict]) -> Callable[[dict, str], dict]:
    """An engine for a record in the riichi tile shape valued by ``value_hand`` (japanese, mcr),
    whose own options are only the common ones."""
    def engine(record: dict, ruleset: str) -> dict:
        from . import riichi

        if "options" in record:
            _options(record, ruleset)
        try:
            return value_hand(record)
        except riichi.RecordError as exc:  # japanese's and mcr's too
            raise _bad(exc.field, exc.message) from None
    return engine


def value_record(record: dict) -> dict:
    """Value one hand record; raises :class:`HandValueError` for an invalid record."""
    if not isinstance(record, dict):
        raise HandValueError("bad_record", "A hand record must be a JSON object.")
    ruleset = record.get("ruleset")
    if not isinstance(ruleset, str):
        raise _bad("ruleset", "The field 'ruleset' is missing or not a string.")
    if "id" in record and not isinstance(record["id"], str | int):
        raise _bad("id", "The field 'id' must be a string.")
    name = getattr(rulesets.get(ruleset), "HAND_VALUE", None)
    engine = ENGINES.get(name) if isinstance(name, str) else None
    if engine is None:
        raise HandValueError(
            "unknown_ruleset",
            f"Unknown ruleset {ruleset!r}; expected one of {', '.join(rulesets_valued())}.",
            "ruleset",
        )
    result = engine(record, ruleset)
    if "id" in record:
        return {"id": record["id"], **result}
    return result


# The engines by the name a ruleset gives in ``HAND_VALUE``: each reads a record and values it.
ENGINES = {"dmjl": _value_dmjl, "hke": _value_hke, "riichi": _value_riichi,
           # each module is looked up when a hand is valued, not here
           "japanese": _riichi_shape(lambda record: _engine("japanese").value_hand(record)),
           "mcr": _riichi_shape(lambda record: _engine("mcr").value_hand(record))}


def rulesets_valued() -> tuple[str, ...]:
    """The registered rulesets whose hands are valued from tiles."""
    return tuple(name for name, module in rulesets.BY_NAME.items() if module.HAND_VALUE in ENGINES)


def value(record: Any) -> dict:
    """Value one record; never raises. An invalid record gives ``{"id": ..., "error": {...}}``."""
    try:
        return value_record(record)
    except HandValueError as exc:
        answer: dict[str, Any] = {}
        if isinstance(record, dict) and "id" in record:
            answer["id"] = record["id"]
        answer["error"] = exc.as_dict()
        return answer


def value_many(records: list) -> list[dict]:
    """Value every record, in order; one invalid record does not affect the others."""
    return [value(r) for r in records]
