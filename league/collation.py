"""The one order people's names sort in, on every page, list, export and workbook: the Unicode
Collation Algorithm (pyuca, with the Unicode's default table; a kept library, not a table of our
own), so "Möller" comes between "Meier" and "Mulder" and "Öztürk" before "Weiß", whatever the
database's collation (SQLite compares code points, PostgreSQL its locale's).

A name is filed under its last name without its particles, then the first name, then the particles
(German and Dutch phone books: "de Vries, Jan" under V, "van den Berg" under B; league.names),
then the player's id, so that equal names keep one order everywhere.

Lists of people are sorted in Python with these keys: they are small (a tournament's field, a
season's ranking: hundreds to a few thousand rows), and the database cannot sort by them. Ties in
standings and rankings are broken the same way everywhere (``ranked_order``): the figures first,
then the name as the public sees it (``shown_name_key``), so that no order gives away a hidden
last name (``ranked_order``, ``rank_figures``).
"""
import functools
import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

from .names import last_name_parts

T = TypeVar("T")


@functools.cache
def _collator():
    from pyuca import Collator  # reads its table (0.2 s) the first time a name is sorted

    return Collator()


@functools.lru_cache(maxsize=65536)
def text_key(text: str) -> tuple:
    """The collation key of one text: case, accents and umlauts count only where all else is equal."""
    return _collator().sort_key(unicodedata.normalize("NFC", " ".join((text or "").split())))


def name_key(first_name: str, last_name: str, pk: int | None = 0) -> tuple:
    """The sort key of a person's name: the last name without its particles, the first name, the
    particles, then the id (``pk``)."""
    particles, rest = last_name_parts(last_name or "")
    return (text_key(rest), text_key(first_name), text_key(particles), pk or 0)


def player_key(player) -> tuple:
    """``name_key`` of a Player by its whole name (administrators' lists, exports)."""
    return name_key(player.first_name, player.last_name, player.pk)


def shown_key(first_name: str, last_name: str, public_name: str, pk: int | None = 0) -> tuple:
    """``name_key`` of the name the public sees (the last name's initial for "initials"): public lists
    sort by this, so their order reveals no hidden last name."""
    from .models.people import shown_last_name

    return name_key(first_name, shown_last_name(last_name, public_name), pk)


def shown_name_key(player) -> tuple:
    """``shown_key`` of a Player."""
    return shown_key(player.first_name, player.last_name, player.public_name, player.pk)


def sorted_by_name(items: Iterable[T], player: Callable[[T], object] = lambda item: item,
                   key: Callable[[object], tuple] = player_key) -> list[T]:
    """``items`` in name order; ``player`` reaches each item's player (``lambda r: r.player``)."""
    return sorted(items, key=lambda item: key(player(item)))


def rank_figures(rank: int | None, *more) -> tuple:
    """Figures that order standings or rankings: the rank (none last, as in every database), then
    ``more`` (already signed so that ascending is best first: ``-value``, ``-games``)."""
    return (rank is None, rank or 0, *more)


def ranked_order(items: Iterable[T], figures: Callable[[T], tuple], name: Callable[[T], tuple]) -> list[T]:
    """Standings or ranking rows best first: by ``figures`` (``rank_figures``), then rows with equal
    figures by ``name`` (``shown_name_key`` or ``shown_key``). The one rule for ties on the home
    page, the standings and ranking pages, the API, the workbooks and the EMA files. Only tied rows
    have their names' keys computed."""
    ordered = sorted(items, key=figures)
    start = 0
    while start < len(ordered):
        end = start + 1
        first = figures(ordered[start])
        while end < len(ordered) and figures(ordered[end]) == first:
            end += 1
        if end - start > 1:
            ordered[start:end] = sorted(ordered[start:end], key=name)
        start = end
    return ordered
