"""A ruleset by its name, and its options: the defaults, and the defaults overridden by a
tournament's or a record's options (validated: unknown keys and bad values raise ScoringError)."""

from types import ModuleType

from . import rulesets
from .errors import ScoringError
from .records import merge_options


def ruleset_module(ruleset: object) -> ModuleType:
    module = rulesets.get(ruleset)
    if module is None:
        raise ScoringError("unknown_ruleset", field="ruleset", ruleset=ruleset, choices=", ".join(rulesets.names()))
    return module


def default_options(ruleset: str) -> dict:
    """A fresh copy of the ruleset's default options."""
    return _fresh(ruleset_module(ruleset).DEFAULTS)


def validate_options(ruleset: str, options: dict) -> dict:
    """The ruleset's defaults overridden by ``options``; unknown keys and bad values raise ScoringError."""
    module = ruleset_module(ruleset)
    return _fresh(merge_options(ruleset, module.OPTIONS, module.DEFAULTS, options))


def _fresh(options: dict) -> dict:
    # Settlement only reads options, so it shares the default lists; callers get their own.
    return {key: list(value) if type(value) is list else value for key, value in options.items()}
