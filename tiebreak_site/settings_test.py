"""Test settings: the real settings, with a fast password hasher and in-memory mail."""

from __future__ import annotations

from tiebreak_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
