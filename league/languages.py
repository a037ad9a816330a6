"""The site's language for a language code someone gave (an export request, a sign-up's browser)."""
from django.conf import settings


def site_language(language: str | None) -> str:
    """One of the site's languages: the code itself if the site has it, else its base ("de-at" →
    "de"), else the default language."""
    codes = dict(settings.LANGUAGES)
    code = (language or "").lower()
    for candidate in (code, code.split("-")[0]):
        if candidate in codes:
            return candidate
    return settings.LANGUAGE_CODE
