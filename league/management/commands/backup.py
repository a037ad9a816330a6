"""``manage.py backup FILE``: the league's data and export files in one archive (league.services.backup)."""
from django.core.management.base import BaseCommand, CommandError

from league.errors import ServiceError
from league.services.backup import backup_write


class Command(BaseCommand):
    help = "Write a backup of the league (data and export files) to FILE, a zip archive."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")

    def handle(self, *args, file: str, **options) -> None:
        try:
            manifest = backup_write(path=file)
        except ServiceError as error:
            raise CommandError(error.message) from error
        rows = sum(manifest["counts"].values())
        self.stdout.write(f"{file}: {rows} rows, {len(manifest['files'])} export files")
