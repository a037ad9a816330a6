"""Django for a benchmark script (``bench/<name>.py``, run from the project root): the project on
the path, settings as in production (no query log), and the configured DATABASE_URL or, without
one, a fresh SQLite file in a temporary folder that lasts as long as the process. ``TAG`` marks
the rows a run makes, so that it removes its own and nobody else's."""
import os
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)

TEMP = tempfile.TemporaryDirectory()
if not os.environ.get("DATABASE_URL"):
    os.environ["DATABASE_URL"] = f"sqlite:///{pathlib.Path(TEMP.name) / 'bench.sqlite3'}"
TAG = f"{int(time.time()) % 1_000_000}"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

settings.DEBUG = False  # as in production: no query log
