"""Issue 39, item 5: a restore is all or nothing, capped and signed. A played tournament is backed
up and the database flushed; then tampered archives are restored: a changed hand and an extra
superuser (the signature no longer matches), and, signed with the league's key as a careless or
hostile key holder could, a file outside the media folder, a missing file, a file of another size, a
dropped row and archives whose data unpacks to far more than they weigh. Each is refused with one
line, leaves the database empty and the media folder as it was, and the untouched archive restores
afterwards. Runs on SQLite and, with DATABASE_URL, on PostgreSQL."""
import hashlib
import hmac
import io
import json
import struct
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.storage import FileSystemStorage
from django.core.management import CommandError, call_command
from django.utils import translation

from league.management.commands.restore import Command as RestoreCommand
from league.models import AuditEntry, Export, Hand
from tests.faults.test_backup_restore import league_state, played_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def storage():
    return Export._meta.get_field("file").storage


@pytest.fixture
def backup(tmp_path) -> tuple[Path, dict]:
    """The archive of a played tournament and the state it holds; the database flushed and the
    export file removed, as on a new machine."""
    played_tournament()
    state = league_state()
    archive = tmp_path / "league.zip"
    call_command("backup", str(archive), verbosity=0)
    export_name = Export.objects.get().file.name
    call_command("flush", interactive=False, verbosity=0)
    storage().delete(export_name)
    return archive, state


def members(archive: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(archive) as source:
        return {info.filename: source.read(info) for info in source.infolist()}


def digest(content: bytes) -> dict:
    return {"size": len(content), "sha256": hashlib.sha256(content).hexdigest()}


def sign(manifest: bytes, key: str | None = None) -> bytes:
    return hmac.new((key or settings.BACKUP_KEY).encode(), manifest, hashlib.sha256).hexdigest().encode()


def written(path: Path, content: dict[str, bytes], *, compression=zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression) as target:
        for name, data in content.items():
            target.writestr(name, data)
    return path


def tampered(archive: Path, out: Path, *, rows=None, manifest=None, files: dict | None = None,
             resign: bool, key: str | None = None) -> Path:
    """The archive with its rows (``rows(list)`` changes them in place), manifest (``manifest(dict)``)
    or files (name: bytes, or None to drop) changed, the manifest's sizes, checksums and counts made
    to agree. ``resign``: signed again with the league's key (or ``key``); otherwise the old
    signature stays, as with anyone who does not hold the key."""
    content = members(archive)
    meta = json.loads(content["manifest.json"])
    if rows is not None:
        data = json.loads(content["data.json"])
        rows(data)
        content["data.json"] = json.dumps(data).encode()
        meta["data"] = digest(content["data.json"])
        meta["counts"] = {label: sum(1 for row in data if row["model"] == label) for label in meta["counts"]}
    for name, data in (files or {}).items():
        if data is None:
            content.pop("files/" + name, None)
        else:
            content["files/" + name] = data
    if manifest is not None:
        manifest(meta)
    content["manifest.json"] = json.dumps(meta, indent=1, sort_keys=True).encode()
    if resign:
        content["manifest.sig"] = sign(content["manifest.json"], key)
    return written(out, content)


def refusal(archive: Path) -> str:
    """The refusal's message, in English (the test client's last request left German active)."""
    with translation.override("en"), pytest.raises(CommandError) as refused:
        call_command("restore", str(archive), verbosity=0)
    message = str(refused.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def media_listing() -> dict[str, bytes]:
    root = Path(settings.MEDIA_ROOT)
    return {str(path.relative_to(root)): path.read_bytes() for path in root.rglob("*") if path.is_file()}


def assert_nothing_restored(media_before: dict) -> None:
    assert not User.objects.exists()
    assert not Hand.objects.exists() and not AuditEntry.objects.exists() and not Export.objects.exists()
    assert media_listing() == media_before


def assert_the_untouched_archive_restores(archive: Path, state: dict) -> None:
    call_command("restore", str(archive), verbosity=0)
    assert league_state() == state


def assert_refused_then_restored_untouched(forged: Path, words: str, archive: Path, state: dict,
                                           media: dict) -> None:
    """``forged`` is refused with ``words`` in its one line, nothing of it stays, and the untouched
    ``archive`` restores afterwards."""
    assert words in refusal(forged)
    assert_nothing_restored(media)
    assert_the_untouched_archive_restores(archive, state)


def export_name(archive: Path) -> str:
    return next(iter(json.loads(members(archive)["manifest.json"])["files"]))


# -- the signature -------------------------------------------------------------------------------

def test_a_changed_hand_is_refused_by_the_signature_and_nothing_is_restored(backup, tmp_path):
    archive, state = backup
    media = media_listing()

    def richer_winner(rows):
        hand = next(row for row in rows if row["model"] == "league.hand")
        hand["fields"]["record"]["hand_values"][0] += 1000

    forged = tampered(archive, tmp_path / "forged.zip", rows=richer_winner, resign=False)
    assert_refused_then_restored_untouched(forged, "signature does not match", archive, state, media)


def test_an_extra_superuser_is_refused_by_the_signature(backup, tmp_path):
    archive, state = backup
    media = media_listing()

    def mallory(rows):
        user = next(row for row in rows if row["model"] == "auth.user")
        rows.insert(0, {"model": "auth.user", "fields": {
            **user["fields"], "username": "mallory", "is_superuser": True, "is_staff": True,
            "password": "md5$x$" + "0" * 32, "groups": [], "user_permissions": []}})

    forged = tampered(archive, tmp_path / "mallory.zip", rows=mallory, resign=False)
    assert "signature does not match" in refusal(forged)
    assert not User.objects.filter(username="mallory").exists()
    assert_nothing_restored(media)
    assert_the_untouched_archive_restores(archive, state)
    assert not User.objects.filter(username="mallory").exists()


def test_an_archive_signed_with_another_key_or_not_at_all_is_refused(backup, tmp_path):
    archive, state = backup
    media = media_listing()
    other = tampered(archive, tmp_path / "other.zip", resign=True, key="another league's key, " + "y" * 20)
    assert "signature does not match" in refusal(other)
    content = members(archive)
    del content["manifest.sig"]
    unsigned = written(tmp_path / "unsigned.zip", content)
    assert_refused_then_restored_untouched(unsigned, "not signed", archive, state, media)


def test_a_refusal_is_one_line_on_stderr_and_a_non_zero_exit(backup, tmp_path, capsys):
    archive, _ = backup
    forged = tampered(archive, tmp_path / "forged.zip", rows=lambda rows: rows.pop(), resign=False)
    with translation.override("en"), pytest.raises(SystemExit) as exit_:
        RestoreCommand().run_from_argv(["manage.py", "restore", str(forged)])
    assert exit_.value.code != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("CommandError: ") and "signature" in err


def test_without_a_backup_key_neither_backup_nor_restore_runs(backup, tmp_path, settings):
    archive, _ = backup
    settings.BACKUP_KEY = ""
    assert "BACKUP_KEY" in refusal(archive)
    with pytest.raises(CommandError, match="BACKUP_KEY"):
        call_command("backup", str(tmp_path / "unsigned.zip"), verbosity=0)
    assert not (tmp_path / "unsigned.zip").exists()


def test_a_backup_larger_than_the_restore_cap_says_so_when_it_is_made(tmp_path, settings):
    played_tournament()
    settings.RESTORE_MAX_BYTES = 1000
    err = io.StringIO()
    with translation.override("en"):
        call_command("backup", str(tmp_path / "big.zip"), verbosity=0, stdout=io.StringIO(), stderr=err)
    assert "more than RESTORE_MAX_BYTES (1000)" in err.getvalue()


# -- files and sizes, checked before the first row (the archives signed with the league's key) ------

@pytest.mark.parametrize("outside", ["../escaped.txt", "exports/../../escaped.txt", "/tmp/escaped.txt",
                                     "exports/link/escaped.txt", "exports\\..\\..\\escaped.txt"])
def test_a_file_outside_the_media_folder_is_refused_before_any_row(backup, tmp_path, outside):
    archive, state = backup
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (Path(settings.MEDIA_ROOT) / "exports").mkdir(parents=True, exist_ok=True)
    (Path(settings.MEDIA_ROOT) / "exports" / "link").symlink_to(elsewhere, target_is_directory=True)
    media = media_listing()
    payload = b"<script>alert(1)</script>"

    def named_outside(meta):
        meta["files"][outside] = digest(payload)

    forged = tampered(archive, tmp_path / "outside.zip", manifest=named_outside, files={outside: payload},
                      resign=True)
    assert "outside the media folder" in refusal(forged)
    assert_nothing_restored(media)
    assert not list(elsewhere.iterdir()) and not (tmp_path / "escaped.txt").exists()
    assert not Path("/tmp/escaped.txt").exists()
    assert_the_untouched_archive_restores(archive, state)


def test_a_missing_file_is_refused_before_any_row(backup, tmp_path):
    archive, state = backup
    media = media_listing()
    forged = tampered(archive, tmp_path / "missing.zip", files={export_name(archive): None}, resign=True)
    assert_refused_then_restored_untouched(forged, "missing from the archive", archive, state, media)


def test_a_file_of_another_size_than_the_manifest_says_is_refused_before_any_row(backup, tmp_path):
    archive, state = backup
    media = media_listing()
    name = export_name(archive)
    longer = members(archive)["files/" + name] + b"appended"
    forged = tampered(archive, tmp_path / "size.zip", files={name: longer}, resign=True)
    assert_refused_then_restored_untouched(forged, "but the manifest says", archive, state, media)


def test_a_file_stored_as_a_link_in_the_archive_is_refused_before_any_row(backup, tmp_path):
    archive, state = backup
    media = media_listing()
    name = export_name(archive)
    content = members(archive)
    link = zipfile.ZipInfo("files/" + name)
    link.external_attr = (0o120777 << 16)  # a symbolic link, as zip tools store them
    with zipfile.ZipFile(tmp_path / "link.zip", "w") as target:
        for member, data in content.items():
            target.writestr(link if member == link.filename else member, data)
    assert_refused_then_restored_untouched(tmp_path / "link.zip", "a link or a folder", archive, state, media)


def test_a_dropped_row_is_refused_and_the_rows_are_rolled_back(backup, tmp_path):
    archive, state = backup
    media = media_listing()
    content = members(archive)
    rows = json.loads(content["data.json"])
    audit = next(index for index, row in enumerate(rows) if row["model"] == "league.auditentry")
    rows.pop(audit)
    content["data.json"] = json.dumps(rows).encode()
    meta = json.loads(content["manifest.json"])
    meta["data"] = digest(content["data.json"])  # the checksum follows, the counts do not
    content["manifest.json"] = json.dumps(meta).encode()
    content["manifest.sig"] = sign(content["manifest.json"])
    message = refusal(written(tmp_path / "dropped.zip", content))
    assert "do not match the backup" in message and "league.auditentry" in message
    assert_nothing_restored(media)
    assert_the_untouched_archive_restores(archive, state)


def test_a_storage_failing_midway_takes_back_the_rows_and_the_files_and_puts_back_what_was_there(
        backup, tmp_path, monkeypatch):
    archive, state = backup
    name = export_name(archive)
    storage().save(name, io.BytesIO(b"a file that was there before"))
    media = media_listing()
    real_save = FileSystemStorage.save

    failed = []

    def disk_full(self, saved_name, content, *args, **kwargs):
        if failed:  # once: putting back what was there works again
            return real_save(self, saved_name, content, *args, **kwargs)
        failed.append(saved_name)
        real_save(self, saved_name, io.BytesIO(b"half"), *args, **kwargs)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(FileSystemStorage, "save", disk_full)
    assert "No space left on device" in refusal(archive)
    monkeypatch.undo()
    assert failed == [name]
    assert_nothing_restored(media)
    assert media_listing()[name] == b"a file that was there before"
    storage().delete(name)
    assert_the_untouched_archive_restores(archive, state)


# -- bombs: refused early, with bounded memory ------------------------------------------------------

BOMB = 64 * 1024 * 1024  # unpacks to 64 MiB from about 64 KB


def bomb_archive(archive: Path, out: Path, *, manifest_size: int | None = None) -> Path:
    """data.json replaced by 64 MiB of spaces; the manifest says ``manifest_size`` (default: the
    truth) and is signed with the league's key."""
    content = members(archive)
    meta = json.loads(content["manifest.json"])
    meta["data"] = {"size": manifest_size if manifest_size is not None else BOMB,
                    "sha256": hashlib.sha256(b" " * BOMB).hexdigest()}
    content["manifest.json"] = json.dumps(meta).encode()
    content["manifest.sig"] = sign(content["manifest.json"])
    content["data.json"] = b" " * BOMB
    return written(out, content)


def lying_header(path: Path, member: str, size: int) -> Path:
    """Rewrite the uncompressed size of ``member`` in its local header and the central directory."""
    raw = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
        local = info.header_offset
        central = raw.find(b"PK\x01\x02", archive.start_dir)
        while central != -1:
            name_length = struct.unpack_from("<H", raw, central + 28)[0]
            if raw[central + 46:central + 46 + name_length] == member.encode():
                break
            central = raw.find(b"PK\x01\x02", central + 4)
    struct.pack_into("<I", raw, local + 22, size)
    struct.pack_into("<I", raw, central + 24, size)
    path.write_bytes(bytes(raw))
    return path


def peak_memory_of_refusal(archive: Path) -> tuple[str, int]:
    tracemalloc.start()
    try:
        message = refusal(archive)
        return message, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_an_archive_unpacking_beyond_the_cap_is_refused_before_unpacking(backup, tmp_path, settings):
    archive, state = backup
    settings.RESTORE_MAX_BYTES = 8 * 1024 * 1024
    media = media_listing()
    bomb = bomb_archive(archive, tmp_path / "bomb.zip")
    assert bomb.stat().st_size < 1024 * 1024
    message, peak = peak_memory_of_refusal(bomb)
    assert "RESTORE_MAX_BYTES" in message
    assert peak < 4 * 1024 * 1024
    assert_nothing_restored(media)
    assert_the_untouched_archive_restores(archive, state)


@pytest.mark.parametrize("lie", ["manifest", "manifest and zip header"])
def test_an_archive_lying_about_its_size_unpacks_no_further_than_it_claims(backup, tmp_path, lie):
    archive, state = backup
    media = media_listing()
    small = json.loads(members(archive)["manifest.json"])["data"]["size"]
    bomb = bomb_archive(archive, tmp_path / "bomb.zip", manifest_size=small)
    if lie == "manifest and zip header":
        lying_header(bomb, "data.json", small)
    message, peak = peak_memory_of_refusal(bomb)
    assert "but the manifest says" in message or "damaged" in message
    assert peak < 4 * 1024 * 1024
    assert_nothing_restored(media)
    assert_the_untouched_archive_restores(archive, state)


def test_a_gzip_bomb_is_no_backup(backup, tmp_path):
    import gzip

    archive, state = backup
    media = media_listing()
    bomb = tmp_path / "league.zip.gz"
    with gzip.open(bomb, "wb") as out:
        for _ in range(BOMB // (1 << 20)):
            out.write(b"\0" * (1 << 20))
    assert_refused_then_restored_untouched(bomb, "not a backup", archive, state, media)
