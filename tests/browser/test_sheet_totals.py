"""A closed score sheet's total row on a 390 px phone (issue 42, item 3): each seat's total stands in
its own column, whole and apart from its neighbours ("-21866" and "13934" once read "-2186613934")."""

import pytest

from league.services.hands import hand_record, table_close
from tests.browser.test_sheet_right_numbers import open_sheet, table_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLASSICAL = [{"outcome": "win", "winner": winner, "hand_values": values} for winner, values in
             ((1, [20, 1152, 4, 128]), (1, [64, 2304, 32, 16]), (3, [8, 40, 96, 1728]))] * 2
RIICHI = [
    {"outcome": "win", "win_type": "discard", "discarder": 0, "wins": [{"seat": 1, "han": 6}]},
    {"outcome": "win", "win_type": "discard", "discarder": 0, "wins": [{"seat": 3, "han": 4, "fu": 40}]},
    {"outcome": "win", "win_type": "self_draw", "wins": [{"seat": 2, "han": 3, "fu": 30}]},
    {"outcome": "win", "win_type": "discard", "discarder": 1, "wins": [{"seat": 3, "han": 5}]},
]
# Per total cell: its text's box against the cell's content box, and the gap to the next text.
MEASURE = """() => {
  const cells = [...document.querySelectorAll('#hands tfoot td.total')];
  return cells.map(td => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const text = range.getBoundingClientRect(), box = td.getBoundingClientRect();
    const style = getComputedStyle(td);
    return {text: td.textContent.trim(), left: text.left, right: text.right,
            inner_left: box.left + parseFloat(style.paddingLeft) - 0.5,
            inner_right: box.right - parseFloat(style.paddingRight) + 0.5,
            lines: new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size};
  });
}"""


@pytest.mark.parametrize(("ruleset", "hands"), [("dmjl-classical", CLASSICAL), ("riichi-ema", RIICHI)])
@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_a_closed_sheets_totals_stand_apart_at_390_px(live_server, browser, ruleset, hands, locale):
    table = table_of(ruleset, slug=f"totals-{ruleset}-{locale[:2]}")
    for record in hands:
        hand_record(table=table, record=record, user=None)
    table_close(table=table, user=None)
    context, page = open_sheet(browser, live_server, table, locale=locale)
    cells = page.evaluate(MEASURE)
    assert len(cells) == 4 and max(len(c["text"]) for c in cells) >= 6  # a five-digit loss at least
    for cell in cells:
        assert cell["lines"] == 1, cell  # a figure is never broken
        assert cell["inner_left"] <= cell["left"] and cell["right"] <= cell["inner_right"], cell
    for before, after in zip(cells, cells[1:], strict=False):
        assert after["left"] - before["right"] >= 6, (before, after)  # a visible gap between two figures
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
