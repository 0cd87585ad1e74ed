"""With DEBUG off the app serves its own collected static files (WhiteNoise), htmx included."""

from __future__ import annotations

import re
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


MANIFEST = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tiebreak_site.storage.StaticStorage"},
}


@pytest.mark.django_db
def test_deployed_pages_link_hashed_static_files_cached_for_a_year(
    tmp_path: Path,
) -> None:
    """Deployed, a page links its CSS by a content-hashed name served with a long, immutable
    cache lifetime (a changed file gets a new name), and no page loads Bootstrap's JS."""
    from django.conf import settings

    assert settings.STORAGES["staticfiles"]["BACKEND"].startswith(
        "django.contrib.staticfiles"
    )  # the test settings run with DEBUG on: plain names while developing
    with override_settings(DEBUG=False, STATIC_ROOT=tmp_path, STORAGES=MANIFEST):
        call_command("collectstatic", interactive=False, verbosity=0)
        client = Client()
        # The login page: the public pages write their CSS into the page (print.css aside).
        html = client.get("/accounts/login/").content.decode()
        css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', html)
        assert css is not None, html[:600]
        assert "bootstrap-5.3.9.bundle" not in html
        response = client.get(css.group(1))
        response.close()
        assert response.status_code == 200
        control = response["Cache-Control"]
        assert "immutable" in control
        assert int(re.search(r"max-age=(\d+)", control).group(1)) >= 365 * 24 * 3600  # type: ignore[union-attr]


@pytest.mark.django_db
def test_every_page_links_a_favicon_and_favicon_ico_leads_to_it() -> None:
    client = Client()

    home = client.get("/").content.decode()
    login = client.get("/accounts/login/").content.decode()
    redirect = client.get("/favicon.ico")

    for page in (home, login):
        assert (
            '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
        )
    assert redirect.status_code == 301
    assert redirect["Location"] == "/static/favicon.svg"
    assert (
        (Path(__file__).resolve().parents[2] / "static" / "favicon.svg")
        .read_text()
        .startswith("<svg")
    )
