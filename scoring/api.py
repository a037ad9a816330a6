"""The public functions: ruleset options, and settling one hand record or a batch."""

from types import ModuleType

from .errors import ScoringError
from .records import merge_options, seat
from .rulesets import BY_NAME, RULESETS


def ruleset_module(ruleset: object) -> ModuleType:
    module = BY_NAME.get(ruleset) if type(ruleset) is str else None
    if module is None:
        raise ScoringError("unknown_ruleset", field="ruleset", ruleset=ruleset, choices=", ".join(RULESETS))
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


def settle_record(record: dict) -> dict:
    """Validate and settle one hand record (docs/rules.md §1) into a result (section 2)."""
    if type(record) is not dict:
        raise ScoringError("bad_record.not_object")
    module = ruleset_module(record.get("ruleset"))
    if not module.FIELDS.issuperset(record):
        key = next(key for key in record if key not in module.FIELDS)
        raise ScoringError("bad_record.unknown_field", field=key, name=key, ruleset=module.NAME)
    options = merge_options(module.NAME, module.OPTIONS, module.DEFAULTS, record.get("options"))
    dealer = seat(record, "dealer")
    outcome = record.get("outcome")
    if type(outcome) is not str or outcome not in module.OUTCOMES:
        raise ScoringError(
            "bad_outcome",
            field="outcome",
            value=outcome,
            ruleset=module.NAME,
            choices=", ".join(module.OUTCOMES),
        )
    result = module.settle(record, options, dealer, outcome)
    if "id" in record:
        return {"id": record["id"], **result}
    return result


def settle(record: object) -> dict:
    """Like ``settle_record`` but never raises: an invalid record gives ``{"id", "error"}``."""
    try:
        return settle_record(record)
    except ScoringError as error:
        return {"id": record.get("id") if type(record) is dict else None, "error": error.as_dict()}


def settle_many(records: list) -> list[dict]:
    return [settle(record) for record in records]
