"""Export writers, one module per kind of file; ``WRITERS`` maps an Export kind to its module.

Each writer module offers ``filename(export) -> str`` and ``write(*, export, stream, progress)``,
writing the file to a binary ``stream`` and calling ``progress(percent)`` as it goes. The
service ``league.services.exports.export_build`` runs them; nothing here touches Export rows.

The writers are imported when an export is built, not when Django starts: WeasyPrint (0.7 s and
some 20 MB) and openpyxl would otherwise load in every web, worker and ``manage.py`` process.
``tests/test_lean_start.py`` checks that a started project has loaded neither.
"""
from importlib import import_module


class Writers(dict):
    """Export kind -> writer module, each imported the first time it is looked up (a value may be
    the module's name in this package, or the module itself)."""

    def __getitem__(self, kind: str):
        writer = super().__getitem__(kind)
        if isinstance(writer, str):
            writer = import_module(f"{__name__}.{writer}")
            self[kind] = writer
        return writer


WRITERS = Writers({
    "results-xlsx": "results_xlsx",
    "ema-csv": "ema_csv",
    "score-sheets-xlsx": "score_sheets_xlsx",
    "seating-xlsx": "seating_xlsx",
    "ranking-xlsx": "ranking_xlsx",
    "score-sheets-pdf": "score_sheets_pdf",
    "results-pdf": "results_pdf",
    "ranking-ema-csv": "ranking_ema_csv",
    "ranking-ema-xlsx": "ranking_ema_xlsx",
})
