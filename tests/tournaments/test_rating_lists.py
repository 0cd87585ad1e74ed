"""Rating lists: FIDE's fixed-width players list and a US Chess CSV, loaded and looked up."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.models import Player, RatingList, RatingListEntry, Tournament
from tournaments.rating_lists import LIST_NO_HEADER, fide_list_rows, uschess_csv_rows

pytestmark = pytest.mark.django_db

# FIDE's combined list (players_list_foa.txt): the columns and their widths.
FOA_COLUMNS = [
    ("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5), ("WTit", 5),
    ("OTit", 15), ("FOA", 4), ("SRtng", 6), ("SGm", 4), ("SK", 3), ("RRtng", 6), ("RGm", 4),
    ("Rk", 3), ("BRtng", 6), ("BGm", 4), ("BK", 3), ("B-day", 6), ("Flag", 4),
]  # fmt: skip


def fide_line(*cells: str, columns: list[tuple[str, int]] = FOA_COLUMNS) -> str:
    return "".join(c.ljust(w) for c, (_n, w) in zip(cells, columns, strict=False))


FOA = [
    fide_line(*(n for n, _w in FOA_COLUMNS)),
    fide_line("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", "2837", "0", "10", "2824"),
    fide_line("2016192", "Nakamura, Hikaru", "USA", "M", "GM", "", "", "", "2802", "9", "10"),
    fide_line("2093596", "Müller, Jürgen", "GER", "M", "", "", "", "", "", "", "", "1700"),
    fide_line("30920019", "Ortiz, Ana", "USA", "F", "wgm", "WGM", "", "", "2301"),
]  # fmt: skip


def test_the_fide_list_is_read_by_its_header_columns() -> None:
    rows = list(fide_list_rows(FOA))

    assert [(r.member_id, r.name, r.rating, r.federation, r.title) for r in rows] == [
        ("1503014", "Carlsen, Magnus", 2837, "NOR", "GM"),
        ("2016192", "Nakamura, Hikaru", 2802, "USA", "GM"),
        ("2093596", "Müller, Jürgen", None, "GER", ""),  # no standard rating
        ("30920019", "Ortiz, Ana", 2301, "USA", "WGM"),
    ]
    assert rows[2].name_key == "muller, jurgen"


def test_the_standard_list_takes_its_rating_from_the_month_column() -> None:
    columns = [("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5),
               ("WTit", 5), ("OTit", 15), ("FOA", 4), ("MAY25", 6), ("Gms", 4)]  # fmt: skip
    lines = [
        fide_line(*(n for n, _w in columns), columns=columns),
        fide_line(
            "1503014",
            "Carlsen, Magnus",
            "NOR",
            "M",
            "GM",
            "",
            "",
            "",
            "2837",
            "0",
            columns=columns,
        ),  # fmt: skip
    ]

    assert [r.rating for r in fide_list_rows(lines)] == [2837]


def test_a_file_without_the_header_is_refused_and_the_old_list_stays() -> None:
    services.rating_list_load(kind="fide", file_name="old.txt", lines=FOA)

    with pytest.raises(ValidationError, match="not FIDE's players list"):
        services.rating_list_load(kind="fide", file_name="new.txt", lines=FOA[1:])

    assert LIST_NO_HEADER.startswith("This is not FIDE's players list")
    assert RatingList.objects.get().file_name == "old.txt"
    assert RatingListEntry.objects.count() == 4


def test_loading_again_replaces_the_list_of_that_kind_only() -> None:
    services.rating_list_load(kind="fide", file_name="a.txt", lines=FOA)
    services.rating_list_load(kind="uschess", file_name="us.csv", lines=US_CSV)

    services.rating_list_load(kind="fide", file_name="b.txt", lines=FOA[:2])

    assert sorted(RatingList.objects.values_list("kind", "file_name", "rows")) == [
        ("fide", "b.txt", 1),
        ("uschess", "us.csv", 3),
    ]
    assert RatingListEntry.objects.count() == 4


US_CSV = [
    "Member ID,Name,Regular Rating,State,Expiration",
    '12345678,"ORTIZ, ANA",1850,IL,2027-01-31',
    '23456789,"LIN, DEE",1432/12,WI,2026-12-31',
    '34567890,"PARK, CY",,XX,2026-12-31',
    '1234,"SHORT, ID",1500,IL,',
]


def test_a_us_chess_csv_gives_ids_ratings_and_states() -> None:
    rows = list(uschess_csv_rows("\n".join(US_CSV)))

    assert [(r.member_id, r.name, r.rating, r.state, r.federation) for r in rows] == [
        ("12345678", "ORTIZ, ANA", 1850, "IL", "USA"),
        ("23456789", "LIN, DEE", 1432, "WI", "USA"),  # provisional: the rating part
        ("34567890", "PARK, CY", None, "", "USA"),  # unknown state left blank
    ]


def test_a_us_chess_csv_with_last_and_first_name_columns() -> None:
    text = "USCF ID,Last Name,First Name,Rating\n12345678,Ortiz,Ana,1850\n"

    assert [r.name for r in uschess_csv_rows(text)] == ["Ortiz, Ana"]
    with pytest.raises(ValueError, match="header row"):
        list(uschess_csv_rows("Name,Rating\nAna,1850\n"))


@pytest.fixture
def lists() -> None:
    services.rating_list_load(kind="fide", file_name="foa.txt", lines=FOA)
    services.rating_list_load(kind="uschess", file_name="us.csv", lines=US_CSV)


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("12345678", ["ORTIZ, ANA"]),
        ("1503014", ["Carlsen, Magnus"]),
        ("ortiz", ["Ortiz, Ana", "ORTIZ, ANA"]),
        ("Ana Ortiz", ["Ortiz, Ana", "ORTIZ, ANA"]),
        ("muller, j", ["Müller, Jürgen"]),
        ("Müll", ["Müller, Jürgen"]),
        ("Ca", []),
        ("Nobody", []),
    ],
)
def test_lookup_by_id_or_the_start_of_a_name(
    lists: None, query: str, found: list[str]
) -> None:
    assert sorted(e.name for e in selectors.rating_list_lookup(query)) == sorted(found)


def test_the_player_form_lists_matches_and_fills_the_one_chosen(
    lists: None, td_client: Client, tournament: Tournament
) -> None:
    section = section_build(tournament=tournament, ratings=[], rounds=[])
    url = reverse(
        "tournaments:player_add",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )
    entry = RatingListEntry.objects.get(member_id="30920019")

    listed = td_client.get(url, {"lookup": "ortiz"}).content.decode()
    filled = html.unescape(td_client.get(url, {"fill": entry.pk}).content.decode())

    assert f"?fill={entry.pk}" in listed
    for name, value in [
        ("name", "Ortiz, Ana"),
        ("rating", "2301"),
        ("fide_id", "30920019"),
        ("federation", "USA"),
        ("title", "WGM"),
    ]:
        assert f'name="{name}" value="{value}"' in filled, name


def test_check_in_search_offers_list_players_not_yet_entered(
    lists: None, td_client: Client, tournament: Tournament
) -> None:
    section = section_build(tournament=tournament, ratings=[1800], rounds=[])
    Player.objects.filter(section=section).update(
        name="Ana Ortiz", uschess_id="12345678"
    )
    url = reverse(
        "tournaments:checkin",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
    )
    fide_entry = RatingListEntry.objects.get(member_id="30920019")
    us_entry = RatingListEntry.objects.get(member_id="12345678")

    page = td_client.get(url, {"q": "ortiz"}).content.decode()

    add = reverse(
        "tournaments:player_add",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )
    assert f"{add}?fill={fide_entry.pk}" in page
    assert f"?fill={us_entry.pk}" not in page  # already in the section


def test_csv_import_fills_missing_ratings_from_the_lists(
    lists: None, tournament: Tournament
) -> None:
    section = section_build(tournament=tournament, ratings=[], rounds=[])
    text = "Ana Ortiz,12345678,,,IL,\nCy Park,34567890,,,IA,\nBo Dee,,1503014,,NOR,\n"

    plain = services.players_import_preview(section=section, text=text)
    filled = services.players_import_preview(
        section=section, text=text, fill_ratings=True
    )
    saved = services.players_import_save(section=section, text=text, fill_ratings=True)

    assert [r.rating for r in plain.rows] == [None, None, None]
    assert [r.rating for r in filled.rows] == [1850, None, 2837]
    assert filled.warnings == [
        "Filled 2 missing ratings from the rating lists: line 1 (Ana Ortiz, 1850); "
        "line 3 (Bo Dee, 2837)."
    ]
    assert sorted((p.name, p.rating) for p in saved) == [
        ("Ana Ortiz", 1850),
        ("Bo Dee", 2837),
        ("Cy Park", None),
    ]


def test_the_rating_lists_page_loads_a_file(td_client: Client) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = td_client.post(
        reverse("tournaments:rating_lists"),
        {
            "kind": "uschess",
            "file": SimpleUploadedFile("us.csv", "\n".join(US_CSV).encode()),
        },
    )
    refused = td_client.post(
        reverse("tournaments:rating_lists"),
        {"kind": "fide", "file": SimpleUploadedFile("x.txt", b"nothing here\n")},
    )

    assert response.status_code == 302
    assert RatingList.objects.get().rows == 3
    assert "not FIDE&#x27;s players list" in refused.content.decode()


def test_the_command_loads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\n".join(FOA) + "\n", encoding="utf-8")

    call_command("load_rating_list", "fide", str(path))
    with pytest.raises(CommandError):
        call_command("load_rating_list", "fide", str(tmp_path / "missing.txt"))

    assert RatingList.objects.get(kind="fide").rows == 4
