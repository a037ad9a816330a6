"""Reading settings from the environment: typed, and loud about values that make no sense."""
import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, *, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, *, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no, on/off), not {raw!r}.")


def env_int(name: str, *, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}.") from None


def env_float(name: str, *, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {raw!r}.") from None


def env_list(name: str, *, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


_EMAIL_BACKENDS = {
    "console": "django.core.mail.backends.console.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "file": "django.core.mail.backends.filebased.EmailBackend",
    "dummy": "django.core.mail.backends.dummy.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "submission": "django.core.mail.backends.smtp.EmailBackend",
}


def email_settings(url: str) -> dict:
    """Django's e-mail settings from one URL: ``console://`` (the default), ``locmem://``,
    ``file:///path``, ``smtp://user:password@host:587/?tls=1``, ``smtps://…`` (SSL)."""
    from urllib.parse import parse_qs, unquote, urlsplit

    parts = urlsplit(url)
    backend = _EMAIL_BACKENDS.get(parts.scheme)
    if backend is None:
        raise ImproperlyConfigured(f"EMAIL_URL: unknown scheme {parts.scheme!r} (console, smtp, smtps, file, locmem).")
    settings = {"EMAIL_BACKEND": backend}
    if parts.scheme == "file":
        settings["EMAIL_FILE_PATH"] = parts.path
    if parts.scheme in ("smtp", "smtps", "submission"):
        query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        settings.update({
            "EMAIL_HOST": parts.hostname or "localhost",
            "EMAIL_PORT": parts.port or (465 if parts.scheme == "smtps" else 587 if parts.scheme == "submission"
                                         else 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_SSL": parts.scheme == "smtps",
            "EMAIL_USE_TLS": parts.scheme == "submission" or query.get("tls", "").lower() in _TRUE,
        })
    return settings


# ---- the demo's local settings file: kept beside its SQLite database ----

LOCAL_KEYS = ("SECRET_KEY", "HTTPS")  # what the file may set; nothing else is read from it


def sqlite_file(environ, base_dir) -> Path | None:
    """The SQLite database file the settings will use (the embedded default, or a ``sqlite://``
    ``DATABASE_URL``), or None for PostgreSQL."""
    url = environ.get("DATABASE_URL", "")
    if not url:
        return Path(base_dir) / "db.sqlite3"
    if not url.startswith("sqlite://"):
        return None
    import dj_database_url  # only for a DATABASE_URL (a command's start-up without one skips it)

    name = str(dj_database_url.parse(url).get("NAME") or "")
    return Path(name) if name and name != ":memory:" else None


def local_env_file(environ, base_dir) -> Path | None:
    """Where the demo keeps the settings it served with: ``<database>.env`` beside the SQLite file."""
    database = sqlite_file(environ, base_dir)
    return database.with_name(database.name + ".env") if database is not None else None


def local_env_read(path: Path | None) -> dict[str, str]:
    if path is None or not path.is_file():
        return {}
    values = {}
    for line in path.read_text().splitlines():
        name, sep, value = line.partition("=")
        if sep and name.strip() in LOCAL_KEYS and not line.lstrip().startswith("#"):
            values[name.strip()] = value.strip()
    return values


def local_env_apply(environ, base_dir) -> None:
    """For an SQLite database the demo set up: its key and plain HTTP, unless the environment says
    otherwise (manage.py's demo and runserver only; a PostgreSQL database never has such a file)."""
    for name, value in local_env_read(local_env_file(environ, base_dir)).items():
        environ.setdefault(name, value)


def local_env_write(database: Path, *, secret_key: str) -> Path:
    """Write the demo's settings beside its SQLite ``database`` once (readable by the owner only),
    so that a plain ``manage.py runserver`` on that database serves it as the demo did."""
    path = database.with_name(database.name + ".env")
    if local_env_read(path).get("SECRET_KEY"):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text("# Written by manage.py demo for this SQLite database: manage.py runserver on it reads these.\n"
                    f"SECRET_KEY={secret_key}\nHTTPS=0\n")
    return path
