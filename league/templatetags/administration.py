"""``user|is_league_admin``: whether the header links to the management area (anyone who
administers something: league.permissions.has_scope; the name is the templates')."""
from django import template

from ..permissions import has_scope

register = template.Library()


@register.filter
def is_league_admin(user) -> bool:
    return has_scope(user)
