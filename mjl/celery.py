"""The Celery application; tasks live in league/tasks.py.

A worker does not run Django's system checks as it starts (``CELERY_SKIP_CHECKS``; set it to an empty
value to run them): they load the URLconf, and with it every view, the API and the admin, which a worker
never uses (issue 40: a started worker stays lean). ``manage.py check --deploy`` checks a deployment.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
os.environ.setdefault("CELERY_SKIP_CHECKS", "1")

app = Celery("mjl")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
