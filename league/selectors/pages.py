"""Reads for the server-rendered pages: each function fetches what one page shows in a fixed
number of queries (select_related / prefetch_related, grouping in Python, no query per row)."""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import BooleanField, Count, Exists, ExpressionWrapper, OuterRef, Prefetch, Q
from django.utils import formats, timezone

from scoring import mers
from scoring.numbers import fraction_to_decimal

from ..collation import rank_figures, ranked_order, shown_key
from ..models import (
    GameResult,
    Hand,
    Player,
    RankingSnapshot,
    RefereeAssignment,
    Registration,
    Season,
    SeasonRanking,
    Seat,
    Session,
    Standing,
    Table,
    Tournament,
    shown_name,
)
from ..permissions import directed_tournaments, ema_id_for, is_site_admin, visible_tournaments
from .addresses import player_address
from .day import hides_for
from .mers import tournament_figures
from .standings import SEASON_ORDER, counts_in_ranking, of_season_family, ranking_figures, rankings_in_order
from .tables import game_complete, player_totals, shown_totals

RECENT_COUNT = 10


def _seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("player__club").order_by("position"))


def home_tournaments(user) -> dict:
    """Running tournaments, and the latest others (finished, or open for registration)."""
    visible = visible_tournaments(user).select_related("season__league").order_by("-starts_on", "name")
    running = list(visible.filter(status=Tournament.Status.RUNNING)[:30])
    recent = list(visible.exclude(status=Tournament.Status.RUNNING)[:RECENT_COUNT])
    return {"running": running, "recent": recent}


@dataclass
class SeasonTop:
    season: Season
    rows: list = field(default_factory=list)


def current_season_tops(limit: int = 10) -> list[SeasonTop]:
    """Per league its current season (the one running today, else the latest started) with its top rows."""
    today = timezone.localdate()

    def preference(season: Season) -> tuple:
        # running today first, then the latest that has started, then the next to start
        started = season.starts_on <= today
        day = season.starts_on.toordinal()
        return (started and season.ends_on >= today, started, day if started else -day)

    current: dict[int, Season] = {}
    for season in Season.objects.select_related("league").order_by("league__name"):
        best = current.get(season.league_id)
        if best is None or preference(season) > preference(best):
            current[season.league_id] = season
    tops = {s.pk: SeasonTop(s) for s in current.values()}
    rows = (
        SeasonRanking.objects.filter(season_id__in=tops, rank__isnull=False, rank__lte=limit)
        .select_related("player__club")
    )
    # ties as the ranking's page, its workbook and its EMA file order them (league.collation)
    for row in sorted(rankings_in_order(rows), key=lambda row: row.season_id):
        tops[row.season_id].rows.append(row)
    return list(tops.values())


def tournament_for(user, slug: str) -> Tournament:
    return visible_tournaments(user).select_related("season__league").get(slug=slug)


# What a player's shown name is made of (``Player.__str__``).
PLAYER_NAME_FIELDS = ("first_name", "last_name", "public_name")


def tournament_sessions(tournament: Tournament) -> list[Session]:
    """The sessions with their tables and seated players (``session.tables.all``, ``table.seats.all()``,
    as prefetched). Three queries; the rows are grouped here, since ``prefetch_related`` builds a
    queryset per table, which costs more than the rows on a large field."""
    sessions = list(tournament.sessions.order_by("number"))
    tables = list(Table.objects.filter(session__tournament=tournament).order_by("number"))
    # the names only (no clubs, no other columns): a large field's seats are thousands of rows
    seats = (Seat.objects.filter(session__tournament=tournament).select_related("player")
             .only("table_id", "position", "player_id", *(f"player__{f}" for f in PLAYER_NAME_FIELDS))
             .order_by("position"))
    seats_of, tables_of = defaultdict(list), defaultdict(list)
    for seat in seats:
        seats_of[seat.table_id].append(seat)
    for table in tables:
        _prefetched(table, "seats", seats_of[table.pk])
        tables_of[table.session_id].append(table)
    for session in sessions:
        _prefetched(session, "tables", tables_of[session.pk])
    return sessions


def _prefetched(instance, relation: str, rows: list) -> None:
    """``instance.<relation>.all()`` answers ``rows``, as after ``prefetch_related``."""
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[relation] = rows


# What a standings table shows of a stored standing, in this order (``standings_rows``).
_STANDING_COLUMNS = ("rank", "player_id", "player__first_name", "player__last_name", "player__public_name",
                     "player__club__name",
                     "table_points", "score", "games", "disqualified", "substitute")


def standings_rows(tournament: Tournament, limit: int | None = None) -> list[tuple]:
    """The stored standings, best first (equal ranks by the shown name, league.collation), as tuples
    of the columns a standings table shows (no model instances: a table of hundreds of players is
    read in one go)."""
    substitute = Registration.objects.filter(tournament=OuterRef("tournament"), player=OuterRef("player"),
                                             substitute=True)
    rows = (tournament.standings.annotate(substitute=Exists(substitute)).order_by("rank", "player_id")
            .values_list(*_STANDING_COLUMNS))
    rows = ranked_order(rows, lambda row: rank_figures(row[0]), lambda row: shown_key(row[2], row[3], row[4], row[1]))
    return rows[:limit] if limit else rows


def decimal_text(value: Decimal | None, separator: str, grouping: str = "", *, whole: bool = True) -> str:
    """``value`` as the pages show it (Django's ``floatformat:"-2g"``, or ``"2g"`` with ``whole``
    false, without its cost per cell): a whole number without decimals (with ``whole``), any other
    with two, rounded half up, with ``separator`` (the active language's decimal separator) between
    and ``grouping`` (its thousands separator, none when empty) between groups of three digits."""
    if value is None:
        return ""
    if whole and value == value.to_integral_value():
        text = f"{int(value):,}"
    else:
        text = f"{value.quantize(_HUNDREDTHS, ROUND_HALF_UP):,f}"
    return text.translate({ord(","): grouping, ord("."): separator})


def number_separators() -> tuple[str, str]:
    """The active language's decimal and thousands separators, as ``decimal_text`` takes them."""
    return formats.get_format("DECIMAL_SEPARATOR"), formats.get_format("THOUSAND_SEPARATOR")


_HUNDREDTHS = Decimal("0.01")


@dataclass(slots=True)
class StandingLine:
    """One line of a standings table, every cell as the page prints it (text: the template
    neither formats nor localizes)."""

    rank: str  # "–" while unranked
    url: str
    name: str
    club: str
    first: str  # the column the standings are ranked by first (table points or score)
    second: str
    games: str
    disqualified: bool
    substitute: bool  # registered as a substitute: marked with the tournament's substitute rule


def _standing_columns(row: Standing) -> tuple:
    """A computed standing (``selectors.day.standings_before``) as ``standings_rows`` reads a stored one."""
    player = row.player
    return (row.rank, row.player_id, player.first_name, player.last_name, player.public_name,
            player.club.name if player.club_id else None, row.table_points, row.score, row.games, row.disqualified,
            getattr(row, "substitute", False))


def standing_lines(rows, *, by_score: bool) -> list[StandingLine]:
    """The standings ``rows`` (``standings_rows``, or computed ``Standing`` with their players and
    clubs) as the tables on the pages print them: numbers formatted once here in the active
    language, the player page's address built once for all rows, so the template only places text."""
    separator, grouping = number_separators()
    address = player_address()
    lines = []
    for row in rows:
        rank, player_id, first_name, last_name, public_name, club, table_points, score, games, disqualified, \
            substitute = (
            row if isinstance(row, tuple) else _standing_columns(row))
        points, score = decimal_text(table_points, separator, grouping), decimal_text(score, separator, grouping)
        lines.append(StandingLine(
            rank="–" if rank is None else str(rank), url=address.format(player_id),
            name=shown_name(first_name, last_name, public_name), club=club or "",
            first=score if by_score else points, second=points if by_score else score, games=str(games),
            disqualified=disqualified, substitute=substitute))
    return lines



@dataclass
class TableResult:
    table: Table
    rows: list  # GameResult rows in seat order (empty while nothing is computed)


def session_results(tournament: Tournament, number: int) -> tuple[Session, list[TableResult]]:
    session = tournament.sessions.get(number=number)
    tables = list(session.tables.order_by("number").prefetch_related(_seats_prefetch()))
    results = defaultdict(list)
    for row in (
        GameResult.objects.filter(tournament=tournament, table__session=session).select_related("player__club")
        .order_by("seat")
    ):
        results[row.table_id].append(row)
    return session, [TableResult(t, results[t.pk]) for t in tables]


def player_page(user, player_id: int) -> dict:
    """A player's tournaments, games and rankings as ``user`` may see them: a tournament's hidden
    sessions (their games and the standing) wait for the reveal, on the public page and on the
    player's own Me page alike, so that no count there includes a game the standings leave out."""
    player = Player.objects.select_related("club").get(pk=player_id)
    tournaments = visible_tournaments(user)
    results = list(
        GameResult.objects.filter(player=player, tournament__in=tournaments)
        .select_related("tournament", "table")
        .order_by("tournament__starts_on", "tournament_id", "session_number")
    )
    standings = {
        s.tournament_id: s for s in Standing.objects.filter(player=player, tournament__in=tournaments)
    }
    by_tournament: dict[int, dict] = {}
    for row in results:
        entry = by_tournament.setdefault(
            row.tournament_id,
            {"tournament": row.tournament, "results": [], "standing": standings.get(row.tournament_id)},
        )
        entry["results"].append(row)
    missing = [pk for pk in standings if pk not in by_tournament]
    for standing in Standing.objects.filter(pk__in=[standings[pk].pk for pk in missing]).select_related(
        "tournament"
    ):
        by_tournament[standing.tournament_id] = {
            "tournament": standing.tournament,
            "results": [],
            "standing": standing,
        }
    shown = set()
    for entry in by_tournament.values():
        hidden = hides_for(user, entry["tournament"])
        if hidden is not None:  # the hidden sessions' games and the standing wait for the reveal
            entry["results"] = [r for r in entry["results"] if r.session_number < hidden]
            entry["standing"] = None
        shown.update(r.pk for r in entry["results"])
    results = [r for r in results if r.pk in shown]
    rankings = list(
        SeasonRanking.objects.filter(player=player)
        .select_related("season__league")
        .order_by("season__starts_on", "season__league__name")
    )
    snapshots = list(
        RankingSnapshot.objects.filter(player=player)
        .select_related("season__league")
        .order_by("season__starts_on", "season__league__name", "season_id", "taken_on")
    )
    return {
        "player": player,
        "ema_id": ema_id_for(user, player),  # "" for an "initials" player but to administrators and themself
        "tournaments": list(by_tournament.values()),
        "results": results,
        "rankings": rankings,
        "snapshots": snapshots,  # the ranking history, season by season, oldest first
    }


def season_for(league_slug: str, name: str) -> Season:
    return Season.objects.select_related("league").get(league__slug=league_slug, name=name)


@dataclass
class SeasonTournament:
    tournament: Tournament
    counts: bool
    days: int = 0
    players: int = 0  # who played (an external tournament: the rows of its file)
    countries: int = 0  # of those players
    weight: Decimal | None = None  # mers: the weight in use
    computed_weight: Decimal | None = None  # mers: from the EMA's table
    age_factor: Decimal | None = None  # mers: from the ranking date

    @property
    def weight_overridden(self) -> bool:
        return self.tournament.weight is not None


def season_tournaments(season: Season) -> list[SeasonTournament]:
    """The season's published tournaments (run here or external), newest first, with their days,
    players and countries, and whether the ranking counts them (finished ones and running club
    events do); for MERS with the weight in use (an administrator's override or the computed one),
    the computed weight and the age factor."""
    tournaments = list(season.tournaments.filter(published=True, archived_at=None).order_by("-ends_on", "name")
                       .annotate(counted=ExpressionWrapper(counts_in_ranking() & of_season_family(season),
                                                           output_field=BooleanField())))
    figures = tournament_figures(tournaments)
    rows = [SeasonTournament(t, t.counted, days=figures[t.pk].days,
                             players=figures[t.pk].players, countries=figures[t.pk].countries)
            for t in tournaments]
    if season.ranking_method == Season.RankingMethod.MERS:
        day = mers.ranking_date(season_end=season.ends_on)
        for row in rows:
            figure = figures[row.tournament.pk]
            factor = mers.age_factor(ended_on=row.tournament.ends_on, ranking_date=day)
            row.weight = fraction_to_decimal(figure.weight)
            row.computed_weight = fraction_to_decimal(figure.computed_weight)
            row.age_factor = fraction_to_decimal(factor)
            row.counts = row.counts and factor > 0 and figure.players >= 2
    return rows


@dataclass(slots=True)
class RankingLine:
    """One line of a season's ranking table, every cell as the page prints it."""

    rank: str
    url: str
    name: str
    club: str
    value: str
    games: int
    tournaments: int


def ranking_lines(season: Season) -> list[RankingLine]:
    """The season's ranking as its page prints it (a season may rank thousands: the numbers are
    formatted and the addresses built here, once, and only the columns shown are read)."""
    separator, grouping = number_separators()
    address = player_address()
    rows = ranked_order(season.rankings.order_by(*SEASON_ORDER).values_list(
        "rank", "player_id", "player__first_name", "player__last_name", "player__public_name", "player__club__name",
        "value", "games", "tournaments"), lambda row: ranking_figures(row[0], row[6], row[7]),
        lambda row: shown_key(row[2], row[3], row[4], row[1]))
    return [RankingLine(rank=str(rank) if rank else "–", url=address.format(player_id),
                        name=shown_name(first, last, public_name),
                        club=club or "", value=decimal_text(value, separator, grouping, whole=False), games=games,
                        tournaments=tournaments)
            for rank, player_id, first, last, public_name, club, value, games, tournaments in rows]


# Referees' pages


def referee_tournaments(user) -> list[Tournament]:
    """Site administrators: every running tournament; everyone else the tournaments they are assigned
    to as referees and the running ones they direct."""
    if is_site_admin(user):
        tournaments = Tournament.objects.filter(status=Tournament.Status.RUNNING, archived_at=None)
    else:
        directed = directed_tournaments(user).filter(status=Tournament.Status.RUNNING).values("pk")
        tournaments = Tournament.objects.filter(
            Q(pk__in=RefereeAssignment.objects.filter(user=user).values("tournament_id")) | Q(pk__in=directed),
            archived_at=None)
    sessions = Session.objects.annotate(table_count=Count("tables")).order_by("number")
    return list(
        tournaments.order_by("-starts_on", "name").prefetch_related(Prefetch("sessions", queryset=sessions))
    )


@dataclass
class RefereeTable:
    table: Table
    hand_count: int
    totals: list[int]  # per player (first-round seat) as the score sheet shows them (tables.shown_totals)
    mine: bool = False  # the referee asking has entered hands at this table
    complete: bool = False  # its game has ended (it waits to be closed)


def referee_tables(sessions: list[Session], user=None) -> dict[int, list[RefereeTable]]:
    """The sessions' tables with seats, number of hands and running totals, by session id, each
    marked ``mine`` when ``user`` entered hands there; three queries however many sessions."""
    hands = Hand.objects.only("id", "table_id", "result", "record", "entered_by_id").order_by("number")
    tables = (
        Table.objects.filter(session__in=sessions)
        .order_by("session_id", "number")
        .prefetch_related(_seats_prefetch(), Prefetch("hands", queryset=hands))
    )
    out: dict[int, list[RefereeTable]] = {session.pk: [] for session in sessions}
    tournaments = {session.pk: session.tournament for session in sessions}
    for table in tables:
        played = table.hands.all()
        results = [hand.result for hand in played]
        tournament = tournaments[table.session_id]
        mine = user is not None and any(hand.entered_by_id == user.pk for hand in played)
        complete = not table.closed and game_complete(tournament, list(played))
        out[table.session_id].append(
            RefereeTable(table, len(results), shown_totals(tournament, player_totals(tournament, results)), mine,
                         complete))
    return out


def hand_for_sheet(hand_id: int) -> Hand:
    return (
        Hand.objects.select_related("table__session__tournament", "entered_by")
        .prefetch_related(
            Prefetch("table__seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .get(pk=hand_id)
    )


def hand_history(hand: Hand):
    return (hand.table.hand_revisions.filter(number=hand.number).select_related("user__player")
            .order_by("at", "id"))


def writer_name(user) -> str | None:
    """Who wrote a hand, as its table's players read it in the history: a player's shown name when
    the account is a player's (a user name may be an e-mail address), else the user name of the
    referee or administrator; None for an account deleted since."""
    if user is None:
        return None
    try:
        return str(user.player)
    except ObjectDoesNotExist:
        return user.get_username()
