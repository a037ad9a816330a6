"""Login with a brute-force brake, for the site's login and the admin's: after ``MAX_FAILURES``
failed attempts for one username from one address within ``WINDOW`` seconds, further attempts are
refused for ``WINDOW`` seconds. Counters live in Django's cache, so they are shared by all web
processes when the cache is shared (redis). The address is the one the API's throttles use, so
``NUM_PROXIES`` tells both where the client's address is behind a reverse proxy."""

import hashlib

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from rest_framework.throttling import BaseThrottle

MAX_FAILURES = 5
WINDOW = 15 * 60


def _key(kind: str, request, username: str) -> str:
    address = BaseThrottle().get_ident(request)
    digest = hashlib.sha256(f"{username.strip().lower()}|{address}".encode()).hexdigest()[:32]
    return f"login:{kind}:{digest}"


def login_locked(request, username: str) -> bool:
    return bool(cache.get(_key("lock", request, username)))


def login_failed(request, username: str) -> None:
    fail_key = _key("fail", request, username)
    cache.add(fail_key, 0, WINDOW)
    try:
        failures = cache.incr(fail_key)
    except ValueError:  # expired between add and incr
        cache.set(fail_key, 1, WINDOW)
        failures = 1
    if failures >= MAX_FAILURES:
        cache.set(_key("lock", request, username), True, WINDOW)
        cache.delete(fail_key)


def login_succeeded(request, username: str) -> None:
    cache.delete(_key("fail", request, username))


def locked_message() -> str:
    return _("Too many failed attempts. Please wait 15 minutes before trying again.")


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        if login_locked(request, username):
            form = self.get_form_class()(request, initial={"username": username})
            response = self.render_to_response(self.get_context_data(form=form, locked=locked_message()))
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        login_failed(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        login_succeeded(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)


@sensitive_post_parameters()
@csrf_protect
@never_cache
def admin_login(request):
    """Django's own admin login (staff form, redirects, context), with the same brake."""
    if request.method != "POST":
        return admin.site.login(request)
    username = request.POST.get("username", "")
    if login_locked(request, username):
        request.method = "GET"  # show the form again without trying the password
        response = admin.site.login(request, extra_context={"locked": locked_message()})
        response.status_code = 429
        return response
    response = admin.site.login(request)
    if response.status_code == 302:
        login_succeeded(request, username)
    else:
        login_failed(request, username)
    return response


class LogoutView(auth_views.LogoutView):
    """POST only (Django's default); GET shows nothing to click by accident."""
