"""All settings, read from the environment (one module; test knobs live in tests/conftest.py).

With no ``DATABASE_URL`` the system runs on an SQLite file in the project and with no
``CELERY_BROKER_URL`` Celery tasks run in-process: the embedded default that lets one command
bring up a demo. Bad values fail loudly at start-up.
"""
from email.utils import formataddr, parseaddr
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from mjl.env import email_settings, env_bool, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for: a deployment that forgets a variable shows no debug pages.
DEBUG = env_bool("DEBUG", default=False)
# No built-in key: manage.py makes a throwaway one for its own commands (the demo serves with it
# for as long as it runs); gunicorn and Celery refuse to start without one.
SECRET_KEY = env_str("SECRET_KEY", default="")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set (a long random string, kept secret).")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "league.apps.AdminConfig",  # Django's admin, discovered by the URLconf (league/apps.py)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "league",
]

MIDDLEWARE = [
    "league.middleware.BodyLimitMiddleware",  # first: before anything reads a body
    "league.middleware.ApiErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "league.middleware.ContentSecurityPolicyMiddleware",
    "league.middleware.RefuseNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "league.middleware.KeptPagesMiddleware",  # kept public pages, before sessions, language and the rest
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "mjl.urls"
WSGI_APPLICATION = "mjl.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
# Django's form renderer, remembering widgets rendered from plain values (league/form_renderer.py).
FORM_RENDERER = "league.form_renderer.RememberingRenderer"

DATABASE_URL = env_str("DATABASE_URL", default="")
if DATABASE_URL:
    if not DATABASE_URL.startswith(("postgres://", "postgresql://", "sqlite://")):
        raise ImproperlyConfigured(f"DATABASE_URL must be a postgres:// or sqlite:// URL, not {DATABASE_URL!r}.")
    import dj_database_url  # only with a DATABASE_URL: the embedded default starts without it

    # Connections are kept for a minute (each process reuses its own; a broken one is noticed and
    # replaced before a request uses it): opening one per request costs PostgreSQL a new backend.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("CONN_MAX_AGE", default=60),
                                                  conn_health_checks=True)}
else:
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
REDIS_CACHE_URL = env_str("CACHE_URL", default="")
if REDIS_CACHE_URL:
    # A cache that cannot be reached answers like an empty one (league.cache_backend): pages are
    # rendered afresh, login brakes and throttles pause, and nothing a user sent is lost.
    CACHES = {"default": {"BACKEND": "league.cache_backend.ForgivingRedisCache", "LOCATION": REDIS_CACHE_URL,
                          "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "referee-home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = env_str("LANGUAGE_CODE", default="de")
LANGUAGES = [("de", _("German")), ("en", _("English"))]
# English dates day first, as British English writes them (mjl/formats/en/formats.py)
FORMAT_MODULE_PATH = ["mjl.formats"]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", default="Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", default=str(BASE_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "mjl.staticfiles.StaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# Exports (league.models.Export.file) are written by workers and read by web processes through
# Django's storage API: with more than one host they must share it. EXPORT_STORAGE=filesystem (the
# default: MEDIA_ROOT, a shared volume across hosts) or s3 (any S3-compatible store, django-storages).
EXPORT_STORAGE = env_str("EXPORT_STORAGE", default="filesystem")
if EXPORT_STORAGE == "s3":
    AWS_STORAGE_BUCKET_NAME = env_str("AWS_STORAGE_BUCKET_NAME", default="")
    if not AWS_STORAGE_BUCKET_NAME:
        raise ImproperlyConfigured("EXPORT_STORAGE=s3 needs AWS_STORAGE_BUCKET_NAME.")
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            # e.g. https://s3.eu-central-1.amazonaws.com or a MinIO / Ceph endpoint
            "endpoint_url": env_str("AWS_S3_ENDPOINT_URL", default="") or None,
            "region_name": env_str("AWS_S3_REGION_NAME", default="") or None,
            # empty: boto3's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, instance role)
            "access_key": env_str("AWS_S3_ACCESS_KEY_ID", default="") or None,
            "secret_key": env_str("AWS_S3_SECRET_ACCESS_KEY", default="") or None,
            "location": env_str("AWS_LOCATION", default=""),
            "default_acl": None,
            "file_overwrite": False,
            "querystring_auth": True,
        },
    }
elif EXPORT_STORAGE != "filesystem":
    raise ImproperlyConfigured(f"EXPORT_STORAGE must be filesystem or s3, not {EXPORT_STORAGE!r}.")

# Celery: a real broker when CELERY_BROKER_URL is set, otherwise tasks run in-process.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", default="")
if CELERY_BROKER_URL and not CELERY_BROKER_URL.startswith(("redis://", "rediss://", "amqp://")):
    raise ImproperlyConfigured(f"CELERY_BROKER_URL must be a redis:// or amqp:// URL, not {CELERY_BROKER_URL!r}.")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_TASK_ALWAYS_EAGER:
    CELERY_BROKER_URL = "memory://localhost/"  # never used: tasks run in-process
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A request never waits long for a broker that is down (league.queue logs it; the sweeps catch up).
CELERY_BROKER_CONNECTION_TIMEOUT = env_float("CELERY_BROKER_CONNECTION_TIMEOUT", default=2.0)
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.1, "interval_max": 0.2}
# How often beat re-queues stale standings (a worker died mid-run, the broker was down) and lost exports.
STANDINGS_SWEEP_SECONDS = env_int("STANDINGS_SWEEP_SECONDS", default=30)
CELERY_BEAT_SCHEDULE = {
    "season-rankings-nightly": {"task": "league.rankings_recompute_all", "schedule": 6 * 3600},
    "exports-requeue-stale": {"task": "league.exports_requeue_stale", "schedule": 60},
    "standings-sweep": {"task": "league.standings_sweep", "schedule": STANDINGS_SWEEP_SECONDS},
    "seat-codes-retire": {"task": "league.seat_codes_retire", "schedule": 3600},
}
# A running export whose build has shown no sign of life this long lost its worker and is built again.
EXPORT_STALE_SECONDS = env_int("EXPORT_STALE_SECONDS", default=900)
# A pending export not started this long after its request (or last requeue) lost its task.
EXPORT_PENDING_SECONDS = env_int("EXPORT_PENDING_SECONDS", default=120)
# Standings recomputations of one tournament start at most this often (seconds; a burst of hands
# costs one run), and a queued one not started within STANDINGS_QUEUE_STALE_SECONDS counts as lost.
STANDINGS_MIN_INTERVAL = env_float("STANDINGS_MIN_INTERVAL", default=1.0)
STANDINGS_QUEUE_STALE_SECONDS = env_int("STANDINGS_QUEUE_STALE_SECONDS", default=60)

# HTTP caching of the public reads (league.cache): browsers keep an anonymous page PUBLIC_MAX_AGE
# seconds, shared caches (a reverse proxy, a CDN) PUBLIC_S_MAXAGE, and both may answer from a copy
# up to PUBLIC_STALE_WHILE_REVALIDATE seconds older while they fetch the new one.
PUBLIC_MAX_AGE = env_int("PUBLIC_MAX_AGE", default=10)
PUBLIC_S_MAXAGE = env_int("PUBLIC_S_MAXAGE", default=5)
PUBLIC_STALE_WHILE_REVALIDATE = env_int("PUBLIC_STALE_WHILE_REVALIDATE", default=30)
for _name in ("PUBLIC_MAX_AGE", "PUBLIC_S_MAXAGE", "PUBLIC_STALE_WHILE_REVALIDATE"):
    if globals()[_name] < 0:
        raise ImproperlyConfigured(f"{_name} must be 0 or more seconds, not {globals()[_name]}.")

REST_FRAMEWORK = {
    "DEFAULT_PERMISSION_CLASSES": ["league.api.permissions.AdminWritesOthersRead"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "league.api.errors.exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "league.api.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "league.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "league.api.pagination.LimitOffsetPagination",
    # JSON, and the browsable API without DRF's filter form (league/api/renderers.py).
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "league.api.renderers.BrowsableAPIRenderer",
    ],
    # OPTIONS is not part of the API (the schema at /api/v1/schema/ describes it): 405, not a
    # metadata answer that needs each view's queryset.
    "DEFAULT_METADATA_CLASS": None,
    "DEFAULT_THROTTLE_RATES": {
        "login": env_str("LOGIN_RATE", default="10/min"),
        # settle/ and handvalue/: requests per client, anonymous and logged in.
        "scoring_anon": env_str("SCORING_RATE_ANON", default="60/min"),
        "scoring_user": env_str("SCORING_RATE_USER", default="600/min"),
    },
    # Clients are told apart by REMOTE_ADDR unless this many trusted proxies set X-Forwarded-For.
    "NUM_PROXIES": env_int("NUM_PROXIES", default=0),
}
# Records in one request to settle/ or handvalue/, and the time one request may spend on them.
SCORING_MAX_RECORDS_ANON = env_int("SCORING_MAX_RECORDS_ANON", default=100)
SCORING_MAX_RECORDS_USER = env_int("SCORING_MAX_RECORDS_USER", default=1000)
SCORING_MAX_SECONDS = env_int("SCORING_MAX_SECONDS", default=10)
# The largest JSON body the API reads (bytes); larger ones are refused with 413 before parsing.
JSON_MAX_BYTES = env_int("JSON_MAX_BYTES", default=1024 * 1024)
# Every request body, of any type, is capped before it is read (league.middleware.BodyLimitMiddleware):
# the upload endpoints take UPLOAD_MAX_BYTES (a 5 MB file and its form), logins and sign-ups 64 KB,
# everything else BODY_MAX_BYTES. Larger: 413.
BODY_MAX_BYTES = env_int("BODY_MAX_BYTES", default=JSON_MAX_BYTES)
UPLOAD_MAX_BYTES = env_int("UPLOAD_MAX_BYTES", default=6 * 1024 * 1024)
# Backups (league.services.backup): the key that signs each archive (HMAC-SHA256), so that a
# restore takes only what this league wrote. Its own key, not one derived from SECRET_KEY: manage.py
# runs commands with a throwaway SECRET_KEY when none is set, a new machine or a rotated SECRET_KEY
# must still restore old backups, and only the machines that back up and restore need to hold it.
# Empty: backup and restore refuse (one line says so).
BACKUP_KEY = env_str("BACKUP_KEY", default="")
# The most a restore unpacks (the data and the export files together, bytes): larger archives are
# refused before anything is unpacked. The data is read whole by loaddata (a few times its size in
# memory), so raise it only with the memory to match.
RESTORE_MAX_BYTES = env_int("RESTORE_MAX_BYTES", default=512 * 1024 * 1024)
# API tokens expire this long after they were issued; a password change revokes them at once.
TOKEN_TTL_HOURS = env_int("TOKEN_TTL_HOURS", default=24 * 14)

SPECTACULAR_SETTINGS = {
    "TITLE": "Mah-Jongg league API",
    "DESCRIPTION": "Players, tournaments, hands, standings and rankings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "AccountClaimStatusEnum": "league.models.accounts.AccountClaim.Status",
        "ErasedStatusEnum": [("erased", "erased")],
        "DecisionStatusEnum": [("approved", "approved"), ("rejected", "rejected")],
    },
}

# X-Forwarded-Proto is only believed from a reverse proxy that sets it; with none in front, a
# client could claim HTTPS for a plain connection.
if REST_FRAMEWORK["NUM_PROXIES"] > 0:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# HTTPS=0 only for serving on a local address without TLS (the demo): no redirect, no secure cookies.
HTTPS = env_bool("HTTPS", default=True)
if not DEBUG and HTTPS:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", default="WARNING")},
}

# E-mail (self-registration's confirmation links): one URL, the console in the demo.
globals().update(email_settings(env_str("EMAIL_URL", default="console://")))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", default="Mah-Jongg league <noreply@localhost>")
# The site's address as people reach it, for links in e-mails that no request is answering (a table to
# confirm again, a dispute): scheme and host, no trailing slash.
SITE_URL = env_str("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# The name every e-mail comes from ("DMJL Turnierleitung"), with DEFAULT_FROM_EMAIL's address.
EMAIL_SENDER_NAME = env_str("EMAIL_SENDER_NAME", default="")
if EMAIL_SENDER_NAME:
    DEFAULT_FROM_EMAIL = formataddr((EMAIL_SENDER_NAME, parseaddr(DEFAULT_FROM_EMAIL)[1] or DEFAULT_FROM_EMAIL))
# Self-registration: sign-ups one address (IP) may send per hour, API and web form together.
SIGNUP_RATE_PER_HOUR = env_int("SIGNUP_RATE_PER_HOUR", default=10)
# Players' accounts: claims one address (IP) may send per hour; how long the e-mailed link holds.
CLAIM_RATE_PER_HOUR = env_int("CLAIM_RATE_PER_HOUR", default=5)
CLAIM_LINK_DAYS = env_int("CLAIM_LINK_DAYS", default=7)
# Password reset (Django's views): requests one address (IP), and one e-mail address, may make per
# hour; how long the e-mailed link holds, in seconds (Django's setting; default one day).
PASSWORD_RESET_RATE_PER_HOUR = env_int("PASSWORD_RESET_RATE_PER_HOUR", default=5)
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", default=24 * 3600)
# Seat codes (league.services.seat_codes): how long a printed code lets its holder in, and how many
# wrong codes one client address may type an hour.
SEAT_CODE_HOURS = env_int("SEAT_CODE_HOURS", default=12)
SEAT_CODE_FAILURES_PER_HOUR = env_int("SEAT_CODE_FAILURES_PER_HOUR", default=30)
# Open claims (unconfirmed or waiting for an administrator) one player's entry may have: each holds a user name
CLAIM_OPEN_PER_PLAYER = env_int("CLAIM_OPEN_PER_PLAYER", default=3)
