"""TRF-2026: its new header records read into the section and written back from it."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from standings.trf_export import section_trf
from tests.tournaments.builders import section_build
from tests.tournaments.trf_builders import p001, trf_text
from tournaments import trf
from tournaments.models import RequestedBye, Section
from tournaments.services import tournament_import_trf
from tournaments.trf import trf2026

pytestmark = pytest.mark.django_db

# Four players, round 3 of 5 played; the new TRF-2026 records, an NRS line and a comment.
TRF26 = trf_text(
    "012 Spring Rapid",
    "042 2026/03/01",
    "052 2026/03/02",
    "102 Maria Delgado",
    "142 5",
    "152 B",
    "162  W 3.0    D 1.0    L 0.0",
    "202 DE,WON,BH",
    "222 5400+30",
    "240 H 004    1    3",
    "250       1.0 001 002 0001 0002",
    "260 001 005    1    2",
    "### the players",
    p001(1, "Adams, Al", "   4 w 1", "   2 b 1", "   3 w =", rating=2100, points="7.0"),
    p001(2, "Brown, Bo", "   3 b 1", "   1 w 0", "   4 b 1", rating=2000, points="6.0"),
    p001(3, "Chen, Cy", "   2 w 0", "   4 b =", "   1 b =", rating=1900, points="2.0"),
    p001(4, "Diaz, Di", "   1 b 0", "   3 w =", "   2 w 0", rating=1800, points="1.0"),
    "USA    1 m    Adams, Al                         2150 IL  12345678",
)
NEW = ("142", "152", "162", "202", "222", "240", "250", "260", "USA", "###")


def values(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for record in trf.parse(text).records:
        found.setdefault(record.code, []).append(record.value)
    return found


def test_import_reads_the_new_records_into_the_section() -> None:
    section = tournament_import_trf(text=TRF26).sections.get()

    assert section.rounds_total == 5
    assert (section.win_points, section.draw_points, section.loss_points) == (
        Decimal(3),
        Decimal(1),
        Decimal(0),
    )
    assert section.tiebreaks == "head_to_head,wins,solkoff:adjust=none"
    assert section.time_control == "G/90;+30"
    assert section.pairing_options == {
        "board_one_colour": "black",
        "accelerated_rounds": 2,
        "accelerated_points": "1",
    }
    assert sorted(
        RequestedBye.objects.filter(player__section=section).values_list(
            "player__start_number", "round_number", "kind"
        )
    ) == [(1, 4, "half"), (3, 4, "half")]


def test_a_trf2026_file_round_trips() -> None:
    section = tournament_import_trf(text=TRF26).sections.get()

    exported = section_trf(section=section, version="2026")
    again = tournament_import_trf(text=exported).sections.get()

    original, written = values(TRF26), values(exported)
    for code in NEW:
        assert written[code] == original[code], code
    assert "XXR" not in written
    assert [p.rounds for p in trf.parse(exported).players] == [
        p.rounds[:5] for p in trf.parse(TRF26).players
    ]
    for field in ("tiebreaks", "time_control", "pairing_options", "win_points"):
        assert getattr(again, field) == getattr(section, field), field
    assert RequestedBye.objects.filter(player__section=again).count() == 2


def test_a_change_in_the_section_is_written_in_place_of_the_imported_record() -> None:
    section = tournament_import_trf(text=TRF26).sections.get()
    Section.objects.filter(pk=section.pk).update(
        win_points=1, draw_points="0.5", time_control="G/45;+10"
    )
    RequestedBye.objects.filter(
        player__section=section, player__start_number=3
    ).delete()
    section.refresh_from_db()

    written = values(section_trf(section=section, version="2026"))

    assert "162" not in written  # back to the default 1 / 0.5 / 0: no record needed
    assert written["222"] == ["2700+10"]
    assert written["240"] == ["H 004    1"]


def test_a_section_made_here_gets_the_new_records_in_trf2026_only() -> None:
    section = section_build(
        ratings=[2000, 1900],
        rounds=["1-2 1-0"],
        rounds_total=3,
        time_control="40/90,SD/30;+30",
        tiebreaks="sonneborn_berger,head_to_head",
        pairing_options={"board_one_colour": "white"},
    )
    RequestedBye.objects.create(
        player=section.players.get(start_number=2), round_number=3, kind="zero"
    )

    trf16 = values(section_trf(section=section))
    trf26 = values(section_trf(section=section, version="2026"))

    assert "XXR" in trf16 and not {"142", "152", "202", "222", "240"} & set(trf16)
    assert trf26["142"] == ["3"]
    assert trf26["152"] == ["W"]
    assert trf26["202"] == ["SB,DE"]
    assert trf26["222"] == ["40/5400+30:1800+30"]
    assert trf26["240"] == ["Z 003    2"]
    assert "XXR" not in trf26


@pytest.mark.parametrize(
    ("spelling", "encoded"),
    [
        ("G/90;+30", "5400+30"),
        ("40/100,SD/15;+30", "40/6000+30:900+30"),
        ("G/5;d0", "300"),
    ],
)
def test_time_controls_convert_both_ways(spelling: str, encoded: str) -> None:
    assert trf2026.time_control_text(spelling) == encoded
    assert trf2026.time_control_read(encoded) == spelling


def test_what_has_no_equivalent_is_left_alone() -> None:
    assert trf2026.time_control_text("G/60;d5") is None  # a delay: no TRF-2026 spelling
    assert trf2026.time_control_read("W300-B240") is None  # Armageddon
    assert trf2026.tiebreaks_read("BH/C1,SB") is None  # no engine system for Cut-1 BH
    assert trf2026.tiebreaks_text("modified_median,solkoff") is None
    assert trf2026.scoring_read(" W 2.0    D 1.0    L 0.0") == (
        Fraction(2),
        Fraction(1),
        Fraction(0),
    )


def test_an_unreadable_new_record_round_trips_unchanged() -> None:
    text = TRF26.replace("202 DE,WON,BH", "202 BH/C1,BH,SB").replace(
        "222 5400+30", "222 W300-B240"
    )
    section = tournament_import_trf(text=text).sections.get()

    written = values(section_trf(section=section, version="2026"))

    assert section.time_control == ""
    assert written["202"] == ["BH/C1,BH,SB"]
    assert written["222"] == ["W300-B240"]
