"""Browser tests: Playwright driving Debian's Chromium (never a downloaded browser), two viewports."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from playwright.sync_api import Browser, Page, sync_playwright

from tournaments.demo import demo_tournament_create
from tournaments.models import Pairing, Result, Round, Section

# Where the tests save their screenshots and PDFs, to be looked at.
SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
# The flags a sandboxed, offline CI machine needs (no first-run, no background network).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORTS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    },
}

# Playwright's sync API runs an event loop in the test thread; the tests' own ORM calls happen
# outside it, so Django's async-safety guard would refuse them without this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: scripts/test installs Debian's chromium package"
        )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(params=sorted(VIEWPORTS))
def page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A fresh page in a desktop and in a phone viewport."""
    context = browser.new_context(**VIEWPORTS[request.param])
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A fresh page in the phone viewport only."""
    context = browser.new_context(**VIEWPORTS["phone"])
    yield context.new_page()
    context.close()


def fits(page: Page) -> bool:
    """Nothing wider than the screen: no sideways scrolling of the whole page. Measured against
    the layout viewport (``clientWidth``): a phone browser zooms out to a page that overflows,
    and ``window.innerWidth`` grows with it."""
    return bool(
        page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"
        )
    )


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    """No cached public page from another test (a test may override this, e.g. to set the
    freshness window as well)."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def running_section() -> Section:
    """The demo's Open section with its last round posted and no result in yet."""
    tournament, _ = demo_tournament_create()
    section = tournament.sections.get(name="Open")
    last = section.rounds.get(number=section.rounds_total)
    Pairing.objects.filter(round=last, black__isnull=False).update(
        result=Result.PENDING
    )
    Round.objects.filter(pk=last.pk).update(status=Round.Status.PAIRED)
    Section.objects.filter(pk=section.pk).update(is_final=False)  # running again
    section.is_final = False
    return section
