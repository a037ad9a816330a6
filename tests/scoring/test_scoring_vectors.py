"""Every worked settlement case (tests/vectors/public.jsonl) holds."""

import pytest

import scoring
from tests.worked_cases import SETTLEMENT, read_cases

CASES = read_cases(SETTLEMENT)


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
