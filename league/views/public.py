"""Public pages: home, tournaments, standings, sessions, players and season rankings. Only
published tournaments show (league.permissions.visible_tournaments)."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from ..models import Season, Session, Tournament
from ..selectors import pages
from .charts import line_chart

TOURNAMENT_STANDINGS_TOP = 10
REFRESH_SECONDS = 60


def home(request):
    context = pages.home_tournaments(request.user)
    context["season_tops"] = pages.current_season_tops()
    return render(request, "league/home.html", context)


def _tournament(request, slug: str) -> Tournament:
    try:
        return pages.tournament_for(request.user, slug)
    except Tournament.DoesNotExist as error:
        raise Http404(_("No such tournament.")) from error


def _refresh(tournament: Tournament) -> int | None:
    return REFRESH_SECONDS if tournament.status == Tournament.Status.RUNNING else None


def tournament(request, slug: str):
    tournament = _tournament(request, slug)
    return render(
        request,
        "league/tournament.html",
        {
            "tournament": tournament,
            "sessions": pages.tournament_sessions(tournament),
            "standings": pages.standings_rows(tournament, TOURNAMENT_STANDINGS_TOP),
            "refresh": _refresh(tournament),
        },
    )


def standings(request, slug: str):
    tournament = _tournament(request, slug)
    return render(
        request,
        "league/standings.html",
        {
            "tournament": tournament,
            "standings": pages.standings_rows(tournament),
            "refresh": _refresh(tournament),
        },
    )


def session(request, slug: str, number: int):
    tournament = _tournament(request, slug)
    try:
        session, tables = pages.session_results(tournament, number)
    except Session.DoesNotExist as error:
        raise Http404(_("No such session.")) from error
    return render(
        request,
        "league/session.html",
        {"tournament": tournament, "session": session, "tables": tables, "refresh": _refresh(tournament)},
    )


def player(request, player_id: int):
    try:
        context = pages.player_page(request.user, player_id)
    except pages.Player.DoesNotExist as error:
        raise Http404(_("No such player.")) from error
    context["score_chart"] = line_chart(
        [
            (str(r.session_number), r.score, f"{r.tournament.name}, {_('session')} {r.session_number}")
            for r in context["results"]
        ],
        title=_("Game score per session"),
    )
    ranked = [r for r in context["rankings"] if r.rank]
    context["rank_chart"] = (
        line_chart(
            [(r.season.name, r.rank, str(r.season)) for r in ranked], title=_("Rank per season"), ranks=True
        )
        if len(ranked) > 1
        else ""
    )
    return render(request, "league/player.html", context)


def season(request, league_slug: str, name: str):
    try:
        season = pages.season_for(league_slug, name)
    except Season.DoesNotExist as error:
        raise Http404(_("No such season.")) from error
    return render(request, "league/season.html", {"season": season, "rows": pages.season_rows(season)})
