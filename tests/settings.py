"""The test suite's settings: the project's own (mjl.settings, read from the environment) with the
values a developer's machine does not set: keys for tests only, and DEBUG on so that static
files need no collectstatic (pytest-django still runs every test with DEBUG off). The Celery
workers that run on these settings close their database connection after each task, so that the
test database can be dropped at the end of the run while they still run."""
import os

os.environ.setdefault("SECRET_KEY", "tests-only-key-never-used-for-anything-served-" + "x" * 20)
os.environ.setdefault("BACKUP_KEY", "tests-only-backup-key-never-used-for-anything-" + "x" * 20)
os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("CONN_MAX_AGE", "0")

from mjl.settings import *  # noqa: E402,F403
