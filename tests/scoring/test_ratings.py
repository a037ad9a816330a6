"""The Chemnitz rating (docs/rules.md §11), worked out by hand (the season's games in order through
the database: tests/league/test_rankings.py)."""
from scoring.ratings import chemnitz_ratings


def test_chemnitz_rating_moves_by_an_eighth_of_result_minus_expectation():
    first = chemnitz_ratings([[(1, 4), (2, 2), (3, 1), (4, 0)]])
    # table average 1.75; everyone expected 0
    assert first == {1: 0.28125, 2: 0.03125, 3: -0.09375, 4: -0.21875}
    both = chemnitz_ratings([[(1, 4), (2, 2), (3, 1), (4, 0)], [(1, 0), (2, 1), (5, 2), (6, 4)]])
    # second table: average rating 0.3125 / 4 = 0.078125; player 1 expected 0.203125, got -1.75
    assert both[1] == 0.28125 + (-1.75 - 0.203125) / 8 == 0.037109375
    assert both[2] == 0.03125 + (-0.75 + 0.046875) / 8 == -0.056640625
    assert both[5] == (0.25 + 0.078125) / 8 == 0.041015625
    assert both[6] == (2.25 + 0.078125) / 8 == 0.291015625
    assert sum(both.values()) == 0
