"""The project's copy of the worked cases is the league's shared one, wherever a checkout has the
shared copy beside it (a clone standing alone has only its own)."""

import pytest

from tests.worked_cases import HANDVALUE, MCR, SETTLEMENT, read_cases, shared_vectors


@pytest.mark.parametrize("path", [SETTLEMENT, HANDVALUE, MCR], ids=lambda path: path.name)
def test_the_projects_worked_cases_equal_the_shared_ones(path):
    shared = shared_vectors()
    if shared is None:
        pytest.skip("no shared/vectors beside this checkout")
    assert path.read_bytes() == (shared / path.name).read_bytes()


def test_the_projects_worked_cases_are_there_without_the_shared_ones():
    assert len(read_cases(SETTLEMENT)) == 55 and len(read_cases(HANDVALUE)) == 59 and len(read_cases(MCR)) == 5
