"""``manage.py makemessages`` that also extracts the scoring package's messages, which are marked
with ``N_()`` because ``scoring/`` may not import Django (the league translates them at run time)."""
from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
