"""The public pages' cache: the parts of a tournament's or a season's pages that cost queries
(standings, sessions, tables, rankings), rendered once per language and kept under the subject's
version token.

Whatever changes what those parts show replaces the token (``pages_changed``: standings and
rankings recomputed, seating drawn, a table closed), so old entries are never read again and
expire on their own; a token lost to eviction only costs a re-render. Only anonymous visitors read
and fill the cache: administrators and referees always see fresh pages.
"""
import uuid
from collections.abc import Callable

from django.core.cache import cache
from django.db import transaction
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

# A safety net for changes that replace no token (a player renamed in the admin).
PAGE_TIMEOUT = 10 * 60


def _subject(*, tournament_id: int | None = None, season_id: int | None = None) -> str:
    if tournament_id is not None:
        return f"t{tournament_id}"
    if season_id is not None:
        return f"s{season_id}"
    raise ValueError("a tournament or a season")


def _token_key(subject: str) -> str:
    return f"league:pages:{subject}:token"


def _token(subject: str) -> str:
    key = _token_key(subject)
    token = cache.get(key)
    if token is None:
        token = uuid.uuid4().hex
        if not cache.add(key, token, timeout=None):
            token = cache.get(key, token)
    return token


def pages_changed(*, tournament_id: int | None = None, season_id: int | None = None) -> None:
    """Retire the cached parts of a tournament's (or a season's) pages: now, and once more after
    the commit, so a part rendered meanwhile from the rows before the change is not kept."""
    key = _token_key(_subject(tournament_id=tournament_id, season_id=season_id))

    def replace() -> None:
        cache.set(key, uuid.uuid4().hex, timeout=None)

    replace()
    transaction.on_commit(replace)


def cached_part(request, *, part: str, render: Callable[[], str], tournament_id: int | None = None,
                season_id: int | None = None) -> SafeString:
    """The HTML of one part of a public page: from the cache for anonymous visitors, else ``render()``
    (which must not depend on the visitor: it is shared by everyone)."""
    if request.user.is_authenticated:
        return mark_safe(render())
    subject = _subject(tournament_id=tournament_id, season_id=season_id)
    key = f"league:pages:{subject}:{_token(subject)}:{part}:{get_language()}"
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, PAGE_TIMEOUT)
    return mark_safe(html)
