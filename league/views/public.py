"""Public pages: home, tournaments, standings, sessions, players and season rankings. Only
published tournaments show (league.permissions.visible_tournaments).

Anonymous visitors get the whole page from league.cache (``cached_page``) while nothing it shows
has changed; on a miss the parts that cost queries (standings, sessions, tables, rankings) come from
the cache too. So these pages must be the same for every anonymous visitor of a language: nothing
from the request but its path, no CSRF token (the language switcher is a plain link, views.language).
"""

from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ..cache import cached_page, cached_part, page_subject
from ..models import Season, Session, Tournament
from ..permissions import is_league_admin, visible_tournaments
from ..selectors import pages
from ..selectors.standings import team_standings_for
from ..selectors.statistics import player_statistics, tournament_statistics
from ..services.exports import TOURNAMENT_KINDS
from .charts import lines_chart

TOURNAMENT_STANDINGS_TOP = 10
REFRESH_SECONDS = 60


@cached_page
def home(request):
    page_subject(request, site=True)
    context = pages.home_tournaments(request.user)
    context["season_tops"] = pages.current_season_tops()
    return render(request, "league/home.html", context)


def _tournament(request, slug: str) -> Tournament:
    try:
        tournament = pages.tournament_for(request.user, slug)
    except Tournament.DoesNotExist as error:
        raise Http404(_("No such tournament.")) from error
    page_subject(request, tournament_id=tournament.pk)
    return tournament


def _refresh(tournament: Tournament) -> int | None:
    return REFRESH_SECONDS if tournament.status == Tournament.Status.RUNNING else None


def _tournament_part(request, tournament: Tournament, part: str, template: str, context) -> str:
    """One cached part of a tournament's pages; ``context`` is called only when it is rendered.
    Rendered without the request: the part is the same for every visitor."""
    return cached_part(request, tournament_id=tournament.pk, part=part,
                       render=lambda: render_to_string(template, context()))


def _by_score(tournament: Tournament) -> bool:
    """Standings ranked by game score (riichi) lead with that column."""
    return tournament.effective_standing_method == Tournament.StandingMethod.SCORE


def _team_part(request, tournament: Tournament) -> str:
    """The team standings section (empty when the tournament has none)."""
    def context() -> dict:
        options = tournament.day_options
        return {"teams": team_standings_for(tournament=tournament), "by_score": _by_score(tournament),
                "best": options["team_best"] if options.get("team_standings") == "best" else None}

    return _tournament_part(request, tournament, "teams", "league/_team_standings.html", context)


@cached_page
def tournament(request, slug: str):
    tournament = _tournament(request, slug)
    is_admin = is_league_admin(request.user)
    return render(
        request,
        "league/tournament.html",
        {
            "tournament": tournament,
            "standings_table": _tournament_part(
                request, tournament, "top", "league/_standings_table.html",
                lambda: {"standings": pages.standings_rows(tournament, TOURNAMENT_STANDINGS_TOP),
                         "by_score": _by_score(tournament)}),
            "team_table": _team_part(request, tournament),
            "sessions_part": _tournament_part(
                request, tournament, "sessions", "league/_sessions.html",
                lambda: {"tournament": tournament, "sessions": pages.tournament_sessions(tournament)}),
            "export_kinds": [(kind.value, kind.label) for kind in TOURNAMENT_KINDS] if is_admin else [],
            "refresh": _refresh(tournament),
        },
    )


@cached_page
def standings(request, slug: str):
    tournament = _tournament(request, slug)
    return render(
        request,
        "league/standings.html",
        {
            "tournament": tournament,
            "standings_table": _tournament_part(
                request, tournament, "standings", "league/_standings_table.html",
                lambda: {"standings": pages.standings_rows(tournament), "by_score": _by_score(tournament)}),
            "team_table": _team_part(request, tournament),
            "refresh": _refresh(tournament),
        },
    )


@cached_page
def statistics(request, slug: str):
    """Per player statistics of the tournament and its records."""
    tournament = _tournament(request, slug)
    part = _tournament_part(request, tournament, "statistics", "league/_statistics.html",
                            lambda: {"tournament": tournament, **tournament_statistics(tournament=tournament)})
    return render(request, "league/statistics.html", {"tournament": tournament, "statistics_part": part})


@cached_page
def records(request, slug: str):
    """The tournament's records: biggest hand, most wins, most self-draws, most limit hands."""
    tournament = _tournament(request, slug)
    part = _tournament_part(request, tournament, "records", "league/_records.html",
                            lambda: {"tournament": tournament, **tournament_statistics(tournament=tournament)})
    return render(request, "league/records.html", {"tournament": tournament, "records_part": part})


@cached_page
def session(request, slug: str, number: int):
    tournament = _tournament(request, slug)

    def context() -> dict:
        try:
            session, tables = pages.session_results(tournament, number)
        except Session.DoesNotExist as error:
            raise Http404(_("No such session.")) from error
        return {"tournament": tournament, "session": session, "tables": tables}

    return render(
        request,
        "league/session.html",
        {
            "tournament": tournament,
            "number": number,
            "tables_part": _tournament_part(request, tournament, f"session-{number}",
                                            "league/_session_tables.html", context),
            "refresh": _refresh(tournament),
        },
    )


@cached_page
def player(request, player_id: int):
    page_subject(request, site=True)
    try:
        context = pages.player_page(request.user, player_id)
    except pages.Player.DoesNotExist as error:
        raise Http404(_("No such player.")) from error
    context["score_chart"] = _score_chart(context["results"])
    context["rank_chart"] = _rank_chart(context["snapshots"])
    context["statistics"] = player_statistics(player=context["player"], tournaments=visible_tournaments(request.user))
    return render(request, "league/player.html", context)


def _score_chart(results) -> str:
    """The game score of each session, one line per tournament with a rule between tournaments;
    the x axis counts the sessions, the y axis the score."""
    columns, lines, separators = [], {}, []
    for result in results:
        if result.tournament_id not in lines:
            if columns:
                separators.append(len(columns))
            lines[result.tournament_id] = (result.tournament.name, [])
        tip = f"{result.tournament.name}, {_('session')} {result.session_number}"
        lines[result.tournament_id][1].append((len(columns), result.score, tip))
        columns.append(str(result.session_number))
    return lines_chart(columns, list(lines.values()), title=_("Game score per session"), x_title=_("Session"),
                       y_title=_("Score"), separators=separators)


def _rank_chart(snapshots) -> str:
    """The rank over time from the ranking snapshots (in season order), one line per season; the
    x axis is every date any of the player's seasons has a snapshot of. Unranked days get no dot."""
    ranked = [s for s in snapshots if s.rank]
    dates = sorted({s.taken_on for s in ranked})
    column = {day: i for i, day in enumerate(dates)}
    lines: dict[int, tuple[str, list]] = {}
    for s in ranked:
        day = date_format(s.taken_on, "SHORT_DATE_FORMAT")
        lines.setdefault(s.season_id, (str(s.season), []))[1].append(
            (column[s.taken_on], s.rank, f"{s.season}, {day}"))
    return lines_chart([date_format(day, "SHORT_DATE_FORMAT") for day in dates], list(lines.values()),
                       title=_("Ranking over time"), ranks=True, x_title=_("Date"), y_title=_("Rank"))


@cached_page
def season(request, league_slug: str, name: str):
    try:
        season = pages.season_for(league_slug, name)
    except Season.DoesNotExist as error:
        raise Http404(_("No such season.")) from error
    page_subject(request, season_id=season.pk)
    rows = cached_part(request, season_id=season.pk, part="ranking",
                       render=lambda: render_to_string("league/_season_table.html",
                                                       {"rows": pages.season_rows(season)}))
    tournaments = cached_part(request, season_id=season.pk, part="tournaments",
                              render=lambda: render_to_string("league/_season_tournaments.html", {
                                  "season": season, "rows": pages.season_tournaments(season)}))
    return render(request, "league/season.html", {"season": season, "ranking_table": rows,
                                                  "tournament_table": tournaments})
