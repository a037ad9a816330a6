"""A backup a league can restore: ``manage.py backup FILE`` and ``manage.py restore FILE``.

The archive is one zip file:

- ``manifest.json`` — ``{"format": "mjl-backup", "version": 1, "created_at", "migrations": {app: last
  applied migration}, "counts": {model: rows}, "files": {name: sha256}}``;
- ``data.json`` — Django's ``dumpdata`` (JSON, with times to the microsecond) of the league's
  models and the users and groups they refer to (natural keys for content types, permissions,
  groups and users, so that they match whatever the new database gave them; the league's own rows
  keep their ids). It holds the users' password hashes: keep backups as safe as the database;
- ``files/<name>`` — every export file, read through Django's storage API (``MEDIA_ROOT`` or the
  S3 bucket) and written back the same way under the same name.

Why dumpdata/loaddata and not ``pg_dump``/``pg_restore``: the same two commands work on the
embedded SQLite default and on PostgreSQL, and between them (a league may start on the demo's
SQLite and move); they need no client program whose version must match the server's; the export
files travel in the same archive whichever storage holds them; and a restore checks the archive
against the code's migrations instead of replaying another schema. The price is speed on very large
databases; a league's (a few hundred thousand hands) dumps and loads in seconds to minutes. For a
PostgreSQL of many leagues, ``pg_dump -Fc`` plus a copy of the storage is the documented alternative
(README, "Backup and restore").

Restoring needs a database that holds no league data and no users (a new one after ``migrate``, or
one emptied by ``flush``); everything is loaded in one transaction, then the files are written."""
import datetime
import hashlib
import json
import tempfile
import zipfile
from pathlib import Path

from django.apps import apps
from django.core import serializers
from django.core.management import call_command
from django.core.serializers import json as django_json
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import ServiceError
from ..models import Export

FORMAT, VERSION = "mjl-backup", 1
# Django's JSON cuts times to milliseconds; hands, revisions and the audit log keep microseconds
# (and order by them), so the backup's JSON keeps every digit.
EXACT_JSON = "mjljson"
# the users and groups first: the league's rows refer to them
DUMPED = ["auth.group", "auth.user", "league"]
FILES_DIR = "files/"


class _ExactEncoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


class Serializer(django_json.Serializer):
    """Django's JSON serializer with times to the microsecond (format ``mjljson``)."""

    def start_serialization(self) -> None:
        super().start_serialization()
        self.json_kwargs["cls"] = _ExactEncoder


Deserializer = django_json.Deserializer
serializers.register_serializer(EXACT_JSON, __name__)


def _counts() -> dict[str, int]:
    models = [*apps.get_app_config("league").get_models(), apps.get_model("auth", "user"),
              apps.get_model("auth", "group")]
    return {model._meta.label_lower: model.objects.count() for model in models}


def _migrations() -> dict[str, str]:
    applied = MigrationRecorder(connection).applied_migrations()
    last: dict[str, str] = {}
    for app, name in sorted(applied):
        if app in ("league", "auth", "contenttypes"):
            last[app] = max(last.get(app, ""), name)
    return last


def _export_files():
    for export in Export.objects.exclude(file="").order_by("pk").iterator():
        yield export.file.name, export.file.storage


def _one_snapshot() -> None:
    """Every read of the backup sees the database as it was at its first one, while hands go on
    being entered: PostgreSQL's default (read committed) would let a hand stored between two tables'
    dumps appear in one and not the other. (SQLite's read transaction is one snapshot already.)"""
    if connection.vendor == "postgresql" and len(connection.atomic_blocks) == 1:  # the outermost: nothing read yet
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")


def backup_write(*, path: Path | str) -> dict:
    """Write the archive to ``path``; answers its manifest."""
    path = Path(path)
    with tempfile.TemporaryDirectory() as work, transaction.atomic():
        _one_snapshot()
        data = Path(work) / f"data.{EXACT_JSON}"
        call_command("dumpdata", *DUMPED, format=EXACT_JSON, natural_foreign=True, natural_primary=True,
                     indent=None, output=str(data), verbosity=0)
        files: dict[str, str] = {}
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
            archive.write(data, "data.json")
            for name, storage in _export_files():
                if name in files or not storage.exists(name):
                    continue  # a file lost from the storage cannot be saved; the row says so
                digest = hashlib.sha256()
                with storage.open(name, "rb") as source, archive.open(FILES_DIR + name, "w") as target:
                    for chunk in iter(lambda: source.read(1 << 20), b""):  # noqa: B023 - read in this pass
                        digest.update(chunk)
                        target.write(chunk)
                files[name] = digest.hexdigest()
            manifest = {"format": FORMAT, "version": VERSION, "created_at": timezone.now().isoformat(),
                        "migrations": _migrations(), "counts": _counts(), "files": files}
            archive.writestr("manifest.json", json.dumps(manifest, indent=1, sort_keys=True))
    return manifest


def _refuse(message: str) -> ServiceError:
    return ServiceError("restore_refused", message, status=409)


def _read_manifest(archive: zipfile.ZipFile) -> dict:
    try:
        manifest = json.loads(archive.read("manifest.json"))
    except (KeyError, ValueError) as error:
        raise _refuse(_("This is not a backup of this program (no manifest).")) from error
    if manifest.get("format") != FORMAT or manifest.get("version") != VERSION:
        raise _refuse(_("This backup's format is not one this program reads."))
    ours = _migrations()
    for app, name in manifest.get("migrations", {}).items():
        if ours.get(app, "") < name:
            raise _refuse(_("The backup was made with newer code (migration %(name)s of %(app)s); update and "
                            "migrate first.") % {"name": name, "app": app})
    return manifest


def backup_restore(*, path: Path | str) -> dict:
    """Load the archive at ``path`` into an empty database and its files into the storage; answers
    the manifest. Refuses (``409`` ``restore_refused``) a database that holds data already, a file
    that is no backup, one made by newer code, or files that do not match their checksums."""
    with zipfile.ZipFile(Path(path)) as archive:
        manifest = _read_manifest(archive)
        if any(count for label, count in _counts().items() if label != "auth.group"):
            raise _refuse(_("The database is not empty; restore into a new database (migrate) or one emptied "
                            "with flush."))
        storage = Export._meta.get_field("file").storage
        for name, expected in manifest["files"].items():
            if hashlib.sha256(archive.read(FILES_DIR + name)).hexdigest() != expected:
                raise _refuse(_("The file %(name)s in the backup is damaged.") % {"name": name})
        with tempfile.TemporaryDirectory() as work:
            data = Path(work) / f"data.{EXACT_JSON}"
            with archive.open("data.json") as source, data.open("wb") as target:
                for chunk in iter(lambda: source.read(1 << 20), b""):  # noqa: B023 - read in this pass
                    target.write(chunk)
            with transaction.atomic():
                call_command("loaddata", str(data), verbosity=0)
                counts = _counts()
                wrong = {label: (count, counts.get(label)) for label, count in manifest["counts"].items()
                         if label != "auth.group" and counts.get(label) != count}
                if wrong:
                    raise _refuse(_("The restored rows do not match the backup: %(wrong)s") % {"wrong": wrong})
        for name in manifest["files"]:
            if storage.exists(name):
                storage.delete(name)
            with archive.open(FILES_DIR + name) as source:
                saved = storage.save(name, source)
            if saved != name:
                raise _refuse(_("The storage kept %(name)s as %(saved)s.") % {"name": name, "saved": saved})
    return manifest
