"""The test suite's settings: the project's own (mjl.settings, read from the environment) with the
two values a developer's machine does not set: a key for tests only, and DEBUG on so that static
files need no collectstatic (pytest-django still runs every test with DEBUG off)."""
import os

os.environ.setdefault("SECRET_KEY", "tests-only-key-never-used-for-anything-served-" + "x" * 20)
os.environ.setdefault("DEBUG", "1")

from mjl.settings import *  # noqa: E402,F403
