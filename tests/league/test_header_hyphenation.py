"""Column headers may break inside a long word on a phone, at the active language's hyphenation points,
never leaving fewer than four letters on a line (league/templatetags/headers.py)."""

from django.template import Context, Template
from django.utils import translation

from league.templatetags.headers import SOFT_HYPHEN, _dictionary, hyphenate


def test_a_long_german_header_may_break_between_its_parts():
    with translation.override("de"):
        assert hyphenate("Tischpunkte") == f"Tisch{SOFT_HYPHEN}punkte"
        assert hyphenate("Durchschnittsplatz") == f"Durch{SOFT_HYPHEN}schnitts{SOFT_HYPHEN}platz"


def test_no_break_leaves_fewer_than_four_letters_before_or_after_it():
    with translation.override("de"):
        for word in ("Tischpunkte", "Selbstgezogen", "Eingeworfen", "Durchschnittsplatz"):
            parts = hyphenate(word).split(SOFT_HYPHEN)
            assert "".join(parts) == word and len(parts) > 1
            for point in range(1, len(parts)):
                before, after = "".join(parts[:point]), "".join(parts[point:])
                assert len(before) >= 4 and len(after) >= 4, (before, after)


def test_short_words_words_with_a_hyphen_and_spaces_are_left_as_they_are():
    with translation.override("de"):
        assert hyphenate("Partien") == "Partien"
        assert hyphenate("Limit-Hände") == "Limit-Hände"
    with translation.override("en"):
        assert hyphenate("Table points") == "Table points"
        assert hyphenate("Self-draws") == "Self-draws"


def test_the_filter_hyphenates_the_translated_header_in_a_template():
    template = Template('{% load i18n headers %}<th>{{ _("Table points")|hyphenate }}</th>')
    with translation.override("de"):
        assert template.render(Context()) == f"<th>Tisch{SOFT_HYPHEN}punkte</th>"
    with translation.override("en"):
        assert template.render(Context()) == "<th>Table points</th>"


def test_a_web_process_reads_the_dictionaries_of_every_language_of_the_site_as_it_starts():
    import importlib

    from django.conf import settings

    import mjl.wsgi

    _dictionary.cache_clear()
    importlib.reload(mjl.wsgi)  # what a web process runs as it starts
    assert _dictionary.cache_info().currsize == len(settings.LANGUAGES)
    misses = _dictionary.cache_info().misses
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            hyphenate("Tischpunkte")
    assert _dictionary.cache_info().misses == misses  # no page reads a dictionary


def test_the_packed_dictionaries_hold_exactly_pyphens_patterns_and_find_the_same_points():
    import pyphen

    from league.templatetags.headers import _read

    for lang in ("de_DE", "en_GB", "en_US"):
        path = pyphen.LANGUAGES[lang]
        ours, theirs = _read(path), pyphen.HyphDict(path)
        assert ours.maxlen == theirs.maxlen
        assert all(ours.patterns.get(key) == value for key, value in theirs.patterns.items())
        # a pattern's neighbours that are no patterns are not found: longer, shorter, or with another end
        for key in list(theirs.patterns)[::7]:
            for other in (key + "e", key[:-1], key[:-1] + ("x" if key[-1] != "x" else "y"), "." + key):
                assert ours.patterns.get(other) == theirs.patterns.get(other), other
        words = [key.strip(".") * 2 for key in list(theirs.patterns)[::11]] + ["Tischpunkte", "Durchschnittsplatz"]
        assert [ours.positions(word) for word in words] == [theirs.positions(word) for word in words]


def test_a_dictionary_with_nonstandard_hyphenation_is_read_as_pyphen_reads_it():
    import pyphen

    from league.templatetags.headers import _read

    path = pyphen.LANGUAGES["hu_HU"]  # "ssz/sz=sz,1,3" and the like
    ours, theirs = _read(path), pyphen.HyphDict(path)
    assert ours.patterns == theirs.patterns
    assert ours.positions("asszonnyal") == theirs.positions("asszonnyal")
