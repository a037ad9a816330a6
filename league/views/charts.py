"""Small inline SVG charts drawn on the server (no JavaScript library): the geometry is worked out
here, the markup is a template (league/_chart_svg.html); with their key and values as HTML beside
them (``chart_with_key``, league/_chart.html), so that a phone reads every line's name and value."""
import math

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

WIDTH, HEIGHT, PAD = 320, 170, 26
TOP, BOTTOM = 26, 36  # room for the legend above; tick labels and the axis title below
CHAR_WIDTH = 6  # about the width of one character of the 10px labels
SERIES_COLOURS = 4  # .line-0 … .line-3 in league.css; further lines take the colours again

Point = tuple[str, float, str]  # label under the axis, value, tooltip
Line = tuple[str, list[tuple[int, float, str]]]  # name, [(column, value, tooltip)]


def line_chart(points: list[Point], *, title: str, ranks: bool = False) -> SafeString:
    """A line through ``(label, value, tooltip)`` points; scores get a zero line, ranks run downwards
    (rank 1 on top). An empty string without points."""
    return lines_chart(
        [label for label, _, _ in points],
        [("", [(i, value, tip) for i, (_, value, tip) in enumerate(points)])],
        title=title,
        ranks=ranks,
    )


def lines_chart(columns: list[str], lines: list[Line], *, title: str, ranks: bool = False, x_title: str = "",
                y_title: str = "", separators: list[int] = ()) -> SafeString:
    """Several lines over shared x positions labelled ``columns`` (labels thinned out when they
    would overlap); each line is ``(name, [(column index, value, tooltip), …])``; its name is its
    title (``chart_with_key`` adds the key that names it on the page). ``separators``: column
    indices where a new group (a tournament) starts, drawn as a dashed rule. The value labels sit
    left of the plot, right-aligned, with room for the longest; the axis titles name what is shown.
    Scores get a zero line, ranks run downwards (rank 1 on top). An empty string without points."""
    lines = [(name, points) for name, points in lines if points]
    if not lines:
        return SafeString("")
    values = [float(v) for _, points in lines for _, v, _ in points]
    low, high = (min(values), max(values)) if ranks else (min(0.0, *values), max(0.0, *values))
    span = (high - low) or 1.0
    top_label, bottom_label = (f"{low:g}", f"{high:g}") if ranks else (f"{high:g}", f"{low:g}")
    if low == high:  # one value throughout: one label where the line runs, not "1 … 1"
        bottom_label = ""
    left = max(PAD, CHAR_WIDTH * max(len(top_label), len(bottom_label)) + 10)
    step = (WIDTH - left - PAD) / max(len(columns) - 1, 1)

    def x(i: float) -> float:
        return round(left + i * step if len(columns) > 1 else (left + WIDTH - PAD) / 2, 1)

    def y(v: float) -> float:
        share = (v - low) / span if ranks else (high - v) / span
        return round(TOP + share * (HEIGHT - TOP - BOTTOM), 1)

    longest = max((len(label) for label in columns), default=1)
    room = max(1, int((WIDTH - left - PAD) / (CHAR_WIDTH * longest + 4)) + 1)
    every = math.ceil(len(columns) / room)
    return render_to_string("league/_chart_svg.html", {
        "width": str(WIDTH), "height": str(HEIGHT), "title": title,
        "zero": None if ranks else {"x1": str(left), "x2": str(WIDTH - PAD), "y": str(y(0.0))},
        "rules": [str(x(i - 0.5)) for i in separators if 0 < i < len(columns)],
        "rule_top": str(TOP - 4), "rule_bottom": str(HEIGHT - BOTTOM + 2),
        "value_x": str(left - 4), "top_y": str(TOP + 4), "bottom_y": str(HEIGHT - BOTTOM),
        "top_label": top_label, "bottom_label": bottom_label,
        "lines": [_line(number, name, [(x(i), y(float(v)), tip, float(v)) for i, v, tip in points])
                  for number, (name, points) in enumerate(lines)],
        "labels": [(str(x(i)), label) for i, label in enumerate(columns) if i % every == 0],
        "label_y": str(HEIGHT - BOTTOM + 14),
        "y_title": y_title, "x_title": x_title, "x_title_x": str(WIDTH - PAD), "x_title_y": str(HEIGHT - 4),
    })


def _line(number: int, name: str, dots: list[tuple[float, float, str, float]]) -> dict:
    """One line of ``lines_chart`` for its template: its colour, name, polyline and dots."""
    return {"colour": str(number % SERIES_COLOURS), "name": name,
            "points": " ".join(f"{cx},{cy}" for cx, cy, _tip, _value in dots),
            "dots": [(str(cx), str(cy), tip, f"{value:g}") for cx, cy, tip, value in dots]}


def chart_with_key(columns: list[str], lines: list[Line], **chart) -> SafeString:
    """``lines_chart`` with what a phone needs beside it (league/_chart.html): a key naming every
    line in its colour, wrapping as the screen requires, and the values as a table (a tap opens
    it; the dots' own titles show only under a mouse). An empty string without points."""
    svg = lines_chart(columns, lines, **chart)
    if not svg:
        return svg
    named = [(number % SERIES_COLOURS, name) for number, (name, points) in enumerate(lines) if points and name]
    rows = sorted(((i, columns[i], name, tip, f"{float(v):g}") for name, points in lines for i, v, tip in points),
                  key=lambda row: row[0])
    return render_to_string("league/_chart.html", {"svg": svg, "key": named, "rows": rows, "title": chart["title"],
                                                   "x_title": chart.get("x_title", ""),
                                                   "y_title": chart.get("y_title", "")})
