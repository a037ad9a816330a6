"""Every request body is capped before it is read, per endpoint: an anonymous 200 MB multipart POST
to ``auth/token/`` or ``settle/`` is answered 413 without a byte spooled to disk, and a body that
declares no length is cut off at the cap while it is read."""
import io
import tempfile

import pytest
from django.core.handlers.wsgi import WSGIRequest
from django.test import Client

from league.middleware import BodyLimitMiddleware, body_limit

pytestmark = pytest.mark.django_db

TWO_HUNDRED_MB = 200 * 1024 * 1024


class HugeBody(io.RawIOBase):
    """A wsgi.input that counts what is read from it and would give 200 MB."""

    def __init__(self):
        self.read_bytes = 0

    def readable(self):
        return True

    def readinto(self, buffer):
        size = min(len(buffer), TWO_HUNDRED_MB - self.read_bytes)
        buffer[:size] = b"x" * size
        self.read_bytes += size
        return size


def huge_post(client: Client, path: str, body: HugeBody):
    boundary = "b0undary"
    return client.generic("POST", path, b"", content_type=f"multipart/form-data; boundary={boundary}",
                          CONTENT_LENGTH=str(TWO_HUNDRED_MB), **{"wsgi.input": body})


@pytest.mark.parametrize("path", ["/api/v1/auth/token/", "/api/v1/settle/", "/login/", "/t/x/signup/",
                                  "/api/v1/tournaments/1/imports/"])
def test_a_200_mb_multipart_post_is_refused_before_a_byte_is_read(path, monkeypatch):
    spooled = []
    monkeypatch.setattr(tempfile, "NamedTemporaryFile", lambda *a, **k: spooled.append(1))
    body = HugeBody()
    response = huge_post(Client(), path, body)
    assert response.status_code == 413
    assert body.read_bytes == 0 and not spooled


def test_the_apis_413_carries_the_error_body():
    response = huge_post(Client(), "/api/v1/auth/token/", HugeBody())
    assert response.json()["error"]["code"] == "too_large" and "fields" in response.json()["error"]


def test_caps_differ_per_endpoint(settings):
    assert body_limit("/api/v1/auth/token/") == body_limit("/login/") == 64 * 1024
    assert body_limit("/api/v1/tournaments/3/imports/") == settings.UPLOAD_MAX_BYTES
    assert body_limit("/api/v1/settle/") == settings.BODY_MAX_BYTES


def test_a_body_without_a_length_is_cut_off_at_the_cap_while_it_is_read(rf):
    body = HugeBody()
    seen = {}

    def view(request):
        request._stream.read()  # as a parser would
        seen["reached"] = True

    environ = rf.post("/api/v1/settle/", b"", content_type="application/json").environ
    environ.update({"wsgi.input": body, "CONTENT_LENGTH": "", "PATH_INFO": "/api/v1/settle/"})
    request = WSGIRequest(environ)
    request._stream = body  # a server that passes a chunked body through
    response = BodyLimitMiddleware(view)(request)
    assert response.status_code == 413 and "reached" not in seen
    assert body.read_bytes <= body_limit("/api/v1/settle/") + 1
