"""A whole tournament walked by a TD in a real browser, on a desktop and on a phone, every step
through the pages: a tournament and two sections, players by form and by CSV (a bad file first),
the tiebreak order, check-in, round 1 paired and posted, results by keys with one corrected, a
withdrawal, a no-show forfeit, requested byes, a late entry, the next rounds, the prize fund,
results marked final and the rating report.

Each step is saved as var/screenshots/walk-<nn>-<step>-<viewport>.png to be looked at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SHOTS, VIEWPORTS, fits
from tests.browser.test_round_life import login
from tests.conftest import PASSWORD
from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Pairing, Player, Result, Round, Section

pytestmark = pytest.mark.django_db(transaction=True)

OPEN_CSV = """Name, US Chess ID, FIDE ID, Rating, State
Daniel Okafor, 12873345, , 2312, IL
Priya Raman, 13004561, , 2245, IL
Marcus Feld, 14410987, , 2198, WI
Elena Sokolova, 15521230, , 2156, IN
Tomas Herrera, 16620011, , 2090, IL
"""
# A spreadsheet saved with the wrong columns: the names land in the rating column.
BAD_CSV = """Rating, Name
2100, Ann Lee
abc, Bo Kim
"""


# Visible buttons and button-like links a thumb must hit, under 44 CSS px high.
SMALL_TARGETS = """
Array.from(document.querySelectorAll('main button, main .btn, main summary, main input:not([type=hidden]), main select, main a'))
  .filter(el => el.offsetParent !== null)
  .map(el => [el.textContent.trim().slice(0, 30), Math.round(el.getBoundingClientRect().height)])
  .filter(([, h]) => h < 43)
"""


class Walk:
    """Numbered screenshots of one walk, so the files sort in the order the TD saw them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.step = 0
        size = page.viewport_size
        self.viewport = (
            "phone" if size is not None and size["width"] < 600 else "desktop"
        )

    def shot(self, name: str) -> None:
        self.step += 1
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"walk-{self.step:02d}-{name}-{self.viewport}.png"
        self.page.screenshot(path=str(path), full_page=True)
        assert fits(self.page), name
        small = self.page.evaluate(SMALL_TARGETS)
        if small:
            print(name, self.viewport, small)


def board_row(page: Page, section: Section, number: int, board: int) -> Any:
    pairing = Pairing.objects.get(
        round__section=section, round__number=number, board=board
    )
    return page.locator(f"#pairing-{pairing.pk}")


def test_a_td_walks_a_whole_tournament(live_server: Any, page: Page) -> None:
    User.objects.create_user("director", password=PASSWORD)
    base = live_server.url
    walk = Walk(page)

    login(page, base)

    # A tournament and its two sections.
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name").fill("Harbor Fall Swiss")
    page.get_by_label("Location").fill("Harbor Library, Room B")
    page.get_by_label("Time control").fill("G/60;d5")
    page.get_by_role("button", name="Create tournament").click()
    page.wait_for_url("**/sections/new/")
    walk.shot("section-new")
    page.get_by_label("Name").fill("Open")
    page.get_by_label("Rounds").fill("3")
    page.get_by_role("button", name="Create section").click()
    expect(page.get_by_role("heading", name="Open", exact=True)).to_be_visible()
    walk.shot("section-empty")
    page.get_by_role("link", name="Harbor Fall Swiss").first.click()
    walk.shot("tournament")
    page.get_by_role("link", name=re.compile("section", re.I)).first.click()
    page.get_by_label("Name").fill("U1600")
    page.get_by_label("Rounds").fill("3")
    page.get_by_role("button", name="Create section").click()
    expect(page.get_by_role("heading", name="U1600", exact=True)).to_be_visible()
    open_ = Section.objects.get(name="Open")
    u1600 = Section.objects.get(name="U1600")
    slug = open_.tournament.slug

    # U1600 players by the form, the first sent without a name.
    page.get_by_role("link", name="Add player").click()
    walk.shot("player-add")
    page.get_by_label("Rating").fill("1500")
    page.get_by_role("button", name="Add and enter another").click()
    walk.shot("player-add-error")
    page.get_by_role("textbox", name="Name").fill("Noah Patel")
    page.get_by_role("button", name="Add and enter another").click()
    for name, rating in [("Ivy Chen", "1450"), ("Omar Said", "1390")]:
        page.get_by_role("textbox", name="Name").fill(name)
        page.get_by_label("Rating").fill(rating)
        page.get_by_role("button", name="Add and enter another").click()
        expect(page.get_by_text(name)).to_be_visible()
    page.get_by_role("textbox", name="Name").fill("Lena Voss")
    page.get_by_label("Rating").fill("1320")
    page.get_by_role("button", name="Add player", exact=True).click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    walk.shot("u1600-players")
    assert u1600.players.count() == 4

    # Open players by CSV: a bad file first, then the good one.
    page.goto(f"{base}/td/t/{slug}/s/{open_.pk}/")
    page.get_by_role("link", name="Paste or upload CSV").click()
    page.get_by_label("Players, one per line").fill(BAD_CSV)
    page.get_by_role("button", name="Preview").click()
    walk.shot("csv-bad")
    assert not open_.players.exists()
    page.get_by_label("Players, one per line").fill(OPEN_CSV)
    page.get_by_role("button", name="Preview").click()
    walk.shot("csv-preview")
    page.get_by_role("button", name="Save 5 players").click()
    expect(page.get_by_text("Saved 5 players to Open.")).to_be_visible()
    walk.shot("open-players")

    # The tiebreak order.
    page.get_by_role("link", name="Tiebreaks").click()
    walk.shot("tiebreaks")
    page.get_by_role("button", name="Use SCA posted order").click()
    page.get_by_role("button", name="Post this order").click()
    expect(page.get_by_text("Tiebreak order posted for Open")).to_be_visible()

    # Check-in, all but Tomas Herrera (he is late).
    page.get_by_role("link", name="Check-in").click()
    for name in ["Daniel Okafor", "Priya Raman", "Marcus Feld", "Elena Sokolova"]:
        page.get_by_role("button", name=f"Check in {name}").click()
        expect(
            page.get_by_role("button", name=f"Undo check-in of {name}")
        ).to_be_visible()
    walk.shot("checkin")

    # Round 1: paired, the absent player asked about, posted.
    page.goto(f"{base}/td/t/{slug}/s/{open_.pk}/r/1/")
    walk.shot("round1-empty")
    page.get_by_role("button", name="Pair automatically").click()
    walk.shot("round1-ask")
    page.get_by_role("button", name="Zero-point byes for them, pair the others").click()
    walk.shot("round1-draft")
    page.get_by_role("button", name="Post pairings").click()
    expect(page.get_by_text("Round 1: pairings posted.")).to_be_visible()
    walk.shot("round1-posted")

    # Results by keys: board 1 a win for White, board 2 a draw; then board 1 corrected.
    # Both rows looked up before any key: a read of the test's database while the server
    # saves a key would meet SQLite's table lock.
    row1, row2 = board_row(page, open_, 1, 1), board_row(page, open_, 1, 2)
    row1.focus()
    page.keyboard.press("1")
    expect(row1.get_by_role("button", name="1-0", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    page.keyboard.press("=")
    expect(row2.get_by_role("button", name="½-½", exact=True)).to_have_attribute(
        "aria-pressed", "true", timeout=15_000
    )
    walk.shot("round1-results")
    row1.get_by_role("button", name="0-1", exact=True).click()
    walk.shot("round1-correction")
    expect(row1.get_by_role("button", name="0-1", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    assert Round.objects.get(section=open_, number=1).status == Round.Status.COMPLETE
    assert (
        Pairing.objects.get(round__section=open_, round__number=1, board=1).result
        == Result.BLACK_WIN
    )

    # Marcus Feld leaves after round 1; Priya Raman asks for a half-point bye in round 3.
    page.goto(f"{base}/td/t/{slug}/s/{open_.pk}/players/3/")
    walk.shot("player-page")
    page.get_by_label("Withdraws after round").select_option("1")
    page.get_by_role("button", name="Withdraw", exact=True).click()
    expect(page.get_by_test_id("confirm-question")).to_contain_text(
        "Marcus Feld withdraws after round 1: not paired in rounds 2 to"
    )
    walk.shot("player-withdraw-asked")
    page.get_by_role("button", name="Withdraw Marcus Feld after round 1").click()
    walk.shot("player-withdrawn")
    assert Player.objects.get(section=open_, start_number=3).status == "withdrawn"
    page.goto(f"{base}/td/t/{slug}/s/{open_.pk}/players/2/")
    page.get_by_label("Round 3").select_option(label="Half-point bye")
    page.get_by_role("button", name="Save byes").click()
    walk.shot("player-byes")

    # A late entry, first round played 2, a half-point bye for round 1.
    page.goto(f"{base}/td/t/{slug}/s/{open_.pk}/")
    page.get_by_role("link", name="Late entry").click()
    page.get_by_role("textbox", name="Name").fill("Sam Ortiz")
    page.get_by_label("Rating").fill("2001")
    walk.shot("late-entry")
    page.get_by_role("button", name="Enter player").click()
    walk.shot("late-entered")
    assert open_.players.filter(name="Sam Ortiz").exists()

    # Round 2.
    page.goto(f"{base}/td/t/{slug}/s/{open_.pk}/r/2/")
    page.get_by_role("button", name="Pair automatically").click()
    walk.shot("round2-paired")
    page.get_by_role("button", name="Post pairings").click()
    expect(page.get_by_text("Round 2: pairings posted.")).to_be_visible()

    # Tomas Herrera never came: a forfeit win for his opponent, one step away ("More").
    tomas = Player.objects.get(section=open_, name="Tomas Herrera")
    lost = (
        Pairing.objects.get(
            round__section=open_, round__number=2, black__isnull=False, white=tomas
        )
        if Pairing.objects.filter(
            round__section=open_, round__number=2, white=tomas
        ).exists()
        else Pairing.objects.get(round__section=open_, round__number=2, black=tomas)
    )
    row = page.locator(f"#pairing-{lost.pk}")
    row.get_by_label(f"More results for board {lost.board}").click()
    walk.shot("round2-more")
    forfeit = "0-1 forfeit" if lost.white_id == tomas.pk else "1-0 forfeit"
    row.get_by_role("button", name=forfeit).click()
    walk.shot("round2-forfeit")
    other = Pairing.objects.get(
        round__section=open_,
        round__number=2,
        black__isnull=False,
        board=3 - (lost.board or 0),
    )
    page.locator(f"#pairing-{other.pk}").get_by_role(
        "button", name="½-½", exact=True
    ).click()
    expect(page.get_by_test_id("no-shows")).to_be_visible()
    walk.shot("round2-no-show")
    page.get_by_role("button", name="Withdraw after round 2: Tomas Herrera").click()
    # Asked first, above the note.
    question = page.get_by_test_id("no-show-question")
    expect(question).to_contain_text("Withdraw Tomas Herrera after round 2?")
    question.get_by_role("button", name="Withdraw Tomas Herrera after round 2").click()
    expect(page.get_by_test_id("no-show-message")).to_be_visible()
    walk.shot("round2-no-show-withdrawn")
    assert Player.objects.get(section=open_, name="Tomas Herrera").status == "withdrawn"

    # Round 3, the last.
    page.goto(f"{base}/td/t/{slug}/s/{open_.pk}/r/3/")
    page.get_by_role("button", name="Pair automatically").click()
    page.get_by_role("button", name="Post pairings").click()
    expect(page.get_by_text("Round 3: pairings posted.")).to_be_visible()
    walk.shot("round3-posted")
    for pairing in Pairing.objects.filter(
        round__section=open_, round__number=3, black__isnull=False
    ):
        row = page.locator(f"#pairing-{pairing.pk}")
        row.get_by_role("button", name="1-0", exact=True).click()
        expect(row.get_by_role("button", name="1-0", exact=True)).to_have_attribute(
            "aria-pressed", "true"
        )
    walk.shot("round3-done")

    # The prize fund, then final, then the rating report.
    page.get_by_role("link", name="Open").first.click()
    page.get_by_role("link", name="Prizes").click()
    walk.shot("prizes-empty")
    page.locator("#id_prizes-0-label").fill("1st")
    page.locator("#id_prizes-0-places").fill("1")
    page.locator("#id_prizes-0-cash").fill("100")
    page.locator("#id_prizes-1-label").fill("2nd")
    page.locator("#id_prizes-1-places").fill("2")
    page.locator("#id_prizes-1-cash").fill("50")
    page.get_by_role("button", name="Save prize fund").click()
    walk.shot("prizes")
    page.goto(f"{base}/td/t/{slug}/screens/")
    walk.shot("screens")
    # The wrong row's button first: U1600 has not started -- asked, by name, and kept open.
    page.get_by_role("button", name="Mark results final for U1600").click()
    expect(page.get_by_test_id("confirm-question")).to_have_text(
        "U1600 has not started: none of its 3 rounds is paired."
    )
    walk.shot("final-asked")
    page.get_by_role("link", name="Cancel: keep it open").click()
    u1600.refresh_from_db()
    assert not u1600.is_final
    page.get_by_role("button", name="Mark results final for Open").click()
    expect(page.get_by_text("Open: results marked final.")).to_be_visible()
    walk.shot("final")
    page.goto(f"{base}/td/t/{slug}/rating-report/")
    walk.shot("rating-report")


def door(director: User) -> Section:
    """Four players entered in the U1600 section of a tournament the director runs."""
    tournament = tournament_build(name="Door Test")
    tournament.directors.add(director)
    return section_build(
        tournament=tournament,
        name="U1600",
        ratings=[1500, 1400, 1300, 1200],
        names=["Ana Ortiz", "Ben Ode", "Cy Park", "Dee Lin"],
        rounds=[],
        rounds_total=3,
    )


def test_check_in_at_the_door_by_keyboard_alone(live_server: Any, page: Page) -> None:
    """Type a name, Tab, Enter: the focus comes back to the search with its text selected, so
    the next name is typed at once; down the whole list, it moves to the next player."""
    section = door(User.objects.create_user("director", password=PASSWORD))
    login(page, live_server.url)
    page.goto(
        f"{live_server.url}/td/t/{section.tournament.slug}/s/{section.pk}/checkin/1/"
    )
    search = page.get_by_placeholder("Search by name or ID")

    search.fill("park")
    expect(page.get_by_role("button", name="Check in Ana Ortiz")).to_have_count(0)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Check in Cy Park")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_text("3 still missing")).to_be_visible()
    expect(search).to_be_focused()
    page.keyboard.type("ode")  # replaces the selected "park"
    expect(search).to_have_value("ode")
    expect(page.get_by_role("button", name="Undo check-in of Cy Park")).to_have_count(0)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_text("2 still missing")).to_be_visible()
    expect(search).to_be_focused()

    # The whole list: Enter on a player moves the focus to the next one.
    search.fill("")
    expect(page.get_by_role("button", name="Check in Ana Ortiz")).to_be_visible()
    page.wait_for_load_state("networkidle")  # the search's answers all in
    page.get_by_role("button", name="Check in Ana Ortiz").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("1 still missing")).to_be_visible()
    expect(page.get_by_role("button", name="Undo check-in of Ben Ode")).to_be_focused()

    # A search's answer landing after that (sent again, e.g. by Enter) redraws the list under
    # the focus: it comes back to the same player's button.
    with page.expect_response(lambda r: "checkin/1/?q=" in r.url):
        page.evaluate("htmx.trigger('#id_q', 'search')")
    expect(page.get_by_role("button", name="Undo check-in of Ben Ode")).to_be_focused()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "walk-checkin-keyboard.png"), full_page=True)
    assert sorted(
        section.players.filter(checkins__round_number=1).values_list("name", flat=True)
    ) == ["Ana Ortiz", "Ben Ode", "Cy Park"]


def test_checking_in_marking_final_and_removing_oneself_work_without_javascript(
    live_server: Any, browser: Browser
) -> None:
    """The plain forms with JavaScript off: a check-in, the question before marking an
    unfinished section final, and the one before removing oneself from the directors."""
    section = door(User.objects.create_user("director", password=PASSWORD))
    context = browser.new_context(**VIEWPORTS["phone"], java_script_enabled=False)
    page = context.new_page()
    base = live_server.url
    slug = section.tournament.slug
    login(page, base)

    # By keyboard: a name and Enter (a page of its own), Tab to the match, Enter.
    page.goto(f"{base}/td/t/{slug}/s/{section.pk}/checkin/1/")
    search = page.get_by_placeholder("Search by name or ID")
    search.fill("ode")
    search.press("Enter")
    page.wait_for_url("**/checkin/1/?q=ode")
    expect(search).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Check in Ben Ode")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Undo check-in of Ben Ode")).to_be_visible()
    expect(page.get_by_text("3 still missing")).to_be_visible()

    page.goto(f"{base}/td/t/{slug}/screens/")
    expect(page.get_by_test_id("final-progress")).to_have_text("Not started (3 rounds)")
    page.get_by_role("button", name="Mark results final for U1600").click()
    expect(page.get_by_test_id("confirm-question")).to_contain_text(
        "U1600 has not started"
    )
    section.refresh_from_db()
    assert not section.is_final
    page.get_by_role("button", name="Mark U1600 final anyway").click()
    expect(page.get_by_text("U1600: results marked final.")).to_be_visible()
    section.refresh_from_db()
    assert section.is_final

    # Their own "Remove" on the directors page, tapped by mistake: asked, and kept.
    section.tournament.directors.add(User.objects.create_user("assistant"))
    page.goto(f"{base}/td/t/{slug}/directors/")
    page.get_by_role("button", name="Remove director").click()
    expect(page.get_by_test_id("confirm-question")).to_contain_text(
        "Only another director (assistant) can add you back."
    )
    page.get_by_role("link", name="Cancel: stay a director").click()
    assert section.tournament.directors.filter(username="director").exists()
    context.close()


def posted(rounds: list[str]) -> Section:
    """Four players, the given rounds posted (each complete once every board has a result),
    in a tournament the director runs."""
    tournament = tournament_build(name="Round Test")
    tournament.directors.add(User.objects.create_user("director", password=PASSWORD))
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=rounds,
        rounds_total=3,
    )
    for round_ in Round.objects.filter(section=section):
        pending = round_.pairings.filter(result=Result.PENDING).exists()
        round_.status = Round.Status.PAIRED if pending else Round.Status.COMPLETE
        round_.save(update_fields=["status"])
    return section


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_correction_after_the_next_round_is_paired_is_a_full_size_tap(
    live_server: Any, browser: Browser, javascript: bool
) -> None:
    """Round 1's board 1 changed on a phone after round 2 was posted: the question's 'Change it
    anyway' is as big as the result buttons (it was 31 px high), and it works without
    JavaScript too (asked on a page of its own)."""
    section = posted(["1-2 1-0, 3-4 1-0", "3-1 ?, 2-4 ?"])
    tournament = section.tournament
    context = browser.new_context(**VIEWPORTS["phone"], java_script_enabled=javascript)
    page = context.new_page()
    login(page, live_server.url)
    page.goto(f"{live_server.url}/td/t/{tournament.slug}/s/{section.pk}/r/1/")

    board_row(page, section, 1, 1).get_by_role("button", name="0-1", exact=True).click()
    anyway = page.get_by_role("button", name=re.compile("anyway"))
    expect(anyway).to_be_visible()
    box = anyway.bounding_box()
    assert box is not None and box["height"] >= 43.5
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(
            SHOTS / f"walk-correction-{'js' if javascript else 'no-js'}-phone.png"
        ),
        full_page=True,
    )
    assert (
        Pairing.objects.get(round__section=section, round__number=1, board=1).result
        == Result.WHITE_WIN
    )
    anyway.click()
    expect(
        board_row(page, section, 1, 1).get_by_role("button", name="0-1", exact=True)
    ).to_have_attribute("aria-pressed", "true")
    assert (
        Pairing.objects.get(round__section=section, round__number=1, board=1).result
        == Result.BLACK_WIN
    )
    context.close()


def test_the_tiebreak_order_is_rearranged_by_keyboard_alone(
    live_server: Any, page: Page
) -> None:
    """Enter on "Move Cumulative up", twice: it climbs two places, the focus staying on its
    button (the swapped builder dropped it to the top of the page); at the top, the focus goes
    to its "down" button; after a removal, to the button now in that place."""
    section = door(User.objects.create_user("director", password=PASSWORD))
    login(page, live_server.url)
    page.goto(
        f"{live_server.url}/td/t/{section.tournament.slug}/s/{section.pk}/tiebreaks/"
    )
    use = page.get_by_role("button", name="Use US Chess default")
    use.click()
    up = page.get_by_role("button", name="Move Cumulative up", exact=True)
    expect(page.locator('input[name="r2-system"]')).to_have_value("cumulative")
    expect(use).to_be_focused()

    up.focus()
    page.keyboard.press("Enter")
    expect(page.locator('input[name="r1-system"]')).to_have_value("cumulative")
    expect(up).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('input[name="r0-system"]')).to_have_value("cumulative")
    expect(
        page.get_by_role("button", name="Move Cumulative down", exact=True)
    ).to_be_focused()

    page.get_by_role("button", name="Remove Solkoff").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Remove Solkoff")).to_have_count(0)
    expect(page.locator('input[name="r2-system"]')).to_have_value(
        "cumulative_opposition"
    )
    expect(
        page.get_by_role("button", name="Remove Cumulative of Opposition")
    ).to_be_focused()


def test_a_result_key_with_no_board_chosen_is_not_entered_and_says_so(
    live_server: Any, page: Page
) -> None:
    """The TD taps beside the table, then types the slips' results: the first key only
    chooses the first board without a result, and the row says so with the sound; before, it
    was dropped silently and each next result landed on the board before its own."""
    section = posted(["1-2 ?, 3-4 ?"])
    tournament = section.tournament
    login(page, live_server.url)
    page.goto(f"{live_server.url}/td/t/{tournament.slug}/s/{section.pk}/r/1/")
    board_1 = board_row(page, section, 1, 1)
    expect(board_1).to_be_focused()

    page.get_by_role("heading", name=re.compile("^Round 1")).click()  # beside the table
    expect(board_1).not_to_be_focused()
    page.keyboard.press("1")
    expect(board_1).to_be_focused()
    expect(board_1.get_by_role("alert")).to_have_text(
        "The key 1 was not entered: no board was chosen. This board is chosen now: "
        "type its result."
    )
    assert page.evaluate("document.body.dataset.alarms") == "1"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "walk-key-no-board.png"), full_page=True)

    page.keyboard.press("=")
    expect(board_1.get_by_role("button", name="½-½", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(board_1.get_by_role("alert")).to_have_count(0)
    assert [
        p.result
        for p in Pairing.objects.filter(round__section=section).order_by("board")
    ] == [Result.DRAW, Result.PENDING]
