"""Japanese Mah-Jongg in its older form (``japanese-classic``) valued from tiles: seed 004,
chapter 4 (points: Gesamtpunktzahl) and chapter 5 (doubles and limit hands), with the decisions of
docs/rules.md §9.

Points, doubles and limit hands are data (:data:`JC_RULES`); each rule names its condition, a small
function over one reading of the hand (:class:`Reading`: its sets, pair, the wait the winning tile
closed and the way of winning). The tiles come in the riichi shape (:mod:`.riichi` reads and checks
them): all tiles including meld tiles, called chi/pon/kan ``opened: true``, a concealed kan
``opened: false``. Where the tiles can be read in several ways, the reading worth most counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ..texts import gettext_noop
from . import riichi
from .rules import Rule, line, register_rules
from .rules import item as explain_item

# Tiles are 0..33: 0-8 man, 9-17 pin, 18-26 sou, 27-30 winds E S W N, 31-33 dragons white green red.
WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}
DRAGONS = (31, 32, 33)
GREEN = frozenset([18 + n - 1 for n in (2, 3, 4, 6, 8)] + [32])  # 2 3 4 6 8 sou, green dragon
TERMINALS = frozenset(s * 9 + n for s in range(3) for n in (0, 8))
SUIT_LETTERS = "mps"
HONOUR_NAMES = ("E", "S", "W", "N", "white", "green", "red")
SITUATION_FLAGS = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou",
)
RECORD_KEYS = {
    "id", "ruleset", "tiles", "win_tile", "melds", "dora_indicators", "ura_dora_indicators", "situation",
    "flowers", "options",
}


def is_honour(tile: int) -> bool:
    return tile >= 27


def is_major(tile: int) -> bool:
    return tile >= 27 or tile in TERMINALS


def suit_of(tile: int) -> int | None:
    return None if tile >= 27 else tile // 9


def tile_name(tile: int) -> str:
    if tile < 27:
        return f"{tile % 9 + 1}{SUIT_LETTERS[tile // 9]}"
    return f"{tile - 26}z"


def trump_after(indicator: int) -> int:
    """Chapter 3 point 14: the next number (9 → 1), E→S→W→N→E, white→green→red→white."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


@dataclass(frozen=True)
class Group:
    """A set or the pair: ``kind`` chow/pung/kong/pair, ``tile`` the lowest tile, ``open`` (called,
    or a concealed pung completed by the winning discard)."""

    kind: str
    tile: int
    open: bool = False
    called: bool = False  # a declared meld (chi/pon/kan), not tiles in the hand

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * {"pair": 2, "pung": 3, "kong": 4}[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind != "pair"

    @property
    def is_pung(self) -> bool:
        """A pung or a kong (chapter 5: what is said of a pung holds for a kong)."""
        return self.kind in ("pung", "kong")

    def text(self) -> str:
        """E.g. ``456p``, ``555z``: the tiles' numbers and their suit letter."""
        digits = "".join(tile_name(t)[0] for t in self.tiles)
        return digits + tile_name(self.tile)[1]


@dataclass
class Reading:
    """One reading of a complete hand: its groups, the wait, the way of winning."""

    shape: str  # standard, seven pairs, thirteen orphans
    groups: list[Group]
    tiles: list[int]
    wait: str  # two-sided, closed, edge, pair, pung, none
    win_tile: int
    flags: dict[str, bool]
    seat: int | None
    round: int | None
    trumps: int
    flowers: int
    concealed: bool  # no called meld (a concealed kan keeps the hand concealed)
    extra: dict = field(default_factory=dict)

    @property
    def tsumo(self) -> bool:
        return self.flags["tsumo"]

    @property
    def sets(self) -> list[Group]:
        return [g for g in self.groups if g.is_set]

    @property
    def pair(self) -> Group | None:
        pairs = [g for g in self.groups if g.kind == "pair"]
        return pairs[0] if self.shape == "standard" and pairs else None

    @property
    def suits(self) -> set[int]:
        return {t // 9 for t in self.tiles if t < 27}

    @property
    def has_honours(self) -> bool:
        return any(t >= 27 for t in self.tiles)


# Scopes: ``points`` (whole hand), ``set_points`` (per set or pair), ``doubles``, ``set_doubles`` (per
# set), ``trumps`` (per trump tile), ``flowers`` (per flower) or ``limit``.
def _p(name: str, points: int, scope: str = "points", when: str = "") -> Rule:
    return Rule(name, scope, points=points, condition=when)


def _d(name: str, doubles: int, scope: str = "doubles", when: str = "") -> Rule:
    return Rule(name, scope, doubles=doubles, condition=when)


def _limit(name: str, when: str = "") -> Rule:
    return Rule(name, "limit", condition=when, limit_hand=True)


# Seed 004, chapter 4 (points) and chapter 5 (doubles, limit hands).
JC_RULES: tuple[Rule, ...] = register_rules("japanese", (
    # chapter 4 I.1: points for winning
    _p(gettext_noop("Winning"), 20),
    _p(gettext_noop("Concealed Hand Won on a Discard"), 10),
    _p(gettext_noop("Seven Pairs, Flat Points"), 40),
    # chapter 4 I.2: sets and the pair (table 1)
    _p(gettext_noop("Open Pung of Simples"), 2, "set_points"),
    _p(gettext_noop("Open Pung of Terminals or Honours"), 4, "set_points"),
    _p(gettext_noop("Concealed Pung of Simples"), 4, "set_points"),
    _p(gettext_noop("Concealed Pung of Terminals or Honours"), 8, "set_points"),
    _p(gettext_noop("Open Kong of Simples"), 8, "set_points"),
    _p(gettext_noop("Open Kong of Terminals or Honours"), 16, "set_points"),
    _p(gettext_noop("Concealed Kong of Simples"), 16, "set_points"),
    _p(gettext_noop("Concealed Kong of Terminals or Honours"), 32, "set_points"),
    _p(gettext_noop("Pair of Dragons"), 2, "set_points"),
    _p(gettext_noop("Pair of Own Wind"), 2, "set_points"),
    _p(gettext_noop("Pair of Round Wind"), 2, "set_points"),
    _p(gettext_noop("Flower or Season"), 4, "flowers"),
    # chapter 4 I.3: the wait (table 2), on a discard / self-drawn
    _p(gettext_noop("Two-sided Wait, Self-drawn"), 2),
    _p(gettext_noop("Closed Wait on a Discard"), 2),
    _p(gettext_noop("Closed Wait, Self-drawn"), 4),
    _p(gettext_noop("Edge Wait on a Discard"), 2),
    _p(gettext_noop("Edge Wait, Self-drawn"), 4),
    _p(gettext_noop("Pair Wait on a Discard"), 2),
    _p(gettext_noop("Pair Wait, Self-drawn"), 4),
    _p(gettext_noop("Pung Wait of Simples on a Discard"), 2),
    _p(gettext_noop("Pung Wait of Simples, Self-drawn"), 4),
    _p(gettext_noop("Pung Wait of Terminals or Honours on a Discard"), 4),
    _p(gettext_noop("Pung Wait of Terminals or Honours, Self-drawn"), 10),
    # chapter 5 I: one double
    _d(gettext_noop("Concealed Self-drawn Hand"), 1),
    _d(gettext_noop("No-points Hand"), 1),
    _d(gettext_noop("Riichi"), 1),
    _d(gettext_noop("All Simples"), 1),
    _d(gettext_noop("Terminal or Honour in Each Set"), 1),
    _d(gettext_noop("Three Similar Sequences"), 1),
    _d(gettext_noop("Lucky Set of Dragons"), 1, "set_doubles"),
    _d(gettext_noop("Lucky Set of Own Wind"), 1, "set_doubles"),
    _d(gettext_noop("Lucky Set of Round Wind"), 1, "set_doubles"),
    _d(gettext_noop("Bonus Tile"), 1, "trumps"),
    _d(gettext_noop("Win on the Last Tile of the Wall"), 1, when="haitei"),
    _d(gettext_noop("Win on the Last Discard"), 1, when="houtei"),
    # chapter 5 II: two doubles
    _d(gettext_noop("Terminal in Each Set"), 2),
    _d(gettext_noop("Four Triplets"), 2),
    _d(gettext_noop("Three Concealed Triplets"), 2),
    _d(gettext_noop("One Suit with Honours"), 2),
    _d(gettext_noop("Seven Pairs"), 2),
    _d(gettext_noop("Three Consecutive Sequences"), 2),
    _d(gettext_noop("Three Consecutive Sequences, Open"), 1),
    _d(gettext_noop("Double Riichi"), 2),
    # chapter 5 III: four doubles (two of them from the picture itself, two from its lucky sets)
    _d(gettext_noop("Little Three Dragons"), 2),
    _d(gettext_noop("All Terminals and Honours"), 2),
    _d(gettext_noop("One Suit Only"), 4),
    # chapter 5 IV: limit hands
    _limit(gettext_noop("Heavenly Hand"), "tenhou"),
    _limit(gettext_noop("Earthly Hand"), "chiihou"),
    _limit(gettext_noop("Big Three Dragons")),
    _limit(gettext_noop("All Terminals")),
    _limit(gettext_noop("All Honours")),
    _limit(gettext_noop("Four Concealed Triplets")),
    _limit(gettext_noop("Big Four Winds")),
    _limit(gettext_noop("Thirteen Orphans")),
    _limit(gettext_noop("Nine Gates")),
    _limit(gettext_noop("All Green")),
))

Condition = Callable[[Reading], bool]
SetCondition = Callable[[Reading, Group], bool]
CONDITIONS: dict[str, Condition] = {}
SET_CONDITIONS: dict[str, SetCondition] = {}


def rule(name: str) -> Callable[[Condition], Condition]:
    def register(func: Condition) -> Condition:
        CONDITIONS[name] = func
        return func

    return register


def set_rule(name: str) -> Callable[[SetCondition], SetCondition]:
    def register(func: SetCondition) -> SetCondition:
        SET_CONDITIONS[name] = func
        return func

    return register


# --- points -----------------------------------------------------------------------------------


@rule("Winning")
def _winning(r: Reading) -> bool:
    return r.shape != "seven pairs"


@rule("Concealed Hand Won on a Discard")
def _concealed_discard(r: Reading) -> bool:
    return r.shape != "seven pairs" and r.concealed and not r.tsumo


@rule("Seven Pairs, Flat Points")
def _seven_pairs_points(r: Reading) -> bool:
    return r.shape == "seven pairs"


def _set_points(kind: str, is_open: bool, major: bool) -> SetCondition:
    def condition(r: Reading, g: Group) -> bool:
        return g.kind == kind and g.open == is_open and is_major(g.tile) == major

    return condition


for _kind in ("pung", "kong"):
    for _open, _state in ((True, "Open"), (False, "Concealed")):
        set_rule(f"{_state} {_kind.title()} of Simples")(_set_points(_kind, _open, False))
        set_rule(f"{_state} {_kind.title()} of Terminals or Honours")(_set_points(_kind, _open, True))


@set_rule("Pair of Dragons")
def _dragon_pair(r: Reading, g: Group) -> bool:
    return g.kind == "pair" and g.tile in DRAGONS and r.shape == "standard"


@set_rule("Pair of Own Wind")
def _own_wind_pair(r: Reading, g: Group) -> bool:
    return g.kind == "pair" and g.tile == r.seat and r.shape == "standard"


@set_rule("Pair of Round Wind")
def _round_wind_pair(r: Reading, g: Group) -> bool:
    return g.kind == "pair" and g.tile == r.round and r.shape == "standard"


def _wait_points(wait: str, drawn: bool, major: bool | None = None) -> Condition:
    def condition(r: Reading) -> bool:
        if r.shape != "standard" or r.wait != wait or r.tsumo != drawn:
            return False
        if wait == "two-sided" and _no_points_hand(r):
            return False  # chapter 5 I.2: the two points for drawing are not given
        return major is None or is_major(r.win_tile) == major

    return condition


rule("Two-sided Wait, Self-drawn")(_wait_points("two-sided", True))
for _kind, _label in (("closed", "Closed Wait"), ("edge", "Edge Wait"), ("pair", "Pair Wait")):
    rule(f"{_label} on a Discard")(_wait_points(_kind, False))
    rule(f"{_label}, Self-drawn")(_wait_points(_kind, True))
for _major, _label in ((False, "Simples"), (True, "Terminals or Honours")):
    rule(f"Pung Wait of {_label} on a Discard")(_wait_points("pung", False, _major))
    rule(f"Pung Wait of {_label}, Self-drawn")(_wait_points("pung", True, _major))


# --- doubles ----------------------------------------------------------------------------------


@rule("Concealed Self-drawn Hand")
def _concealed_self_drawn(r: Reading) -> bool:
    return r.concealed and r.tsumo


@rule("No-points Hand")
def _no_points_hand(r: Reading) -> bool:
    if r.shape != "standard" or not r.concealed or r.wait != "two-sided" or r.flowers:
        return False
    pair = r.pair
    return (
        all(g.kind == "chow" for g in r.sets)
        and pair is not None
        and pair.tile not in DRAGONS
        and pair.tile not in (r.seat, r.round)
    )


@rule("Riichi")
def _riichi(r: Reading) -> bool:
    return r.flags["riichi"] and not r.flags["double_riichi"]


@rule("Double Riichi")
def _double_riichi(r: Reading) -> bool:
    return r.flags["double_riichi"]


@rule("All Simples")
def _all_simples(r: Reading) -> bool:
    return not any(is_major(t) for t in r.tiles)


def _each_set_has_major(r: Reading) -> bool:
    return (
        r.shape == "standard"
        and any(g.kind == "chow" for g in r.groups)
        and all(any(is_major(t) for t in g.tiles) for g in r.groups)
    )


@rule("Terminal or Honour in Each Set")
def _chanta(r: Reading) -> bool:
    return _each_set_has_major(r) and r.has_honours


@rule("Terminal in Each Set")
def _junchan(r: Reading) -> bool:
    return _each_set_has_major(r) and not r.has_honours


@rule("Three Similar Sequences")
def _three_similar(r: Reading) -> bool:
    chows = {(g.tile // 9, g.tile % 9) for g in r.groups if g.kind == "chow"}
    return any(all((suit, n) in chows for suit in range(3)) for n in range(7))


@set_rule("Lucky Set of Dragons")
def _lucky_dragons(r: Reading, g: Group) -> bool:
    return g.is_pung and g.tile in DRAGONS


@set_rule("Lucky Set of Own Wind")
def _lucky_own(r: Reading, g: Group) -> bool:
    return g.is_pung and g.tile == r.seat


@set_rule("Lucky Set of Round Wind")
def _lucky_round(r: Reading, g: Group) -> bool:
    return g.is_pung and g.tile == r.round


def _flag_rule(flag: str) -> Condition:
    return lambda r: bool(r.flags[flag])


for _flag in ("haitei", "houtei", "tenhou", "chiihou"):
    rule(_flag)(_flag_rule(_flag))


@rule("Four Triplets")
def _four_triplets(r: Reading) -> bool:
    return r.shape == "standard" and sum(1 for g in r.sets if g.is_pung) == 4


def _concealed_pungs(r: Reading) -> int:
    return sum(1 for g in r.sets if g.is_pung and not g.open)


@rule("Three Concealed Triplets")
def _three_concealed(r: Reading) -> bool:
    return _concealed_pungs(r) == 3


@rule("One Suit with Honours")
def _half_flush(r: Reading) -> bool:
    return len(r.suits) == 1 and r.has_honours


@rule("Seven Pairs")
def _seven_pairs(r: Reading) -> bool:
    return r.shape == "seven pairs"


def _straight(r: Reading) -> bool:
    chows = {g.tile for g in r.groups if g.kind == "chow"}
    return any(all(suit * 9 + n in chows for n in (0, 3, 6)) for suit in range(3))


@rule("Three Consecutive Sequences")
def _straight_concealed(r: Reading) -> bool:
    return _straight(r) and r.concealed


@rule("Three Consecutive Sequences, Open")
def _straight_open(r: Reading) -> bool:
    return _straight(r) and not r.concealed


@rule("Little Three Dragons")
def _little_three_dragons(r: Reading) -> bool:
    pair = r.pair
    return sum(1 for g in r.sets if g.is_pung and g.tile in DRAGONS) == 2 and pair is not None and pair.tile in DRAGONS


@rule("All Terminals and Honours")
def _all_majors(r: Reading) -> bool:
    return all(is_major(t) for t in r.tiles) and r.has_honours and any(t < 27 for t in r.tiles)


@rule("One Suit Only")
def _full_flush(r: Reading) -> bool:
    return len(r.suits) == 1 and not r.has_honours


# --- limit hands ------------------------------------------------------------------------------


@rule("Big Three Dragons")
def _big_three_dragons(r: Reading) -> bool:
    return sum(1 for g in r.sets if g.is_pung and g.tile in DRAGONS) == 3


@rule("All Terminals")
def _all_terminals(r: Reading) -> bool:
    return all(t in TERMINALS for t in r.tiles)


@rule("All Honours")
def _all_honours(r: Reading) -> bool:
    return all(t >= 27 for t in r.tiles)


@rule("Four Concealed Triplets")
def _four_concealed(r: Reading) -> bool:
    return _concealed_pungs(r) == 4


@rule("Big Four Winds")
def _big_four_winds(r: Reading) -> bool:
    return sum(1 for g in r.sets if g.is_pung and 27 <= g.tile <= 30) == 4


@rule("Thirteen Orphans")
def _thirteen_orphans(r: Reading) -> bool:
    return r.shape == "thirteen orphans"


@rule("Nine Gates")
def _nine_gates(r: Reading) -> bool:
    if not r.concealed or len(r.suits) != 1 or r.has_honours or len(r.tiles) != 14:
        return False
    base = r.tiles[0] - r.tiles[0] % 9
    counts = [r.tiles.count(base + n) for n in range(9)]
    return counts[0] >= 3 and counts[8] >= 3 and all(c >= 1 for c in counts[1:8])


@rule("All Green")
def _all_green(r: Reading) -> bool:
    return all(t in GREEN for t in r.tiles) and 32 in r.tiles


# --------------------------------------------------------------------------------------------
# Reading the tiles


RecordError = riichi.RecordError  # a field of the record is missing or invalid (``bad_record``)


def _counts(suits: dict[str, str]) -> list[int]:
    counts = [0] * 34
    for offset, key in ((0, "man"), (9, "pin"), (18, "sou")):
        for ch in suits[key]:
            counts[offset + int(ch) - 1] += 1
    for ch in suits["honors"]:
        counts[27 + int(ch) - 1] += 1
    return counts


def _tile(value: object, field: str) -> int:
    counts = _counts(riichi._single_tile(value, field))
    return counts.index(1)


@lru_cache(maxsize=4096)
def decompositions(counts: tuple[int, ...], sets: int) -> tuple[tuple[Group, ...], ...]:
    """Every way to split concealed tile counts into ``sets`` chows/pungs and one pair."""
    result: list[tuple[Group, ...]] = []
    work = list(counts)

    def walk(start: int, sets_left: int, pair_left: int, acc: list[Group]) -> None:
        i = start
        while i < 34 and work[i] == 0:
            i += 1
        if i == 34:
            if sets_left == 0 and pair_left == 0:
                result.append(tuple(acc))
            return
        if work[i] >= 3 and sets_left:
            work[i] -= 3
            walk(i, sets_left - 1, pair_left, [*acc, Group("pung", i)])
            work[i] += 3
        if work[i] >= 2 and pair_left:
            work[i] -= 2
            walk(i, sets_left, pair_left - 1, [*acc, Group("pair", i)])
            work[i] += 2
        if sets_left and i < 27 and i % 9 <= 6 and work[i + 1] and work[i + 2]:
            for t in (i, i + 1, i + 2):
                work[t] -= 1
            walk(i, sets_left - 1, pair_left, [*acc, Group("chow", i)])
            for t in (i, i + 1, i + 2):
                work[t] += 1

    walk(0, sets, 1, [])
    return tuple(result)


def _wait(group: Group, win: int) -> str:
    if group.kind == "pair":
        return "pair"
    if group.kind == "pung":
        return "pung"
    position = win - group.tile
    if position == 1:
        return "closed"
    if (position == 2 and group.tile % 9 == 0) or (position == 0 and group.tile % 9 == 6):
        return "edge"
    return "two-sided"


@dataclass
class JScore:
    limit: bool
    points: int
    doubles: int
    lines: list[tuple[Rule, str]]

    @property
    def key(self) -> tuple:
        if self.limit:
            return (1, 0, 0, 0)
        if self.doubles >= 13:
            value = 6000
        elif self.doubles >= 10:
            value = 4000
        elif self.doubles >= 8:
            value = 3000
        else:
            value = min(self.points * 2**self.doubles, 2000)
        return (0, value, self.doubles, self.points)


def score(r: Reading) -> JScore:
    points = doubles = 0
    lines: list[tuple[Rule, str]] = []
    limits: list[tuple[Rule, str]] = []
    for rule_ in JC_RULES:
        scope = rule_.scope
        if scope in ("set_points", "set_doubles"):
            for g in r.groups:
                if SET_CONDITIONS[rule_.when](r, g):
                    points += rule_.points
                    doubles += rule_.doubles
                    lines.append((rule_, g.text()))
        elif scope == "trumps":
            if r.trumps:
                doubles += rule_.doubles * r.trumps
                lines.append((Rule(rule_.name, scope, doubles=rule_.doubles * r.trumps), str(r.trumps)))
        elif scope == "flowers":
            if r.flowers:
                points += rule_.points * r.flowers
                lines.append((Rule(rule_.name, scope, points=rule_.points * r.flowers), str(r.flowers)))
        elif CONDITIONS[rule_.when](r):
            if scope == "limit":
                limits.append((rule_, ""))
            else:
                points += rule_.points
                doubles += rule_.doubles
                lines.append((rule_, ""))
    if limits:
        return JScore(True, 0, 0, limits)
    return JScore(False, points, doubles, lines)


def _situation(record: dict) -> tuple[dict[str, bool], int | None, int | None]:
    situation = record.get("situation", {})
    if not isinstance(situation, dict):
        raise RecordError("situation", "situation must be an object")
    unknown = set(situation) - set(SITUATION_FLAGS) - {"seat_wind", "round_wind"}
    if unknown:
        raise RecordError("situation", f"situation has unknown keys {sorted(unknown)}")
    flags = {}
    for key in SITUATION_FLAGS:
        value = situation.get(key, False)
        if not isinstance(value, bool):
            raise RecordError(f"situation.{key}", f"situation.{key} must be true or false")
        flags[key] = value
    winds = []
    for key in ("seat_wind", "round_wind"):
        value = situation.get(key)
        if value is not None and (not isinstance(value, str) or value.upper() not in WIND_INDEX):
            raise RecordError(f"situation.{key}", f"situation.{key} must be one of E S W N")
        winds.append(None if value is None else WIND_INDEX[value.upper()])
    return flags, winds[0], winds[1]


def _called(record: dict) -> list[Group]:
    groups = []
    for field_, kind, opened, value in riichi.meld_items(record, riichi.MELD_TYPES):
        ok, tile, _tiles = riichi.meld_shape(kind, tuple(_counts(riichi._suit_strings(value, f"{field_}.tiles"))))
        if not ok:
            raise RecordError(f"{field_}.tiles", f"{field_}.tiles do not make a {kind}")
        name = {"chi": "chow", "pon": "pung"}.get(kind, "kong")
        groups.append(Group(name, tile, opened or kind in ("chi", "pon", "shouminkan"), True))
    return groups


def value_hand(record: dict) -> dict:
    """Value a ``japanese-classic`` record: ``{"won", "points", "doubles", "limit_hand", "items", "explain"}``."""
    unknown = set(record) - RECORD_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise RecordError(key, f"{key!r} is not part of a japanese-classic hand value record")
    if "tiles" not in record:
        raise RecordError("tiles", "tiles is required")
    counts = _counts(riichi._suit_strings(record["tiles"], "tiles"))
    if any(c > 4 for c in counts):
        raise RecordError("tiles", "tiles: no tile is there more than four times")
    if "win_tile" not in record:
        raise RecordError("win_tile", "win_tile is required")
    win = _tile(record["win_tile"], "win_tile")
    flags, seat, round_ = _situation(record)
    called = _called(record)
    trumps_of = []
    for key in ("dora_indicators", "ura_dora_indicators"):
        value = record.get(key, [])
        if not isinstance(value, list):
            raise RecordError(key, f"{key} must be a list of tiles")
        trumps_of.append([trump_after(_tile(item, f"{key}[{i}]")) for i, item in enumerate(value)])
    if trumps_of[1]:
        raise RecordError("ura_dora_indicators", "japanese-classic knows no ura dora: leave ura_dora_indicators empty")
    flowers = record.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 8:
        raise RecordError("flowers", "flowers must be a count from 0 to 8")
    concealed_counts = list(counts)
    for group in called:
        for t in group.tiles:
            concealed_counts[t] -= 1
    if any(c < 0 for c in concealed_counts):
        raise RecordError("melds", "the tiles of the melds must be part of tiles")
    if concealed_counts[win] == 0:
        raise RecordError("win_tile", "win_tile must be one of the hand's concealed tiles")
    all_tiles = [t for t in range(34) for _ in range(counts[t])]
    trumps = sum(all_tiles.count(t) for t in trumps_of[0])
    concealed = not any(g.open for g in called)
    kongs = sum(1 for g in called if g.kind == "kong")

    readings: list[Reading] = []

    def reading(shape: str, groups: list[Group], wait: str) -> Reading:
        return Reading(shape, groups, all_tiles, wait, win, flags, seat, round_, trumps, flowers, concealed)

    if len(all_tiles) == 14 + kongs:
        if not called:
            if all(c in (0, 2, 4) for c in counts) and len(all_tiles) == 14:
                pairs = [Group("pair", t) for t in range(34) for _ in range(counts[t] // 2)]
                readings.append(reading("seven pairs", pairs, "pair"))
            majors = [t for t in range(34) if counts[t] and is_major(t)]
            if len(all_tiles) == 14 and len(majors) == 13 and all(counts[t] == 0 for t in range(34) if not is_major(t)):
                readings.append(reading("thirteen orphans", [], "none"))
        for split in decompositions(tuple(concealed_counts), 4 - len(called)):
            for i, group in enumerate(split):
                if win not in group.tiles:
                    continue
                groups = list(split)
                if group.kind == "pung" and not flags["tsumo"]:
                    groups[i] = Group("pung", group.tile, True)  # completed by the discard: open
                readings.append(reading("standard", [*called, *groups], _wait(group, win)))
    best: JScore | None = None
    for r in readings:
        scored = score(r)
        if best is None or scored.key > best.key:
            best = scored
    if best is None:
        return {"won": False, "points": 0, "doubles": 0, "limit_hand": False, "items": [], "explain": []}
    items = [explain_item(r, what) for r, what in best.lines]
    return {
        "won": True,
        "points": None if best.limit else best.points,
        "doubles": None if best.limit else best.doubles,
        "limit_hand": best.limit,
        "items": items,
        "explain": [line(i) for i in items],
    }
