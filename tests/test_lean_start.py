"""A started process (web, worker, ``manage.py``) has not loaded the PDF and workbook libraries:
WeasyPrint and openpyxl are imported where an export is built (league/exports/__init__.py). Nor what
its kind of process does not use (issue 40): a command loads neither Celery nor the admin's modules, a
web process no hand value engine and no schema generator, a worker not the URLconf."""
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


# The modules each kind of start is checked for; which of them a start loads is printed.
WATCHED = ("celery", "league.tasks", "league.cache", "league.admin", "league.urls", "rest_framework.views",
           "drf_spectacular.views", "confusable_homoglyphs", "mahjong", "MahjongGB", "scoring.handvalue.dmjl")
RIICHI_HAND = ('{"ruleset": "riichi-ema", "tiles": {"man": "234456", "pin": "66", "sou": "123444"}, '
               '"win_tile": "4s", "situation": {"tsumo": True, "seat_wind": "S", "round_wind": "E"}}')


def loaded(script: str) -> set[str]:
    """The watched modules a fresh interpreter has loaded after ``script`` (settings as in started)."""
    environ = {**os.environ, "DJANGO_SETTINGS_MODULE": "mjl.settings", "SECRET_KEY": "x" * 50,
               "PYTHONPATH": str(ROOT)}
    environ.pop("DATABASE_URL", None)
    environ.pop("CELERY_SKIP_CHECKS", None)
    code = f"import sys\n{script}\nprint(' '.join(name for name in {WATCHED!r} if name in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.strip().splitlines()[-1].split()) if done.stdout.strip() else set()


def test_a_management_command_starts_without_celery_the_admin_modules_or_any_hand_value_engine():
    assert loaded("import django\ndjango.setup()") == set()


def test_a_web_process_starts_without_celery_the_hand_value_engines_or_the_schema_generator():
    started_web = loaded("import django\ndjango.setup()\nfrom django.urls import get_resolver\n"
                         "get_resolver().url_patterns\nimport mjl.wsgi")
    assert started_web == {"league.cache", "league.admin", "league.urls", "rest_framework.views"}


def test_a_worker_starts_with_its_tasks_and_without_the_urlconf_the_api_or_the_admin():
    started_worker = loaded("import django\ndjango.setup()\nfrom mjl.celery import app\n"
                            "app.loader.import_default_modules()\napp.tasks")
    assert started_worker == {"celery", "league.tasks", "league.cache"}


def test_sending_a_task_loads_celery_and_the_tasks():
    assert loaded("import django\ndjango.setup()\nfrom league.queue import _task\n"
                  "_task('league.standings_sweep')") == {"celery", "league.tasks", "league.cache"}


def test_valuing_a_riichi_hand_loads_the_mahjong_library_and_no_other_engine():
    assert loaded(f"from scoring.handvalue import value\nassert 'han' in value({RIICHI_HAND}), value({RIICHI_HAND})"
                  ) == {"mahjong"}
