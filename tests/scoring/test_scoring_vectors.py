"""Every worked case of the shared settlement vectors holds."""

import json
from pathlib import Path

import pytest

import scoring

VECTORS = Path(__file__).resolve().parents[2].parent / "shared" / "vectors" / "public.jsonl"
CASES = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_all_public_vectors_are_present():
    assert len(CASES) == 43


@pytest.mark.parametrize("case", CASES, ids=[case["hand"]["id"] for case in CASES])
def test_public_vector_holds(case):
    result = scoring.settle(case["hand"])
    for field, expected in case["expect"].items():
        if field == "error":
            assert result["error"]["code"] == expected, result
        else:
            assert result.get(field) == expected, (field, result)
