"""A TD's tap that the hall's Wi-Fi loses is never taken for one that worked: the page says the
change may not have been saved, and the buttons are held while a change is on its way (a second
press cannot be sent on the first one's stale page)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Request, Route, expect

from standings.engine import PRESETS, format_order
from tests.browser.test_td_setup import login, shot
from tests.conftest import PASSWORD
from tournaments import services
from tournaments.models import CheckIn, Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def section() -> Section:
    user = User.objects.create_user("director", password=PASSWORD)
    tournament = services.tournament_create(user=user, name="Wifi Test")
    section = services.section_create(
        tournament=tournament, name="Open", rounds_total=3
    )
    services.players_import_save(
        section=section, text="Ana Ortiz,,,1900\nBen Ode,,,1800\n"
    )
    return section


def routed(page: Page, held: Sequence[object], count: int) -> None:
    """Wait until ``count`` posts have reached the test's route: its handler runs while the
    test waits on the page, not at once when the button is pressed (asserted at once, the
    count was sometimes 0)."""
    for _ in range(100):
        if len(held) >= count:
            break
        page.wait_for_timeout(50)
    assert len(held) == count


def _open_checkin(page: Page, base: str, section: Section) -> None:
    login(page, base)
    page.goto(f"{base}/td/t/{section.tournament.slug}/s/{section.pk}/checkin/1/")


def test_a_check_in_lost_on_the_way_says_so_and_a_retry_saves_it(
    live_server: Any, page: Page, section: Section
) -> None:
    _open_checkin(page, live_server.url, section)
    page.route(
        "**/checkin/1/toggle/**", lambda route: route.abort("internetdisconnected")
    )
    alert = page.locator("#htmx-error")
    expect(alert).to_be_hidden()

    page.get_by_role("button", name="Check in Ben Ode").click()

    expect(alert).to_be_visible()
    expect(alert).to_contain_text(
        "“Check in Ben Ode”: No answer from the server: this change may not have been saved."
    )
    shot(page, "checkin-connection-lost")
    assert not CheckIn.objects.filter(player__section=section).exists()

    page.unroute("**/checkin/1/toggle/**")
    page.get_by_role("button", name="Check in Ben Ode").click()
    expect(page.get_by_role("button", name="Undo check-in of Ben Ode")).to_be_visible()
    expect(alert).to_be_hidden()
    assert list(
        CheckIn.objects.filter(player__section=section).values_list(
            "player__name", flat=True
        )
    ) == ["Ben Ode"]


def test_a_refused_check_in_shows_the_servers_answer(
    live_server: Any, page: Page, section: Section
) -> None:
    _open_checkin(page, live_server.url, section)
    # Another TD deletes the player after this page was loaded.
    section.players.get(name="Ben Ode").delete()

    page.get_by_role("button", name="Check in Ben Ode").click()

    alert = page.locator("#htmx-error")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text(
        "“Check in Ben Ode”: Not saved: the server answered 404"
    )
    assert not CheckIn.objects.filter(player__section=section).exists()


def test_tiebreak_builder_holds_its_buttons_while_a_change_is_on_its_way(
    live_server: Any, page: Page, section: Section
) -> None:
    login(page, live_server.url)
    page.goto(
        f"{live_server.url}/td/t/{section.tournament.slug}/s/{section.pk}/tiebreaks/"
    )
    held: list[Route] = []
    page.route(
        "**/tiebreaks/",
        lambda route: (
            held.append(route) if route.request.method == "POST" else route.continue_()
        ),
    )
    use = page.get_by_role("button", name="Use US Chess default")

    use.first.click()

    expect(use.first).to_be_disabled()
    expect(page.get_by_role("button", name="Add to the order")).to_be_disabled()
    routed(page, held, 1)
    held[0].continue_()
    expect(page.get_by_role("button", name="Post this order")).to_be_enabled()
    page.unroute("**/tiebreaks/")
    page.get_by_role("button", name="Post this order").click()
    page.wait_for_url(f"**/s/{section.pk}/")
    section.refresh_from_db()
    assert section.tiebreaks == format_order(PRESETS["uschess"])


def test_check_ins_answered_in_reverse_order_leave_the_count_of_the_newer_answer(
    live_server: Any, page: Page, section: Section
) -> None:
    _open_checkin(page, live_server.url, section)
    held: list[Route] = []
    page.route("**/checkin/1/toggle/**", lambda route: held.append(route))
    count = page.locator("#checkin-count")
    expect(count).to_contain_text("0 of 2 checked in")

    page.get_by_role("button", name="Check in Ana Ortiz").click()
    page.get_by_role("button", name="Check in Ben Ode").click()
    expect(page.get_by_role("button", name="Check in Ben Ode")).to_be_disabled()
    routed(page, held, 2)
    # The server saves them in the order sent; the page hears of Ben's first, then Ana's,
    # whose count was taken before Ben was in.
    answers = [(route, route.fetch()) for route in held]
    for route, answer in reversed(answers):
        route.fulfill(response=answer)

    expect(
        page.get_by_role("button", name="Undo check-in of Ana Ortiz")
    ).to_be_visible()
    expect(page.get_by_role("button", name="Undo check-in of Ben Ode")).to_be_visible()
    assert CheckIn.objects.filter(player__section=section).count() == 2
    expect(count).to_contain_text("2 of 2 checked in")
    expect(count).to_contain_text("0 still missing")
    shot(page, "checkin-answers-reversed")


def test_a_check_in_saved_whose_answer_was_lost_is_answered_as_done_when_pressed_again(
    live_server: Any, page: Page, section: Section
) -> None:
    _open_checkin(page, live_server.url, section)

    def lose_answer(route: Route) -> None:
        route.fetch()  # the server saves it
        route.abort("connectionreset")

    page.route("**/checkin/1/toggle/**", lose_answer)
    page.get_by_role("button", name="Check in Ben Ode").click()
    alert = page.locator("#htmx-error")
    expect(alert).to_contain_text("“Check in Ben Ode”: No answer from the server")
    assert CheckIn.objects.filter(player__section=section).count() == 1
    page.unroute("**/checkin/1/toggle/**")

    page.get_by_role("button", name="Check in Ben Ode").click()

    expect(page.get_by_role("button", name="Undo check-in of Ben Ode")).to_be_visible()
    expect(alert).to_be_hidden()
    expect(page.locator("#checkin-count")).to_contain_text("1 of 2 checked in")
    assert CheckIn.objects.filter(player__section=section).count() == 1


@pytest.mark.parametrize("next_search", ["Ana O", "Ben"])
def test_a_check_in_answered_after_the_next_search_shows_on_the_list_and_count(
    live_server: Any, page: Page, section: Section, next_search: str
) -> None:
    _open_checkin(page, live_server.url, section)
    search = page.get_by_label("Search by name")
    search.fill("Ana")
    expect(page.locator("#checkin-table tbody tr")).to_have_count(1)
    held: list[Route] = []
    page.route("**/checkin/1/toggle/**", lambda route: held.append(route))

    page.get_by_role("button", name="Check in Ana Ortiz").click()
    routed(page, held, 1)
    # The TD searches on before the answer comes: the list is drawn again, Ana not yet in
    # (or not on it).
    search.fill(next_search)
    page.wait_for_function("!document.querySelector('#checkin-table button').disabled")
    held[0].continue_()

    expect(page.locator("#checkin-count")).to_contain_text("1 of 2 checked in")
    assert CheckIn.objects.filter(player__section=section).count() == 1
    if next_search == "Ben":
        expect(page.get_by_role("button", name="Check in Ben Ode")).to_be_visible()
        search.fill("")
    expect(
        page.get_by_role("button", name="Undo check-in of Ana Ortiz")
    ).to_be_visible()
    shot(page, "checkin-answer-after-search")


def test_a_search_read_before_a_check_in_and_answered_after_it_is_asked_again(
    live_server: Any, page: Page, section: Section
) -> None:
    _open_checkin(page, live_server.url, section)
    # The search reaches the server first and is read there, but its answer comes last.
    searches: list[tuple[Route, Any]] = []

    def hold_first_search(route: Route) -> None:
        if searches or "q=Ana" not in route.request.url:
            route.continue_()
        else:
            searches.append((route, route.fetch()))

    page.route("**/checkin/1/?q=*", hold_first_search)
    page.get_by_label("Search by name").fill("Ana")
    routed(page, searches, 1)
    page.get_by_role("button", name="Check in Ana Ortiz").click()
    expect(page.locator("#checkin-count")).to_contain_text("1 of 2 checked in")
    expect(
        page.get_by_role("button", name="Undo check-in of Ana Ortiz")
    ).to_be_visible()
    route, answer = searches[0]
    route.fulfill(response=answer)

    expect(page.locator("#checkin-table tbody tr")).to_have_count(1)
    expect(
        page.get_by_role("button", name="Undo check-in of Ana Ortiz")
    ).to_be_visible()
    expect(page.locator("#checkin-count")).to_contain_text("1 of 2 checked in")
    assert CheckIn.objects.filter(player__section=section).count() == 1


def test_check_ins_at_the_door_ask_for_nothing_but_the_check_ins(
    live_server: Any, page: Page, section: Section
) -> None:
    _open_checkin(page, live_server.url, section)
    asked: list[str] = []

    def note(request: Request) -> None:
        if "/checkin/" in request.url:
            asked.append(request.method)

    page.on("request", note)

    page.get_by_role("button", name="Check in Ana Ortiz").click()
    expect(
        page.get_by_role("button", name="Undo check-in of Ana Ortiz")
    ).to_be_visible()
    page.get_by_role("button", name="Check in Ben Ode").click()
    expect(page.locator("#checkin-count")).to_contain_text("2 of 2 checked in")
    page.get_by_label("Search by name").fill("Ben")
    expect(page.locator("#checkin-table tbody tr")).to_have_count(1)

    # Two taps, one search: not a list asked for again after each tap.
    assert asked == ["POST", "POST", "GET"]
