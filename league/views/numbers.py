"""Whole numbers as people type them on a score sheet, in the page's language: "1.000" and "1000"
in German, "1,000" and "1000" in English. Anything that could be read two ways ("1,000" under
German, "1.000" under English, "1.00") or is not a number at all is an error at the field, never a guess."""

import re

from django import forms
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from ..validators import LARGEST_ID

# Spaces people and phones put between groups of digits: space, no-break and narrow no-break space.
_SPACES = re.compile(r"[ \u00a0\u202f]")


def parse_whole_number(text: str) -> int | None:
    """The whole number ``text`` means in the active language, or None when it is not one."""
    text = text.strip()
    if re.fullmatch(r"\d+", text):
        return int(text)
    grouped = _SPACES.sub(" ", text)
    separator = re.escape(formats.get_format("THOUSAND_SEPARATOR"))
    for group in (" ", separator):
        if re.fullmatch(rf"\d{{1,3}}(?:{group}\d{{3}})+", grouped):
            return int(re.sub(r"\D", "", grouped))
    return None




def posted_int(value, default: int | None = None) -> int | None:
    """An id or count from a form field or query string: a whole number from 0 to ``LARGEST_ID``,
    else ``default`` (so that "abc" or thirty nines end as a 404 or a field error, never a 500)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return number if 0 <= number <= LARGEST_ID else default


class WholeNumberField(forms.IntegerField):
    """An IntegerField that reads the page language's thousands separator. A text input (not
    ``type=number``, which would throw away "1,000" without a word) with the numeric keypad."""

    widget = forms.TextInput
    default_error_messages = {"invalid": _("Enter a whole number, such as 1000 or 1,000.")}

    def __init__(self, **kwargs):
        kwargs.setdefault("localize", False)
        super().__init__(**kwargs)

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs.pop("min", None)
        attrs.pop("max", None)
        attrs.pop("step", None)
        attrs.update(inputmode="numeric", autocomplete="off")
        return attrs

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = parse_whole_number(str(value))
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number
