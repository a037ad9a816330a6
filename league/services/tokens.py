"""API tokens: issued to a user who logged in (``auth/token/``), replaced once older than
``TOKEN_TTL_HOURS``, discarded when they have expired (league.api.authentication) and deleted
with a password change (league.signals)."""
import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone


def token_expired(token) -> bool:
    return token.created < timezone.now() - datetime.timedelta(hours=settings.TOKEN_TTL_HOURS)


@transaction.atomic
def api_token_issue(*, user):
    """The user's token: the one they have while it lasts, else a new one in place of the old."""
    from rest_framework.authtoken.models import Token  # DRF's model: importable only once the apps are ready

    token, _created = Token.objects.get_or_create(user=user)
    if token_expired(token):
        token.delete()
        token = Token.objects.create(user=user)
    return token


def api_token_discard(*, token) -> None:
    """An expired token goes (its user asks for a new one)."""
    token.delete()
