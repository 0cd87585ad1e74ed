"""The public pages' self-refresh (static/js/live.js) in a real browser, phone and desktop: a
refresh that finds nothing new touches nothing; one that finds a change changes only what
changed, and the reader's sideways scroll, open legend, focus and place on the page survive
both. The browser's clock is Playwright's, so 30 seconds pass at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.models import Pairing, Result, Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def empty_cache(settings: Any) -> Iterator[None]:
    # Every poll reads the section's version afresh (no 2-second lookup reuse).
    settings.PUBLIC_PAGES_FRESH_SECONDS = 0
    cache.clear()
    yield
    cache.clear()


# Records the reader's state and counts every change made to the live region.
WATCH = """() => {
  document.querySelector('#live tbody tr').keptMark = 'yes';
  window.changes = 0;
  window.log = [];
  new MutationObserver(list => { window.changes += list.length; list.forEach(m => window.log.push(m.type + " " + m.target.nodeName + " " + m.attributeName)); })
    .observe(document.getElementById('live'), {subtree: true, childList: true, attributes: true, characterData: true});
}"""
STATE = """() => ({
  sideways: document.querySelector('.wallchart-scroll').scrollLeft,
  legendOpen: document.querySelector('details.tb-legend').open,
  y: Math.round(window.scrollY),
  focused: document.activeElement && document.activeElement.readerMark || null,
  kept: document.querySelector('#live tbody tr').keptMark || null,
  updated: document.querySelector('[data-live-updated]').textContent,
})"""


def _poll(page: Any, path: str) -> Any:
    """Let 31 seconds pass in the page and return the poll's response."""
    with page.expect_response(lambda r: r.url.endswith(path)) as answer:
        page.clock.run_for(31_000)
    response = answer.value
    response.finished()
    return response


def test_wall_chart_refresh_keeps_scroll_legend_and_focus(
    live_server: Any, page: Any, running_section: Section
) -> None:
    path = reverse(
        "standings:crosstable",
        kwargs={"slug": running_section.tournament.slug, "section": running_section.pk},
    )
    page.clock.install()
    page.goto(live_server.url + path)
    status = page.locator("[data-live-status]")
    assert status.is_visible()
    assert "Updates itself every 30 s" in status.inner_text()
    assert "last updated" in status.inner_text()

    # The reader: scrolled sideways and down, the legend opened, a result link focused.
    page.evaluate(
        """() => {
          const box = document.querySelector('.wallchart-scroll');
          box.scrollLeft = 120;
          document.querySelector('details.tb-legend').open = true;
          const link = document.querySelectorAll('#live tbody tr')[6].querySelector('td.rd a');
          link.readerMark = 'reader-focus';
          link.focus();
          window.scrollTo({top: 300, behavior: 'instant'});
        }"""
    )
    page.evaluate(WATCH)
    before = page.evaluate(STATE)
    assert before["legendOpen"] and before["focused"] == "reader-focus"

    # Nothing new: the server says so (204) and the page is not touched at all.
    assert _poll(page, path).status == 204
    page.wait_for_timeout(200)
    assert page.evaluate("window.changes") == 0, page.evaluate("window.log")
    assert page.evaluate(STATE) == before

    # A result comes in: only what changed changes, and the reader stays where they were.
    board = (
        Pairing.objects.filter(
            round__section=running_section,
            round__number=running_section.rounds_total,
            black__isnull=False,
        )
        .order_by("board")
        .first()
    )
    assert board is not None
    board.result = Result.WHITE_WIN
    board.save(update_fields=["result"])
    assert _poll(page, path).status == 200
    page.wait_for_function("window.changes > 0")
    after = page.evaluate(STATE)
    assert after["sideways"] == before["sideways"]
    assert after["legendOpen"] is True
    assert after["y"] == before["y"]
    assert after["focused"] == "reader-focus"
    assert after["kept"] == "yes"  # the same row element, updated in place
    assert after["updated"] != before["updated"]
    # Fewer changes than the table has rows: the rows that did not change were left alone.
    assert page.evaluate("window.changes") < page.locator("#live tbody tr").count()
    white = board.white
    cell = page.locator(f"#n{white.start_number} td.rd").last
    # The swap may still be under way: wait for the new result in the cell.
    expect(cell).to_have_text(re.compile(r"^W"), use_inner_text=True)
