"""Template filters of the tournament day."""
from django import template

register = template.Library()


@register.filter
def clocktime(seconds) -> str:
    """Seconds as the clocks show them: h:mm:ss, or m:ss under an hour."""
    try:
        seconds = max(0, int(seconds))
    except (TypeError, ValueError):
        return ""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
