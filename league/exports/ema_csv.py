"""Results in the EMA's format: one row per player in rank order, for the EMA ranking (MERS)."""
import csv
import io

from ..models import Registration, Standing
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


def write(*, export, stream, progress) -> None:
    text = io.TextIOWrapper(stream, encoding="utf-8", newline="")
    writer = csv.writer(text)
    writer.writerow([safe(h) for h in headings()])
    substitutes = set(Registration.objects.filter(tournament=export.tournament, substitute=True)
                      .values_list("player_id", flat=True))
    standings = (Standing.objects.filter(tournament=export.tournament).select_related("player")
                 .order_by("rank", "player__last_name", "player__first_name", "pk"))
    for row in standings.iterator(chunk_size=CHUNK):
        player = row.player
        writer.writerow([row.rank, safe(player.last_name), safe(player.first_name), safe(player.ema_id),
                         number_text(row.table_points), number_text(row.score), safe(player.country),
                         "yes" if row.player_id in substitutes else ""])
    text.flush()
    # The stream belongs to the caller: let go of it without closing it.
    text.detach()
    progress(95)
