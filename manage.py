#!/usr/bin/env python
"""Django's command-line entry point.

Without ``SECRET_KEY`` in the environment the commands run with a throwaway key made for this
process (the settings carry none), so migrate, makemessages or shell sign nothing that outlives
them. ``runserver`` gets none: a server is given its key. The demo on an SQLite database (the
embedded default) keeps its key and plain HTTP in ``<database>.env`` beside the database
(mjl.env.local_env_write); demo and runserver read that file for that database (what the
environment sets wins), so a plain ``manage.py runserver`` after ``manage.py demo --no-serve``
serves the demo as the demo does. Nothing else (gunicorn, Celery, checks) reads it.
The demo serves plainly on a local address, so it turns off the HTTPS-only settings.
Both serve with Django's development server, which starts a thread per request: their database
connections are closed after each request (``CONN_MAX_AGE`` 0, Django's advice) instead of kept.
"""
import os
import secrets
import sys
from pathlib import Path


def prepare(command: str, environ) -> None:
    """The environment's defaults for ``command`` (see above)."""
    from mjl.env import local_env_apply

    environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
    if command in ("demo", "runserver"):
        local_env_apply(environ, Path(__file__).resolve().parent)
    if command != "runserver" and not environ.get("SECRET_KEY"):
        environ["SECRET_KEY"] = secrets.token_urlsafe(50)
    if command == "demo":
        environ.setdefault("HTTPS", "0")
    if command in ("demo", "runserver"):
        environ.setdefault("CONN_MAX_AGE", "0")


def main() -> None:
    prepare(sys.argv[1] if len(sys.argv) > 1 else "", os.environ)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
