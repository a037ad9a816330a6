"""Public pages: home, tournaments, standings, sessions, players and season rankings. Only
published tournaments show (league.permissions.visible_tournaments).

Anonymous visitors get the whole page from league.cache (``cached_page``) while nothing it shows
has changed; on a miss the parts that cost queries (standings, sessions, tables, rankings) come from
the cache too. So these pages must be the same for every anonymous visitor of a language: nothing
from the request but its path, no CSRF token (the language switcher is a plain link, views.language).
"""

import datetime

from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ..cache import cached_page, cached_part, page_subject
from ..errors import ServiceError
from ..models import Season, Session, Tournament
from ..permissions import can_referee, directs, visible_tournaments
from ..rule_options import CARRY_LABELS, family_label
from ..selectors import day, pages, stages
from ..selectors.standings import season_family, team_standings_for
from ..selectors.statistics import player_statistics, tournament_statistics
from ..selectors.tables import provisional_table_ids
from ..services.club import can_form_table, is_club
from ..services.exports import TOURNAMENT_KINDS
from .charts import chart_with_key

TOURNAMENT_STANDINGS_TOP = 10
LIVE_SECONDS = 30  # how often a running tournament's pages fetch their changing parts


@cached_page
def home(request):
    page_subject(request, site=True)
    context = pages.home_tournaments(request.user)
    context["season_tops"] = pages.current_season_tops()
    return render(request, "league/home.html", context)


def _tournament(request, slug: str, parts: tuple[str, ...] | None = None) -> Tournament:
    """The tournament, declared as the page's subject with the ``parts`` of it the page shows
    (league.cache: a change elsewhere in the tournament leaves the page cached)."""
    try:
        tournament = pages.tournament_for(request.user, slug)
    except Tournament.DoesNotExist as error:
        raise Http404(_("No such tournament.")) from error
    page_subject(request, tournament_id=tournament.pk, parts=parts)
    return tournament


def _live(tournament: Tournament) -> int | None:
    """Seconds between in-place updates of the changing parts while the tournament runs."""
    return LIVE_SECONDS if tournament.status == Tournament.Status.RUNNING else None


def _depends(part: str) -> str:
    """The tournament's cache subject (league.cache) that a changing part shows: the standings
    recomputation retires the standings and everything computed with them, and the statistics
    (counted from the hands) whenever it ran over changed hands."""
    if part in ("top", "standings", "teams") or part.startswith("stage-"):
        return "standings"
    if part in ("statistics", "records"):
        return "statistics"
    if part.startswith("session-"):
        return f"session{part[8:]}"
    return part


def _tournament_part(request, tournament: Tournament, part: str, template: str, context) -> str:
    """One cached part of a tournament's pages, retired when its subject (``_depends``) changes;
    ``context`` is called only when it is rendered. Rendered without the request: the part is the
    same for every visitor (administrators, who see hidden standings, never read the cache)."""
    return cached_part(request, tournament_id=tournament.pk, part=part, depends=[_depends(part)],
                       render=lambda: render_to_string(template, context()))


def _by_score(tournament: Tournament) -> bool:
    """Standings ranked by game score (riichi) lead with that column."""
    return tournament.effective_standing_method == Tournament.StandingMethod.SCORE


def _team_part(request, tournament: Tournament) -> str:
    """The team standings section (empty when the tournament has none)."""
    def context() -> dict:
        options = tournament.day_options
        hidden = day.hides_for(request.user, tournament) is not None  # the teams wait for the reveal too
        return {"teams": [] if hidden else team_standings_for(tournament=tournament), "by_score": _by_score(tournament),
                "best": options["team_best"] if options.get("team_standings") == "best" else None}

    return _tournament_part(request, tournament, "teams", "league/_team_standings.html", context)


def _stage_sections(tournament: Tournament, hidden: int | None, limit: int | None, by_score: bool,
                    only: int | None = None) -> list[dict]:
    """A staged tournament's standings per stage, the latest first (only the latest with ``limit``,
    the tournament page's top; only stage ``only`` when asked for), each ``{"name", "standings"}``
    (docs/rules.md §7)."""
    upto = stages.latest_stage(tournament) if only is None else only
    tables = stages.stage_tables(tournament, upto=upto, before_session=hidden)
    substitutes = day.substitute_ids(tournament)
    sections = []
    for table in reversed(tables if limit is None and only is None else tables[-1:]):
        rows = stages.as_standings(tournament, table)[:limit]
        for row in rows:
            row.substitute = row.player_id in substitutes
        # A stage that carries points over says so: its figures include the stage before's.
        before = tables[table.stage.index - 1].stage if table.stage.index > 0 and table.stage.carry != "none" else None
        sections.append({"name": table.stage.name, "standings": pages.standing_lines(rows, by_score=by_score),
                         "carried_from": before.name if before else None,
                         "carry": str(CARRY_LABELS[table.stage.carry]) if before else None})
    return sections


def _standings_context(request, tournament: Tournament, limit: int | None, stage: int | None = None) -> dict:
    hidden = day.hides_for(request.user, tournament)
    if tournament.day_options["stages"]:
        by_score = _by_score(tournament)
        return {"stage_sections": _stage_sections(tournament, hidden, limit, by_score, stage), "by_score": by_score,
                "heading": limit is None, "sessions_in": day.sessions_in(tournament, hidden),
                "substitute_rule": day.substitute_rule(tournament)}
    if hidden is not None:
        rows = day.standings_before(tournament=tournament, session_number=hidden)[:limit]
        substitutes = day.substitute_ids(tournament)
        for row in rows:
            row.substitute = row.player_id in substitutes
    else:
        rows = pages.standings_rows(tournament, limit)
    by_score = _by_score(tournament)
    return {"standings": pages.standing_lines(rows, by_score=by_score), "by_score": by_score,
            "sessions_in": day.sessions_in(tournament, hidden), "substitute_rule": day.substitute_rule(tournament)}


def _with_seat_lines(tournament: Tournament, tables) -> None:
    lines = day.seat_lines(tournament, list(tables))
    for table in tables:
        table.seat_lines = lines[table.pk]


def _sessions_context(tournament: Tournament) -> dict:
    sessions = pages.tournament_sessions(tournament)
    _with_seat_lines(tournament, [table for session in sessions for table in session.tables.all()])
    provisional = provisional_table_ids(tournament)
    for session in sessions:
        for table in session.tables.all():
            table.provisional = table.pk in provisional
    return {"tournament": tournament, "sessions": sessions,
            "substitute_rule": day.substitute_rule(tournament)}


def _session_context(request, tournament: Tournament, number: int) -> dict:
    try:
        session, tables = pages.session_results(tournament, number)
    except Session.DoesNotExist as error:
        raise Http404(_("No such session.")) from error
    _with_seat_lines(tournament, [entry.table for entry in tables])
    provisional = provisional_table_ids(tournament, number)
    for entry in tables:
        entry.table.provisional = entry.table.pk in provisional
    hidden = day.hides_for(request.user, tournament)
    if hidden is not None and number >= hidden:
        for entry in tables:
            entry.rows = []
    substitutes = {line.player.pk for entry in tables for line in entry.table.seat_lines if line.substitute}
    return {"tournament": tournament, "session": session, "tables": tables,
            "hidden": hidden is not None and number >= hidden, "substitutes": substitutes,
            "substitute_rule": day.substitute_rule(tournament)}


def _part(request, tournament: Tournament, name: str) -> str:
    """The HTML of one changing part of the tournament's pages, by name (``live`` fetches them)."""
    if name == "top":
        return _tournament_part(request, tournament, "top", "league/_standings_part.html",
                                lambda: _standings_context(request, tournament, TOURNAMENT_STANDINGS_TOP))
    if name == "standings":
        return _tournament_part(request, tournament, "standings", "league/_standings_part.html",
                                lambda: _standings_context(request, tournament, None))
    if name.startswith("stage-"):  # one stage's standings (the standings page's ?stage=k)
        stage = _stage_asked(tournament, name[6:])
        if stage is None:
            raise Http404(_("No such part."))
        return _tournament_part(request, tournament, name, "league/_standings_part.html",
                                lambda: _standings_context(request, tournament, None, stage))
    if name == "sessions":
        return _tournament_part(request, tournament, "sessions", "league/_sessions.html",
                                lambda: _sessions_context(tournament))
    if name.startswith("session-") and name[8:].isascii() and name[8:].isdigit() and len(name) <= 8 + 6:
        number = int(name[8:])
        return _tournament_part(request, tournament, name, "league/_session_tables.html",
                                lambda: _session_context(request, tournament, number))
    if name == "teams":
        return _team_part(request, tournament)
    if name in ("statistics", "records"):
        return _tournament_part(request, tournament, name, f"league/_{name}.html",
                                lambda: {"tournament": tournament, **_statistics(request, tournament)})
    raise Http404(_("No such part."))


@cached_page
def live(request, slug: str, part: str):
    """One changing part of a tournament's pages, for the in-place updates (static/league/live.js)."""
    tournament = _tournament(request, slug, parts=(_depends(part),))
    return HttpResponse(_part(request, tournament, part))


@cached_page
def tournament(request, slug: str):
    tournament = _tournament(request, slug, parts=("standings", "sessions"))
    is_admin = directs(request.user, tournament)
    return render(
        request,
        "league/tournament.html",
        {
            "tournament": tournament,
            "standings_table": _part(request, tournament, "top"),
            "team_table": _part(request, tournament, "teams"),
            "sessions_part": _part(request, tournament, "sessions"),
            "export_kinds": [(kind.value, kind.label) for kind in TOURNAMENT_KINDS] if is_admin else [],
            "live": _live(tournament),
            "can_direct": can_referee(request.user, tournament.pk),
            **_club_context(request, tournament),
        },
    )


def _club_context(request, tournament: Tournament) -> dict:
    """For a club event's players and directors: the latest evening to form a table in, and the
    button that opens the next (nothing for anonymous visitors: the cached page stays the same)."""
    if not (is_club(tournament) and request.user.is_authenticated and can_form_table(request.user, tournament)):
        return {}
    latest = tournament.sessions.order_by("-number").annotate(tables_count=Count("tables")).first()
    return {"club_form": tournament.status != Tournament.Status.FINISHED,
            "club_latest": latest.number if latest else None,
            "club_can_open": latest is None or latest.tables_count > 0}  # services.club: evening_empty


def _stage_asked(tournament: Tournament, raw: str | None) -> int | None:
    """The stage a staged tournament's standings page is asked for (``?stage=k``, 0-based), None
    for every stage (or a tournament without stages); a stage it does not have is a 404."""
    if raw is None:
        return None
    try:
        index = stages.chosen_stage(tournament, raw)
    except ServiceError as error:
        raise Http404(error.message) from None
    return index if tournament.day_options["stages"] else None


def _stage_links(tournament: Tournament, current: int | None) -> list[dict]:
    """Links to each stage begun on the standings page, and to all of them (none without stages)."""
    if not tournament.day_options["stages"]:
        return []
    path = reverse("tournament-standings", args=[tournament.slug])
    latest = stages.latest_stage(tournament)
    links = [{"name": _("All stages"), "url": path, "current": current is None}]
    links += [{"name": stage.name, "url": f"{path}?stage={stage.index}", "current": stage.index == current}
              for stage in stages.stages_of(tournament)[: latest + 1]]
    return links


@cached_page(reads=("stage",))
def standings(request, slug: str):
    """The standings; a staged tournament's every stage begun, or one with ``?stage=k``."""
    tournament = _tournament(request, slug, parts=("standings",))
    stage = _stage_asked(tournament, request.GET.get("stage"))
    part = "standings" if stage is None else f"stage-{stage}"
    return render(request, "league/standings.html", {
        "tournament": tournament, "standings_table": _part(request, tournament, part), "part": part,
        "stage_links": _stage_links(tournament, stage),
        "team_table": _part(request, tournament, "teams"), "live": _live(tournament)})


def _statistics(request, tournament: Tournament) -> dict:
    """The tournament's statistics, without the sessions whose standings are hidden until the reveal."""
    return tournament_statistics(tournament=tournament, before_session=day.hides_for(request.user, tournament))


@cached_page
def statistics(request, slug: str):
    """Per player statistics of the tournament and its records."""
    tournament = _tournament(request, slug, parts=("statistics",))
    return render(request, "league/statistics.html", {"tournament": tournament, "live": _live(tournament),
                                                      "statistics_part": _part(request, tournament, "statistics")})


@cached_page
def records(request, slug: str):
    """The tournament's records: biggest hand, most wins, most self-draws, most limit hands."""
    tournament = _tournament(request, slug, parts=("statistics",))
    return render(request, "league/records.html", {"tournament": tournament, "live": _live(tournament),
                                                   "records_part": _part(request, tournament, "records")})


@cached_page
def session(request, slug: str, number: int):
    tournament = _tournament(request, slug, parts=(f"session{number}",))
    return render(request, "league/session.html", {
        "tournament": tournament, "number": number, "part": f"session-{number}",
        "tables_part": _part(request, tournament, f"session-{number}"), "live": _live(tournament)})


def find(request, slug: str):
    """Find my table: the players whose name starts with ``q`` (any part of the name), with table
    and wind in the current and next session. Not cached: it reads the query string."""
    tournament = _tournament(request, slug)
    query = request.GET.get("q", "")[:100].strip()
    found = day.find_seats(tournament=tournament, query=query) if query else []
    for row in found:
        row["wind_name"] = day.WIND_NAMES[row["wind"]]
        for mate in row["tablemates"]:
            mate["wind_name"] = day.WIND_NAMES[mate["wind"]]
    return render(request, "league/find.html", {"tournament": tournament, "query": query, "found": found})


def session_print(request, slug: str, number: int):
    """Table cards and the alphabetical list of a session, laid out for A4 paper."""
    tournament = _tournament(request, slug)
    context = _session_context(request, tournament, number)
    context["alphabetical"] = day.alphabetical_seats(tournament, number)
    for row in context["alphabetical"]:
        row["wind_name"] = day.WIND_NAMES[row["wind"]]
    return render(request, "league/session_print.html", context)


@cached_page
def player(request, player_id: int):
    page_subject(request, site=True)
    try:
        context = pages.player_page(request.user, player_id)
    except pages.Player.DoesNotExist as error:
        raise Http404(_("No such player.")) from error
    context["next_seats"] = day.player_next_seats(player=context["player"],
                                                  tournaments=visible_tournaments(request.user))
    for row in context["next_seats"]:
        row["wind_name"] = day.WIND_NAMES[row["wind"]]
    context["score_chart"] = _score_chart(context["results"])
    context["rank_chart"] = _rank_chart(context["snapshots"])
    context["statistics"] = player_statistics(player=context["player"], tournaments=visible_tournaments(request.user),
                                              user=request.user)
    return render(request, "league/player.html", context)


def _played_on(result) -> datetime.date:
    """When a game was played: the day its table closed, else (still open) the tournament's start."""
    closed_at = result.table.closed_at if result.table_id else None
    return timezone.localdate(closed_at) if closed_at else result.tournament.starts_on


def _score_chart(results) -> str:
    """The game score of each session in the order they were played (a club's evenings run all year
    beside its tournaments: the day a table closed, not the event's first day, places a game), one
    line per tournament with a rule where the tournament changes; the x axis counts the sessions
    played (1, 2, 3 … across tournaments), the y axis the score."""
    columns, lines, separators = [], {}, []
    previous = None
    for result in sorted(results, key=lambda r: (_played_on(r), r.tournament.starts_on, r.tournament_id,
                                                 r.session_number)):
        if previous is not None and result.tournament_id != previous:
            separators.append(len(columns))
        previous = result.tournament_id
        if result.tournament_id not in lines:
            lines[result.tournament_id] = (result.tournament.name, [])
        tip = f"{result.tournament.name}, {_('session')} {result.session_number}"
        lines[result.tournament_id][1].append((len(columns), result.score, tip))
        # counted over all sessions played (each tournament's own numbers would read "1 … 1")
        columns.append(str(len(columns) + 1))
    return chart_with_key(columns, list(lines.values()), title=_("Game score per session"),
                          x_title=_("Sessions played"), y_title=_("Score"), separators=separators)


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
    return chart_with_key([date_format(day, "SHORT_DATE_FORMAT") for day in dates], list(lines.values()),
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
                                                       {"rows": pages.ranking_lines(season)}))
    tournaments = cached_part(request, season_id=season.pk, part="tournaments",
                              render=lambda: render_to_string("league/_season_tournaments.html", {
                                  "season": season, "rows": pages.season_tournaments(season)}))
    family = season_family(season)  # the family of rulesets it ranks (docs/rules.md §11)
    return render(request, "league/season.html", {"season": season, "ranking_table": rows,
                                                  "tournament_table": tournaments,
                                                  "family": family_label(family) if family else ""})
