"""The language switcher: plain links, so the public pages carry no per-visitor CSRF token and can
be cached whole (league.cache.cached_page)."""

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@never_cache
@require_safe
def language(request, code: str):
    """Show the pages in language ``code`` from now on (the language cookie) and go back to ``next``
    (a path on this site; anything else, or none, leads home).

    A GET that sets a cookie: acceptable here because it only changes the display language, nothing
    stored and nothing a forged link could abuse (Django's own set_language view does the same on GET
    when no ``next`` is posted). Django's POST view stays at /i18n/setlang/."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    target = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, code,
        max_age=settings.LANGUAGE_COOKIE_AGE, path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN, secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY, samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
