"""Table columns that fit a phone: ``{{ _("Table points")|hyphenate }}``.

A German header is often one long compound ("Tischpunkte", "Durchschnittsplatz"), and so is many a
tournament's name ("Donnerstagsrunde"); the longest word sets the width of its column, and with it can
push a table of numbers past a 360 px screen. The filter puts soft hyphens (U+00AD, invisible unless
the line breaks there) at the hyphenation points of the active language, so such a word may break as
"Tisch-/punkte" when its column is narrow and stays whole when it is not. Only points that leave at
least four letters on either side are used: "Tisch-punkte", never "Tischpunk-te"; a word with a hyphen
of its own ("Self-draws") breaks there and gets none.

The hyphenation points come from Pyphen (LibreOffice's dictionaries), which WeasyPrint already
brings for the printed PDFs; browsers' own ``hyphens: auto`` is not used because it depends on
dictionaries a browser may not have (desktop Chromium downloads them on demand). Reading the German
dictionary takes about half a second, once per process: a web process does it as it starts
(:func:`warm`, called by ``mjl.wsgi``), not on a visitor's first page.

The dictionaries are read by :func:`_read` in the packed form of league.hyphenation: reading German
and English adds about 5 MB to a web process instead of Pyphen's 20 (issue 40).
"""

import gc
from functools import lru_cache

import pyphen
from django import template
from django.conf import settings
from django.utils.translation import get_language

from .. import hyphenation

register = template.Library()

SOFT_HYPHEN = "\u00ad"
_LEFT = _RIGHT = 4  # letters kept together at either end of a word


def _read(path) -> pyphen.HyphDict:
    """Pyphen's ``HyphDict(path)``, its patterns packed (league.hyphenation); Pyphen's own for a
    dictionary with nonstandard hyphenation (none of the site's languages)."""
    try:
        packed = hyphenation.packed(path)
    except ValueError:
        return pyphen.HyphDict(path)
    # Only a full collection empties the interpreter's free lists, which keep thousands of the
    # reading's tuples for reuse: then what stays is made in memory the reading has given back.
    gc.collect()
    return hyphenation.hyph_dict(packed)


@lru_cache(maxsize=8)
def _dictionary(language: str) -> pyphen.Pyphen | None:
    lang = pyphen.language_fallback(language.replace("-", "_"))
    if not lang:
        return None
    path = pyphen.LANGUAGES[lang]
    if path not in pyphen.hdcache:
        pyphen.hdcache[path] = _read(path)
    return pyphen.Pyphen(lang=lang, left=_LEFT, right=_RIGHT)


@register.filter
def hyphenate(text) -> str:
    """``text`` with soft hyphens where its words may break, in the active language."""
    text = str(text)
    dictionary = _dictionary(get_language() or "en")
    if dictionary is None:
        return text
    return " ".join(word if "-" in word else dictionary.inserted(word, hyphen=SOFT_HYPHEN)
                    for word in text.split(" "))


def warm() -> None:
    """Read the dictionaries of the site's languages now."""
    for code, _name in settings.LANGUAGES:
        _dictionary(code)
