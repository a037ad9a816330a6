"""Settling one hand record (docs/rules.md §1) into its result (§2): the record's fields, options,
dealer and outcome checked, then the ruleset's own settlement."""

from .errors import ScoringError
from .options import ruleset_module
from .records import merge_options, seat


def settle_record(record: object) -> dict:
    """Validate and settle one hand record into a result; an invalid record raises ScoringError."""
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
    result: dict = module.settle(record, options, dealer, outcome)
    if "id" in record:
        return {"id": record["id"], **result}
    return result
