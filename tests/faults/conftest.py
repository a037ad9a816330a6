"""Shared pieces of the fault suite: hostile workbooks built byte by byte, API clients."""
import io
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield



def xlsx_with_sheet(sheet_xml: str | None, *, name: str = "players.xlsx", drop_sheets: bool = False
                    ) -> SimpleUploadedFile:
    """A real workbook (written by openpyxl) whose first sheet's XML is replaced by ``sheet_xml``,
    or whose workbook part lists no sheet at all."""
    book = openpyxl.Workbook()
    book.active.append(["Vorname", "Nachname"])
    plain = io.BytesIO()
    book.save(plain)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(plain.getvalue())) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml" and sheet_xml is not None:
                data = sheet_xml.encode()
            if item.filename == "xl/workbook.xml" and drop_sheets:
                text = data.decode()
                start, end = text.index("<sheets>"), text.index("</sheets>") + len("</sheets>")
                data = (text[:start] + "<sheets/>" + text[end:]).encode()
            target.writestr(item, data)
    return SimpleUploadedFile(name, out.getvalue())


def sheet(rows_xml: str, *, dimension: str = "A1:B2", doctype: str = "") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>{doctype}'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            f'<dimension ref="{dimension}"/><sheetData>{rows_xml}</sheetData></worksheet>')


def row(number: int, *values: str, columns: str = "AB") -> str:
    cells = "".join(f'<c r="{column}{number}" t="inlineStr"><is><t>{value}</t></is></c>'
                    for column, value in zip(columns, values, strict=False))
    return f'<row r="{number}">{cells}</row>'
