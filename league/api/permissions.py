"""DRF permission classes built on league.permissions."""
from rest_framework import permissions

from ..models import Club, League, Player, Season, Tournament
from ..permissions import (
    administers_league,
    administers_tournament,
    can_referee,
    directs,
    edits_player,
    has_scope,
    is_site_admin,
    organises_club,
)

# What only whose event a tournament is may do to it (a director may not).
OWNER_ACTIONS = ("destroy", "archive", "restore")


def may_change(user, obj, action: str | None) -> bool:
    """Whether ``user`` may write ``obj`` by the view's ``action`` ("update", "destroy", or an extra
    action's name such as "archive", "registrations", "referees", "erase")."""
    if isinstance(obj, Tournament):
        return administers_tournament(user, obj) if action in OWNER_ACTIONS else directs(user, obj)
    if isinstance(obj, Season):
        return administers_league(user, obj.league_id)
    if isinstance(obj, League):
        return is_site_admin(user) if action == "destroy" else administers_league(user, obj.pk)
    if isinstance(obj, Club):
        return is_site_admin(user) if action == "destroy" else organises_club(user, obj.pk)
    if isinstance(obj, Player):
        return edits_player(user, obj) if action in ("update", "partial_update") else is_site_admin(user)
    return is_site_admin(user)


class AdminWritesOthersRead(permissions.BasePermission):
    """Everyone reads (querysets hide what is not published); those whose scope holds the object
    write: a view that names its tournament (``get_tournament_id()``) its directors (``directs``);
    a viewset's object as ``may_change`` says (a create checks its scope in the viewset); elsewhere
    only site administrators."""

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        if hasattr(view, "get_tournament_id"):
            return directs(request.user, view.get_tournament_id())
        if hasattr(view, "get_object"):
            return has_scope(request.user)
        return is_site_admin(request.user)

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return may_change(request.user, obj, getattr(view, "action", None))


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


class SiteAdminOnly(permissions.BasePermission):
    """Site administrators only, for reads too (merging players, account claims)."""

    def has_permission(self, request, view) -> bool:
        return is_site_admin(request.user)


class HasScope(permissions.BasePermission):
    """Anyone who administers something (``has_scope``); the view narrows to their scope."""

    def has_permission(self, request, view) -> bool:
        return has_scope(request.user)


class TournamentDirectors(permissions.BasePermission):
    """The directors of the tournament the route names (``pk``), for reads too: 404 for a tournament
    the caller may not see, 403 for one they see but do not direct."""

    def has_permission(self, request, view) -> bool:
        from django.shortcuts import get_object_or_404

        from ..permissions import visible_tournaments

        if not request.user.is_authenticated:
            return False
        tournament = get_object_or_404(visible_tournaments(request.user), pk=view.kwargs["pk"])
        return directs(request.user, tournament)


class SeasonAdministrators(permissions.BasePermission):
    """The administrators of the league of the season the route names (``pk``), for reads too."""

    def has_permission(self, request, view) -> bool:
        if not request.user.is_authenticated:
            return False
        season = Season.objects.filter(pk=view.kwargs["pk"]).values_list("league_id", flat=True).first()
        if season is None:
            from django.http import Http404

            raise Http404
        return administers_league(request.user, season)
