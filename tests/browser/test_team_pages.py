"""Team standings in a real browser, phone and desktop: the demo's school teams (U1600) and the
event's team groups (the Open's clubs, the U1600's schools), reached from the tournament page. Screenshots in var/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import SHOTS, fits
from tests.browser.test_accessibility import serious_violations
from tests.browser.test_round_page import log_in
from tests.standings.test_team_pages import build
from tests.tournaments.builders import section_build, tournament_build
from tests.tournaments.test_team_lineups import league
from tournaments.demo import demo_tournament_create
from tournaments.demo_teams import demo_team_tournament_create
from tournaments.models import Pairing, Player, Section
from tournaments.services import tournament_team_scoring_post

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Any, name: str, request: pytest.FixtureRequest) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewport = request.node.callspec.params["page"]
    page.screenshot(path=str(SHOTS / f"teams_{name}_{viewport}.png"), full_page=True)


def test_school_team_standings_from_the_tournament_page(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    tournament, _ = demo_tournament_create()
    page.goto(live_server.url + reverse("standings:tournament", args=[tournament.slug]))
    page.locator("#section-" + str(tournament.sections.get(name="U1600").pk)).locator(
        "xpath=ancestor::section"
    ).get_by_role("link", name="Teams").click()
    # A click returns once the next page starts loading, not when it has loaded: the checks
    # wait for what they look at (web-first assertions), and the width is measured on the
    # loaded page.
    expect(
        page.get_by_role("heading", name="Team standings after round 5 of 5")
    ).to_be_visible()
    first = page.locator("table.team-standings tbody tr").first
    expect(first.locator("td").first).to_have_text("1")
    expect(first).to_contain_text("1st place school trophy")
    page.wait_for_load_state()
    assert fits(page)
    _shot(page, "section", request)

    page.goto(live_server.url + reverse("standings:tournament", args=[tournament.slug]))
    page.get_by_role("link", name="Team standings: Clubs").click()
    expect(page.get_by_role("heading", name="Team standings: Clubs")).to_be_visible()
    assert (
        "Club champions trophy"
        in page.locator("table.team-standings tbody").inner_text()
    )
    _shot(page, "event", request)
    # The schools' group one tap away.
    page.get_by_test_id("team-groups").get_by_role("link", name="Schools").click()
    expect(page.get_by_role("heading", name="Team standings: Schools")).to_be_visible()
    assert (
        "School champions trophy"
        in page.locator("table.team-standings tbody").inner_text()
    )


def test_team_league_standings_wall_chart_and_a_match(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    league = demo_team_tournament_create()
    section = league.sections.get()
    page.goto(live_server.url + reverse("standings:tournament", args=[league.slug]))
    page.get_by_role("link", name="Teams").first.click()
    # A click returns once the next page starts loading, not when it has loaded (a phone
    # renders it slowly under load): each check waits for what it looks at.
    expect(
        page.get_by_role("heading", name="Team standings after round 5 of 5 · final")
    ).to_be_visible()
    first = page.locator("table.team-wallchart tbody tr").first
    expect(first).to_contain_text("Team champions trophy")
    expect(page.locator("table.board-standings")).to_have_count(4)
    page.wait_for_load_state()
    # Each board's table scrolls in its own box; the page itself is never wider than a phone.
    assert fits(page)
    _shot(page, "league", request)
    first.locator("td a").first.click()
    expect(page.get_by_role("heading", name="Round 1, table")).to_be_visible()
    boards = page.locator("table.team-match tbody tr")
    expect(boards).to_have_count(section.team_boards)
    # Each board's colours for both teams, as a wall chart shows them (the second team's
    # column had none): one player White, the other Black.
    for n in range(section.team_boards):
        cells = boards.nth(n).locator("td")
        marks = [
            cells.nth(k).get_by_role("img").get_attribute("aria-label") for k in (1, 4)
        ]
        assert sorted(marks, key=str) == ["Black", "White"], marks
    page.wait_for_load_state()  # the whole page laid out before its width is measured
    assert fits(page)
    _shot(page, "match", request)


def test_td_runs_a_team_round_from_rosters_to_the_wall_chart(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    director = User.objects.create_user("anna", password="x")
    tournament = tournament_build(name="Club Team Cup", is_published=True)
    tournament.directors.add(director)
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1950, 1850, 1800, 1700, 1750, 1650],
        rounds=[],
        rounds_total=3,
        kind=Section.Kind.ROUND_ROBIN,
    )
    log_in(page, live_server, director)
    page.goto(
        live_server.url
        + reverse("tournaments:section_team_setup", args=[tournament.slug, section.pk])
    )
    page.get_by_label("Boards per match").fill("2")
    page.get_by_label("Teams and rosters").fill("A: 1 2\nB: 3 4\nC: 5 6\nD: 7 8")
    page.get_by_role("button", name="Post teams and rosters").click()
    expect(page.get_by_text("Teams and rosters posted")).to_be_visible()
    page.get_by_role("button", name="Pair and post round 1").click()
    # The round page: four boards (two matches of two), one key each.
    expect(page.get_by_test_id("progress")).to_have_text("0/4 results in")
    # The keys work once the page's script has run: it puts the focus on the first board
    # (a key typed before that, as the page is still loading, is the browser's, not ours).
    expect(page.locator("tr.pairing-row").first).to_be_focused()
    # Each key on its board's row (looked up before typing: the test's own queries must not
    # meet the live server's writes on the shared in-memory database), then every key saved.
    rows = list(
        Pairing.objects.filter(round__section=section, round__number=1)
        .exclude(black=None)
        .order_by("board")
        .values_list("pk", flat=True)
    )
    for pk, key in zip(rows, ("1", "=", "0", "1"), strict=True):
        page.locator(f"#pairing-{pk}").focus()
        page.keyboard.press(key)
    page.wait_for_function("document.body.dataset.entryQueue === '0'", timeout=15_000)
    expect(page.get_by_test_id("progress")).to_have_text("4/4 results in")
    _shot(page, "td_round", request)
    # The next round of a team section is paired from its Teams tab.
    page.get_by_role("link", name="Pair round 2 →").click()
    expect(page.get_by_role("button", name="Pair and post round 2")).to_be_visible()
    page.goto(
        live_server.url + reverse("standings:teams", args=[tournament.slug, section.pk])
    )
    # Berger round 1: A-D on boards 1-2 (1-0, then ½-½ with D White on board 2), B-C on 3-4
    # (0-1 with B White, then 1-0 with C White on board 4): A 1½-½, C 2-0.
    rows = page.locator("table.team-wallchart tbody tr")
    expect(rows.first).to_contain_text("C")
    expect(rows.first).to_contain_text("W2")
    expect(rows.nth(1)).to_contain_text("W4")
    expect(rows.nth(1)).to_contain_text("1½-½")
    _shot(page, "td_wallchart", request)


def test_td_fields_a_reserve_and_the_match_page_follows(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    director = User.objects.create_user("bert", password="x")
    tournament = tournament_build(name="Reserve Cup", is_published=True)
    tournament.directors.add(director)
    # Two teams of four for three boards: A = Ann Bea Cy Dot, B = Eli Flo Gus Hal.
    section = league(tournament)
    log_in(page, live_server, director)
    page.goto(
        live_server.url
        + reverse("tournaments:round_detail", args=[tournament.slug, section.pk, 1])
    )
    page.get_by_role("link", name="Line-ups").click()
    team_a = page.locator("form.lineup-form[data-team='1']")
    expect(team_a.get_by_role("checkbox")).to_have_count(4)
    # Bea cannot come: Dot, the reserve, plays; Cy moves up to board 2.
    team_a.get_by_label("Bea").uncheck()
    team_a.get_by_label("Dot").check()
    _shot(page, "td_lineups", request)
    team_a.get_by_role("button", name="Save line-up: A").click()
    expect(page.get_by_text("Round 1 line-up saved")).to_be_visible()
    team_a = page.locator("form.lineup-form[data-team='1']")
    expect(team_a.locator("label", has_text="Cy")).to_contain_text("Bd 2")
    expect(team_a.locator("label", has_text="Dot")).to_contain_text("Bd 3")
    expect(team_a.locator("label", has_text="Bea")).to_contain_text("–")
    assert fits(page)
    _shot(page, "td_lineups_saved", request)
    page.goto(
        live_server.url
        + reverse("standings:team_match", args=[tournament.slug, section.pk, 1, 1])
    )
    rows = page.locator("table.team-match tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_contain_text("Cy")
    expect(rows.nth(2)).to_contain_text("Dot")
    _shot(page, "match_lineup", request)


def test_td_scores_school_teams_over_a_group_of_sections(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    director = User.objects.create_user("cleo", password="x")
    tournament = tournament_build(name="County Scholastic", is_published=True)
    tournament.directors.add(director)
    for name in ("K-3", "K-5", "K-8", "K-12"):
        section_build(tournament=tournament, ratings=[1200, 1100], rounds=[], name=name)
    log_in(page, live_server, director)
    page.goto(
        live_server.url
        + reverse("tournaments:tournament_team_scoring", args=[tournament.slug])
    )
    expect(page.get_by_role("checkbox")).to_have_count(4)
    # The default order shown whole, at either size: no part of it scrolled out of its box.
    order = page.get_by_label("Team tiebreaks")
    expect(order).to_have_value(
        "modified_median, solkoff, sonneborn_berger, cumulative"
    )
    assert order.evaluate(
        "e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight"
    )
    page.get_by_label("K-12").uncheck()
    page.get_by_label("Counting players (top N scores)").fill("4")
    page.get_by_label("Team prizes, one per place").fill("1st place school trophy")
    _shot(page, "td_group", request)
    page.get_by_role("button", name="Post team scoring").click()
    expect(page.get_by_text("Event team scoring posted")).to_be_visible()
    expect(page.get_by_label("K-12")).not_to_be_checked()
    expect(page.get_by_label("K-8")).to_be_checked()
    page.get_by_role("link", name="Team standings").click()
    expect(
        page.get_by_role("heading", name="Team standings: K-3, K-5, K-8")
    ).to_be_visible()
    _shot(page, "group", request)
    # A second group: the sections left over are offered ticked; both groups are listed.
    page.go_back()
    page.get_by_role("link", name="+ New team group").click()
    expect(page.get_by_label("K-12")).to_be_checked()
    expect(page.get_by_label("K-8 (in group 1)")).not_to_be_checked()
    page.get_by_label("Group name").fill("High school")
    page.get_by_role("button", name="Post team scoring").click()
    expect(page.get_by_text("Event team scoring posted")).to_be_visible()
    expect(page.locator(".team-groups li")).to_have_count(2)
    expect(page.get_by_role("link", name="High school")).to_be_visible()
    _shot(page, "td_two_groups", request)


# Four team tiebreaks: the columns a phone cannot show at once.
FOUR_TIEBREAKS = "modified_median,solkoff,sonneborn_berger,cumulative"


def test_two_team_groups_on_a_phone_keep_place_team_and_score_in_sight(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    tournament = tournament_build(name="County Scholastic", is_published=True)
    k1, k3, high = (build(tournament, name) for name in ("K-1", "K-3", "9-12"))
    Player.objects.filter(section__tournament=tournament, club="North").update(
        club="North Valley Elementary School"
    )
    tournament_team_scoring_post(
        tournament=tournament,
        top=3,
        min_players=2,
        order=FOUR_TIEBREAKS,
        prizes=["1st place trophy", "2nd place trophy"],
        group=1,
        name="Primary",
        sections=[k1.pk, k3.pk],
    )
    tournament_team_scoring_post(
        tournament=tournament,
        top=2,
        min_players=2,
        order=FOUR_TIEBREAKS,
        group=2,
        name="High school",
        sections=[high.pk],
    )
    page.goto(live_server.url + reverse("standings:tournament", args=[tournament.slug]))
    page.get_by_role("link", name="Team standings: Primary").click()
    expect(page.get_by_role("heading", name="Team standings: Primary")).to_be_visible()
    # "Team standings" heads the page once.
    expect(page.get_by_role("heading", name="Team standings")).to_have_count(1)
    width = page.evaluate("document.documentElement.clientWidth")
    assert fits(page)
    first = page.locator("table.team-standings tbody tr").first
    cells = [
        first.locator("td.place"),
        first.locator("th.name"),
        first.locator("td.num.fw-bold"),
    ]
    boxes = [cell.bounding_box() for cell in cells]
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= width + 1 for box in boxes)
    assert "North Valley Elementary School" in first.inner_text()
    _shot(page, "group_primary", request)
    # Scrolled to the last columns, the place and the team stay where they were.
    page.locator(".team-scroll").evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    after = [cell.bounding_box() for cell in cells[:2]]
    assert [round(b["x"]) for b in after] == [round(b["x"]) for b in boxes[:2]]
    expect(first.locator("td").last).to_be_in_viewport()
    _shot(page, "group_primary_scrolled", request)

    # A section of the group links its team standings; the other group has its own page.
    page.goto(
        live_server.url
        + reverse("standings:standings", args=[tournament.slug, high.pk])
    )
    page.get_by_role("link", name="Event teams: High school").click()
    expect(
        page.get_by_role("heading", name="Team standings: High school")
    ).to_be_visible()
    assert "(K-1)" not in page.locator("table.team-standings").inner_text()
    _shot(page, "group_high", request)


def test_a_parent_on_one_groups_standings_reaches_the_other_group_in_one_tap(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    tournament = tournament_build(name="County Scholastic", is_published=True)
    sections = {name: build(tournament, name) for name in ("K-3", "K-5", "6-8")}
    for name, pooled in (("Primary", ["K-3", "K-5"]), ("Secondary", ["6-8"])):
        tournament_team_scoring_post(
            tournament=tournament,
            top=3,
            min_players=2,
            order=FOUR_TIEBREAKS,
            group=None,
            name=name,
            sections=[sections[s].pk for s in pooled],
        )
    page.goto(
        live_server.url
        + reverse("standings:event_team_group", args=[tournament.slug, 1])
    )
    groups = page.get_by_test_id("team-groups")
    here = groups.get_by_role("link", name="Primary")
    expect(here).to_have_attribute("aria-current", "page")
    other = groups.get_by_role("link", name="Secondary")
    # In sight without scrolling, a whole touch target, nothing wider than the screen.
    expect(other).to_be_in_viewport()
    assert other.bounding_box()["height"] >= 44
    assert fits(page)
    assert serious_violations(page) == []
    _shot(page, "group_links", request)
    other.click()
    expect(
        page.get_by_role("heading", name="Team standings: Secondary")
    ).to_be_visible()
    expect(
        page.get_by_test_id("team-groups").get_by_role("link", name="Secondary")
    ).to_have_attribute("aria-current", "page")
    assert "(K-3)" not in page.locator("table.team-standings").inner_text()
    assert serious_violations(page) == []
    # And back in one tap.
    page.get_by_test_id("team-groups").get_by_role("link", name="Primary").click()
    expect(page.get_by_role("heading", name="Team standings: Primary")).to_be_visible()
