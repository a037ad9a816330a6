"""Every worked case of the shared settlement vectors holds."""

import json

import pytest

import scoring
from tests.shared_vectors import SHARED_VECTORS

VECTORS = SHARED_VECTORS / "public.jsonl"
CASES = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_all_public_vectors_are_present():
    assert len(CASES) == 55


@pytest.mark.parametrize("case", CASES, ids=[case["hand"]["id"] for case in CASES])
def test_public_vector_holds(case):
    result = scoring.settle(case["hand"])
    for field, expected in case["expect"].items():
        if field == "error":
            assert result["error"]["code"] == expected, result
        else:
            assert result.get(field) == expected, (field, result)
