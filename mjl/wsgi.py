"""WSGI entry point for gunicorn: ``gunicorn mjl.wsgi``."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
application = get_wsgi_application()

# The hyphenation dictionaries of the tables' headers, read as the web process starts rather than
# on a visitor's first page (about half a second for German).
from league.templatetags.headers import warm  # noqa: E402

warm()
