"""``settle/`` and ``handvalue/``: hand records in, results out; no login needed, nothing stored.

They accept one record (an object) or a batch (an array) and answer in the same shape, each
invalid record with its own error, exactly as ``manage.py settle`` and ``manage.py handvalue``
(a hand value's explain lines in the user's language).
Open to everyone, so bounded: requests per client are throttled (``SCORING_RATE_ANON``/``_USER``),
a batch holds at most ``SCORING_MAX_RECORDS_ANON`` records (``SCORING_MAX_RECORDS_USER`` with a
token or a login), and one request works at most ``SCORING_MAX_SECONDS``: records it did not reach
by then are answered with the error ``time_limit``, to be sent again.
"""
import time

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

import scoring
from league.errors import error_body, with_error_body
from league.ratelimit import RateThrottle


class ScoringAnonThrottle(RateThrottle):
    scope = "scoring_anon"
    anonymous_only = True


class ScoringUserThrottle(RateThrottle):
    scope = "scoring_user"
    users_only = True  # the anonymous throttle counts the others


def max_records(request) -> int:
    if request.user and request.user.is_authenticated:
        return settings.SCORING_MAX_RECORDS_USER
    return settings.SCORING_MAX_RECORDS_ANON


def _within_time(records: list, one) -> list[dict]:
    deadline = time.monotonic() + settings.SCORING_MAX_SECONDS
    answers = []
    for record in records:
        if time.monotonic() > deadline:
            answers.append(error_body("time_limit", _("Not reached within this request's time; send it again.")))
            continue
        answers.append(with_error_body(one(record)))
    return answers


def _answer(request, one):
    data = request.data
    if isinstance(data, list):
        limit = max_records(request)
        if len(data) > limit:
            return Response(error_body("batch_too_large", _("At most %(count)s records in one request.")
                                       % {"count": limit}), status=413)
        return Response(_within_time(data, one))
    answer = with_error_body(one(data))
    return Response(answer, status=400 if "error" in answer else 200)


class ScoringView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScoringAnonThrottle, ScoringUserThrottle]


class SettleView(ScoringView):
    @extend_schema(request={"application/json": {"type": "object"}}, responses={200: {"type": "object"}})
    def post(self, request):
        return _answer(request, scoring.settle)


class HandValueView(ScoringView):
    @extend_schema(request={"application/json": {"type": "object"}}, responses={200: {"type": "object"}})
    def post(self, request):
        return _answer(request, _value_one)


def _value_one(record):
    """A hand value with its explain lines in the user's language (league/handvalue_texts.py)."""
    # Imported here: the hand value engines bring the mahjong and PyMahjongGB libraries (about 5 MB),
    # which a process loads with its first hand value rather than as it starts (issue 40).
    from league.handvalue_texts import translate_explain
    from scoring import handvalue

    return translate_explain(handvalue.value(record))
