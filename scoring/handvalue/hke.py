"""DMJL Hongkong "Easy" (``dmjl-hke``) hand valuation from tiles: seed 002's fan table.

The fan table and its limit hands are data (:data:`HKE_RULES`); each rule names a condition, a
small function over one grouping of the hand (:class:`.dmjl.Situation`, shared with the classical
valuation). The tiles are Kajongg's notation (:mod:`.notation`); the way of winning is the source
letter of the ``m`` part (docs/rules.md §9): ``w`` wall, ``e`` a kong's replacement tile,
``z`` last wall tile (self-drawn); ``d`` discard, ``Z`` last discard, ``k`` robbed kong. Without
a source the case of the last tile decides (upper case: drawn).

Only complete hands are valued; where the tiles group in several ways the grouping worth most
counts (a limit hand beats any fan). Blessing of Heaven and of Earth are not in the notation: the
referee marks them on the score sheet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..texts import gettext_noop
from .dmjl import (
    MAJORS,
    NINE_LANTERNS,
    Situation,
    is_complete,
    is_standard,
    is_thirteen_orphans,
    winning_groupings,
)
from .notation import SUITS, Meld, ParsedHand, Tile
from .rules import Rule, item, line, register_rules


def _f(name: str, fan: int, scope: str = "hand", when: str = "") -> Rule:
    """A rule of the fan table: ``scope`` ``meld`` (per pung or kong) or ``hand``."""
    return Rule(name, scope, condition=when, fan=fan)


def _limit(name: str, when: str = "") -> Rule:
    return Rule(name, "hand", condition=when, limit_hand=True)


# Seed 002's fan table ("alle Fan sind kumulativ") and limit hands.
HKE_RULES: tuple[Rule, ...] = register_rules("hke", (
    _f(gettext_noop("No Flowers nor Seasons"), 1),
    _f(gettext_noop("Seat Flower"), 1),
    _f(gettext_noop("Seat Season"), 1),
    _f(gettext_noop("All Flowers"), 1),
    _f(gettext_noop("All Seasons"), 1),
    _f(gettext_noop("All Chows"), 1),
    _f(gettext_noop("Pung (Kong) of Dragons"), 1, "meld"),
    _f(gettext_noop("Pung (Kong) of Seat Wind"), 1, "meld"),
    _f(gettext_noop("Pung (Kong) of Prevalent Wind"), 1, "meld"),
    _f(gettext_noop("Self-Draw"), 1),
    _f(gettext_noop("Last Tile Draw"), 1),
    _f(gettext_noop("Last Tile Claim"), 1),
    _f(gettext_noop("Out with Replacement Tile"), 1),
    _f(gettext_noop("Robbing the Kong"), 1),
    _f(gettext_noop("All Pungs"), 3),
    _f(gettext_noop("Half Flush"), 3),
    _f(gettext_noop("Seven Pairs"), 4),
    _f(gettext_noop("Little Three Dragons"), 4),
    _f(gettext_noop("Full Flush"), 6),
    _limit(gettext_noop("Fully Concealed Four Concealed Pungs")),
    _limit(gettext_noop("Big Three Dragons")),
    _limit(gettext_noop("Little Four Winds")),
    _limit(gettext_noop("Big Four Winds")),
    _limit(gettext_noop("All Honours")),
    _limit(gettext_noop("All Terminals")),
    _limit(gettext_noop("Nine Gates")),
    _limit(gettext_noop("Thirteen Orphans")),
    _limit(gettext_noop("All Kongs")),
    _limit(gettext_noop("Jade Dragon")),
    _limit(gettext_noop("Ruby Dragon")),
    _limit(gettext_noop("Pearl Dragon")),
))

SELF_DRAWN_SOURCES = "wez"
DISCARD_SOURCES = "dZk"

Condition = Callable[[Situation], bool]
MeldCondition = Callable[[Situation, Meld], bool]
CONDITIONS: dict[str, Condition] = {}
MELD_CONDITIONS: dict[str, MeldCondition] = {}


def rule(name: str) -> Callable[[Condition], Condition]:
    def register(func: Condition) -> Condition:
        CONDITIONS[name] = func
        return func

    return register


def meld_rule(name: str) -> Callable[[MeldCondition], MeldCondition]:
    def register(func: MeldCondition) -> MeldCondition:
        MELD_CONDITIONS[name] = func
        return func

    return register


def self_drawn(s: Situation) -> bool:
    if s.source in SELF_DRAWN_SOURCES:
        return True
    if s.source in DISCARD_SOURCES:
        return False
    return s.last_tile is not None and s.last_concealed


def _sets(s: Situation) -> list[Meld]:
    return [m for m in s.melds if m.kind in ("chow", "pung", "kong")]


def _pungs(s: Situation, group: str | None = None) -> list[Meld]:
    return [m for m in s.melds if m.is_pung_or_kong and (group is None or m.first.group == group)]


def _pair(s: Situation) -> Meld | None:
    pairs = [m for m in s.melds if m.kind == "pair"]
    return pairs[0] if len(pairs) == 1 else None


def _suits(s: Situation) -> set[str]:
    return {t.group for t in s.tiles} & set(SUITS)


def _honours(s: Situation) -> bool:
    return any(t.is_honour for t in s.tiles)


@meld_rule("Pung (Kong) of Dragons")
def _dragon_pung(s: Situation, m: Meld) -> bool:
    return m.is_pung_or_kong and m.first.group == "d"


@meld_rule("Pung (Kong) of Seat Wind")
def _seat_wind_pung(s: Situation, m: Meld) -> bool:
    return m.is_pung_or_kong and m.first == Tile("w", s.seat)


@meld_rule("Pung (Kong) of Prevalent Wind")
def _prevalent_wind_pung(s: Situation, m: Meld) -> bool:
    return m.is_pung_or_kong and m.first == Tile("w", s.prevailing)


@rule("No Flowers nor Seasons")
def _no_bonus(s: Situation) -> bool:
    return not s.bonus


@rule("Seat Flower")
def _seat_flower(s: Situation) -> bool:
    return Tile("f", s.seat) in s.bonus


@rule("Seat Season")
def _seat_season(s: Situation) -> bool:
    return Tile("y", s.seat) in s.bonus


@rule("All Flowers")
def _all_flowers(s: Situation) -> bool:
    return len({t for t in s.bonus if t.group == "f"}) == 4


@rule("All Seasons")
def _all_seasons(s: Situation) -> bool:
    return len({t for t in s.bonus if t.group == "y"}) == 4


@rule("All Chows")
def _all_chows(s: Situation) -> bool:
    pair = _pair(s)
    return sum(1 for m in s.melds if m.kind == "chow") == 4 and pair is not None and pair.first.group in SUITS


@rule("Self-Draw")
def _self_draw(s: Situation) -> bool:
    return self_drawn(s)


@rule("Last Tile Draw")
def _last_tile_draw(s: Situation) -> bool:
    return s.source == "z"


@rule("Last Tile Claim")
def _last_tile_claim(s: Situation) -> bool:
    return s.source == "Z"


@rule("Out with Replacement Tile")
def _replacement(s: Situation) -> bool:
    return s.source == "e"


@rule("Robbing the Kong")
def _robbing(s: Situation) -> bool:
    return s.source == "k"


@rule("All Pungs")
def _all_pungs(s: Situation) -> bool:
    return s.mj == "standard" and len(_pungs(s)) == 4


@rule("Half Flush")
def _half_flush(s: Situation) -> bool:
    return len(_suits(s)) == 1 and _honours(s)


@rule("Seven Pairs")
def _seven_pairs(s: Situation) -> bool:
    return s.mj == "seven pairs"


@rule("Little Three Dragons")
def _little_three_dragons(s: Situation) -> bool:
    pair = _pair(s)
    return len(_pungs(s, "d")) == 2 and pair is not None and pair.first.group == "d"


@rule("Full Flush")
def _full_flush(s: Situation) -> bool:
    return len(_suits(s)) == 1 and not _honours(s)


@rule("Fully Concealed Four Concealed Pungs")
def _four_concealed_pungs(s: Situation) -> bool:
    pungs = _pungs(s)
    return (
        len(pungs) == 4
        and not any(m.exposed for m in s.melds)
        and self_drawn(s)
    )


@rule("Big Three Dragons")
def _big_three_dragons(s: Situation) -> bool:
    return len(_pungs(s, "d")) == 3


@rule("Little Four Winds")
def _little_four_winds(s: Situation) -> bool:
    pair = _pair(s)
    return len(_pungs(s, "w")) == 3 and pair is not None and pair.first.group == "w"


@rule("Big Four Winds")
def _big_four_winds(s: Situation) -> bool:
    return len(_pungs(s, "w")) == 4


@rule("All Honours")
def _all_honours(s: Situation) -> bool:
    return all(t.is_honour for t in s.tiles)


@rule("All Terminals")
def _all_terminals(s: Situation) -> bool:
    return all(t.is_terminal for t in s.tiles)


@rule("Nine Gates")
def _nine_gates(s: Situation) -> bool:
    if len(_suits(s)) != 1 or _honours(s) or len(s.tiles) != 14:
        return False
    if any(m.exposed and m is not s.last_meld for m in s.melds):
        return False
    return not (NINE_LANTERNS - Counter(t.number for t in s.tiles))


@rule("Thirteen Orphans")
def _thirteen_orphans(s: Situation) -> bool:
    return s.mj == "thirteen orphans"


@rule("All Kongs")
def _all_kongs(s: Situation) -> bool:
    return sum(1 for m in s.melds if m.kind == "kong") == 4


def _dragon_hand(dragon: str, suit: str) -> Condition:
    def condition(s: Situation) -> bool:
        pair = _pair(s)
        return (
            len(_pungs(s, "d")) == 1
            and _pungs(s, "d")[0].first.value == dragon
            and len(_pungs(s, suit)) == 3
            and pair is not None
            and pair.first.group == suit
        )

    return condition


rule("Jade Dragon")(_dragon_hand("g", "b"))
rule("Ruby Dragon")(_dragon_hand("r", "c"))
rule("Pearl Dragon")(_dragon_hand("b", "s"))


# --------------------------------------------------------------------------------------------


@dataclass
class FanScore:
    fan: int
    limit: bool
    lines: list[tuple[Rule, str]]

    @property
    def key(self) -> tuple[bool, int]:
        return (self.limit, self.fan)


def score(s: Situation) -> FanScore:
    fan = 0
    lines: list[tuple[Rule, str]] = []
    limits: list[tuple[Rule, str]] = []
    for r in HKE_RULES:
        if r.scope == "meld":
            for meld in s.melds:
                if MELD_CONDITIONS[r.when](s, meld):
                    fan += r.fan or 0
                    lines.append((r, meld.text()))
        elif CONDITIONS[r.when](s):
            if r.limit_hand:
                limits.append((r, ""))
            else:
                fan += r.fan or 0
                lines.append((r, ""))
    if limits:
        return FanScore(0, True, limits)
    return FanScore(fan, False, lines)


def _shapes(parsed: ParsedHand) -> list[tuple[str, list[Meld]]]:
    """Every way the tiles make a Mah-Jongg: (shape, melds)."""
    fixed = parsed.melds
    all_tiles = [t for m in fixed for t in m.tiles] + parsed.rest
    shapes: list[tuple[str, list[Meld]]] = []
    if is_thirteen_orphans(all_tiles) and all(len(m.tiles) <= 2 for m in fixed) and set(all_tiles) <= MAJORS:
        singles = [Meld((t,), "single", exposed=False, fixed=False) for t in parsed.rest]
        shapes.append(("thirteen orphans", list(fixed) + singles))
    counts = Counter(all_tiles)
    if (
        len(all_tiles) == 14
        and all(m.kind == "pair" for m in fixed)
        and all(c in (2, 4) for c in counts.values())
    ):
        pairs = list(fixed)
        rest = Counter(parsed.rest)
        for tile, count in sorted(rest.items()):
            pairs.extend(Meld((tile, tile), "pair", exposed=False, fixed=False) for _ in range(count // 2))
        if all(c % 2 == 0 for c in rest.values()):
            shapes.append(("seven pairs", pairs))
    if is_complete(fixed, parsed.rest):
        for arranged in winning_groupings(tuple(sorted(parsed.rest))):
            melds = list(fixed) + list(arranged)
            if is_standard(melds):
                shapes.append(("standard", melds))
    return shapes


def _last_meld(parsed: ParsedHand, melds: list[Meld]) -> Meld | None:
    if parsed.last_tile is None:
        return None
    holding = [m for m in melds if parsed.last_tile in m.tiles]
    if parsed.last_meld is not None:
        named = [m for m in holding if sorted(m.tiles) == sorted(parsed.last_meld)]
        holding = named or holding
    return holding[0] if holding else None


def value_hand(parsed: ParsedHand, seat: str, prevailing: str) -> dict:
    """Value a parsed ``dmjl-hke`` hand: ``{"won", "fan", "limit_hand", "items", "explain"}``."""
    best: FanScore | None = None
    for shape, melds in _shapes(parsed):
        situation = Situation(
            melds=melds,
            bonus=list(parsed.bonus),
            seat=seat,
            prevailing=prevailing,
            last_tile=parsed.last_tile,
            last_concealed=parsed.last_tile_concealed,
            last_meld=_last_meld(parsed, melds),
            source=parsed.source,
            announcements=parsed.announcements,
            mj=shape,
        )
        scored = score(situation)
        if best is None or scored.key > best.key:
            best = scored
    if best is None:
        return {"won": False, "fan": 0, "limit_hand": False, "items": [], "explain": []}
    items = [item(r, what) for r, what in best.lines]
    return {
        "won": True,
        "fan": None if best.limit else best.fan,
        "limit_hand": best.limit,
        "items": items,
        "explain": [line(i) for i in items],
    }
