"""Importing players and registrations from a spreadsheet (.xlsx), a CSV file or pasted text.

Columns: first name, last name (or one "name" column), club, country, EMA number, with German or
English headings in any order. Bulk entry (``players_bulk_*``) also takes rows without headings
in the order name, club, country, EMA number, one player a line, tab or semicolon separated as
copied from a spreadsheet; a first row of headings is recognised and skipped. Files and pasted
text are read row by row under hard caps (size, rows, columns, cell length; an .xlsx's declared
dimension is ignored and its XML parsed by defusedxml), and any input that breaks one or cannot be
read is refused with a 400 that says why. A preview lists what would be created, matched or left
alone and every bad row with its reason; the import itself stores nothing unless every row is
good. Players are matched by EMA number, else by first and last name and club, so importing the
same list twice (or a list exported from here) creates no duplicates; a row whose name is only
near an existing player's (league.matching: case, accents, order, a small typo), or whose club's
name is near an existing club's, is ``similar`` and stored only as decided (``decisions``,
``clubs``). Optional columns: team and substitute (yes/no), stored with the registration.
"""
import csv
import io
import itertools
import json
import re
import secrets
import unicodedata
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..countries import country_normalised, is_country, is_ema_number
from ..errors import Conflict, ServiceError
from ..exports.formulas import unsafe
from ..matching import NameIndex, name_key
from ..models import Club, Player, Registration, Tournament
from ..names import split_name
from ..validators import hidden_characters_message
from .tournaments import registrations_create_many

# Hard caps, checked while reading, so that no file costs more than they allow.
MAX_ROWS = 5000  # players in one import
MAX_LINES = 2 * MAX_ROWS  # rows read at most, empty ones included
MAX_COLUMNS = 50
MAX_CELL = 1000  # characters in one cell
MAX_BYTES = 5 * 1024 * 1024  # the uploaded file
MAX_UNPACKED = 50 * 1024 * 1024  # an .xlsx's parts, unpacked
MAX_MEMBERS = 1000  # parts in an .xlsx

# Headings people write, lower-cased and with spaces, dots, dashes and underscores taken out.
HEADINGS = {
    "first_name": {"firstname", "first", "givenname", "forename", "vorname"},
    "last_name": {"lastname", "last", "surname", "familyname", "nachname", "familienname", "zuname"},
    "name": {"name", "playername", "spielername", "fullname", "vollständigername"},
    "club": {"club", "verein", "klub", "clubname", "vereinsname"},
    "country": {"country", "countrycode", "nationality", "nation", "land", "nationalität", "staat",
                "ländercode", "landcode"},
    "ema_id": {"ema", "emanumber", "emaid", "emano", "emanr", "emanummer", "emaidnummer", "emaplayerid",
               "emaspielernummer"},
    "team": {"team", "mannschaft", "teamname"},
    "substitute": {"substitute", "sub", "ersatz", "ersatzspieler", "ersatzspielerin", "reserve", "nachrücker"},
}
REQUIRED = ("first_name", "last_name")
# pasted rows without headings
POSITIONAL = {"name": 0, "club": 1, "country": 2, "ema_id": 3, "team": 4, "substitute": 5}


@dataclass
class PreviewRow:
    row: int
    first_name: str
    last_name: str
    club: str
    country: str
    ema_id: str
    # "create", "register" (an existing player), "registered" (nothing to do) or "similar" (probably
    # an existing player or club: left alone until decided)
    action: str
    player: int | None = None
    team: str = ""
    substitute: bool = False
    candidates: list[int] = field(default_factory=list)  # players, best first
    club_candidates: list[int] = field(default_factory=list)  # clubs, best first
    club_id: int | None = None  # an existing club the new player joins
    # what was decided for a row that is probably an existing player ("new" or a player id) or club:
    # kept with its candidates, so that every preview shows the choice again (and sends it on)
    decision: str | int | None = None
    club_decision: str | int | None = None
    club_as_written: str = ""  # the club's name in the row, which its decision is keyed by


@dataclass
class RowError:
    row: int
    reason: str
    first_name: str = ""  # the row's player, as written: an error names whom it is about
    last_name: str = ""


@dataclass
class Preview:
    rows: list[PreviewRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    clubs_to_create: list[str] = field(default_factory=list)
    club_countries: dict[str, str] = field(default_factory=dict)  # a new club's name → its country

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def undecided(self) -> list[PreviewRow]:
        return [row for row in self.rows if row.action == "similar"]

    def counts(self) -> dict:
        actions = [row.action for row in self.rows]
        return {"rows": len(self.rows), "players_created": actions.count("create"),
                "players_matched": actions.count("register") + actions.count("registered"),
                "registrations_created": actions.count("create") + actions.count("register"),
                "already_registered": actions.count("registered"), "clubs_created": len(self.clubs_to_create),
                "similar": actions.count("similar")}

    def as_dict(self) -> dict:
        return {"valid": self.valid, **self.counts(), "clubs_to_create": self.clubs_to_create,
                "players": [asdict(row) for row in self.rows],
                "rows": [asdict(error) for error in self.errors]}


def fold(text: str) -> str:
    """The form names are compared in: case-insensitive for every alphabet (Ö = ö, ß = ss), one
    Unicode form (an "ü" typed as u + diaeresis, as macOS writes it, is the same "ü"), single spaces."""
    return " ".join(unicodedata.normalize("NFC", text).split()).casefold()


def _key(heading) -> str:
    return re.sub(r"[\s._\-/#]+", "", str(heading or "").strip().lower())


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return unsafe(str(value).strip())


def _refuse(code: str, message: str, reason: str | None = None, field: str = "file") -> ServiceError:
    return ServiceError(code, message, fields={field: [reason or message]})


def too_many_rows(count: int, field: str = "file") -> ServiceError:
    """The one refusal of a file of more than ``count`` rows, whether it is found while reading (twice
    as many lines, empty ones included) or after (more than ``count`` rows with values)."""
    return _refuse("too_many_rows", _("At most %(count)s rows can be imported at once.") % {"count": count},
                   _("Too many rows."), field)


def _checked_rows(rows: Iterator, max_rows: int = MAX_ROWS, field: str = "file") -> Iterator[list]:
    """The rows as they are read, stopping at the first that breaks a cap: never more than
    2 × ``max_rows`` rows read, ``MAX_COLUMNS`` columns or ``MAX_CELL`` characters in a cell
    (refused at ``field``: the uploaded file, or the pasted rows)."""
    for number, row in enumerate(rows, start=1):
        if number > 2 * max_rows:
            raise too_many_rows(max_rows, field)
        row = list(row)
        while row and row[-1] in (None, ""):
            row.pop()
        if len(row) > MAX_COLUMNS:
            raise _refuse("too_many_columns", _("Row %(row)s has more than %(count)s columns.")
                          % {"row": number, "count": MAX_COLUMNS}, field=field)
        for value in row:
            if isinstance(value, str):
                if len(value) > MAX_CELL:
                    raise _refuse("cell_too_long", _("Row %(row)s has a cell longer than %(count)s characters.")
                                  % {"row": number, "count": MAX_CELL}, field=field)
                if "\x00" in value:
                    raise _refuse("bad_file", _("Row %(row)s contains a NUL character.") % {"row": number},
                                  field=field)
        yield row


def _xlsx_rows(data: bytes) -> Iterator[tuple]:
    """The first sheet's rows, streamed. The sheet's declared size (``<dimension>``) is ignored:
    it may claim a million columns, or fewer rows than there are."""
    from openpyxl import load_workbook

    unreadable = _("This is not a readable .xlsx file.")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as error:
        raise _refuse("bad_file", unreadable, str(error)) from error
    if len(members) > MAX_MEMBERS or sum(member.file_size for member in members) > MAX_UNPACKED:
        raise _refuse("file_too_large", _("The workbook unpacks to more than %(size)s MB.")
                      % {"size": MAX_UNPACKED // (1024 * 1024)})
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl (and defusedxml) raise many kinds for a damaged or hostile file
        raise _refuse("bad_file", unreadable, str(error)[:200]) from error
    try:
        if not workbook.worksheets:
            raise _refuse("bad_file", _("The workbook has no sheet."))
        sheet = workbook.worksheets[0]
        sheet.reset_dimensions()
        yield from sheet.iter_rows(values_only=True)
    except ServiceError:
        raise
    except Exception as error:
        raise _refuse("bad_file", unreadable, str(error)[:200]) from error
    finally:
        workbook.close()


DELIMITERS = (";", "\t", ",")  # a tie goes to the first: German Excel writes decimal commas in ";" files


def _delimiter(text: str) -> str:
    """The separator of a CSV file: the one that splits most of its first lines into the same number
    (more than one) of fields. A title row above the headings ("Ergebnisse Hamburg;;;" or no
    separator at all) and decimal commas in a semicolon file (as German Excel saves it) do not
    mislead it, as they may ``csv.Sniffer``."""
    sample = text[:16384].splitlines()[:50]
    best, best_rows = ",", 0
    for delimiter in DELIMITERS:
        try:
            widths = [len(row) for row in csv.reader(sample, delimiter=delimiter) if row]
        except csv.Error:
            continue
        counts = Counter(width for width in widths if width > 1)
        rows = counts.most_common(1)[0][1] if counts else 0
        if rows > best_rows:
            best, best_rows = delimiter, rows
    return best


def _csv_rows(data: bytes) -> Iterator[list]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    if "\x00" in text:
        raise _refuse("bad_file", _("The file contains NUL characters; save it as CSV text again."))
    # newline="" lets the reader take \r\n, \n and a lone \r as line ends, also inside quotes.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    try:
        yield from reader
    except csv.Error as error:
        raise _refuse("bad_file", _("Line %(line)s of the CSV file cannot be read: %(error)s.")
                      % {"line": reader.line_num, "error": error}) from error


def _read_rows(upload, max_rows: int = MAX_ROWS) -> Iterator[list]:
    """The file's rows as lists of values, the heading row first, read one by one under the caps."""
    name = (getattr(upload, "name", "") or "").lower()
    size = getattr(upload, "size", None)
    too_large = _refuse("file_too_large", _("The file is larger than 5 MB."), _("Too large."))
    if size is not None and size > MAX_BYTES:
        raise too_large
    if name.endswith(".xlsx"):
        rows = _xlsx_rows
    elif name.endswith(".csv"):
        rows = _csv_rows
    else:
        raise ServiceError("bad_file", _("Upload an .xlsx or a .csv file."),
                           fields={"file": [_("Unknown file type.")]})
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise too_large
    return _checked_rows(rows(data), max_rows)


def _columns(heading_row: list) -> dict[str, int]:
    columns = {}
    for index, heading in enumerate(heading_row):
        key = _key(heading)
        for name, aliases in HEADINGS.items():
            if key in aliases and name not in columns:
                columns[name] = index
    missing = [name for name in REQUIRED if name not in columns and "name" not in columns]
    if missing:
        raise ServiceError(
            "missing_columns",
            _("The first row must name the columns; missing: %(columns)s.") % {
                "columns": ", ".join(str(Player._meta.get_field(name).verbose_name) for name in missing)},
            fields={"file": [_("Columns: first name, last name, club, country, EMA number.")]})
    return columns


def _has_headings(row: list) -> bool:
    keys = {_key(value) for value in row}
    return any(keys & aliases for aliases in HEADINGS.values())


def _entries(rows: Iterable[list], columns: dict[str, int], first_row: int,
             field: str = "file") -> list[tuple[int, dict]]:
    entries = []
    for number, values in enumerate(rows, start=first_row):
        cells = {name: _text(values[index]) if index < len(values) else "" for name, index in columns.items()}
        if not any(cells.values()):
            continue
        if "name" in columns:
            name = cells.pop("name")
            if name and not (cells.get("first_name") or cells.get("last_name")):
                cells["first_name"], cells["last_name"] = split_name(name)
        cells.setdefault("first_name", "")
        cells.setdefault("last_name", "")
        if cells.get("ema_id", "").isdigit() and len(cells["ema_id"]) < 8:  # a number cell loses leading zeros
            cells["ema_id"] = cells["ema_id"].zfill(8)
        entries.append((number, cells))
        if len(entries) > MAX_ROWS:
            raise too_many_rows(MAX_ROWS, field)
    return entries


SUBSTITUTE_YES = {"1", "x", "yes", "y", "ja", "j", "true", "wahr", "substitute", "ersatz", "reserve", "✓"}
SUBSTITUTE_NO = {"", "0", "no", "n", "nein", "false", "falsch", "-"}


_UNREADABLE = object()


def _json_sent(raw):
    """A JSON field as sent: None when not sent, the parsed value of a JSON text (a form field),
    ``_UNREADABLE`` for a text that is not JSON (refused by the caller's check of its shape)."""
    if raw in (None, ""):
        return None
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError:
            return _UNREADABLE
    return raw


def decisions_parsed(raw, *, field: str = "decisions") -> dict:
    """``{"<row>": "new" | <player id>}`` (players) or ``{"<club name>": "new" | <club id>}`` (clubs,
    ``field="clubs"``) as sent; anything else is a 400 ``invalid_decisions``."""
    raw = _json_sent(raw)
    if raw is None:
        return {}
    problem = ServiceError("invalid_decisions", _("The decisions must map a row (or a club's name) to "
                                                  "“new” or an id."), fields={field: [_("Not valid.")]})
    if not isinstance(raw, dict) or len(raw) > MAX_LINES:
        raise problem
    parsed = {}
    for key, value in raw.items():
        if field == "decisions":
            try:
                key = int(key)
            except (TypeError, ValueError):
                raise problem from None
        else:
            key = fold(str(key))
        if value != "new":
            if isinstance(value, bool | float):
                raise problem
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise problem from None
            if not 0 < value < 2**63:
                raise problem
        parsed[key] = value
    return parsed


def _row_reasons(cells: dict, country: str) -> tuple[list[str], bool]:
    """What is wrong with a row's values, and whether it names a substitute."""
    first, last = cells["first_name"], cells["last_name"]
    club, ema_id, team = cells.get("club", ""), cells.get("ema_id", ""), cells.get("team", "")
    reasons = []
    if not first:
        reasons.append(_("The first name is missing."))
    if not last:
        reasons.append(_("The last name is missing."))
    if len(first) > 80 or len(last) > 80:
        reasons.append(_("A name is longer than 80 characters."))
    if len(club) > 120:
        reasons.append(_("The club's name is longer than 120 characters."))
    if message := hidden_characters_message(first + last + club + team):
        reasons.append(message)
    if not is_country(country):
        reasons.append(_("“%(country)s” is not a country code (ISO 3166 alpha-2, e.g. DE, NL, AT).")
                       % {"country": cells.get("country", "")})
    if ema_id and not is_ema_number(ema_id):
        reasons.append(_("“%(ema)s” is not an EMA number (eight digits, e.g. 04990001).") % {"ema": ema_id})
    if len(team) > 80:
        reasons.append(_("The team's name is longer than 80 characters."))
    substitute = fold(cells.get("substitute", ""))
    if substitute not in SUBSTITUTE_YES | SUBSTITUTE_NO:
        reasons.append(_("“%(value)s” in the substitute column: write yes or no (or leave it empty).")
                       % {"value": cells.get("substitute", "")})
    return reasons, substitute in SUBSTITUTE_YES


def names_parsed(raw) -> dict[int, tuple[str, str]]:
    """``{"<row>": {"first_name", "last_name"}}`` as sent (a name split otherwise than the pasted
    line was); anything else is a 400 ``invalid_names``."""
    raw = _json_sent(raw)
    if raw is None:
        return {}
    problem = ServiceError("invalid_names", _("The names must map a row to its first and last name."),
                           fields={"names": [_("Not valid.")]})
    if not isinstance(raw, dict) or len(raw) > MAX_LINES:
        raise problem
    parsed = {}
    for key, value in raw.items():
        try:
            row = int(key)
        except (TypeError, ValueError):
            raise problem from None
        if not isinstance(value, dict) or not all(isinstance(value.get(part), str)
                                                  for part in ("first_name", "last_name")):
            raise problem
        parsed[row] = (value["first_name"].strip(), value["last_name"].strip())
    return parsed


def _resplit(cells: dict, names: tuple[str, str] | None) -> None:
    """The row's first and last name split as given, when the given split has the row's words (a
    correction of where the first name ends, not another person: a line that changed since is
    split as written)."""
    if names and all(names) and name_key(*names) == name_key(cells["first_name"], cells["last_name"]):
        cells["first_name"], cells["last_name"] = names


def _plan(*, tournament: Tournament | None, rows: Iterable[list], headings_required: bool = True,
          field: str = "file", decisions: dict | None = None, clubs: dict | None = None,
          names: dict[int, tuple[str, str]] | None = None) -> Preview:
    """What importing ``rows`` (read lazily) would do; the first row names the columns
    (``headings_required``) or, when it names none, the rows are name, club, country, EMA number,
    team, substitute. A row that is probably an existing player (league.matching: case, accents,
    order of the names, a small typo) or names a club close to an existing one is ``similar`` until
    ``decisions`` (row → "new" or a player id) or ``clubs`` (folded club name → "new" or a club id)
    say what it is; ``names`` (row → first and last name) splits a row's name otherwise than read."""
    decisions, clubs, names = decisions or {}, clubs or {}, names or {}
    preview = Preview()
    rows = iter(rows)
    first = next(rows, None)
    if first is None:
        raise ServiceError("empty_file", _("The file is empty."), fields={field: [_("Empty.")]})
    if headings_required or _has_headings(first):
        columns = _columns(first)
        entries = _entries(rows, columns, 2, field)
    else:
        columns = dict(POSITIONAL)
        entries = _entries(itertools.chain([first], rows), columns, 1, field)
        if not entries:
            raise ServiceError("empty_file", _("The file is empty."), fields={field: [_("Empty.")]})

    ema_ids = {c.get("ema_id", "") for _n, c in entries} - {""}
    by_ema = {p.ema_id: p for p in Player.objects.filter(ema_id__in=ema_ids).select_related("club")}
    # Every player is compared (league.matching); the names come in one query, not one per row.
    players = {p.pk: p for p in Player.objects.select_related("club").only(
        "first_name", "last_name", "club__name", "ema_id", "country").order_by("pk")}
    people = NameIndex((pk, (p.first_name, p.last_name)) for pk, p in players.items())
    decided = {pk: p for pk, p in players.items() if pk in set(decisions.values()) - {"new"}}
    all_clubs = {club.pk: club for club in Club.objects.order_by("pk")}
    club_names = NameIndex((pk, (club.name,)) for pk, club in all_clubs.items())
    registered = set(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True)) \
        if tournament is not None else set()

    seen_players: dict[int, int] = {}
    seen_new: dict[str, int] = {}
    seen_ema: dict[str, int] = {}
    new_clubs: dict[str, tuple[str, list[str]]] = {}  # name key → (name as first written, members' countries)
    for number, cells in entries:
        _resplit(cells, names.get(number))
        first, last = cells["first_name"], cells["last_name"]
        club, ema_id = cells.get("club", ""), cells.get("ema_id", "")
        country = country_normalised(cells.get("country", "")) or "DE"
        reasons, substitute = _row_reasons(cells, country)
        if ema_id and ema_id in seen_ema:
            reasons.append(_("The EMA number %(ema)s is also in row %(row)s.")
                           % {"ema": ema_id, "row": seen_ema[ema_id]})
        decision = decisions.get(number)
        if decision not in (None, "new") and decision not in decided:
            reasons.append(_("There is no player %(id)s to take this row for.") % {"id": decision})
        if reasons:
            preview.errors.append(RowError(number, " ".join(reasons), first, last))
            continue
        if ema_id:
            seen_ema[ema_id] = number
        extra = {"team": cells.get("team", ""), "substitute": substitute}
        player = by_ema.get(ema_id) if ema_id else None
        candidates: list[int] = []
        if player is None:
            # The same name and club (or, in a file without clubs, the same name): that player,
            # unless both carry different EMA numbers. Any other near name: ask, and keep asking
            # (the candidates stay with a decided row, so every preview shows the choice again).
            matches = [players[m.id] for m in people.find(first, last)
                       if not (ema_id and players[m.id].ema_id and players[m.id].ema_id != ema_id)]
            same = [p for p in matches if fold(p.first_name) == fold(first) and fold(p.last_name) == fold(last)
                    and ("club" not in columns or fold(p.club.name if p.club else "") == fold(club))]
            if decision is None and len(same) == 1:
                player = same[0]
            else:
                candidates = [p.pk for p in matches]
            if decision is not None and decision != "new":
                player = decided[decision]
                if decision not in candidates:
                    candidates.insert(0, decision)
        if player is not None:
            if player.pk in seen_players:
                preview.errors.append(RowError(number, _("%(player)s is also in row %(row)s.")
                                               % {"player": player.full_name, "row": seen_players[player.pk]},
                                               first, last))
                continue
            seen_players[player.pk] = number
            action = "registered" if player.pk in registered else "register"
            club_name = player.club.name if player.club else ""
            preview.rows.append(PreviewRow(number, player.first_name, player.last_name, club_name,
                                           player.country, player.ema_id, action, player.pk, **extra,
                                           candidates=candidates, decision=decision))
            continue
        key = name_key(first, last)
        if key in seen_new:
            preview.errors.append(RowError(number, _("%(first)s %(last)s is also in row %(row)s.")
                                           % {"first": first, "last": last, "row": seen_new[key]}, first, last))
            continue
        seen_new[key] = number
        undecided = bool(candidates) and decision is None
        row = PreviewRow(number, first, last, club, country, ema_id, "similar" if undecided else "create",
                         candidates=candidates, decision=decision, **extra)
        if club:
            club_decision = clubs.get(fold(club))
            matches = club_names.find(club)
            if matches and matches[0].edits != 0:
                row.club_candidates = [m.id for m in matches]  # kept when decided: shown again
            row.club_as_written = club
            if isinstance(club_decision, int) and club_decision in all_clubs:
                row.club_id, row.club, row.club_decision = club_decision, all_clubs[club_decision].name, club_decision
            elif matches and matches[0].edits == 0:
                row.club_id, row.club = matches[0].id, all_clubs[matches[0].id].name
            elif matches and club_decision != "new":
                row.action = "similar"
            else:
                row.club_decision = club_decision
                written, countries = new_clubs.setdefault(name_key(club), (club, []))
                row.club = written
                countries.append(country)
        preview.rows.append(row)
    for written, countries in new_clubs.values():
        # The country most of its rows give (ties: the first of them), not simply the first row's.
        preview.club_countries[written] = max(countries, key=lambda c: (countries.count(c), -countries.index(c)))
    wanted = {row.club for row in preview.rows if row.action == "create" and row.club_id is None and row.club}
    preview.clubs_to_create = sorted(wanted, key=str.lower)
    return preview


def registrations_import_preview(*, tournament: Tournament, upload, decisions: dict | None = None,
                                 clubs: dict | None = None) -> Preview:
    """What importing the file would do, and every row that stops it, without storing anything."""
    return _plan(tournament=tournament, rows=_read_rows(upload), decisions=decisions, clubs=clubs)


def rows_refused(count: int, rows: list) -> ServiceError:
    """The one refusal of a file with ``count`` bad rows (``rows``: every row, marked, for the page)."""
    return ServiceError("invalid_rows", ngettext("%(count)s row cannot be imported; nothing was imported.",
                                                 "%(count)s rows cannot be imported; nothing was imported.",
                                                 count) % {"count": count}, extra={"rows": rows})


def _invalid(preview: Preview) -> ServiceError:
    return rows_refused(len(preview.errors), [asdict(error) for error in preview.errors])


@transaction.atomic
def registrations_import(*, tournament: Tournament, upload, user, decisions: dict | None = None,
                         clubs: dict | None = None) -> dict:
    """Register every player in the file, creating players and clubs that do not exist yet; all or
    nothing. Rows that are probably an existing player or club and have no decision are left alone
    (counted as ``similar``). Returns the counts of what was done."""
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("tournament_finished",
                       _("This tournament is finished; nobody can register any more."))
    preview = _plan(tournament=tournament, rows=_read_rows(upload), decisions=decisions, clubs=clubs)
    if not preview.valid:
        raise _invalid(preview)
    _store(preview, tournament=tournament)
    return preview.counts()


def _store(preview: Preview, *, tournament: Tournament | None) -> None:
    """Create the preview's new clubs and players and, for a tournament, the registrations; rows
    still ``similar`` are left alone."""
    clubs = {fold(club.name): club for club in Club.objects.filter(pk__in={row.club_id for row in preview.rows
                                                                           if row.club_id})}
    clubs.update({fold(club.name): club for club in Club.objects.bulk_create([
        Club(name=name, country=preview.club_countries[name]) for name in preview.clubs_to_create])})
    new_rows = [row for row in preview.rows if row.action == "create"]
    players = Player.objects.bulk_create([
        Player(first_name=row.first_name, last_name=row.last_name, club=clubs.get(fold(row.club)),
               country=row.country, ema_id=row.ema_id) for row in new_rows])
    for row, player in zip(new_rows, players, strict=True):
        row.player = player.pk
    if tournament is None:
        return
    registrations_create_many(tournament=tournament, entries=[
        {"player_id": row.player, "team": row.team, "substitute": row.substitute}
        for row in preview.rows if row.action in ("create", "register")])


# ---- bulk entry of players (pasted or uploaded), optionally registering them ----

def text_rows(text: str) -> list[list[str]]:
    """Pasted lines as rows: tab separated (as copied from a spreadsheet), else semicolons."""
    if len(text) > MAX_BYTES:
        raise ServiceError("too_large", _("The text is larger than 5 MB."), fields={"rows": [_("Too large.")]})
    return list(_checked_rows((line.split("\t") if "\t" in line else line.split(";") for line in text.splitlines()),
                              field="rows"))


def upload_rows(upload, max_rows: int = MAX_ROWS) -> list[list]:
    """An uploaded .xlsx or .csv file's rows (read under the caps, ``max_rows`` that of the rows with
    values: see ``too_many_rows``; a list, as callers read it twice)."""
    return list(_read_rows(upload, max_rows))


def bulk_entries(preview: Preview) -> list[dict]:
    """One entry per row, in row order: ``{"row", "status": "new|existing|similar|error", "player"?,
    "candidates"?, "club_candidates"?, "decision"?, "club_decision"?, "error"?}`` with the row's
    values, an error row's name among them (docs/api.md, players/bulk/). A decided row keeps its
    candidates and says what was decided, so that a client can show (and send) the choice again."""
    statuses = {"create": "new", "register": "existing", "registered": "existing", "similar": "similar"}
    entries = []
    for row in preview.rows:
        entry = {"row": row.row, "status": statuses[row.action],
                 "first_name": row.first_name, "last_name": row.last_name, "club": row.club,
                 "country": row.country, "ema_id": row.ema_id, "team": row.team, "substitute": row.substitute}
        if row.player is not None:
            entry["player"] = row.player
        if row.action == "registered":
            entry["registered"] = True
        if row.action == "similar" or row.candidates:
            entry["candidates"] = row.candidates
        if row.action == "similar" or row.club_candidates:
            entry["club_candidates"] = row.club_candidates
        if row.decision is not None:
            entry["decision"] = row.decision
        if row.club_decision is not None:
            entry["club_decision"] = row.club_decision
            entry["club_as_written"] = row.club_as_written
        entries.append(entry)
    entries += [{"row": error.row, "status": "error", "error": error.reason, "first_name": error.first_name,
                 "last_name": error.last_name} for error in preview.errors]
    return sorted(entries, key=lambda entry: entry["row"])


def players_bulk_preview(*, rows: list[list], tournament: Tournament | None = None, decisions: dict | None = None,
                         clubs: dict | None = None, names: dict[int, tuple[str, str]] | None = None) -> Preview:
    """What entering ``rows`` would do, nothing stored."""
    return _plan(tournament=tournament, rows=rows, headings_required=False, field="rows", decisions=decisions,
                 clubs=clubs, names=names)


@transaction.atomic
def players_bulk_create(*, rows: list[list], tournament: Tournament | None = None, decisions: dict | None = None,
                        clubs: dict | None = None, names: dict[int, tuple[str, str]] | None = None) -> Preview:
    """Create the new players (and clubs) of ``rows`` and, with a tournament, register new and
    existing ones; all or nothing (``invalid_rows`` listing every bad row). A row that is probably
    an existing player or club and has no decision is left alone (and reported as ``similar``)."""
    if tournament is not None and tournament.status == Tournament.Status.FINISHED:
        raise Conflict("tournament_finished",
                       _("This tournament is finished; nobody can register any more."))
    preview = players_bulk_preview(rows=rows, tournament=tournament, decisions=decisions, clubs=clubs, names=names)
    if not preview.valid:
        raise rows_refused(len(preview.errors), bulk_entries(preview))
    _store(preview, tournament=tournament)
    return preview


def upload_keep(*, upload) -> str:
    """An import's uploaded file (at most ``MAX_BYTES`` and one byte, so that the import still sees
    it too large) kept in the storage from the preview to the import; its path there."""
    upload.seek(0)
    data = upload.read(MAX_BYTES + 1)
    upload.seek(0)
    suffix = ".xlsx" if upload.name.lower().endswith(".xlsx") else ".csv"
    return default_storage.save(f"imports/{secrets.token_hex(16)}{suffix}", ContentFile(data[:MAX_BYTES + 1]))


def upload_forget(*, path: str) -> None:
    """A kept upload (``upload_keep``) is no longer needed."""
    default_storage.delete(path)
