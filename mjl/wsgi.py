"""WSGI entry point for gunicorn: ``gunicorn mjl.wsgi``."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
application = get_wsgi_application()
