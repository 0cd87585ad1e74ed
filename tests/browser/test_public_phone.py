"""What a player notices on the public pages of the demo event, on a phone and on a desktop:
lines that end well, numbers that line up, byes that say what they are. Screenshots are saved
in var/screenshots/ to be looked at."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from tests.browser.conftest import SHOTS, fits
from tournaments.demo import demo_tournament_create
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    size = "phone" if width < 600 else "desktop"
    page.screenshot(path=str(SHOTS / f"public_phone_{name}_{size}.png"), full_page=True)


@pytest.fixture
def demo(db: Any) -> Tournament:
    tournament, _ = demo_tournament_create()
    return tournament


# The tops of the lines a text runs over inside an element, word by word ("words" split at
# spaces, "/" and "-"): a word over two lines has two tops.
WORD_LINES = """(el, pattern) => {
  const out = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(new RegExp(pattern, "g"))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      out.push([m[0], tops.size]);
    }
  }
  return out;
}"""

# Each rendered line of an element's text, as the reader sees it.
RENDERED_LINES = """el => {
  const lines = new Map();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      const top = Math.round(rect.top + rect.height / 2);
      let key = [...lines.keys()].find(k => Math.abs(k - top) <= 3);
      if (key === undefined) { key = top; lines.set(key, []); }
      lines.get(key).push([rect.left, node.data[i]]);
    }
  }
  return [...lines.keys()].sort((a, b) => a - b).map(
    k => lines.get(k).sort((a, b) => a[0] - b[0]).map(c => c[1]).join("").trim());
}"""


def test_the_tournament_page_ends_its_lines_well(
    live_server: Any, page: Page, demo: Tournament
) -> None:
    page.goto(live_server.url + reverse("standings:tournament", args=[demo.slug]))
    assert fits(page)
    # The QR code's address breaks after a "/", never inside a word ("t/riv" over "erside").
    caption = page.locator(".qr figcaption")
    words = caption.evaluate(WORD_LINES, r"[^/\-]+")
    assert words and all(lines == 1 for _, lines in words), words
    # No line of the schedule or the facts ends in a separator left dangling.
    for facts in page.locator(".facts").all():
        for line in facts.evaluate(RENDERED_LINES):
            assert not line.endswith("·"), line
    schedule = page.locator(".schedule").first.evaluate(RENDERED_LINES)
    # Each round's start whole on one line.
    for n in range(1, 6):
        assert sum(f"Rd {n} " in line for line in schedule) == 1, schedule
    _shot(page, "tournament")
