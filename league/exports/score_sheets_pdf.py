"""Score sheets to print (PDF, A4 landscape): one page per table, with the tournament, session and
table, the four players with their winds, clubs and a place to sign, and blank hand rows with the
columns a referee fills in under the tournament's ruleset (``score_sheets_xlsx.hand_columns``).

The rows stay blank whatever was entered already: the sheet is the paper a hall plays on, printed in
the morning for a session that is drawn but not played. ``Export.session_number`` limits the file
to one session's tables. With seat changes after each wind round the seats block gives each
player's wind in every later round too, as the workbook does.
"""
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from scoring import flow

from ..models import WIND_NAMES, Seat, Table
from . import pdf
from .cells import SEAT_WINDS, printed_name
from .score_sheets_xlsx import hand_columns, hand_rows, per_player_label, round_seatings

TEMPLATE = "league/print/score_sheets.html"
# A hand row's height on paper, and the height an A4 page has for the rows and the total below its
# headings and the seats: more rows than fit at full height share it.
ROW_HEIGHT_MM = 6.5
HANDS_HEIGHT_MM = 160


def filename(export) -> str:
    session = f"-session-{export.session_number}" if export.session_number else ""
    return f"{export.tournament.slug}-score-sheets{session}-{export.pk}.pdf"


def tables_of(export) -> list[Table]:
    tables = Table.objects.filter(session__tournament=export.tournament)
    if export.session_number:
        tables = tables.filter(session__number=export.session_number)
    return list(tables.select_related("session")
                .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player__club")
                                           .order_by("position")))
                .order_by("session__number", "number"))


def write(*, export, stream, progress) -> None:
    tournament = export.tournament
    winds = WIND_NAMES
    options = tournament.effective_options
    seatings = round_seatings(options) if options.get("seat_change") else [flow.IDENTITY]
    own, per_player = hand_columns(tournament.ruleset)
    rows = hand_rows(tournament.ruleset, options)
    pages = []
    for table in tables_of(export):
        seats = list(table.seats.all())
        players = [{"wind": str(winds[SEAT_WINDS[seat.position]]), "name": printed_name(seat.player)}
                   for seat in seats]
        pages.append({
            "table": table,
            "seats": [{"wind": str(winds[SEAT_WINDS[seat.position]]), "name": printed_name(seat.player),
                       "club": seat.player.club.name if seat.player.club else "",
                       "later_winds": [str(winds[SEAT_WINDS[seating.index(seat.position)]])
                                       for seating in seatings[1:]]}
                      for seat in seats],
            "players": players,
        })
    progress(5)
    context = {
        "tournament": tournament,
        "session_number": export.session_number,
        "own_columns": own,
        "groups": [per_player_label(kind) for kind in per_player],
        "later_rounds": [_("Wind in %(round)s round") % {"round": winds[wind]}
                         for wind in flow.WINDS[1:len(seatings)]],
        "hand_numbers": range(1, rows + 1),
        # the rows share the page's height left below the seats (one A4 page per table)
        "row_height": min(ROW_HEIGHT_MM, round(HANDS_HEIGHT_MM / (rows + 1), 2)),
    }
    pdf.write(template=TEMPLATE, context=context, parts=pages, part_name="pages", stream=stream,
              progress=progress)
