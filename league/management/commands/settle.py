"""``manage.py settle [FILE]``: settle hand records (docs/rules.md §1–8) from FILE or standard input."""
import scoring

from ..records import RecordsCommand


class Command(RecordsCommand):
    help = "Settle hand records (docs/rules.md) from FILE or standard input and print one result per line."
    answer = scoring.settle
