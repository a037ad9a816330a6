"""The worked cases of tests/vectors/handvalue_public.jsonl, one test per case id."""

import pytest

from scoring.handvalue import value
from tests.handvalue_vectors import assert_case_holds, handvalue_cases

CASES = handvalue_cases()


def test_all_vector_cases_are_present():
    assert len(CASES) == 59


@pytest.mark.parametrize("case", [pytest.param(c, id=c["hand"].get("id", "?")) for c in CASES])
def test_vector_case_holds(case):
    assert_case_holds(case, value(case["hand"]))
