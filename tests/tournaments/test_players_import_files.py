"""The player files TDs actually have: other programs' column names, line endings, encodings."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player, Section, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(tournament=tournament, ratings=[], rounds=[], rounds_total=4)


def read(section: Section, text: str) -> list[tuple[str, int | None, dict[str, str]]]:
    preview = services.players_import_preview(section=section, text=text)
    assert [r.problems for r in preview.rows] == [[]] * len(preview.rows)
    return [(r.values["name"], r.rating, r.values) for r in preview.rows]


def import_url(section: Section) -> str:
    return reverse(
        "tournaments:players_import",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


OLD_MAC = "Ana Ortiz,12345678,,1850,IL,\rBen Ode,,,1700,WI,\rCy Park,,,,IA,\r"


def test_lone_carriage_returns_end_lines(section: Section) -> None:
    rows = read(section, OLD_MAC)

    assert [(name, rating) for name, rating, _v in rows] == [
        ("Ana Ortiz", 1850),
        ("Ben Ode", 1700),
        ("Cy Park", None),
    ]


def test_an_old_mac_file_previews_and_saves_through_the_page(
    td_client: Client, section: Section
) -> None:
    upload = SimpleUploadedFile("players.csv", OLD_MAC.encode(), "text/csv")
    preview = td_client.post(import_url(section), {"action": "preview", "file": upload})
    assert preview.status_code == 200
    assert "All rows ready" in preview.content.decode()

    saved = td_client.post(import_url(section), {"action": "save", "text": OLD_MAC})

    assert saved.status_code == 302
    assert Player.objects.filter(section=section).count() == 3


def test_unknown_columns_are_ignored_with_one_warning(section: Section) -> None:
    text = "Name,ID,Rating,Exp Date,Quick Rating\nAna Ortiz,12345678,1850,2026-12-31,1700\nBen Ode,,1600,,\n"

    preview = services.players_import_preview(section=section, text=text)

    assert [r.problems for r in preview.rows] == [[], []]
    assert preview.warnings == [
        services.IMPORT_IGNORED.format(s="s", names="'Exp Date', 'Quick Rating'")
    ]
    assert preview.rows[0].values["uschess_id"] == "12345678"
    assert preview.rows[0].rating == 1850


def test_the_warning_is_on_the_preview_page(
    td_client: Client, section: Section
) -> None:
    text = "Name,Rating,Exp Date\nAna Ortiz,1850,2026-12-31\n"

    page = td_client.post(
        import_url(section), {"action": "preview", "text": text}
    ).content.decode()

    assert "Ignored the column &#x27;Exp Date&#x27;" in page
    assert "All rows ready" in page


def test_a_byte_order_mark_before_the_header_is_dropped(section: Section) -> None:
    rows = read(section, "\ufeffName;Rating\nAna Ortiz;1850\n")

    assert [(n, r) for n, r, _v in rows] == [("Ana Ortiz", 1850)]


def test_last_comma_first_names_keep_the_surname_first_and_lose_the_capitals(
    section: Section,
) -> None:
    rows = read(
        section,
        'Name,ID,Rating\n"ORTIZ,ANA MARIA",12345678,1850\n"McBride,  Ken",,1500\n'
        '"SMITH-JONES, LEE",,1400\n"DE LA CRUZ, JUAN",,1300\n',
    )

    # Only the comma says which words are the surname: the order stays (the rating report
    # writes LAST, FIRST from it).
    assert [n for n, _r, _v in rows] == [
        "Ortiz, Ana Maria",
        "McBride, Ken",
        "Smith-Jones, Lee",
        "De La Cruz, Juan",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # US Chess member list as a spreadsheet.
        (
            "Member ID,Name,State,Regular Rating,Quick Rating,Expiration Date\n"
            '12345678,"ORTIZ, ANA",IL,1850P12,1700,2027-01-31\n',
            ("Ortiz, Ana", 1850, "12345678", "IL"),
        ),
        # WinTD: its field names, "USCF" as another name of the rating.
        (
            "Name\tID\tUSCF\tSt\tExp.\tGr\nOrtiz, Ana\t12345678\t1850\tIL\t12/31/26\t5\n",
            ("Ortiz, Ana", 1850, "12345678", "IL"),
        ),
        # SwissSys club list fields, semicolon separated.
        (
            "Name;I.D.#;Rating;State;Team\nOrtiz, Ana;12345678;1850;IL;Springfield\n",
            ("Ortiz, Ana", 1850, "12345678", "IL"),
        ),
        # The rating report's own field names.
        (
            'D_MEM_ID,D_NAME,D_STATE,D_RATING\n12345678,"ORTIZ, ANA",IL,1850\n',
            ("Ortiz, Ana", 1850, "12345678", "IL"),
        ),
        # First and last names in two columns.
        (
            "Last Name,First Name,USCF ID,Rating\nOrtiz,Ana,12345678,1850\n",
            ("Ortiz, Ana", 1850, "12345678", ""),
        ),
    ],
    ids=["us chess member list", "wintd", "swisssys", "rating report", "split names"],
)
def test_other_programs_column_names_are_read(section: Section, text, expected) -> None:
    ((name, rating, values),) = read(section, text)

    assert (name, rating, values["uschess_id"], values["state"]) == expected


def test_a_uscf_column_of_eight_digit_numbers_is_the_id(section: Section) -> None:
    ((_name, rating, values),) = read(section, "Name,USCF,Rating\nAna,12345678,1850\n")

    assert (values["uschess_id"], rating) == ("12345678", 1850)


def test_a_state_column_fills_the_state_and_is_checked(section: Section) -> None:
    preview = services.players_import_preview(
        section=section, text="Name,State,Fed\nAna,il,USA\nBen,ZZ,\nLars,NOR,\n"
    )

    assert preview.rows[0].values["state"] == "IL"
    assert preview.rows[0].values["federation"] == "USA"
    assert preview.rows[0].problems == []
    assert "'ZZ' is not a US state" in preview.rows[1].problems[0]
    # A country in the state column is the player's federation.
    assert (preview.rows[2].values["state"], preview.rows[2].values["federation"]) == (
        "",
        "NOR",
    )
    assert preview.rows[2].problems == []
