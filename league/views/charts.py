"""Small inline SVG charts drawn on the server (no JavaScript library)."""

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT, PAD = 320, 150, 26


def line_chart(points: list[tuple[str, float, str]], *, title: str, ranks: bool = False) -> SafeString:
    """A line through ``(label, value, tooltip)`` points; scores get a zero line, ranks run downwards
    (rank 1 on top). An empty string without points."""
    if not points:
        return SafeString("")
    values = [float(v) for _, v, _ in points]
    low, high = (min(values), max(values)) if ranks else (min(0.0, *values), max(0.0, *values))
    span = (high - low) or 1.0
    step = (WIDTH - 2 * PAD) / max(len(points) - 1, 1)

    def x(i: int) -> float:
        return PAD + i * step if len(points) > 1 else WIDTH / 2

    def y(v: float) -> float:
        share = (v - low) / span if ranks else (high - v) / span
        return round(PAD + share * (HEIGHT - 2 * PAD), 1)

    coords = [(round(x(i), 1), y(v)) for i, v in enumerate(values)]
    dots = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="3.5"><title>{}: {}</title></circle>',
        ((cx, cy, tip, f"{v:g}") for (cx, cy), (_, v, tip) in zip(coords, points, strict=True)),
    )
    labels = format_html_join(
        "",
        '<text x="{}" y="{}" text-anchor="middle">{}</text>',
        ((cx, HEIGHT - 6, label) for (cx, _), (label, _, _) in zip(coords, points, strict=True)),
    )
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
        '<text x="2" y="{}">{}</text><text x="2" y="{}">{}</text><polyline points="{}"/>{}{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        title,
        zero,
        PAD + 4,
        f"{top:g}",
        HEIGHT - PAD,
        f"{bottom:g}",
        " ".join(f"{cx},{cy}" for cx, cy in coords),
        dots,
        labels,
    )
