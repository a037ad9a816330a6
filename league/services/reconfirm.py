"""A table corrected after it was closed (issue 42, item 9): when a reopened table is closed again,
its open disputes are answered by the correction (resolved, and each disputing player told), and
its four players are asked by e-mail to check the corrected result and confirm it again (their
confirmations went with the reopening: league.services.hands.table_reopen). Players reached by
e-mail are those with an account and an address; the others see the request on the score sheet.
The mails are in the site's language (whoever's request sent them, they go to other people).

Apart from league.services.confirmations so that hands.table_close can call it without a circle
(confirmations builds on hands)."""
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from ..languages import site_language
from ..mail import mail_after_commit, site_link
from ..models import Seat, Table, TableDispute


def _address(player) -> str:
    user = player.user
    return user.email if user is not None and user.is_active and user.email else ""


def disputes_tell_resolved(disputes: list[TableDispute], table: Table) -> None:
    """Each disputing player with an address learns that their dispute is resolved."""
    tournament = table.session.tournament
    link = site_link(reverse("referee-table", args=[table.pk]))
    for dispute in disputes:
        address = _address(dispute.player)
        if address:
            with override(site_language(None)):
                _mail_resolved(dispute, table, tournament, link, address)


def _mail_resolved(dispute: TableDispute, table: Table, tournament, link: str, address: str) -> None:
    mail_after_commit(
        _("%(tournament)s: your dispute about %(table)s is resolved") % {"tournament": tournament.name,
                                                                          "table": table},
        _("The referees have resolved your dispute about the result of %(table)s:\n\n%(message)s\n\n"
          "The table's result is on its score sheet: %(url)s") % {"table": table, "message": dispute.message,
                                                                 "url": link},
        [address], about=f"dispute {dispute.pk} resolved")


def table_reconfirm_ask(*, table: Table, user) -> None:
    """The reopened ``table`` (locked by the caller) has just been closed again: resolve its open
    disputes (the correction answers them; a player may dispute the corrected result anew) and ask
    its players to confirm again."""
    now = timezone.now()
    disputes = list(TableDispute.objects.select_for_update(of=("self",)).select_related("player__user")
                    .filter(table=table, status=TableDispute.Status.OPEN))
    TableDispute.objects.filter(pk__in=[d.pk for d in disputes]).update(
        status=TableDispute.Status.RESOLVED, resolved_by=user if getattr(user, "is_authenticated", False) else None,
        resolved_at=now)
    disputes_tell_resolved(disputes, table)
    tournament = table.session.tournament
    link = site_link(reverse("referee-table", args=[table.pk]))
    for seat in Seat.objects.filter(table=table).select_related("player__user"):
        address = _address(seat.player)
        if not address:
            continue
        with override(site_language(None)):
            mail_after_commit(
                _("%(tournament)s: please confirm the corrected result of %(table)s") % {
                    "tournament": tournament.name, "table": table},
                _("The result of %(table)s was corrected after the table was closed. Please check it and "
                  "confirm it again (or dispute it) on the score sheet: %(url)s") % {"table": table, "url": link},
                [address], about=f"table {table.pk} to confirm again")
