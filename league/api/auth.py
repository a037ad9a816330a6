"""``auth/token/``: a token for a username and password, rate-limited and behind the same login
brake as the web and admin logins; tokens that expire after ``TOKEN_TTL_HOURS`` and die with a
password change (league.signals)."""
from rest_framework import exceptions
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.response import Response
from rest_framework.settings import api_settings

from ..ratelimit import RateThrottle
from ..services.logins import login_failed, login_refusal, login_succeeded
from ..services.tokens import api_token_issue


class LoginThrottle(RateThrottle):
    scope = "login"


class TokenView(ObtainAuthToken):
    throttle_classes = [LoginThrottle]
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # ObtainAuthToken names DRF's own, without our caps

    def post(self, request, *args, **kwargs):
        username = request.data.get("username", "") if hasattr(request.data, "get") else ""
        username = username if isinstance(username, str) else ""
        if (refusal := login_refusal(request, username)) is not None:
            raise exceptions.Throttled(wait=None, detail=refusal)
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            login_failed(request, username)
            raise exceptions.ValidationError(serializer.errors)
        user = serializer.validated_data["user"]
        login_succeeded(request, username)
        return Response({"token": api_token_issue(user=user).key})
