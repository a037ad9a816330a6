"""Login with a brute-force brake (league.services.logins), for the site's login and the admin's;
password reset for every account with Django's own views (a link by e-mail, valid
``PASSWORD_RESET_TIMEOUT``), its requests braked per address and per e-mail address and answered
alike whether or not an account has the address."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.shortcuts import resolve_url
from django.urls import reverse_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters

from ..models import Player, RefereeAssignment
from ..permissions import has_scope
from ..services.logins import (
    login_failed,
    login_refusal,
    login_succeeded,
    password_reset_allowed,
    password_reset_refused_message,
)


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
        """Administrators (of anything: ``has_scope``) land in the management area, players (who
        referee nothing) on their Me page, everyone else on their tables."""
        user = self.request.user
        if has_scope(user):
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


class PasswordResetView(auth_views.PasswordResetView):
    """Ask for a link to choose a new password. Every address gets the same answer (the "check your
    e-mail" page); only accounts that exist, are active and have a password get the e-mail. Too many
    requests from one client or for one e-mail address answer 429, the same for known and unknown."""

    template_name = "registration/password_reset_form.html"
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("password-reset-done")

    def form_valid(self, form):
        if not password_reset_allowed(self.request, form.cleaned_data["email"]):
            response = self.render_to_response(self.get_context_data(form=form,
                                                                     refused=password_reset_refused_message()))
            response.status_code = 429
            return response
        self.extra_email_context = {"hours": max(1, settings.PASSWORD_RESET_TIMEOUT // 3600)}
        return super().form_valid(form)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "registration/password_reset_confirm.html"
    success_url = reverse_lazy("password-reset-complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "registration/password_reset_complete.html"
