"""Small inline SVG charts drawn on the server (no JavaScript library), with their key and values
as HTML beside them (``chart_with_key``), so that a phone reads every line's name and every value."""
import math

from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
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

    def line(number: int, name: str, points: list) -> SafeString:
        coords = [(x(i), y(float(v))) for i, v, _ in points]
        dots = format_html_join(
            "",
            '<circle cx="{}" cy="{}" r="3.5"><title>{}: {}</title></circle>',
            ((cx, cy, tip, f"{float(v):g}") for (cx, cy), (_, v, tip) in zip(coords, points, strict=True)),
        )
        return format_html(
            '<g class="line line-{}">{}<polyline points="{}"/>{}</g>',
            number % SERIES_COLOURS,
            format_html("<title>{}</title>", name) if name else "",
            " ".join(f"{cx},{cy}" for cx, cy in coords),
            dots,
        )

    longest = max((len(label) for label in columns), default=1)
    room = max(1, int((WIDTH - left - PAD) / (CHAR_WIDTH * longest + 4)) + 1)
    every = math.ceil(len(columns) / room)
    labels = format_html_join(
        "",
        '<text x="{}" y="{}" text-anchor="middle">{}</text>',
        ((x(i), HEIGHT - BOTTOM + 14, label) for i, label in enumerate(columns) if i % every == 0),
    )
    rules = format_html_join(
        "", '<line class="group" x1="{}" x2="{}" y1="{}" y2="{}"/>',
        ((x(i - 0.5), x(i - 0.5), TOP - 4, HEIGHT - BOTTOM + 2) for i in separators if 0 < i < len(columns)))
    heading = format_html('<text class="axis" x="2" y="12">{}</text>', y_title) if y_title else SafeString("")
    x_axis = format_html('<text class="axis" x="{}" y="{}" text-anchor="end">{}</text>', WIDTH - PAD, HEIGHT - 4,
                         x_title) if x_title else ""
    zero = (
        ""
        if ranks
        else format_html(
            '<line class="zero" x1="{}" x2="{}" y1="{}" y2="{}"/>', left, WIDTH - PAD, y(0.0), y(0.0)
        )
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>{}{}'
        '<text x="{}" y="{}" text-anchor="end">{}</text><text x="{}" y="{}" text-anchor="end">{}</text>'
        '{}{}{}{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        title,
        zero,
        rules,
        left - 4,
        TOP + 4,
        top_label,
        left - 4,
        HEIGHT - BOTTOM,
        bottom_label,
        format_html_join("", "{}", ((line(n, name, points),) for n, (name, points) in enumerate(lines))),
        labels,
        heading,
        x_axis,
    )


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
