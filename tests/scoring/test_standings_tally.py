"""A tournament's standings from its games and penalties (docs/rules.md §7), without a database
(through the database: tests/league/test_standings.py)."""
from fractions import Fraction

from scoring.standings import BY_SCORE, BY_TABLE_POINTS, ranked, tally


def order(tallies, method):
    return [(player, rank) for player, rank, _entry in ranked(tallies, method)]


def test_games_add_up_exactly_and_penalty_points_come_off_the_score():
    tallies = tally(players=[1, 2], games=[(1, Fraction(4), Fraction(2304), 1), (1, Fraction(3), Fraction(1, 3), 2)],
                    penalties=[(1, 100, False)])
    one = tallies[1]
    assert (one.table_points, one.score, one.games, one.penalty_points) == (7, Fraction(2304 + Fraction(1, 3) - 100),
                                                                            2, 100)
    assert one.average_place == Fraction(3, 2)
    assert tallies[2].games == 0 and tallies[2].average_place is None


def test_table_points_rank_first_then_the_score():
    tallies = tally(players=[], games=[(1, Fraction(4), Fraction(10), 1), (2, Fraction(4), Fraction(20), 1),
                                       (3, Fraction(2), Fraction(500), 2)], penalties=[])
    assert order(tallies, BY_TABLE_POINTS) == [(2, 1), (1, 2), (3, 3)]


def test_by_score_the_lower_average_place_breaks_a_tie():
    tallies = tally(players=[], games=[(1, Fraction(0), Fraction(10), 3), (2, Fraction(0), Fraction(10), 2),
                                       (3, Fraction(0), Fraction(30), 4)], penalties=[])
    assert order(tallies, BY_SCORE) == [(3, 1), (2, 2), (1, 3)]


def test_players_equal_on_every_key_share_the_rank():
    tallies = tally(players=[], games=[(5, Fraction(2), Fraction(0), 2), (4, Fraction(2), Fraction(0), 2),
                                       (6, Fraction(1), Fraction(0), 3)], penalties=[])
    assert order(tallies, BY_TABLE_POINTS) == [(4, 1), (5, 1), (6, 3)]


def test_registered_players_without_games_come_after_those_with_games_and_the_disqualified_last():
    tallies = tally(players=[1, 2, 3], games=[(2, Fraction(0), Fraction(-500), 4), (3, Fraction(4), Fraction(9), 1)],
                    penalties=[(3, 0, True)])
    assert order(tallies, BY_TABLE_POINTS) == [(2, 1), (1, 2), (3, 3)]


def test_a_player_with_only_a_bye_ranks_by_the_byes_points_among_those_who_played():
    tallies = tally(players=[1, 2, 3], games=[(1, Fraction(0), Fraction(-10), 4), (2, Fraction(4), Fraction(30), 1)],
                    penalties=[], byes=[(3, Fraction(2), Fraction(0))])
    assert tallies[3].games == 0 and tallies[3].byes == 1
    assert order(tallies, BY_TABLE_POINTS) == [(2, 1), (3, 2), (1, 3)]
