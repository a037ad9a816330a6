"""``manage.py handvalue [FILE]``: value hands from their tiles (SCORING.md section 9) from FILE or standard input."""
from scoring.handvalue import value

from ..records import RecordsCommand


class Command(RecordsCommand):
    help = "Value hands from their tiles (dmjl-classical, riichi-ema); JSON lines in, JSON lines out."
    answer = value
