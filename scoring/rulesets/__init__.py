"""The rulesets, one module each, and the one registry that holds them by name.

Each module holds its ruleset as data: ``NAME``, ``LABEL`` (marked for translation), ``GAME`` (what a
game's result is: ``"table_points"``, the sum of the balances; or ``"points"``, final points from
``START_POINTS`` ranked, the ruleset's ``game_scores`` turning them into scores), ``STANDING_METHOD``
(the usual standing method: ``"table_points"`` or ``"score"``), ``FAMILY`` (the family of rulesets
it is ranked with, one of ``FAMILIES``: a season ranks one family, docs/rules.md §11),
``HAND_VALUE`` (the hand-valuation engine of :mod:`scoring.handvalue` that values its hands from
tiles, or ``None``), ``SHEET`` (the score-sheet layout its hands are entered with: the name of a
built-in ruleset whose record fields it shares), ``USUAL_FINE`` (the amount a score sheet offers as
the usual fine, or ``None``), its options (``DEFAULTS``, ``OPTIONS``), record fields, penalties and
outcomes, and ``settle(record, options, dealer, outcome)``. A new ruleset is a new module here, registered below.
"""

from types import ModuleType

from ..texts import gettext_noop
from . import dmjl_classical, dmjl_hke, japanese_classic, mcr, riichi_ema

GAMES = ("table_points", "points")
# The score-sheet layouts the league has a form, a printed sheet and tile entry for (league/views/forms.py,
# league/exports/score_sheets_xlsx.py), each named after the built-in ruleset it was made for.
SHEETS = ("dmjl-classical", "dmjl-hke", "riichi-ema", "japanese-classic", "mcr")
STANDING_METHODS = ("table_points", "score")
# The families of rulesets a league ranks apart (the EMA keeps its MCR and riichi rankings apart; the
# classical Chinese rulesets of the DMJL are a third): a season's ranking counts one family only.
FAMILIES = {
    "chinese-classical": gettext_noop("Classical Chinese"),
    "riichi": gettext_noop("Riichi and Japanese"),
    "mcr": gettext_noop("MCR (Chinese Official)"),
}
REQUIRED = ("NAME", "LABEL", "FAMILY", "GAME", "STANDING_METHOD", "HAND_VALUE", "SHEET", "USUAL_FINE", "OUTCOMES",
            "FIELDS", "PENALTIES", "CARRIED", "DEFAULTS", "OPTIONS", "settle")

BY_NAME: dict[str, ModuleType] = {}


def register(module: ModuleType) -> ModuleType:
    """Add a ruleset module to the registry (checked: every name it must export, known kinds)."""
    missing = [name for name in REQUIRED if not hasattr(module, name)]
    if missing:
        raise TypeError(f"The ruleset module {module.__name__} lacks {', '.join(missing)}.")
    if module.GAME not in GAMES or module.STANDING_METHOD not in STANDING_METHODS:
        raise TypeError(f"The ruleset {module.NAME} has an unknown GAME or STANDING_METHOD.")
    if module.GAME == "points" and not hasattr(module, "game_scores"):
        raise TypeError(f"The points game {module.NAME} lacks game_scores.")
    if module.FAMILY not in FAMILIES:
        raise TypeError(f"The ruleset {module.NAME} names an unknown FAMILY {module.FAMILY!r}.")
    if module.SHEET not in SHEETS:
        raise TypeError(f"The ruleset {module.NAME} names an unknown SHEET {module.SHEET!r}.")
    BY_NAME[module.NAME] = module
    return module


def unregister(name: str) -> None:
    """Take a ruleset out of the registry again (tests that register one of their own)."""
    BY_NAME.pop(name, None)


def names() -> tuple[str, ...]:
    """The registered rulesets' names, in the order they were registered."""
    return tuple(BY_NAME)


def get(name: object) -> ModuleType | None:
    """The ruleset module of that name, or None."""
    return BY_NAME.get(name) if type(name) is str else None


def family(name: object) -> str | None:
    """The family of the ruleset of that name (a key of ``FAMILIES``), or None for no ruleset."""
    module = get(name)
    return module.FAMILY if module is not None else None


def of_family(name: str) -> tuple[str, ...]:
    """The registered rulesets of the family ``name``, in the order they were registered."""
    return tuple(ruleset for ruleset, module in BY_NAME.items() if module.FAMILY == name)


for _module in (dmjl_classical, dmjl_hke, riichi_ema, japanese_classic, mcr):
    register(_module)

# The built-in rulesets (the registry may hold more: read ``names()`` where that matters).
RULESETS: tuple[str, ...] = names()
