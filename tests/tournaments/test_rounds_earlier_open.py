"""An earlier round not complete: the round page says so before the Pair press
(``selectors.rounds_earlier_open``) and ``round_pair`` / ``team_round_pair`` refuse by the same
rule when the press lands, so the page and the refusal name the same round and boards."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import round_url as url
from tests.tournaments.builders import section_build
from tests.tournaments.test_team_sections import team_section
from tournaments import selectors, services
from tournaments.models import Pairing, Result, Round, Section, Tournament

pytestmark = pytest.mark.django_db

ROUND_ONE = "1-5 1-0, 2-6 1-0, 3-7 =, 4-8 0-1"


def _section(tournament: Tournament, case: str) -> Section:
    """Eight players, four rounds, round 1 complete; round 2 as ``case`` says (round 3 is the
    one pressed)."""
    rounds = {
        # Round 2 never paired.
        "not paired": [ROUND_ONE],
        # Round 2 posted, boards 2 and 4 without a result.
        "results missing": [ROUND_ONE, "1-2 1-0, 3-4 ?, 5-6 =, 7-8 ?"],
        # Round 2 paired as a draft, not posted (so no result can be entered yet).
        "draft": [ROUND_ONE, "1-2 ?, 3-4 ?, 5-6 ?, 7-8 ?"],
        # Round 1 taken back to board 3 without a result; round 2 posted with board 4
        # missing: the first round not complete is named, round 1.
        "first of two": [
            "1-5 1-0, 2-6 1-0, 3-7 ?, 4-8 0-1",
            "1-2 1-0, 3-4 =, 5-6 =, 7-8 ?",
        ],
    }[case]
    section = section_build(
        ratings=[2000 - 50 * n for n in range(8)],
        rounds=rounds,
        rounds_total=4,
        tournament=tournament,
    )
    status = Round.Status.DRAFT if case == "draft" else Round.Status.PAIRED
    Round.objects.filter(section=section, number=1).update(
        status=Round.Status.COMPLETE if case != "first of two" else Round.Status.PAIRED
    )
    Round.objects.filter(section=section, number=2).update(status=status)
    return section


# What the round page of round 3 says, case by case, and the round the refusal names.
SAID = {
    "not paired": (
        2,
        "Round 2 is not paired yet: pair it and enter its results on round 2's page "
        "before round 3 can be paired.",
    ),
    "results missing": (
        2,
        "Round 2 still has 2 results missing (boards 2, 4): enter them on round 2's page "
        "before round 3 can be paired automatically.",
    ),
    "draft": (
        2,
        "Round 2's pairings are not posted yet: post them and enter its results on round "
        "2's page before round 3 can be paired automatically.",
    ),
    "first of two": (
        1,
        "Round 1 still has 1 result missing (board 3): enter it on round 1's page before "
        "round 3 can be paired automatically.",
    ),
}


def _alert(html: str) -> str:
    """The words of the round page's "earlier round not complete" line, tags dropped."""
    marker = 'data-testid="earlier-open">'
    start = html.index(marker) + len(marker)
    text = html[start : html.index("</div>", start)]
    while "<" in text:
        text = text[: text.index("<")] + text[text.index(">") + 1 :]
    return " ".join(text.split())


@pytest.mark.parametrize("case", list(SAID))
def test_the_round_page_and_the_pair_refusal_name_the_same_round_and_boards(
    td_client: Client, tournament: Tournament, case: str
) -> None:
    section = _section(tournament, case)
    earlier, words = SAID[case]
    pending_boards = list(
        Pairing.objects.filter(
            round__section=section, round__number=earlier, result=Result.PENDING
        )
        .order_by("board")
        .values_list("board", flat=True)
    )

    page = unescape(td_client.get(url(section, number=3)).content.decode())
    # A page drawn before the round was opened, or the address posted by hand: pressed anyway.
    pressed = td_client.post(url(section, "round_pair", number=3), follow=True)
    with pytest.raises(services.PairingRefused) as refused:
        services.round_pair(section=section, number=3)

    assert _alert(page) == words
    assert "Pair automatically" not in page
    said = unescape(pressed.content.decode())
    refusal = services.ROUND_PAIR_EARLIER_INCOMPLETE.format(earlier=earlier, number=3)
    assert refusal in said
    assert str(refused.value) == refusal
    # The page the refusal lands on says the same as the page before the press.
    assert _alert(said) == words
    found = selectors.rounds_earlier_open(section=section, number=3)
    assert found is not None
    assert found.number == earlier
    assert found.boards == pending_boards
    assert not Pairing.objects.filter(round__section=section, round__number=3).exists()


def _refusal_queries(section: Section) -> int:
    with (
        CaptureQueriesContext(connection) as queries,
        pytest.raises(services.PairingRefused),
    ):
        services.round_pair(section=section)
    return len(queries.captured_queries)


def test_pairing_refused_for_an_earlier_round_costs_the_same_queries_for_any_event_size(
    tournament: Tournament,
) -> None:
    def event(rounds: int, boards: int) -> Section:
        played = ", ".join(f"{2 * b - 1}-{2 * b} 1-0" for b in range(1, boards + 1))
        # The last round in: every other board without a result.
        last = ", ".join(
            f"{2 * b - 1}-{2 * b} {'?' if b % 2 else '='}" for b in range(1, boards + 1)
        )
        return section_build(
            ratings=[1500] * (2 * boards),
            rounds=[played] * (rounds - 1) + [last],
            rounds_total=rounds + 2,
            tournament=tournament,
            name=f"{rounds} rounds",
        )

    small, large = event(2, 2), event(6, 40)

    assert _refusal_queries(small) == _refusal_queries(large)
    found = selectors.rounds_earlier_open(section=large, number=7)
    assert found is not None
    assert (found.number, found.missing) == (6, 20)


@pytest.mark.parametrize(
    ("case", "queries"),
    [("not paired", 0), ("results missing", 1), ("draft", 1)],
)
def test_the_rule_read_from_rounds_the_caller_read_costs_the_boards_query_at_most(
    tournament: Tournament, case: str, queries: int, django_assert_num_queries: Any
) -> None:
    section = _section(tournament, case)
    rounds = selectors.rounds_with_pairings(section=section)

    with django_assert_num_queries(queries):
        found = selectors.rounds_earlier_open(section=section, number=3, rounds=rounds)

    assert found is not None
    assert found == selectors.rounds_earlier_open(section=section, number=3)


def test_a_team_section_refuses_the_round_the_round_page_names(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    # Round 2 pressed while round 1 is not paired: round 1 named, by both.
    with pytest.raises(ValidationError) as not_paired:
        services.team_round_pair(section=section, number=2)
    page = unescape(td_client.get(url(section, number=2)).content.decode())
    assert not_paired.value.messages == [
        services.TEAM_PAIR_EARLIER.format(earlier=1, number=2)
    ]
    assert _alert(page).startswith("Round 1 is not paired yet")

    services.team_round_pair(section=section)
    one = Pairing.objects.filter(round__section=section, round__number=1)
    for row in one.exclude(board=3):
        services.result_record(pairing=row, result=Result.DRAW, based_on=row.result)

    with pytest.raises(ValidationError) as missing:
        services.team_round_pair(section=section)
    page = unescape(td_client.get(url(section, number=2)).content.decode())
    assert missing.value.messages == [
        services.TEAM_PAIR_EARLIER.format(earlier=1, number=2)
    ]
    assert _alert(page).startswith("Round 1 still has 1 result missing (board 3)")
    assert not Pairing.objects.filter(round__section=section, round__number=2).exists()
