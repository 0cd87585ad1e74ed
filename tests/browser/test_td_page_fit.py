"""TD pages as a director sees them on a phone and on a desktop, in the demo's running event:
nothing widens the page (no sideways scrolling of the whole page) and no player's name is cut.

Each page is saved as a screenshot in var/screenshots/ to be looked at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import fits
from tests.browser.test_round_page import log_in, shot
from tournaments.demo import (
    demo_directors_set,
    demo_live_tournament_create,
    demo_tournament_create,
)
from tournaments.demo_teams import demo_team_tournament_create
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_section(db: Any) -> Section:
    """The demo's Thursday Night Swiss: round 3 posted, two results in, the rest missing."""
    return demo_live_tournament_create().sections.get(name="Open")


@pytest.fixture
def td(live_section: Section) -> User:
    user = User.objects.create_user("td", password="x")
    demo_directors_set(user)
    return user


@pytest.fixture
def spring_open(td: User) -> Section:
    """The demo's finished Spring Open, Open section (5 rounds), ``td`` one of its directors."""
    tournament, _ = demo_tournament_create()
    demo_directors_set(td)
    return tournament.sections.get(name="Open")


def tables_cut(page: Page) -> int:
    """How many of the page's tables scroll sideways inside their box: columns cut at its edge."""
    return int(
        page.evaluate(
            """() => [...document.querySelectorAll('main .table-responsive')]
                 .filter(e => e.scrollWidth > e.clientWidth).length"""
        )
    )


def visit(
    page: Page, live_server: Any, td: User, section: Section, name: str, **kw: Any
) -> None:
    """Open the section's TD page ``name`` as the logged-in ``td``."""
    log_in(page, live_server, td)
    path = reverse(
        f"tournaments:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kw},
    )
    page.goto(live_server.url + path)


def test_round_history_fits_the_screen(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "round_history", number=3)
    history = page.get_by_test_id("history")
    # "Not yet played → 1-0": the old result wraps, the arrow stays with the new one.
    expect(history.locator("tbody tr").first.locator(".now")).to_be_visible()
    assert fits(page)
    shot(page, "td-fit-round-history")


def test_pairing_form_shows_each_name_whole(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "round_pairings", number=3)
    names = page.locator(".pairing-entry .who")
    expect(names.first).to_have_text("Grace Liu (2017)")
    # A name too long for its column wraps to a second line instead of ending in "…".
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.pairing-entry .who')]
             .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""
    )
    assert cut == []
    assert fits(page)
    shot(page, "td-fit-round-pairings")


def test_team_scoring_form_is_a_card_whose_help_wraps_inside_the_screen(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "section_team_scoring")
    expect(
        page.get_by_text("Comma-separated or one per line: team_points")
    ).to_be_visible()
    # The form in a card like the section's other settings forms, not bare on the page.
    form = page.locator("main form[method=post]").filter(has_text="Team tiebreaks")
    expect(form).to_have_count(1)
    assert form.evaluate("f => f.closest('.card') !== null")
    assert fits(page)
    shot(page, "td-fit-team-scoring")


@pytest.mark.parametrize(
    ("name", "current"), [("prizes", "Prizes"), ("section_edit", "Settings")]
)
def test_section_tabs_are_one_row_of_touch_targets_with_the_current_tab_in_sight(
    live_server: Any,
    page: Page,
    live_section: Section,
    td: User,
    name: str,
    current: str,
) -> None:
    visit(page, live_server, td, live_section, name)
    size = page.viewport_size
    assert size is not None
    tabs = page.locator(".section-tabs .nav-link")
    assert tabs.all_inner_texts() == [
        "Players",
        "Tiebreaks",
        "Pairing",
        "Schedule",
        "Check-in",
        "Prizes",
        "Teams",
        "Rating report",
        "Settings",
    ]
    boxes = [tabs.nth(n).bounding_box() for n in range(tabs.count())]
    # One row (on a phone they wrapped to three, the page's content below the first screen),
    # each tab a target for a thumb.
    assert len({round(b["y"]) for b in boxes if b}) == 1
    assert all(b and b["height"] >= 44 for b in boxes)
    strip = page.locator(".section-tabs").bounding_box()
    assert strip is not None and strip["height"] < 2 * 44
    # The current tab (Prizes past the screen's edge on a phone, Settings the last) is scrolled
    # whole into sight; the row scrolls sideways inside the screen, never the page.
    active = page.locator(".section-tabs .nav-link.active")
    expect(active).to_have_text(current)
    expect(active).to_be_in_viewport(ratio=0.95)
    box = active.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    assert fits(page)
    shot(page, f"td-fit-section-tabs-{name}")


def test_every_section_tab_is_reached_by_scrolling_the_row_on_a_phone(
    live_server: Any, phone: Page, live_section: Section, td: User
) -> None:
    visit(phone, live_server, td, live_section, "section_detail")
    strip = phone.locator(".section-tabs")
    assert strip.evaluate("e => e.scrollWidth > e.clientWidth")
    expect(phone.locator(".section-tabs .nav-link.active")).to_be_in_viewport(
        ratio=0.95
    )
    settings = phone.get_by_role("link", name="Settings", exact=True)
    settings.scroll_into_view_if_needed()
    expect(settings).to_be_in_viewport(ratio=0.95)
    settings.tap()
    phone.wait_for_url("**/edit/")
    expect(phone.locator(".section-tabs .nav-link.active")).to_have_text("Settings")


@pytest.mark.parametrize(
    ("name", "kw"), [("section_tiebreaks", {}), ("round_detail", {"number": 3})]
)
def test_disclosures_open_with_a_thumb(
    live_server: Any,
    page: Page,
    live_section: Section,
    td: User,
    name: str,
    kw: dict[str, Any],
) -> None:
    visit(page, live_server, td, live_section, name, **kw)
    summaries = page.locator("main summary")
    # The tiebreak page: presets, each system's options, the glossary; the round: its notes.
    assert summaries.count() >= (2 if name == "section_tiebreaks" else 1)
    short = []
    for n in range(summaries.count()):
        box = summaries.nth(n).bounding_box()
        assert box is not None
        if box["height"] < 44:
            short.append((summaries.nth(n).inner_text(), box["height"]))
    assert short == []
    shot(page, f"td-fit-{name}")


def test_hall_screens_page_leads_back_to_the_tournament(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    log_in(page, live_server, td)
    tournament = live_section.tournament
    page.goto(live_server.url + reverse("tournaments:screens", args=[tournament.slug]))
    crumbs = page.get_by_role("navigation", name="breadcrumb")
    # "My tournaments" is in the trail on a desktop; on a phone only in the header above it.
    home = crumbs.get_by_role("link", name="My tournaments")
    if (page.viewport_size or {"width": 0})["width"] < 576:
        expect(home).to_be_hidden()
        expect(
            page.locator(".site-header").get_by_role("link", name="My tournaments")
        ).to_be_visible()
    else:
        expect(home).to_be_visible()
    crumbs.get_by_role("link", name=tournament.name).click()
    page.wait_for_url(
        live_server.url
        + reverse("tournaments:tournament_detail", args=[tournament.slug])
    )
    shot(page, "td-fit-screens-back")


@pytest.mark.parametrize(
    ("name", "kw", "trail"),
    [
        ("round_detail", {"number": 3}, ["tournament", "Open"]),
        ("section_tiebreaks", {}, ["tournament"]),
    ],
)
def test_breadcrumbs_are_one_line_on_a_phone_and_the_whole_trail_on_a_desktop(
    live_server: Any,
    page: Page,
    live_section: Section,
    td: User,
    name: str,
    kw: dict[str, Any],
    trail: list[str],
) -> None:
    tournament = live_section.tournament
    tournament.name = "Greater Riverside Thursday Night Swiss and Spring Scholastic"
    tournament.save()
    visit(page, live_server, td, live_section, name, **kw)
    crumbs = page.get_by_role("navigation", name="breadcrumb")
    links = crumbs.get_by_role("link")
    names = [n if n != "tournament" else tournament.name for n in trail]
    if (page.viewport_size or {"width": 0})["width"] >= 576:
        expect(links).to_have_text(["My tournaments", *names])
        return
    # The way up and nothing else: no "My tournaments" (the header has it), no current page.
    shown = crumbs.locator("a:visible, .active:visible")
    expect(shown).to_have_text([re.compile(re.escape(n)) for n in names])
    for n in range(shown.count()):
        box = shown.nth(n).bounding_box()
        assert box is not None and box["height"] >= 44
    box = crumbs.bounding_box()
    assert box is not None and box["height"] < 2 * 44
    # The long tournament name ends in "…", its whole name a title; the section's is whole.
    item = crumbs.locator(".crumb-tournament")
    expect(item).to_have_attribute("title", tournament.name)
    assert item.locator("a").evaluate("a => a.scrollWidth > a.clientWidth")
    assert fits(page)
    shot(page, f"td-crumbs-{name}")


def visit_dashboard(page: Page, live_server: Any, td: User) -> None:
    """Open the dashboard as the logged-in ``td``."""
    log_in(page, live_server, td)
    page.goto(live_server.url + reverse("tournaments:dashboard"))


def test_dashboard_shows_every_column_of_a_section_row(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit_dashboard(page, live_server, td)
    expect(page.get_by_role("cell", name="2/5")).to_be_visible()
    # Headers wrap rather than push "Results in" past the card's edge, where its figures
    # showed cut ("16/1") behind a sideways scroll.
    assert tables_cut(page) == 0
    assert fits(page)
    shot(page, "td-fit-dashboard")


def test_section_log_with_a_posted_order_fits_the_screen(
    live_server: Any, page: Page, td: User, spring_open: Section
) -> None:
    # The finished Spring Open's log quotes the order posted with round 1's pairings, one long
    # comma-separated word ("modified_median,solkoff,...") that must wrap.
    visit(page, live_server, td, spring_open, "round_history", number=5)
    expect(page.get_by_test_id("section-log")).to_contain_text("modified_median,")
    assert fits(page)
    shot(page, "td-fit-section-log")


def test_rounds_are_one_row_of_touch_targets_with_the_current_round_in_sight(
    live_server: Any, page: Page, td: User, spring_open: Section
) -> None:
    visit(page, live_server, td, spring_open, "round_detail", number=5)
    size = page.viewport_size
    assert size is not None
    rounds = page.locator(".rounds-list .nav-link")
    expect(rounds).to_have_count(5)
    active = page.locator(".rounds-list .nav-link.active")
    expect(active).to_contain_text("Round 5")
    # One row (two on a phone before, the boards pushed down), each round a thumb's target.
    boxes = [rounds.nth(n).bounding_box() for n in range(5)]
    assert len({round(b["y"]) for b in boxes if b}) == 1
    assert all(b and b["height"] >= 44 for b in boxes)
    # The last round, the current one, is scrolled whole into sight inside the screen.
    expect(active).to_be_in_viewport(ratio=0.95)
    box = active.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"]
    assert fits(page)
    shot(page, "td-fit-rounds-list")


# Every target a thumb may tap (a tick box's target is its label), each as big as it shows and
# tappable all over: the points just inside its top and bottom edges reach it (nothing covers or
# clips it), and no two targets overlap.
SMALL_TARGETS = """() => {
  const targets = [];
  // Shown (not in a closed disclosure, not visually hidden) and usable (not disabled).
  const shown = e => {
    const r = e.getBoundingClientRect();
    return r.width > 2 && r.height > 2 && !e.matches(':disabled')
      && e.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true});
  };
  for (const e of document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    let t = e;
    if (e.matches('input[type=checkbox], input[type=radio]')) {
      t = e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`)) || e;
    }
    if (shown(t) && !targets.includes(t)) targets.push(t);
  }
  const name = t => (t.innerText || t.value || t.name || t.tagName).trim().slice(0, 40);
  const small = [], boxes = [];
  for (const t of targets) {
    t.scrollIntoView({block: 'center', behavior: 'instant'});
    const r = t.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const reached = [r.top + 2, r.bottom - 2].every(y => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (t === hit || t.contains(hit) || (t.control && t.control === hit));
    });
    if (r.height < 44 || r.width < 44 || !reached) {
      small.push(`${name(t)}: ${Math.round(r.width)}x${Math.round(r.height)}${reached ? '' : ' (covered)'}`);
    }
    // Where it stands in the unscrolled page: a row that scrolls sideways (a section's tabs)
    // moves the targets inside it, and two measured at different scrolls must not meet.
    let [dx, dy] = [scrollX, scrollY];
    for (let a = t.parentElement; a && a !== document.body; a = a.parentElement) {
      dx += a.scrollLeft; dy += a.scrollTop;
    }
    boxes.push([name(t), r.left + dx, r.top + dy, r.right + dx, r.bottom + dy]);
  }
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, b] = [boxes[i], boxes[j]];
    if (Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1 && Math.min(a[4], b[4]) - Math.max(a[2], b[2]) > 1) {
      overlaps.push(`${a[0]} / ${b[0]}`);
    }
  }
  return small.concat(overlaps.map(o => 'overlap: ' + o));
}"""


def small_targets(
    page: Page, live_server: Any, pages: list[tuple[str, list[Any]]]
) -> dict[str, list[str]]:
    """Each page's targets smaller than 44 x 44 px, covered or overlapping, by page."""
    found = {}
    for name, args in pages:
        page.goto(live_server.url + reverse(f"tournaments:{name}", args=args))
        small = page.evaluate(SMALL_TARGETS)
        if small:
            found[name] = small
    return found


def event_pages(event: str, td: User) -> list[tuple[str, list[Any]]]:
    """A demo event's TD pages (URL name, arguments), ``td`` one of its directors: the running
    Thursday Night Swiss ("live"), the finished Spring Open, the team league."""
    if event == "live":
        section = demo_live_tournament_create().sections.get(name="Open")
    elif event == "finished":
        section = demo_tournament_create()[0].sections.get(name="Open")
    else:
        section = demo_team_tournament_create().sections.get()
    demo_directors_set(td)
    slug, pk = section.tournament.slug, section.pk
    if event == "team":
        return [
            ("section_team_setup", [slug, pk]),
            ("team_lineups", [slug, pk, 5]),
            ("round_detail", [slug, pk, 5]),
        ]
    if event == "finished":
        return [
            ("tournament_detail", [slug]),
            ("tournament_team_scoring", [slug]),
            ("tournament_team_group", [slug, 1]),
            ("screens", [slug]),
            ("section_detail", [slug, pk]),
            ("checkin", [slug, pk, 5]),
            ("prizes", [slug, pk]),
            ("round_detail", [slug, pk, 5]),
        ]
    return [
        ("dashboard", []),
        ("tournament_create", []),
        ("tournament_detail", [slug]),
        ("tournament_edit", [slug]),
        ("directors", [slug]),
        ("section_create", [slug]),
        ("section_detail", [slug, pk]),
        ("section_edit", [slug, pk]),
        ("section_schedule", [slug, pk]),
        ("player_add", [slug, pk]),
        ("players_import", [slug, pk]),
        ("player_late_entry", [slug, pk]),
        ("player_edit", [slug, pk, 2]),
        ("player_delete", [slug, pk, 2]),
        ("section_tiebreaks", [slug, pk]),
        ("section_pairing_options", [slug, pk]),
        ("checkin", [slug, pk, 3]),
        ("checkin", [slug, pk, 4]),
        ("prizes", [slug, pk]),
        ("section_team_scoring", [slug, pk]),
        ("section_rating_report", [slug, pk]),
        ("rating_report", [slug]),
        ("rating_lists", []),
        ("round_detail", [slug, pk, 3]),
        ("round_pairings", [slug, pk, 3]),
        ("round_check", [slug, pk, 3]),
        ("round_history", [slug, pk, 3]),
    ]


@pytest.mark.parametrize("event", ["live", "finished", "team"])
def test_every_target_on_the_td_pages_takes_a_thumb(
    live_server: Any, phone: Page, db: Any, event: str
) -> None:
    director = User.objects.create_user("td", password="x")
    pages = event_pages(event, director)
    log_in(phone, live_server, director)
    assert small_targets(phone, live_server, pages) == {}


# Each list's chosen option and each empty field's prompt (placeholder) measured in the field's
# own font against the room inside it: a cut one ("Pairings by na", "drop_highest (defa") is
# listed. Every disclosure is opened first. What a TD types may scroll inside its field.
FIELDS_CUT = """() => {
  document.querySelectorAll('main details').forEach(d => { d.open = true; });
  const probe = document.createElement('span');
  probe.style.cssText = 'position: absolute; visibility: hidden; white-space: pre';
  document.body.append(probe);
  const cut = [];
  for (const e of document.querySelectorAll('main select, main input[placeholder]')) {
    if (!e.checkVisibility() || e.clientWidth === 0) continue;
    const text = e.tagName === 'SELECT' ? (e.selectedOptions[0] || {text: ''}).text
      : (e.value ? '' : e.placeholder);
    const style = getComputedStyle(e);
    probe.style.font = style.font;
    probe.textContent = text;
    const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (probe.getBoundingClientRect().width > room + 1) cut.push(`${e.name}: ${text}`);
  }
  probe.remove();
  return cut;
}"""


@pytest.mark.parametrize("event", ["live", "finished", "team"])
def test_no_td_page_widens_the_screen_or_cuts_a_list_or_prompt(
    live_server: Any, page: Page, db: Any, event: str
) -> None:
    director = User.objects.create_user("td", password="x")
    pages = event_pages(event, director)
    log_in(page, live_server, director)
    found = {}
    for name, args in pages:
        page.goto(live_server.url + reverse(f"tournaments:{name}", args=args))
        # Every page saved, to be looked at as a TD would (a page may come twice: its
        # round in the name).
        shot(page, f"td-page-{event}-{name}-{'-'.join(map(str, args[2:]))}".rstrip("-"))
        cut = page.evaluate(FIELDS_CUT)
        if not fits(page):
            cut.append("wider than the screen")
        if cut:
            found[name] = cut
    assert found == {}


def visit_tournament(page: Page, live_server: Any, td: User, section: Section) -> None:
    """Open the section's tournament page as the logged-in ``td``."""
    log_in(page, live_server, td)
    page.goto(
        live_server.url
        + reverse("tournaments:tournament_detail", args=[section.tournament.slug])
    )


def test_tournament_page_shows_every_column_of_the_sections_table(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit_tournament(page, live_server, td, live_section)
    size = page.viewport_size
    assert size is not None
    # "Results in" was past the card's edge on a phone, behind a sideways scroll.
    figures = page.get_by_role("cell", name="2/5")
    expect(figures).to_be_visible()
    box = figures.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"]
    assert tables_cut(page) == 0
    # The system, a column of its own on a desktop, is under the section's name on a phone.
    expect(page.locator("main tbody tr").first).to_contain_text("Swiss, 4 rounds")
    assert fits(page)
    shot(page, "td-fit-tournament-sections")


def test_section_page_shows_the_whole_tiebreak_order_and_opens_it_with_a_tap(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "section_detail")
    tile = page.locator(".section-state .card").filter(has_text="Tiebreaks")
    link = tile.get_by_role("link")
    expect(link).to_have_text(
        "Modified Median, Solkoff, Cumulative, Cumulative of Opposition"
    )
    # Wrapped, not cut with "…" (a hover tooltip is no use on a phone).
    assert link.evaluate(
        """a => a.parentElement.scrollWidth <= a.parentElement.clientWidth
                && getComputedStyle(a.parentElement).textOverflow !== 'ellipsis'"""
    )
    tile_box, order_box = tile.bounding_box(), link.bounding_box()
    assert tile_box is not None and order_box is not None
    assert order_box["y"] + order_box["height"] <= tile_box["y"] + tile_box["height"]
    # The whole tile is the link, a target for a thumb.
    assert tile_box["height"] >= 44
    tile.click(position={"x": 10, "y": 10})
    page.wait_for_url("**/tiebreaks/")
    assert fits(page)


def test_rounds_list_on_the_section_page_sets_each_rounds_state_apart(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "section_detail")
    link = page.locator(".rounds-list .nav-link").nth(2)
    expect(link).to_contain_text("Round 3")
    expect(link.locator(".round-state")).to_have_text("2/5")
    # "Round 3" and "2/5" read as "Round 32/5" when the state's style was only on round pages.
    gap = link.evaluate(
        """a => { const r = document.createRange(); r.selectNodeContents(a.firstChild);
                  return a.querySelector('.round-state').getBoundingClientRect().left
                         - r.getBoundingClientRect().right; }"""
    )
    assert gap >= 2


def test_check_in_of_a_posted_round_raises_no_alarm(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "checkin", number=3)
    expect(
        page.get_by_role("status").filter(has_text="Round 3 is posted")
    ).to_be_visible()
    count = page.locator("#checkin-count")
    expect(count).to_contain_text("0 of 10 checked in")
    expect(count).to_contain_text("check-in closed")
    expect(count).not_to_contain_text("missing")
    colour = "e => getComputedStyle(e).color"
    assert count.locator(".fs-4").evaluate(colour) == page.locator("main").evaluate(
        colour
    )
    # Round 4, still to be paired, counts who is missing, in warning colour.
    visit(page, live_server, td, live_section, "checkin", number=4)
    missing = page.locator("#checkin-count .fs-4")
    expect(missing).to_contain_text("still missing")
    assert missing.evaluate(colour) != page.locator("main").evaluate(colour)


def test_pairing_form_lines_up_each_boards_numbers(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "round_pairings", number=3)
    rows = page.get_by_test_id("board-entry").locator("tbody tr")
    expect(rows.first.locator(".who").first).to_have_text("Grace Liu (2017)")
    # White's and black's inputs at one height, whichever name under them wraps (they stood
    # at different heights on a phone), the board number level with them.
    tops = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=board-entry] tbody tr')]
             .map(tr => [...tr.querySelectorAll('th, input')]
               .map(e => {
                 // The board number's text, not its cell (as tall as the row).
                 const range = document.createRange();
                 range.selectNodeContents(e);
                 const r = (e.tagName === 'TH' ? range : e).getBoundingClientRect();
                 return r.top + r.height / 2;
               }))"""
    )
    assert len(tops) >= 5
    for middles in tops:
        assert max(middles) - min(middles) <= 2, middles
    shot(page, "td-fit-pairing-entry")


def test_posted_round_shows_its_boards_and_count_on_the_first_screen(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "round_detail", number=3)
    # The pairing notes (seven) are one tap away once the round is posted: open, they pushed
    # "2/5 results in" and the first board below the first screen of a phone.
    notes = page.locator("details.pairing-notes")
    expect(notes).not_to_have_attribute("open", "")
    expect(page.get_by_text("2/5 results in")).to_be_in_viewport()
    expect(page.get_by_test_id("boards").locator("tbody tr").first).to_be_in_viewport()
    notes.locator("summary").click()
    expect(notes).to_contain_text("floats down")


def test_tiebreak_options_explain_themselves_on_a_phone(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "section_tiebreaks")
    options = page.locator("details.tiebreak-options").first
    options.locator("summary").click()
    select = options.locator("select").first
    expect(select).to_be_visible()
    # Each option's help is written under it (a title shows only on hover, which a phone has
    # not), and each option has a line of its own, its value whole.
    help_id = select.evaluate(
        "s => s.parentElement.querySelector('.form-text').textContent"
    )
    expect(options.get_by_text(help_id.strip())).to_be_visible()
    size = page.viewport_size
    assert size is not None
    if size["width"] < 576:
        boxes = [options.locator("select").nth(n).bounding_box() for n in range(2)]
        assert boxes[0] is not None and boxes[1] is not None
        assert boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"]


def test_the_tournament_pages_buttons_line_up_on_a_phone(
    live_server: Any, phone: Page, live_section: Section, td: User
) -> None:
    visit_tournament(phone, live_server, td, live_section)
    buttons = phone.locator(".td-actions .btn")
    expect(buttons).to_have_count(8)
    boxes = [buttons.nth(n).bounding_box() for n in range(8)]
    # Two columns of equal buttons (a ragged heap of one or two a line before): two left
    # edges, one width, four lines.
    assert len({round(b["x"]) for b in boxes if b}) == 2
    assert len({round(b["width"]) for b in boxes if b}) == 1
    assert len({round(b["y"]) for b in boxes if b}) == 4
    # The sections, what a TD comes for, start on the first screen.
    expect(phone.get_by_role("link", name="Open", exact=True)).to_be_in_viewport()


def test_a_changed_boards_players_each_keep_to_a_line_on_a_phone(
    live_server: Any, phone: Page, live_section: Section, td: User
) -> None:
    visit(phone, live_server, td, live_section, "round_history", number=3)
    lines = phone.get_by_test_id("history").locator("tbody td:nth-child(2) > div")
    expect(lines.first).to_have_text("4 Megan O'Brien")
    heights = {
        round(lines.nth(n).evaluate("e => e.getBoundingClientRect().height"))
        for n in range(lines.count())
    }
    # One line each ("4 Megan" over "O'Brien" before: the time of the change had the room).
    line = lines.first.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    shot(phone, "td-fit-history-names")
    assert max(heights) < 1.5 * line, heights


def test_the_playoff_forms_fields_stand_level_on_a_desktop(
    live_server: Any, page: Page, td: User, spring_open: Section
) -> None:
    visit(page, live_server, td, spring_open, "prizes")
    players = page.get_by_label("Players in finishing order").bounding_box()
    note = page.get_by_label("Note").bounding_box()
    button = page.get_by_role("button", name="Record playoff").bounding_box()
    assert players and note and button
    if (page.viewport_size or {"width": 0})["width"] >= 768:
        # Side by side, whatever help text stands under one of them.
        assert abs(players["y"] - note["y"]) <= 1
        assert (
            abs((button["y"] + button["height"] / 2) - (note["y"] + note["height"] / 2))
            <= 4
        )
    assert fits(page)


def test_a_phone_screen_holds_three_prize_lines(
    live_server: Any, phone: Page, td: User, spring_open: Section
) -> None:
    visit(phone, live_server, td, spring_open, "prizes")
    lines = phone.locator(".prize-row")
    expect(lines.first.get_by_label("Label")).to_have_value("1st")
    # Label, places and cash share a row, the ticks stand by the group: a line took 395 px,
    # two a screen, with a row each for the label and the ticks.
    heights = [
        lines.nth(n).evaluate("e => e.getBoundingClientRect().height")
        for n in range(lines.count())
    ]
    size = phone.viewport_size
    assert size is not None
    assert max(heights) * 3 <= size["height"], heights
    assert phone.evaluate(FIELDS_CUT) == []
    assert fits(phone)
    shot(phone, "td-fit-prize-lines")


def test_the_player_form_after_a_posted_round_says_so_with_a_late_entry_button(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "player_add")

    notice = page.get_by_role("status").filter(has_text="a player who arrives now")
    expect(notice).to_contain_text("Round 3 is posted")
    button = notice.get_by_role("link", name="Late entry")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44
    assert fits(page)
    shot(page, "player-add-after-posted-round")
    button.click()
    expect(page.get_by_role("heading", name=re.compile("Late entry"))).to_be_visible()


def test_the_csv_import_after_a_posted_round_refuses_before_preview_with_a_late_entry_button(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "players_import")

    page.get_by_label("Players, one per line").fill("Cy Dale,,,1450,,\n")
    page.get_by_role("button", name="Preview").click()

    notice = page.get_by_role("alert").filter(has_text="Round 3 is posted")
    expect(notice).to_contain_text("no file is entered once a round is posted")
    expect(page.get_by_role("button", name=re.compile("^Save"))).to_have_count(0)
    button = notice.get_by_role("link", name="Late entry")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44
    assert fits(page)
    shot(page, "players-import-after-posted-round")


def test_the_prize_funds_lines_are_rows_under_one_row_of_labels_on_a_desktop(
    live_server: Any, page: Page, td: User, spring_open: Section
) -> None:
    visit(page, live_server, td, spring_open, "prizes")
    lines = page.locator(".prize-row")
    expect(lines).to_have_count(10)
    expect(lines.nth(3).get_by_label("Label")).to_have_value("U2000 1st")
    heights = [
        lines.nth(n).evaluate("e => e.getBoundingClientRect().height")
        for n in range(10)
    ]
    if (page.viewport_size or {"width": 0})["width"] < 768:
        # A phone keeps each line's labels: a line's fields stand on three rows.
        expect(lines.nth(3).get_by_text("Places", exact=True)).to_be_visible()
        return
    # The labels once, over the first line; each line under it as tall as a field and its
    # tick boxes (every line repeated "Label Places Cash $ ...": ten lines took twice the room).
    expect(lines.nth(0).get_by_text("Places", exact=True)).to_be_visible()
    hidden = lines.nth(3).get_by_text("Places", exact=True).bounding_box()
    assert hidden is not None and hidden["height"] <= 1  # for screen readers only
    expect(lines.nth(3).get_by_text("Remove", exact=True)).to_be_visible()
    assert max(heights[1:]) < 0.8 * heights[0], heights
    # Each field under its column's label.
    for name in ("label", "places", "cash", "group"):
        xs = {
            round(
                lines.nth(n)
                .locator(f"[name$='-{name}']")
                .evaluate("e => e.getBoundingClientRect().left")
            )
            for n in range(10)
        }
        assert len(xs) == 1, (name, xs)
    assert fits(page)
    shot(page, "td-fit-prize-rows")


def test_dashboard_player_counts_end_at_one_edge_with_the_withdrawn_under_them(
    live_server: Any, page: Page, td: User, spring_open: Section
) -> None:
    visit_dashboard(page, live_server, td)
    card = page.locator("main section.card").filter(
        has_text=spring_open.tournament.name
    )
    cells = card.locator("tbody td:nth-child(2)")
    expect(cells).to_have_count(2)
    expect(cells.first).to_contain_text("1 wd")
    # The count's own text (24 and 21), not its cell: "24 (1 wd)" stood 24 left of 21.
    edges = cells.evaluate_all(
        """cells => cells.map(td => { const r = document.createRange();
             r.selectNodeContents(td.firstChild); return Math.round(r.getBoundingClientRect().right); })"""
    )
    assert edges[0] == edges[1], edges
    # Nor does it widen the column: "Results in" stays inside the card.
    assert tables_cut(page) == 0
    assert fits(page)
    shot(page, "td-fit-dashboard-withdrawn")


def test_a_prize_lines_errors_stand_under_it_and_leave_its_fields_level(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "prizes")
    page.fill("#id_prizes-0-label", "1st")
    page.fill("#id_prizes-0-places", "first")
    page.fill("#id_prizes-0-cash", "lots")
    page.get_by_role("button", name="Save prize fund").click()
    errors = page.get_by_test_id("prize-line-errors")
    expect(errors).to_contain_text("Places: Write places as 1, or 2-4, or 1, 3, 5.")
    expect(errors).to_contain_text("Cash: ")
    # Label, places and cash stand level (an error under places and cash pushed those two
    # up, out of line with the label beside them), each marked and described by the errors.
    tops = {
        name: page.locator(f"#id_prizes-0-{name}").evaluate(
            "e => Math.round(e.getBoundingClientRect().top)"
        )
        for name in ("label", "places", "cash")
    }
    assert len(set(tops.values())) == 1, tops
    expect(page.locator("#id_prizes-0-places")).to_have_attribute(
        "aria-describedby", "prizes-0-errors"
    )
    line = page.locator(".prize-row").first.bounding_box()
    box = errors.bounding_box()
    assert line and box and box["y"] + box["height"] <= line["y"] + line["height"]
    assert fits(page)
    shot(page, "td-fit-prize-line-errors")


def test_the_section_settings_name_stands_level_with_rounds_and_kind(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "section_edit")
    boxes = [
        page.locator(f"#id_{name}").bounding_box()
        for name in ("name", "rounds_total", "kind")
    ]
    assert all(boxes)
    heights = [round(b["height"]) for b in boxes if b]
    # One field height for the row: the name stood taller than the two fields beside it.
    assert len(set(heights)) == 1, heights
    if (page.viewport_size or {"width": 0})["width"] >= 768:
        tops = {round(b["y"]) for b in boxes if b}
        assert len(tops) == 1, tops
    assert fits(page)
    shot(page, "td-fit-section-edit")


def test_the_check_in_pages_round_buttons_take_a_thumb(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "checkin", number=4)
    rounds = page.get_by_role("navigation", name="Round").get_by_role("link")
    expect(rounds.first).to_have_text("R1")
    sizes = [
        (rounds.nth(n).inner_text(), rounds.nth(n).bounding_box())
        for n in range(rounds.count())
    ]
    small = [
        (text, b and round(b["height"]))
        for text, b in sizes
        if not b or b["height"] < 44 or b["width"] < 44
    ]
    assert small == []
    assert fits(page)
    shot(page, "td-fit-checkin-rounds")
