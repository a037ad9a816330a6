"""The seating list: for each session a sheet of tables, seats, winds, players and clubs, to hang
on the wall of the playing room."""
from django.utils.translation import gettext as _
from openpyxl import Workbook

from ..models import Seat, Session
from .cells import INTEGER, SEAT_WINDS, append, new_sheet, player_name
from .results_xlsx import session_title


def filename(export) -> str:
    return f"{export.tournament.slug}-seating-{export.pk}.xlsx"


def headings() -> list[str]:
    return [_("Table"), _("Seat"), _("Wind"), _("Player"), _("Club")]


def write(*, export, stream, progress) -> None:
    workbook = Workbook(write_only=True)
    sessions = list(Session.objects.filter(tournament=export.tournament).order_by("number"))
    for index, session in enumerate(sessions, start=1):
        sheet = new_sheet(workbook, session_title(session.number), headings(), [8, 7, 7, 30, 30])
        sheet.page_setup.fitToWidth = 1
        seats = (Seat.objects.filter(session=session).select_related("table", "player__club")
                 .order_by("table__number", "position"))
        for seat in seats.iterator(chunk_size=2000):
            club = seat.player.club.name if seat.player.club else ""
            wind = SEAT_WINDS[seat.position]
            append(sheet, [seat.table.number, seat.position, wind, player_name(seat.player), club],
                   [INTEGER, INTEGER])
        progress(95 * index // len(sessions))
    if not sessions:
        new_sheet(workbook, session_title(1), headings(), [8, 7, 7, 30, 30])
    workbook.save(stream)
