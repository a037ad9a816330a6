"""``manage.py handvalue [FILE]``: value hands from their tiles (docs/rules.md §9) from FILE or standard input."""
from scoring.handvalue import value

from ..records import RecordsCommand


class Command(RecordsCommand):
    help = "Value hands from their tiles (dmjl-classical, dmjl-hke, riichi-ema, japanese-classic); JSON lines in, out."
    answer = value
