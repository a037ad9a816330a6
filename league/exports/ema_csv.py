"""Results in the EMA's format: one row per player in rank order, for the EMA ranking (MERS)."""
import csv
import io

from scoring.numbers import to_decimal

from ..models import Player, Registration, Standing
from ..selectors.stages import final_standings
from ..selectors.standings import standings_in_order
from .cells import number_text, safe

CHUNK = 2000


def filename(export) -> str:
    return f"{export.tournament.slug}-ema-{export.pk}.csv"


# The EMA's results submissions: these columns, in this order, with English headings whatever the
# export's language (the EMA's ranking office reads them).
# "Substitute": "yes" for a player registered as a substitute (a walk-in among them), whose games
# count as the tournament's substitute_scoring says; last, so the EMA's columns keep their places.
HEADINGS = ["Place", "Last name", "First name", "EMA number", "Table points", "Score", "Country", "Substitute"]


def headings() -> list[str]:
    return list(HEADINGS)


def _rows(tournament):
    """(place, player, table points, score) in place order: the standings; a staged tournament's
    final standings as docs/rules.md §11 places it (the last stage's, then those cut, later cuts
    first, each with the figures of the stage that places them; only players who played a hand)."""
    if tournament.day_options["stages"]:
        final = final_standings(tournament)
        players = Player.objects.in_bulk([player_id for player_id, _place, _entry in final])
        for player_id, place, entry in final:
            yield place, players[player_id], to_decimal(entry.table_points, 4), to_decimal(entry.score, 2)
        return
    standings = Standing.objects.filter(tournament=tournament).select_related("player").iterator(chunk_size=CHUNK)
    for row in standings_in_order(standings):  # ties as on every page (league.collation)
        yield row.rank, row.player, row.table_points, row.score


def write(*, export, stream, progress) -> None:
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")  # a BOM: Excel reads the umlauts
    writer = csv.writer(text)
    writer.writerow([safe(h) for h in headings()])
    substitutes = set(Registration.objects.filter(tournament=export.tournament, substitute=True)
                      .values_list("player_id", flat=True))
    for place, player, table_points, score in _rows(export.tournament):
        writer.writerow([place, safe(player.last_name), safe(player.first_name), safe(player.ema_id),
                         number_text(table_points), number_text(score), safe(player.country),
                         "yes" if player.pk in substitutes else ""])
    text.flush()
    # The stream belongs to the caller: let go of it without closing it.
    text.detach()
    progress(95)
