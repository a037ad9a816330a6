"""The public pages' cache, on two levels, both kept under version tokens per subject:

* ``cached_page``: the whole response of a public page for anonymous visitors (bytes and content
  type), per path and language. A hit costs one read of the cache and no query and no rendering
  (see below), and for anonymous visitors without a query string it is answered before most of the
  middleware runs (``early_answer``).
* ``cached_part``: the parts that cost queries (standings, sessions, tables, rankings), rendered
  once per language, for the misses.

Subjects, and the helper that retires each (every helper replaces the tokens now and once more
after the commit, so a page rendered meanwhile from the rows before the change is not kept). The
helpers are called once per kind of row, not per write path: league.signals calls them on every
save and delete of the rows the pages show (tournaments, registrations, sessions, tables, seats,
withdrawals, players, clubs, leagues, seasons), whichever door wrote them; only the rows written in
bulk without signals are retired by their service (the standings recomputation, a draw, a ranking):

=========================  ==============================================  ===============================
subject                    what shows it                                   retired by
=========================  ==============================================  ===============================
the whole site             every page                                      ``directory_changed()``
the site                   home and player pages (also expire in 60 s)     ``pages_changed()`` of any of them
a season                   its ranking page                                ``pages_changed(season_id=)``
a tournament               all its pages                                   ``pages_changed(tournament_id=)``
its standings              standings page, the top on the tournament page  ``standings_changed()``
its statistics             statistics and records pages (they count hands) ``statistics_changed()``
its sessions overview      the tables list on the tournament page          ``session_changed(tables=True)``
one session                that session's page (tables and results)        ``session_changed()``
=========================  ==============================================  ===============================

A hand changes nothing a visitor sees until the standings recomputation writes its results, which
then retires the standings and the sessions whose game results changed, and the statistics whenever
it ran over changed hands or penalties (a draw changes no standing but counts), and nothing else: the other
sessions' pages, the season and the site's pages stay cached (the player pages catch up within
``SITE_TIMEOUT``). A page that declares only its tournament (``page_subject(request,
tournament_id=…)`` without ``parts``) is retired by any change of the tournament; a page that names
its ``parts`` only by those. New pages should name their parts; a new kind of row they show gets its
receiver in league.signals (a new write path of a known row needs no cache code).

The tokens are the pages' versions for HTTP too: a kept page's ``ETag`` is their digest (see
``cached_page``).

A hit is one round trip to the cache: each process remembers which subjects a path showed when it
was last rendered, so the generation, the subjects' tokens and the kept copy (or for a conditional
request its entity tag alone) are read with one ``get_many``; the copy is current when the digest it
was kept under is the digest of what was read. A process that has not seen the path yet reads its
subjects from the cache first. A path that came to show other subjects (a slug given to another
tournament) is no risk: a digest covers the subjects with their tokens, so the old copy never matches
and the page is rendered, which tells the process the new subjects.

While one request renders a page whose tokens were replaced, other visitors get the copy rendered
before (at most ``STALE_SECONDS`` old, well within the pages' refresh interval) instead of all
rendering it at once. Responses say ``X-Cache: hit``, ``stale`` or ``miss``.

Only anonymous visitors read and fill the cache: administrators and referees always see fresh
pages. A page is only cached when it is the same for every visitor: no CSRF token, no flash message
in it. The tokens live in Django's cache: with several web processes it must be shared (redis,
CACHE_URL) for a change to show at once in all of them; with the per-process default each process'
pages lag by at most ``PAGE_TIMEOUT``.
"""
import functools
import hashlib
import time
import uuid
from collections.abc import Callable, Iterable

from django.conf import settings
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
    set_response_etag,
)
from django.utils.http import quote_etag, urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import condition

# A safety net for changes that replace no token.
PAGE_TIMEOUT = 10 * 60
# The home and player pages hang on the site's token, which only rankings and edits replace.
SITE_TIMEOUT = 60
# How old a page may be to be served while its replacement renders, and how long one render may
# keep the others waiting before they render too.
STALE_SECONDS = 20
RENDER_LOCK_SECONDS = 10
SITE = "site"
# The token that any change of a tournament replaces: pages that name no parts hang on it.
ANY = "any"

# Folded into every token's key: replacing it retires every cached page at once, for the edits
# that can show anywhere (a player or a club renamed, a tournament edited in the shell or admin).
GENERATION = "league:pages:generation"

MESSAGES_COOKIE = CookieStorage.cookie_name


def _subjects(*, tournament_id: int | None = None, season_id: int | None = None, site: bool = False,
              parts: Iterable[str] | None = None) -> list[str]:
    """The subjects a page or part hangs on: its tournament's (with its parts, or ``ANY``), a
    season's or the site's."""
    if tournament_id is not None:
        return [f"t{tournament_id}", *(f"t{tournament_id}:{part}" for part in (parts or [ANY]))]
    if season_id is not None:
        return [f"s{season_id}"]
    if site:
        return [SITE]
    raise ValueError("a tournament, a season or the site")


def _stable(key: str) -> str:
    """The random value under ``key``, made once and kept until replaced (the first writer wins)."""
    value = cache.get(key)
    if value is None:
        value = uuid.uuid4().hex
        if not cache.add(key, value, timeout=None):
            value = cache.get(key, value)
    return value


def _token_key(subject: str) -> str:
    return f"league:pages:{_path_part(subject)}:token"


def _state_keys(subjects: list[str]) -> list[str]:
    """The keys of what a copy kept for ``subjects`` hangs on: the generation and their tokens."""
    return [GENERATION, *(_token_key(subject) for subject in subjects)]


def _digest(subjects: list[str], values: Iterable[str]) -> str:
    """The digest of the generation and the subjects' tokens (``values``, as ``_state_keys`` names
    them), with the subjects themselves: copies kept for other subjects never match."""
    return hashlib.sha1("\n".join([*subjects, *values]).encode()).hexdigest()


def _state(subjects: list[str]) -> str:
    """The digest of the subjects' current state, tokens made where missing: what a page or part
    rendered now is kept under."""
    keys = _state_keys(subjects)
    found = cache.get_many(keys)
    return _digest(subjects, [found.get(key) or _stable(key) for key in keys])


def _replace(subjects: list[str]) -> None:
    """Replace the subjects' tokens now and once more after the commit."""

    def replace() -> None:
        cache.set_many({_token_key(subject): uuid.uuid4().hex for subject in subjects}, timeout=None)

    replace()
    transaction.on_commit(replace)


def directory_changed() -> None:
    """Retire every cached page: now, and once more after the commit."""

    def replace() -> None:
        cache.set(GENERATION, uuid.uuid4().hex, timeout=None)

    replace()
    transaction.on_commit(replace)


def standings_changed(*, tournament_id: int) -> None:
    """Retire the tournament's standings: its standings page and the top ten on its page."""
    _replace([f"t{tournament_id}:standings", f"t{tournament_id}:{ANY}"])


def statistics_changed(*, tournament_id: int) -> None:
    """Retire the tournament's statistics and records pages: they count hands and game results."""
    _replace([f"t{tournament_id}:statistics", f"t{tournament_id}:{ANY}"])


def session_changed(*, tournament_id: int, number: int, tables: bool = False) -> None:
    """Retire one session's page (its tables' results); with ``tables`` also the sessions overview
    on the tournament page (a table closed or reopened, a seat changed)."""
    subjects = [f"t{tournament_id}:session{number}", f"t{tournament_id}:{ANY}"]
    if tables:
        subjects.append(f"t{tournament_id}:sessions")
    _replace(subjects)


def pages_changed(*, tournament_id: int | None = None, season_id: int | None = None) -> None:
    """Retire every cached page of a tournament (or a season) and the site's pages: for changes
    that show on many pages (seating drawn, a ranking recomputed). Prefer the narrower helpers."""
    _replace([*_subjects(tournament_id=tournament_id, season_id=season_id)[:1], SITE])


def cached_part(request, *, part: str, render: Callable[[], str], tournament_id: int | None = None,
                season_id: int | None = None, depends: Iterable[str] | None = None) -> SafeString:
    """The HTML of one part of a public page: from the cache for anonymous visitors, else ``render()``
    (which must not depend on the visitor: it is shared by everyone). ``depends``: the tournament's
    parts (``standings``, ``sessions``, ``session<N>``) the HTML shows; any change of the
    tournament when not given."""
    if request.user.is_authenticated:
        return mark_safe(render())
    subjects = _subjects(tournament_id=tournament_id, season_id=season_id, parts=depends)
    key = f"league:pages:part:{_path_part(subjects[0])}:{part}:{get_language()}:{_state(subjects)}"
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, PAGE_TIMEOUT)
    return mark_safe(html)


# ---- whole pages and API reads, and their HTTP caching ----

def _anonymous(request) -> bool:
    """Without a session cookie or an API token the visitor is anonymous, known without a query;
    else ask."""
    if "HTTP_AUTHORIZATION" in request.META:
        return False
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return True
    return not request.user.is_authenticated


# A path (or subject) longer than this is named in the keys by its digest: every key stays within
# the 250 characters a memcached server (and Django's key check) allows, however long the address typed.
PATH_IN_KEY = 120


def _path_part(path: str) -> str:
    if len(path) <= PATH_IN_KEY and path.isascii() and path.isprintable() and " " not in path:
        return path
    return "sha256:" + hashlib.sha256(path.encode("utf-8", "surrogatepass")).hexdigest()


def _path_key(path: str) -> str:
    return f"league:pages:path:{_path_part(path)}"


# The subjects each path showed when this process last rendered it or read them from the cache
# (``_path_key``), so that a hit knows every key it reads at once; None for a path the cache kept
# nothing for when ``early_answer`` asked (it asks no more; ``cached_page`` does). Emptied when it
# grows past ``KNOWN_PATHS``: a forgotten path costs one more read.
_known_subjects: dict[str, list[str] | None] = {}
KNOWN_PATHS = 10_000

# The kept pages' shape: (content, content type, ETag, the moment it was kept, whether it is the
# API's, the digest it was kept under), and beside it (ETag, whether the API's, digest) alone. Named
# in their keys, so that copies of another shape left by an earlier version are never read.
ENTRY_SHAPE = "e3"


def _page_key(path: str, language: str) -> str:
    """The latest copy of a page: current while its digest is, else served while stale (``STALE_SECONDS``)."""
    return f"league:pages:page:{ENTRY_SHAPE}:{language}:{_path_part(path)}"


def _tag_key(path: str, language: str) -> str:
    """The kept page's ETag alone, beside the page: a conditional request reads a few bytes, not the page."""
    return f"league:pages:tag:{ENTRY_SHAPE}:{language}:{_path_part(path)}"


def _etag(digest: str, language: str, stamp: float | None) -> str:
    """The entity tag of a page kept under ``digest``: it changes exactly when the tokens do and is
    known without rendering; pages that expire by time (``timeout``) add the moment they were
    rendered, since they change without any token replaced."""
    tag = hashlib.sha1(f"{digest}:{language}".encode()).hexdigest()[:32]
    return tag if stamp is None else f"{tag}-{int(stamp * 1000)}"


def page_subject(request, *, tournament_id: int | None = None, season_id: int | None = None,
                 site: bool = False, parts: Iterable[str] | None = None) -> None:
    """Tell ``cached_page`` (or ``cached_read``) what the page being rendered shows: a tournament
    (with the ``parts`` it shows: ``standings``, ``statistics``, ``sessions``, ``session<N>``; any
    change of it when not given), a season or the site. Call it before reading what is shown: the
    page is kept under the tokens of that moment, so a change made while it renders leaves it
    unread. ``request`` may be the API's request (it is told through to Django's)."""
    subjects = _subjects(tournament_id=tournament_id, season_id=season_id, site=site, parts=parts)
    getattr(request, "_request", request)._page_subjects = (subjects, _state(subjects))


def _shared(response, api: bool) -> None:
    """The headers of a copy every anonymous visitor shares (a kept page, or its 304)."""
    _vary(response, api)
    _public(response)


def _vary(response, api: bool) -> None:
    # the language comes from the cookie or Accept-Language; logged-in users get other pages; the
    # API also negotiates its format and reads tokens
    patch_vary_headers(response, ("Cookie", "Accept-Language", *(("Accept", "Authorization") if api else ())))


def _public(response) -> None:
    """The same for every anonymous visitor: browsers and shared caches (a reverse proxy, a CDN)
    may keep it a few seconds and serve it a little longer while they ask again."""
    patch_cache_control(response, public=True, max_age=settings.PUBLIC_MAX_AGE, s_maxage=settings.PUBLIC_S_MAXAGE,
                        stale_while_revalidate=settings.PUBLIC_STALE_WHILE_REVALIDATE)


def _private(request, response):
    """Logged in (or otherwise the visitor's own): never kept by a shared cache, asked again each
    time; its entity tag is the body's own (never the public one), so a repeat answers 304 still."""
    patch_cache_control(response, private=True, no_cache=True)
    if request.method in ("GET", "HEAD") and response.status_code == 200 and not response.streaming:
        if hasattr(response, "render") and not response.is_rendered:
            response.render()
        set_response_etag(response)
        return get_conditional_response(request, etag=response["ETag"], response=response)
    return response


def _answer(entry, state: str) -> HttpResponse:
    content, content_type, etag = entry[:3]
    response = HttpResponse(content, content_type=content_type)
    response["X-Cache"] = state
    response["ETag"] = quote_etag(etag)
    return response


def _lookup(path: str, language: str, *, tag_only: bool = False) -> tuple[tuple | None, tuple | None]:
    """The kept copy of the page (with ``tag_only`` its ``(ETag, digest)`` alone) if it is current,
    and the latest kept copy whether current or not (None where there is none): one read of the
    cache, two for a path this process has not seen (see the module's docstring)."""
    subjects = _subjects_shown(path)
    if not subjects:
        return None, None
    return _read_kept(path, language, subjects, tag_only=tag_only)


def _subjects_shown(path: str, *, note_absent: bool = False) -> list[str] | None:
    """The subjects ``path`` showed when it was last kept: remembered, else read from the cache and
    remembered; with ``note_absent`` a path the cache kept nothing for is remembered as such."""
    subjects = _known_subjects.get(path)
    if subjects is None:
        subjects = cache.get(_path_key(path)) or None
        if subjects or note_absent:
            _remember(path, subjects)
    return subjects


def _read_kept(path: str, language: str, subjects: list[str], *, tag_only: bool) -> tuple[tuple | None, tuple | None]:
    keys = _state_keys(subjects)
    entry_key = (_tag_key if tag_only else _page_key)(path, language)
    found = cache.get_many([*keys, entry_key])
    entry = found.get(entry_key)
    if entry is None or len(found) != len(keys) + 1:
        return None, entry
    return (entry if entry[-1] == _digest(subjects, [found[key] for key in keys]) else None), entry


def _remember(path: str, subjects: list[str] | None) -> None:
    if len(_known_subjects) >= KNOWN_PATHS:
        _known_subjects.clear()
    _known_subjects[path] = subjects


def _cached(view, *, api: bool, timeout: int | None, reads: tuple[str, ...] = ()):
    """``cached_page`` and ``cached_read``: see there."""

    def shareable(request) -> bool:
        if request.method not in ("GET", "HEAD") or not _anonymous(request) or len(get_messages(request)):
            return False
        # the browsable API (HTML, with the visitor's forms) is rendered for each visitor
        return not api or ("text/html" not in request.META.get("HTTP_ACCEPT", "") and "format" not in request.GET)

    def where(request) -> str:
        # the API's query string (pages, searches) counts, as a digest: a key of bounded length
        # a page's own parameters (``reads``) count too, the rest of its query string does not
        query = request.META.get("QUERY_STRING", "") if api else urlencode(
            [(name, request.GET[name]) for name in reads if name in request.GET])
        return f"{request.path}?{hashlib.sha1(query.encode()).hexdigest()[:20]}" if query else request.path

    def current_etag(request, *args, **kwargs) -> str | None:
        """The entity tag of the copy that would be answered now, from the cache alone (no query,
        no rendering); None when there is none (the page is rendered). A conditional request reads
        the tag alone (a 304 needs no page); any other reads the page, which holds its tag."""
        if request.META.get("HTTP_IF_NONE_MATCH"):
            request._page_entry = request._page_latest = None
            tag = _lookup(where(request), get_language(), tag_only=True)[0]
            return tag[0] if tag else None
        request._page_entry, request._page_latest = _lookup(where(request), get_language())
        return request._page_entry[2] if request._page_entry else None

    @condition(etag_func=current_etag)
    def shared(request, *args, **kwargs):
        path, language = where(request), get_language()
        entry, latest = request._page_entry, request._page_latest
        if entry is None and request.META.get("HTTP_IF_NONE_MATCH"):  # a tag that did not match
            entry, latest = _lookup(path, language)
        if entry:
            return _answer(entry, "hit")
        lock = f"league:pages:rendering:{language}:{_path_part(path)}"
        if not cache.add(lock, 1, RENDER_LOCK_SECONDS):
            if latest and time.time() - latest[3] <= STALE_SECONDS:
                return _answer(latest, "stale")
            lock = None
        try:
            response = view(request, *args, **kwargs)
            if hasattr(response, "render") and not response.is_rendered:
                response.render()
            response["X-Cache"] = "miss"
            declared = getattr(request, "_page_subjects", None)
            # (the API may have found a caller the cookie and header test did not: such an answer
            # is that caller's own)
            if (declared is not None and response.status_code == 200 and not response.streaming
                    and not response.cookies and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
                    and not request.user.is_authenticated):
                subjects, digest = declared
                keep = timeout or (SITE_TIMEOUT if SITE in subjects else PAGE_TIMEOUT)
                now = time.time()
                etag = _etag(digest, language, now if (timeout or SITE in subjects) else None)
                cache.set_many({_path_key(path): subjects,
                                _page_key(path, language): (response.content, response["Content-Type"], etag, now,
                                                            api, digest),
                                _tag_key(path, language): (etag, api, digest)}, keep)
                _remember(path, subjects)
                response["ETag"] = quote_etag(etag)
        finally:
            if lock:
                cache.delete(lock)
        return response

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if not shareable(request):
            response = view(request, *args, **kwargs)
            _vary(response, api)
            return _private(request, response)
        response = shared(request, *args, **kwargs)
        if response.status_code == 304 or response.has_header("ETag"):  # a copy every visitor shares
            _shared(response, api)
            return response
        _vary(response, api)
        return _private(request, response)

    return wrapper


def cached_page(view=None, *, timeout: int | None = None, reads: tuple[str, ...] = ()):
    """The whole response of a public page for anonymous GET (and HEAD) requests, per path (the
    query string is ignored but for the parameters the page ``reads``) and language, under the tokens of the
    subjects the view declared with ``page_subject`` (and at most ``timeout`` seconds, for a page
    that changes with the time too). Only 200 responses without anything per-visitor are kept (no
    CSRF token was asked for, no flash message was pending). Logged-in users, other methods and
    visitors with pending messages get the page rendered. While one request renders a retired page,
    the others get the previous copy (``STALE_SECONDS``).

    HTTP: a kept page carries an ``ETag`` made from the tokens it was kept under and ``Cache-Control:
    public`` with ``max-age``, ``s-maxage`` and ``stale-while-revalidate`` (``PUBLIC_*`` settings), so
    that a reverse proxy or CDN may keep it too; ``If-None-Match`` with the current tag answers 304
    from the cache's tokens alone, without a query. Everything else (a logged-in visitor, a page with
    a flash message or a cookie) is ``private, no-cache`` with the body's own tag: an administrator's
    view of hidden standings never reaches a shared cache."""
    if view is None:
        return lambda view: _cached(view, api=False, timeout=timeout, reads=reads)
    return _cached(view, api=False, timeout=timeout, reads=reads)


def cached_read(view):
    """``cached_page`` for a read of the API (the view, e.g. ``SomeView.as_view()``, declares its
    subjects with ``page_subject`` as the pages do): kept per path with its query string (pages,
    searches) for anonymous callers (no session, no token) asking for JSON, with the same ``ETag``,
    ``Cache-Control`` and 304s."""
    return _cached(view, api=True, timeout=None)


# ---- kept copies answered before the rest of the middleware ----

def early_answer(request) -> HttpResponse | None:
    """The kept copy of a page or API read (or its 304) for an anonymous GET or HEAD without a query
    string, answered by ``league.middleware.KeptPagesMiddleware`` before the session, language, CSRF,
    authentication and messages middleware and the URL resolver run, as Django's own
    ``FetchFromCacheMiddleware`` does for its site-wide cache; None for every other request, which
    goes the whole way (and is still answered from the cache by ``cached_page`` where it can be).

    What those middleware would have told is known without them: no session cookie, no token and no
    messages cookie make an anonymous visitor with no message pending; the language is the one
    ``LocaleMiddleware`` would choose from the cookie and ``Accept-Language``; and the headers they
    would add (``Content-Language``, ``X-Frame-Options``, ``Content-Length``) are added here. A test
    compares every header of both ways. It saves about two thirds of a hit's time (issue 40)."""
    if (request.method not in ("GET", "HEAD") or request.META.get("QUERY_STRING")
            or "HTTP_AUTHORIZATION" in request.META or settings.SESSION_COOKIE_NAME in request.COOKIES
            or MESSAGES_COOKIE in request.COOKIES):
        return None
    path = request.path
    if path in _known_subjects and _known_subjects[path] is None:
        return None
    request.get_host()  # a Host the site does not serve is refused as on every other way
    language = translation.get_language_from_request(request)
    tag_only = bool(request.META.get("HTTP_IF_NONE_MATCH"))
    subjects = _subjects_shown(path, note_absent=True)
    if not subjects:
        return None
    entry = _read_kept(path, language, subjects, tag_only=tag_only)[0]
    if entry is None:
        return None
    api = entry[-2]
    if api and "text/html" in request.META.get("HTTP_ACCEPT", ""):  # the browsable API is the visitor's own
        return None
    if tag_only:
        etag = quote_etag(entry[0])
        response = get_conditional_response(request, etag=etag)
        if response is None:  # a tag that is not the current one: the page, the whole way
            return None
        response.headers.setdefault("ETag", etag)
    else:
        response = _answer(entry, "hit")
    _shared(response, api)
    response.headers.setdefault("Content-Language", language)
    response.headers.setdefault("X-Frame-Options", getattr(settings, "X_FRAME_OPTIONS", "DENY").upper())
    if not response.has_header("Content-Length"):
        response.headers["Content-Length"] = str(len(response.content))
    return response
