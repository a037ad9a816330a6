"""The Django project: settings, URLs, Celery app, WSGI entry point."""
from .celery import app as celery_app

__all__ = ("celery_app",)
