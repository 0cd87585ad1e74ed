"""A whole event through the pages only, by a TD and a second TD she made herself: the proof that
nobody needs the admin. Log in, create the tournament and a 3-round section, add players (the
form and a CSV), post the tiebreak order, create the other TD's account on the Directors page and
follow the invitation link in a second browser; then the two run the event: round 1 paired with a
player not checked in, results by keyboard (half the boards each), the tournament published,
rounds 2 and 3 with a withdrawal between, the section marked final, and the public standings and
wall chart showing the final scores.

Only the user who logs in first is made directly; everything else goes through the pages (the
database is read only to check). Screenshots go to var/screenshots/ to be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Q
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import VIEWPORTS
from tests.browser.test_td_setup import fits, shot
from tests.conftest import PASSWORD
from tournaments.models import Pairing, Player, Result, Round, Section, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

# Seven players by CSV (one name written "Last, First"); two more by the player form, one of whom does
# not check in for round 1.
CSV = """Name, US Chess ID, Rating, State
"Okafor, Daniel", 12873345, 2312, IL
Priya Raman, 13004561, 2245, IL
Marcus Feld, 14410987, 2108, WI
Elena Sokolova, 15521230, 2056, IN
Jan Kowalski, 12000001, 1990, IL
Noah Patel, 12000002, 1850, IL
Ebba Lindqvist, 12000003, 1640, MN
"""
SECOND_TD_PASSWORD = "rook-and-pawn-endgame-7"
HALF = Fraction(1, 2)
Typed = dict[tuple[int, int], str]


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def new_page(browser: Browser, contexts: list[BrowserContext], base: str) -> Page:
    context = browser.new_context(**VIEWPORTS["desktop"], base_url=base)
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/td/")


def add_player(page: Page, name: str, rating: str, uschess_id: str) -> None:
    page.locator('input[name="name"]').fill(name)
    page.locator('input[name="rating"]').fill(rating)
    page.locator('input[name="uschess_id"]').fill(uschess_id)


# What each key stands for on the round page, as points for (white, black).
KEY_POINTS = {
    "1": (Fraction(1), Fraction(0)),
    "=": (HALF, HALF),
    "0": (Fraction(0), Fraction(1)),
}
KEY_RESULTS = {"1": Result.WHITE_WIN, "=": Result.DRAW, "0": Result.BLACK_WIN}


def keyboard_results(
    page: Page, section: Section, number: int, boards: dict[int, str], typed: Typed
) -> None:
    """Focus each board's row and type its result key, the way a TD works through a stack of
    result slips; then wait until every key is stored."""
    # Looked up before the first key: the test's own queries must not meet the server's writes
    # (see step_aside).
    rows = dict(
        Pairing.objects.filter(
            round__section=section, round__number=number, board__in=boards
        ).values_list("board", "pk")
    )
    # The keys work once the page's script has run (it then shows its queue, empty): a key
    # typed while the page is still loading is the browser's, not the page's.
    page.wait_for_function("document.body.dataset.entryQueue === '0'")
    for board, key in boards.items():
        typed[number, board] = key
        page.locator(f"#pairing-{rows[board]}").focus()
        page.keyboard.press(key)
    page.wait_for_function("document.body.dataset.entryQueue === '0'", timeout=15_000)


def step_aside(page: Page) -> None:
    """Leave a page that polls for the other TD's changes while she writes.

    Not for the program's sake: Django's in-memory SQLite test database shares one cache between
    the live server's threads, and a read there during another thread's write fails at once with
    "database table is locked" (SQLite's shared-cache lock, which waits for no timeout). The
    app's file database and PostgreSQL wait instead.
    """
    page.goto("/td/")


def run_round(
    first: Page, second: Page, base: str, section: Section, number: int, typed: Typed
) -> None:
    """The first TD pairs and posts; the results slips are split: she types the top half of
    the boards, the other TD the rest."""
    url = f"{base}/td/t/{section.tournament.slug}/s/{section.pk}/r/{number}/"
    first.goto(url)
    first.get_by_role("button", name="Pair automatically").click()
    first.get_by_role("button", name="Post pairings").click()
    expect(first.get_by_text(f"Round {number}: pairings posted.")).to_be_visible()
    boards = sorted(
        b
        for b in Pairing.objects.filter(
            round__section=section, round__number=number
        ).values_list("board", flat=True)
        if b is not None
    )
    half = (len(boards) + 1) // 2
    # Wins, draws and losses in turn, shifted each round.
    keys = {b: "1=0"[(b + number) % 3] for b in boards}
    first.goto(url)
    keyboard_results(first, section, number, {b: keys[b] for b in boards[:half]}, typed)
    step_aside(first)
    second.goto(url)
    keyboard_results(
        second, section, number, {b: keys[b] for b in boards[half:]}, typed
    )
    step_aside(second)
    assert Round.objects.get(section=section, number=number).status == (
        Round.Status.COMPLETE
    )


def test_two_tds_run_a_whole_event_through_the_pages(
    live_server: Any, browser: Browser, contexts: list[BrowserContext]
) -> None:
    User.objects.create_user("director", password=PASSWORD)
    base = live_server.url
    typed: Typed = {}
    first = new_page(browser, contexts, base)
    log_in(first, base, "director", PASSWORD)

    # The tournament and its section.
    first.get_by_role("link", name="New tournament").click()
    first.get_by_label("Name").fill("Harbor Lights Open")
    first.get_by_label("Location").fill("Harbor Lights Library")
    first.get_by_label("Time control").fill("G/60;d5")
    first.get_by_role("button", name="Create tournament").click()
    first.wait_for_url("**/sections/new/")
    first.get_by_label("Name").fill("Open")
    first.get_by_label("Rounds").fill("3")
    first.get_by_role("button", name="Create section").click()
    expect(first.get_by_role("heading", name="Open", exact=True)).to_be_visible()
    tournament = Tournament.objects.get(name="Harbor Lights Open")
    section = Section.objects.get(tournament=tournament, name="Open")

    # Players: two by the form, the rest by CSV.
    first.get_by_role("link", name="Add player").click()
    add_player(first, "Tomas Herrera", "2210", "12555001")
    first.get_by_role("button", name="Add and enter another").click()
    expect(first.get_by_text("Tomas Herrera")).to_be_visible()
    add_player(first, "Kwame Mensah", "1500", "12555002")
    first.get_by_role("button", name="Add player", exact=True).click()
    first.get_by_role("link", name="Paste or upload CSV").click()
    first.get_by_label("Players, one per line").fill(CSV)
    first.get_by_role("button", name="Preview").click()
    expect(first.get_by_text("All rows ready")).to_be_visible()
    first.get_by_role("button", name="Save 7 players").click()
    expect(first.get_by_text("Saved 7 players to Open.")).to_be_visible()
    assert Player.objects.filter(section=section).count() == 9
    shot(first, "event-players")

    # The tiebreak order, posted before round 1.
    first.get_by_role("link", name="Tiebreaks").click()
    first.get_by_role("button", name="Use SCA posted order").click()
    expect(
        first.get_by_role("button", name="Remove Opposition's Performance")
    ).to_be_visible()
    first.get_by_role("button", name="Post this order").click()
    expect(first.get_by_text("Tiebreak order posted for Open")).to_be_visible()

    # The second TD: an account made on the Directors page, the link opened in her own browser.
    first.goto(f"{base}/td/t/{tournament.slug}/directors/")
    account = first.locator(
        "form", has=first.get_by_role("button", name="Create account")
    )
    account.get_by_label("User name").fill("marisol")
    account.get_by_label("Name (optional)").fill("Marisol Vega")
    account.get_by_role("button", name="Create account").click()
    link = first.get_by_label("Invitation link").input_value()
    shot(first, "event-directors-invitation")
    second = new_page(browser, contexts, base)
    second.goto(link)
    expect(second.get_by_text("Welcome, marisol")).to_be_visible()
    second.locator("input[name=new_password1]").fill(SECOND_TD_PASSWORD)
    second.locator("input[name=new_password2]").fill(SECOND_TD_PASSWORD)
    second.get_by_role("button", name="Set password").click()
    expect(second.get_by_text("Your password is set, marisol")).to_be_visible()
    log_in(second, base, "marisol", SECOND_TD_PASSWORD)
    expect(second.get_by_role("link", name="Harbor Lights Open")).to_be_visible()

    # Check-in for round 1 by the second TD at the door: everyone but Kwame Mensah.
    second.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/checkin/1/")
    for player in Player.objects.filter(section=section).exclude(name="Kwame Mensah"):
        second.get_by_role("button", name=f"Check in {player.name}").click()
        expect(
            second.get_by_role("button", name=f"Undo check-in of {player.name}")
        ).to_be_visible()
    step_aside(second)

    # Round 1: the page asks about the absent player; a zero-point bye for him.
    url = f"{base}/td/t/{tournament.slug}/s/{section.pk}/r/1/"
    first.goto(url)
    first.get_by_role("button", name="Pair automatically").click()
    expect(first.get_by_test_id("pair-question")).to_contain_text("Kwame Mensah")
    first.get_by_role(
        "button", name="Zero-point byes for them, pair the others"
    ).click()
    expect(first.get_by_test_id("byes")).to_contain_text("Kwame Mensah")
    first.get_by_role("button", name="Post pairings").click()
    expect(first.get_by_text("Round 1: pairings posted.")).to_be_visible()
    shot(first, "event-round1-posted")
    assert (
        Pairing.objects.filter(
            round__section=section, round__number=1, board__isnull=False
        ).count()
        == 4
    )
    keyboard_results(first, section, 1, {1: "1", 2: "="}, typed)
    step_aside(first)
    second.goto(url)
    keyboard_results(second, section, 1, {3: "0", 4: "1"}, typed)
    second.reload()
    shot(second, "event-round1-results")
    step_aside(second)
    assert Round.objects.get(section=section, number=1).status == Round.Status.COMPLETE

    # Published: the public pages show the event.
    first.goto(f"{base}/td/t/{tournament.slug}/")
    first.get_by_role("button", name="Publish").click()
    expect(first.get_by_text("Published", exact=True)).to_be_visible()

    # Round 2, then Ebba Lindqvist withdraws after it; round 3 without her.
    run_round(first, second, base, section, 2, typed)
    ebba = Player.objects.get(section=section, name="Ebba Lindqvist")
    second.goto(
        f"{base}/td/t/{tournament.slug}/s/{section.pk}/players/{ebba.start_number}/"
    )
    second.get_by_label("Withdraws after round").select_option("2")
    second.get_by_role("button", name="Withdraw", exact=True).click()
    second.get_by_role("button", name="Withdraw Ebba Lindqvist after round 2").click()
    expect(second.get_by_text("Withdrew after round 2")).to_be_visible()
    run_round(first, second, base, section, 3, typed)
    assert not Pairing.objects.filter(round__section=section, round__number=3).filter(
        Q(white=ebba) | Q(black=ebba)
    )

    # Final.
    first.goto(f"{base}/td/t/{tournament.slug}/screens/")
    first.get_by_role("button", name="Mark results final").click()
    expect(first.get_by_text("Open: results marked final.")).to_be_visible()

    # Every key went to the board it was typed on, by either TD.
    stored = {
        (number, board): result
        for number, board, result in Pairing.objects.filter(
            round__section=section, board__isnull=False
        ).values_list("round__number", "board", "result")
    }
    assert stored == {board: KEY_RESULTS[key] for board, key in typed.items()}

    # The public standings and wall chart, seen by anyone, on a desktop and on a phone: each
    # player's total is what the slips typed add up to (a pairing bye a point, the zero-point
    # bye and the rounds after the withdrawal nothing).
    expected = expected_scores(section, typed)
    public = new_page(browser, contexts, base)
    public.goto(f"{base}/t/{tournament.slug}/s/{section.pk}/standings/")
    expect(public.get_by_text("Standings after round 3 of 3 · final")).to_be_visible()
    assert column(public, ".standings-table", "Score") == expected
    shot(public, "event-public-standings")
    assert fits(public)
    public.goto(f"{base}/t/{tournament.slug}/s/{section.pk}/crosstable/")
    expect(public.get_by_text("Wall chart after round 3 of 3 · final")).to_be_visible()
    assert column(public, ".wallchart", "Total") == expected
    shot(public, "event-public-crosstable")
    phone = browser.new_context(**VIEWPORTS["phone"])
    contexts.append(phone)
    small = phone.new_page()
    small.goto(f"{base}/t/{tournament.slug}/s/{section.pk}/standings/")
    assert column(small, ".standings-table", "Score") == expected
    assert fits(small)
    shot(small, "event-public-standings")


def expected_scores(section: Section, typed: Typed) -> dict[int, Fraction]:
    scores = {
        n: Fraction(0) for n in section.players.values_list("start_number", flat=True)
    }
    for pairing in Pairing.objects.filter(round__section=section).select_related(
        "round", "white", "black"
    ):
        if pairing.board is None:
            # One-player rows: the pairing bye scores a point, the zero-point bye none.
            assert pairing.result in (Result.BYE_PAIRING, Result.BYE_ZERO)
            if pairing.result == Result.BYE_PAIRING:
                scores[pairing.white.start_number] += 1
            continue
        assert pairing.black is not None
        white, black = KEY_POINTS[typed[pairing.round.number, pairing.board]]
        scores[pairing.white.start_number] += white
        scores[pairing.black.start_number] += black
    return scores


def column(page: Page, table: str, heading: str) -> dict[int, Fraction]:
    """A public table's column by start number ("No"), scores read as fractions ("1½")."""
    cells: list[list[str]] = page.evaluate(
        """([table, heading]) => {
            const t = document.querySelector(table);
            const heads = [...t.querySelectorAll("thead th")].map(th => th.textContent.trim());
            const no = heads.indexOf("No"), col = heads.indexOf(heading);
            return [...t.querySelectorAll("tbody tr")].map(
                tr => [tr.cells[no].textContent.trim(), tr.cells[col].textContent.trim()]);
        }""",
        [table, heading],
    )
    return {int(no): score_value(text) for no, text in cells}


def score_value(text: str) -> Fraction:
    whole, half = text.rstrip("½"), text.endswith("½")
    return Fraction(int(whole or 0)) + (HALF if half else 0)
