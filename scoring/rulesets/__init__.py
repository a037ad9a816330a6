"""The rulesets, one module each, by name. Each module holds its options as data (``DEFAULTS``,
``OPTIONS``), its record fields, penalties and outcomes, and ``settle(record, options, dealer, outcome)``."""

from types import ModuleType

from . import dmjl_classical, dmjl_hke, japanese_classic, riichi_ema

BY_NAME: dict[str, ModuleType] = {
    module.NAME: module for module in (dmjl_classical, dmjl_hke, riichi_ema, japanese_classic)
}
RULESETS: tuple[str, ...] = tuple(BY_NAME)
