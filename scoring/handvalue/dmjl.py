"""Classical Chinese (DMJL) hand valuation from tiles.

The rule values (points, doubles, limits) are data, one table per scoring table a tournament may
choose (its option ``table``, :data:`TABLE_RULES`): the Chemnitz circle's (:data:`CHEMNITZ_RULES`,
docs/rules.md §9a, the default) and Kajongg's "Classical Chinese DMJL" ruleset
(:data:`KAJONGG_RULES`). Each rule's condition is a small function registered under the rule's
name. The code is our own; only the facts come from those tables.

A valuation:

1. reads the hand string (:mod:`.notation`);
2. arranges the ungrouped concealed tiles (``R…``) in every possible way;
3. decides whether the tiles form a Mah-Jongg (standard 4 sets + pair, or a special hand);
4. scores every arrangement (and, for a winner, every possible meld completed by the last tile)
   and keeps the best value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ..texts import gettext_noop
from .notation import SUITS, Meld, ParsedHand, Tile, classify
from .rules import Rule, item, line, register_rules

DEFAULT_UPPER_LIMIT = 5000

WINDS = {"E": "e", "S": "s", "W": "w", "N": "n"}

MAJORS = frozenset(
    [Tile(g, v) for g in SUITS for v in "19"] + [Tile("w", v) for v in "eswn"] + [Tile("d", v) for v in "bgr"]
)
GREEN = frozenset([Tile("b", v) for v in "23468"] + [Tile("d", "g")])
ALL_TILES = tuple(
    [Tile(g, str(v)) for g in SUITS for v in range(1, 10)]
    + [Tile("w", v) for v in "eswn"]
    + [Tile("d", v) for v in "bgr"]
)


def _r(
    name: str, scope: str, points: int = 0, doubles: int = 0, limits: float = 0.0, when: str = ""
) -> Rule:
    """A rule of a table. ``scope``: ``meld`` (per meld), ``bonus`` (per flower or season), ``hand``
    (every hand), ``winner`` (only a Mah-Jongg), ``mj`` (what makes a Mah-Jongg); ``when`` names the
    condition function (shared between tables); empty = the rule's name."""
    return Rule(name, scope, points, doubles, limits, when)


# The points of pungs, kongs and bonus tiles: the same in both tables.
_MELD_POINTS = [
    _r(gettext_noop("Exposed Kong"), "meld", points=8),
    _r(gettext_noop("Exposed Kong of Terminals"), "meld", points=16),
    _r(gettext_noop("Exposed Kong of Honors"), "meld", points=16),
    _r(gettext_noop("Exposed Pung"), "meld", points=2),
    _r(gettext_noop("Exposed Pung of Terminals"), "meld", points=4),
    _r(gettext_noop("Exposed Pung of Honors"), "meld", points=4),
    _r(gettext_noop("Concealed Kong"), "meld", points=16),
    _r(gettext_noop("Concealed Kong of Terminals"), "meld", points=32),
    _r(gettext_noop("Concealed Kong of Honors"), "meld", points=32),
    _r(gettext_noop("Concealed Pung"), "meld", points=4),
    _r(gettext_noop("Concealed Pung of Terminals"), "meld", points=8),
    _r(gettext_noop("Concealed Pung of Honors"), "meld", points=8),
    _r(gettext_noop("Pair of Own Wind"), "meld", points=2),
    _r(gettext_noop("Pair of Round Wind"), "meld", points=2),
    _r(gettext_noop("Pair of Dragons"), "meld", points=2),
    _r(gettext_noop("Flower"), "bonus", points=4),
    _r(gettext_noop("Season"), "bonus", points=4),
]

# The values of Kajongg's "Classical Chinese DMJL" ruleset (src/predefined.py).
KAJONGG_RULES: tuple[Rule, ...] = register_rules("dmjl", (
    # what makes a Mah-Jongg
    _r(gettext_noop("Standard Mah Jongg"), "mj", points=20),
    _r(gettext_noop("Nine Gates"), "mj", limits=1),
    _r(gettext_noop("Thirteen Orphans"), "mj", limits=1),
    _r(gettext_noop("Squirming Snake"), "mj", limits=1),
    # melds
    _r(gettext_noop("Pung/Kong of Dragons"), "meld", doubles=1),
    _r(gettext_noop("Pung/Kong of Own Wind"), "meld", doubles=1),
    _r(gettext_noop("Pung/Kong of Round Wind"), "meld", doubles=1),
    *_MELD_POINTS,
    # every hand
    _r(gettext_noop("Own Flower and Own Season"), "hand", doubles=1),
    _r(gettext_noop("All Flowers"), "hand", doubles=1),
    _r(gettext_noop("All Seasons"), "hand", doubles=1),
    _r(gettext_noop("Three Concealed Pongs"), "hand", doubles=1),
    _r(gettext_noop("Little Three Dragons"), "hand", doubles=1),
    _r(gettext_noop("Big Three Dragons"), "hand", doubles=2),
    _r(gettext_noop("Little Four Joys"), "hand", doubles=1),
    _r(gettext_noop("Big Four Joys"), "hand", doubles=2),
    # winner only
    _r(gettext_noop("Last Tile Completes Pair of 2..8"), "winner", points=2),
    _r(gettext_noop("Last Tile Completes Pair of Terminals or Honors"), "winner", points=4),
    _r(gettext_noop("Last Tile is Only Possible Tile"), "winner", points=2),
    _r(gettext_noop("Won with Last Tile Taken from Wall"), "winner", points=2),
    _r(gettext_noop("Zero Point Hand"), "winner", doubles=1),
    _r(gettext_noop("No Chow"), "winner", doubles=1),
    _r(gettext_noop("Only Concealed Melds"), "winner", doubles=1),
    _r(gettext_noop("False Color Game"), "winner", doubles=1),
    _r(gettext_noop("True Color Game"), "winner", doubles=3),
    _r(gettext_noop("Only Terminals and Honors"), "winner", doubles=1),
    _r(gettext_noop("Last Tile Taken from Dead Wall"), "winner", doubles=1),
    _r(gettext_noop("Last Tile is Last Tile of Wall"), "winner", doubles=1),
    _r(gettext_noop("Last Tile is Last Tile of Wall Discarded"), "winner", doubles=1),
    _r(gettext_noop("Robbing the Kong"), "winner", doubles=1),
    _r(gettext_noop("Mah Jongg with Original Call"), "winner", doubles=1),
    # winner only, limit hands
    _r(gettext_noop("Concealed True Color Game"), "winner", limits=1),
    _r(gettext_noop("Only Honors"), "winner", doubles=2, limits=1),
    _r(gettext_noop("Hidden Treasure"), "winner", limits=1),
    _r(gettext_noop("Heads and Tails"), "winner", limits=1),
    _r(gettext_noop("Fourfold Plenty"), "winner", limits=1),
    _r(gettext_noop("Three Great Scholars"), "winner", limits=1),
    _r(gettext_noop("Four Blessings Hovering over the Door"), "winner", limits=1),
    _r(gettext_noop("Imperial Jade"), "winner", limits=1),
    _r(gettext_noop("Gathering the Plum Blossom from the Roof"), "winner", limits=1),
    _r(gettext_noop("Plucking the Moon from the Bottom of the Sea"), "winner", limits=1),
    _r(gettext_noop("Scratching a Carrying Pole"), "winner", limits=1),
    _r(gettext_noop("Twofold Fortune"), "winner", limits=1),
    _r(gettext_noop("Blessing of Heaven"), "winner", limits=1),
    _r(gettext_noop("Blessing of Earth"), "winner", limits=1),
    # a hand with too many tiles is worth nothing
    _r(gettext_noop("Long Hand"), "hand", points=0),
))

# The Chemnitz circle's tables (docs/rules.md §9a; seeds 000 and 003).
CHEMNITZ_RULES: tuple[Rule, ...] = register_rules("dmjl", (
    # what makes a Mah-Jongg
    _r(gettext_noop("Mah Jongg"), "mj", points=20, when="Standard Mah Jongg"),
    _r(gettext_noop("Thirteen Wonders"), "mj", limits=2, when="Thirteen Orphans"),
    # melds: points as in Kajongg's table, doubles of their own
    *_MELD_POINTS,
    _r(gettext_noop("Pung of Dragons"), "meld", doubles=1, when="Dragon Pung"),
    _r(gettext_noop("Kong of Dragons"), "meld", doubles=2, when="Dragon Kong"),
    _r(gettext_noop("Kong of a Suit"), "meld", doubles=1, when="Suit Kong"),
    _r(gettext_noop("Pung of a Foreign Wind"), "meld", doubles=1, when="Foreign Wind Pung"),
    _r(gettext_noop("Kong of a Foreign Wind"), "meld", doubles=2, when="Foreign Wind Kong"),
    _r(gettext_noop("Pung of Own or Prevailing Wind"), "meld", doubles=2, when="Own or Prevailing Wind Pung"),
    _r(gettext_noop("Kong of Own or Prevailing Wind"), "meld", doubles=3, when="Own or Prevailing Wind Kong"),
    _r(gettext_noop("Pung of Own and Prevailing Wind"), "meld", doubles=3, when="Own and Prevailing Wind Pung"),
    _r(gettext_noop("Kong of Own and Prevailing Wind"), "meld", doubles=4, when="Own and Prevailing Wind Kong"),
    # every hand
    _r(gettext_noop("Own Flower"), "hand", doubles=1),
    _r(gettext_noop("Own Season"), "hand", doubles=1),
    _r(gettext_noop("All Four Flowers"), "hand", doubles=3, when="All Flowers"),
    _r(gettext_noop("All Four Seasons"), "hand", doubles=3, when="All Seasons"),
    # winner only: premiums and doubles
    _r(gettext_noop("Mah Jongg without Calls"), "winner", points=10, doubles=3, when="No Tile Called"),
    _r(gettext_noop("Only the 14th Tile Called"), "winner", doubles=1),
    _r(gettext_noop("Four Chows"), "winner", points=2),
    _r(gettext_noop("No Chow"), "winner", points=10, when="No Chow, Fewer than Four Kongs"),
    _r(gettext_noop("Four Kongs"), "winner", points=40, when="Fourfold Plenty"),
    _r(gettext_noop("Last Discard"), "winner", points=10, doubles=1, when="Last Tile is Last Tile of Wall Discarded"),
    _r(gettext_noop("Last Tile of the Wall"), "winner", points=10, doubles=1, when="Last Tile is Last Tile of Wall"),
    _r(gettext_noop("Only Possible Tile"), "winner", points=10, when="Last Tile is Only Possible Tile"),
    _r(gettext_noop("Robbing the Kong"), "winner", points=10, doubles=1),
    _r(gettext_noop("Colour Game, Two Suit Figures"), "winner", doubles=1, when="Colour Game 1"),
    _r(gettext_noop("Colour Game, Three Suit Figures"), "winner", doubles=2, when="Colour Game 2"),
    _r(gettext_noop("Colour Game, Four Suit Figures"), "winner", doubles=3, when="Colour Game 3"),
    _r(gettext_noop("Pure Colour Game"), "winner", doubles=4, when="Colour Game 4"),
    # winner only, special hands (a fraction of the upper limit)
    _r(gettext_noop("Winding Snake"), "winner", limits=1),
    _r(gettext_noop("Three Great Scholars"), "winner", limits=0.5, when="Three Great Scholars with Pungs"),
    _r(gettext_noop("Green Hand"), "winner", limits=2, when="Imperial Jade"),
    _r(gettext_noop("Heavenly Win"), "winner", limits=1, when="Blessing of Heaven"),
    _r(gettext_noop("Earthly Win"), "winner", limits=1, when="Blessing of Earth"),
    _r(gettext_noop("Flush"), "winner", limits=0.5),
    _r(gettext_noop("Royal Flush"), "winner", limits=1),
    _r(gettext_noop("Nine Lanterns"), "winner", limits=1),
    _r(gettext_noop("Nine Lanterns, Completed"), "winner", limits=0.5),
    _r(gettext_noop("Long Hand"), "hand", points=0),
))

TABLE_RULES = {"chemnitz": CHEMNITZ_RULES, "kajongg": KAJONGG_RULES}
DEFAULT_TABLE = "chemnitz"
# A table paying its special hands always at their fraction (docs/rules.md §9a) prefers them over any
# grouping worth more in points and doubles.
SPECIAL_HANDS_ALWAYS_PAID = {"chemnitz": True, "kajongg": False}
LIMIT_HAND_NAMES = {0.5: "half", 1.0: "full", 2.0: "double"}


@dataclass(frozen=True, eq=False)
class Table:
    """A valuation table: its rules by scope, ready for scoring. Build it with :func:`table_for`.
    ``hand_checks`` and ``winner_checks`` pair each rule with its condition function."""

    name: str
    rules: tuple[Rule, ...]
    by_name: dict[str, Rule]
    mj: tuple[Rule, ...]
    standard: Rule
    meld: tuple[Rule, ...]
    bonus: tuple[Rule, ...]
    hand: tuple[Rule, ...]
    winner: tuple[Rule, ...]
    specials_always_paid: bool
    hand_checks: tuple = ()
    winner_checks: tuple = ()


@lru_cache(maxsize=32)
def table_for(name: str = DEFAULT_TABLE, prevailing_wind_pair: int = 2) -> Table:
    """The table ``name`` with the prevailing-wind pair worth ``prevailing_wind_pair`` points."""
    rules = tuple(
        Rule(r.name, r.scope, prevailing_wind_pair, r.doubles, r.limits, r.condition)
        if r.when == "Pair of Round Wind"
        else r
        for r in TABLE_RULES[name]
    )

    def scope(kind: str) -> tuple[Rule, ...]:
        return tuple(r for r in rules if r.scope == kind and r.name != "Long Hand")

    mj = scope("mj")
    hand, winner = scope("hand"), scope("winner")
    return Table(
        name=name,
        rules=rules,
        by_name={r.name: r for r in rules},
        mj=mj,
        standard=next(r for r in mj if r.when == "Standard Mah Jongg"),
        meld=scope("meld"),
        bonus=scope("bonus"),
        hand=hand,
        winner=winner,
        specials_always_paid=SPECIAL_HANDS_ALWAYS_PAID[name],
        hand_checks=tuple((r, HAND_CONDITIONS[r.when]) for r in hand),
        winner_checks=tuple((r, HAND_CONDITIONS[r.when]) for r in winner),
    )


# --------------------------------------------------------------------------------------------
# The hand as the rules see it


@dataclass
class Situation:
    """One arrangement of a hand, with its last tile and the meld that tile completed."""

    melds: list[Meld]
    bonus: list[Tile]
    seat: str  # e s w n
    prevailing: str
    last_tile: Tile | None
    last_concealed: bool
    last_meld: Meld | None
    source: str
    announcements: str
    only_possible: bool = False
    mj: str = "Standard Mah Jongg"  # the condition of the Mah-Jongg rule
    table: Table | None = None
    tiles: list[Tile] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tiles = [t for m in self.melds for t in m.tiles]

    @cached_property
    def groups(self) -> set[str]:
        return {t.group for t in self.tiles}

    @cached_property
    def suits(self) -> set[str]:
        return self.groups & set(SUITS)

    @cached_property
    def has_honours(self) -> bool:
        return bool(self.groups & {"w", "d"})

    @cached_property
    def colour_level(self) -> int:
        return colour_level(self)

    def exposed_melds(self) -> list[Meld]:
        return [m for m in self.melds if m.counts_as_exposed_meld]

    def pungs_kongs(self, group: str) -> list[Meld]:
        return [m for m in self.melds if m.is_pung_or_kong and m.first.group == group]

    def pairs(self, group: str) -> list[Meld]:
        return [m for m in self.melds if m.kind == "pair" and m.first.group == group]

    @property
    def self_drawn(self) -> bool:
        """The last tile came from the wall (written upper case, or a wall source without L)."""
        if self.last_tile is not None:
            return self.last_concealed
        return self.source in "wez1"

    @property
    def from_discard(self) -> bool:
        """The last tile was called (written lower case, or a discard source without L)."""
        if self.last_tile is not None:
            return not self.last_concealed
        return self.source in "dZk"


# Conditions: one function per rule. Meld rules take (situation, meld); others take situation.
MeldCondition = Callable[[Situation, Meld], bool]
HandCondition = Callable[[Situation], bool]
MELD_CONDITIONS: dict[str, MeldCondition] = {}
HAND_CONDITIONS: dict[str, HandCondition] = {}


_CONDITION_NAMES = {r.when for rules in TABLE_RULES.values() for r in rules}


def meld_rule(name: str) -> Callable[[MeldCondition], MeldCondition]:
    """Register the condition ``name`` of meld rules (any table's rules may name it)."""

    def register(func: MeldCondition) -> MeldCondition:
        assert name in _CONDITION_NAMES, name
        MELD_CONDITIONS[name] = func
        return func

    return register


def hand_rule(name: str) -> Callable[[HandCondition], HandCondition]:
    """Register the condition ``name`` of hand or winner rules."""

    def register(func: HandCondition) -> HandCondition:
        assert name in _CONDITION_NAMES, name
        HAND_CONDITIONS[name] = func
        return func

    return register


def _minor(m: Meld) -> bool:
    return m.first.group in SUITS and m.first.value in "2345678"


def _terminal(m: Meld) -> bool:
    return m.first.is_terminal


def _honour(m: Meld) -> bool:
    return m.first.is_honour


@meld_rule("Pung/Kong of Dragons")
def _dragon_pung(s: Situation, m: Meld) -> bool:
    return m.is_pung_or_kong and m.first.group == "d"


@meld_rule("Pung/Kong of Own Wind")
def _own_wind_pung(s: Situation, m: Meld) -> bool:
    return m.is_pung_or_kong and m.first == Tile("w", s.seat)


@meld_rule("Pung/Kong of Round Wind")
def _round_wind_pung(s: Situation, m: Meld) -> bool:
    return m.is_pung_or_kong and m.first == Tile("w", s.prevailing)


@meld_rule("Exposed Kong")
def _exposed_kong(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and m.exposed and _minor(m)


@meld_rule("Exposed Kong of Terminals")
def _exposed_kong_terminals(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and m.exposed and _terminal(m)


@meld_rule("Exposed Kong of Honors")
def _exposed_kong_honours(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and m.exposed and _honour(m)


@meld_rule("Exposed Pung")
def _exposed_pung(s: Situation, m: Meld) -> bool:
    return m.kind == "pung" and m.exposed and _minor(m)


@meld_rule("Exposed Pung of Terminals")
def _exposed_pung_terminals(s: Situation, m: Meld) -> bool:
    return m.kind == "pung" and m.exposed and _terminal(m)


@meld_rule("Exposed Pung of Honors")
def _exposed_pung_honours(s: Situation, m: Meld) -> bool:
    return m.kind == "pung" and m.exposed and _honour(m)


@meld_rule("Concealed Kong")
def _concealed_kong(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and not m.exposed and _minor(m)


@meld_rule("Concealed Kong of Terminals")
def _concealed_kong_terminals(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and not m.exposed and _terminal(m)


@meld_rule("Concealed Kong of Honors")
def _concealed_kong_honours(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and not m.exposed and _honour(m)


@meld_rule("Concealed Pung")
def _concealed_pung(s: Situation, m: Meld) -> bool:
    return m.kind == "pung" and not m.exposed and _minor(m)


@meld_rule("Concealed Pung of Terminals")
def _concealed_pung_terminals(s: Situation, m: Meld) -> bool:
    return m.kind == "pung" and not m.exposed and _terminal(m)


@meld_rule("Concealed Pung of Honors")
def _concealed_pung_honours(s: Situation, m: Meld) -> bool:
    return m.kind == "pung" and not m.exposed and _honour(m)


@meld_rule("Pair of Own Wind")
def _own_wind_pair(s: Situation, m: Meld) -> bool:
    return m.kind == "pair" and m.first == Tile("w", s.seat)


@meld_rule("Pair of Round Wind")
def _round_wind_pair(s: Situation, m: Meld) -> bool:
    return m.kind == "pair" and m.first == Tile("w", s.prevailing)


@meld_rule("Pair of Dragons")
def _dragon_pair(s: Situation, m: Meld) -> bool:
    return m.kind == "pair" and m.first.group == "d"


@hand_rule("Own Flower and Own Season")
def _own_flower_season(s: Situation) -> bool:
    return Tile("f", s.seat) in s.bonus and Tile("y", s.seat) in s.bonus


@hand_rule("All Flowers")
def _all_flowers(s: Situation) -> bool:
    return len({t for t in s.bonus if t.group == "f"}) == 4


@hand_rule("All Seasons")
def _all_seasons(s: Situation) -> bool:
    return len({t for t in s.bonus if t.group == "y"}) == 4


@hand_rule("Three Concealed Pongs")
def _three_concealed_pungs(s: Situation) -> bool:
    return sum(1 for m in s.melds if m.is_pung_or_kong and not m.counts_as_exposed_meld) >= 3


def _lengths(melds: list[Meld], group: str) -> list[int]:
    return sorted(min(len(m.tiles), 3) for m in melds if m.first.group == group and m.kind != "rest")


@hand_rule("Little Three Dragons")
def _little_three_dragons(s: Situation) -> bool:
    return _lengths(s.melds, "d") == [2, 3, 3]


@hand_rule("Big Three Dragons")
def _big_three_dragons(s: Situation) -> bool:
    return len(s.pungs_kongs("d")) == 3


@hand_rule("Little Four Joys")
def _little_four_joys(s: Situation) -> bool:
    return _lengths(s.melds, "w") == [2, 3, 3, 3]


@hand_rule("Big Four Joys")
def _big_four_joys(s: Situation) -> bool:
    return len(s.pungs_kongs("w")) == 4


@hand_rule("Last Tile Completes Pair of 2..8")
def _last_pair_minor(s: Situation) -> bool:
    return s.last_meld is not None and s.last_meld.kind == "pair" and _minor(s.last_meld)


@hand_rule("Last Tile Completes Pair of Terminals or Honors")
def _last_pair_major(s: Situation) -> bool:
    return s.last_meld is not None and s.last_meld.kind == "pair" and not _minor(s.last_meld)


@hand_rule("Last Tile is Only Possible Tile")
def _last_only_possible(s: Situation) -> bool:
    return s.only_possible


@hand_rule("Won with Last Tile Taken from Wall")
def _last_from_wall(s: Situation) -> bool:
    return s.last_tile is not None and s.last_concealed


@hand_rule("Zero Point Hand")
def _zero_point_hand(s: Situation) -> bool:
    return not any(rule.points for m in s.melds for rule in _meld_rules(s, m))


@hand_rule("No Chow")
def _no_chow(s: Situation) -> bool:
    return not any(m.kind == "chow" for m in s.melds)


@hand_rule("Only Concealed Melds")
def _only_concealed(s: Situation) -> bool:
    return not s.exposed_melds()


@hand_rule("False Color Game")
def _false_color(s: Situation) -> bool:
    return s.has_honours and len(s.suits) == 1


@hand_rule("True Color Game")
def _true_color(s: Situation) -> bool:
    return not s.has_honours and len(s.suits) == 1


@hand_rule("Only Terminals and Honors")
def _only_majors(s: Situation) -> bool:
    return all(t.is_major for t in s.tiles)


@hand_rule("Last Tile Taken from Dead Wall")
def _dead_wall(s: Situation) -> bool:
    return s.source == "e"


@hand_rule("Last Tile is Last Tile of Wall")
def _last_of_wall(s: Situation) -> bool:
    return s.source == "z"


@hand_rule("Last Tile is Last Tile of Wall Discarded")
def _last_of_wall_discarded(s: Situation) -> bool:
    return s.source == "Z"


@hand_rule("Robbing the Kong")
def _robbing_kong(s: Situation) -> bool:
    return s.source == "k"


@hand_rule("Mah Jongg with Original Call")
def _original_call(s: Situation) -> bool:
    return "a" in s.announcements and len([m for m in s.melds if m.exposed]) < 3


@hand_rule("Concealed True Color Game")
def _concealed_true_color(s: Situation) -> bool:
    return _true_color(s) and not s.exposed_melds()


@hand_rule("Only Honors")
def _only_honours(s: Situation) -> bool:
    return all(t.is_honour for t in s.tiles)


@hand_rule("Hidden Treasure")
def _hidden_treasure(s: Situation) -> bool:
    return (
        s.mj == "Standard Mah Jongg"
        and not s.exposed_melds()
        and not any(m.kind == "chow" for m in s.melds)
        and s.last_tile is not None
        and s.last_concealed
    )


@hand_rule("Heads and Tails")
def _heads_and_tails(s: Situation) -> bool:
    return all(t.is_terminal for t in s.tiles)


@hand_rule("Fourfold Plenty")
def _fourfold_plenty(s: Situation) -> bool:
    return sum(1 for m in s.melds if m.kind == "kong") == 4


@hand_rule("Three Great Scholars")
def _three_great_scholars(s: Situation) -> bool:
    return len(s.pungs_kongs("d")) == 3


@hand_rule("Four Blessings Hovering over the Door")
def _four_blessings(s: Situation) -> bool:
    return len(s.pungs_kongs("w")) == 4


@hand_rule("Imperial Jade")
def _imperial_jade(s: Situation) -> bool:
    return all(t in GREEN for t in s.tiles)


@hand_rule("Gathering the Plum Blossom from the Roof")
def _plum_blossom(s: Situation) -> bool:
    return s.source == "e" and s.last_tile == Tile("s", "5") and s.last_concealed


@hand_rule("Plucking the Moon from the Bottom of the Sea")
def _plucking_moon(s: Situation) -> bool:
    return s.source == "z" and s.last_tile == Tile("s", "1") and s.last_concealed


@hand_rule("Scratching a Carrying Pole")
def _scratching_pole(s: Situation) -> bool:
    return s.source == "k" and s.last_tile == Tile("b", "2") and not s.last_concealed


@hand_rule("Twofold Fortune")
def _twofold_fortune(s: Situation) -> bool:
    return "t" in s.announcements


@hand_rule("Blessing of Heaven")
def _blessing_of_heaven(s: Situation) -> bool:
    return s.source == "1" and s.seat == "e"


@hand_rule("Blessing of Earth")
def _blessing_of_earth(s: Situation) -> bool:
    return s.source == "1" and s.seat != "e"


# --- Chemnitz conditions (docs/rules.md §9a) -------------------------------------------------------


def _wind_rank(s: Situation, m: Meld) -> int:
    """For a wind meld: 1 for the own wind, 1 for the prevailing wind (2 when both)."""
    tile = m.first
    return (tile.value == s.seat) + (tile.value == s.prevailing)


def _wind_meld(kind: str, rank: int) -> MeldCondition:
    def condition(s: Situation, m: Meld) -> bool:
        return m.kind == kind and m.first.group == "w" and _wind_rank(s, m) == rank

    return condition


for _kind in ("pung", "kong"):
    for _rank, _label in enumerate(("Foreign Wind", "Own or Prevailing Wind", "Own and Prevailing Wind")):
        meld_rule(f"{_label} {_kind.title()}")(_wind_meld(_kind, _rank))


@meld_rule("Dragon Pung")
def _dragon_pung_only(s: Situation, m: Meld) -> bool:
    return m.kind == "pung" and m.first.group == "d"


@meld_rule("Dragon Kong")
def _dragon_kong(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and m.first.group == "d"


@meld_rule("Suit Kong")
def _suit_kong(s: Situation, m: Meld) -> bool:
    return m.kind == "kong" and m.first.group in SUITS


@hand_rule("Own Flower")
def _own_flower(s: Situation) -> bool:
    return Tile("f", s.seat) in s.bonus


@hand_rule("Own Season")
def _own_season(s: Situation) -> bool:
    return Tile("y", s.seat) in s.bonus


@hand_rule("No Tile Called")
def _no_tile_called(s: Situation) -> bool:
    return s.self_drawn and not any(m.exposed for m in s.melds)


@hand_rule("Only the 14th Tile Called")
def _only_last_called(s: Situation) -> bool:
    return s.from_discard and all(m is s.last_meld for m in s.melds if m.exposed)


@hand_rule("Four Chows")
def _four_chows(s: Situation) -> bool:
    return sum(1 for m in s.melds if m.kind == "chow") == 4


@hand_rule("No Chow, Fewer than Four Kongs")
def _no_chow_few_kongs(s: Situation) -> bool:
    return _no_chow(s) and sum(1 for m in s.melds if m.kind == "kong") < 4


def colour_level(s: Situation) -> int:
    """Chemnitz colour games: one suit plus trumps; 4 = one suit only; 3 = four suit figures and
    a trump pair; 2 = three suit figures; 1 = two or fewer suit figures; 0 = no colour game."""
    if len(s.suits) != 1:
        return 0
    if not s.has_honours:
        return 4
    figures = sum(1 for m in s.melds if m.kind in ("chow", "pung", "kong") and m.first.group in SUITS)
    return {4: 3, 3: 2}.get(figures, 1)


def _colour_game(level: int) -> HandCondition:
    return lambda s: s.colour_level == level


for _level in (1, 2, 3, 4):
    hand_rule(f"Colour Game {_level}")(_colour_game(_level))


def _one_suit(s: Situation) -> str | None:
    suits = s.suits
    return next(iter(suits)) if len(suits) == 1 else None


@hand_rule("Winding Snake")
def _winding_snake(s: Situation) -> bool:
    if _one_suit(s) is None or s.has_honours or len(s.tiles) != 14:
        return False
    counts = Counter(t.number for t in s.tiles)
    return counts in (Counter({1: 3, 3: 3, 5: 3, 7: 3, 9: 2}), Counter({1: 2, 3: 3, 5: 3, 7: 3, 9: 3}))


@hand_rule("Three Great Scholars with Pungs")
def _three_great_scholars_pungs(s: Situation) -> bool:
    return sum(1 for m in s.melds if m.kind == "pung" and m.first.group == "d") == 3


def _chow_flush(s: Situation, starts: tuple[int, ...]) -> bool:
    """One suit's chows starting at ``starts``, the rest figures of that suit, a pair of it or trumps."""
    suit = _one_suit(s)
    if suit is None:
        return False
    figures = [m for m in s.melds if m.kind != "pair"]
    if len(figures) != 4 or any(m.first.group != suit for m in figures):
        return False
    chow_starts = Counter(m.first.number for m in figures if m.kind == "chow")
    return all(chow_starts[n] >= 1 for n in starts)


@hand_rule("Flush")
def _flush(s: Situation) -> bool:
    return _chow_flush(s, (1, 4, 7))


@hand_rule("Royal Flush")
def _royal_flush(s: Situation) -> bool:
    return _chow_flush(s, (1, 3, 5, 7))


NINE_LANTERNS = Counter({1: 3, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 3})


def _nine_lanterns_shape(s: Situation) -> bool:
    if _one_suit(s) is None or s.has_honours or len(s.tiles) != 14:
        return False
    if any(m.exposed and m is not s.last_meld for m in s.melds):
        return False
    counts = Counter(t.number for t in s.tiles)
    return not (NINE_LANTERNS - counts)


def _nine_lanterns_waited(s: Situation) -> bool:
    if s.last_tile is None:
        return False
    counts = Counter(t.number for t in s.tiles)
    counts[s.last_tile.number] -= 1
    return +counts == NINE_LANTERNS


@hand_rule("Nine Lanterns")
def _nine_lanterns(s: Situation) -> bool:
    return _nine_lanterns_shape(s) and _nine_lanterns_waited(s)


@hand_rule("Nine Lanterns, Completed")
def _nine_lanterns_completed(s: Situation) -> bool:
    return _nine_lanterns_shape(s) and not _nine_lanterns_waited(s)


# Bonus tiles: a condition per tile.
BONUS_CONDITIONS: dict[str, Callable[[Tile], bool]] = {
    "Flower": lambda t: t.group == "f",
    "Season": lambda t: t.group == "y",
}


def _meld_rules(s: Situation, m: Meld) -> tuple[Rule, ...]:
    table = s.table or table_for()
    return _meld_rules_cached(table, s.seat, s.prevailing, m.tiles, m.kind, m.exposed, m.claimed_kong)


@lru_cache(maxsize=8192)
def _meld_rules_cached(
    table: Table, seat: str, prevailing: str, tiles: tuple[Tile, ...], kind: str, exposed: bool, claimed: bool
) -> tuple[Rule, ...]:
    """Meld rules depend only on the table, the meld and the two winds."""
    meld = Meld(tiles, kind, exposed=exposed, claimed_kong=claimed)
    probe = Situation([meld], [], seat, prevailing, None, False, None, ".", "", table=table)
    return tuple(rule for rule in table.meld if MELD_CONDITIONS[rule.when](probe, meld))


# --------------------------------------------------------------------------------------------
# Mah-Jongg patterns


def is_thirteen_orphans(tiles: list[Tile]) -> bool:
    return len(tiles) == 14 and set(tiles) == MAJORS


def is_nine_gates(tiles: list[Tile], all_concealed: bool) -> bool:
    if not all_concealed or len(tiles) != 14 or len({t.group for t in tiles}) != 1:
        return False
    if tiles[0].group not in SUITS:
        return False
    counts = Counter(t.number for t in tiles)
    return counts[1] >= 3 and counts[9] >= 3 and all(counts[v] >= 1 for v in range(2, 9))


def is_squirming_snake(tiles: list[Tile]) -> bool:
    if len({t.group for t in tiles}) != 1 or tiles[0].group not in SUITS:
        return False
    values = [t.number for t in tiles]
    if values.count(1) < 3 or values.count(9) < 3:
        return False
    if len([v for v in (2, 5, 8) if values.count(v) == 2]) != 1:
        return False
    return len(set(values)) == len(values) - 5


def is_standard(melds: list[Meld]) -> bool:
    kinds = [m.kind for m in melds]
    return (
        len(melds) == 5
        and kinds.count("pair") == 1
        and all(k in ("pair", "pung", "kong", "chow") for k in kinds)
    )


def arrangements(tiles: list[Tile], singles: bool = True) -> Iterator[list[Meld]]:
    """Every way to group concealed tiles into pungs, chows, pairs (and singles)."""
    counts = Counter(tiles)
    keys = sorted(counts)

    def walk(i: int) -> Iterator[list[Meld]]:
        while i < len(keys) and counts[keys[i]] == 0:
            i += 1
        if i == len(keys):
            yield []
            return
        tile = keys[i]
        options: list[tuple[Tile, ...]] = []
        if counts[tile] >= 3:
            options.append((tile,) * 3)
        if tile.group in SUITS and tile.number <= 7:
            nxt = Tile(tile.group, str(tile.number + 1))
            nxt2 = Tile(tile.group, str(tile.number + 2))
            if counts[nxt] and counts[nxt2]:
                options.append((tile, nxt, nxt2))
        if counts[tile] >= 2:
            options.append((tile,) * 2)
        if singles:
            options.append((tile,))
        for group in options:
            for t in group:
                counts[t] -= 1
            meld = Meld(group, classify(group), exposed=False, fixed=False)
            for tail in walk(i):
                yield [meld, *tail]
            for t in group:
                counts[t] += 1

    yield from walk(0)


@lru_cache(maxsize=4096)
def winning_groupings(tiles: tuple[Tile, ...]) -> tuple[tuple[Meld, ...], ...]:
    """Every grouping of sorted concealed tiles into pungs, chows and pairs (cached: a referee
    corrects one tile at a time, and the bench repeats hands)."""
    return tuple(tuple(a) for a in arrangements(list(tiles), singles=False))


@lru_cache(maxsize=4096)
def best_loser_grouping(tiles: tuple[Tile, ...]) -> tuple[Meld, ...]:
    """The grouping worth most for a hand that is not a Mah-Jongg. Only pungs, kongs, pairs and
    bonus tiles score there (chows and single tiles are worth nothing in both tables, and no rule
    of a non-winner asks for a chow), so three or four alike make a concealed pung (the fourth
    stays single), two alike a pair, anything else stays single."""
    melds: list[Meld] = []
    for tile, count in sorted(Counter(tiles).items()):
        if count >= 3:
            melds.append(Meld((tile,) * 3, "pung", exposed=False, fixed=False))
            count -= 3
        if count == 2:
            melds.append(Meld((tile,) * 2, "pair", exposed=False, fixed=False))
            count = 0
        melds.extend(Meld((tile,), "single", exposed=False, fixed=False) for _ in range(count))
    return tuple(melds)


def _decomposes(counts: Counter, sets: int, pairs: int) -> bool:
    """Whether ``counts`` splits into exactly ``sets`` pungs/chows and ``pairs`` pairs."""
    keys = sorted(k for k, v in counts.items() if v)
    if not keys:
        return sets == 0 and pairs == 0
    tile = keys[0]
    if counts[tile] >= 3 and sets:
        counts[tile] -= 3
        ok = _decomposes(counts, sets - 1, pairs)
        counts[tile] += 3
        if ok:
            return True
    if counts[tile] >= 2 and pairs:
        counts[tile] -= 2
        ok = _decomposes(counts, sets, pairs - 1)
        counts[tile] += 2
        if ok:
            return True
    if sets and tile.group in SUITS and tile.number <= 7:
        nxt = Tile(tile.group, str(tile.number + 1))
        nxt2 = Tile(tile.group, str(tile.number + 2))
        if counts[nxt] and counts[nxt2]:
            for t in (tile, nxt, nxt2):
                counts[t] -= 1
            ok = _decomposes(counts, sets - 1, pairs)
            for t in (tile, nxt, nxt2):
                counts[t] += 1
            if ok:
                return True
    return False


def is_complete(fixed: list[Meld], rest: list[Tile]) -> bool:
    """Whether fixed melds plus loose concealed tiles make a Mah-Jongg."""
    all_tiles = [t for m in fixed for t in m.tiles] + rest
    if not fixed or all(len(m.tiles) == 1 for m in fixed):
        if is_thirteen_orphans(all_tiles):
            return True
    if any(m.kind not in ("pair", "pung", "kong", "chow") for m in fixed):
        return False
    fixed_pairs = sum(1 for m in fixed if m.kind == "pair")
    if fixed_pairs > 1:
        return False
    sets = 4 - (len(fixed) - fixed_pairs)
    pairs = 1 - fixed_pairs
    if sets < 0 or len(rest) != sets * 3 + pairs * 2:
        return False
    return _decomposes(Counter(rest), sets, pairs)


# --------------------------------------------------------------------------------------------
# Scoring


@dataclass
class Score:
    won: bool
    points: int
    doubles: int
    limits: float
    lines: list[tuple[Rule, str]]  # the rules that counted, with the meld or tile they counted for

    @property
    def items(self) -> list[dict]:
        return [item(rule, what) for rule, what in self.lines]

    def value(self, upper_limit: int) -> int:
        if self.limits:
            return int(self.limits * (upper_limit or DEFAULT_UPPER_LIMIT))
        total: int = self.points << self.doubles  # points × 2^doubles
        if upper_limit:
            total = min(total, upper_limit)
        return total


def score_situation(s: Situation, won: bool) -> Score:
    table = s.table or table_for()
    points = doubles = 0
    lines: list[tuple[Rule, str]] = []
    limit_rules: list[Rule] = []

    def add(rule: Rule, what: str | Meld | Tile = "") -> None:
        nonlocal points, doubles
        if rule.limits:
            limit_rules.append(rule)
            return
        points += rule.points
        doubles += rule.doubles
        lines.append((rule, what))  # type: ignore[arg-type]  # a Meld or Tile is written out when shown

    if won:
        add(next(r for r in table.mj if r.when == s.mj))
    for meld in s.melds:
        for rule in _meld_rules(s, meld):
            add(rule, meld)
    for tile in s.bonus:
        for rule in table.bonus:
            if BONUS_CONDITIONS[rule.when](tile):
                add(rule, tile)
    for rule, condition in table.hand_checks:
        if condition(s):
            add(rule)
    if won:
        for rule, condition in table.winner_checks:
            if condition(s):
                add(rule)
    if limit_rules:
        limits = max(r.limits for r in limit_rules)
        return Score(won, 0, 0, float(limits), [(r, "") for r in limit_rules])
    return Score(won, points, doubles, 0.0, lines)


def _with_exposed(meld: Meld) -> Meld:
    return Meld(meld.tiles, meld.kind, exposed=True, fixed=meld.fixed)


def _only_possible(parsed: ParsedHand, last_meld: Meld, fixed: list[Meld]) -> bool:
    """True when no tile other than the last one would also have completed the hand."""
    last = parsed.last_tile
    assert last is not None
    # Without the last tile, the meld it completed is loose again; so are pairs and singles
    # written apart (they can only have been exposed by the Mah-Jongg itself).
    short_fixed = [m for m in fixed if m is not last_meld and m.kind not in ("pair", "single")]
    short_rest = list(parsed.rest)
    for meld in fixed:
        if meld is last_meld or meld.kind in ("pair", "single"):
            short_rest.extend(meld.tiles)
    short_rest.remove(last)
    held = Counter(t for m in short_fixed for t in m.tiles) + Counter(short_rest)
    # A tile that completes the hand joins loose tiles: the same tile or one up to two away in its
    # suit; only thirteen orphans takes any terminal or honour.
    near = {(t.group, t.number + d) for t in short_rest if t.group in SUITS for d in (-2, -1, 0, 1, 2)}
    loose = set(short_rest)
    for tile in ALL_TILES:
        if tile == last or held[tile] >= 4:
            continue
        in_reach = tile.group in SUITS and (tile.group, tile.number) in near
        if tile not in loose and tile not in MAJORS and not in_reach:
            continue
        if is_complete(short_fixed, [*short_rest, tile]):
            return False
    return True


def _last_meld_candidates(parsed: ParsedHand, melds: list[Meld]) -> list[Meld | None]:
    last = parsed.last_tile
    if last is None:
        return [None]
    holding = [m for m in melds if last in m.tiles and m.kind != "kong"]
    if parsed.last_meld is not None:
        wanted = sorted(parsed.last_meld)
        named = [m for m in holding if sorted(m.tiles) == wanted]
        if named:
            holding = named
    if parsed.last_tile_concealed:
        matching = [m for m in holding if not m.exposed]
    else:
        matching = [m for m in holding if m.exposed or not m.fixed]
    return matching or holding or [None]  # type: ignore[return-value]


# Patterns of the Mah-Jongg rules that are not four sets and a pair, by condition name:
# (all tiles, the parsed hand, whether every written meld is concealed) -> bool.
MJ_PATTERNS: dict[str, Callable[[list[Tile], ParsedHand, bool], bool]] = {
    "Thirteen Orphans": lambda tiles, parsed, concealed: (
        is_thirteen_orphans(tiles) and all(len(m.tiles) <= 2 for m in parsed.melds)
    ),
    "Nine Gates": lambda tiles, parsed, concealed: is_nine_gates(tiles, concealed),
    "Squirming Snake": lambda tiles, parsed, concealed: (
        is_squirming_snake(tiles) and is_complete(parsed.melds, parsed.rest)
    ),
}


def value_hand(
    parsed: ParsedHand, seat: str, prevailing: str, upper_limit: int, table: Table | None = None
) -> dict:
    """Value a parsed hand with ``table`` (default: the Chemnitz table)."""
    table = table or table_for()
    fixed = parsed.melds
    memo = parsed.memo  # facts of these tiles, the same for every table and wind
    if "all_tiles" not in memo:
        memo["all_tiles"] = [t for m in fixed for t in m.tiles] + parsed.rest
        memo["effective"] = len(memo["all_tiles"]) - sum(1 for m in fixed if m.kind == "kong")
    all_tiles, effective = memo["all_tiles"], memo["effective"]
    bonus = list(parsed.bonus)

    def situation(melds: list[Meld], last_meld: Meld | None, mj: str, only: bool = False) -> Situation:
        return Situation(
            melds=melds,
            bonus=bonus,
            seat=seat,
            prevailing=prevailing,
            last_tile=parsed.last_tile,
            last_concealed=parsed.last_tile_concealed,
            last_meld=last_meld,
            source=parsed.source,
            announcements=parsed.announcements,
            only_possible=only,
            mj=mj,
            table=table,
        )

    best: tuple[tuple, Score] | None = None

    def consider(score: Score) -> None:
        nonlocal best
        key = (table.specials_always_paid and score.limits > 0, score.value(upper_limit), score.points)
        if best is None or key > best[0]:
            best = (key, score)

    won = False
    if effective == 14:
        all_concealed = not any(m.exposed for m in fixed)
        if ("special", table.name) not in memo:
            memo["special", table.name] = next(
                (r.when for r in table.mj if r.limits and MJ_PATTERNS[r.when](all_tiles, parsed, all_concealed)),
                None,
            )
        special = memo["special", table.name]
        if "complete" not in memo:
            memo["complete"] = is_complete(fixed, parsed.rest)
        if special:
            won = True
            melds = list(fixed) + [Meld((t,), "single", exposed=False, fixed=False) for t in parsed.rest]
            consider(score_situation(situation(melds, None, special), True))
        elif memo["complete"]:
            won = True
            for arranged in winning_groupings(tuple(sorted(parsed.rest))):
                melds = list(fixed) + list(arranged)
                if not is_standard(melds):
                    continue
                for last_meld in _last_meld_candidates(parsed, melds):
                    scored_melds = melds
                    if (
                        last_meld is not None
                        and not parsed.last_tile_concealed
                        and not last_meld.exposed
                        and not last_meld.fixed
                    ):
                        exposed = _with_exposed(last_meld)
                        scored_melds = [exposed if m is last_meld else m for m in melds]
                        last_meld = exposed
                    only = False
                    if last_meld is not None:
                        key = ("only", fixed.index(last_meld) if last_meld.fixed else None)
                        if key not in memo:
                            memo[key] = _only_possible(parsed, last_meld, fixed)
                        only = memo[key]
                    consider(
                        score_situation(situation(scored_melds, last_meld, "Standard Mah Jongg", only), True)
                    )
    if not won:
        if effective > 13:
            rule = table.by_name["Long Hand"]
            return _result(Score(False, 0, 0, 0.0, [(rule, "")]), upper_limit)
        melds = list(fixed) + list(best_loser_grouping(tuple(sorted(parsed.rest))))
        consider(score_situation(situation(melds, None, "Standard Mah Jongg"), False))
    assert best is not None
    return _result(best[1], upper_limit)


def _result(score: Score, upper_limit: int) -> dict:
    return {
        "won": score.won,
        "points": score.points,
        "doubles": score.doubles,
        "limits": float(score.limits),
        "limit_hand": LIMIT_HAND_NAMES.get(float(score.limits)) if score.limits else None,
        "value": score.value(upper_limit),
        "items": (items := score.items),
        "explain": [line(i) for i in items],
    }
