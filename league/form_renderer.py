"""The form renderer: Django's own, remembering the HTML of what it rendered from plain values.

Django renders every widget, label and error list of a form through a template of its own; the
score sheet's hand form has some thirty of them, which made half of the sheet's render (the page
referees load after each hand). The same widget with the same values gives the same HTML, so a
render whose context holds only plain values (texts, numbers, lists and dicts of them) is kept,
keyed on the template, the active language and those values (types included: a safe text renders
unlike a plain one). Anything else (a model instance, a bound field) is rendered each time; Django's
label template is given its bound field but prints only the label, its tag and attributes, so the
field is left out of that key.
"""
from __future__ import annotations

import datetime
from decimal import Decimal

from django.forms.renderers import DjangoTemplates
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import get_language

REMEMBERED = 4096
LABEL = "django/forms/label.html"  # prints use_tag, tag, attrs and label, never the field
_PLAIN = (str, SafeString, int, bool, float, Decimal, type(None), datetime.date, datetime.datetime, datetime.time)


class _NotPlain(Exception):
    pass


def _frozen(value):
    kind = type(value)
    if kind in _PLAIN:
        return kind, value
    if kind is dict:
        return dict, tuple((key, _frozen(item)) for key, item in value.items())  # in order: attributes
    if kind is list or kind is tuple:
        return kind, tuple(_frozen(item) for item in value)
    if isinstance(value, Promise):  # a lazy translation: the text it gives in the active language
        text = str(value)
        return type(text), text
    raise _NotPlain


class RememberingRenderer(DjangoTemplates):
    """``DjangoTemplates`` with its renders of plain contexts remembered (per process)."""

    def __init__(self) -> None:
        super().__init__()
        self._seen: dict = {}

    def render(self, template_name, context, request=None):
        if request is not None:
            return super().render(template_name, context, request)
        try:
            plain = {k: v for k, v in context.items() if k != "field"} if template_name == LABEL else context
            key = (template_name, get_language(), _frozen(plain))
        except _NotPlain:
            return super().render(template_name, context, request)
        html = self._seen.get(key)
        if html is None:
            html = super().render(template_name, context, request)
            if len(self._seen) >= REMEMBERED:
                self._seen.clear()
            self._seen[key] = html
        return html
