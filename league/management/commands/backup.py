"""``manage.py backup FILE``: the league's data and export files in one signed archive
(league.services.backup)."""
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from league.errors import ServiceError
from league.services.backup import backup_write


class Command(BaseCommand):
    help = "Write a backup of the league (data and export files) to FILE, a zip archive signed with BACKUP_KEY."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")

    def handle(self, *args, file: str, **options) -> None:
        try:
            manifest = backup_write(path=file)
        except ServiceError as error:
            raise CommandError(error.message) from error
        rows = sum(manifest["counts"].values())
        self.stdout.write(f"{file}: {rows} rows, {len(manifest['files'])} export files")
        unpacked = manifest["data"]["size"] + sum(entry["size"] for entry in manifest["files"].values())
        if unpacked > settings.RESTORE_MAX_BYTES:  # said now, not found out on the day of the restore
            self.stderr.write(_("%(file)s unpacks to %(size)s bytes, more than RESTORE_MAX_BYTES (%(limit)s): a "
                                "restore needs RESTORE_MAX_BYTES raised.")
                              % {"file": file, "size": unpacked, "limit": settings.RESTORE_MAX_BYTES})
