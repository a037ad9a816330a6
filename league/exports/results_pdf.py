"""The final results to print (PDF, A4): the tournament's name, place, dates and ruleset, then the
standings table with rank, name, club, table points, score and games, in the export's language.
The table's heading repeats on every page."""
from ..models import Standing
from ..selectors.standings import standings_in_order
from . import pdf
from .cells import printed_name

TEMPLATE = "league/print/results.html"


def filename(export) -> str:
    return f"{export.tournament.slug}-results-{export.pk}.pdf"


def write(*, export, stream, progress) -> None:
    tournament = export.tournament
    standings = standings_in_order(Standing.objects.filter(tournament=tournament).select_related("player__club")
                                   .iterator(chunk_size=2000))
    rows = [{"rank": row.rank, "name": printed_name(row.player),
             "club": row.player.club.name if row.player.club else "", "table_points": row.table_points,
             "score": row.score, "games": row.games}
            for row in standings]
    progress(10)
    methods = dict(tournament.StandingMethod.choices)
    context = {"tournament": tournament, "method": methods[tournament.effective_standing_method]}
    # One document: the standings are one table running over as many pages as it needs.
    pdf.write(template=TEMPLATE, context=context, parts=rows, part_name="rows", chunk=max(1, len(rows)),
              stream=stream, progress=progress, share=(10, 95))
