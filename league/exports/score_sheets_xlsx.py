"""Printable score sheets: one sheet per session and table, with the seated players and their seat
winds and the columns a referee fills in for the tournament's ruleset. Landscape, one page wide.

The per-player columns follow the first wind round's seats; when the players change seats after each
wind round (``dmjl-hke`` ``seat_change``), the seating block also gives each player's wind in every
later wind round, so that each hand's amounts go under the player, not the seat."""
from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring import flow

from ..models import WIND_NAMES, Seat, Table
from ..rule_options import sheet_of
from .cells import BOLD, BOX, SEAT_WINDS, TITLE, WRAP, cell, printed_name, sheet_title

# What a referee writes down for each hand, by sheet layout (a ruleset's ``SHEET``): the hand's own
# columns (the prevailing wind of each hand among them), the kinds of per-player columns ("value",
# "balance"), and the least hand rows a printed sheet has (``hand_rows``).
SHEETS = {
    "dmjl-classical": (
        (gettext_lazy("Hand"), gettext_lazy("Prevailing wind"), gettext_lazy("Winner")), ("value", "balance"), 24),
    "dmjl-hke": (
        (gettext_lazy("Hand"), gettext_lazy("Prevailing wind"), gettext_lazy("Winner"), gettext_lazy("Fan"),
         gettext_lazy("Self-draw / discarder"), gettext_lazy("Penalties")), ("balance",), 24),
    "riichi-ema": (
        (gettext_lazy("Hand"), gettext_lazy("Prevailing wind"), gettext_lazy("Winner"), gettext_lazy("Han"),
         gettext_lazy("Fu"),
         gettext_lazy("Tsumo / ron (discarder)"), gettext_lazy("Riichi"), gettext_lazy("Tenpai")), ("balance",), 20),
    "japanese-classic": (
        (gettext_lazy("Hand"), gettext_lazy("Prevailing wind"), gettext_lazy("Winner"), gettext_lazy("Points"),
         gettext_lazy("Doubles"),
         gettext_lazy("Tsumo / ron (discarder)"), gettext_lazy("Riichi")), ("balance",), 20),
    "mcr": (
        (gettext_lazy("Hand"), gettext_lazy("Winner"), gettext_lazy("Points"), gettext_lazy("Flower points"),
         gettext_lazy("Self-draw / discarder"), gettext_lazy("Penalties")), ("balance",), 16),
}


def hand_rows(ruleset: str, options: dict) -> int:
    """The hand rows of a printed sheet: for the longest game the options allow. A cap on the hands
    (``max_hands``) is that game; without one a dealer may keep the deal without end, so the sheet
    has room for twice the hands of the game's wind rounds played without a repeat (each dealer
    keeping the deal once on average: 32 for four rounds, where the demo's tables played up to 30),
    and never fewer than the layout's usual rows."""
    if options.get("max_hands"):
        return options["max_hands"]
    return max(SHEETS[sheet_of(ruleset)][2], 2 * 4 * options.get("rounds", 4))


def filename(export) -> str:
    return f"{export.tournament.slug}-score-sheets-{export.pk}.xlsx"


def hand_columns(ruleset: str) -> tuple[list[str], list[str]]:
    """What the referee writes down for each hand under the ruleset (by its sheet layout): the hand's
    own columns, then the kinds of per-player columns ("value", "balance"), one of each per player."""
    own, per_player, _rows = SHEETS[sheet_of(ruleset)]
    return [str(label) for label in own], list(per_player)


def per_player_label(kind: str) -> str:
    return _("Value") if kind == "value" else _("Balance")


def columns(ruleset: str, names: list[str]) -> list[str]:
    """The columns of the hand rows; per-player columns carry the player's name."""
    own, per_player = hand_columns(ruleset)
    named = {"value": [_("Value %(name)s") % {"name": name} for name in names],
             "balance": [_("Balance %(name)s") % {"name": name} for name in names]}
    return own + [label for kind in per_player for label in named[kind]]


def round_seatings(options: dict) -> list[tuple[int, ...]]:
    """The player (first-round seat) at each seat in each wind round of a game: the same in every
    round unless the players change seats (each wind round starts with seat 0 dealing)."""
    seatings = [flow.IDENTITY]
    for wind in range(max(1, options.get("rounds", 4)) - 1):
        seatings.append(flow.changed_seating(options, seatings[-1], wind))
    return seatings


def write(*, export, stream, progress) -> None:
    tournament = export.tournament
    winds = WIND_NAMES
    options = tournament.effective_options
    seatings = round_seatings(options) if options.get("seat_change") else [flow.IDENTITY]
    later_rounds = [_("Wind in %(round)s round") % {"round": winds[wind]} for wind in flow.WINDS[1:len(seatings)]]
    workbook = Workbook(write_only=True)
    tables = list(Table.objects.filter(session__tournament=tournament).select_related("session")
                  .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player__club")
                                             .order_by("position")))
                  .order_by("session__number", "number"))
    for index, table in enumerate(tables, start=1):
        seats = list(table.seats.all())
        names = [printed_name(seat.player) for seat in seats] or ["", "", "", ""]
        headings = columns(tournament.ruleset, names)
        title = _("S%(session)s T%(table)s") % {"session": table.session.number, "table": table.number}
        sheet = workbook.create_sheet(title=sheet_title(title))
        sheet.page_setup.orientation = "landscape"
        sheet.page_setup.paperSize = Worksheet.PAPERSIZE_A4
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        sheet.print_options.gridLines = False
        for column in range(len(headings)):
            sheet.column_dimensions[get_column_letter(column + 1)].width = 7 if column == 0 else 14
        heading = _("%(tournament)s — session %(session)s, table %(table)s") % {
            "tournament": tournament.name, "session": table.session.number, "table": table.number}
        sheet.append([cell(sheet, heading, font=TITLE)])
        sheet.append([])
        sheet.append([cell(sheet, h, font=BOLD) for h in (_("Seat"), _("Wind"), _("Player"), _("Club"),
                                                          _("Signature"), *later_rounds)])
        for seat in seats:
            sheet.append([cell(sheet, seat.position, border=BOX),
                          cell(sheet, str(winds[SEAT_WINDS[seat.position]]), border=BOX),
                          cell(sheet, printed_name(seat.player), border=BOX),
                          cell(sheet, seat.player.club.name if seat.player.club else "", border=BOX),
                          cell(sheet, "", border=BOX),
                          *[cell(sheet, str(winds[SEAT_WINDS[seating.index(seat.position)]]), border=BOX)
                            for seating in seatings[1:]]])
        sheet.append([])
        sheet.append([cell(sheet, h, font=BOLD, border=BOX, alignment=WRAP) for h in headings])
        for number in range(1, hand_rows(tournament.ruleset, options) + 1):
            sheet.append([cell(sheet, number, border=BOX)] + [cell(sheet, None, border=BOX)
                                                                for _column in headings[1:]])
        sheet.append([cell(sheet, _("Total"), font=BOLD, border=BOX)]
                     + [cell(sheet, None, border=BOX) for _column in headings[1:]])
        progress(95 * index // len(tables))
    if not tables:
        workbook.create_sheet(title=_("Score sheets"))
    workbook.save(stream)
