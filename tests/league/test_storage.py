"""Exports go through Django's storage API only, so web processes and workers on different hosts
can share them (a shared volume or an S3-compatible store, chosen from the environment)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.storage import default_storage

from league.models import Export
from league.services.exports import export_request
from tests.factories import AdminFactory, TournamentFactory

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_an_export_is_written_and_downloaded_through_the_configured_storage_not_the_disk(
        settings, tmp_path, admin_api, django_capture_on_commit_callbacks):
    settings.STORAGES = {**settings.STORAGES,
                         "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"}}
    settings.MEDIA_ROOT = tmp_path / "never-written"
    with django_capture_on_commit_callbacks(execute=True):
        export = export_request(kind="ema-csv", tournament=TournamentFactory(), user=AdminFactory(),
                                language="en")
    export.refresh_from_db()
    assert export.status == Export.Status.DONE
    assert type(default_storage._wrapped).__name__ == "InMemoryStorage"
    assert default_storage.exists(export.file.name)
    assert not (tmp_path / "never-written").exists()
    response = admin_api.get(f"/api/v1/exports/{export.pk}/download/")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == default_storage.open(export.file.name).read()


def run_django(code: str, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "EXPORT_STORAGE"))}
    environment.update(env, DJANGO_SETTINGS_MODULE="mjl.settings")
    return subprocess.run([sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=60)


def test_an_s3_compatible_store_is_chosen_from_the_environment():
    done = run_django("from django.core.files.storage import storages; s = storages['default']; "
                      "print(type(s).__name__, s.bucket_name, s.endpoint_url)",
                      EXPORT_STORAGE="s3", AWS_STORAGE_BUCKET_NAME="league-exports",
                      AWS_S3_ENDPOINT_URL="http://minio.internal:9000")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["S3Storage", "league-exports", "http://minio.internal:9000"]


@pytest.mark.parametrize(("env", "message"), [
    ({"EXPORT_STORAGE": "s3"}, "AWS_STORAGE_BUCKET_NAME"),
    ({"EXPORT_STORAGE": "ftp"}, "EXPORT_STORAGE"),
])
def test_an_incomplete_or_unknown_storage_fails_at_start(env, message):
    done = run_django("", **env)
    assert done.returncode != 0 and message in done.stderr
