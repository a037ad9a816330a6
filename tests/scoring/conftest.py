"""Helpers for the scoring tests: settle a record built from keyword arguments."""

import pytest

import scoring


@pytest.fixture
def settle():
    def run(ruleset: str, **record):
        return scoring.settle_record({"ruleset": ruleset, **record})

    return run


@pytest.fixture
def error_of():
    def run(ruleset: str, **record) -> scoring.ScoringError:
        with pytest.raises(scoring.ScoringError) as caught:
            scoring.settle_record({"ruleset": ruleset, **record})
        return caught.value

    return run
