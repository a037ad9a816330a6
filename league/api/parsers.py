"""The API's JSON parser: a body larger than ``JSON_MAX_BYTES`` is refused (413) before it is read
in full; nesting deeper than ``MAX_DEPTH``, strings longer than ``MAX_STRING``, NUL characters and
lone surrogates (no database can store them) are refused as malformed (400)."""
import codecs
import json
import re

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError

MAX_DEPTH = 32
MAX_STRING = 10_000
# NUL and the other control characters (tab and line ends aside) and unpaired surrogates: no
# database column, workbook cell or page can hold them, and nobody types them.
UNSTORABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def check_json_value(value) -> None:
    """Raise ParseError for what no field of this API may hold: too deep, too long, unstorable."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise ParseError(_("The JSON is nested deeper than %(depth)s levels.") % {"depth": MAX_DEPTH})
            if isinstance(item, dict):
                stack.extend((key, depth) for key in item)
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            if len(item) > MAX_STRING:
                raise ParseError(_("A text in the JSON is longer than %(count)s characters.") % {"count": MAX_STRING})
            if UNSTORABLE.search(item):
                raise ParseError(_("A text in the JSON contains a control character or an unpaired surrogate."))


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        limit = settings.JSON_MAX_BYTES
        too_large = RequestTooLarge(_("The request body is larger than %(size)s bytes.") % {"size": limit})
        request = parser_context.get("request")
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0) if request is not None else 0
        except ValueError:
            declared = 0
        if declared > limit:
            raise too_large
        body = stream.read(limit + 1)
        if len(body) > limit:
            raise too_large
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.decode(body, encoding)
            value = json.loads(text, parse_constant=_refuse_constant)
        except RecursionError:
            raise ParseError(_("The JSON is nested deeper than %(depth)s levels.") % {"depth": MAX_DEPTH}) from None
        except (ValueError, LookupError) as error:
            raise ParseError(_("JSON parse error: %(error)s") % {"error": error}) from None
        check_json_value(value)
        return value
