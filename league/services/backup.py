"""A backup a league can restore: ``manage.py backup FILE`` and ``manage.py restore FILE``.

The archive is one zip file:

- ``manifest.json`` — ``{"format": "mjl-backup", "version": 2, "created_at", "migrations": {app: last
  applied migration}, "counts": {model: rows}, "data": {"size", "sha256"}, "files": {name: {"size",
  "sha256"}}}``;
- ``manifest.sig`` — the HMAC-SHA256 (hex) of ``manifest.json``'s bytes with ``BACKUP_KEY``. The
  manifest holds the size and SHA-256 of the data and of every file, so the signature covers all of
  them: a changed hand, an added superuser or a swapped file no longer matches;
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

A restore is all or nothing. Before the first row is written it checks, in this order: the
signature (before anything in the archive is believed), the manifest's format and migrations, that
the database is empty, every file's name (inside the export folder of the storage: no absolute
path, no ``..``, no link leading out of ``MEDIA_ROOT``), that every file is in the archive with the
size the manifest gives, and that data and files together stay within ``RESTORE_MAX_BYTES``; then it
unpacks the data and every file to a temporary folder, streamed and cut off at the size the manifest
gives, and compares their SHA-256. Only then are the rows loaded, in one transaction, and the files
put into the storage as the transaction's last step (a file there under the same name is kept
aside); if anything fails, up to and including the commit, the files put in are removed and the
ones kept aside put back, so the database and the storage are as they were and a corrected restore
can follow. Every refusal is one ``ServiceError`` (``restore_refused``) with one line for people."""
import datetime
import hashlib
import hmac
import json
import logging
import os
import shutil
import stat
import tempfile
import zipfile
import zlib
from pathlib import Path, PurePosixPath
from typing import cast

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.exceptions import ObjectDoesNotExist, SuspiciousFileOperation
from django.core.files import File
from django.core.files.storage import FileSystemStorage
from django.core.management import call_command
from django.core.serializers import json as django_json
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, connection, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import FileField
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Conflict, ServiceError
from ..models import Export

logger = logging.getLogger(__name__)

FORMAT, VERSION = "mjl-backup", 2
# Django's JSON cuts times to milliseconds; hands, revisions and the audit log keep microseconds
# (and order by them), so the backup's JSON keeps every digit.
EXACT_JSON = "mjljson"
# the users and groups first: the league's rows refer to them
DUMPED = ["auth.group", "auth.user", "league"]
DATA, MANIFEST, SIGNATURE, FILES_DIR = "data.json", "manifest.json", "manifest.sig", "files/"
# The manifest is read whole before it is checked: one line per file, so this holds ~100 000 files.
MANIFEST_MAX_BYTES = 16 * 1024 * 1024
KEY_MIN_LENGTH = 32
CHUNK = 1 << 20
# What reading a damaged or hostile zip member can raise besides OSError.
_UNREADABLE = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError)


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


def _storage():
    return Export._meta.get_field("file").storage


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


def _key() -> bytes:
    """BACKUP_KEY, the league's own (mjl.settings says why it is not derived from SECRET_KEY)."""
    key = settings.BACKUP_KEY
    if len(key) < KEY_MIN_LENGTH:
        raise Conflict("backup_key_missing", _(
            "Set BACKUP_KEY (a random string of at least %(length)s characters, kept apart from the "
            "backups): backups are signed with it and restores check it.") % {"length": KEY_MIN_LENGTH})
    return key.encode()


def _signature(key: bytes, manifest: bytes) -> str:
    return hmac.new(key, manifest, hashlib.sha256).hexdigest()


def _copy_in(archive: zipfile.ZipFile, source, member: str) -> dict:
    """Stream ``source`` into the archive as ``member``; answers its size and SHA-256."""
    digest, size = hashlib.sha256(), 0
    with archive.open(member, "w", force_zip64=True) as target:
        for chunk in iter(lambda: source.read(CHUNK), b""):
            digest.update(chunk)
            size += len(chunk)
            target.write(chunk)
    return {"size": size, "sha256": digest.hexdigest()}


def backup_write(*, path: Path | str) -> dict:
    """Write the signed archive to ``path`` (through a temporary name beside it, so that a failed
    backup leaves no half archive under that name); answers its manifest."""
    key = _key()
    path = Path(path)
    partial = path.with_name(f".{path.name}.partial")
    try:
        with tempfile.TemporaryDirectory() as work, transaction.atomic():
            _one_snapshot()
            data = Path(work) / f"data.{EXACT_JSON}"
            call_command("dumpdata", *DUMPED, format=EXACT_JSON, natural_foreign=True, natural_primary=True,
                         indent=None, output=str(data), verbosity=0)
            files: dict[str, dict] = {}
            with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
                with data.open("rb") as source:
                    data_entry = _copy_in(archive, source, DATA)
                for name, storage in _export_files():
                    if name in files or not storage.exists(name):
                        continue  # a file lost from the storage cannot be saved; the row says so
                    with storage.open(name, "rb") as source:
                        files[name] = _copy_in(archive, source, FILES_DIR + name)
                manifest = {"format": FORMAT, "version": VERSION, "created_at": timezone.now().isoformat(),
                            "migrations": _migrations(), "counts": _counts(), "data": data_entry, "files": files}
                manifest_bytes = json.dumps(manifest, indent=1, sort_keys=True).encode()
                archive.writestr(MANIFEST, manifest_bytes)
                archive.writestr(SIGNATURE, _signature(key, manifest_bytes))
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return manifest


def _refuse(message: str) -> ServiceError:
    return Conflict("restore_refused", message)


def _small_member(archive: zipfile.ZipFile, name: str, limit: int) -> bytes | None:
    """A small member read whole, but never more than ``limit`` bytes of it; None when absent."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        return None
    if info.file_size > limit:
        raise _refuse(_("The backup's %(name)s is larger than %(limit)s bytes: nothing restored.")
                      % {"name": name, "limit": limit})
    try:
        with archive.open(info) as source:
            content = source.read(limit + 1)
    except _UNREADABLE as error:
        raise _refuse(_("The backup's %(name)s is damaged (%(error)s): nothing restored.")
                      % {"name": name, "error": error}) from error
    if len(content) > limit:
        raise _refuse(_("The backup's %(name)s is larger than %(limit)s bytes: nothing restored.")
                      % {"name": name, "limit": limit})
    return content


def _is_entry(entry) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("size"), int) and entry["size"] >= 0
            and isinstance(entry.get("sha256"), str))


def _signed_manifest(archive: zipfile.ZipFile, key: bytes) -> dict:
    """The manifest, once its signature is right; nothing in the archive is believed before."""
    manifest_bytes = _small_member(archive, MANIFEST, MANIFEST_MAX_BYTES)
    if manifest_bytes is None:
        raise _refuse(_("This is not a backup of this program (no manifest): nothing restored."))
    signature = _small_member(archive, SIGNATURE, 128)
    if signature is None:
        raise _refuse(_("The backup is not signed (made by an older version, or its signature removed): "
                        "nothing restored."))
    if not hmac.compare_digest(signature.strip(), _signature(key, manifest_bytes).encode()):
        raise _refuse(_("The backup's signature does not match: it was changed after it was made, or made "
                        "with another BACKUP_KEY. Nothing restored."))
    try:
        manifest = json.loads(manifest_bytes)
    except ValueError as error:
        raise _refuse(_("The backup's manifest is damaged: nothing restored.")) from error
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT or manifest.get("version") != VERSION:
        raise _refuse(_("This backup's format is not one this program reads: nothing restored."))
    files, counts, migrations = manifest.get("files"), manifest.get("counts"), manifest.get("migrations")
    if not (_is_entry(manifest.get("data")) and isinstance(files, dict) and all(map(_is_entry, files.values()))
            and isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values())
            and isinstance(migrations, dict) and all(isinstance(n, str) for n in migrations.values())):
        raise _refuse(_("The backup's manifest is damaged: nothing restored."))
    ours = _migrations()
    for app, name in migrations.items():
        if ours.get(app, "") < name:
            raise _refuse(_("The backup was made with newer code (migration %(name)s of %(app)s); update and "
                            "migrate first.") % {"name": name, "app": app})
    return manifest


def _check_name(name: str, storage) -> None:
    """``name`` is a plain relative path inside the export folder, and on the file system it stays
    inside MEDIA_ROOT even through links already there."""
    field = cast(FileField, Export._meta.get_field("file"))
    parts = name.split("/")
    plain = (name and len(name) <= (field.max_length or 100) and name.startswith(str(field.upload_to))
             and not PurePosixPath(name).is_absolute() and "\\" not in name and "\x00" not in name
             and ":" not in parts[0] and all(part not in ("", ".", "..") for part in parts))
    if plain and isinstance(storage, FileSystemStorage):
        root = Path(storage.location).resolve()
        try:
            target = Path(storage.path(name)).resolve()
        except (SuspiciousFileOperation, ValueError, OSError):
            plain = False
        else:
            plain = target.is_relative_to(root) and target != root
    if not plain:
        raise _refuse(_("The backup names a file outside the media folder (%(name)s): nothing restored.")
                      % {"name": name[:200].encode("unicode_escape").decode()})


def _planned(archive: zipfile.ZipFile, manifest: dict, storage) -> list[tuple[str, str | None, dict]]:
    """Every member to unpack (member, file name or None for the data, its manifest entry), each
    checked against the archive before anything is unpacked."""
    planned: list[tuple[str, str | None, dict]] = [(DATA, None, manifest["data"])]
    planned += [(FILES_DIR + name, name, entry) for name, entry in manifest["files"].items()]
    total, limit = sum(entry["size"] for *_, entry in planned), settings.RESTORE_MAX_BYTES
    if total > limit:
        raise _refuse(_("The backup unpacks to %(total)s bytes, more than RESTORE_MAX_BYTES (%(limit)s): "
                        "nothing restored.") % {"total": total, "limit": limit})
    for member, name, entry in planned:
        if name is not None:
            _check_name(name, storage)
        shown = name or DATA
        try:
            info = archive.getinfo(member)
        except KeyError:
            raise _refuse(_("The file %(name)s named in the backup's manifest is missing from the archive: "
                            "nothing restored.") % {"name": shown}) from None
        if info.is_dir() or stat.S_ISLNK(info.external_attr >> 16):
            raise _refuse(_("The backup's %(name)s is a link or a folder, not a file: nothing restored.")
                          % {"name": shown})
        if info.file_size != entry["size"]:
            raise _refuse(_("The file %(name)s is %(actual)s bytes in the archive, but the manifest says "
                            "%(size)s: nothing restored.")
                          % {"name": shown, "actual": info.file_size, "size": entry["size"]})
    return planned


def _unpack(archive: zipfile.ZipFile, member: str, shown: str, entry: dict, target: Path) -> None:
    """Stream one member to ``target``, never more than the manifest's size of it, and compare its
    SHA-256 with the manifest's."""
    digest, written, size = hashlib.sha256(), 0, entry["size"]
    try:
        with archive.open(member) as source, target.open("wb") as out:
            while chunk := source.read(min(CHUNK, size - written + 1)):
                written += len(chunk)
                if written > size:
                    raise _refuse(_("The file %(name)s unpacks to more than the %(size)s bytes the manifest "
                                    "says: nothing restored.") % {"name": shown, "size": size})
                digest.update(chunk)
                out.write(chunk)
    except _UNREADABLE as error:
        raise _refuse(_("The file %(name)s in the backup is damaged (%(error)s): nothing restored.")
                      % {"name": shown, "error": error}) from error
    if written != size or not hmac.compare_digest(digest.hexdigest(), entry["sha256"]):
        raise _refuse(_("The file %(name)s in the backup is damaged: nothing restored.") % {"name": shown})


class _Placement:
    """The files put into the storage by one restore, and the ones they displaced, so that all of
    it can be taken back."""

    def __init__(self, storage, work: Path) -> None:
        self.storage, self.work = storage, work
        self.saved: list[str] = []
        self.displaced: list[tuple[str, Path]] = []

    def put(self, name: str, staged: Path) -> None:
        if self.storage.exists(name):
            kept = self.work / f"displaced-{len(self.displaced)}"
            with self.storage.open(name, "rb") as source, kept.open("wb") as out:
                shutil.copyfileobj(source, out, CHUNK)
            self.storage.delete(name)
            self.displaced.append((name, kept))
        self.saved.append(name)  # before the save: a save cut off half-way leaves a file too
        with staged.open("rb") as source:
            saved = self.storage.save(name, File(source, name=name))
        if saved != name:
            self.saved.append(saved)
            raise _refuse(_("The storage kept %(name)s as %(saved)s: nothing restored.")
                          % {"name": name, "saved": saved})

    def undo(self) -> None:
        for name in reversed(self.saved):
            try:
                self.storage.delete(name)
            except Exception:  # noqa: BLE001 - take back all that can be; the first error goes on
                logger.exception("restore: could not remove %s", name)
        for name, kept in self.displaced:
            try:
                with kept.open("rb") as source:
                    self.storage.save(name, File(source, name=name))
            except Exception:  # noqa: BLE001 - as above
                logger.exception("restore: could not put back %s (a copy is in %s)", name, kept)


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0][:300]


def _load(data: Path, manifest: dict) -> None:
    """The rows, inside the caller's transaction; refuses data that does not load or whose rows
    differ in number from the manifest's (a dropped or an added row)."""
    try:
        call_command("loaddata", str(data), verbosity=0)
    except (DeserializationError, DatabaseError, ObjectDoesNotExist, LookupError, ValueError, TypeError) as error:
        raise _refuse(_("The backup's data does not load (%(error)s): nothing restored.")
                      % {"error": _first_line(error)}) from error
    counts = _counts()
    for label, count in sorted(manifest["counts"].items()):
        if label != "auth.group" and counts.get(label) != count:
            raise _refuse(_("The restored rows do not match the backup: %(found)s rows of %(label)s, the "
                            "manifest says %(count)s. Nothing restored.")
                          % {"found": counts.get(label), "label": label, "count": count})


def backup_restore(*, path: Path | str) -> dict:
    """Load the archive at ``path`` into an empty database and its files into the storage, all or
    nothing (the module's docstring has the order of the checks); answers the manifest. Every
    refusal is a ``409`` ``restore_refused`` and leaves database and storage as they were."""
    key = _key()
    storage = _storage()
    try:
        archive = zipfile.ZipFile(Path(path))
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError) as error:
        raise _refuse(_("%(path)s is not a backup (not a zip archive): nothing restored.")
                      % {"path": path}) from error
    with archive, tempfile.TemporaryDirectory(prefix="mjl-restore-") as work:
        manifest = _signed_manifest(archive, key)
        if any(count for label, count in _counts().items() if label != "auth.group"):
            raise _refuse(_("The database is not empty; restore into a new database (migrate) or one emptied "
                            "with flush."))
        staged: list[tuple[str, Path]] = []
        for index, (member, name, entry) in enumerate(_planned(archive, manifest, storage)):
            target = Path(work) / f"unpacked-{index}"
            _unpack(archive, member, name or DATA, entry, target)
            if name is not None:
                staged.append((name, target))
        data = Path(work) / f"data.{EXACT_JSON}"
        os.replace(Path(work) / "unpacked-0", data)  # loaddata tells the format by the extension
        placement = _Placement(storage, Path(work))
        try:
            with transaction.atomic():
                _load(data, manifest)
                for name, target in staged:
                    placement.put(name, target)
        except BaseException as error:
            placement.undo()
            if isinstance(error, OSError):  # the storage failed (full, gone): one line as for the rest
                raise _refuse(_("Writing the export files failed (%(error)s): nothing restored.")
                              % {"error": _first_line(error)}) from error
            raise
    return manifest
