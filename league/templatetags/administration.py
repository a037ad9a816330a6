"""``user|is_league_admin``: whether the header links to the management area."""
from django import template

from ..permissions import is_league_admin as _is_league_admin

register = template.Library()


@register.filter
def is_league_admin(user) -> bool:
    return _is_league_admin(user)
