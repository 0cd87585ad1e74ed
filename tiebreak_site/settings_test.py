"""Test settings: the real settings, with a fast password hasher and in-memory mail."""

from __future__ import annotations

from tiebreak_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# The hall's time zone is the tests' choice (override_settings), not the machine's: a
# TIME_ZONE in the environment would move every time the pages print.
TIME_ZONE = "UTC"
