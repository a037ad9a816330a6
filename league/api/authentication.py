"""API tokens that expire ``TOKEN_TTL_HOURS`` after they were issued (a password change deletes
them at once: league.signals). Kept apart from the views: DRF imports it while loading its own."""
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from ..services.tokens import api_token_discard, token_expired


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            api_token_discard(token=token)
            raise exceptions.AuthenticationFailed(_("This token has expired; ask for a new one."))
        return user, token
