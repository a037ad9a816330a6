"""The results workbook of a tournament: its details, the standings, every session's game
results, every hand and the penalties, with headings in the export's language.

Written in openpyxl's write-only mode from ``.iterator()`` so that a tournament with a hundred
thousand hands is written in bounded memory.
"""
import json

from django.utils.translation import gettext as _
from openpyxl import Workbook

from ..models import GameResult, Hand, Session, Standing, TournamentPenalty
from .cells import BOLD, DATE, DATETIME, DECIMAL, INTEGER, append, cell, new_sheet, player_name

CHUNK = 2000


def filename(export) -> str:
    return f"{export.tournament.slug}-results-{export.pk}.xlsx"


def write(*, export, stream, progress) -> None:
    tournament = export.tournament
    workbook = Workbook(write_only=True)
    _info_sheet(workbook, tournament)
    progress(2)
    _standings_sheet(workbook, tournament)
    progress(8)
    sessions = list(Session.objects.filter(tournament=tournament).order_by("number"))
    for index, session in enumerate(sessions, start=1):
        _session_sheet(workbook, tournament, session)
        progress(8 + 12 * index // len(sessions))
    _hands_sheet(workbook, tournament, lambda share: progress(20 + 72 * share // 100))
    _penalties_sheet(workbook, tournament)
    progress(95)
    workbook.save(stream)


def _info_sheet(workbook, tournament) -> None:
    sheet = new_sheet(workbook, _("Tournament"), [], [24, 60], freeze=False)
    sheet.append([cell(sheet, tournament.name, font=BOLD)])
    methods = tournament.StandingMethod.choices
    rows = [
        (_("Name"), tournament.name, None),
        (_("Place"), tournament.place, None),
        (_("Starts on"), tournament.starts_on, DATE),
        (_("Ends on"), tournament.ends_on, DATE),
        (_("Ruleset"), tournament.get_ruleset_display(), None),
        (_("Options"), json.dumps(tournament.effective_options, sort_keys=True, separators=(",", ":")), None),
        (_("Sessions"), tournament.session_count, INTEGER),
        (_("Table points"), " / ".join(str(p) for p in tournament.effective_options["table_points"]), None),
        (_("Standings"), str(dict(methods)[tournament.effective_standing_method]), None),
        (_("Status"), tournament.get_status_display(), None),
    ]
    for label, value, number_format in rows:
        sheet.append([cell(sheet, str(label), font=BOLD), cell(sheet, value, number_format=number_format)])


STANDING_FORMATS = [INTEGER, None, None, None, DECIMAL, DECIMAL, INTEGER, INTEGER, None]


def standings_headings() -> list[str]:
    return [_("Rank"), _("Name"), _("Club"), _("Country"), _("Table points"), _("Score"), _("Games"),
            _("Penalty points"), _("Disqualified")]


def _standings_sheet(workbook, tournament) -> None:
    sheet = new_sheet(workbook, _("Standings"), standings_headings(), [7, 30, 26, 9, 13, 13, 8, 14, 13])
    standings = (Standing.objects.filter(tournament=tournament).select_related("player__club")
                 .order_by("rank", "player__last_name", "player__first_name", "pk"))
    for row in standings.iterator(chunk_size=CHUNK):
        append(sheet, [row.rank, player_name(row.player), row.player.club.name if row.player.club else "",
                       row.player.country, row.table_points, row.score, row.games, row.penalty_points,
                       _("yes") if row.disqualified else ""], STANDING_FORMATS)


GAME_FORMATS = [INTEGER, INTEGER, None, INTEGER, INTEGER, DECIMAL, INTEGER, DECIMAL]


def game_headings() -> list[str]:
    return [_("Table"), _("Seat"), _("Player"), _("Balance"), _("Final points"), _("Score"), _("Place"),
            _("Table points")]


def session_title(number: int) -> str:
    return _("Session %(number)s") % {"number": number}


def _session_sheet(workbook, tournament, session) -> None:
    sheet = new_sheet(workbook, session_title(session.number), game_headings(), [8, 7, 30, 12, 13, 12, 8, 13])
    results = (GameResult.objects.filter(tournament=tournament, session_number=session.number)
               .select_related("player", "table").order_by("table__number", "seat", "pk"))
    for row in results.iterator(chunk_size=CHUNK):
        append(sheet, [row.table.number, row.seat, player_name(row.player), row.total, row.final_points,
                       row.score, row.place, row.table_points], GAME_FORMATS)


def hand_headings() -> list[str]:
    return [_("Session"), _("Table"), _("Hand"), _("Dealer"), _("Prevailing wind"), _("Record"),
            _("Balance seat %(seat)s") % {"seat": 0}, _("Balance seat %(seat)s") % {"seat": 1},
            _("Balance seat %(seat)s") % {"seat": 2}, _("Balance seat %(seat)s") % {"seat": 3}]


def _hands_sheet(workbook, tournament, progress) -> None:
    sheet = new_sheet(workbook, _("Hands"), hand_headings(), [9, 7, 7, 8, 10, 70, 11, 11, 11, 11])
    hands = Hand.objects.filter(table__session__tournament=tournament)
    total = hands.count() or 1
    # values_list joins session and table in the one query and skips building model instances,
    # which is most of the time spent on a large tournament.
    rows = hands.order_by("table__session__number", "table__number", "number").values_list(
        "table__session__number", "table__number", "number", "dealer", "prevailing_wind", "record", "result")
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    reported = 0
    for done, (session, table, number, dealer, wind, record, result) in enumerate(
            rows.iterator(chunk_size=CHUNK), start=1):
        balances = list((result or {}).get("balances") or [None] * 4)[:4]
        sheet.append([session, table, number, dealer, wind, dumps(record), *balances])
        if done % CHUNK == 0 and 100 * done // total > reported:
            reported = 100 * done // total
            progress(reported)


def penalty_headings() -> list[str]:
    return [_("Player"), _("Club"), _("Points"), _("Reason"), _("Disqualified"), _("Given at")]


def _penalties_sheet(workbook, tournament) -> None:
    sheet = new_sheet(workbook, _("Penalties"), penalty_headings(), [30, 26, 9, 50, 13, 18])
    penalties = (TournamentPenalty.objects.filter(tournament=tournament).select_related("player__club")
                 .order_by("created_at", "pk"))
    for row in penalties.iterator(chunk_size=CHUNK):
        append(sheet, [player_name(row.player), row.player.club.name if row.player.club else "", row.points,
                       row.reason, _("yes") if row.disqualified else "", row.created_at],
               [None, None, INTEGER, None, None, DATETIME])
