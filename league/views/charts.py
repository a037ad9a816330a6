"""Small inline SVG charts drawn on the server (no JavaScript library)."""
import math

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT, PAD = 320, 150, 26
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


def lines_chart(columns: list[str], lines: list[Line], *, title: str, ranks: bool = False) -> SafeString:
    """Several lines over shared x positions labelled ``columns`` (labels thinned out when they
    would overlap); each line is ``(name, [(column index, value, tooltip), …])`` and named lines
    get a legend. Scores get a zero line, ranks run downwards (rank 1 on top). An empty string
    without points."""
    lines = [(name, points) for name, points in lines if points]
    if not lines:
        return SafeString("")
    values = [float(v) for _, points in lines for _, v, _ in points]
    low, high = (min(values), max(values)) if ranks else (min(0.0, *values), max(0.0, *values))
    span = (high - low) or 1.0
    step = (WIDTH - 2 * PAD) / max(len(columns) - 1, 1)

    def x(i: int) -> float:
        return round(PAD + i * step if len(columns) > 1 else WIDTH / 2, 1)

    def y(v: float) -> float:
        share = (v - low) / span if ranks else (high - v) / span
        return round(PAD + share * (HEIGHT - 2 * PAD), 1)

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
    room = max(1, int((WIDTH - 2 * PAD) / (CHAR_WIDTH * longest + 4)) + 1)
    every = math.ceil(len(columns) / room)
    labels = format_html_join(
        "",
        '<text x="{}" y="{}" text-anchor="middle">{}</text>',
        ((x(i), HEIGHT - 6, label) for i, label in enumerate(columns) if i % every == 0),
    )
    legend = SafeString("")
    if len(lines) > 1 or lines[0][0]:
        entries, left = [], PAD
        for number, (name, _) in enumerate(lines):
            entries.append((number % SERIES_COLOURS, left, name))
            left += CHAR_WIDTH * len(name) + 12
        legend = format_html_join("", '<text class="legend line-{}" x="{}" y="12">{}</text>', entries)
    zero = (
        ""
        if ranks
        else format_html(
            '<line class="zero" x1="{}" x2="{}" y1="{}" y2="{}"/>', PAD, WIDTH - PAD, y(0.0), y(0.0)
        )
    )
    top, bottom = (low, high) if ranks else (high, low)
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>{}'
        '<text x="2" y="{}">{}</text><text x="2" y="{}">{}</text>{}{}{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        title,
        zero,
        PAD + 4,
        f"{top:g}",
        HEIGHT - PAD,
        f"{bottom:g}",
        format_html_join("", "{}", ((line(n, name, points),) for n, (name, points) in enumerate(lines))),
        labels,
        legend,
    )
