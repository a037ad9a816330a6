"""Cell values and formatting shared by every export writer (openpyxl: imported only where an
export is built, see league/exports/__init__.py).

``safe``, the one formula-escaping helper every text written to a workbook or CSV file goes
through, lives in ``formulas`` (no openpyxl, so the imports can read a file back with ``unsafe``)
and is offered here too.

Dates and times are stored as real dates (numbers a spreadsheet computes with) shown in the
export language's short format, taken from Django's locale formats.
"""
import datetime
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal

from django.utils import timezone
from django.utils.formats import get_format
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.utils import get_column_letter

from scoring.flow import seat_winds

from .formulas import safe  # noqa: F401  (the writers take it from here)

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=14)
THIN = Side(style="thin")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
WRAP = Alignment(wrap_text=True, vertical="top")
INTEGER = "0"
DECIMAL = "0.00"
# Django's date format characters (``django.utils.dateformat``) as Excel number-format codes; other
# characters (``.``, ``/``, ``-``, spaces, ``:``) stand for themselves in both.
EXCEL_DATE_CODES = {"d": "dd", "j": "d", "m": "mm", "n": "m", "Y": "yyyy", "y": "yy", "H": "hh", "G": "h",
                    "i": "mm", "s": "ss", "P": "h:mm AM/PM", "A": "AM/PM", "g": "h", "h": "hh"}
SEAT_WINDS = seat_winds(0)  # the seats' winds at the start of a game


def excel_date_format(django_format: str) -> str:
    """A Django date format ("d.m.Y H:i") as an Excel number format ("dd.mm.yyyy hh:mm")."""
    return "".join(EXCEL_DATE_CODES.get(char, char) for char in django_format)


def date_format() -> str:
    """The active language's short date format (German 31.12.2026, English 12/31/2026), for Excel."""
    return excel_date_format(get_format("SHORT_DATE_FORMAT"))


def datetime_format() -> str:
    return excel_date_format(get_format("SHORT_DATETIME_FORMAT"))


def plain(value):
    """A value openpyxl can store: local naive datetimes, everything else as it is, texts escaped."""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        return timezone.localtime(value).replace(tzinfo=None)
    return safe(value)


def cell(sheet, value, *, number_format: str | None = None, font: Font | None = None,
         border: Border | None = None, alignment: Alignment | None = None) -> WriteOnlyCell:
    """A write-only cell with its value escaped and the given formatting."""
    if number_format is None:
        if isinstance(value, Decimal):
            number_format = INTEGER if value == value.to_integral_value() else DECIMAL
        elif isinstance(value, datetime.datetime):
            number_format = datetime_format()
        elif isinstance(value, datetime.date):
            number_format = date_format()
    style = _style(sheet, number_format, font, border, alignment)
    return Cell(sheet, row=1, column=1, value=plain(value), style_array=style)


def _style(sheet, number_format, font, border, alignment):
    """The style array of a cell with this formatting, made once per workbook: setting a format
    or font on each cell looks it up in the workbook's lists again, which is most of the cost of a
    styled cell in a large export."""
    workbook = sheet.parent
    styles = workbook.__dict__.setdefault("_export_styles", {})
    key = (number_format, id(font), id(border), id(alignment))
    known = styles.get(key)
    if known is None:
        model = WriteOnlyCell(sheet)
        if number_format:
            model.number_format = number_format
        if font:
            model.font = font
        if border:
            model.border = border
        if alignment:
            model.alignment = alignment
        known = styles[key] = (model._style, font, border, alignment)  # keeps the objects the ids name
    return known[0]


def new_sheet(workbook, title: str, headings: Sequence[str], widths: Sequence[float], *, freeze: bool = True):
    """A write-only sheet with bold headings in its first row, frozen below them, and column widths
    (which write-only sheets only accept before the first row)."""
    sheet = workbook.create_sheet(title=sheet_title(title))
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    if freeze:
        sheet.freeze_panes = "A2"
    if headings:
        sheet.append([cell(sheet, str(h), font=BOLD) for h in headings])
    return sheet


def append(sheet, values: Iterable, formats: Sequence[str | None] = ()) -> None:
    """Append one row of plain values, escaping texts and applying per-column number formats."""
    row_writer(sheet, formats)(values)


def row_writer(sheet, formats: Sequence[str | None] = ()) -> Callable[[Iterable], None]:
    """``append`` for many rows with the same per-column number formats (a hands sheet has a million
    cells). Each formatted column has one cell, given each row's value in turn: a write-only sheet
    writes a row's cells as it is appended and keeps none of them. Dates and other values whose
    setting may change a cell's number format get a cell of their own."""
    styles = [_style(sheet, number_format, None, None, None) if number_format else None
              for number_format in formats]
    cells = [Cell(sheet, row=1, column=1, style_array=style) if style is not None else None for style in styles]
    width = len(styles)

    def write(values: Iterable) -> None:
        row = []
        for index, value in enumerate(values):
            style = styles[index] if index < width else None
            if style is not None:
                if type(value) in REUSABLE:
                    reused = cells[index]
                    reused.value = safe(value)
                    row.append(reused)
                else:
                    row.append(Cell(sheet, row=1, column=1, value=plain(value), style_array=style))
            elif value is None or isinstance(value, str | int | float):  # bool is an int
                row.append(safe(value))
            else:  # a number or date whose format follows from its value
                row.append(cell(sheet, value))
        sheet.append(row)

    return write


# The value types a formatted column's one cell takes: setting them leaves its number format alone.
REUSABLE = frozenset({int, float, Decimal, str, bool, type(None)})


def sheet_title(title: str) -> str:
    """Excel allows 31 characters and none of ``[]:*?/\\`` in a sheet title."""
    for char in "[]:*?/\\":
        title = title.replace(char, " ")
    return title[:31]


def number_text(value) -> str:
    """A number for a CSV file: whole numbers without decimals, others without trailing zeros."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        if value == value.to_integral_value():
            return str(int(value))
        return format(value.normalize(), "f")
    return str(value)


def player_name(player) -> str:
    """Exports are the administrators': the whole name, whatever the player shows in public."""
    return player.full_name


def printed_name(player) -> str:
    """What is printed for the room (score sheets on the tables, the seating list and the final
    results on the walls) is public: the name as the player shows it (``Player.__str__``: "Anna B."
    for a player who chose initials)."""
    return str(player)
