"""System checks of the league's own deployment needs (``manage.py check --deploy``)."""
from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.caches, deploy=True)
def shared_cache(app_configs, **kwargs):
    """Login brakes and the invalidation of cached public pages must reach every web process."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend.endswith("LocMemCache"):
        return [Warning("The cache is per process: login rate limits and page invalidation are not shared.",
                        hint="Set CACHE_URL=redis://… so that all web processes share one cache.",
                        id="league.W001")]
    return []
