"""A pairings save that leaves a round without a row takes its pairings back as "Remove pairings"
does: posted pairings only once the TD confirms, never a game with a result, never under a later
round, and the section's log keeps it. The round number is checked against the section's
number of rounds as it is when the save runs, not as the caller's page read it."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.tournaments.builders import section_build
from tests.tournaments.test_pairings_keep_results import _Form
from tournaments import selectors, services
from tournaments.models import (
    Pairing,
    ResultCheck,
    Round,
    Section,
    SectionEvent,
    Tournament,
)

pytestmark = pytest.mark.django_db


def posted_round_one(tournament: Tournament | None = None, text: str = "1-2 ?, 3-4 ?"):
    section = section_build(
        ratings=[None] * 4, rounds=[text], rounds_total=3, tournament=tournament
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def version(section: Section) -> str:
    return selectors.round_pairings_version(section=section, number=1)


def test_emptying_posted_pairings_asks_first_and_changes_nothing() -> None:
    section = posted_round_one()

    with pytest.raises(ValidationError) as asked:
        services.round_pairings_save(
            section=section, number=1, rows=[], based_on=version(section)
        )

    assert asked.value.messages == [services.ROUND_REMOVE_CONFIRM.format(round=1)]
    assert Pairing.objects.filter(round__section=section).count() == 2
    assert Round.objects.get(section=section).status == Round.Status.PAIRED
    assert not SectionEvent.objects.exists()


def test_emptying_posted_pairings_confirmed_removes_them_and_logs_it() -> None:
    section = posted_round_one()
    user = User.objects.create_user("arbiter")

    saved = services.round_pairings_save(
        section=section,
        number=1,
        rows=[],
        based_on=version(section),
        confirm=True,
        user=user,
    )

    assert saved.round.status == Round.Status.NOT_PAIRED
    assert not Pairing.objects.filter(round__section=section).exists()
    event = SectionEvent.objects.get(section=section)
    assert (event.kind, event.round_number, event.user, event.detail) == (
        SectionEvent.Kind.PAIRINGS_REMOVED,
        1,
        user,
        "Round 1: posted pairings removed (2 boards, 0 without a board).",
    )


def test_emptying_a_draft_needs_no_confirmation_and_is_logged() -> None:
    section = posted_round_one()
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)

    services.round_pairings_save(section=section, number=1, rows=[])

    assert Round.objects.get(section=section).status == Round.Status.NOT_PAIRED
    assert SectionEvent.objects.get(section=section).detail == (
        "Round 1: draft pairings removed (2 boards, 0 without a board)."
    )


def test_emptying_a_round_with_a_result_is_refused_naming_the_board_even_confirmed() -> (
    None
):
    section = posted_round_one(text="1-2 1-0, 3-4 ?")

    with pytest.raises(ValidationError) as refused:
        services.round_pairings_save(section=section, number=1, rows=[], confirm=True)

    assert refused.value.messages[0].startswith(
        "Board 1 (1. Player 1 – 2. Player 2) has a result, 1-0, so its players cannot"
    )
    assert Pairing.objects.filter(round__section=section).count() == 2
    assert not SectionEvent.objects.exists()


def test_emptying_a_round_under_a_paired_later_round_is_refused() -> None:
    section = section_build(
        ratings=[None] * 4, rounds=["1-2 ?, 3-4 ?", "1-3 ?, 2-4 ?"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)

    with pytest.raises(ValidationError) as refused:
        services.round_pairings_save(section=section, number=1, rows=[], confirm=True)

    assert refused.value.messages == [services.ROUND_REMOVE_LATER.format(later=2)]
    assert Pairing.objects.filter(round__section=section).count() == 4


def test_a_round_beyond_the_rounds_another_td_just_took_away_is_refused() -> None:
    section = section_build(ratings=[None] * 4, rounds=[], rounds_total=5)
    # Another TD lowers the number of rounds after this TD's page read the section.
    services.section_update(section=Section.objects.get(pk=section.pk), rounds_total=3)
    one, two = (p.pk for p in section.players.order_by("start_number")[:2])

    with pytest.raises(ValidationError) as refused:
        services.round_pairings_save(
            section=section,
            number=4,
            rows=[services.PairingInput(white=one, black=two, board=1)],
        )

    assert refused.value.messages == [
        services.ROUND_NUMBER_OUT_OF_RANGE.format(
            section=section.name, rounds=3, number=4
        )
    ]
    assert not Round.objects.filter(section=section).exists()


def test_emptying_from_a_page_drawn_before_a_check_entry_is_refused_naming_it() -> None:
    section = posted_round_one()
    seen = selectors.round_results_version(
        round_id=Round.objects.get(section=section).pk
    )
    services.result_check_record(
        pairing=Pairing.objects.get(round__section=section, board=2), result="draw"
    )

    with pytest.raises(services.ResultsEnteredSince) as refused:
        services.round_pairings_save(
            section=section,
            number=1,
            rows=[],
            based_on=version(section),
            confirm=True,
            results_seen=seen,
        )

    assert refused.value.messages == [
        services.ROUND_REMOVE_RESULTS_ENTERED.format(
            round=1, rows="board 2 (3. Player 3 – 4. Player 4) check entry ½-½"
        )
        + " "
        + services.ROUND_REMOVE_CHECKS_WOULD_GO
    ]
    assert Pairing.objects.filter(round__section=section).count() == 2
    assert ResultCheck.objects.filter(pairing__round__section=section).exists()
    assert not SectionEvent.objects.exists()


def test_emptying_from_a_page_drawn_after_a_check_entry_asks_naming_it() -> None:
    section = posted_round_one()
    services.result_check_record(
        pairing=Pairing.objects.get(round__section=section, board=2), result="draw"
    )
    # What a page drawn now carries: both versions, the check entry seen.
    based_on = version(section)
    seen = selectors.round_results_version(
        round_id=Round.objects.get(section=section).pk
    )

    with pytest.raises(services.RemoveNeedsConfirm) as asked:
        services.round_pairings_save(
            section=section, number=1, rows=[], based_on=based_on, results_seen=seen
        )
    assert asked.value.messages == [
        services.ROUND_REMOVE_CONFIRM.format(round=1)
        + " "
        + services.ROUND_REMOVE_BYES.format(rows="the check entry on board 2 (½-½)")
    ]

    services.round_pairings_save(
        section=section,
        number=1,
        rows=[],
        based_on=based_on,
        results_seen=seen,
        confirm=True,
    )
    assert not Pairing.objects.filter(round__section=section).exists()
    assert not ResultCheck.objects.exists()


# ---- the pairings page, without JavaScript


def _url(section: Section) -> str:
    return reverse(
        "tournaments:round_pairings",
        kwargs={"slug": section.tournament.slug, "section": section.pk, "number": 1},
    )


def _emptied(client: Client, section: Section) -> dict[str, str]:
    form = _Form()
    form.feed(client.get(_url(section)).content.decode())
    return {
        name: "" if name.endswith(("-white", "-black", "-player")) else value
        for name, value in form.data.items()
    }


def test_the_page_asks_on_itself_and_the_confirm_button_takes_the_pairings_back(
    td_client: Client, tournament: Tournament
) -> None:
    section = posted_round_one(tournament)
    data = _emptied(td_client, section)

    asked = td_client.post(_url(section), data)

    html = asked.content.decode()
    assert asked.status_code == 200
    assert escape(services.ROUND_REMOVE_CONFIRM.format(round=1)) in html
    assert 'name="confirm" value="1"' in html
    # Enter in a field presses the form's first submit button: "Save pairings", never this.
    assert html.index("Save pairings") < html.index('name="confirm" value="1"')
    assert Pairing.objects.filter(round__section=section).count() == 2

    done = td_client.post(_url(section), data | {"confirm": "1"}, follow=True)

    assert "Round 1: pairings removed." in done.content.decode()
    assert not Pairing.objects.filter(round__section=section).exists()
    assert SectionEvent.objects.filter(
        section=section, kind=SectionEvent.Kind.PAIRINGS_REMOVED
    ).exists()
    # Pressed twice (the confirmation sent again): nothing left to take, nothing logged twice.
    again = td_client.post(_url(section), data | {"confirm": "1"}, follow=True)
    assert again.status_code == 200
    assert SectionEvent.objects.filter(section=section).count() == 1


def test_a_confirmation_from_a_page_older_than_another_tds_save_is_refused(
    td_client: Client, tournament: Tournament
) -> None:
    section = posted_round_one(tournament)
    data = _emptied(td_client, section)
    one, two, three, four = (p.pk for p in section.players.order_by("start_number"))
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            services.PairingInput(white=one, black=three, board=1),
            services.PairingInput(white=two, black=four, board=2),
        ],
    )

    refused = td_client.post(_url(section), data | {"confirm": "1"})

    assert escape(services.PAIRINGS_STALE.format(round=1)) in refused.content.decode()
    assert Pairing.objects.filter(round__section=section).count() == 2


def test_emptying_every_row_on_a_page_drawn_before_a_check_entry_names_it_first(
    td_client: Client, tournament: Tournament
) -> None:
    # TD A opens Edit pairings and empties every row; meanwhile TD B enters board 2 in check
    # mode; A's save (even its confirmation) would throw B's entry away unseen.
    section = posted_round_one(tournament)
    data = _emptied(td_client, section)
    assert data["results_seen"]

    refused, two = _saved_after_a_check_entry_on_board_two(td_client, section, data)

    html = unescape(refused.content.decode())
    assert services.ROUND_REMOVE_CHECKS_WOULD_GO in html
    assert ResultCheck.objects.filter(pairing=two).exists()
    assert not SectionEvent.objects.exists()

    # The page drawn again carries the entry as seen: saving asks, naming it, then takes
    # the pairings back once confirmed.
    form = _Form()
    form.feed(refused.content.decode())
    again = data | {"results_seen": form.data["results_seen"]}
    asked = unescape(td_client.post(_url(section), again).content.decode())
    assert "Taken back with them: the check entry on board 2 (½-½)." in asked
    assert Pairing.objects.filter(round__section=section).count() == 2
    td_client.post(_url(section), again | {"confirm": "1"})
    assert not Pairing.objects.filter(round__section=section).exists()


def _without_board_two(client: Client, section: Section) -> dict[str, str]:
    """The Edit pairings form as drawn now, with board 2's row (the second) emptied."""
    form = _Form()
    form.feed(client.get(_url(section)).content.decode())
    assert (form.data["boards-1-white"], form.data["boards-1-black"]) == ("3", "4")
    return form.data | {"boards-1-white": "", "boards-1-black": ""}


def test_taking_out_a_row_with_a_check_entry_asks_naming_it_then_saves(
    td_client: Client, tournament: Tournament
) -> None:
    # Board 2 has a check-mode entry the page shows; a save taking only that row out would
    # delete the entry with it: asked first, on the page, naming it.
    section = posted_round_one(tournament)
    two = Pairing.objects.get(round__section=section, board=2)
    services.result_check_record(pairing=two, result="draw")
    data = _without_board_two(td_client, section)
    assert data["results_seen"]

    asked = td_client.post(_url(section), data)

    html = unescape(asked.content.decode())
    assert asked.status_code == 200
    assert (
        services.ROUND_SAVE_CHECKS.format(round=1)
        + " "
        + services.ROUND_REMOVE_BYES.format(rows="the check entry on board 2 (½-½)")
        in html
    )
    assert "Every row is empty" not in html
    assert Pairing.objects.filter(round__section=section).count() == 2
    assert ResultCheck.objects.filter(pairing=two).exists()

    done = td_client.post(_url(section), data | {"confirm": "1"})

    assert done.status_code == 302
    assert list(
        Pairing.objects.filter(round__section=section).values_list("board", flat=True)
    ) == [1]
    assert not ResultCheck.objects.exists()


def test_taking_out_a_row_from_a_page_drawn_before_its_check_entry_names_it(
    td_client: Client, tournament: Tournament
) -> None:
    # TD A takes board 2 out on Edit pairings; meanwhile TD B enters board 2 in check mode:
    # A's save, even confirmed, would throw B's entry away unseen.
    section = posted_round_one(tournament)
    data = _without_board_two(td_client, section)

    _saved_after_a_check_entry_on_board_two(td_client, section, data)


def _saved_after_a_check_entry_on_board_two(
    client: Client, section: Section, data: dict[str, str]
) -> tuple[Any, Pairing]:
    """Another TD enters board 2 in check mode, then ``data`` (drawn before) is saved with
    its confirmation: refused, naming the entry, and nothing changed."""
    two = Pairing.objects.get(round__section=section, board=2)
    services.result_check_record(pairing=two, result="draw")

    refused = client.post(_url(section), data | {"confirm": "1"})

    assert refused.status_code == 200
    assert services.ROUND_REMOVE_RESULTS_ENTERED.format(
        round=1, rows="board 2 (3. Player 3 – 4. Player 4) check entry ½-½"
    ) in unescape(refused.content.decode())
    assert Pairing.objects.filter(round__section=section).count() == 2
    assert ResultCheck.objects.filter(pairing=two).exists()
    return refused, two


def test_the_question_names_the_byes_and_points_without_a_board_that_go_too() -> None:
    # A bye's point is a result too: taken back with the pairings, it is named first.
    section = section_build(
        ratings=[None] * 6, rounds=["1-2 ?, 3-4 ?, 5 H, 6 U"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)

    for remove in (
        lambda: services.round_pairings_save(section=section, number=1, rows=[]),
        lambda: services.round_pairings_remove(
            round_=Round.objects.get(section=section)
        ),
    ):
        with pytest.raises(services.RemoveNeedsConfirm) as asked:
            remove()

        assert asked.value.messages == [
            services.ROUND_REMOVE_CONFIRM.format(round=1)
            + " "
            + services.ROUND_REMOVE_BYES.format(
                rows="5. Player 5 (Half-point bye), 6. Player 6 (Full-point bye (pairing))"
            )
        ]
    assert Pairing.objects.filter(round__section=section).count() == 4


# ---- posted pairings changed by hand are kept in the section's log


def _rows(section: Section, *pairs: tuple[int, int]) -> list[services.PairingInput]:
    pk = dict(section.players.values_list("start_number", "pk"))
    return [
        services.PairingInput(white=pk[white], black=pk[black], board=board)
        for board, (white, black) in enumerate(pairs, start=1)
    ]


def test_posted_pairings_changed_by_hand_are_kept_in_the_log_once() -> None:
    section = posted_round_one()
    user = User.objects.create_user("arbiter")
    seen = version(section)

    for _pressed in range(2):  # the same save sent twice: one entry
        services.round_pairings_save(
            section=section,
            number=1,
            rows=_rows(section, (1, 4), (3, 2)),
            user=user,
            based_on=seen,
        )

    event = SectionEvent.objects.get(section=section)
    assert (event.kind, event.round_number, event.user) == (
        SectionEvent.Kind.PAIRINGS_CHANGED,
        1,
        user,
    )
    assert event.detail == (
        "Round 1: posted pairings changed by hand. Taken out: board 1 (1. Player 1 – "
        "2. Player 2), board 2 (3. Player 3 – 4. Player 4). Put in: board 1 (1. Player 1 "
        "– 4. Player 4), board 2 (3. Player 3 – 2. Player 2)."
    )


def test_a_draft_changed_or_posted_pairings_saved_unchanged_log_nothing() -> None:
    section = posted_round_one()
    services.round_pairings_save(
        section=section, number=1, rows=_rows(section, (1, 2), (3, 4))
    )
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)
    services.round_pairings_save(
        section=section, number=1, rows=_rows(section, (1, 3), (2, 4))
    )

    assert not SectionEvent.objects.exists()
