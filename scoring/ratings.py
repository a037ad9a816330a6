"""The Chemnitz rating of a season's games (docs/rules.md §11, ``chemnitz``).

Everyone starts at 0. At each table a player's expected result is their rating minus the table's
average rating, the actual result is their table points in that game minus the table's average
table points (1.75 with 4/2/1/0), and the rating moves by (actual − expected) / 8. So the rating is
measured in table points per game above the average of the field, and the moves at a table always
add up to zero.
"""
from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

CHEMNITZ_START = 0.0
CHEMNITZ_DIVISOR = 8


def chemnitz_ratings(games: Iterable[list[tuple[int, Fraction | Decimal | int]]]) -> dict[int, float]:
    """Ratings after ``games`` in the order played; each game is [(player id, table points), …] of one table."""
    ratings: dict[int, float] = defaultdict(lambda: CHEMNITZ_START)
    for game in games:
        if len(game) < 2:
            continue
        average_rating = sum(ratings[player] for player, _tp in game) / len(game)
        average_points = sum(float(tp) for _player, tp in game) / len(game)
        moves = []
        for player, points in game:
            actual = float(points) - average_points
            expected = ratings[player] - average_rating
            moves.append((player, (actual - expected) / CHEMNITZ_DIVISOR))
        for player, move in moves:
            ratings[player] += move
    return dict(ratings)
