#!/usr/bin/env python
"""Django's command-line entry point.

Without ``SECRET_KEY`` in the environment the commands run with a throwaway key made for this
process (the settings carry none): the demo serves with it while it runs, and migrate,
makemessages or shell sign nothing that outlives them. ``runserver`` gets none: a server is given
its key. The demo serves plainly on a local address, so it turns off the HTTPS-only settings.
"""
import os
import secrets
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command != "runserver" and not os.environ.get("SECRET_KEY"):
        os.environ["SECRET_KEY"] = secrets.token_urlsafe(50)
    if command == "demo":
        os.environ.setdefault("HTTPS", "0")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
