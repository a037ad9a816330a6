"""The public pages' cache, on two levels, both kept under a version token per subject (a
tournament, a season, or the whole site for the home and player pages):

* ``cached_page``: the whole response of a public page for anonymous visitors (bytes and content
  type), per path and language. A hit costs a few cache reads and no query and no rendering: the
  path's subject is remembered with the page, so the token is found without the database.
* ``cached_part``: the parts that cost queries (standings, sessions, tables, rankings), rendered
  once per language, for the misses.

Whatever changes what the pages show replaces the token (``pages_changed``: standings and rankings
recomputed, seating drawn, a table closed, a tournament edited), so old entries are never read
again and expire on their own; a token lost to eviction only costs a re-render. Every change also
replaces the site's token (the home and player pages show a bit of everything). Only anonymous
visitors read and fill the cache: administrators and referees always see fresh pages. A page is
only cached when it is the same for every visitor: no CSRF token, no flash message in it.

The tokens live in Django's cache: with several web processes it must be shared (redis, CACHE_URL)
for a change to show at once in all of them; with the per-process default each process' pages
lag by at most ``PAGE_TIMEOUT``.
"""
import functools
import uuid
from collections.abc import Callable

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

# A safety net for changes that replace no token.
PAGE_TIMEOUT = 10 * 60
# The home and player pages hang on the site's token, which nearly every change replaces.
SITE_TIMEOUT = 60
SITE = "site"


def _subject(*, tournament_id: int | None = None, season_id: int | None = None, site: bool = False) -> str:
    if tournament_id is not None:
        return f"t{tournament_id}"
    if season_id is not None:
        return f"s{season_id}"
    if site:
        return SITE
    raise ValueError("a tournament, a season or the site")


# Folded into every token's key: replacing it retires every cached page at once, for the edits
# that can show anywhere (a player or a club renamed, a tournament edited in the shell or admin).
GENERATION = "league:pages:generation"


def _stable(key: str) -> str:
    """The random value under ``key``, made once and kept until replaced (the first writer wins)."""
    value = cache.get(key)
    if value is None:
        value = uuid.uuid4().hex
        if not cache.add(key, value, timeout=None):
            value = cache.get(key, value)
    return value


def _generation() -> str:
    return _stable(GENERATION)


def _token_key(subject: str, generation: str | None = None) -> str:
    return f"league:pages:{generation or _generation()}:{subject}:token"


def directory_changed() -> None:
    """Retire every cached page: now, and once more after the commit."""

    def replace() -> None:
        cache.set(GENERATION, uuid.uuid4().hex, timeout=None)

    replace()
    transaction.on_commit(replace)


def _token(subject: str) -> str:
    return _stable(_token_key(subject))


def pages_changed(*, tournament_id: int | None = None, season_id: int | None = None) -> None:
    """Retire the cached parts of a tournament's (or a season's) pages: now, and once more after
    the commit, so a part rendered meanwhile from the rows before the change is not kept."""
    keys = [_token_key(_subject(tournament_id=tournament_id, season_id=season_id)), _token_key(SITE)]

    def replace() -> None:
        cache.set_many({key: uuid.uuid4().hex for key in keys}, timeout=None)

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


# ---- whole pages ----

def _anonymous(request) -> bool:
    """Without a session cookie the visitor is anonymous, known without a query; else ask."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return True
    return not request.user.is_authenticated


def _path_key(path: str) -> str:
    return f"league:pages:path:{path}"


def _page_key(subject: str, token: str, path: str, language: str) -> str:
    return f"league:pages:{subject}:{token}:page:{language}:{path}"


def page_subject(request, *, tournament_id: int | None = None, season_id: int | None = None,
                 site: bool = False) -> None:
    """Tell ``cached_page`` what the page being rendered shows. Call it before reading what is
    shown: the page is kept under the token of that moment, so a change made while it renders
    leaves it unread."""
    subject = _subject(tournament_id=tournament_id, season_id=season_id, site=site)
    request._page_subject = (subject, _token(subject))


def _vary(response) -> None:
    # the language comes from the cookie or Accept-Language; logged-in users get other pages
    patch_vary_headers(response, ("Cookie", "Accept-Language"))


def cached_page(view):
    """The whole response of a public page for anonymous GET (and HEAD) requests, per path (the
    query string is ignored: the pages do not read it) and language, under the token of the
    subject the view declared with ``page_subject``. Only 200 responses without anything
    per-visitor are kept (no CSRF token was asked for, no flash message was pending). Logged-in
    users, other methods and visitors with pending messages get the page rendered."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method not in ("GET", "HEAD") or not _anonymous(request) or len(get_messages(request)):
            response = view(request, *args, **kwargs)
            _vary(response)
            return response
        path, language = request.path, get_language()
        known = cache.get_many([_path_key(path), GENERATION])
        subject, generation = known.get(_path_key(path)), known.get(GENERATION)
        token = subject and generation and cache.get(_token_key(subject, generation))
        entry = token and cache.get(_page_key(subject, token, path, language))
        if entry:
            content, content_type = entry
            response = HttpResponse(content, content_type=content_type)
            _vary(response)
            return response
        response = view(request, *args, **kwargs)
        _vary(response)
        declared = getattr(request, "_page_subject", None)
        if (declared is not None and response.status_code == 200 and not response.streaming
                and not response.cookies and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")):
            if declared[0] != subject or not token:
                # The path was not known yet (or shows another subject now), or no token was read
                # before the view ran: keep the page under the token the view declared. Otherwise
                # under the earlier one, so a change made while the page rendered leaves it unread.
                subject, token = declared
            timeout = SITE_TIMEOUT if subject == SITE else PAGE_TIMEOUT
            cache.set_many({_path_key(path): subject,
                            _page_key(subject, token, path, language): (response.content, response["Content-Type"])},
                           timeout)
        return response

    return wrapper
