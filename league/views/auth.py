"""Login with a brute-force brake (league.services.logins), for the site's login and the admin's."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.shortcuts import resolve_url
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters

from ..models import Player, RefereeAssignment
from ..permissions import is_league_admin
from ..services.logins import login_failed, login_refusal, login_succeeded


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        if (refusal := login_refusal(request, username)) is not None:
            form = self.get_form_class()(request, initial={"username": username})
            response = self.render_to_response(self.get_context_data(form=form, locked=refusal))
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        login_failed(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        login_succeeded(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)

    def get_default_redirect_url(self):
        """Administrators land in the management area, players (who referee nothing) on their Me
        page, everyone else on their tables."""
        user = self.request.user
        if is_league_admin(user):
            return resolve_url("manage")
        if Player.objects.filter(user=user).exists() and not RefereeAssignment.objects.filter(user=user).exists():
            return resolve_url("me")
        return super().get_default_redirect_url()


@sensitive_post_parameters()
@csrf_protect
@never_cache
def admin_login(request):
    """Django's own admin login (staff form, redirects, context), with the same brake."""
    if request.method != "POST":
        return admin.site.login(request)
    username = request.POST.get("username", "")
    if (refusal := login_refusal(request, username)) is not None:
        request.method = "GET"  # show the form again without trying the password
        response = admin.site.login(request, extra_context={"locked": refusal})
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
