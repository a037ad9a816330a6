"""The rulesets, one module each, and the one registry that holds them by name.

Each module holds its ruleset as data: ``NAME``, ``LABEL`` (marked for translation), ``GAME`` (what a
game's result is: ``"table_points"``, the sum of the balances; or ``"points"``, final points from
``START_POINTS`` ranked, the ruleset's ``game_scores`` turning them into scores), ``STANDING_METHOD``
(the usual standing method: ``"table_points"`` or ``"score"``), ``HAND_VALUE`` (the hand-valuation
engine of :mod:`scoring.handvalue` that values its hands from tiles, or ``None``), ``SHEET`` (the
score-sheet layout its hands are entered with: the name of a built-in ruleset whose record fields it
shares), ``USUAL_FINE`` (the amount a score sheet offers as the usual fine, or ``None``), its options
(``DEFAULTS``, ``OPTIONS``), record fields, penalties and outcomes, and
``settle(record, options, dealer, outcome)``. A new ruleset is a new module here, registered below.
"""

from types import ModuleType

from . import dmjl_classical, dmjl_hke, japanese_classic, mcr, riichi_ema

GAMES = ("table_points", "points")
# The score-sheet layouts the league has a form, a printed sheet and tile entry for (league/views/forms.py,
# league/exports/score_sheets_xlsx.py), each named after the built-in ruleset it was made for.
SHEETS = ("dmjl-classical", "dmjl-hke", "riichi-ema", "japanese-classic", "mcr")
STANDING_METHODS = ("table_points", "score")
REQUIRED = ("NAME", "LABEL", "GAME", "STANDING_METHOD", "HAND_VALUE", "SHEET", "USUAL_FINE", "OUTCOMES",
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


for _module in (dmjl_classical, dmjl_hke, riichi_ema, japanese_classic, mcr):
    register(_module)

# The built-in rulesets (the registry may hold more: read ``names()`` where that matters).
RULESETS: tuple[str, ...] = names()
