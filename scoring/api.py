"""The public functions: ruleset options, and settling one hand record or a batch. The rest of
``scoring`` imports the modules these come from (``options``, ``settlement``), never this one."""

from .errors import ScoringError
from .options import default_options, validate_options
from .settlement import settle_record

__all__ = ["default_options", "settle", "settle_many", "settle_record", "validate_options"]


def settle(record: object) -> dict:
    """Like ``settle_record`` but never raises: an invalid record gives ``{"id", "error"}``."""
    try:
        return settle_record(record)
    except ScoringError as error:
        return {"id": record.get("id") if type(record) is dict else None, "error": error.as_dict()}


def settle_many(records: list) -> list[dict]:
    return [settle(record) for record in records]
