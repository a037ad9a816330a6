"""A started process (web, worker, ``manage.py``) has not loaded the PDF and workbook libraries:
WeasyPrint and openpyxl are imported where an export is built (league/exports/__init__.py)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# A fresh interpreter started as gunicorn and the Celery worker start: settings, apps, every URL
# pattern, the Celery app with its tasks, the WSGI application. It prints the libraries it finds.
START = """
import sys
import django
django.setup()
from django.urls import get_resolver
get_resolver().url_patterns
from mjl.celery import app
app.loader.import_default_modules()
assert "league.standings_recompute" in app.tasks
import mjl.wsgi
{then}
print(" ".join(sorted(name for name in ("weasyprint", "openpyxl") if name in sys.modules)) or "neither")
"""


def started(then: str = "") -> str:
    environ = {**os.environ, "DJANGO_SETTINGS_MODULE": "mjl.settings", "SECRET_KEY": "x" * 50,
               "PYTHONPATH": str(ROOT)}
    environ.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", START.format(then=then)], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_a_started_project_has_loaded_neither_weasyprint_nor_openpyxl():
    assert started() == "neither"


def test_building_an_export_is_what_loads_them():
    then = 'from league.exports import WRITERS\nWRITERS["results-pdf"]\nWRITERS["results-xlsx"]'
    assert started(then) == "openpyxl weasyprint"
