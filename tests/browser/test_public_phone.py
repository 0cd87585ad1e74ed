"""What a player notices on the public pages of the demo event, on a phone and on a desktop:
lines that end well, numbers that line up, byes that say what they are. Screenshots are saved
in var/screenshots/ to be looked at."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import SHOTS, fits
from tournaments.demo import demo_tournament_create
from tournaments.demo_teams import demo_team_tournament_create
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

    # The home page's line under each tournament's name as well.
    page.goto(live_server.url + reverse("standings:home"))
    facts = page.locator(".tournament p.text-body-secondary")
    assert facts.count() >= 1
    for line in facts.first.evaluate(RENDERED_LINES):
        assert not line.endswith("·"), line
    assert fits(page)
    _shot(page, "home")


# The right edge of the whole digits in each cell of a column ("10" of "10½", "9" of "9"), or
# None for a cell without one ("½", empty).
DIGIT_EDGES = """(cells) => cells.map(cell => {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  let edge = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const m = node.data.match(/\\d(?=\\D*$)/);
    if (!m) continue;
    const at = node.data.search(/\\d\\D*$/);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    edge = range.getBoundingClientRect().right;
  }
  return edge;
})"""


def _column_edges(page: Page, cells: str) -> list[float]:
    return [e for e in page.locator(cells).evaluate_all(DIGIT_EDGES) if e is not None]


def _aligned(edges: list[float]) -> bool:
    return bool(edges) and max(edges) - min(edges) <= 1.5


def test_scores_line_up_on_their_whole_digits(
    live_server: Any, page: Page, demo: Tournament
) -> None:
    section = demo.sections.get(name="Open")
    kw = {"slug": demo.slug, "section": section.pk}
    page.goto(live_server.url + reverse("standings:standings", kwargs=kw))
    assert fits(page)
    # Score, then each tiebreak: "10½" and "9" end their whole digits at one edge, a marked
    # value ("12*") too.
    columns = page.locator(".standings-table thead th").count()
    for n in range(columns - 4, columns + 1):
        edges = _column_edges(page, f".standings-table tbody td:nth-child({n})")
        assert _aligned(edges), (n, edges)
    _shot(page, "standings")

    page.goto(live_server.url + reverse("standings:crosstable", kwargs=kw))
    # Each round's running score and the total.
    for selector in ("td.cum:nth-child(8)", "td.cum:nth-child(14)", "td.total"):
        edges = _column_edges(page, f".wallchart tbody {selector}")
        assert len(edges) > 10 and _aligned(edges), (selector, edges)
    _shot(page, "wallchart")


def test_team_and_prize_pages_write_scores_as_the_other_pages(
    live_server: Any, page: Page, demo: Tournament
) -> None:
    league = demo_team_tournament_create()
    section = league.sections.get()
    page.goto(
        live_server.url
        + reverse(
            "standings:teams", kwargs={"slug": league.slug, "section": section.pk}
        )
    )
    table = page.locator("table.team-wallchart")
    assert "½" in table.inner_text() and ".5" not in table.inner_text()
    # Match points, game points and each team tiebreak line up on their whole digits.
    columns = page.locator("table.team-wallchart thead th").count()
    for n in range(columns - 5, columns):
        edges = _column_edges(page, f"table.team-wallchart tbody td:nth-child({n})")
        assert _aligned(edges), (n, edges)
    boards = page.locator("table.board-standings").first
    assert ".5" not in boards.inner_text()
    _shot(page, "teams")

    open_ = demo.sections.get(name="Open")
    page.goto(
        live_server.url
        + reverse("standings:prizes", kwargs={"slug": demo.slug, "section": open_.pk})
    )
    prizes = page.locator("main").inner_text()
    assert "(3½, 1952)" in prizes and "3.5" not in prizes


def test_the_list_by_name_shows_each_result_on_a_phone(
    live_server: Any, phone: Page, demo: Tournament
) -> None:
    section = demo.sections.get(name="Open")
    phone.goto(
        live_server.url
        + reverse(
            "standings:pairings_current",
            kwargs={"slug": demo.slug, "section": section.pk},
        )
    )
    table = phone.locator("table.by-name")
    # The whole table in its box: the result column was cut at the screen's edge ("½-").
    assert table.evaluate("t => t.offsetWidth <= t.parentElement.clientWidth")
    result = table.locator("tbody tr").first.locator("td").last
    box = result.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert fits(phone)
    table.screenshot(path=str(SHOTS / "public_phone_by_name_phone.png"))


def test_the_starting_list_shows_start_numbers_and_clubs_on_a_phone(
    live_server: Any, phone: Page, demo: Tournament
) -> None:
    section = demo.sections.get(name="Open")
    phone.goto(
        live_server.url
        + reverse(
            "standings:entries", kwargs={"slug": demo.slug, "section": section.pk}
        )
    )
    table = phone.locator("table.entries-table")
    # The start number, what a player looks up there, was hidden on a phone; the club ran off
    # the screen's edge.
    expect(table.locator("tbody td.no").first).to_be_visible()
    assert table.locator("tbody td.no").first.inner_text() == "1"
    assert table.evaluate("t => t.offsetWidth <= t.parentElement.clientWidth")
    assert fits(phone)
    _shot(phone, "entries")


def test_a_game_still_playing_reads_pending_on_one_line(
    live_server: Any, phone: Page, running_section: Any
) -> None:
    slug = running_section.tournament.slug
    phone.goto(
        live_server.url
        + reverse(
            "standings:player",
            kwargs={"slug": slug, "section": running_section.pk, "number": 1},
        )
    )
    last = phone.locator(".rounds-table tbody tr").last
    result = last.locator("td").nth(4)
    expect(result).to_have_text("pending")
    lines = result.evaluate(
        """td => { const r = document.createRange(); r.selectNodeContents(td);
                   return new Set([...r.getClientRects()].map(c => Math.round(c.top))).size; }"""
    )
    assert lines == 1
    assert fits(phone)
