"""The score sheet's QR code (league.qr): segno's symbol, drawn module for module as one SVG path."""
import re

import segno

from league.qr import qr_modules, qr_svg

LINK = "https://mjl.example.org/referee/table/42/confirm/"


def modules_drawn(svg: str) -> tuple[int, set[tuple[int, int]]]:
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    path = re.search(r'<path d="([^"]*)"', svg).group(1)
    return size, {(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)h1v1h-1z", path)}


def test_the_symbol_is_segnos_at_level_m():
    expected = segno.make_qr(LINK, error="m", boost_error=False)
    assert expected.error == "M"
    assert qr_modules(LINK) == [[bool(m) for m in row] for row in expected.matrix]


def test_the_svg_draws_every_dark_module_and_nothing_else_inside_a_quiet_zone_of_four():
    modules = qr_modules(LINK)
    size, drawn = modules_drawn(qr_svg(LINK))
    assert size == len(modules) + 8
    assert drawn == {(x + 4, y + 4) for y, row in enumerate(modules) for x, dark in enumerate(row) if dark}


def test_the_svg_is_one_path_on_white_and_hidden_from_screen_readers():
    svg = qr_svg(LINK)
    assert svg.startswith("<svg") and svg.count("<path") == 1 and 'fill="#fff"' in svg
    assert 'aria-hidden="true"' in svg


def test_a_longer_link_takes_a_larger_symbol():
    assert len(qr_modules("a")) == 21
    assert len(qr_modules("https://example.org/" + "y" * 150)) > len(qr_modules(LINK))
