"""Edit pairings of an earlier round after a later round was paired: a change of anyone's points
(a bye's kind, a bye put in or taken out) changes the scores the later round was paired on, so
the pairings page asks first, as a result corrected on the round page does, and nothing is
saved until the TD confirms. A save that changes no one's points is not asked about."""

from __future__ import annotations

from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tests.tournaments.builders import round_url, section_build
from tests.tournaments.test_pairings_keep_results import _Form
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Round,
    Section,
    SectionEvent,
    Tournament,
)
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db


def later_paired(tournament: Tournament | None = None) -> Section:
    """Round 1 in (5 took a half-point bye), round 2 paired and posted on those scores."""
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-3 1-0, 2-4 1-0, 5 H", "1-2 ?, 5-3 ?, 4 U"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def pk(section: Section, number: int) -> int:
    return Player.objects.get(section=section, start_number=number).pk


def round_one(section: Section, bye: str) -> list[Row]:
    return [
        Row(white=pk(section, 1), black=pk(section, 3), board=1),
        Row(white=pk(section, 2), black=pk(section, 4), board=2),
        Row(white=pk(section, 5), result=bye),
    ]


def bye_of_five(section: Section) -> str:
    return Pairing.objects.get(
        round__section=section, round__number=1, black__isnull=True
    ).result


def flagged(section: Section) -> bool:
    return Round.objects.get(section=section, number=2).paired_on_old_scores


def test_a_bye_changed_in_an_earlier_round_asks_first_naming_the_later_round() -> None:
    section = later_paired()

    with pytest.raises(services.LaterRoundsPaired) as asked:
        services.round_pairings_save(
            section=section,
            number=1,
            rows=round_one(section, Result.BYE_FULL),
            confirm_later=False,
        )

    assert asked.value.later == [2]
    assert asked.value.messages[0].startswith(
        "Round 2 was paired on the old scores: changing this round 1 result"
    )
    assert bye_of_five(section) == Result.BYE_HALF
    assert not flagged(section)
    assert not SectionEvent.objects.filter(section=section).exists()

    services.round_pairings_save(
        section=section,
        number=1,
        rows=round_one(section, Result.BYE_FULL),
        confirm_later=True,
    )

    assert bye_of_five(section) == Result.BYE_FULL
    assert flagged(section)
    assert SectionEvent.objects.filter(
        section=section, kind=SectionEvent.Kind.CORRECTION, round_number=1
    ).exists()


def test_an_earlier_rounds_save_that_changes_no_points_is_not_asked_about() -> None:
    section = later_paired()
    # The boards swapped: who played whom, and every result, as they were.
    rows = round_one(section, Result.BYE_HALF)
    rows = [
        Row(white=rows[1].white, black=rows[1].black, board=1),
        Row(white=rows[0].white, black=rows[0].black, board=2),
        rows[2],
    ]

    services.round_pairings_save(
        section=section, number=1, rows=rows, confirm_later=False
    )

    assert Pairing.objects.get(
        round__section=section, round__number=1, white_id=pk(section, 2)
    ).board == (1)
    assert not flagged(section)


def test_the_last_paired_rounds_bye_changes_without_a_question() -> None:
    section = later_paired()
    rows = [
        Row(white=pk(section, 1), black=pk(section, 2), board=1),
        Row(white=pk(section, 5), black=pk(section, 3), board=2),
        Row(white=pk(section, 4), result=Result.BYE_HALF),
    ]

    services.round_pairings_save(
        section=section, number=2, rows=rows, confirm_later=False
    )

    assert (
        Pairing.objects.get(
            round__section=section, round__number=2, white_id=rows[2].white
        ).result
        == Result.BYE_HALF
    )


def _url(section: Section, number: int = 1, name: str = "round_pairings") -> str:
    return round_url(section, name, number)


def test_the_pairings_page_asks_before_changing_points_under_a_paired_round(
    td_client: Client, tournament: Tournament
) -> None:
    section = later_paired(tournament)
    form = _Form()
    form.feed(td_client.get(_url(section)).content.decode())
    bye_kind = next(
        name
        for name, value in form.data.items()
        if name.startswith("byes-") and name.endswith("-kind") and value == "bye_half"
    )
    data = form.data | {bye_kind: Result.BYE_FULL.value}

    asked = td_client.post(_url(section), data)

    html = unescape(asked.content.decode())
    assert asked.status_code == 200
    assert "Round 2 was paired on the old scores" in html
    assert 'name="confirm_later" value="1"' in html
    # Enter in a field presses the form's first submit button: "Save pairings", never this.
    assert html.index("Save pairings") < html.index('name="confirm_later" value="1"')
    assert bye_of_five(section) == Result.BYE_HALF
    assert not flagged(section)

    done = td_client.post(_url(section), data | {"confirm_later": "1"}, follow=True)

    assert "Round 1: pairings saved." in unescape(done.content.decode())
    assert bye_of_five(section) == Result.BYE_FULL
    assert flagged(section)
    later = td_client.get(_url(section, 2, "round_detail")).content.decode()
    assert 'data-testid="old-scores"' in later


# ---- a round paired by hand before the round before it: the wrong round's page


def round_one_in(tournament: Tournament | None = None) -> Section:
    """Round 1 in, rounds 2 and 3 not paired."""
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 1-0"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    return section


def test_a_round_is_not_paired_by_hand_before_the_round_before_it() -> None:
    section = round_one_in()
    rows = [
        Row(white=pk(section, 1), black=pk(section, 2), board=1),
        Row(white=pk(section, 3), black=pk(section, 4), board=2),
    ]

    with pytest.raises(ValidationError) as refused:
        services.round_pairings_save(section=section, number=3, rows=rows)

    assert refused.value.messages == [
        services.ROUND_EARLIER_NOT_PAIRED.format(earlier=2, number=3)
    ]
    assert not Pairing.objects.filter(round__number=3).exists()
    assert (
        not Round.objects.filter(section=section, number=3)
        .exclude(status=Round.Status.NOT_PAIRED)
        .exists()
    )
    # Round 2, the round due, pairs by hand as ever.
    services.round_pairings_save(section=section, number=2, rows=rows)
    assert Round.objects.get(section=section, number=2).status == Round.Status.DRAFT


def test_a_round_paired_before_the_round_before_it_can_still_be_emptied() -> None:
    # Paired so before the refusal existed (or by a script): its pairings can still be taken
    # back from the pairings page, and a save that keeps it paired is not refused for it.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 1-0", "", "1-2 ?, 3-4 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section, number=3).update(status=Round.Status.DRAFT)
    rows = [
        Row(white=pk(section, 3), black=pk(section, 4), board=1),
        Row(white=pk(section, 1), black=pk(section, 2), board=2),
    ]

    services.round_pairings_save(section=section, number=3, rows=rows)
    services.round_pairings_save(section=section, number=3, rows=[])

    assert not Pairing.objects.filter(round__section=section, round__number=3).exists()


def test_the_pairings_page_of_a_round_ahead_says_which_round_to_pair_first(
    td_client: Client, tournament: Tournament
) -> None:
    section = round_one_in(tournament)
    form = _Form()
    form.feed(td_client.get(_url(section, 3)).content.decode())
    data = form.data | {
        "boards-0-white": "1",
        "boards-0-black": "2",
        "boards-1-white": "3",
        "boards-1-black": "4",
    }

    refused = td_client.post(_url(section, 3), data)

    assert refused.status_code == 200
    assert services.ROUND_EARLIER_NOT_PAIRED.format(earlier=2, number=3) in unescape(
        refused.content.decode()
    )
    assert not Pairing.objects.filter(round__number=3).exists()


def test_the_round_page_of_a_round_ahead_offers_no_pairing_and_names_the_round_due(
    td_client: Client, tournament: Tournament
) -> None:
    section = round_one_in(tournament)

    ahead = unescape(td_client.get(_url(section, 3, "round_detail")).content.decode())
    due = unescape(td_client.get(_url(section, 2, "round_detail")).content.decode())

    assert "Round 2 is not paired yet: pair it" in ahead
    assert "before round 3 can be paired." in ahead
    assert "Pair by hand" not in ahead
    assert f'href="{_url(section, 3)}"' not in ahead
    assert "Pair by hand" in due
