"""Export writers, one module per kind of file; ``WRITERS`` maps an Export kind to its module.

Each writer module offers ``filename(export) -> str`` and ``write(*, export, stream, progress)``,
writing the file to a binary ``stream`` and calling ``progress(percent)`` as it goes. The
service ``league.services.exports.export_build`` runs them; nothing here touches Export rows.
"""
from . import (
    ema_csv,
    ranking_ema_csv,
    ranking_ema_xlsx,
    ranking_xlsx,
    results_pdf,
    results_xlsx,
    score_sheets_pdf,
    score_sheets_xlsx,
    seating_xlsx,
)

WRITERS = {
    "results-xlsx": results_xlsx,
    "ema-csv": ema_csv,
    "score-sheets-xlsx": score_sheets_xlsx,
    "seating-xlsx": seating_xlsx,
    "ranking-xlsx": ranking_xlsx,
    "score-sheets-pdf": score_sheets_pdf,
    "results-pdf": results_pdf,
    "ranking-ema-csv": ranking_ema_csv,
    "ranking-ema-xlsx": ranking_ema_xlsx,
}
