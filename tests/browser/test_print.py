"""Printed for the wall: no blank page, every page numbered and carrying the section's name.
The pages are printed to PDF by Chromium (Letter, landscape, as a TD prints them) and read back
with pypdf."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser
from pypdf import PdfReader

from tests.browser.conftest import SHOTS
from tests.tournaments.builders import section_build
from tournaments.demo import demo_tournament_create
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def printer(browser: Browser) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def _pdf(printer: Any, url: str, name: str) -> list[str]:
    """Each printed page's text."""
    printer.goto(url)
    printer.emulate_media(media="print")
    pdf = printer.pdf(format="Letter", landscape=True, print_background=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"print_{name}.pdf").write_bytes(pdf)
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("kind", ["crosstable", "standings"])
def test_a_24_player_section_prints_on_one_page_with_its_name_and_number(
    live_server: Any, printer: Any, kind: str
) -> None:
    tournament, _ = demo_tournament_create()
    section = tournament.sections.get(name="Open")
    url = live_server.url + reverse(
        f"standings:{kind}", kwargs={"slug": tournament.slug, "section": section.pk}
    )
    pages = _pdf(printer, url, f"demo_{kind}")
    assert len(pages) == 1, [p[:80] for p in pages]
    assert f"{tournament.name} – Open" in pages[0]
    assert "Page 1 of 1" in pages[0]


@pytest.mark.parametrize("kind", ["crosstable", "standings"])
def test_a_long_section_prints_its_name_and_page_number_on_every_page_and_no_blank_page(
    live_server: Any, printer: Any, tournament: Tournament, kind: str
) -> None:
    players = 150
    pairs = ", ".join(f"{2 * k + 1}-{2 * k + 2} 1-0" for k in range(players // 2))
    section: Section = section_build(
        tournament=tournament,
        name="Under 2000",
        ratings=[2000 - n for n in range(players)],
        rounds=[pairs],
        rounds_total=5,
    )
    url = live_server.url + reverse(
        f"standings:{kind}", kwargs={"slug": tournament.slug, "section": section.pk}
    )
    pages = _pdf(printer, url, f"long_{kind}")
    assert len(pages) > 1
    for n, text in enumerate(pages, start=1):
        assert f"{tournament.name} – Under 2000" in text, n
        assert f"Page {n} of {len(pages)}" in text, n
        # Not a blank page, nor one holding only the legend: players on every page.
        assert "Player " in text, n
