"""The worked cases of ../shared/vectors/handvalue_public.jsonl, one test per case id."""

import json
from pathlib import Path

import pytest

from scoring.handvalue import value

# ../shared beside the checkout (the main checkout and the worktrees sit at different depths).
SHARED = next(
    (p / "shared" for p in Path(__file__).resolve().parents if (p / "shared" / "vectors").is_dir()), Path("shared")
)
VECTORS = SHARED / "vectors" / "handvalue_public.jsonl"


def _cases():
    if not VECTORS.exists():
        return []
    with VECTORS.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


CASES = _cases()

def test_all_vector_cases_are_present():
    assert len(CASES) == 59


def _param(case):
    return pytest.param(case, id=case["hand"].get("id", "?"))


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_vector_case_holds(case):
    result = value(case["hand"])
    for field, expected in case["expect"].items():
        if field == "error":
            assert result.get("error", {}).get("code") == expected, result
        elif expected is None:
            continue  # the source case does not check this field
        else:
            assert result.get(field) == expected, (field, result)
    if "id" in case["hand"]:
        assert result["id"] == case["hand"]["id"]
