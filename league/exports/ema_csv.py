"""Results in the EMA's format: one row per player in rank order, for the EMA ranking (MERS)."""
import csv
import io

from ..models import Standing
from .cells import number_text, safe

CHUNK = 2000


def filename(export) -> str:
    return f"{export.tournament.slug}-ema-{export.pk}.csv"


# The EMA's results submissions: these columns, in this order, with English headings whatever the
# export's language (the EMA's ranking office reads them).
HEADINGS = ["Place", "Last name", "First name", "EMA number", "Table points", "Score", "Country"]


def headings() -> list[str]:
    return list(HEADINGS)


def write(*, export, stream, progress) -> None:
    text = io.TextIOWrapper(stream, encoding="utf-8", newline="")
    writer = csv.writer(text)
    writer.writerow([safe(h) for h in headings()])
    standings = (Standing.objects.filter(tournament=export.tournament).select_related("player")
                 .order_by("rank", "player__last_name", "player__first_name", "pk"))
    for row in standings.iterator(chunk_size=CHUNK):
        player = row.player
        writer.writerow([row.rank, safe(player.last_name), safe(player.first_name), safe(player.ema_id),
                         number_text(row.table_points), number_text(row.score), safe(player.country)])
    text.flush()
    # The stream belongs to the caller: let go of it without closing it.
    text.detach()
    progress(95)
