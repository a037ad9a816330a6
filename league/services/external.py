"""Results from elsewhere (docs/rules.md §11, docs/api.md "Events across tournaments"): the final results
of a tournament held elsewhere, uploaded as an .xlsx or .csv in the EMA results layout, stored as a
tournament of kind ``external`` with its final standings only (no sessions, no hands).

Columns (a heading row, found among the first rows, names them in any order): place, last name,
first name, EMA number, country, table points, score; games optional. The file is read under the
caps of league.services.imports. Every row is matched to a player: by EMA number first, else by
name (league.matching: a unique same-or-similar name whose player carries no other EMA number is
that player; none or several: a new player, with the row's EMA number and country). A player twice,
a bad value or more than ``MAX_RESULT_ROWS`` rows is an error, and a file with any error stores
nothing. The sender names the ruleset the tournament was played under (``ruleset``): a ruleset of
another family than the season ranks is refused (409 ``ruleset_family_mismatch``, docs/rules.md
§11). The same ``name`` and ``starts_on`` again in the season replaces that tournament's standings;
either way the season's ranking is queued.
"""
import datetime
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from scoring import rulesets

from ..cache import standings_changed
from ..countries import country_normalised, is_country, is_ema_number
from ..errors import ServiceError
from ..matching import NameIndex, name_key
from ..models import Player, Season, Standing, Tournament
from ..validators import hidden_characters_message
from .imports import HEADINGS, rows_refused, too_many_rows, upload_rows
from .imports import _key as heading_key
from .imports import _text as cell_text
from .standings import rankings_request
from .tournaments import family_kept

MAX_RESULT_ROWS = 2000  # players in one results file
HEADING_SEARCH = 10  # rows looked at for the heading row (a title may come first)

RESULT_HEADINGS = {
    "place": {"place", "rank", "position", "pos", "platz", "rang", "placement", "platzierung"},
    "last_name": HEADINGS["last_name"],
    "first_name": HEADINGS["first_name"],
    "ema_id": HEADINGS["ema_id"],
    "country": HEADINGS["country"],
    "table_points": {"tablepoints", "tp", "tischpunkte", "rankingpoints", "placepoints"},
    "score": {"score", "mahjongpoints", "mjpoints", "minipoints", "gamescore", "spielpunkte", "mahjongpunkte",
              "totalscore", "sum", "summe"},
    "games": {"games", "spiele", "gamesplayed", "partien"},
}
# Headings that name the table points or the score by the file's other columns: "Points" beside
# "Score" are the table points (the EMA's English layout), "Punkte" beside "Tischpunkte" the score
# (the German one); taken for the first of these fields no other heading names.
AMBIGUOUS_HEADINGS = {"points": ("table_points", "score"), "punkte": ("table_points", "score")}
RESULT_REQUIRED = ("place", "last_name", "first_name", "ema_id", "country", "table_points", "score")
# The columns as a layout error names them, in the page's language.
COLUMN_LABELS = {"place": _lazy("Place"), "last_name": _lazy("Last name"), "first_name": _lazy("First name"),
                 "ema_id": _lazy("EMA number"), "country": _lazy("Country"), "table_points": _lazy("Table points"),
                 "score": _lazy("Score"), "games": _lazy("Games")}


@dataclass
class ResultRow:
    row: int
    place: int | None = None
    first_name: str = ""
    last_name: str = ""
    ema_id: str = ""
    country: str = ""
    table_points: Decimal = Decimal(0)
    score: Decimal = Decimal(0)
    games: int = 0
    status: str = "new"  # "matched", "new" or "error"
    player: int | None = None
    errors: list[str] = field(default_factory=list)

    def entry(self) -> dict:
        entry = {"row": self.row, "status": self.status, "first_name": self.first_name,
                 "last_name": self.last_name, "ema_id": self.ema_id, "place": self.place}
        if self.player is not None:
            entry["player"] = self.player
        if self.errors:
            entry["error"] = " ".join(self.errors)
        return entry


@dataclass(frozen=True)
class Event:
    """What the administrator says about the tournament held elsewhere."""
    name: str
    starts_on: datetime.date
    ends_on: datetime.date
    country: str
    ruleset: str


def _columns(rows: list[list]) -> tuple[int, dict[str, int]]:
    """(index of the heading row, column of each field); 400 ``bad_layout`` without one."""
    best: dict[str, int] = {}
    for index, values in enumerate(rows[:HEADING_SEARCH]):
        columns: dict[str, int] = {}
        ambiguous: list[tuple[int, tuple[str, ...]]] = []
        for column, value in enumerate(values):
            key = heading_key(value)
            if key in AMBIGUOUS_HEADINGS:
                ambiguous.append((column, AMBIGUOUS_HEADINGS[key]))
            for name, aliases in RESULT_HEADINGS.items():
                if key in aliases and name not in columns:
                    columns[name] = column
        for column, names in ambiguous:
            free = [name for name in names if name not in columns]
            if free:
                columns[free[0]] = column
        if all(name in columns for name in RESULT_REQUIRED):
            return index, columns
        if len(columns) > len(best):
            best = columns
    missing = ", ".join(str(COLUMN_LABELS[name]) for name in RESULT_REQUIRED if name not in best)
    raise ServiceError("bad_layout", _("This is not a results file in the EMA layout; missing columns: "
                                       "%(columns)s.") % {"columns": missing},
                       fields={"file": [_("Columns: place, last name, first name, EMA number, country, "
                                          "table points, score.")]})


def _number(text: str, places: int, limit: int) -> Decimal | None:
    text = text.replace(" ", "").replace("\u00a0", "").replace("\u2212", "-")
    if "," in text and "." in text:  # thousands separated: "1.234,5" (German) or "1,234.5" (English)
        text = text.replace(".", "") if text.rfind(",") > text.rfind(".") else text.replace(",", "")
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        return None
    if not value.is_finite() or abs(value) >= limit:
        return None
    return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _read(values: list, columns: dict[str, int], number: int, event: Event) -> ResultRow:
    cells = {name: cell_text(values[index]) if index < len(values) else "" for name, index in columns.items()}
    row = ResultRow(number, first_name=cells["first_name"], last_name=cells["last_name"])
    errors = row.errors
    if not row.first_name or not row.last_name:
        errors.append(_("The first or the last name is missing."))
    if len(row.first_name) > 80 or len(row.last_name) > 80:
        errors.append(_("A name is longer than 80 characters."))
    if message := hidden_characters_message(row.first_name + row.last_name):
        errors.append(message)
    place = cells["place"].rstrip(".")
    if place.isdigit() and 0 < int(place) <= MAX_RESULT_ROWS:
        row.place = int(place)
    else:
        errors.append(_("“%(value)s” is not a place (a whole number from 1).") % {"value": cells["place"]})
    ema_id = cells["ema_id"]
    if ema_id.isdigit() and len(ema_id) < 8:  # a number cell loses leading zeros
        ema_id = ema_id.zfill(8)
    if ema_id and not is_ema_number(ema_id):
        errors.append(_("“%(ema)s” is not an EMA number (eight digits, e.g. 04990001).") % {"ema": ema_id})
    row.ema_id = ema_id
    row.country = country_normalised(cells["country"]) or event.country
    if not is_country(row.country):
        errors.append(_("“%(country)s” is not a country code (ISO 3166 alpha-2, e.g. DE, NL, AT).")
                      % {"country": cells["country"]})
    table_points = _number(cells["table_points"], 4, 10**6)
    score = _number(cells["score"], 2, 10**12)
    if table_points is None:
        errors.append(_("“%(value)s” is not a number of table points.") % {"value": cells["table_points"]})
    if score is None:
        errors.append(_("“%(value)s” is not a score.") % {"value": cells["score"]})
    row.table_points, row.score = table_points or Decimal(0), score or Decimal(0)
    games = cells.get("games", "")
    if games.isdigit() and int(games) < 10**6:
        row.games = int(games)
    elif games:
        errors.append(_("“%(value)s” is not a number of games.") % {"value": games})
    return row


def external_results_plan(*, upload, event: Event) -> list[ResultRow]:
    """Every row of the file, matched (``status`` matched/new/error); nothing stored."""
    rows = upload_rows(upload, MAX_RESULT_ROWS)
    heading, columns = _columns(rows)
    read = [_read(values, columns, number, event)
            for number, values in enumerate(rows[heading + 1:], start=heading + 2)
            if any(cell_text(value) for value in values)]
    if not read:
        raise ServiceError("empty_file", _("The file has no results."), fields={"file": [_("Empty.")]})
    if len(read) > MAX_RESULT_ROWS:
        raise too_many_rows(MAX_RESULT_ROWS)
    ema_ids = {row.ema_id for row in read} - {""}
    by_ema = dict(Player.objects.filter(ema_id__in=ema_ids).values_list("ema_id", "pk"))
    players = {pk: (first, last, ema) for pk, first, last, ema
               in Player.objects.order_by("pk").values_list("pk", "first_name", "last_name", "ema_id")}
    people = NameIndex((pk, (first, last)) for pk, (first, last, _ema) in players.items())
    claimed = {by_ema[row.ema_id] for row in read if not row.errors and row.ema_id in by_ema}
    seen_players: dict[int, int] = {}
    seen_ema: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    for row in read:
        if row.errors:
            row.status = "error"
            continue
        if row.ema_id in seen_ema:
            row.errors.append(_("The EMA number %(ema)s is also in row %(row)s.")
                              % {"ema": row.ema_id, "row": seen_ema[row.ema_id]})
        elif row.ema_id:
            seen_ema[row.ema_id] = row.row
        player = by_ema.get(row.ema_id) if row.ema_id else None
        if player is None:
            # not a player another row names by EMA number, nor one with a different EMA number
            matches = [match.id for match in people.find(row.first_name, row.last_name)
                       if match.id not in claimed
                       and not (row.ema_id and players[match.id][2] and players[match.id][2] != row.ema_id)]
            if len(matches) == 1:
                player = matches[0]
        if player is not None:
            if player in seen_players:
                row.errors.append(_("This player is also in row %(row)s.") % {"row": seen_players[player]})
            seen_players[player] = seen_players.get(player, row.row)
            row.player, row.status = player, "matched"
        else:
            key = name_key(row.first_name, row.last_name)
            if key in seen_names:
                row.errors.append(_("%(first)s %(last)s is also in row %(row)s.")
                                  % {"first": row.first_name, "last": row.last_name, "row": seen_names[key]})
            seen_names.setdefault(key, row.row)
        if row.errors:
            row.status = "error"
    return read


def event_checked(*, season: Season, name: str, starts_on: datetime.date, ends_on: datetime.date,
                  country: str, ruleset: str) -> Event:
    """The event's details, or 400 with the field at fault; a ruleset of another family than the
    season's (its other tournaments asked: not the one these results replace) 409
    ``ruleset_family_mismatch``."""
    name = " ".join((name or "").split())
    country = country_normalised(country)
    fields: dict[str, list[str]] = {}
    if not name or len(name) > 160 or hidden_characters_message(name):
        fields["name"] = [_("A name of 1 to 160 visible characters.")]
    if not is_country(country):
        fields["country"] = [_("A country code (ISO 3166 alpha-2, e.g. DE, NL, AT).")]
    if rulesets.get(ruleset) is None:
        fields["ruleset"] = [_("Choose one of the rulesets.")]
    if ends_on < starts_on:
        fields["ends_on"] = [_("The last day comes before the first.")]
    elif starts_on < season.starts_on or ends_on > season.ends_on:
        fields["starts_on"] = [_("The tournament lies outside the season (%(start)s to %(end)s).")
                               % {"start": season.starts_on, "end": season.ends_on}]
    if fields:
        raise ServiceError("invalid_event", _("The tournament's details are not valid."), fields=fields)
    replaced = Tournament.objects.filter(season=season, kind=Tournament.Kind.EXTERNAL, name=name, starts_on=starts_on)
    family_kept(season=season, ruleset=ruleset, excluding=tuple(replaced.values_list("pk", flat=True)))
    return Event(name, starts_on, ends_on, country, ruleset)


def external_results_preview(*, season: Season, upload, name: str, starts_on: datetime.date,
                             ends_on: datetime.date, country: str, ruleset: str,
                              for_page: bool = False) -> list[dict]:
    """One entry per row ``{"row", "status": "matched|new|error", "player"?, "error"?}``; nothing stored.
    ``for_page`` (the management page): each entry also carries the row's ``table_points`` and
    ``score`` and, when matched, the matched player's ``matched_name`` (their whole name as stored)."""
    event = event_checked(season=season, name=name, starts_on=starts_on, ends_on=ends_on, country=country,
                          ruleset=ruleset)
    rows = external_results_plan(upload=upload, event=event)
    entries = [row.entry() for row in rows]
    if for_page:
        names = {player.pk: player.full_name for player in Player.objects.filter(
            pk__in=[row.player for row in rows if row.player is not None]).only("first_name", "last_name")}
        for row, entry in zip(rows, entries, strict=True):
            entry.update(table_points=row.table_points, score=row.score, matched_name=names.get(row.player, ""),
                         file_name=" ".join(part for part in (row.first_name, row.last_name) if part))
    return entries


def _slug(event: Event, *, after: int = 1) -> str:
    """The first free slug from the event's name and year (``-2``, ``-3`` … after ``after``)."""
    base = slugify(f"{event.name}-{event.starts_on:%Y}")[:40].strip("-") or "external"
    slug, number = (base, 1) if after <= 1 else (f"{base}-{after}", after)
    while Tournament.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


SLUG_ATTEMPTS = 20


def _created(tournament: Tournament, event: Event) -> None:
    """Save a new external tournament under a free slug. Two first imports at once (of this event
    or of another with the same name and year) may both find one slug free: the later insert fails
    on the slug's unique constraint inside its savepoint and takes the next free one."""
    for attempt in range(1, SLUG_ATTEMPTS + 1):
        tournament.slug = _slug(event, after=attempt)
        try:
            with transaction.atomic():
                tournament.save(force_insert=True)
            return
        except IntegrityError:
            if attempt == SLUG_ATTEMPTS or Tournament.objects.filter(slug=tournament.slug).count() == 0:
                raise


def _ema_numbers_taken(rows: list[ResultRow]) -> None:
    """A player matched by name who has no EMA number takes the one the file gives (no other player
    carries it: the row would have matched that player by number)."""
    numbered = {row.player: row.ema_id for row in rows if row.player is not None and row.ema_id}
    without = Player.objects.filter(pk__in=numbered, ema_id="").only("pk")
    for player in without:
        player.ema_id = numbered[player.pk]
    Player.objects.bulk_update(without, ["ema_id"])


def external_results_import(*, season: Season, upload, name: str, starts_on: datetime.date,
                            ends_on: datetime.date, country: str, ruleset: str) -> tuple[Tournament, bool, list[dict]]:
    """Store the file as the season's external tournament (a new one, or the one with the same
    name and first day, whose standings it replaces); all or nothing (400 ``invalid_rows`` with
    every row). Returns the tournament, whether it replaced one, and the rows as stored."""
    with transaction.atomic():
        # one import per season at a time, matched under the lock: a second first import of the
        # same event waits here, then finds the players the first one made and replaces its
        # results instead of making a second tournament (and the new players twice)
        Season.objects.select_for_update().filter(pk=season.pk).first()
        event = event_checked(season=season, name=name, starts_on=starts_on, ends_on=ends_on, country=country,
                              ruleset=ruleset)
        rows = external_results_plan(upload=upload, event=event)
        bad = [row for row in rows if row.status == "error"]
        if bad:
            raise rows_refused(len(bad), [row.entry() for row in rows])
        tournament = (Tournament.objects.select_for_update()
                      .filter(season=season, kind=Tournament.Kind.EXTERNAL, name=event.name,
                              starts_on=event.starts_on).first())
        replaced = tournament is not None
        if tournament is None:
            tournament = Tournament(name=event.name, season=season, ruleset=event.ruleset,
                                    kind=Tournament.Kind.EXTERNAL, starts_on=event.starts_on, session_count=1)
        tournament.ends_on, tournament.place, tournament.ruleset = event.ends_on, event.country, event.ruleset
        tournament.status, tournament.published = Tournament.Status.FINISHED, True
        if replaced:
            tournament.save()
        else:
            _created(tournament, event)
        _ema_numbers_taken(rows)
        new = [row for row in rows if row.player is None]
        created = Player.objects.bulk_create([
            Player(first_name=row.first_name, last_name=row.last_name, country=row.country, ema_id=row.ema_id)
            for row in new])
        for row, player in zip(new, created, strict=True):
            row.player = player.pk
        Standing.objects.filter(tournament=tournament).delete()
        Standing.objects.bulk_create([
            Standing(tournament=tournament, player_id=row.player, rank=row.place, table_points=row.table_points,
                     score=row.score, games=row.games) for row in rows])
        rankings_request(season_id=season.pk)
        transaction.on_commit(lambda: standings_changed(tournament_id=tournament.pk))
    return tournament, replaced, [row.entry() for row in rows]
