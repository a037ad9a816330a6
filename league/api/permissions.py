"""DRF permission classes built on league.permissions."""
from rest_framework import permissions

from ..permissions import can_referee, is_league_admin


class AdminWritesOthersRead(permissions.BasePermission):
    """Everyone reads (querysets hide what is not published); administrators write."""

    def has_permission(self, request, view) -> bool:
        return request.method in permissions.SAFE_METHODS or is_league_admin(request.user)


class RefereeWrites(permissions.BasePermission):
    """Reads as above; writes by the tournament's referees and administrators. The view names the
    tournament through ``get_tournament_id()``."""

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        if not request.user.is_authenticated:
            return False
        return can_referee(request.user, view.get_tournament_id())


class TableWriters(permissions.BasePermission):
    """Reads as above; writes by whoever may write at the view's table
    (league.permissions.table_for_writing through the view's ``writable_table()``, which answers 404
    or 403 itself)."""

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        if not request.user.is_authenticated:
            return False
        view.writable_table()
        return True
