"""Request-wide guards: every request body capped before it is read (per endpoint), the
Content-Security-Policy on every answer, NUL characters refused before any view sees them, and
the API's unexpected failures answered as JSON (503 while the database is unreachable) instead of
an HTML error page.

The policy is a constant of our own rather than the django-csp package: the pages load scripts
and styles only from /static/ (no inline script, no style attribute), so one header string is
all it takes and there is no dependency to keep up to date. ``CONTENT_SECURITY_POLICY`` in the
settings replaces it.
"""
import logging
import re
from io import IOBase

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _

from .cache import early_answer
from .errors import error_body

logger = logging.getLogger(__name__)

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
                           "form-action 'self'; frame-ancestors 'none'")


def is_api(request) -> bool:
    return request.path_info.startswith("/api/")


def error_json(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse(error_body(code, message), status=status)


def failure_body(exception: BaseException | None) -> tuple[dict, int]:
    """The API's answer to an exception nothing else handled: 503 while the database is
    unreachable (try again), else 500."""
    if isinstance(exception, OperationalError | InterfaceError):
        logger.error("database unreachable: %s", exception)
        return error_body("unavailable", _("The database cannot be reached just now. Please try again in a "
                                           "moment.")), 503
    logger.error("unexpected error", exc_info=exception)
    return error_body("server_error", _("Something went wrong on the server. Please try again; if it happens "
                                        "again, tell the organisers.")), 500


def failure_json(exception: BaseException | None) -> JsonResponse:
    body, status = failure_body(exception)
    return JsonResponse(body, status=status)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = getattr(settings, "CONTENT_SECURITY_POLICY", CONTENT_SECURITY_POLICY)

    def __call__(self, request):
        response = self.get_response(request)
        if self.policy:
            response.headers.setdefault("Content-Security-Policy", self.policy)
        return response


class KeptPagesMiddleware:
    """Kept public pages for anonymous visitors, answered before the rest of the middleware
    (``league.cache.early_answer``); placed after WhiteNoise and before the session middleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = early_answer(request)
        return self.get_response(request) if response is None else response


class RefuseNulMiddleware:
    """A NUL character in the path or the query string is never meant (PostgreSQL cannot even
    compare with it): 400 before any query."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path_info or "%00" in request.META.get("QUERY_STRING", "") or any(
                "\x00" in value for values in request.GET.lists() for value in [values[0], *values[1]]):
            message = _("The address contains a NUL character.")
            if is_api(request):
                return error_json("bad_request", message, 400)
            return HttpResponseBadRequest(message)
        return self.get_response(request)


SMALL_BODY = 64 * 1024
# The endpoints whose bodies may be larger or must be smaller than BODY_MAX_BYTES: the uploads take
# UPLOAD_MAX_BYTES, the anonymous logins and sign-ups SMALL_BODY. First match wins.
BODY_LIMITS = (
    (re.compile(r"^/api/v1/(tournaments/\d+/imports|players/bulk|seasons/\d+/external-results)/$"),
     "UPLOAD_MAX_BYTES"),
    (re.compile(r"^/manage/(players/bulk|t/[^/]+/import)/$"), "UPLOAD_MAX_BYTES"),
    (re.compile(r"^/(api/v1/auth/token|login|admin/login)/$"), SMALL_BODY),
    (re.compile(r"^/(api/v1/account/claim|account/claim|account/password/reset(?:/.*)?)/$"), SMALL_BODY),
    (re.compile(r"^/(api/v1/tournaments/\d+/signups|t/[^/]+/signup)/$"), SMALL_BODY),
)


def body_limit(path: str) -> int:
    """The most bytes a request body to ``path`` may have."""
    for pattern, limit in BODY_LIMITS:
        if pattern.match(path):
            return getattr(settings, limit) if isinstance(limit, str) else limit
    return settings.BODY_MAX_BYTES


class CappedStream(IOBase):
    """A request body that raises RequestDataTooBig once more than ``limit`` bytes are read: the cap
    for bodies without a Content-Length (chunked) or with one that lies."""

    def __init__(self, stream, limit: int):
        self.stream, self.limit, self.read_so_far = stream, limit, 0

    def _count(self, data: bytes) -> bytes:
        self.read_so_far += len(data)
        if self.read_so_far > self.limit:
            raise RequestDataTooBig(f"request body over {self.limit} bytes")
        return data

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            size = self.limit + 1 - self.read_so_far
        return self._count(self.stream.read(min(size, self.limit + 1 - self.read_so_far)))

    def readline(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            size = self.limit + 1 - self.read_so_far
        return self._count(self.stream.readline(min(size, self.limit + 1 - self.read_so_far)))

    def readable(self) -> bool:
        return True


def too_large(request, limit: int) -> HttpResponse:
    message = _("The request body is larger than %(size)s bytes.") % {"size": limit}
    if is_api(request):
        return error_json("too_large", message, 413)
    return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")


class BodyLimitMiddleware:
    """Every request body capped before anyone reads it, per endpoint (``body_limit``): a declared
    Content-Length over the cap is answered 413 at once, so nothing is parsed or spooled to disk;
    a body without one is read through ``CappedStream``. The reverse proxy caps it too (README)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = body_limit(request.path_info)
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        if declared > limit:
            return too_large(request, limit)
        if hasattr(request, "_stream"):
            request._stream = CappedStream(request._stream, limit)
        try:
            return self.get_response(request)
        except RequestDataTooBig:
            return too_large(request, limit)

    def process_exception(self, request, exception):
        if isinstance(exception, RequestDataTooBig):
            return too_large(request, body_limit(request.path_info))
        return None


class ApiErrorsMiddleware:
    """Failures of the API's views that nothing else answered: JSON, 503 when the database is down."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return failure_json(exception) if is_api(request) else None
