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

The dictionaries are read by :func:`_read`, Pyphen's own reading with one change: the roughly 80,000
patterns share the few thousand distinct hyphenation values among them instead of each holding its own
copy, which halves what the two dictionaries take in every web process (about 10 MB instead of 20;
issue 40). The result is Pyphen's ``HyphDict``, put where ``Pyphen`` looks for it.
"""

from functools import lru_cache

import pyphen
from django import template
from django.conf import settings
from django.utils.translation import get_language

register = template.Library()

SOFT_HYPHEN = "\u00ad"
_LEFT = _RIGHT = 4  # letters kept together at either end of a word


def _read(path) -> pyphen.HyphDict:
    """Pyphen's ``HyphDict(path)`` (pyphen 0.18), its equal values stored once."""
    hyph_dict = pyphen.HyphDict.__new__(pyphen.HyphDict)
    hyph_dict.patterns = patterns = {}
    shared: dict = {}
    with path.open("rb") as file:
        encoding = file.readline().decode()
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    for pattern in path.read_text(encoding).split("\n")[1:]:
        pattern = pattern.strip()
        if not pattern or pattern.startswith(pyphen.ignored):
            continue
        pattern = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), pattern)
        factory: type[int] | pyphen.AlternativeParser = int
        if "/" in pattern and "=" in pattern:
            pattern, alternative = pattern.split("/", 1)
            factory = pyphen.AlternativeParser(pattern, alternative)
        tags, values = zip(*[(string, factory(i or "0")) for i, string in pyphen.parse(pattern)], strict=True)
        if max(values) == 0:
            continue
        start, end = 0, len(values)
        while not values[start]:
            start += 1
        while not values[end - 1]:
            end -= 1
        value = (start, values[start:end])
        patterns["".join(tags)] = shared.setdefault(value, value)
    hyph_dict.cache = {}
    hyph_dict.maxlen = max(len(key) for key in patterns)
    return hyph_dict


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
