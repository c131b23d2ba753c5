"""Tablescore's settings: one file, every value from the environment, each with a working default.

With no environment at all the app runs on a SQLite file in the project folder and Celery runs
tasks in-process, so a newcomer needs nothing installed. ``DATABASE_URL`` (PostgreSQL) and
``REDIS_URL`` (Celery broker and cache) switch to the real servers with the same code. A malformed
value stops the start with an error that names the variable.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

BASE_DIR = Path(__file__).resolve().parent.parent
DEFAULT_SECRET_KEY = "insecure-development-key-change-me"


def env_str(name: str, default: str) -> str:
    """A string variable; empty counts as unset."""
    return os.environ.get(name) or default


def env_bool(name: str, default: bool) -> bool:
    """``true/false``, ``yes/no``, ``on/off`` or ``1/0``."""
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    """A whole number."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list."""
    raw = os.environ.get(name, "")
    return [item.strip() for item in raw.split(",") if item.strip()] if raw.strip() else default


def secret_from_file(name: str) -> str:
    """The contents of the file variable ``name`` names (deploy/first-start makes it once and
    keeps it), so the key lives in a file only its owner reads, not in the environment file."""
    path = env_str(name, "")
    if not path:
        return ""
    try:
        return Path(path).read_text().strip()
    except OSError as error:
        raise ImproperlyConfigured(f"{name}: cannot read {path}: {error.strerror}") from None


def pool_options() -> dict[str, object]:
    """psycopg's connection pool (Django 5.2), when ``DATABASE_POOL_SIZE`` is set: each process
    then keeps at most that many connections, shared by its threads, instead of one per thread."""
    size = env_int("DATABASE_POOL_SIZE", 0)
    if size <= 0:
        return {}
    return {"pool": {"min_size": 1, "max_size": size, "timeout": env_int("DATABASE_POOL_TIMEOUT", 10)}}


def database_from_url(name: str, url: str) -> dict[str, object]:
    """A ``DATABASES`` entry from ``postgres://user:pass@host:port/db?sslmode=...`` or ``sqlite:///path``."""
    parts = urlsplit(url)
    if parts.scheme in {"postgres", "postgresql", "pgsql"}:
        if not parts.path.strip("/"):
            raise ImproperlyConfigured(f"{name} must name a database: postgres://user@host:5432/NAME")
        try:
            port = parts.port
        except ValueError:
            raise ImproperlyConfigured(f"{name} has a bad port: {url!r}") from None
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")),
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(port or ""),
            # A server that hangs rather than refuses must not hold a request until gunicorn's
            # timeout: after 5 s the request answers 503 (tablescore/middleware.py).
            "OPTIONS": {"connect_timeout": "5", **pool_options(), **dict(parse_qsl(parts.query))},
            # A pooled connection goes back to the pool after each request (Django requires 0).
            "CONN_MAX_AGE": 0 if pool_options() else env_int("DATABASE_CONN_MAX_AGE", 60),
            "CONN_HEALTH_CHECKS": not pool_options(),
        }
    if parts.scheme == "sqlite":
        path = unquote(parts.path)
        if path.startswith("//"):
            path = path[1:]
        elif path.startswith("/"):
            path = path[1:] or ":memory:"
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": path or ":memory:"}
    raise ImproperlyConfigured(
        f"{name} must start with postgres:// or sqlite://, not {parts.scheme or url!r}://"
    )


def redis_url(name: str) -> str:
    """A ``redis://`` or ``rediss://`` URL, or empty when unset."""
    raw = os.environ.get(name, "").strip()
    if raw and urlsplit(raw).scheme not in {"redis", "rediss"}:
        raise ImproperlyConfigured(f"{name} must start with redis:// or rediss://, not {raw!r}")
    return raw


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY", "") or secret_from_file("SECRET_KEY_FILE") or DEFAULT_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")
# How many reverse proxies in front append to X-Forwarded-For (tablescore/client.py); 0: none.
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",  # the built-in widgets' templates, for forms rendered with TemplatesSetting
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    # Failed sign-ins counted per address and per account (below, "Sign-in throttling").
    "axes",
    # Our apps, bottom first: each one uses only the apps listed before it (docs/architecture.md).
    "clubs",
    "scoring",
    "tournaments",
    "seasons",
]

MIDDLEWARE = [
    # No Cross-Origin-Opener-Policy on a room's plain HTTP, where browsers ignore it (origins.py).
    "tablescore.origins.OpenerPolicyWhereHonoured",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # The club's language and time zone on its pages, Accept-Language alone for the API.
    "tablescore.languages.ClubLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tablescore.middleware.DatabaseUnavailableMiddleware",
    # Reads to the replica when there is one; listed after the 503 middleware (tablescore/replica.py).
    *(["tablescore.replica.ReplicaReadsMiddleware"] if env_str("DATABASE_REPLICA_URL", "") else []),
    "tablescore.signin.SignInMiddleware",
    # Last, as django-axes asks: turns a locked-out sign-in into its page (429).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tablescore.urls"


def _club_page(club: Any) -> str:
    """A club's page lists its matches, so the scoring app serves it; the clubs app below it does
    not name it, the project does (``club.get_absolute_url()``, as in the admin's "view on site")."""
    from django.urls import reverse

    return reverse("scoring:club", args=[club.slug])


ABSOLUTE_URL_OVERRIDES = {"clubs.club": _club_page}
WSGI_APPLICATION = "tablescore.wsgi.application"
ASGI_APPLICATION = "tablescore.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # tablescore is the apps' kit, not an app: its template library is named here.
            "libraries": {"etag_tags": "tablescore.etag_tags"},
        },
    },
]

DATABASES = {
    "default": database_from_url(
        "DATABASE_URL", env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'var' / 'tablescore.sqlite3'}")
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    (BASE_DIR / "var").mkdir(exist_ok=True)
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
# A streaming replica for the pages that only show (tablescore/replica.py): the public pages,
# projectors, standings, exports and the API's reads, with django-multidb-router's pinning.
if env_str("DATABASE_REPLICA_URL", ""):
    DATABASES["replica"] = database_from_url("DATABASE_REPLICA_URL", env_str("DATABASE_REPLICA_URL", ""))
    if "connect_timeout=" not in env_str("DATABASE_REPLICA_URL", ""):
        # A dead replica costs a second, once per check, not the primary's five.
        DATABASES["replica"]["OPTIONS"] = {
            **cast(dict[str, object], DATABASES["replica"]["OPTIONS"]),
            "connect_timeout": "1",
        }
    REPLICA_DATABASES = ["replica"]
    DATABASE_ROUTERS = ["tablescore.replica.ReplicaRouter"]
    MULTIDB_PINNING_SECONDS = env_int("DATABASE_REPLICA_PIN_SECONDS", 15)
    MULTIDB_PINNING_COOKIE = "tablescore_primary"
    MULTIDB_PINNING_COOKIE_HTTPONLY = True
    MULTIDB_PINNING_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
DATABASE_REPLICA_MAX_LAG_SECONDS = env_int("DATABASE_REPLICA_MAX_LAG_SECONDS", 5)
DATABASE_REPLICA_CHECK_SECONDS = env_int("DATABASE_REPLICA_CHECK_SECONDS", 2)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = redis_url("REDIS_URL")
# The cache is an optimisation (throttle counters, short-lived copies): with Redis down every
# cache call answers "nothing cached" after at most a second instead of failing the request.
CACHES = {
    "default": (
        {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "tablescore",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 1, "SOCKET_TIMEOUT": 1},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True

# Celery: a real broker when REDIS_URL is set, tasks run in-process (eager) otherwise.
CELERY_BROKER_URL = redis_url("CELERY_BROKER_URL") or REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not CELERY_BROKER_URL.startswith("redis"))
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 120)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 100)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# An unacknowledged task (its worker died) goes back to the queue after this many seconds; keep it
# above the longest task run and retry countdown, or a task still running is delivered again.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 600),
    "socket_connect_timeout": 2,
}
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "tablescore")
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # Catch up on tournament tasks lost while the broker was down (tournaments/events.py).
    "tournaments-reconcile": {
        "task": "tournaments.reconcile",
        "schedule": float(env_int("TOURNAMENTS_RECONCILE_SECONDS", 60)),
    },
    # Catch up on season tables and ratings whose evenings changed while a task was lost.
    "seasons-reconcile": {
        "task": "seasons.reconcile",
        "schedule": float(env_int("SEASONS_RECONCILE_SECONDS", 300)),
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sign-in throttling (django-axes): after SIGNIN_FAILURE_LIMIT failed sign-ins from one address,
# or for one account, that address or account is refused for SIGNIN_COOLOFF_MINUTES; a success
# clears the count. The attempts are rows in the database, so every gunicorn worker sees them
# (`manage.py axes_reset` lifts every lock at once). The address is the one the audit trail uses.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("SIGNIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("SIGNIN_COOLOFF_MINUTES", 10))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tablescore.client.client_ip"
AXES_LOCKOUT_CALLABLE = "tablescore.signin.locked_out"
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
# How long a club's invitation link (clubs.services.invitations) works before it must be made again.
INVITATION_DAYS = env_int("INVITATION_DAYS", 7)

LANGUAGE_CODE = "en"
# The clubs of these games are French and Dutch. Catalogs: each app's own ``locale/``; the
# project's templates, the ``tablescore`` package and the pure ``games`` package (not apps)
# keep theirs in the folders below.
LANGUAGES = [("en", "English"), ("fr", "Français"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "tablescore" / "locale", BASE_DIR / "games" / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True
# Numbers and dates follow the active language's formats (Django's own fr/nl formats), but a
# score stays "1230", never "1,230" or "1 230": no thousands separator anywhere.
USE_THOUSAND_SEPARATOR = False
# The switcher's choice is kept for a year (Django's default cookie is for the session only).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG
# Source maps (the vendored API docs' are 2.5 MB) are fetched only by a developer's tools: left
# uncompressed, they halve the work of `collectstatic`, the slowest step of `bin/run`.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
# Every page names a static file through `{% static %}` (its hashed name), so the plain copies are
# never asked for: keeping only the hashed ones halves `collectstatic` again (20 s → 8 s on this machine).
WHITENOISE_KEEP_ONLY_HASHED_FILES = True

REST_FRAMEWORK = {
    "DEFAULT_PARSER_CLASSES": [
        "tablescore.parsers.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Every API: a table's scorer link, a signed-in session, or an organizer's API token.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "scoring.authentication.TableLinkAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tablescore.api.exception_handler",
    "DEFAULT_THROTTLE_RATES": {"bad_token": env_str("BAD_TOKEN_RATE", "20/min")},
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tablescore API",
    "DESCRIPTION": (
        "Score card games at the table and run club tournaments. Organizers' scripts send "
        "`Authorization: Token <key>`, the token each organizer makes at /accounts/api-token/; "
        "a table sends `Authorization: Table <token>` from its scorer link."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI from the project's own static files: /api/docs/ works in a club room with no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tablescore.openapi.document_authentication_errors",
    ],
}

# Production hardening; `manage.py check --deploy` is clean when DEBUG is off.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp): scripts and styles come from our own files only (htmx is
# vendored; no inline <script>, <style>, style= or on…= in the templates), SVG is inline markup.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"one_line": {"()": "tablescore.logs.OneLineFormatter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "one_line": {"class": "logging.StreamHandler", "formatter": "one_line"},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # A request for a host not in ALLOWED_HOSTS (a scanner, a phone with an old address)
        # still gets its 400, and the terminal one line instead of a traceback.
        "django.security.DisallowedHost": {"handlers": ["one_line"], "propagate": False},
        # django-axes says every failed sign-in at INFO; its lockouts (WARNING) are what matter.
        "axes": {"level": "WARNING"},
        # Tasks run in-process answer inside the request that queued them: a line per task is
        # noise there (a worker's log keeps them).
        **({"celery.app.trace": {"level": "WARNING"}} if CELERY_TASK_ALWAYS_EAGER else {}),
    },
}
