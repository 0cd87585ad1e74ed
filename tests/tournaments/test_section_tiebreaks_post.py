"""Posting the tiebreak order: valid orders only, locked once round 1 pairings are posted, every
change kept (old, new, reason, who, when)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.models import Round, Section, TiebreakChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    return section_build(ratings=[2000, 1900, 1800, 1700], rounds=[], rounds_total=4)


def test_first_posting_is_kept_as_a_change_in_canonical_form(section, td: User) -> None:
    change = services.section_tiebreaks_post(
        section=section, order="Buchholz, kashdan:unplayed=2", user=td
    )

    section.refresh_from_db()
    assert section.tiebreaks == "solkoff,kashdan:unplayed=2"
    assert (change.old_order, change.new_order, change.changed_by) == (
        "",
        "solkoff,kashdan:unplayed=2",
        td,
    )
    assert selectors.section_tiebreaks_posted(section)


@pytest.mark.parametrize(
    ("order", "fragment"),
    [
        ("banana,solkoff", "is not a tiebreak"),
        ("cumulative_cut", "needs the option cut"),
        ("kashdan:unplayed=7", "is not allowed"),
        ("solkoff,solkoff", "appears twice"),
    ],
    ids=["unknown system", "missing required option", "bad option value", "duplicate"],
)
def test_an_invalid_order_cannot_be_saved(
    section, td: User, order: str, fragment: str
) -> None:
    before = section.tiebreaks
    with pytest.raises(ValidationError) as error:
        services.section_tiebreaks_post(section=section, order=order, user=td)

    (message,) = error.value.messages
    assert message.startswith("This order cannot be used: ")
    assert fragment in message
    assert not TiebreakChange.objects.exists()
    assert Section.objects.get(pk=section.pk).tiebreaks == before


def test_an_empty_order_is_refused(section, td: User) -> None:
    with pytest.raises(ValidationError) as error:
        services.section_tiebreaks_post(section=section, order=" , ", user=td)
    assert error.value.messages == [services.TIEBREAKS_EMPTY]


def test_the_same_order_sent_twice_is_answered_as_posted_and_kept_once(
    section, td: User
) -> None:
    first = services.section_tiebreaks_post(section=section, order="uschess", user=td)

    # The first answer lost on the way back: the TD sends the same order again.
    again = services.section_tiebreaks_post(section=section, order="uschess", user=td)

    assert again == first
    assert TiebreakChange.objects.count() == 1


def test_the_posted_order_sent_again_after_round_one_needs_no_reason(
    section, td: User
) -> None:
    services.section_tiebreaks_post(section=section, order="uschess", user=td)
    Round.objects.create(section=section, number=1, status=Round.Status.PAIRED)

    services.section_tiebreaks_post(section=section, order="uschess", user=td)

    # A different order still needs its reason.
    with pytest.raises(ValidationError) as error:
        services.section_tiebreaks_post(section=section, order="solkoff", user=td)
    assert error.value.messages == [services.TIEBREAKS_LOCKED]
    assert TiebreakChange.objects.count() == 1
    assert Section.objects.get(pk=section.pk).tiebreaks.startswith("modified_median")


def test_before_round_one_is_posted_the_order_changes_freely(section, td: User) -> None:
    services.section_tiebreaks_post(section=section, order="uschess", user=td)
    # Pairings made but not posted do not lock the order.
    Round.objects.create(section=section, number=1, status=Round.Status.DRAFT)

    change = services.section_tiebreaks_post(section=section, order="sca", user=td)

    assert (
        change.old_order == "modified_median,solkoff,cumulative,cumulative_opposition"
    )
    assert change.reason == ""


@pytest.mark.parametrize("status", [Round.Status.PAIRED, Round.Status.COMPLETE])
def test_after_round_one_is_posted_a_change_needs_a_reason(
    section, td: User, status
) -> None:
    services.section_tiebreaks_post(section=section, order="uschess", user=td)
    Round.objects.create(section=section, number=1, status=status)

    with pytest.raises(ValidationError) as error:
        services.section_tiebreaks_post(
            section=section, order="solkoff", user=td, reason="  "
        )
    assert error.value.messages == [services.TIEBREAKS_LOCKED]
    assert Section.objects.get(pk=section.pk).tiebreaks.startswith("modified_median")

    change = services.section_tiebreaks_post(
        section=section, order="solkoff", user=td, reason="Posted order was misprinted."
    )
    assert (change.old_order, change.new_order, change.reason) == (
        "modified_median,solkoff,cumulative,cumulative_opposition",
        "solkoff",
        "Posted order was misprinted.",
    )
    assert Section.objects.get(pk=section.pk).tiebreaks == "solkoff"


def test_an_order_with_a_coin_flip_records_a_lots_seed_once(section, td: User) -> None:
    services.section_tiebreaks_post(section=section, order="solkoff,coin_flip", user=td)
    seed = Section.objects.get(pk=section.pk).lots_seed

    services.section_tiebreaks_post(
        section=section, order="cumulative,coin_flip", user=td
    )

    assert len(seed) == 16 and int(seed, 16) >= 0
    assert Section.objects.get(pk=section.pk).lots_seed == seed


def test_an_order_without_a_coin_flip_records_no_seed(section, td: User) -> None:
    services.section_tiebreaks_post(section=section, order="solkoff", user=td)
    assert Section.objects.get(pk=section.pk).lots_seed == ""
