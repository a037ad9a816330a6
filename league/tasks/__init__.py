"""Celery entry points: thin callers of the services, safe to run twice. One module per area."""
from .exports import *  # noqa: F403
from .seats import *  # noqa: F403
from .standings import *  # noqa: F403
