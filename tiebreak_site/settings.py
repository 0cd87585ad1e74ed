"""Tiebreak settings: everything that differs between machines comes from the environment."""

from __future__ import annotations

import os
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
    "django.middleware.security.SecurityMiddleware",
    # Serves collected static files (CSS, htmx) when DEBUG is off, without a separate web server.
    "whitenoise.middleware.WhiteNoiseMiddleware",
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
# Five failed logins for one user name from one address lock it out for 15 minutes.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
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
DATABASES = {
    "default": dj_database_url.parse(
        envstr("DATABASE_URL", DEFAULT_DATABASE_URL), conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several TDs post results at once: wait for the write lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

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
STATIC_ROOT = BASE_DIR / "staticfiles"

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

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:dashboard"
LOGOUT_REDIRECT_URL = "standings:home"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
