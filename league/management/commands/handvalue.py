"""``manage.py handvalue [FILE]``: value hands from their tiles (docs/rules.md §9) from FILE or standard input."""
from scoring.handvalue import value

from ..records import RecordsCommand


class Command(RecordsCommand):
    help = "Value hands from their tiles (every ruleset with a hand-value engine); JSON lines in, out."
    answer = value
