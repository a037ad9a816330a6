"""Settings come from the environment, and bad values stop the start loudly."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from mjl.env import env_bool, env_int, env_list

ROOT = Path(__file__).resolve().parents[2]


def run_django(code: str, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items()
                   if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE",
                                "SECRET_KEY", "CONN_MAX_AGE"}}
    environment.update({"SECRET_KEY": "a-key-for-this-test-only-" + "k" * 30, **env},
                       DJANGO_SETTINGS_MODULE="mjl.settings")
    return subprocess.run([sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("raw", "value"), [("1", True), ("yes", True), ("ON", True), ("0", False), ("off", False)])
def test_booleans_read_the_usual_spellings(monkeypatch, raw, value):
    monkeypatch.setenv("SOME_FLAG", raw)
    assert env_bool("SOME_FLAG", default=not value) is value


def test_a_boolean_that_is_no_boolean_fails_loudly(monkeypatch):
    monkeypatch.setenv("SOME_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG"):
        env_bool("SOME_FLAG", default=False)


def test_an_integer_that_is_no_integer_fails_loudly(monkeypatch):
    monkeypatch.setenv("SOME_NUMBER", "ten")
    with pytest.raises(ImproperlyConfigured, match="SOME_NUMBER"):
        env_int("SOME_NUMBER", default=1)


def test_lists_are_comma_separated(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS", default=[]) == ["a.example", "b.example"]


def test_without_environment_the_embedded_default_is_sqlite_and_in_process_tasks():
    done = run_django("from django.conf import settings as s; "
                      "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["django.db.backends.sqlite3", "True"]


def test_a_postgres_url_selects_postgresql_and_a_broker_turns_off_in_process_tasks():
    done = run_django("from django.conf import settings as s; "
                      "print(s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME'], "
                      "s.CELERY_TASK_ALWAYS_EAGER)",
                      DATABASE_URL="postgres://u@db.example:5432/league", CELERY_BROKER_URL="redis://r:6379/0")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["django.db.backends.postgresql", "league", "False"]


def test_web_processes_and_workers_keep_their_postgresql_connection_and_check_it_before_reuse():
    code = ("from django.conf import settings as s; d = s.DATABASES['default']; "
            "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])")
    kept = run_django(code, DATABASE_URL="postgres://u@db.example:5432/league")
    assert kept.returncode == 0, kept.stderr
    assert kept.stdout.split() == ["60", "True"]
    per_request = run_django(code, DATABASE_URL="postgres://u@db.example:5432/league", CONN_MAX_AGE="0")
    assert per_request.stdout.split() == ["0", "True"]


@pytest.mark.parametrize(("command", "per_request", "own_key"), [
    ("runserver", True, False), ("demo", True, True), ("migrate", False, True), ("celery", False, True)])
def test_the_development_server_opens_a_connection_per_request_and_only_it_goes_without_a_key(
        command, per_request, own_key):
    import manage

    environ = {}
    manage.prepare(command, environ)
    assert (environ.get("CONN_MAX_AGE") == "0") is per_request
    assert ("SECRET_KEY" in environ) is own_key
    kept = {"CONN_MAX_AGE": "30", "SECRET_KEY": "given"}
    manage.prepare(command, kept)
    assert kept["CONN_MAX_AGE"] == "30" and kept["SECRET_KEY"] == "given"  # what is set stays


@pytest.mark.parametrize("env", [
    {"DATABASE_URL": "mysql://u@h/db"},
    {"CELERY_BROKER_URL": "http://broker"},
    {"DEBUG": "perhaps"},
    {"SECRET_KEY": ""},  # no built-in key, whatever DEBUG says
    {"SECRET_KEY": "", "DEBUG": "1"},
])
def test_bad_values_stop_the_start(env):
    done = run_django("pass", **env)
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr


def test_the_deployment_check_is_clean_with_production_variables():
    environment = {k: v for k, v in os.environ.items()
                   if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    environment.update(DEBUG="0", SECRET_KEY="x" * 60 + "-production-secret-key-for-the-check",
                       ALLOWED_HOSTS="league.example", CACHE_URL="redis://127.0.0.1:6379/3",
                       DJANGO_SETTINGS_MODULE="mjl.settings")
    done = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_deployment_check_asks_for_a_shared_cache():
    environment = {k: v for k, v in os.environ.items()
                   if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    environment.update(DEBUG="0", SECRET_KEY="x" * 60 + "-production-secret-key-for-the-check",
                       ALLOWED_HOSTS="league.example", DJANGO_SETTINGS_MODULE="mjl.settings")
    done = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "league.W001" in done.stderr + done.stdout


def test_the_public_cache_lifetimes_come_from_the_environment_and_refuse_a_negative_one():
    done = run_django("from django.conf import settings as s; "
                      "print(s.PUBLIC_MAX_AGE, s.PUBLIC_S_MAXAGE, s.PUBLIC_STALE_WHILE_REVALIDATE)",
                      PUBLIC_MAX_AGE="3", PUBLIC_S_MAXAGE="1", PUBLIC_STALE_WHILE_REVALIDATE="60")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", "1", "60"]
    refused = run_django("pass", PUBLIC_S_MAXAGE="-5")
    assert refused.returncode != 0 and "PUBLIC_S_MAXAGE must be 0 or more seconds" in refused.stderr
