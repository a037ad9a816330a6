"""The Django project: settings, URLs, Celery app, WSGI entry point.

The Celery app (mjl.celery) is not imported here: a web process or a management command loads
Celery with the first task it sends (league.queue), and ``celery -A mjl`` finds ``mjl.celery`` itself.
"""
