"""The round page and its fragments: pairing by hand, posting, result entry (htmx and plain posts),
polling for other TDs' entries, check mode, the history; a result POST's query count."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from tests.tournaments.builders import round_url as url
from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.forms.rounds import GIVE_BOTH, NUMBER_UNKNOWN
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    Tournament,
)
from tournaments.views.rounds import (
    CHECK_NO_BOARD,
    RESULT_NOT_OFFERED,
    ROUND_PAIRED_AUTOMATICALLY,
)

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def posted_section(tournament: Tournament, boards: int) -> Section:
    """A section whose round 1 has ``boards`` posted boards without results."""
    games = ", ".join(f"{2 * b - 1}-{2 * b} ?" for b in range(1, boards + 1))
    section = section_build(
        tournament=tournament,
        ratings=[1500] * (2 * boards),
        rounds=[games],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


@pytest.fixture
def four(tournament: Tournament) -> Section:
    return posted_section(tournament, 2)


def board(section: Section, number: int) -> Pairing:
    return Pairing.objects.get(round__section=section, round__number=1, board=number)


def result_url(section: Section, pairing: Pairing) -> str:
    return url(section, "result_record", pairing=pairing.pk)


def test_round_page_shows_boards_buttons_and_progress(
    td_client: Client, four: Section
) -> None:
    response = td_client.get(url(four))

    html = response.content.decode()
    assert response.status_code == 200
    assert "0/2 results in" in html
    assert html.count('name="result" value="white_win"') == 2
    assert f'action="{result_url(four, board(four, 1))}" data-queue' in html
    assert (
        f'action="{result_url(four, board(four, 1))}"' in html
    )  # works without JavaScript


def test_htmx_result_post_returns_the_row_and_the_progress(
    td_client: Client, four: Section
) -> None:
    first = board(four, 1)

    response = td_client.post(
        result_url(four, first), {"result": "draw", "based_on": "pending"}, headers=HTMX
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith(f'<tr id="pairing-{first.pk}"')
    assert 'aria-pressed="true">½-½</button>' in html
    assert 'id="round-progress"' in html and 'hx-swap-oob="true"' in html
    assert "1/2 results in" in html
    # The rounds list above the boards follows the entry too (round 1: 1 of 2 in).
    assert f'id="rounds-list-{four.pk}"' in html
    assert re.search(r"Round 1\s*<span[^>]*>1/2</span>", html)
    assert "result-recorded" in response["HX-Trigger"]
    first.refresh_from_db()
    assert first.result == Result.DRAW


def test_plain_result_post_redirects_to_the_next_board_without_a_result(
    td_client: Client, four: Section
) -> None:
    response = td_client.post(
        result_url(four, board(four, 1)), {"result": "white_win", "based_on": "pending"}
    )

    assert response.status_code == 302
    assert response["Location"] == f"{url(four)}#pairing-{board(four, 2).pk}"


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain post"])
def test_a_result_posted_twice_is_answered_as_recorded_both_times(
    td_client: Client, four: Section, htmx: bool
) -> None:
    first = board(four, 1)
    post = {"result": "draw", "based_on": "pending"}
    td_client.post(result_url(four, first), post, headers=HTMX if htmx else {})

    # The first answer never reached the page: the TD presses the same button again.
    again = td_client.post(result_url(four, first), post, headers=HTMX if htmx else {})

    if htmx:
        assert again.status_code == 200
        assert "result-recorded" in again["HX-Trigger"]
        assert "changed while you were entering it" not in again.content.decode()
    else:
        assert again.status_code == 302
        assert again["Location"] == f"{url(four)}#pairing-{board(four, 2).pk}"
    assert ResultChange.objects.filter(pairing=first).count() == 1


@pytest.fixture
def with_bye(tournament: Tournament) -> Section:
    """Round 1 posted: two boards without results and 5's pairing-allocated bye."""
    section = section_build(
        tournament=tournament,
        ratings=[1500] * 5,
        rounds=["1-2 ?, 3-4 ?, 5 U"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def bye_row(section: Section) -> Pairing:
    return Pairing.objects.get(round__section=section, black__isnull=True)


BYE_REFUSED = services.RESULT_BYE_ROW.format(
    player="Player 5", round=1, bye="full-point bye (pairing)"
)


@pytest.mark.parametrize(
    "result", [Result.BYE_ZERO, Result.WHITE_WIN, "nonsense"], ids=str
)
def test_a_result_posted_to_a_bye_row_is_refused_in_plain_text_with_htmx(
    td_client: Client, with_bye: Section, result: str
) -> None:
    # The page has no result buttons for a bye: no board row to answer with (the row of a
    # game, "board None", was put in the table). round.js shows a plain-text refusal.
    response = td_client.post(
        result_url(with_bye, bye_row(with_bye)),
        {"result": result, "based_on": Result.BYE_PAIRING},
        headers=HTMX,
    )

    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == BYE_REFUSED
    assert bye_row(with_bye).result == Result.BYE_PAIRING
    assert not ResultChange.objects.exists()


def test_a_result_posted_to_a_bye_row_without_javascript_says_so_on_the_page(
    td_client: Client, with_bye: Section
) -> None:
    response = td_client.post(
        result_url(with_bye, bye_row(with_bye)),
        {"result": Result.BYE_ZERO, "based_on": Result.BYE_PAIRING},
    )

    assert response.status_code == 200
    assert escape(BYE_REFUSED) in response.content.decode()
    assert bye_row(with_bye).result == Result.BYE_PAIRING
    assert not ResultChange.objects.exists()


def test_a_check_entry_for_a_bye_row_is_refused_in_plain_text_with_htmx(
    superuser_client: Client, with_bye: Section
) -> None:
    response = superuser_client.post(
        url(with_bye, "round_check"),
        {"pairing": bye_row(with_bye).pk, "result": Result.BYE_ZERO},
        headers=HTMX,
    )

    assert response.status_code == 400
    assert response.content.decode() == BYE_REFUSED
    assert not ResultCheck.objects.exists()


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain post"])
def test_a_stale_result_is_refused_in_the_row_with_who_set_it(
    td_client: Client, other_td: User, four: Section, htmx: bool
) -> None:
    first = board(four, 1)
    services.result_record(
        pairing=first, result=Result.BLACK_WIN, based_on=Result.PENDING, user=other_td
    )

    response = td_client.post(
        result_url(four, first),
        {"result": "white_win", "based_on": "pending"},
        headers=HTMX if htmx else {},
    )

    # A plain post (no JavaScript) answers as htmx does, not with a redirect to the page's
    # top: the whole page, the refusal on the board's row and above the boards.
    assert response.status_code == 200
    html = response.content.decode()
    row = html[html.index(f'<tr id="pairing-{first.pk}"') :]
    row = row[: row.index("</tr>")]
    assert "it is now 0-1, set by other_td at" in row
    # The row shows the current value, so the next click is based on it.
    assert 'name="based_on" value="black_win"' in row
    assert html.count("it is now 0-1, set by other_td at") == (1 if htmx else 2)
    first.refresh_from_db()
    assert first.result == Result.BLACK_WIN


def test_polling_returns_rows_changed_since_the_page_was_drawn(
    td_client: Client, other_td: User, four: Section
) -> None:
    page = td_client.get(url(four)).content.decode()
    poll = re.search(r'hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")  # type: ignore[union-attr]
    assert td_client.get(poll, headers=HTMX).status_code == 204

    second = board(four, 2)
    services.result_record(
        pairing=second, result=Result.DRAW, based_on=Result.PENDING, user=other_td
    )
    response = td_client.get(poll, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert f'<tr id="pairing-{second.pk}"' in html
    assert f'id="pairing-{board(four, 1).pk}"' not in html
    assert "1/2 results in" in html
    assert 'id="round-poll"' in html
    assert '<span id="round-status" hx-swap-oob="true">' in html
    assert f'id="rounds-list-{four.pk}"' in html


def test_polling_reloads_the_page_after_a_repair(
    td_client: Client, four: Section
) -> None:
    page = td_client.get(url(four)).content.decode()
    poll = re.search(r'hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")  # type: ignore[union-attr]
    number = {p.start_number: p.pk for p in four.players.all()}
    services.round_pairings_save(
        section=four,
        number=1,
        rows=[
            services.PairingInput(white=number[1], black=number[3], board=1),
            services.PairingInput(white=number[2], black=number[4], board=2),
        ],
    )

    assert td_client.get(poll, headers=HTMX)["HX-Refresh"] == "true"


def pairing_post(
    section: Section,
    boards: list[tuple[object, object]],
    byes: list[tuple[object, str]],
    number: int = 1,
) -> dict[str, object]:
    """The pairings form as posted, with the version of the round's pairings it was drawn from."""
    data: dict[str, object] = {
        "version": selectors.round_pairings_version(section=section, number=number),
        "boards-TOTAL_FORMS": len(boards),
        "boards-INITIAL_FORMS": 0,
        "byes-TOTAL_FORMS": len(byes),
        "byes-INITIAL_FORMS": 0,
    }
    for i, (white, black) in enumerate(boards):
        data |= {f"boards-{i}-white": white, f"boards-{i}-black": black}
    for i, (player, kind) in enumerate(byes):
        data |= {f"byes-{i}-player": player, f"byes-{i}-kind": kind}
    return data


@pytest.fixture
def five(tournament: Tournament) -> Section:
    return section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=[],
        rounds_total=3,
    )


def test_pairing_page_offers_a_row_per_board_and_the_requested_byes(
    td_client: Client, five: Section
) -> None:
    RequestedBye.objects.create(
        player=five.players.get(start_number=5),
        round_number=1,
        kind=RequestedBye.Kind.HALF,
    )

    response = td_client.get(url(five, "round_pairings"))

    boards, byes = response.context["boards"], response.context["byes"]
    assert len(boards.forms) == 2  # four players left to pair
    assert byes.forms[0].initial == {"player": 5, "kind": "bye_half"}


def test_hand_pairing_saves_a_draft_then_posting_it_opens_result_entry(
    td_client: Client, five: Section
) -> None:
    response = td_client.post(
        url(five, "round_pairings"),
        pairing_post(five, [(1, 3), (4, 2), ("", "")], [(5, "bye_pairing")]),
    )

    assert response.status_code == 302
    round_ = Round.objects.get(section=five, number=1)
    assert round_.status == Round.Status.DRAFT
    assert sorted(
        round_.pairings.values_list(
            "board", "white__start_number", "black__start_number", "result"
        ),
        key=str,
    ) == sorted(
        [(1, 1, 3, "pending"), (2, 4, 2, "pending"), (None, 5, None, "bye_pairing")],
        key=str,
    )
    assert "Post pairings" in td_client.get(url(five)).content.decode()

    td_client.post(url(five, "round_publish"), {"post_default_order": "1"})

    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED
    assert "0/2 results in" in td_client.get(url(five)).content.decode()


def test_pairing_errors_are_sentences_next_to_their_row_and_nothing_is_saved(
    td_client: Client, five: Section
) -> None:
    response = td_client.post(
        url(five, "round_pairings"),
        pairing_post(five, [(1, 2), (2, 3), (4, ""), (9, 5)], []),
    )

    assert response.status_code == 200
    boards = response.context["boards"]
    assert boards.forms[2].non_field_errors() == [GIVE_BOTH]
    assert boards.forms[3]["white"].errors == [
        NUMBER_UNKNOWN.format(number=9, section="Open")
    ]
    assert not Round.objects.filter(section=five).exists()

    response = td_client.post(
        url(five, "round_pairings"), pairing_post(five, [(1, 2), (2, 3)], [])
    )

    html = response.content.decode()
    assert services.PLAYER_TWICE.format(player="2. Player 2", round=1) in html
    assert response.context["boards"].forms[1].non_field_errors() == [
        services.PLAYER_TWICE.format(player="2. Player 2", round=1)
    ]
    assert "pairing_" not in html  # no constraint name reaches the page
    assert not Pairing.objects.filter(round__section=five).exists()


def test_warnings_do_not_block_and_are_shown_after_saving(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 ="],
        rounds_total=3,
    )

    response = td_client.post(
        url(section, "round_pairings", number=2),
        pairing_post(section, [(2, 1), (4, 3)], [], number=2),
        follow=True,
    )

    html = response.content.decode()
    assert (
        services.WARN_REMATCH.format(
            white="2. Player 2", black="1. Player 1", earlier=1
        )
        in html
    )
    assert Round.objects.get(section=section, number=2).pairings.count() == 2


def test_a_round_past_the_last_is_not_found(td_client: Client, five: Section) -> None:
    assert td_client.get(url(five, number=4)).status_code == 404


def test_check_mode_entries_that_differ_are_flagged_on_the_round_page(
    td_client: Client, other_td_client: Client, superuser_client: Client, four: Section
) -> None:
    first, second = board(four, 1), board(four, 2)
    td_client.post(
        result_url(four, first), {"result": "white_win", "based_on": "pending"}
    )
    td_client.post(result_url(four, second), {"result": "draw", "based_on": "pending"})

    check = superuser_client.get(url(four, "round_check")).content.decode()
    assert "btn-dark active" not in check  # blind: the first entries are not shown
    superuser_client.post(
        url(four, "round_check"), {"pairing": first.pk, "result": "white_win"}
    )
    response = superuser_client.post(
        url(four, "round_check"),
        {"pairing": second.pk, "result": "black_win"},
        headers=HTMX,
    )
    assert response.content.decode().lstrip().startswith(f'<tr id="check-{second.pk}"')

    page = td_client.get(url(four)).content.decode()
    flagged = re.search(
        r'data-testid="check-differences">(.*?)</div>', page, re.S
    ).group(1)  # type: ignore[union-attr]
    assert "1 board where the check entry differs" in flagged
    assert "board 2" in flagged and "board 1" not in flagged
    assert "Check entry says <strong>0-1</strong>" in page


def test_a_refused_check_entry_without_javascript_is_shown_on_its_row(
    superuser_client: Client, four: Section
) -> None:
    second = board(four, 2)
    Section.objects.filter(pk=four.pk).update(is_final=True)

    response = superuser_client.post(
        url(four, "round_check"), {"pairing": second.pk, "result": "draw"}
    )

    assert response.status_code == 200
    html = response.content.decode()
    row = html[html.index(f'<tr id="check-{second.pk}"') :]
    assert "is marked final" in row[: row.index("</tr>")]
    first = html[html.index(f'<tr id="check-{board(four, 1).pk}"') :]
    assert "is marked final" not in first[: first.index("</tr>")]
    assert not ResultCheck.objects.exists()


@pytest.mark.parametrize(
    "sent", [{"result": "draw"}, {"pairing": "", "result": "draw"}, {}]
)
def test_a_check_entry_naming_no_board_is_refused_in_plain_text_with_htmx(
    superuser_client: Client, four: Section, sent: dict[str, str]
) -> None:
    # No board, so no row to answer with: a redirect would be followed and a whole page put
    # where the row was. The page shows a plain-text refusal (round.js).
    response = superuser_client.post(url(four, "round_check"), sent, headers=HTMX)

    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == CHECK_NO_BOARD
    assert not ResultCheck.objects.exists()


def test_a_check_entry_naming_no_board_without_javascript_says_so_on_the_page(
    superuser_client: Client, four: Section
) -> None:
    response = superuser_client.post(
        url(four, "round_check"), {"result": "draw"}, follow=True
    )

    assert response.redirect_chain == [(url(four, "round_check"), 302)]
    assert CHECK_NO_BOARD in response.content.decode()
    assert not ResultCheck.objects.exists()


@pytest.mark.parametrize("htmx", [True, False])
def test_a_check_entry_with_a_result_not_offered_is_refused_on_its_boards_row(
    superuser_client: Client, four: Section, htmx: bool
) -> None:
    second = board(four, 2)

    response = superuser_client.post(
        url(four, "round_check"),
        {"pairing": second.pk, "result": "white_wins_twice"},
        headers=HTMX if htmx else {},
    )

    # The row of the board named, with and without JavaScript (the page again, not a
    # redirect to its top): the TD sees which entry was refused and why.
    assert response.status_code == 200
    html = response.content.decode()
    row = html[html.index(f'<tr id="check-{second.pk}"') :]
    assert RESULT_NOT_OFFERED in row[: row.index("</tr>")]
    assert html.count("<html") == (0 if htmx else 1)
    assert not ResultCheck.objects.exists()


def test_history_lists_each_change_with_who_and_through_which_page(
    td_client: Client, four: Section
) -> None:
    first = board(four, 1)
    td_client.post(
        result_url(four, first), {"result": "white_win", "based_on": "pending"}
    )
    td_client.post(result_url(four, first), {"result": "draw", "based_on": "white_win"})

    response = td_client.get(url(four, "round_history"))

    rows = response.context["changes"]
    assert [
        (c.old_result, c.new_result, c.changed_by.username, c.source) for c in rows
    ] == [
        ("white_win", "draw", "td", "entry"),
        ("pending", "white_win", "td", "entry"),
    ]
    assert "Result entry" in response.content.decode()


def test_other_directors_are_refused_and_nothing_changes(
    other_td_client: Client, four: Section
) -> None:
    response = other_td_client.post(
        result_url(four, board(four, 1)), {"result": "draw", "based_on": "pending"}
    )

    assert response.status_code == 403
    assert not ResultChange.objects.exists()


def _result_post_queries(client: Client, section: Section) -> int:
    pairing = board(section, 1)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            result_url(section, pairing),
            {"result": "draw", "based_on": "pending"},
            headers=HTMX,
        )
    assert response.status_code == 200
    assert "results in" in response.content.decode()
    return len(queries)


def test_a_result_post_costs_the_same_queries_for_10_and_200_boards(
    td_client: Client, tournament: Tournament
) -> None:
    small = posted_section(tournament, 10)
    large = section_build(
        tournament=tournament,
        name="Large",
        ratings=[1500] * 400,
        rounds=[", ".join(f"{2 * b - 1}-{2 * b} ?" for b in range(1, 201))],
    )
    Round.objects.filter(section=large).update(status=Round.Status.PAIRED)
    # Warm the session and the user, so both posts start from the same state.
    td_client.get(url(small))

    assert _result_post_queries(td_client, small) == _result_post_queries(
        td_client, large
    )
    assert Player.objects.filter(section=large).count() == 400


# A result POST: the session, the user, the tournament and the director check, the section, the
# board with its players and check entry; the service's read of the round's state, one read of
# whether the section is final and a later round is paired, savepoint, compare-and-set UPDATE,
# audit INSERT, "any result still pending?", release; then the section's rounds, once, for both
# the rounds list and the progress bar.
RESULT_POST_QUERIES = 14
# The round page: the same five to let the TD in, the section's rounds (the round's own row among
# them), the boards with their check entries, the round's version.
ROUND_PAGE_QUERIES = 8
# Its poll: the five, the round's row and its version; only with a change to send, the
# section's rounds, the changed boards and the players who lost the round by forfeit (another
# TD's entry may add or take one back from the TD's note).
POLL_QUERIES_UNCHANGED = 7
POLL_QUERIES_CHANGED = 10


@pytest.fixture(params=[2, 40], ids=["2-boards", "40-boards"])
def visited(
    request: pytest.FixtureRequest, td_client: Client, tournament: Tournament
) -> Section:
    """A section with a posted round of 2 or 40 boards whose page the TD has open already."""
    section = posted_section(tournament, request.param)
    td_client.get(url(section))
    return section


def test_a_result_post_reads_the_rounds_once_after_writing(
    td_client: Client, visited: Section
) -> None:
    assert _result_post_queries(td_client, visited) == RESULT_POST_QUERIES


def test_the_round_page_and_its_poll_read_a_fixed_number_of_queries(
    td_client: Client, visited: Section
) -> None:
    section = visited
    td_client.post(
        result_url(section, board(section, 1)),
        {"result": "draw", "based_on": "pending"},
    )
    last = ResultChange.objects.latest("pk").pk
    poll = url(section, "round_rows")

    with CaptureQueriesContext(connection) as page:
        assert td_client.get(url(section)).status_code == 200
    with CaptureQueriesContext(connection) as changed:
        response = td_client.get(f"{poll}?since=0", headers=HTMX)
    with CaptureQueriesContext(connection) as unchanged:
        assert td_client.get(f"{poll}?since={last}", headers=HTMX).status_code == 204

    assert f'id="pairing-{board(section, 1).pk}"' in response.content.decode()
    assert (len(page), len(changed), len(unchanged)) == (
        ROUND_PAGE_QUERIES,
        POLL_QUERIES_CHANGED,
        POLL_QUERIES_UNCHANGED,
    )


def test_go_to_board_answers_with_the_page_at_that_boards_row(
    td_client: Client, tournament: Tournament, django_assert_max_num_queries: Any
) -> None:
    # A slip from board 23 of 30: the page at that row, in no more queries than the page.
    section = posted_section(tournament, 30)
    page = td_client.get(url(section)).content.decode()
    assert 'id="go-board"' in page

    with django_assert_max_num_queries(ROUND_PAGE_QUERIES):
        response = td_client.get(url(section) + "?board=023")

    assert response.status_code == 302
    assert response["Location"] == f"{url(section)}#pairing-{board(section, 23).pk}"


@pytest.mark.parametrize("asked", ["31", "0", "x1", "-4", "²"])
def test_go_to_a_board_the_round_does_not_have_says_so_on_the_page(
    td_client: Client, tournament: Tournament, asked: str
) -> None:
    section = posted_section(tournament, 30)

    response = td_client.get(url(section) + f"?board={asked}")

    assert response.status_code == 200
    assert f"Round 1 has no board {escape(asked)} (boards 1 to 30)." in (
        response.content.decode()
    )


def test_a_small_round_has_no_go_to_board_field(
    td_client: Client, four: Section
) -> None:
    assert 'id="go-board"' not in td_client.get(url(four)).content.decode()


def test_the_pairing_programs_notes_show_on_the_round_page(
    td_client: Client, four: Section
) -> None:
    Round.objects.filter(section=four).update(
        pairing_notes=["Player 3 floated down: no opponent in the 1-point group."]
    )

    html = td_client.get(url(four)).content.decode()

    assert "Pairing notes (1)" in html
    assert "Player 3 floated down: no opponent in the 1-point group." in html


def test_pair_automatically_saves_a_draft_with_the_programs_boards(
    td_client: Client, five: Section
) -> None:
    page = td_client.get(url(five)).content.decode()
    assert f'<form method="post" action="{url(five, "round_pair")}">' in page

    # No one checked in, and the TD pairs them all and takes the section's default order (the
    # questions asked first are in test_round_life_views.py).
    response = td_client.post(
        url(five, "round_pair"),
        {
            "absent": "pair",
            "absent_shown": [str(p.pk) for p in Player.objects.filter(section=five)],
            "post_default_order": "1",
        },
        follow=True,
    )

    round_1 = Round.objects.get(section=five, number=1)
    assert round_1.status == Round.Status.DRAFT
    rows = list(
        round_1.pairings.values_list(
            "white__start_number", "black__start_number", "result"
        )
    )
    # Five players: the pairing bye to the lowest-rated (5), then top half against bottom half.
    games = {frozenset((w, b)) for w, b, _result in rows if b is not None}
    assert games == {frozenset((1, 3)), frozenset((2, 4))}
    assert (5, None, Result.BYE_PAIRING) in rows
    html = response.content.decode()
    assert ROUND_PAIRED_AUTOMATICALLY.format(round=1) in html
    # The draft's page offers no "Pair automatically": it would be refused (already paired);
    # "Remove pairings" takes the draft back at once, and the button is there again.
    assert f'action="{url(five, "round_pair")}"' not in html
    assert f'action="{url(five, "round_unpair")}"' in html


def test_pair_automatically_refuses_a_round_already_paired(
    td_client: Client, four: Section
) -> None:
    before = list(
        Pairing.objects.filter(round__section=four).values_list("pk", "white", "black")
    )

    response = td_client.post(url(four, "round_pair"), follow=True)

    assert services.ROUND_PAIR_ALREADY_PAIRED.split("{")[0] in response.content.decode()
    assert (
        list(
            Pairing.objects.filter(round__section=four).values_list(
                "pk", "white", "black"
            )
        )
        == before
    )


def test_a_round_with_results_keeps_its_games_on_the_pairing_page(
    td_client: Client, four: Section
) -> None:
    services.result_record(
        pairing=board(four, 1), result=Result.DRAW, based_on=Result.PENDING
    )

    page = td_client.get(url(four, "round_pairings")).content.decode()
    response = td_client.post(
        url(four, "round_pairings"), pairing_post(four, [(1, 3), (2, 4)], [])
    )

    assert "A board with a result keeps its players" in page
    assert (
        escape(
            services.BOARD_HAS_RESULT.format(
                board=1, white="1. Player 1", black="2. Player 2", result="½-½"
            )
        )
        in response.content.decode()
    )
    assert sorted(
        Pairing.objects.filter(round__section=four).values_list(
            "white__start_number", "black__start_number"
        )
    ) == [(1, 2), (3, 4)]


def test_the_round_page_breadcrumbs_lead_to_the_tournament_and_the_section(
    td_client: Client, four: Section
) -> None:
    page = td_client.get(url(four)).content.decode()

    tournament_url = reverse(
        "tournaments:tournament_detail", kwargs={"slug": four.tournament.slug}
    )
    section_url = reverse(
        "tournaments:section_detail",
        kwargs={"slug": four.tournament.slug, "section": four.pk},
    )
    assert f'<a href="{tournament_url}">{four.tournament.name}</a>' in page
    assert f'<a href="{section_url}">{four.name}</a>' in page


def test_a_player_withdrawn_before_round_one_is_said_so(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900, 1800], rounds=[], rounds_total=3
    )
    services.player_withdraw(
        player=Player.objects.get(section=section, start_number=3), after_round=0
    )

    page = td_client.get(url(section, "round_pairings")).content.decode()

    assert "withdrew before round 1" in page
    assert "withdrew after round 0" not in page


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain post"])
def test_a_key_on_an_old_rounds_page_lands_on_that_round_or_nowhere(
    td_client: Client, tournament: Tournament, htmx: bool
) -> None:
    # A TD's tab left on round 1 while round 2 is being played: every post names its round
    # in the address and its board, so a key can never land on round 2's board; pressed on
    # round 1's board it asks first, since round 2 was paired on round 1's scores.
    section = section_build(
        tournament=tournament,
        ratings=[1500] * 4,
        rounds=["1-2 1-0, 3-4 0-1", "4-1 ?, 2-3 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section, number=1).update(status=Round.Status.COMPLETE)
    Round.objects.filter(section=section, number=2).update(status=Round.Status.PAIRED)
    round_two = Pairing.objects.get(round__section=section, round__number=2, board=1)
    headers = HTMX if htmx else {}

    crossed = td_client.post(
        url(section, "result_record", number=1, pairing=round_two.pk),
        {"result": "draw", "based_on": "pending"},
        headers=headers,
    )

    assert crossed.status_code == 404
    round_two.refresh_from_db()
    assert round_two.result == Result.PENDING

    own = td_client.post(
        url(section, "result_record", number=1, pairing=board(section, 1).pk),
        {"result": "draw", "based_on": "white_win"},
        headers=headers,
    )

    assert own.status_code == 200
    assert "Round 2 was paired on the old scores" in own.content.decode()
    assert board(section, 1).result == Result.WHITE_WIN
    assert not ResultChange.objects.exists()
