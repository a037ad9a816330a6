"""The one error type services raise: a code, a message for people, the fields it concerns and
the HTTP status a web caller should answer with; and the one error body every JSON answer carries
(the API, the score sheet's script, the commands): ``{"error": {"code", "message", "fields"}}``."""
from django.utils.translation import gettext

import scoring


def error_body(code: str, message: str, fields: dict | None = None, **extra) -> dict:
    """The error body of docs/api.md: ``fields`` maps a field's name to its messages (``{}`` when the
    error concerns no one field); ``extra`` adds what an error has besides (``table``, ``confirm``)."""
    return {"error": {"code": code, "message": str(message), "fields": fields or {}, **extra}}


def with_error_body(answer: dict) -> dict:
    """A scoring answer (one record's result from ``settle``/``handvalue``) whose error, if any,
    has the one shape: the scoring package's ``field`` (the record field at fault) becomes
    ``fields``; anything else it carries (``position``) stays beside."""
    error = answer.get("error")
    if not isinstance(error, dict) or "fields" in error:
        return answer
    field = error.get("field")
    extra = {key: value for key, value in error.items() if key not in ("code", "message", "field")}
    fields = {field: [error["message"]]} if field else {}
    return {**answer, **error_body(error["code"], error["message"], fields, **extra)}


class ServiceError(Exception):
    status = 400

    def __init__(self, code: str, message: str, *, fields: dict | None = None, status: int | None = None,
                 extra: dict | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = str(message)
        self.fields = fields or {}
        self.extra = extra or {}
        if status is not None:
            self.status = status

    def as_dict(self) -> dict:
        return error_body(self.code, self.message, self.fields, **self.extra)


class Conflict(ServiceError):
    """409: the request clashes with the data as it is (taken already, started, closed …)."""
    status = 409


class NotFound(ServiceError):
    """404: what the request names does not exist (any more): a claim, an invitation, a hand."""
    status = 404


class Forbidden(ServiceError):
    """403: the caller may not do this. Named apart from Django's and DRF's PermissionDenied, which
    the views and the API raise for a permission check (league.permissions) before any service."""
    status = 403


def from_scoring(error: "scoring.ScoringError", *, hand_number: int | None = None) -> ServiceError:
    """A scoring error in the user's language, tied to the field it concerns."""
    message = gettext(error.template).format(**error.params)
    if hand_number is not None:
        message = gettext("Hand %(number)s: %(message)s") % {"number": hand_number, "message": message}
    fields = {error.field: [message]} if error.field else {}
    service_error = ServiceError(error.code, message, fields=fields)
    service_error.scoring = error  # pages that know the players word it with their names
    return service_error


def form_errors_from(form, error: ServiceError) -> None:
    """A service's error on a Django form: each message on its field where the form has it, the
    rest (and the message itself when no field is named) above the form."""
    placed = False
    for field, messages in error.fields.items():
        if field in form.fields:
            form.add_error(field, [str(message) for message in messages])
            placed = True
    if not placed or set(error.fields) - set(form.fields):
        form.add_error(None, error.message)
