"""The one rule type of the hand-valuation tables (:mod:`.dmjl`, :mod:`.hke`, :mod:`.japanese`), the
one registry of their rules, and the explanation of a value as structured items.

A rule's value is data (points, doubles, fan, a fraction of the limit, or a limit hand) and only its
condition is code, named by ``condition`` (empty: the rule's name). Names are English and marked for
translation where each table defines them (``gettext_noop``); the league shows them translated.

An explanation item is ``{"rule", "name", "what", ...value}``: the rule's id (its name in lower case
with underscores, unique within its engine), its English name, the meld, tile or count it counted for
(or None), and its value in the engine's units: ``points`` and ``doubles``, or ``fan``, or ``limits``
(a fraction of the limit), or ``limit_hand``. :func:`line` writes an item as the English explain line
(``Exposed Pung (b3b3b3): 2 points``).
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Rule:
    """One rule of a valuation table. ``scope`` says where the engine tests it (per meld, per bonus
    tile, per hand …, each engine its own); ``fan`` is None in the tables that count points."""

    name: str
    scope: str
    points: int = 0
    doubles: int = 0
    limits: float = 0.0
    condition: str = ""
    fan: int | None = None
    limit_hand: bool = False

    @property
    def when(self) -> str:
        return self.condition or self.name

    @property
    def id(self) -> str:
        return _slug(self.name)

    def value(self) -> dict:
        """The rule's value in its table's units."""
        if self.limit_hand:
            return {"limit_hand": True}
        if self.limits:
            return {"limits": self.limits}
        if self.fan is not None:
            return {"fan": self.fan}
        return {"points": self.points, "doubles": self.doubles}


# engine -> rule id -> the rule as first registered (tables of one engine may value a rule differently).
RULES: dict[str, dict[str, Rule]] = {}


def register_rules(engine: str, rules: Iterable[Rule]) -> tuple[Rule, ...]:
    """Enter a table's rules in the registry under their engine; returns them as a tuple."""
    table = tuple(rules)
    known = RULES.setdefault(engine, {})
    for rule in table:
        known.setdefault(rule.id, rule)
    return table


def rule_names() -> set[str]:
    """The English name of every registered rule (what the league translates)."""
    from . import dmjl, hke, japanese, mcr  # noqa: F401  (each registers its rules as it is imported)

    return {rule.name for rules in RULES.values() for rule in rules.values()}


def item(rule: Rule, what: object = "") -> dict:
    """One explanation item: the rule that counted, for what (a meld, a tile or a count)."""
    text = what.text() if hasattr(what, "text") else str(what)
    return {"rule": rule.id, "name": rule.name, "what": text or None, **rule.value()}


def line(entry: dict) -> str:
    """An explanation item as the English explain line."""
    return _line(entry["name"], entry.get("what") or "", entry.get("limit_hand", False), entry.get("limits", 0.0),
                 entry.get("fan"), entry.get("points", 0), entry.get("doubles", 0))


def parts(entry: dict) -> list[tuple[str, float]]:
    """An item's value as (unit, amount) pairs as the line writes them: ``("limit hand", 1)``,
    ``("limit", 0.5)``, ``("fan", 3)``, ``("points", 10)``, ``("doubles", 2)``."""
    if entry.get("limit_hand"):
        return [("limit hand", 1)]
    if entry.get("limits"):
        return [("limit", entry["limits"])]
    if entry.get("fan") is not None:
        return [("fan", entry["fan"])]
    out = [(unit, entry[unit]) for unit in ("points", "doubles") if entry.get(unit)]
    return out or [("points", 0)]


@lru_cache(maxsize=4096)
def _line(name: str, what: str, limit_hand: bool, limits: float, fan: int | None, points: int, doubles: int) -> str:
    label = f"{name} ({what})" if what else name
    written = []
    for unit, amount in parts({"limit_hand": limit_hand, "limits": limits, "fan": fan, "points": points,
                               "doubles": doubles}):
        if unit == "limit hand":
            written.append("limit hand")
        elif unit == "limit":
            written.append(f"{amount:g} limit")
        elif unit == "doubles":
            written.append(f"{amount} double" + ("s" if amount > 1 else ""))
        elif unit == "points" and amount == 1:
            written.append("1 point")
        else:
            written.append(f"{amount} {unit}")
    return f"{label}: {', '.join(written)}"


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
