"""The server-drawn charts read right: an axis never labels both ends with the same value."""
import re

from league.views.charts import line_chart


def value_labels(svg: str) -> list[str]:
    return re.findall(r'<text x="[\d.]+" y="[\d.]+" text-anchor="end">([^<]*)</text>', svg)


def test_a_player_ranked_first_every_time_gets_one_rank_label_not_one_at_each_end():
    svg = line_chart([("1.3.", 1, "a"), ("1.4.", 1, "b"), ("1.5.", 1, "c")], title="Rank", ranks=True)
    assert [label for label in value_labels(svg) if label] == ["1"]


def test_ranks_that_change_label_both_ends():
    svg = line_chart([("1.3.", 1, "a"), ("1.4.", 4, "b")], title="Rank", ranks=True)
    assert value_labels(svg) == ["1", "4"]
