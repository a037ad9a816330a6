"""A QR code of a short text (a link) as inline SVG, for the score sheet's "confirm on your phone".

segno draws the symbol (byte mode, error correction level M: 15 % of it may be damaged; the mask
chosen by the standard's penalty rules); this module only writes it as one SVG path, black on
white, sized for a phone's camera, hidden from screen readers (the link is printed beside it).
segno is imported on the first code drawn: with it come ``urllib.request`` and ``xml.sax``, which a
web process that never shows a score sheet's code does not need (issue 40).
"""


def qr_modules(text: str) -> list[list[bool]]:
    """The QR symbol of ``text`` (UTF-8) as rows of dark (True) and light modules, without the quiet zone."""
    import segno

    return [[bool(module) for module in row] for row in segno.make_qr(text, error="m", boost_error=False).matrix]


def qr_svg(text: str, *, quiet: int = 4) -> str:
    """``text``'s QR code as an SVG element (one path, scalable, black on white) for inline use."""
    modules = qr_modules(text)
    size = len(modules) + 2 * quiet
    path = "".join(f"M{x + quiet},{y + quiet}h1v1h-1z" for y, row in enumerate(modules)
                   for x, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="180" height="180" '
            f'shape-rendering="crispEdges" aria-hidden="true"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path d="{path}" fill="#000"/></svg>')
