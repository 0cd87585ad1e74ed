"""The final results as files: standings, wall chart and prize list in CSV and JSON, read back and
compared with the engine's standings and with what the commands print."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from standings.engine import format_decimal
from standings.reports import SectionReport, section_report
from tests.standings.prize_builders import fund, prize_section
from tests.tournaments.builders import section_build
from tournaments import trf
from tournaments.models import Player, Section, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    section = section_build(
        tournament=tournament,
        ratings=[2200, 2100, 2000, 1900, None],
        names=[
            "Herrera, Tomas",
            "Okafor, Daniel",
            "Raman, Priya",
            "Sokolova, Elena",
            "Patel, Noah",
        ],
        rounds=["1-2 1-0, 3-4 =, 5 U", "4-1 0-1, 2-5 +-, 3 H", "1-3 =, 5-4 0-1, 2 -"],
        is_final=True,
    )
    return section


def _get(client: Client, name: str, section: Section) -> str:
    response = client.get(
        reverse(
            f"standings:{name}",
            kwargs={"slug": section.tournament.slug, "section": section.pk},
        )
    )
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment; filename=")
    # A CSV download starts with the UTF-8 byte order mark (for Excel); the text is the same.
    return response.content.decode("utf-8-sig")


def _engine(section: Section) -> SectionReport:
    return section_report(section=section)


def test_standings_json_matches_the_engine(anonymous: Client, section: Section) -> None:
    document = json.loads(_get(anonymous, "standings_json", section))
    report = _engine(section)
    keys = [spec.key for spec in report.standings.order]

    assert document["final"] is True
    assert document["after_round"] == report.standings.through_round == 3
    assert [t["key"] for t in document["tiebreaks"]] == keys
    assert [
        (d["rank"], d["shared"], d["start_number"], d["score"], d["tiebreaks"])
        for d in document["standings"]
    ] == [
        (
            row.rank,
            row.shared,
            row.player.start_number,
            format_decimal(row.score),
            {k: format_decimal(v.value) for k, v in zip(keys, row.values, strict=True)},
        )
        for row in report.standings.rows
    ]


def test_standings_csv_matches_the_engine(anonymous: Client, section: Section) -> None:
    rows = list(csv.DictReader(io.StringIO(_get(anonymous, "standings_csv", section))))
    report = _engine(section)
    keys = [spec.key for spec in report.standings.order]

    assert [r["start_number"] for r in rows] == [
        str(row.player.start_number) for row in report.standings.rows
    ]
    for line, row in zip(rows, report.standings.rows, strict=True):
        assert line["rank"] == str(row.rank)
        assert line["score"] == format_decimal(row.score)
        assert [line[k] for k in keys] == [format_decimal(v.value) for v in row.values]
    patel = next(r for r in rows if r["start_number"] == "5")
    assert patel["name"] == "Patel, Noah" and patel["rating"] == ""


def test_wall_chart_json_has_each_round_and_the_engines_running_scores(
    anonymous: Client, section: Section
) -> None:
    document = json.loads(_get(anonymous, "crosstable_json", section))
    report = _engine(section)
    by_number = {p["start_number"]: p for p in document["players"]}
    for row in report.standings.rows:
        player = by_number[row.player.start_number]
        assert [r["running_score"] for r in player["rounds"]] == [
            format_decimal(x) for x in report.standings.running_scores(row.player.id)
        ]
        assert player["score"] == format_decimal(row.score)
    assert [(r["result"], r["opponent"]) for r in by_number[2]["rounds"]] == [
        ("L", 1),
        ("X", 5),
        ("U", None),
    ]
    assert [r["result"] for r in by_number[3]["rounds"]] == ["D", "H", "D"]


def test_wall_chart_csv_reads_back_into_the_same_cells(
    anonymous: Client, section: Section
) -> None:
    rows = list(csv.DictReader(io.StringIO(_get(anonymous, "crosstable_csv", section))))
    report = _engine(section)
    assert [r["start_number"] for r in rows] == [
        str(row.player.start_number) for row in report.standings.rows
    ]
    herrera = next(r for r in rows if r["start_number"] == "1")
    assert [herrera[f"round_{n}"] for n in (1, 2, 3)] == ["W2", "W4", "D3"]
    assert [herrera[f"after_round_{n}"] for n in (1, 2, 3)] == ["1", "2", "2.5"]


def test_a_download_for_a_round_without_standings_says_why(
    anonymous: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 ?"]
    )
    url = reverse(
        "standings:standings_csv",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )
    response = anonymous.get(url + "?round=1")
    assert response.status_code == 404
    assert "no result yet" in response.content.decode()


def test_trf_download_reads_back_with_the_engines_ranks(
    anonymous: Client, section: Section
) -> None:
    text = _get(anonymous, "section_trf", section)

    parsed = trf.parse(text)
    report = _engine(section)
    rank = {row.player.start_number: row.rank for row in report.standings.rows}
    assert {p.start_number: int(p.rank) for p in parsed.players} == rank
    assert parsed.rounds_total == section.rounds_total


def test_the_final_section_pages_link_the_trf_download(
    anonymous: Client, section: Section
) -> None:
    kwargs = {"slug": section.tournament.slug, "section": section.pk}
    page = anonymous.get(reverse("standings:standings", kwargs=kwargs)).content.decode()

    assert reverse("standings:section_trf", kwargs=kwargs) in page


# ---- one rendering per file: the commands print what the download buttons give ----------------


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize(
    ("command", "file", "parse"),
    [
        ("standings", "standings.json", json.loads),
        ("standings", "standings.csv", _rows),
        ("prizes", "prizes.json", json.loads),
        ("prizes", "prizes.csv", _rows),
    ],
)
def test_the_command_prints_the_file_the_download_gives(
    command: str,
    file: str,
    parse: Callable[[str], object],
    anonymous: Client,
    tournament: Tournament,
) -> None:
    # A tie on score for 2nd-4th shared in cash, a trophy, an unrated player and a withdrawal.
    section = prize_section(tournament, prize_fund=fund("120"), is_final=True)
    Player.objects.filter(section=section, start_number=3).update(rating=None)
    Player.objects.filter(section=section, start_number=6).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=3
    )
    name, extension = file.split(".")
    out = io.StringIO()
    call_command(command, tournament.slug, "--format", extension, stdout=out)

    downloaded = _get(anonymous, f"{name}_{extension}", section)

    assert parse(out.getvalue()) == parse(downloaded)
    # Not two empty files: Cy is in both, and in the prize list with his share.
    assert "Cy Chen" in downloaded and "Cy Chen" in out.getvalue()
    if command == "prizes":
        assert "140.00" in downloaded


def test_prize_list_csv_has_a_row_per_award_with_the_prizes_behind_the_cash(
    anonymous: Client, tournament: Tournament
) -> None:
    # 34C: Cy, Ben and Dee tied for 2nd-4th share $200 + $100 + U1600 $120: $140 each.
    section = prize_section(tournament, prize_fund=fund("120"))

    rows = list(csv.DictReader(io.StringIO(_get(anonymous, "prizes_csv", section))))

    assert [(r["start_number"], r["name"], r["cash"]) for r in rows] == [
        ("1", "Ann Avery", "500.00"),
        ("3", "Cy Chen", "140.00"),
        ("2", "Ben Brandt", "140.00"),
        ("4", "Dee Diaz", "140.00"),
    ]
    assert rows[0]["prizes"] == "1st" and rows[0]["items"] == "Trophy (1st)"
    assert rows[1]["prizes"] == "2nd; U1600 1st; 3rd" and rows[1]["items"] == ""


def test_csv_downloads_start_with_a_byte_order_mark_and_json_does_not(
    anonymous: Client, section: Section
) -> None:
    """Excel opens a CSV file without the mark in the PC's code page ("TomÃ¡s")."""
    Player.objects.filter(section=section, start_number=1).update(name="Herrera, Tomás")
    for name in ("standings_csv", "crosstable_csv", "prizes_csv"):
        response = anonymous.get(
            reverse(
                f"standings:{name}",
                kwargs={"slug": section.tournament.slug, "section": section.pk},
            )
        )
        assert response.content.startswith(b"\xef\xbb\xbf"), name
        assert response.content.count(b"\xef\xbb\xbf") == 1
    assert (
        "Tomás".encode()
        in anonymous.get(
            reverse(
                "standings:standings_csv",
                kwargs={"slug": section.tournament.slug, "section": section.pk},
            )
        ).content
    )
    assert not _raw(anonymous, "standings_json", section).startswith(b"\xef\xbb\xbf")


def _raw(client: Client, name: str, section: Section) -> bytes:
    return client.get(
        reverse(
            f"standings:{name}",
            kwargs={"slug": section.tournament.slug, "section": section.pk},
        )
    ).content


@pytest.mark.parametrize(
    "name",
    ['=HYPERLINK("http://x")', "+1+2", "-2+3", "@SUM(A1)", "\tcmd"],
)
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(
    anonymous: Client, section: Section, name: str
) -> None:
    Player.objects.filter(section=section, start_number=2).update(name=name)
    for file in ("standings_csv", "crosstable_csv"):
        rows = list(csv.reader(io.StringIO(_get(anonymous, file, section))))
        cells = [c for row in rows for c in row]
        assert "'" + name in cells, file
        assert name not in cells, file
        # Numbers keep their sign: the values are not touched.
        assert all(not c.startswith("'") or c == "'" + name for c in cells)
