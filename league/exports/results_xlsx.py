"""The results workbook of a tournament: its details, the standings, every session's game
results, every hand and the penalties, with headings in the export's language.

Written in openpyxl's write-only mode from ``.iterator()`` so that a tournament with a hundred
thousand hands is written in bounded memory. The large sheets (sessions, hands) read plain values
(``values_list``, no model instances), look each column's style up once (``row_writer``) and each
translation once (``Wording``): bench/export.py holds the build to at most 1.3 times the time bare
openpyxl takes to write the same cells.
"""
from collections import defaultdict
from itertools import groupby
from operator import itemgetter

from django.db.models import F
from django.utils.translation import gettext as _
from openpyxl import Workbook

from scoring.numbers import to_decimal

from ..hand_facts import LIVE, Wording, outcome_text, seat_labels
from ..models import WIND_NAMES, GameResult, Hand, Player, Seat, Session, Standing, TournamentPenalty, full_name
from ..rule_options import option_lines
from ..selectors.stages import as_standings, final_standings_by_stage, stage_tables
from ..selectors.standings import standings_in_order, team_standings_for
from ..selectors.tables import hand_balances_by_player, hand_seatings, players_enter, provisional_tables
from .cells import BOLD, DECIMAL, INTEGER, SEAT_WINDS, append, cell, new_sheet, player_name, row_writer, sheet_title

CHUNK = 2000


def filename(export) -> str:
    return f"{export.tournament.slug}-results-{export.pk}.xlsx"


def write(*, export, stream, progress) -> None:
    tournament = export.tournament
    workbook = Workbook(write_only=True)
    _info_sheet(workbook, tournament)
    progress(2)
    if tournament.day_options["stages"]:
        # A staged tournament leads with its final places; the sums over every session come after
        # the stages, named as such (they are no ranking of the tournament).
        _final_places_sheet(workbook, tournament)
        _stage_sheets(workbook, tournament)
        _standings_sheet(workbook, tournament, title=_("Sums of all sessions"))
    else:
        _standings_sheet(workbook, tournament)
    _teams_sheet(workbook, tournament)
    progress(8)
    sessions = list(Session.objects.filter(tournament=tournament).order_by("number"))
    columns = game_columns(tournament)
    for index, session in enumerate(sessions, start=1):
        _session_sheet(workbook, tournament, session, columns)
        progress(8 + 12 * index // len(sessions))
    _hands_sheet(workbook, tournament, lambda share: progress(20 + 72 * share // 100))
    _penalties_sheet(workbook, tournament)
    progress(95)
    workbook.save(stream)


def _info_sheet(workbook, tournament) -> None:
    """The tournament's details, then its rule options, each as a labelled line."""
    sheet = new_sheet(workbook, _("Tournament"), [], [40, 60], freeze=False)
    sheet.append([cell(sheet, tournament.name, font=BOLD)])
    methods = tournament.StandingMethod.choices
    rows = [
        (_("Name"), tournament.name, None),
        (_("Venue"), tournament.place, None),  # "Ort": never "Platz", the place a player finished
        (_("Starts on"), tournament.starts_on, None),
        (_("Ends on"), tournament.ends_on, None),
        (_("Ruleset"), tournament.get_ruleset_display(), None),
        (_("Sessions"), tournament.session_count, INTEGER),
        (_("Standings"), str(dict(methods)[tournament.effective_standing_method]), None),
        (_("Status"), tournament.get_status_display(), None),
    ]
    for label, value, number_format in rows:
        sheet.append([cell(sheet, str(label), font=BOLD), cell(sheet, value, number_format=number_format)])
    sheet.append([])
    sheet.append([cell(sheet, _("Rule options"), font=BOLD)])
    options = {**tournament.effective_options, **tournament.day_options}
    for label, value in option_lines(tournament.ruleset, options):
        sheet.append([cell(sheet, str(label)), cell(sheet, value)])


STANDING_FORMATS = [INTEGER, None, None, None, DECIMAL, DECIMAL, INTEGER, INTEGER, None]


def standings_headings() -> list[str]:
    return [_("Rank"), _("Name"), _("Club"), _("Country"), _("Table points"), _("Score"), _("Games"),
            _("Penalty points"), _("Disqualified")]


def _standings_sheet(workbook, tournament, title: str | None = None) -> None:
    sheet = new_sheet(workbook, title or _("Standings"), standings_headings(), [7, 30, 26, 9, 13, 13, 8, 14, 13])
    standings = standings_in_order(Standing.objects.filter(tournament=tournament).select_related("player__club")
                                   .iterator(chunk_size=CHUNK))
    write_row = row_writer(sheet, STANDING_FORMATS)
    for row in standings:
        write_row([row.rank, player_name(row.player), row.player.club.name if row.player.club else "",
                   row.player.country, row.table_points, row.score, row.games, row.penalty_points,
                   _("yes") if row.disqualified else ""])


def _final_places_sheet(workbook, tournament) -> None:
    """A staged tournament's final places (docs/rules.md §7): the last stage's players by its
    standings, then the others by the last stage they played, with that stage's figures."""
    sheet = new_sheet(workbook, _("Final places"),
                      [_("Place"), _("Name"), _("Club"), _("Country"), _("Placed by the stage"), _("Table points"),
                       _("Score"), _("Games")], [7, 30, 26, 9, 22, 13, 13, 8])
    rows = final_standings_by_stage(tournament)
    players = Player.objects.select_related("club").in_bulk([row[0] for row in rows])
    for player_id, place, entry, stage in rows:
        player = players[player_id]
        append(sheet, [place, player_name(player), player.club.name if player.club else "", player.country,
                       stage.name, to_decimal(entry.table_points, 4), to_decimal(entry.score, 2), entry.games],
               [INTEGER, None, None, None, None, DECIMAL, DECIMAL, INTEGER])


def _stage_sheets(workbook, tournament) -> None:
    """A staged tournament (option ``stages``): each stage's standings on a sheet of its own; a
    stage that carries points over shows the part carried beside its figures (which include it)."""
    for table in stage_tables(tournament):
        title = sheet_title(_("Stage %(number)s – %(name)s") % {"number": table.stage.index + 1,
                                                                "name": table.stage.name})
        carries = table.stage.index > 0 and table.stage.carry != "none"
        headings = standings_headings() + ([_("Carried table points"), _("Carried score")] if carries else [])
        sheet = new_sheet(workbook, title, headings, [7, 30, 26, 9, 13, 13, 8, 14, 13] + [20, 16] * carries)
        for row in as_standings(tournament, table):
            points, score = table.carried.get(row.player.pk, (0, 0))
            carried = [to_decimal(points, 4), to_decimal(score, 2)] if carries else []
            append(sheet, [row.rank, player_name(row.player), row.player.club.name if row.player.club else "",
                           row.player.country, row.table_points, row.score, row.games, row.penalty_points,
                           _("yes") if row.disqualified else "", *carried],
                   STANDING_FORMATS + [DECIMAL, DECIMAL] * carries)


def team_headings() -> list[str]:
    return [_("Rank"), _("Team"), _("Members"), _("Table points"), _("Score")]


def _teams_sheet(workbook, tournament) -> None:
    """The team standings, when the tournament has them (option ``team_standings``)."""
    teams = team_standings_for(tournament=tournament)
    if not teams:
        return
    sheet = new_sheet(workbook, _("Teams"), team_headings(), [7, 26, 60, 13, 13])
    for row in teams:
        append(sheet, [row.rank, row.team, ", ".join(row.names), row.table_points, row.score],
               [INTEGER, None, None, DECIMAL, DECIMAL])


def game_columns(tournament) -> list[tuple[str, str, str | None, float]]:
    """(heading, GameResult field, number format, width) of a session sheet. Balance, final points
    and game score are the same number under the Chinese rulesets: each figure appears once."""
    games = GameResult.objects.filter(tournament=tournament)
    columns = [(_("Table"), "table_number", INTEGER, 8), (_("Wind"), "wind", None, 8),
               (_("Player"), "player_name", None, 30), (_("Balance"), "total", INTEGER, 12)]
    if games.exclude(final_points__isnull=True).exclude(final_points=F("total")).exists():
        columns.append((_("Final points"), "final_points", INTEGER, 13))
    if games.exclude(score=F("total")).exists():
        columns.append((_("Score"), "score", DECIMAL, 12))
    return columns + [(_("Place"), "place", INTEGER, 8), (_("Table points"), "table_points", DECIMAL, 13)]


def session_title(number: int) -> str:
    return _("Session %(number)s") % {"number": number}


def _session_sheet(workbook, tournament, session, columns) -> None:
    sheet = new_sheet(workbook, session_title(session.number), [c[0] for c in columns], [c[3] for c in columns])
    winds = [str(WIND_NAMES[wind]) for wind in SEAT_WINDS]
    fields = [field for _h, field, _f, _w in columns]
    write_row = row_writer(sheet, [c[2] for c in columns])
    results = (GameResult.objects.filter(tournament=tournament, session_number=session.number)
               .order_by("table__number", "seat", "pk")
               .values_list("table__number", "seat", "player__first_name", "player__last_name", "total",
                            "final_points", "score", "place", "table_points"))
    for table_number, seat, first, last, total, final_points, score, place, table_points in results.iterator(
            chunk_size=CHUNK):
        values = {"table_number": table_number, "wind": winds[seat], "player_name": full_name(first, last),
                  "total": total, "final_points": final_points, "score": score, "place": place,
                  "table_points": table_points}
        write_row([values[field] for field in fields])


def hand_headings(names: list[str], *, seat_change: bool = False, wording: Wording | None = None) -> list[str]:
    """One table's block: the hand, its winds and outcome, then one column per player ("East – Anna",
    the seat's wind at the start of the game) with what they won or paid; when the players change
    seats after a wind round, last who sat where in the hand ("East – Ben · South – Anna …")."""
    _ = (wording or LIVE).gettext
    return [_("Hand"), _("Prevailing wind"), _("Dealer"), _("Outcome"), *seat_labels(names, wording=wording),
            *([_("Seats in this hand")] if seat_change else [])]


def _table_names(tournament) -> dict[int, list[str]]:
    names: dict[int, list[str]] = defaultdict(lambda: ["", "", "", ""])
    seats = Seat.objects.filter(session__tournament=tournament).values_list(
        "table_id", "position", "player__first_name", "player__last_name")
    for table_id, position, first, last in seats.iterator(chunk_size=CHUNK):
        names[table_id][position] = full_name(first, last)
    return names


HAND_FORMATS = [INTEGER, None, None, None, INTEGER, INTEGER, INTEGER, INTEGER]


def _hands_sheet(workbook, tournament, progress) -> None:
    sheet = new_sheet(workbook, _("Hands"), [], [8, 12, 24, 44, 22, 22, 22, 22, 60], freeze=False)
    wording = Wording()
    winds = wording.winds
    write_row = row_writer(sheet, HAND_FORMATS)
    names = _table_names(tournament)
    changing = bool(tournament.effective_options.get("seat_change"))
    hands = Hand.objects.filter(table__session__tournament=tournament)
    total = hands.count() or 1
    # values_list joins session and table in the one query and skips building model instances,
    # which is most of the time spent on a large tournament.
    rows = hands.order_by("table__session__number", "table__number", "number").values_list(
        "table_id", "table__session__number", "table__number", "number", "dealer", "prevailing_wind", "record",
        "result")
    # tables of a tournament whose players enter them that do not count yet (docs/rules.md §7)
    provisional = set(provisional_tables().filter(session__tournament=tournament).values_list("pk", flat=True)
                      ) if players_enter(tournament) else set()
    table_title = _("Session %(session)s, table %(table)s")
    provisional_note = _("provisional: not yet confirmed by its players, not counted")
    done, reported = 0, 0
    for table_id, table_rows in groupby(rows.iterator(chunk_size=CHUNK), key=itemgetter(0)):
        # One table's hands at a time (a game is short): with seat changes each hand's seats are
        # known only from the hands before it.
        table_rows = list(table_rows)
        players = names[table_id]
        if done:
            sheet.append([])
        (_id, session, table, *_rest) = table_rows[0]
        title = table_title % {"session": session, "table": table}
        if table_id in provisional:
            title += " – " + provisional_note
        sheet.append([cell(sheet, title, font=BOLD)])
        sheet.append([cell(sheet, h, font=BOLD) for h in hand_headings(players, seat_change=changing, wording=wording)])
        seatings = hand_seatings(tournament, [row[7] for row in table_rows])
        for (_id, _s, _t, number, dealer, wind, record, result), seating in zip(table_rows, seatings, strict=True):
            done += 1
            # The record names the seats of the hand's own wind round; the columns are the players.
            seated = [players[p] for p in seating]
            balances = hand_balances_by_player(result, seating)[:4]
            dealer_name = seated[dealer] if isinstance(dealer, int) and 0 <= dealer < 4 else ""
            values = [number, str(winds.get(wind, wind)), dealer_name, outcome_text(record or {}, seated, wording),
                      *balances]
            if changing:
                values.append(" · ".join(seat_labels(seated, dealer if isinstance(dealer, int) else 0, wording)))
            write_row(values)
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
               [None, None, INTEGER, None, None, None])
