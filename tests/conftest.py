"""Fixtures shared by all tests. Celery tasks run in-process unless a test is marked ``worker``."""
import shutil

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from mjl.celery import app as celery_app
from tests.factories import AdminFactory, table_with_players

# Property tests assert outcomes, never speed: Hypothesis's 200 ms deadline per example is a timed
# assertion that a loaded CI machine fails at random (speed is measured by bench/).
hypothesis_settings.register_profile("project", deadline=None)
hypothesis_settings.load_profile("project")


def pytest_collection_modifyitems(config, items):
    """Tests that need a real worker run only when a broker is configured (as in .ci/run), browser
    tests only where Chromium is installed."""
    no_worker = pytest.mark.skip(reason="needs CELERY_BROKER_URL and a running Celery worker (.ci/run)")
    no_browser = pytest.mark.skip(reason="needs /usr/bin/chromium (apt-get install chromium)")
    for item in items:
        if "worker" in item.keywords and django_settings.CELERY_TASK_ALWAYS_EAGER:
            item.add_marker(no_worker)
        if "browser" in item.keywords and not shutil.which("chromium"):
            item.add_marker(no_browser)


@pytest.fixture(autouse=True)
def _celery_mode(request, settings):
    eager = request.node.get_closest_marker("worker") is None
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    settings.CELERY_TASK_ALWAYS_EAGER = eager
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _fast_passwords(settings, tmp_path):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: ids are reused after a rollback, cached pages must not be."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def admin_user(db):
    return AdminFactory()


@pytest.fixture
def admin_api(admin_user) -> APIClient:
    client = APIClient()
    client.force_authenticate(admin_user)
    client.force_login(admin_user)  # a session cookie too, as a real caller has: public reads are not shared with it
    return client


@pytest.fixture
def table(db):
    """A dmjl-classical table with four players, session 1 of a tournament of its own; a test file
    that needs another table (a ruleset, options, players of its own) defines its own ``table``."""
    return table_with_players()
