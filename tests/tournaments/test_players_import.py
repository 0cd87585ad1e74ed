"""Bulk entry: every row's problem found before anything is saved, then all rows saved at once."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_build(ratings=[], rounds=[], rounds_total=5)


def problems(section, text: str) -> dict[int, list[str]]:
    preview = services.players_import_preview(section=section, text=text)
    return {row.line: row.problems for row in preview.rows}


def test_clean_rows_in_the_documented_column_order_have_no_problem(section) -> None:
    text = "Ana Ortiz, 12345678, , 1850, IL, Springfield CC\nBen Ode,,,unr,WI,\n"

    preview = services.players_import_preview(section=section, text=text)

    assert [r.problems for r in preview.rows] == [[], []]
    assert preview.rows[0].values["club"] == "Springfield CC"
    assert (preview.rows[0].rating, preview.rows[1].rating) == (1850, None)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (",12345678,,1500,,", "the name is missing"),
        ("Ana,,,15OO,,", "rating '15OO' is not a number"),
        ("Ana,,,0,,", "rating 0 is out of range"),
        ("Ana,,,3600,,", "rating 3600 is out of range"),
        ("Ana,12-345,,1500,,", "US Chess ID '12-345' is not a number"),
        ("Ana,,ab,1500,,", "FIDE ID 'ab' is not a number"),
        ("Ana,,,1500,ILLINOIS-US,", "longer than 8 characters"),
        ("Ana,,,1500,IL,Club,extra", "7 columns; expected at most 6"),
    ],
    ids=[
        "missing name",
        "rating not a number",
        "rating zero",
        "rating too high",
        "US Chess ID not digits",
        "FIDE ID not digits",
        "federation too long",
        "too many columns",
    ],
)
def test_each_problem_is_named_on_its_row(section, line: str, expected: str) -> None:
    found = problems(section, f"Good Player,,,1500,,\n{line}\n")

    assert found[1] == []
    assert any(expected in p for p in found[2]), found[2]


def test_duplicate_ids_in_the_file_are_flagged_on_the_later_row(section) -> None:
    found = problems(
        section, "A,11111111,,1500,,\nB,22222222,,1500,,\nC,11111111,,1500,,\n"
    )

    assert found[1] == found[2] == []
    assert found[3] == ["duplicate US Chess ID 11111111: also on line 1"]


def test_an_id_in_the_section_is_a_problem_and_a_same_name_and_rating_a_question(
    section,
) -> None:
    services.player_create(section=section, name="Ana Ortiz", uschess_id="12345678")
    services.player_create(section=section, name="Ben Ode")

    rows = services.players_import_preview(
        section=section,
        text="Ana O.,12345678,,1500,,\nben  ode,,,,,\nBen Ode,,,1400,,\n",
    ).rows

    assert rows[0].problems == [
        "duplicate of player 1. Ana Ortiz, already in the section (US Chess ID 12345678)"
    ]
    assert rows[1].problems == []
    assert rows[1].duplicates == [
        services.LIKELY_DUPLICATE.format(number=2, name="Ben Ode", rating="unrated")
    ]
    # Another rating: another player of the same name.
    assert (rows[2].problems, rows[2].duplicates) == ([], [])


def test_a_header_row_may_name_the_columns_in_another_order(section) -> None:
    text = "Rating\tName\tState\n1600\tCy Park\tIA\n"

    preview = services.players_import_preview(section=section, text=text)

    assert preview.header
    assert preview.rows[0].values["name"] == "Cy Park"
    assert preview.rows[0].values["state"] == "IA"
    assert preview.rows[0].rating == 1600
    assert preview.rows[0].line == 2


def test_save_refuses_the_whole_file_when_one_row_is_bad(section) -> None:
    with pytest.raises(ValidationError) as error:
        services.players_import_save(section=section, text="A,,,1500,,\nB,,,abc,,\n")

    assert error.value.messages == [
        services.IMPORT_HAS_PROBLEMS.format(count=1, s="", have="has")
    ]
    assert not Player.objects.filter(section=section).exists()


def test_save_adds_every_row_numbered_by_rating_before_round_one(section) -> None:
    services.player_create(section=section, name="Existing", rating=1700)

    saved = services.players_import_save(
        section=section, text="Low,,,1200,,\nUnrated,,,,,\nHigh,,,2000,,\n"
    )

    assert [(p.name, p.start_number) for p in saved] == [
        ("High", 1),
        ("Low", 3),
        ("Unrated", 4),
    ]
    assert list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("name", flat=True)
    ) == ["High", "Existing", "Low", "Unrated"]


def test_an_empty_text_saves_nothing(section) -> None:
    with pytest.raises(ValidationError) as error:
        services.players_import_save(section=section, text="\n  \n")
    assert error.value.messages == [services.IMPORT_EMPTY]


@pytest.mark.parametrize("posted", [1, 2])
def test_once_a_round_is_posted_the_whole_file_is_refused_pointing_to_late_entry(
    posted: int,
) -> None:
    # Entered from a file, each player would miss the posted rounds with no row (not
    # paired, never chosen), as from the player form: Late entry asks for each round missed.
    section = section_build(
        ratings=[1500, 1400], rounds=["1-2 1-0", "2-1 ?"][:posted], rounds_total=4
    )
    text = "Cy Dale,,,1450,,\nDee Fox,,,1300,,\n"
    missed = "round 1" if posted == 1 else "rounds 1 to 2"
    said = services.IMPORT_ROUND_POSTED.format(round=posted, missed=missed)

    preview = services.players_import_preview(section=section, text=text)
    with pytest.raises(ValidationError) as refused:
        services.players_import_save(section=section, text=text)

    assert preview.refused == [said]
    assert refused.value.messages == [said]
    assert section.players.count() == 2


def test_a_draft_round_refuses_the_file_as_a_draft_not_as_posted() -> None:
    section = section_build(ratings=[1500, 1400], rounds=[], rounds_total=4)
    services.round_pair(
        section=section, number=1, post_default_order=True, absent=services.ABSENT_PAIR
    )
    text = "Cy Dale,,,1450,,\n"

    preview = services.players_import_preview(section=section, text=text)
    with pytest.raises(ValidationError) as refused:
        services.players_import_save(section=section, text=text)

    assert preview.refused == []
    assert "draft" in refused.value.messages[0]
    assert section.players.count() == 2
