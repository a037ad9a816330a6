"""Login with a brute-force brake: after ``MAX_FAILURES`` failed attempts for one username from one
address within ``WINDOW`` seconds, further attempts are refused for ``WINDOW`` seconds. Counters
live in Django's cache, so they are shared by all web processes when the cache is shared (redis)."""

import hashlib

from django.contrib import admin, messages
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.utils.translation import gettext as _

MAX_FAILURES = 5
WINDOW = 15 * 60


def _key(kind: str, request, username: str) -> str:
    ip = request.META.get("REMOTE_ADDR", "")
    digest = hashlib.sha256(f"{username.strip().lower()}|{ip}".encode()).hexdigest()[:32]
    return f"login:{kind}:{digest}"


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        self.lock_key = _key("lock", request, username)
        self.fail_key = _key("fail", request, username)
        if cache.get(self.lock_key):
            form = self.get_form_class()(request, initial={"username": username})
            locked = _("Too many failed attempts. Please wait 15 minutes before trying again.")
            messages.error(request, locked)
            response = self.render_to_response(self.get_context_data(form=form, locked=locked))
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        cache.add(self.fail_key, 0, WINDOW)
        try:
            failures = cache.incr(self.fail_key)
        except ValueError:  # expired between add and incr
            cache.set(self.fail_key, 1, WINDOW)
            failures = 1
        if failures >= MAX_FAILURES:
            cache.set(self.lock_key, True, WINDOW)
            cache.delete(self.fail_key)
        return super().form_invalid(form)

    def form_valid(self, form):
        cache.delete(self.fail_key)
        return super().form_valid(form)


class AdminLoginView(LoginView):
    """The admin's login page with the same brake: the admin is the way into staff accounts."""

    template_name = "admin/login.html"

    def get_context_data(self, **kwargs):
        return {**admin.site.each_context(self.request), **super().get_context_data(**kwargs)}


class LogoutView(auth_views.LogoutView):
    """POST only (Django's default); GET shows nothing to click by accident."""
