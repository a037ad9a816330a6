"""A staged tournament's standings: per stage, with the carry-over and the cut (docs/rules.md §7,
tournament option ``stages``; the arithmetic is ``scoring.stages`` and ``scoring.standings``).

The stored ``Standing`` rows stay the whole tournament's sums (the overall standings); a stage's
standings are computed from the stored game rows when asked for, as ``standings_before`` computes
the hidden ones:

* stage 0 holds every registered player and the games of its sessions;
* a later stage holds the top ``players`` of the stage before it (its standings' order, ties as
  they are listed: rank, then name; disqualified players never go on), or everyone of the stage
  before without a cut, plus anyone who played in its sessions (a substitute);
* each player starts a stage with the stage before's table points and score (penalties left out)
  carried in full, halved (rounded half away from zero) or not at all, and adds the games and byes
  of the stage's sessions; tournament penalties come off the score in every stage (never halved).

With hidden standings the cut stays the real one (the seating shows it anyway) and the figures
come only from the games before the hidden session.
"""
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from scoring import stages as staging
from scoring import standings as tally
from scoring.numbers import to_decimal

from ..collation import rank_figures, ranked_order, shown_key
from ..errors import ServiceError
from ..models import Bye, GameResult, Player, Registration, Standing, Table, Tournament, TournamentPenalty
from .standings import game_rows


@dataclass(frozen=True)
class Stage:
    index: int
    name: str
    first: int  # its first session
    last: int  # its last session
    players: int | None  # the cut: how many of the stage before go on (None: all)
    carry: str

    @property
    def sessions(self) -> range:
        return range(self.first, self.last + 1)


def stages_of(tournament: Tournament) -> list[Stage]:
    """The tournament's stages (empty without the option)."""
    stages = tournament.day_options.get("stages") or []
    out = []
    for index, stage in enumerate(stages):
        sessions = staging.sessions_of(stages, index, tournament.session_count)
        out.append(Stage(index, stage["name"], sessions.start, max(sessions.start, sessions.stop - 1),
                         stage.get("players"), stage["carry"]))
    return out


def latest_stage(tournament: Tournament) -> int:
    """The stage of the latest session with tables (0 before any draw, and without stages)."""
    stages = tournament.day_options.get("stages")
    if not stages:
        return 0
    drawn = Table.objects.filter(session__tournament=tournament).order_by("-session__number") \
        .values_list("session__number", flat=True).first()
    return staging.stage_of(stages, drawn or 1)


def chosen_stage(tournament: Tournament, raw: str | None) -> int:
    """The stage a reader asks for (``?stage=k``, 0-based), or the latest one; a stage the
    tournament does not have is ``400 bad_stage``."""
    if raw is None or raw == "":
        return latest_stage(tournament)
    count = len(stages_of(tournament)) or 1
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 4) or int(raw) >= count:
        raise ServiceError("bad_stage", _("This tournament has stages 0 to %(last)s.") % {"last": count - 1},
                           fields={"stage": [_("Unknown stage.")]})
    return int(raw)


def stage_of_session(tournament: Tournament, number: int) -> int:
    return staging.stage_of(tournament.day_options.get("stages"), number)


@dataclass
class _Reads:
    registered: list[int]
    left_out: set[int]
    games: list[tuple]  # (session, player, table points, score, place)
    byes: list[tuple]  # (session, player)
    penalties: list[tuple]  # (player, points, disqualified)
    names: dict[int, tuple]  # player → (first name, last name, public name) for ties in the listing


def _reads(tournament: Tournament, fresh: bool = False) -> _Reads:
    """What the stages' standings are computed from: the stored game rows, or with ``fresh`` the
    hands themselves (a draw must not wait for the background recomputation of the standings)."""
    registrations = Registration.objects.filter(tournament=tournament)
    left_out = set()
    if tournament.day_options["substitute_scoring"] == "excluded":
        left_out = set(registrations.filter(substitute=True).values_list("player_id", flat=True))
    if fresh:
        stored = [(row["session_number"], player_id, row["_table_points"], row["_score"], row["place"])
                  for (_table_id, player_id), row in game_rows(tournament).items()]
    else:
        stored = GameResult.objects.filter(tournament=tournament).values_list(
            "session_number", "player_id", "table_points", "score", "place")
    games = [(session, player_id, Fraction(points), Fraction(score), place)
             for session, player_id, points, score, place in stored if player_id not in left_out]
    byes = [(number, player_id) for number, player_id in
            Bye.objects.filter(tournament=tournament).values_list("session_number", "player_id")
            if player_id not in left_out]
    penalties = list(TournamentPenalty.objects.filter(tournament=tournament)
                     .values_list("player_id", "points", "disqualified"))
    registered = [player_id for player_id in registrations.values_list("player_id", flat=True)
                  if player_id not in left_out]
    everyone = set(registered) | {g[1] for g in games} | {p[0] for p in penalties}
    names = {pk: (first, last, public) for pk, first, last, public in
             Player.objects.filter(pk__in=everyone).values_list("pk", "first_name", "last_name", "public_name")}
    return _Reads(registered, left_out, games, byes, penalties, names)


@dataclass
class StageTable:
    """One stage's standings: ``rows`` as ``(player id, rank, tally)`` best first (ties by name),
    ``members`` who were seated in it (made the cut)."""

    stage: Stage
    rows: list[tuple[int, int | None, tally.Tally]]
    members: list[int]
    # player id → (table points, score) carried over from the stage before, part of ``rows``' figures
    carried: dict[int, tuple[Fraction, Fraction]] = field(default_factory=dict)


def _stage_tables(tournament: Tournament, reads: _Reads, upto: int, before_session: int | None,
                  members_by_stage: dict[int, list[int]] | None = None) -> list[StageTable]:
    stages = stages_of(tournament) or [Stage(0, "", 1, tournament.session_count, None, "none")]
    method = tournament.effective_standing_method
    day = tournament.day_options
    bye_points, bye_score = Fraction(day["bye_table_points"]), Fraction(day["bye_score"])
    tables: list[StageTable] = []
    previous: StageTable | None = None
    for stage in stages[: upto + 1]:
        sessions = set(stage.sessions)
        if before_session is not None:
            sessions = {n for n in sessions if n < before_session}
        games = [g for g in reads.games if g[0] in sessions]
        if members_by_stage is not None:
            members = members_by_stage[stage.index]
        elif previous is None:
            members = list(reads.registered)
        else:
            ordered = [player_id for player_id, _rank, entry in previous.rows if not entry.disqualified]
            members = staging.cut(ordered, stage.players)
        players = list(dict.fromkeys([*members, *(g[1] for g in games)]))
        known = set(players)
        tallies = tally.tally(
            players=players,
            games=[(player_id, points, score, place) for _n, player_id, points, score, place in games],
            penalties=[p for p in reads.penalties if p[0] in known],
            byes=[(player_id, bye_points, bye_score) for number, player_id in reads.byes
                  if number in sessions and player_id in known])
        carried: dict[int, tuple[Fraction, Fraction]] = {}
        if previous is not None:
            before = {player_id: entry for player_id, _rank, entry in previous.rows}
            for player_id, entry in tallies.items():
                if player_id in before:
                    points = staging.carried(before[player_id].table_points, stage.carry)
                    # the penalties are the tournament's, taken off in every stage: not carried
                    score = staging.carried(before[player_id].score + before[player_id].penalty_points, stage.carry)
                    entry.table_points += points
                    entry.score += score
                    carried[player_id] = (points, score)
        ranked = tally.ranked(tallies, method)
        unranked = not games and (previous is None or stage.carry == "none")
        rows = [(player_id, None if unranked else rank, entry) for player_id, rank, entry in ranked]
        # ties as in every standings (league.collation)
        rows = ranked_order(rows, lambda row: rank_figures(row[1]),
                            lambda row: shown_key(*reads.names.get(row[0], ("", "", "full")), row[0]))
        previous = StageTable(stage, rows, members, carried)
        tables.append(previous)
    return tables


def stage_tables(tournament: Tournament, *, upto: int | None = None, before_session: int | None = None,
                 fresh: bool = False) -> list[StageTable]:
    """Every stage's standings up to stage ``upto`` (all when None); with ``before_session`` the
    figures only from the games before it (hidden standings), the cut still the real one."""
    reads = _reads(tournament, fresh)
    count = len(stages_of(tournament)) or 1
    upto = count - 1 if upto is None else min(upto, count - 1)
    tables = _stage_tables(tournament, reads, upto, None)
    if before_session is None:
        return tables
    members = {table.stage.index: table.members for table in tables}
    return _stage_tables(tournament, reads, upto, before_session, members)


def as_standings(tournament: Tournament, table: StageTable) -> list[Standing]:
    players = Player.objects.select_related("club").in_bulk([row[0] for row in table.rows])
    return [Standing(tournament=tournament, player=players[player_id], rank=rank,
                     table_points=to_decimal(entry.table_points, 4), score=to_decimal(entry.score, 2),
                     games=entry.games,
                     average_place=None if entry.average_place is None else to_decimal(entry.average_place, 4),
                     penalty_points=entry.penalty_points, disqualified=entry.disqualified)
            for player_id, rank, entry in table.rows]


def stage_standings(*, tournament: Tournament, index: int, before_session: int | None = None) -> list[Standing]:
    """Stage ``index``'s standings as unsaved Standing rows, best first."""
    return as_standings(tournament, stage_tables(tournament, upto=index, before_session=before_session)[index])


def final_places(tournament: Tournament) -> dict[int, int]:
    """player id → place in a staged tournament's final standings (``final_standings``)."""
    return {player_id: place for player_id, place, _entry in final_standings(tournament)}


def final_standings(tournament: Tournament) -> list[tuple[int, int, tally.Tally]]:
    """``final_standings_by_stage`` without the stage that places each player."""
    return [(player_id, place, entry) for player_id, place, entry, _stage in final_standings_by_stage(tournament)]


def final_standings_by_stage(tournament: Tournament) -> list[tuple[int, int, tally.Tally, Stage]]:
    """A staged tournament's final standings (docs/rules.md §11) as ``(player id, place, figures,
    the stage that places the player)``,
    best first: those seated in the last stage by its standings, then everyone else by the
    standings of the last stage they took part in, those cut later before those cut earlier; equal
    figures within one stage share the place; the figures are those of the stage that places the
    player. Only players who played a hand are placed."""
    tables = stage_tables(tournament)
    played = set(Standing.objects.filter(tournament=tournament, games__gt=0).values_list("player_id", flat=True))
    placed: set[int] = set()
    # (stage from the last, rank in it, player, figures, stage)
    order: list[tuple[int, int, int, tally.Tally, Stage]] = []
    for depth, table in enumerate(reversed(tables)):
        members = set(table.members) | {row[0] for row in table.rows if row[2].games}
        for player_id, rank, entry in table.rows:
            if player_id in members and player_id in played and player_id not in placed:
                placed.add(player_id)
                order.append((depth, rank or 0, player_id, entry, table.stage))
    out: list[tuple[int, int, tally.Tally, Stage]] = []
    last_key, last_place = None, 0
    for position, (depth, rank, player_id, entry, stage) in enumerate(order, start=1):
        key = (depth, rank)
        last_place = last_place if key == last_key else position
        last_key = key
        out.append((player_id, last_place, entry, stage))
    return out


@dataclass
class CutLine:
    player: Player
    rank: int | None
    table_points: object
    score: object
    goes_on: bool


def cut_for(tournament: Tournament, number: int, shown_out: int = 8) -> dict | None:
    """For the control room: when session ``number`` is in a stage with a cut, that stage and the
    standings of the stage before it as lines ``{"stage", "before", "lines"}`` (who goes on, then
    the first ``shown_out`` who do not, to see the ties at the cut), from the hands (``fresh``)."""
    stages = stages_of(tournament)
    if not stages:
        return None
    index = stage_of_session(tournament, number)
    if index == 0 or stages[index].players is None:
        return None
    tables = stage_tables(tournament, upto=index, fresh=True)
    members = set(tables[index].members)
    rows = tables[index - 1].rows
    players = Player.objects.in_bulk([row[0] for row in rows])
    lines = [CutLine(players[player_id], rank, to_decimal(entry.table_points, 4), to_decimal(entry.score, 2),
                     player_id in members) for player_id, rank, entry in rows]
    going = [line for line in lines if line.goes_on]
    out = [line for line in lines if not line.goes_on][:shown_out]
    return {"stage": stages[index], "before": stages[index - 1], "lines": going + out}
