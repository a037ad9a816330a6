"""One way to turn a language code someone gave into one of the site's languages."""
import pytest

from league.languages import site_language


@pytest.mark.parametrize(("given", "expected"), [("de", "de"), ("de-AT", "de"), ("de-at", "de"), ("en-us", "en"),
                                                 ("EN", "en"), ("fr", "de"), ("", "de"), (None, "de")])
def test_a_language_code_becomes_one_of_the_sites_languages(settings, given, expected):
    settings.LANGUAGE_CODE = "de"
    assert site_language(given) == expected
