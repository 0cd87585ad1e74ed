"""With DEBUG off the app serves its own collected static files (WhiteNoise), htmx included."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings


@pytest.mark.parametrize(
    "path",
    ["/static/css/site.css", "/static/django_htmx/htmx-2.min.js"],
    ids=["css", "htmx"],
)
def test_collected_static_files_are_served_with_debug_off(
    tmp_path: Path, path: str
) -> None:
    with override_settings(DEBUG=False, STATIC_ROOT=tmp_path):
        call_command("collectstatic", interactive=False, verbosity=0)
        response = Client().get(path)
        assert response.status_code == 200
        assert b"".join(response.streaming_content)  # type: ignore[attr-defined]
