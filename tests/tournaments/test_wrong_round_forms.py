"""A round page's form sent to another round's address: a tab of the other section open beside
it, a page of round 2 sent to round 3. Each form carries what its page showed (the pairings'
version, the results seen, a board), so the other round refuses it and nothing changes there or
in the round the page was drawn for."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.builders import round_url, section_build
from tests.tournaments.test_pairings_keep_results import _Form
from tournaments import selectors, services
from tournaments.models import Pairing, ResultCheck, Round, Section, Tournament

pytestmark = pytest.mark.django_db


def two_sections(tournament: Tournament, status: str) -> tuple[Section, Section]:
    """Open and Reserve of one tournament: round 1 in, round 2 paired (boards apart) in
    ``status``."""
    open_ = section_build(
        tournament=tournament,
        name="Open",
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 0-1", "4-1 ?, 2-3 ?"],
        rounds_total=3,
    )
    reserve = section_build(
        tournament=tournament,
        name="Reserve",
        ratings=[1500, 1400, 1300, 1200],
        rounds=["1-2 1-0, 3-4 0-1", "1-4 ?, 3-2 ?"],
        rounds_total=3,
    )
    Round.objects.filter(number=1).update(status=Round.Status.COMPLETE)
    Round.objects.filter(number=2).update(status=status)
    return open_, reserve


def url(section: Section, name: str, number: int = 2, **more: Any) -> str:
    return round_url(section, name, number, **more)


def state() -> list[tuple[Any, ...]]:
    return [
        *Round.objects.order_by("pk").values_list("pk", "status"),
        *Pairing.objects.order_by("pk").values_list(
            "pk", "round_id", "board", "white_id", "black_id", "result"
        ),
        *ResultCheck.objects.values_list("pairing_id", "result"),
    ]


def shown(section: Section) -> dict[str, str]:
    """What round 2's page of ``section`` sends with Post and Remove pairings."""
    round_ = Round.objects.get(section=section, number=2)
    return {
        "based_on": selectors.round_pairings_version(section=section, number=2),
        "results_seen": selectors.round_results_version(round_id=round_.pk),
    }


@pytest.mark.parametrize(
    ("name", "confirm"),
    [
        ("round_publish", {}),
        ("round_unpair", {"confirm": "1"}),
        ("round_repair", {"confirm": "1"}),
    ],
    ids=["post pairings", "remove pairings", "pair again"],
)
def test_a_draft_pages_button_sent_to_the_other_sections_round_changes_nothing(
    td_client: Client, tournament: Tournament, name: str, confirm: dict[str, str]
) -> None:
    open_, reserve = two_sections(tournament, Round.Status.DRAFT)
    before = state()

    for where in (url(reserve, name), url(open_, name, number=3)):
        td_client.post(where, shown(open_) | confirm)

    assert state() == before


def test_the_pairings_form_of_one_section_sent_to_the_others_round_is_refused(
    td_client: Client, tournament: Tournament
) -> None:
    # Start numbers name players of either section: only the version the form carries tells
    # the pages apart.
    open_, reserve = two_sections(tournament, Round.Status.DRAFT)
    form = _Form()
    form.feed(td_client.get(url(open_, "round_pairings")).content.decode())
    before = state()

    refused = td_client.post(url(reserve, "round_pairings"), form.data)

    assert refused.status_code == 200
    assert "changed by someone else after you opened this page" in unescape(
        refused.content.decode()
    )
    assert state() == before


def test_a_check_entry_for_the_other_sections_board_is_not_found(
    td_client: Client, tournament: Tournament
) -> None:
    open_, reserve = two_sections(tournament, Round.Status.PAIRED)
    board = Pairing.objects.get(round__section=open_, round__number=2, board=1)
    before = state()

    for headers in ({}, {"HX-Request": "true"}):
        response = td_client.post(
            url(reserve, "round_check"),
            {"pairing": board.pk, "result": "draw"},
            headers=headers,
        )
        assert response.status_code == 404

    assert state() == before


# ---- keys typed on a page drawn before another TD marked the section final


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain post"])
def test_a_key_on_a_page_drawn_before_the_section_was_marked_final_is_refused_on_its_row(
    td_client: Client, tournament: Tournament, htmx: bool
) -> None:
    open_, _reserve = two_sections(tournament, Round.Status.PAIRED)
    board = Pairing.objects.get(round__section=open_, round__number=2, board=1)
    td_client.get(url(open_, "round_detail"))
    services.section_final_set(section=open_, final=True)
    before = state()
    headers = {"HX-Request": "true"} if htmx else {}

    entered = td_client.post(
        url(open_, "result_record", pairing=board.pk),
        {"result": "draw", "based_on": "pending"},
        headers=headers,
    )
    checked = td_client.post(
        url(open_, "round_check"),
        {"pairing": board.pk, "result": "draw"},
        headers=headers,
    )

    said = services.SECTION_FINAL.format(section="Open")
    for response, row in ((entered, "pairing"), (checked, "check")):
        assert response.status_code == 200
        html = unescape(response.content.decode())
        # On the board's row (the queue of round.js stops there), as the page answers any
        # refusal.
        assert said in html
        assert f'id="{row}-{board.pk}"' in html
    assert state() == before
