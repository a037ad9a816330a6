"""The product's own error pages (DEBUG off), and JSON in the API's error format under /api/."""
import sys

from django.db import InterfaceError, OperationalError
from django.utils.translation import gettext as _
from django.views import defaults

from ..middleware import error_json, failure_json, is_api


def bad_request(request, exception, template_name="400.html"):
    if is_api(request):
        return error_json("bad_request", _("The request could not be read."), 400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception, template_name="403.html"):
    if is_api(request):
        return error_json("forbidden", _("You do not have permission to perform this action."), 403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception, template_name="404.html"):
    if is_api(request):
        return error_json("not_found", _("Not found."), 404)
    return defaults.page_not_found(request, exception)


def server_error_page(request, template_name="500.html"):
    """Called while the failure is being handled, so the exception tells a database that is down
    (503: try again) from a fault (500)."""
    failure = sys.exc_info()[1]
    down = isinstance(failure, OperationalError | InterfaceError)
    if is_api(request):
        return failure_json(failure)
    response = defaults.server_error(request)
    if down:
        response.status_code = 503
    return response
