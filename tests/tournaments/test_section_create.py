"""Creating and changing sections: kind, rounds, scoring, and the order offered by default."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build, tournament_build
from tournaments import services
from tournaments.models import US_CHESS_DEFAULT_TIEBREAKS, Player, RequestedBye, Section

pytestmark = pytest.mark.django_db


def test_a_swiss_section_is_offered_the_us_chess_order_with_us_chess_scoring() -> None:
    section = services.section_create(
        tournament=tournament_build(), name="Open", rounds_total=5
    )

    assert section.tiebreaks == US_CHESS_DEFAULT_TIEBREAKS
    assert (section.win_points, section.draw_points, section.loss_points) == (
        1,
        Decimal("0.5"),
        0,
    )


@pytest.mark.parametrize(
    "kind", [Section.Kind.ROUND_ROBIN, Section.Kind.DOUBLE_ROUND_ROBIN]
)
def test_a_round_robin_is_offered_sonneborn_berger_first(kind: str) -> None:
    section = services.section_create(
        tournament=tournament_build(), name="Quad", rounds_total=3, kind=kind
    )

    assert section.tiebreaks.split(",")[0] == "sonneborn_berger"


def test_section_names_are_unique_in_a_tournament_whatever_the_case() -> None:
    tournament = tournament_build()
    services.section_create(tournament=tournament, name="Open", rounds_total=5)

    with pytest.raises(ValidationError) as error:
        services.section_create(tournament=tournament, name="open", rounds_total=4)

    assert error.value.messages == [
        services.SECTION_NAME_TAKEN.format(tournament=tournament, name="open")
    ]
    assert tournament.sections.count() == 1


def test_a_draw_worth_more_than_a_win_is_refused() -> None:
    with pytest.raises(ValidationError) as error:
        services.section_create(
            tournament=tournament_build(),
            name="Open",
            rounds_total=5,
            win_points=Decimal("0.5"),
            draw_points=Decimal("1"),
        )
    assert error.value.messages == [services.SECTION_POINTS_ORDER]


def test_rounds_cannot_drop_below_a_round_that_exists() -> None:
    section = section_build(
        ratings=[2000, 1900], rounds=["1-2 1-0", "2-1 ?"], rounds_total=5
    )

    with pytest.raises(ValidationError) as error:
        services.section_update(section=section, rounds_total=1)

    assert error.value.messages == [
        services.SECTION_ROUNDS_TOO_FEW.format(needed=2, why="there is a")
    ]
    assert Section.objects.get(pk=section.pk).rounds_total == 5


def test_rounds_cannot_drop_below_a_requested_bye() -> None:
    section = section_build(ratings=[2000, 1900], rounds=[], rounds_total=5)
    RequestedBye.objects.create(
        player=Player.objects.get(section=section, start_number=1), round_number=4
    )

    with pytest.raises(ValidationError, match="requested a bye for round 4"):
        services.section_update(section=section, rounds_total=3)
    services.section_update(section=section, rounds_total=4)
    assert Section.objects.get(pk=section.pk).rounds_total == 4


def test_changing_the_kind_before_posting_changes_the_default_order_offered() -> None:
    section = services.section_create(
        tournament=tournament_build(), name="Open", rounds_total=5
    )

    services.section_update(section=section, kind=Section.Kind.ROUND_ROBIN)

    assert (
        Section.objects.get(pk=section.pk).tiebreaks
        == "sonneborn_berger,result_between_tied,wins"
    )


def test_changing_the_kind_after_posting_keeps_the_posted_order(td) -> None:
    section = services.section_create(
        tournament=tournament_build(), name="Open", rounds_total=5
    )
    services.section_tiebreaks_post(
        section=section, order="solkoff,cumulative", user=td
    )

    services.section_update(section=section, kind=Section.Kind.ROUND_ROBIN)

    assert Section.objects.get(pk=section.pk).tiebreaks == "solkoff,cumulative"


def test_the_pairing_system_cannot_change_once_round_one_is_paired() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 ?"], rounds_total=3
    )

    with pytest.raises(ValidationError) as error:
        services.section_update(
            section=section, kind=Section.Kind.ROUND_ROBIN, name="Open RR"
        )

    assert error.value.messages == [services.SECTION_KIND_LOCKED.format(kind="Swiss")]
    assert Section.objects.filter(
        pk=section.pk, kind=Section.Kind.SWISS, name="Open"
    ).exists()
    # The other settings still change.
    services.section_update(section=section, name="Open RR")
