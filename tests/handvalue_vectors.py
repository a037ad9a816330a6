"""The hand-value worked cases (tests/vectors/handvalue_public.jsonl) and the one check every path
(functions, ``manage.py handvalue``, POST /api/v1/handvalue/) applies to them."""

from tests.worked_cases import HANDVALUE, read_cases


def handvalue_cases() -> list[dict]:
    return read_cases(HANDVALUE)


def assert_case_holds(case: dict, result: dict) -> None:
    """Every field the case expects is in the result (``None``: the source does not check it)."""
    for field, expected in case["expect"].items():
        if field == "error":
            assert result.get("error", {}).get("code") == expected, (case["hand"].get("id"), result)
        elif expected is not None:
            assert result.get(field) == expected, (case["hand"].get("id"), field, result)
    if "id" in case["hand"]:
        assert result["id"] == case["hand"]["id"]
