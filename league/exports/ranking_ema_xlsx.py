"""A season's ranking in the EMA's ranking layout as a workbook: the columns of
``ranking_ema_csv`` (English headings), numbers as numbers."""
from openpyxl import Workbook

from .cells import DECIMAL, INTEGER, append, new_sheet
from .ranking_ema_csv import headings, ranking_rows


def filename(export) -> str:
    return f"{export.season.league.slug}-{export.season.name}-ema-ranking-{export.pk}.xlsx"


def write(*, export, stream, progress) -> None:
    workbook = Workbook(write_only=True)
    sheet = new_sheet(workbook, "Ranking", headings(), [9, 26, 22, 13, 9, 10, 12])
    for values in ranking_rows(export.season):
        append(sheet, values, [INTEGER, None, None, None, None, DECIMAL, INTEGER])
    progress(95)
    workbook.save(stream)


__all__ = ["filename", "headings", "write"]
