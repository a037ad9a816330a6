"""``manage.py restore FILE``: load a backup (``manage.py backup``) into an empty database, all or
nothing (league.services.backup). Every refusal is one line on stderr and the exit status 1."""
from django.core.management.base import BaseCommand, CommandError

from league.errors import ServiceError
from league.services.backup import backup_restore


class Command(BaseCommand):
    help = ("Restore a backup made by `manage.py backup` into an empty, migrated database: all or nothing, "
            "checked against BACKUP_KEY and RESTORE_MAX_BYTES first.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")

    def handle(self, *args, file: str, **options) -> None:
        try:
            manifest = backup_restore(path=file)
        except ServiceError as error:
            raise CommandError(error.message) from error
        except OSError as error:  # the archive cannot be read (missing, no permission)
            raise CommandError(str(error)) from error
        rows = sum(manifest["counts"].values())
        self.stdout.write(f"{file}: {rows} rows, {len(manifest['files'])} export files restored")
