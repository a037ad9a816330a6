"""Findings 12 and 13: a Content-Security-Policy without inline scripts, X-Forwarded-Proto only
behind a proxy, tokens that expire and die with the password, no usernames for the public, and
DEBUG off with no built-in key unless the demo sets them."""
import datetime
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import TournamentFactory, UserFactory, client_for, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)


def django(code: str, *, argv: list[str] | None = None, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items()
                   if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL", "NUM_PROXIES", "HTTPS"}}
    environment.update(env, DJANGO_SETTINGS_MODULE="mjl.settings")
    command = argv or [sys.executable, "-c", f"import django; django.setup(); {code}"]
    return subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120)


def test_pages_carry_a_policy_without_inline_scripts_and_have_none(client):
    table = table_with_players(published=True)
    tournament = table.session.tournament
    client.force_login(referee_for(tournament))
    for path in ["/", f"/t/{tournament.slug}/", "/referee/", f"/referee/tables/{table.pk}/", "/login/"]:
        response = client.get(path, follow=True)
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy, path
        page = response.content.decode()
        assert not INLINE_SCRIPT.search(page) and not INLINE_HANDLER.search(page), path


def test_x_forwarded_proto_is_believed_only_behind_a_proxy():
    code = "from django.conf import settings as s; print(getattr(s, 'SECURE_PROXY_SSL_HEADER', None))"
    alone = django(code, SECRET_KEY="k" * 50)
    proxied = django(code, SECRET_KEY="k" * 50, NUM_PROXIES="1")
    assert alone.stdout.strip() == "None", alone.stderr
    assert "HTTP_X_FORWARDED_PROTO" in proxied.stdout, proxied.stderr


def test_an_old_token_expires(settings):
    settings.TOKEN_TTL_HOURS = 24
    token = Token.objects.create(user=UserFactory())
    Token.objects.filter(pk=token.pk).update(created=timezone.now() - datetime.timedelta(hours=25))
    response = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}").post("/api/v1/settle/", {}, format="json")
    assert response.status_code in (401, 403) and response.json()["error"]["code"] == "authentication_failed"
    assert not Token.objects.filter(pk=token.pk).exists()


def test_a_password_change_revokes_the_users_tokens_and_a_login_does_not():
    user = UserFactory()
    token = Token.objects.create(user=user)
    user.save(update_fields=["last_login"])
    assert Token.objects.filter(pk=token.pk).exists()
    user.set_password("another-secret-456")
    user.save()
    assert not Token.objects.filter(user=user).exists()


def test_hand_lists_name_the_referee_only_to_referees(api):
    table = table_with_players(published=True)
    referee = referee_for(table.session.tournament)
    client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", WIN, format="json")
    assert [h["entered_by"] for h in api.get(f"/api/v1/tables/{table.pk}/hands/").json()] == [None]
    outsider = referee_for(TournamentFactory())
    assert [h["entered_by"] for h in client_for(outsider).get(f"/api/v1/tables/{table.pk}/hands/").json()] == [None]
    assert [h["entered_by"] for h in client_for(referee).get(f"/api/v1/tables/{table.pk}/hands/").json()] \
        == [referee.username]


def test_debug_is_off_and_a_key_required_unless_set():
    assert django("from django.conf import settings as s; print(s.DEBUG)", SECRET_KEY="k" * 50).stdout.strip() \
        == "False"
    no_key = django("", argv=[sys.executable, "-c", "import mjl.wsgi"])
    assert no_key.returncode != 0 and "SECRET_KEY must be set" in no_key.stderr


def test_missing_pages_are_the_products_own_404(client):
    response = client.get("/l/no-such-league/", HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 404 and "URLconf" not in page and "Not found" in page


def test_the_demo_command_runs_without_any_variable_set(tmp_path):
    done = django("", argv=[sys.executable, "manage.py", "demo", "--no-serve"],
                  DATABASE_URL=f"sqlite:///{tmp_path / 'demo.sqlite3'}", MEDIA_ROOT=str(tmp_path))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Administrator: admin / " in done.stdout and "Referee: referee / " in done.stdout
