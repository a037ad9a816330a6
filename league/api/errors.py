"""Every API error as ``{"error": {"code", "message", "fields"}}``: a 4xx status for what the
client sent, 503 while the database is unreachable, 500 (logged) for a fault of ours."""
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import IntegrityError
from django.db.models import ProtectedError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from ..errors import ServiceError, error_body
from ..middleware import failure_body

_CODES = {
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ParseError: "bad_request",
    exceptions.ValidationError: "invalid",
}


def _flatten(detail) -> dict:
    if isinstance(detail, dict):
        return {key: [str(m) for m in (value if isinstance(value, list) else [value])] for key, value in detail.items()}
    return {}


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, ProtectedError):
        return Response(error_body("in_use", _("This is still in use (registrations, seats or results) "
                                               "and cannot be deleted.")), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, IntegrityError):  # a rule of the database that validation did not foresee
        set_rollback()
        return Response(error_body("conflict", _("This contradicts data already stored and was not saved.")),
                        status=status.HTTP_409_CONFLICT)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):  # Django's, answered as DRF's
        exc = exceptions.PermissionDenied(exc.args[0] if exc.args else None)
    elif isinstance(exc, RequestDataTooBig):
        return Response(error_body("too_large", _("The request body is too large.")),
                        status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    elif isinstance(exc, SuspiciousOperation):
        exc = exceptions.ParseError(_("The request could not be read."))
    response = drf_exception_handler(exc, context)
    if response is None:
        set_rollback()
        body, code = failure_body(exc)
        return Response(body, status=code)
    code = next((c for cls, c in _CODES.items() if isinstance(exc, cls)), getattr(exc, "default_code", "error"))
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten(exc.detail)
        if isinstance(exc.detail, list):
            message = " ".join(str(m) for m in exc.detail)
        else:
            message = _("Some fields are not valid.")
        response.data = error_body(code, message, fields)
        response.status_code = status.HTTP_400_BAD_REQUEST
    else:
        response.data = error_body(code, str(exc.detail))
    return response

