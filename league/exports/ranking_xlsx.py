"""A season's league ranking as a workbook."""
from django.utils.translation import gettext as _
from openpyxl import Workbook

from ..models import Season
from ..selectors.pages import season_tournaments
from ..selectors.standings import season_ranking_for
from .cells import DECIMAL, INTEGER, append, new_sheet, player_name


def filename(export) -> str:
    return f"{export.season.league.slug}-{export.season.name}-ranking-{export.pk}.xlsx"


def headings() -> list[str]:
    return [_("Rank"), _("Name"), _("Club"), _("Country"), _("Value"), _("Games"), _("Tournaments")]


def write(*, export, stream, progress) -> None:
    season = export.season
    workbook = Workbook(write_only=True)
    sheet = new_sheet(workbook, _("Ranking"), headings(), [7, 30, 26, 9, 13, 8, 12])
    for row in season_ranking_for(season=season):
        append(sheet, [row.rank, player_name(row.player), row.player.club.name if row.player.club else "",
                       row.player.country, row.value, row.games, row.tournaments],
               [INTEGER, None, None, None, DECIMAL, INTEGER, INTEGER])
    progress(80)
    _tournaments(workbook, season)
    progress(95)
    workbook.save(stream)


def tournament_headings(season: Season) -> list[str]:
    headings = [_("Tournament"), _("Kind"), _("First day"), _("Last day"), _("Days"), _("Players"), _("Countries")]
    if season.ranking_method == Season.RankingMethod.MERS:
        headings += [_("Weight"), _("Computed weight"), _("Weight set by the league"), _("Age factor")]
    return [*headings, _("Counts")]


def _tournaments(workbook, season: Season) -> None:
    """Every tournament of the season (run here or external) with its days, players, countries and,
    for MERS, its weight in use, the computed one, the league's override and the age factor."""
    mers = season.ranking_method == Season.RankingMethod.MERS
    sheet = new_sheet(workbook, _("Tournaments"), tournament_headings(season),
                      [34, 12, 12, 12, 7, 9, 10, *([9, 11, 11, 9] if mers else []), 9])
    for row in season_tournaments(season):
        tournament = row.tournament
        values = [tournament.name, tournament.get_kind_display(), tournament.starts_on, tournament.ends_on,
                  row.days, row.players, row.countries]
        formats = [None, None, None, None, INTEGER, INTEGER, INTEGER]
        if mers:
            values += [row.weight, row.computed_weight, tournament.weight, row.age_factor]
            formats += [DECIMAL, DECIMAL, DECIMAL, DECIMAL]
        append(sheet, [*values, _("yes") if row.counts else _("no")], formats)
