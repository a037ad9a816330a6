"""Reading hand records: typed field readers, option specs and penalty parsing.

Every reader raises ``ScoringError`` with the record field it concerns. Bools are never ints.
"""

import re
from collections.abc import Mapping

from .errors import ScoringError


def seat(record: Mapping, name: str, *, missing: str = "bad_record") -> int:
    """A required seat; ``missing`` is the error code used when the field is absent or null."""
    value = record.get(name)
    if type(value) is int and 0 <= value <= 3:
        return value
    if value is None:
        raise ScoringError(missing, field=name, name=name, expected="a seat from 0 to 3")
    return _bad_seat(name, value)


def optional_seat(record: Mapping, name: str) -> int | None:
    value = record.get(name)
    if value is None or (type(value) is int and 0 <= value <= 3):
        return value
    return _bad_seat(name, value)


def _bad_seat(name: str, value: object, field: str | None = None) -> int:
    if type(value) is int:
        raise ScoringError("bad_seat", field=field or name, name=name, value=value)
    raise ScoringError("bad_record", field=field or name, name=name, expected="a seat from 0 to 3")


def seat_list(record: Mapping, name: str) -> list[int]:
    """An optional list of distinct seats (``riichi``, ``tenpai``); absent or null is empty."""
    value = record.get(name)
    if value is None:
        return []
    if type(value) is not list:
        raise ScoringError("bad_record", field=name, name=name, expected="a list of seats")
    for s in value:
        if not (type(s) is int and 0 <= s <= 3):
            _bad_seat(name, s)
    if len(set(value)) != len(value):
        raise ScoringError("bad_record.duplicate_seat", field=name, name=name, seat=value[0])
    return value


# The largest amount, count or option value a record may carry: far above any real hand, and small
# enough that a season's sums stay exact in the database's score columns.
LARGEST = 10_000_000


# The most han, fan or doubles a record may count: every ruleset pays its limit long before (riichi
# from 13 han, Hongkong from 10 fan, the Japanese rules from 8 doubles), so more is a typing error.
MOST_DOUBLES = 99


def is_amount(value: object, most: int = LARGEST) -> bool:
    """A whole number from 0 to ``most`` (booleans are not numbers here)."""
    return type(value) is int and 0 <= value <= most


def count(record: Mapping, name: str, *, default: int | None = None, most: int = LARGEST) -> int:
    """A whole number from 0 to ``most``; required unless a default is given."""
    value = record.get(name)
    if type(value) is int and 0 <= value <= most:  # is_amount, spelt out so the type is known
        return value
    if value is None and default is not None:
        return default
    raise ScoringError("bad_record", field=name, name=name, expected=f"a whole number from 0 to {most}")


def flag(record: Mapping, name: str) -> bool:
    value = record.get(name, False)
    if type(value) is bool:
        return value
    if value is None:
        return False
    raise ScoringError("bad_record", field=name, name=name, expected="true or false")


def choice(record: Mapping, name: str, choices: tuple[str, ...]) -> str:
    value = record.get(name)
    if type(value) is str and value in choices:
        return value
    raise ScoringError("bad_record", field=name, name=name, expected=" or ".join(map(repr, choices)))


def win_type(record: Mapping) -> tuple[str, int | None]:
    """``win_type`` and, for a discard, the ``discarder``."""
    kind = choice(record, "win_type", ("self_draw", "discard"))
    if kind == "self_draw":
        optional_seat(record, "discarder")
        return kind, None
    return kind, seat(record, "discarder", missing="discarder_required")


class Option:
    """The type and allowed values of one ruleset option."""

    __slots__ = ("kind", "choices", "minimum", "length", "nullable", "expected")

    def __init__(self, kind: type, *, choices: tuple = (), minimum: int | None = None, length: int = 0,
                 nullable: bool = False):
        self.kind, self.choices, self.minimum, self.length = kind, choices, minimum, length
        self.nullable = nullable
        if choices:
            self.expected = "one of " + ", ".join(map(repr, choices))
        elif kind is list:
            self.expected = f"a list of {length} whole numbers"
        elif kind is bool:
            self.expected = "true or false"
        else:
            self.expected = f"a whole number from {minimum} to {LARGEST}"
        if nullable:
            self.expected += " or null"

    def accepts(self, value: object) -> bool:
        if value is None and self.nullable:
            return True
        if type(value) is not self.kind:
            return False
        if self.choices:
            return value in self.choices
        if isinstance(value, list):
            return len(value) == self.length and all(type(v) is int and abs(v) <= LARGEST for v in value)
        if self.kind is bool:
            return True
        return isinstance(value, int) and (self.minimum is None or value >= self.minimum) and value <= LARGEST


def merge_options(ruleset: str, specs: Mapping[str, Option], defaults: dict, overrides: object) -> dict:
    """Defaults overridden key by key; unknown keys and bad values are errors."""
    if overrides is None:
        return dict(defaults)
    if type(overrides) is not dict:
        raise ScoringError("bad_record.options_not_object", field="options")
    merged = dict(defaults)
    for key, value in overrides.items():
        spec = specs.get(key)
        if spec is None:
            raise ScoringError("unknown_option", field="options", option=key, ruleset=ruleset)
        if not spec.accepts(value):
            raise ScoringError("bad_record.option_value", field="options", option=key, expected=spec.expected)
        merged[key] = list(value) if type(value) is list else value
    return merged


# Options every ruleset has: game flow (scoring.flow) and table points (scoring.results).
COMMON_FIELDS = frozenset({"id", "ruleset", "options", "dealer", "outcome", "penalties"})
FLOW_OPTIONS: dict[str, Option] = {
    "rounds": Option(int, minimum=1),
    "max_hands": Option(int, minimum=0),
    "table_points": Option(list, length=4),
}


def result(
    balances: list[int],
    dealer_repeats: bool,
    *,
    adjustments: list[int] | None = None,
    riichi_sticks: int = 0,
    honba: int = 0,
) -> dict:
    return {
        "balances": balances,
        "adjustments": adjustments or [0, 0, 0, 0],
        "dealer_repeats": dealer_repeats,
        "riichi_sticks": riichi_sticks,
        "honba": honba,
    }


# Extra fields each penalty type carries besides "type" and "seat".
PENALTY_FIELDS: dict[str, frozenset[str]] = {
    "dead_hand": frozenset(),
    "dangerous_game": frozenset(),
    "false_mahjong": frozenset(),
    "false_naming": frozenset({"claimant", "claim"}),
    "obstruction": frozenset(),
    "pao": frozenset(),
    "chombo": frozenset(),
    "fine": frozenset({"amount", "offence"}),
}
# A fine's optional "offence": the short name of what it was given for ("early_look"), kept for
# people reading the hand later; it changes no amount.
_OFFENCE = re.compile(r"[a-z][a-z0-9_]{0,39}")
FALSE_NAMING_CLAIMS = ("chow", "pung", "kong")
# Penalties that name a seat once at most (others, like false naming, may repeat).
_ONCE_PER_SEAT = frozenset({"dead_hand", "false_mahjong", "chombo", "pao"})


def penalties(record: Mapping, ruleset: str, allowed: frozenset[str]) -> dict[str, list[dict]]:
    """The record's penalties grouped by type, each checked for its fields and seats."""
    value = record.get("penalties")
    if not value:
        if value is None or type(value) is list:
            return {}
        raise ScoringError("bad_record", field="penalties", name="penalties", expected="a list of penalties")
    if type(value) is not list:
        raise ScoringError("bad_record", field="penalties", name="penalties", expected="a list of penalties")
    grouped: dict[str, list[dict]] = {}
    for item in value:
        if type(item) is not dict:
            raise ScoringError(
                "bad_record", field="penalties", name="penalties", expected="a list of objects"
            )
        kind = item.get("type")
        if type(kind) is not str or kind not in allowed:
            raise ScoringError("bad_record.penalty_type", field="penalties", penalty=kind, ruleset=ruleset)
        extra = PENALTY_FIELDS[kind]
        for key in item:
            if key != "type" and key != "seat" and key not in extra:
                raise ScoringError("bad_record.penalty_field", field="penalties", penalty=kind, name=key)
        offender = item.get("seat")
        if not (type(offender) is int and 0 <= offender <= 3):
            _bad_seat("seat", offender, "penalties")
        if kind == "false_naming":
            claimant = item.get("claimant")
            if not (type(claimant) is int and 0 <= claimant <= 3):
                _bad_seat("claimant", claimant, "penalties")
            if claimant == offender:
                raise ScoringError("bad_record.naming_self", field="penalties")
            if type(item.get("claim")) is not str or item["claim"] not in FALSE_NAMING_CLAIMS:
                raise ScoringError(
                    "bad_record", field="penalties", name="claim", expected="'chow', 'pung' or 'kong'"
                )
        if kind == "fine" and "amount" in item and not (is_amount(item["amount"]) and item["amount"] > 0):
            raise ScoringError(
                "bad_record", field="penalties", name="amount", expected=f"a whole number from 1 to {LARGEST}"
            )
        if kind == "fine" and "offence" in item and not (
                type(item["offence"]) is str and _OFFENCE.fullmatch(item["offence"])):
            raise ScoringError("bad_record", field="penalties", name="offence",
                               expected="a short name in lower case letters, digits and _")
        same = grouped.setdefault(kind, [])
        if kind in _ONCE_PER_SEAT and any(p["seat"] == offender for p in same):
            raise ScoringError("bad_record.penalty_twice", field="penalties", penalty=kind, seat=offender)
        same.append(item)
    return grouped


def offenders(grouped: dict[str, list[dict]], kind: str) -> list[int]:
    """The seats named by penalties of one type, in seat order."""
    named = grouped.get(kind)
    return sorted(p["seat"] for p in named) if named else []


def fines(grouped: dict[str, list[dict]], dealer: int, usual: int | None = None) -> list[tuple[int, int, int]]:
    """The transfers of the ``fine`` penalties (docs/rules.md §3 step 5): the offender pays the
    amount to each other player, doubled in a transfer with East. ``usual`` is the amount of a fine
    that names none; without it the amount is required."""
    transfers: list[tuple[int, int, int]] = []
    for fine in grouped.get("fine", ()):
        amount = fine.get("amount", usual)
        if amount is None:
            raise ScoringError(
                "bad_record", field="penalties", name="amount", expected=f"a whole number from 1 to {LARGEST}"
            )
        offender = fine["seat"]
        transfers.extend(
            (offender, s, amount * 2 if dealer in (offender, s) else amount) for s in range(4) if s != offender
        )
    return transfers


def require_outcome(
    grouped: dict[str, list[dict]], kinds: tuple[str, ...], outcome: str, allowed: tuple
) -> None:
    """Penalties of ``kinds`` only make sense for the outcomes in ``allowed``."""
    if outcome in allowed:
        return
    for kind in kinds:
        if kind in grouped:
            raise ScoringError("bad_record.penalty_outcome", field="penalties", penalty=kind, outcome=outcome)


def split(amount: int, parts: int) -> list[int]:
    """``amount`` shared equally by ``parts`` payers; the first pays any remainder."""
    share, rest = divmod(amount, parts)
    return [share + rest] + [share] * (parts - 1)


def balances_of(transfers: list[tuple[int, int, int]]) -> list[int]:
    out = [0, 0, 0, 0]
    for payer, payee, amount in transfers:
        out[payer] -= amount
        out[payee] += amount
    return out
