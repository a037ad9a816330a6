"""The Celery application; tasks live in league/tasks.py."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")

app = Celery("mjl")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
