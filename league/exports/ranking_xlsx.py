"""A season's league ranking as a workbook."""
from django.utils.translation import gettext as _
from openpyxl import Workbook

from ..models import SeasonRanking
from ..selectors.standings import SEASON_ORDER
from .cells import DECIMAL, INTEGER, append, new_sheet, player_name


def filename(export) -> str:
    return f"{export.season.league.slug}-{export.season.name}-ranking-{export.pk}.xlsx"


def headings() -> list[str]:
    return [_("Rank"), _("Name"), _("Club"), _("Country"), _("Value"), _("Games"), _("Tournaments")]


def write(*, export, stream, progress) -> None:
    season = export.season
    workbook = Workbook(write_only=True)
    sheet = new_sheet(workbook, _("Ranking"), headings(), [7, 30, 26, 9, 13, 8, 12])
    rankings = (SeasonRanking.objects.filter(season=season).select_related("player__club")
                .order_by(*SEASON_ORDER))
    for row in rankings.iterator(chunk_size=2000):
        append(sheet, [row.rank, player_name(row.player), row.player.club.name if row.player.club else "",
                       row.player.country, row.value, row.games, row.tournaments],
               [INTEGER, None, None, None, DECIMAL, INTEGER, INTEGER])
    progress(95)
    workbook.save(stream)
