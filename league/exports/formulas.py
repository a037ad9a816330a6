"""Formula escaping for every text written to a workbook or CSV file, and its inverse for reading one back.

Spreadsheet programs run a cell text that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or
carriage return that hides such a start) as a formula, so a player called ``=cmd|...`` could run
code on the organiser's computer. No openpyxl here: the imports read CSV files with ``unsafe``.
"""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FORMULA_FIRSTS = frozenset(FORMULA_STARTS)  # a set of one-character texts: the empty text is not in it


def safe(value):
    """The value with any text that a spreadsheet would read as a formula made plain text."""
    if isinstance(value, str) and value[:1] in FORMULA_FIRSTS:
        return "'" + value
    return value


def unsafe(text: str) -> str:
    """The inverse of ``safe``, for reading back a file written here (imports)."""
    if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text
