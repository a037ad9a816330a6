"""The public hand-value vectors (../shared/vectors/handvalue_public.jsonl) and the one check every
path (functions, ``manage.py handvalue``, POST /api/v1/handvalue/) applies to them."""

import json
from pathlib import Path

# ../shared beside the checkout (the main checkout and the worktrees sit at different depths).
SHARED = next(
    (p / "shared" for p in Path(__file__).resolve().parents if (p / "shared" / "vectors").is_dir()), Path("shared")
)
VECTORS = SHARED / "vectors" / "handvalue_public.jsonl"


def handvalue_cases() -> list[dict]:
    if not VECTORS.exists():
        return []
    with VECTORS.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def assert_case_holds(case: dict, result: dict) -> None:
    """Every field the case expects is in the result (``None``: the source does not check it)."""
    for field, expected in case["expect"].items():
        if field == "error":
            assert result.get("error", {}).get("code") == expected, (case["hand"].get("id"), result)
        elif expected is not None:
            assert result.get(field) == expected, (case["hand"].get("id"), field, result)
    if "id" in case["hand"]:
        assert result["id"] == case["hand"]["id"]
