"""The US Chess rating report read back by an independent reader (dbfread), record by record."""

from __future__ import annotations

import datetime
import io
import zipfile
from pathlib import Path

import pytest
from dbfread import DBF

from tests.tournaments.builders import section_build, tournament_build
from tournaments.demo import demo_tournament_create
from tournaments.models import Pairing, Player, Result, Round, Section, Tournament
from tournaments.uschess_report import rating_report_files, rating_report_load

pytestmark = pytest.mark.django_db

# The widths of the published 2C format (docs/rating-report.md), field by field.
HEADER_WIDTHS = {
    "H_FORMAT": 5, "H_PROGRAM": 10, "H_EVENT_ID": 12, "H_NAME": 35, "H_TOT_SECT": 2,
    "H_BEG_DATE": 8, "H_END_DATE": 8, "H_AFF_ID": 8, "H_CITY": 21, "H_STATE": 2,
    "H_ZIPCODE": 10, "H_COUNTRY": 21, "H_SENDCROS": 1, "H_CTD_ID": 8, "H_ATD_ID": 8,
    "H_OTHER_TD": 255,
}  # fmt: skip
SECTION_WIDTHS = {
    "S_EVENT_ID": 12, "S_SEC_NUM": 2, "S_SEC_NAME": 30, "S_R_SYSTEM": 1, "S_TIMECTL": 40,
    "S_CTD_ID": 8, "S_ATD_ID": 8, "S_TRN_TYPE": 1, "S_TOT_RNDS": 2, "S_LST_PAIR": 4,
    "S_BEG_DATE": 8, "S_END_DATE": 8, "S_SCH_LVL": 1, "S_GR_PRIX": 1, "S_GP_PTS": 3,
    "S_FIDE": 1,
}  # fmt: skip
DETAIL_WIDTHS = {
    "D_EVENT_ID": 12, "D_SEC_NUM": 2, "D_PAIR_NUM": 4, "D_MEM_ID": 8, "D_NAME": 30,
    "D_STATE": 2, "D_RATING": 4,
}  # fmt: skip


def read_back(tmp_path: Path, tournament: Tournament) -> dict[str, DBF]:
    files = rating_report_files(rating_report_load(tournament))
    tables = {}
    for name, data in files.items():
        assert data.endswith(b"\x1a") and data[0] == 0x03
        (tmp_path / name).write_bytes(data)
        tables[name] = DBF(
            str(tmp_path / name),
            encoding="ascii",
            char_decode_errors="strict",
            load=True,
        )
    return tables


def widths(table: DBF) -> dict[str, int]:
    assert {f.type for f in table.fields} == {"C"}  # character fields only, no memo
    return {f.name: f.length for f in table.fields}


# What a pairing means for each of its players, written out independently of the exporter:
# (white's cell, black's cell) with {o} for the opponent's pairing number.
EXPECTED = {
    Result.WHITE_WIN: ("W{o}W", "L{o}B"),
    Result.DRAW: ("D{o}W", "D{o}B"),
    Result.BLACK_WIN: ("L{o}W", "W{o}B"),
    Result.WHITE_FORFEIT_WIN: ("X0", "F0"),
    Result.BLACK_FORFEIT_WIN: ("F0", "X0"),
    Result.DOUBLE_FORFEIT: ("F0", "F0"),
    Result.BYE_PAIRING: ("B0", None),
    Result.BYE_FULL: ("B0", None),
    Result.BYE_HALF: ("H0", None),
    Result.BYE_ZERO: ("U0", None),
    Result.NOT_PAIRED: ("U0", None),
    Result.FORFEIT_WIN_NO_OPPONENT: ("X0", None),
}


def expected_cells(section: Section, rounds: int) -> dict[int, list[str]]:
    """Start number -> the round cells the section's pairings call for, U0 where none."""
    cells = {
        p.start_number: ["U0"] * rounds for p in Player.objects.filter(section=section)
    }
    for pairing in Pairing.objects.filter(round__section=section).select_related(
        "round", "white", "black"
    ):
        white, black = EXPECTED[Result(pairing.result)]
        n = pairing.round.number - 1
        o = pairing.black.start_number if pairing.black else 0
        cells[pairing.white.start_number][n] = white.format(o=o)
        if pairing.black and black:
            cells[pairing.black.start_number][n] = black.format(
                o=pairing.white.start_number
            )
    return cells


def test_the_demo_reads_back_as_exactly_its_results(tmp_path: Path) -> None:
    tournament = demo_tournament_create()[0]
    tables = read_back(tmp_path, tournament)
    sections = list(tournament.sections.all())
    rounds = max(s.rounds_total for s in sections)

    assert widths(tables["THEXPORT.DBF"]) == HEADER_WIDTHS
    assert widths(tables["TSEXPORT.DBF"]) == SECTION_WIDTHS
    assert widths(tables["TDEXPORT.DBF"]) == DETAIL_WIDTHS | {
        f"D_RND{n:02d}": 7 for n in range(1, rounds + 1)
    }
    [header] = tables["THEXPORT.DBF"].records
    assert header["H_FORMAT"] == "2C"
    assert header["H_NAME"] == tournament.name
    assert header["H_TOT_SECT"] == str(len(sections))
    assert (header["H_BEG_DATE"], header["H_END_DATE"]) == ("20250412", "20250413")
    assert (header["H_CITY"], header["H_STATE"], header["H_ZIPCODE"]) == (
        "Springfield",
        "IL",
        "62701",
    )
    assert header["H_CTD_ID"] == tournament.chief_td_id
    section_rows = tables["TSEXPORT.DBF"].records
    assert [r["S_SEC_NAME"] for r in section_rows] == [s.name for s in sections]
    assert [r["S_TIMECTL"] for r in section_rows] == ["G/90;d5"] * len(sections)
    details = tables["TDEXPORT.DBF"].records
    assert len(details) == Player.objects.filter(section__tournament=tournament).count()
    for number, section in enumerate(sections, start=1):
        cells = expected_cells(section, rounds)
        rows = [r for r in details if r["D_SEC_NUM"] == str(number)]
        players = {p.start_number: p for p in section.players.all()}
        assert sorted(int(r["D_PAIR_NUM"]) for r in rows) == sorted(players)
        for row in rows:
            player = players[int(row["D_PAIR_NUM"])]
            assert row["D_MEM_ID"] == player.uschess_id
            assert row["D_RATING"] == (
                "" if player.rating is None else str(player.rating)
            )
            assert row["D_STATE"] == player.state
            got = [row[f"D_RND{n:02d}"] for n in range(1, rounds + 1)]
            assert got == cells[player.start_number], player


@pytest.fixture
def event() -> Tournament:
    """Every kind of result, a withdrawal and a late entry, two Swiss sections of different
    lengths and a round robin."""
    tournament = tournament_build(
        name="Every Result Open",
        start_date=datetime.date(2025, 6, 1),
        end_date=datetime.date(2025, 6, 2),
    )
    section_build(
        tournament=tournament,
        name="Open",
        ratings=[2100, 2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100],
        rounds=[
            "1-2 +-, 3-4 -+, 5-6 --, 7-8 1-0, 9 U, 10 F, 11 H",
            "2-1 =, 4-3 0-1, 6-5 1-0, 8-7 =, 9 Z, 10 -, 11 H",
            "1-3 1-0, 2-4 =, 5-7 0-1, 6-9 1-0, 8 F, 11 -",
        ],
        position=0,
    )
    Player.objects.filter(section__name="Open", start_number=10).update(
        status="withdrawn", withdrawn_after_round=2
    )
    section_build(
        tournament=tournament,
        name="Reserve",
        ratings=[1500, 1400, None],
        rounds=["1-2 0-1, 3 U"],
        position=1,
    )
    section_build(
        tournament=tournament,
        name="Quad",
        kind=Section.Kind.ROUND_ROBIN,
        ratings=[1800, 1700, 1600, 1500],
        rounds=["1-4 1-0, 2-3 =", "4-3 0-1, 1-2 =", "2-4 1-0, 3-1 0-1"],
        position=2,
    )
    Round.objects.filter(section__tournament=tournament).update(status="complete")
    return tournament


def test_every_kind_of_result_reads_back_as_the_wall_chart(
    tmp_path: Path, event: Tournament
) -> None:
    details = read_back(tmp_path, event)["TDEXPORT.DBF"].records
    cells = {
        (r["D_SEC_NUM"], r["D_PAIR_NUM"]): [r[f"D_RND0{n}"] for n in (1, 2, 3)]
        for r in details
    }

    # Open: forfeits both ways, a double forfeit, byes of each kind, a late entry.
    assert cells["1", "1"] == ["X0", "D2B", "W3W"]
    assert cells["1", "2"] == ["F0", "D1W", "D4W"]
    assert cells["1", "3"] == ["F0", "W4B", "L1B"]
    assert cells["1", "4"] == ["X0", "L3W", "D2B"]
    assert cells["1", "5"] == ["F0", "L6B", "L7W"]
    assert cells["1", "6"] == ["F0", "W5W", "W9W"]
    assert cells["1", "7"] == ["W8W", "D8B", "W5B"]
    assert cells["1", "9"] == ["B0", "U0", "L6B"]
    assert cells["1", "10"] == ["B0", "U0", "U0"]  # withdrawn after round 2
    assert cells["1", "11"] == ["H0", "H0", "U0"]
    # Reserve has one round: padded with U0 to the longest section.
    assert cells["2", "2"] == ["W1B", "U0", "U0"]
    assert cells["2", "3"] == ["B0", "U0", "U0"]
    # The round robin, chronological cells.
    assert cells["3", "1"] == ["W4W", "D2W", "W3B"]
    assert cells["3", "4"] == ["L1B", "L3W", "L2B"]
    sections = read_back(tmp_path, event)["TSEXPORT.DBF"].records
    assert [(s["S_TRN_TYPE"], s["S_TOT_RNDS"], s["S_LST_PAIR"]) for s in sections] == [
        ("S", "3", "11"),
        ("S", "1", "3"),
        ("R", "3", "4"),
    ]


def test_every_record_of_the_event_matches_its_pairings(
    tmp_path: Path, event: Tournament
) -> None:
    details = read_back(tmp_path, event)["TDEXPORT.DBF"].records
    for number, section in enumerate(event.sections.all(), start=1):
        cells = expected_cells(section, 3)
        for row in (r for r in details if r["D_SEC_NUM"] == str(number)):
            got = [row[f"D_RND0{n}"] for n in (1, 2, 3)]
            assert got == cells[int(row["D_PAIR_NUM"])]


def test_names_go_out_folded_and_cells_are_padded_to_seven(event: Tournament) -> None:
    Player.objects.filter(section__name="Reserve", start_number=1).update(
        name="Zoë Ångström"
    )
    data = rating_report_files(rating_report_load(event))["TDEXPORT.DBF"]

    assert b"ANGSTROM, ZOE                 " in data
    assert b"W1B    U0     U0     " in data


def test_the_zip_holds_the_three_files(event: Tournament) -> None:
    from tournaments.uschess_report import rating_report_zip

    event_data = rating_report_load(event)
    archive = zipfile.ZipFile(io.BytesIO(rating_report_zip(event_data)))

    assert archive.namelist() == ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]
    assert (
        archive.read("TDEXPORT.DBF") == rating_report_files(event_data)["TDEXPORT.DBF"]
    )
