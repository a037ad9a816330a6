"""``settle/`` and ``handvalue/``: hand records in, results out; no login, nothing stored.

They accept one record (an object) or a batch (an array) and answer in the same shape, each
invalid record with its own error, exactly as ``manage.py settle`` and ``manage.py handvalue``
(a hand value's explain lines in the user's language).
"""
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

import scoring
from league.handvalue_texts import translate_explain
from scoring import handvalue

MAX_BATCH = 1000


def _answer(request, one, many):
    data = request.data
    if isinstance(data, list):
        if len(data) > MAX_BATCH:
            return Response({"error": {"code": "batch_too_large",
                                       "message": _("At most %(count)s records in one request.")
                                       % {"count": MAX_BATCH}, "fields": {}}},
                            status=413)
        return Response(many(data))
    answer = one(data)
    return Response(answer, status=400 if "error" in answer else 200)


class SettleView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(request={"application/json": {"type": "object"}}, responses={200: {"type": "object"}})
    def post(self, request):
        return _answer(request, scoring.settle, scoring.settle_many)


class HandValueView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(request={"application/json": {"type": "object"}}, responses={200: {"type": "object"}})
    def post(self, request):
        return _answer(request, _value_one, _value_many)


def _value_one(record):
    """A hand value with its explain lines in the user's language (league/handvalue_texts.py)."""
    return translate_explain(handvalue.value(record))


def _value_many(records):
    return [translate_explain(answer) for answer in handvalue.value_many(records)]
