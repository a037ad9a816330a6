"""Starting it as people do: `manage.py demo --no-serve`, then a plain `manage.py runserver` on that
database serves the demo (its key and plain HTTP are kept beside the SQLite file, the static files
are collected), with nothing else set in the environment."""
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from mjl.env import local_env_apply, local_env_file, local_env_write

ROOT = Path(__file__).resolve().parents[2]
SET_BY_TESTS = {"SECRET_KEY", "DEBUG", "HTTPS", "DJANGO_SETTINGS_MODULE", "DATABASE_URL", "CELERY_BROKER_URL",
                "CACHE_URL", "CONN_MAX_AGE", "STATIC_ROOT", "MEDIA_ROOT", "EMAIL_URL"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": "en"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (a local address)
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_runserver_after_demo_no_serve_serves_the_demo(tmp_path):
    env = {name: value for name, value in os.environ.items() if name not in SET_BY_TESTS}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3", STATIC_ROOT=str(tmp_path / "static"),
               MEDIA_ROOT=str(tmp_path / "media"))
    manage = [sys.executable, str(ROOT / "manage.py")]
    demo = subprocess.run([*manage, "demo", "--no-serve"], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)
    assert demo.returncode == 0, demo.stderr
    assert "runserver" in demo.stdout and (tmp_path / "db.sqlite3.env").is_file()
    port = _free_port()
    server = subprocess.Popen([*manage, "runserver", f"127.0.0.1:{port}", "--noreload"], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        status, page = 0, ""
        for _attempt in range(240):  # until the server listens (or has stopped)
            if server.poll() is not None:
                break
            try:
                status, page = _get(f"http://127.0.0.1:{port}/")
                break
            except (ConnectionError, urllib.error.URLError):
                time.sleep(0.25)
        assert server.poll() is None, server.stderr.read()
        assert status == 200  # not a refusal to start, a redirect to https or a 500
        stylesheet = re.search(r'href="(/static/[^"]+\.css)"', page).group(1)
        assert _get(f"http://127.0.0.1:{port}{stylesheet}")[0] == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_local_file_is_read_for_its_sqlite_database_only_and_the_environment_wins(tmp_path):
    sqlite = {"DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}
    local_env_write(tmp_path / "db.sqlite3", secret_key="k" * 50)
    assert local_env_file(sqlite, tmp_path) == tmp_path / "db.sqlite3.env"
    environ = dict(sqlite)
    local_env_apply(environ, tmp_path)
    assert (environ["SECRET_KEY"], environ["HTTPS"]) == ("k" * 50, "0")
    environ = {**sqlite, "HTTPS": "1"}
    local_env_apply(environ, tmp_path)
    assert environ["HTTPS"] == "1"
    postgres = {"DATABASE_URL": "postgres://league@db/league"}
    assert local_env_file(postgres, tmp_path) is None
    local_env_apply(postgres, tmp_path)
    assert "SECRET_KEY" not in postgres


@pytest.mark.parametrize("option", ["--no-serve", "--addrport"])
def test_the_demos_options_are_described_in_its_help(option):
    result = subprocess.run([sys.executable, str(ROOT / "manage.py"), "demo", "--help"], capture_output=True,
                            text=True, timeout=120, env={k: v for k, v in os.environ.items() if k not in SET_BY_TESTS})
    described = re.search(re.escape(option) + r"[^\n]*\n?\s+(\S.*)", result.stdout)
    assert described and "--" not in described.group(1)[:2]
