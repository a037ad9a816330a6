"""Pure-Python scoring for the Mah-Jongg league: rulesets, settlement, game flow and results.

Nothing here imports Django. The public surface is re-exported from this package.
"""

from . import flow, results
from .api import default_options, settle, settle_many, settle_record, validate_options
from .errors import ScoringError
from .rulesets import RULESETS

__all__ = [
    "RULESETS",
    "ScoringError",
    "default_options",
    "settle",
    "settle_many",
    "settle_record",
    "validate_options",
    "flow",
    "results",
]
