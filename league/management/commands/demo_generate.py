"""Rebuild fixtures/demo.json from the demo generator (league.demo), in a throw-away database."""
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, call_command
from django.db import connections

from league.demo import demo_build

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo.json"


class Command(BaseCommand):
    help = "Generate the demo league and write it to fixtures/demo.json."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--output", default=str(FIXTURE))

    def handle(self, *args, seed: int, output: str, **options):
        with tempfile.TemporaryDirectory() as folder:
            connections["default"].close()
            settings.DATABASES["default"] = {**settings.DATABASES["default"], "ENGINE": "django.db.backends.sqlite3",
                                             "NAME": str(Path(folder) / "demo.sqlite3")}
            connections.close_all()
            del connections["default"]
            call_command("migrate", verbosity=0)
            demo_build(seed=seed)
            derived = ["league.standing", "league.gameresult", "league.seasonranking", "league.rankingsnapshot",
                       "league.export", "league.standingsstate"]  # rebuilt by `manage.py demo`, not part of the fixture
            call_command("dumpdata", "league", exclude=derived, indent=1, output=output)
            connections["default"].close()
        self.stdout.write(self.style.SUCCESS(f"Wrote {output}"))
