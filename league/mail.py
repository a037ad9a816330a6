"""E-mail that follows a write: sent once the write is committed, and never the reason a request
fails. A mail server that is down is logged; what was stored stands (a sign-up waits for its link to
be sent again or for an administrator, a claim for an administrator, a dispute is in the control room)."""
import logging
from collections.abc import Iterable

from django.conf import settings
from django.core import mail
from django.db import transaction

logger = logging.getLogger(__name__)


def mail_after_commit(subject: str, body: str, recipients: Iterable[str], *, about: str) -> None:
    """Send ``body`` to ``recipients`` after the current transaction commits; ``about`` names what it
    is for in the log when the mail server refuses."""
    recipients = list(recipients)

    def send() -> None:
        try:
            mail.send_mail(subject, body, None, recipients)
        except OSError:  # smtplib's errors are OSErrors, as are a refused or timed-out connection
            logger.exception("%s: the e-mail could not be sent", about)

    transaction.on_commit(send)


def site_link(path: str) -> str:
    """``path`` (as ``reverse`` answers it) as a link that works in an e-mail: on ``SITE_URL``."""
    return f"{settings.SITE_URL}{path}"
