"""Tiebreak settings: everything that differs between machines comes from the environment."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

PLACEHOLDER_SECRET_KEY = "insecure-development-key-do-not-use-in-production"


def envbool(name: str, default: str) -> bool:
    """Read a yes/no variable; fail loudly on anything else."""
    value = os.getenv(name, default).strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def envstr(name: str, default: str) -> str:
    """Read a string variable, or the contents of the file named by NAME_FILE."""
    path = os.getenv(f"{name}_FILE")
    if path:
        try:
            return Path(path).read_text().strip()
        except OSError as error:
            raise ImproperlyConfigured(
                f"{name}_FILE: cannot read {path}: {error.strerror}"
            ) from error
    return os.getenv(name, default)


def envint(name: str, default: str) -> int:
    """Read a whole number of 0 or more; fail loudly on anything else."""
    value = os.getenv(name, default).strip()
    if not value.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}")
    return int(value)


DEBUG = envbool("DEBUG", "true")
SECRET_KEY = envstr("SECRET_KEY", PLACEHOLDER_SECRET_KEY)
if not DEBUG and SECRET_KEY.strip() in ("", PLACEHOLDER_SECRET_KEY):
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")

ALLOWED_HOSTS = [
    h.strip()
    for h in envstr("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in envstr("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

# HTTPS. With DEBUG off the defaults are production's: HTTP is redirected to HTTPS, browsers
# are told to use HTTPS only for a year (HSTS, subdomains included), and the session and CSRF
# cookies are sent over HTTPS only. Each can be turned off from the environment (a test
# instance without TLS). Behind a proxy that ends TLS (nginx, docs/deploy.md), set
# SECURE_PROXY_SSL_HEADER=true so Django knows a request came in over HTTPS: only when the
# proxy sets X-Forwarded-Proto itself, or a client could claim HTTPS.
PRODUCTION = "false" if DEBUG else "true"
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000")
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", PRODUCTION)
# Preloading puts the domain in the browsers' built-in list: the domain owner's decision.
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "false")
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", PRODUCTION)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", PRODUCTION)
if envbool("SECURE_PROXY_SSL_HEADER", "false"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# "check --deploy" asks for preloading (security.W021): not the app's to decide. django-axes
# warns (axes.W006) when the lockout does not count by address, in case an attacker rotates
# user agents or cookies; it counts by user name alone (see AXES_LOCKOUT_PARAMETERS), which no
# rotation escapes.
SILENCED_SYSTEM_CHECKS = ["axes.W006"] + (
    [] if SECURE_HSTS_PRELOAD else ["security.W021"]
)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    "tournaments",
    "standings",
]

MIDDLEWARE = [
    # Logs a request slower than SLOW_REQUEST_MS (first, so it times all the others).
    "tiebreak_site.middleware.SlowRequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Serves collected static files (CSS, htmx) when DEBUG is off, without a separate web server.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses every other page (a 1,200-player round page: 1.9 MB, 42 kB gzipped). BREACH
    # needs a secret that stays the same across responses next to text an attacker controls:
    # Django masks the CSRF token anew in every response and pads each gzip stream with random
    # bytes (docs/deploy.md). Public pages are compressed once, when cached (standings/cache.py).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Throttles login attempts (last, as django-axes asks).
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # django-axes first: it refuses a locked-out login before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Five failed logins for one user name, from any address, make the next try wait
# LOGIN_DELAY_SECONDS (default 60; each refused try starts the wait again). Counted by user name
# only: a hall's shared Wi-Fi is one address for everyone, so counting by address would let any
# player lock the TDs out, and counting by name and address would let an attacker elsewhere
# keep guessing. A short wait slows guessing to about one password a minute and costs the TD a
# minute at most (docs/deploy.md, "Logins").
AXES_FAILURE_LIMIT = 5
LOGIN_DELAY_SECONDS = envint("LOGIN_DELAY_SECONDS", "60")
AXES_COOLOFF_TIME = timedelta(seconds=LOGIN_DELAY_SECONDS)
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

ROOT_URLCONF = "tiebreak_site.urls"

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
        },
    },
]

WSGI_APPLICATION = "tiebreak_site.wsgi.application"

# SQLite is the embedded default: a new user runs the app with no server.
# PostgreSQL (production) is selected by DATABASE_URL=postgres://user@host:5432/name.
DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
# Each worker keeps its connection for a minute; before reusing it for a new request it checks
# it (one trivial query), so a PostgreSQL restart or restore costs no request a server error.
DATABASES = {
    "default": dj_database_url.parse(
        envstr("DATABASE_URL", DEFAULT_DATABASE_URL),
        conn_max_age=60,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several TDs post results at once: wait for the write lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# A hand-paired round posts two fields a board and two a bye (up to 2,000 of each), a prize
# list nine a row: Django's default of 1,000 fields refused a round of 500 boards (a 400).
DATA_UPLOAD_MAX_NUMBER_FIELDS = 10_000

AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = envstr("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where collectstatic puts the files WhiteNoise serves (docs/deploy.md uses /var/lib/tiebreak).
STATIC_ROOT = Path(envstr("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# Deployed (DEBUG off, after collectstatic), static files get content-hashed names and WhiteNoise
# serves them with a one-year immutable cache lifetime and gzip copies: a phone in the hall
# fetches the CSS once for the whole event. In development the names stay plain.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # With DEBUG off, always the manifest storage: collectstatic itself must run with it to
        # write the manifest and the gzip copies (choosing it only once the manifest existed
        # meant it never did). Before collectstatic has run, StaticStorage links plain names,
        # so pages never fail over a missing static file.
        "BACKEND": "tiebreak_site.storage.StaticStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# The cache of rendered public pages (standings/cache.py). With REDIS_URL (production, several
# app servers) every server shares one Redis: a page is rendered once per section version for
# all of them. Without it each process keeps its own copy in memory. Either way it is bounded:
# the memory cache keeps at most CACHE_MAX_ENTRIES entries (a 1,200-player wall chart is about
# 2 MB), Redis as much as its ``maxmemory`` allows (docs/deploy.md), evicting the least used.
REDIS_URL = envstr("REDIS_URL", "")
CACHE_MAX_ENTRIES = envint("CACHE_MAX_ENTRIES", "100")
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": envstr("CACHE_KEY_PREFIX", "tiebreak"),
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": CACHE_MAX_ENTRIES},
        }
    }

# How long an anonymous visitor's copy of a public page may lag a change (0: check every time).
PUBLIC_PAGES_FRESH_SECONDS = envint("PUBLIC_PAGES_FRESH_SECONDS", "2")

# Logging: to standard error, which systemd's journal (or any process manager) collects. With
# DEBUG off Django itself logs nothing by default; here every server error is logged with its
# traceback (logger django.request), and every request slower than SLOW_REQUEST_MS (default
# 1000; tiebreak_site/middleware.py) as a warning.
LOG_LEVEL = envstr("LOG_LEVEL", "INFO").upper()
SLOW_REQUEST_MS = envint("SLOW_REQUEST_MS", "1000")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "line": {
            "format": "{asctime} {levelname} {name} {process} {message}",
            "style": "{",
        }
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "line",
        }
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own handlers print only when DEBUG is on and mail admins otherwise.
        "django": {"handlers": ["stderr"], "level": LOG_LEVEL, "propagate": False},
        # 4xx answers are the visitors' mistakes: kept out of the log below WARNING's noise.
        "django.request": {
            "handlers": ["stderr"],
            "level": "ERROR",
            "propagate": False,
        },
        # django-axes says "BEGIN version ..." at every start and each login at INFO; its
        # warnings (a failed login, a lockout) are kept.
        "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:dashboard"
LOGOUT_REDIRECT_URL = "standings:home"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
