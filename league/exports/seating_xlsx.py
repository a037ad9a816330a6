"""The seating list: for each session a sheet of tables, seats, players and clubs, to hang on the
wall of the playing room. A seat is named by its wind at the start of the game (East, South, West,
North in the export's language), as players call their seats."""
from django.utils.translation import gettext as _
from openpyxl import Workbook

from ..models import WIND_NAMES, Seat, Session
from .cells import INTEGER, SEAT_WINDS, append, new_sheet, printed_name
from .results_xlsx import session_title


def filename(export) -> str:
    return f"{export.tournament.slug}-seating-{export.pk}.xlsx"


def headings() -> list[str]:
    return [_("Table"), _("Seat"), _("Player"), _("Club")]


def write(*, export, stream, progress) -> None:
    workbook = Workbook(write_only=True)
    winds = WIND_NAMES
    sessions = list(Session.objects.filter(tournament=export.tournament).order_by("number"))
    for index, session in enumerate(sessions, start=1):
        sheet = new_sheet(workbook, session_title(session.number), headings(), [8, 9, 30, 30])
        sheet.page_setup.fitToWidth = 1
        seats = (Seat.objects.filter(session=session).select_related("table", "player__club")
                 .order_by("table__number", "position"))
        for seat in seats.iterator(chunk_size=2000):
            club = seat.player.club.name if seat.player.club else ""
            append(sheet, [seat.table.number, str(winds[SEAT_WINDS[seat.position]]), printed_name(seat.player), club],
                   [INTEGER])
        progress(95 * index // len(sessions))
    if not sessions:
        new_sheet(workbook, session_title(1), headings(), [8, 9, 30, 30])
    workbook.save(stream)
