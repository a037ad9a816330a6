"""Request-wide guards: the Content-Security-Policy on every answer, NUL characters refused before
any view sees them, and the API's unexpected failures answered as JSON (503 while the database
is unreachable) instead of an HTML error page.

The policy is a constant of our own rather than the django-csp package: the pages load scripts
and styles only from /static/ (no inline script, no style attribute), so one header string is
all it takes and there is no dependency to keep up to date. ``CONTENT_SECURITY_POLICY`` in the
settings replaces it.
"""
import logging

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
                           "form-action 'self'; frame-ancestors 'none'")


def is_api(request) -> bool:
    return request.path_info.startswith("/api/")


def error_body(code: str, message: str) -> dict:
    return {"error": {"code": code, "message": str(message), "fields": {}}}


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


class ApiErrorsMiddleware:
    """Failures of the API's views that nothing else answered: JSON, 503 when the database is down."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return failure_json(exception) if is_api(request) else None
