"""section_prize_fund_set and the playoff services: what they save, what they refuse."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    return section_build(ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ="])


def test_a_valid_fund_is_saved_in_canonical_form(section: Section) -> None:
    services.section_prize_fund_set(
        section=section,
        fund={"prizes": [{"label": "1st ", "places": [1], "cash": "$500.00"}]},
    )
    section.refresh_from_db()
    assert section.prize_fund == {
        "prizes": [{"label": "1st", "places": [1], "cash": "500"}]
    }


def test_a_bad_fund_changes_nothing_and_lists_each_problem(section: Section) -> None:
    before = {"prizes": [{"label": "1st", "places": [1], "cash": "500"}]}
    services.section_prize_fund_set(section=section, fund=before)
    with pytest.raises(ValidationError) as error:
        services.section_prize_fund_set(
            section=section,
            fund={
                "prizes": [
                    {"label": "2nd", "places": [2]},
                    {"places": [3], "cash": "1"},
                ]
            },
        )
    assert len(error.value.messages) == 2
    section.refresh_from_db()
    assert section.prize_fund == before


def test_playoffs_are_recorded_in_order_and_deleted(section: Section) -> None:
    services.section_playoff_record(section=section, players=[3, 1], note=" G/5 ")
    services.section_playoff_record(section=section, players=[2, 4])
    section.refresh_from_db()
    assert section.playoffs == [
        {"players": [3, 1], "note": "G/5"},
        {"players": [2, 4], "note": ""},
    ]
    services.section_playoff_delete(section=section, number=1)
    section.refresh_from_db()
    assert section.playoffs == [{"players": [2, 4], "note": ""}]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([1], services.PLAYOFF_TOO_FEW),
        ([1, 1], services.PLAYOFF_PLAYER_TWICE.format(number=1)),
        ([1, 9], services.PLAYOFF_NOT_IN_SECTION.format(section="Open", number=9)),
        ([2, 3], services.PLAYOFF_PLAYER_ALREADY.format(number=2)),
    ],
    ids=["one-player", "twice", "not-in-section", "already-in-a-playoff"],
)
def test_a_bad_playoff_is_refused_and_nothing_changes(
    section: Section, players: list[int], message: str
) -> None:
    services.section_playoff_record(section=section, players=[2, 4])
    with pytest.raises(ValidationError) as error:
        services.section_playoff_record(section=section, players=players)
    assert error.value.messages == [message]
    section.refresh_from_db()
    assert section.playoffs == [{"players": [2, 4], "note": ""}]


def test_deleting_a_playoff_that_does_not_exist_is_refused(section: Section) -> None:
    with pytest.raises(ValidationError, match="no playoff number 1"):
        services.section_playoff_delete(section=section, number=1)


def test_announced_flag_is_saved(section: Section) -> None:
    services.section_playoff_announced_set(section=section, announced=True)
    section.refresh_from_db()
    assert section.playoff_announced is True
