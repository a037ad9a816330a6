"""A season's ranking in the EMA's ranking layout (CSV): one row per player in ranking order, with
English headings whatever the export's language, as the EMA's ranking lists it: position (empty
for a player listed without a rank), last name, first name, EMA number, country, the ranking value
to 2 decimals and the tournaments counted. Exports are the administrators': full names."""
import csv
import io

from ..collation import ranked_order, shown_key
from ..models import SeasonRanking
from ..selectors.standings import SEASON_ORDER, ranking_figures
from .cells import safe

CHUNK = 2000
HEADINGS = ["Position", "Last name", "First name", "EMA number", "Country", "Ranking", "Tournaments"]


def filename(export) -> str:
    return f"{export.season.league.slug}-{export.season.name}-ema-ranking-{export.pk}.csv"


def headings() -> list[str]:
    return list(HEADINGS)


def ranking_rows(season):
    """The ranking's rows as the EMA's layout has them, texts escaped against formulas."""
    rankings = (SeasonRanking.objects.filter(season=season).order_by(*SEASON_ORDER)
                .values_list("rank", "player__last_name", "player__first_name", "player__ema_id",
                             "player__country", "value", "tournaments", "games", "player__public_name", "player_id"))
    # ties as on the home page and the ranking's page (league.collation)
    ordered = ranked_order(rankings.iterator(chunk_size=CHUNK), lambda row: ranking_figures(row[0], row[5], row[7]),
                           lambda row: shown_key(row[2], row[1], row[8], row[9]))
    for rank, last, first, ema_id, country, value, tournaments, *_rest in ordered:
        yield [rank, safe(last), safe(first), safe(ema_id), safe(country), value, tournaments]


def write(*, export, stream, progress) -> None:
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")  # a BOM: Excel reads the umlauts
    writer = csv.writer(text)
    writer.writerow(headings())
    for rank, last, first, ema_id, country, value, tournaments in ranking_rows(export.season):
        writer.writerow(["" if rank is None else rank, last, first, ema_id, country, f"{value:.2f}", tournaments])
    text.flush()
    text.detach()  # the stream belongs to the caller
    progress(95)
