"""TRF-2026: its new header records read into the section and written back from it."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from standings.trf_export import section_trf
from tests.tournaments.builders import section_build
from tests.tournaments.trf_builders import p001, trf_text
from tournaments import pairing, trf
from tournaments.models import RequestedBye, Section, Tournament
from tournaments.services import TrfImportError, tournament_import_trf
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
        "do_not_pair": [[1, 2]],
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
        win_points=1,
        draw_points="0.5",
        time_control="G/45;+10",
        pairing_options={"accelerated_rounds": 3, "accelerated_points": "0.5"},
    )
    RequestedBye.objects.filter(
        player__section=section, player__start_number=3
    ).delete()
    section.refresh_from_db()

    written = values(section_trf(section=section, version="2026"))

    assert "162" not in written  # back to the default 1 / 0.5 / 0: no record needed
    assert written["222"] == ["2700+10"]
    assert written["240"] == ["H 004    1"]
    assert written["250"] == ["      0.5 001 003 0001 0002"]
    assert "260" not in written  # the do-not-pair list is gone with the options


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
    assert trf2026.time_control_read("\u00b2+30") is None  # not digits int() reads
    assert trf2026.time_control_read("9" * 5000) is None
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


# Six players, rounds 1-2 of 4 played (player 6 had a requested half-point bye in round 2); a
# family of three and a pair kept apart for the whole event, one pair for rounds 3-4 only;
# byes for rounds played and to come.
TRF26_APART = trf_text(
    "012 Family Open",
    "142 4",
    "240 H 002    6",
    "240 Z 003    2    5",
    "260 001 004    1    3    5",
    "260 001 004    2    6",
    "260 003 004    2    4",
    p001(1, "Adams, Al", "   2 w 1", "   4 b 1", rating=2100),
    p001(2, "Brown, Bo", "   1 b 0", "   3 w =", rating=2000),
    p001(3, "Chen, Cy", "   4 w 0", "   2 b =", rating=1900),
    p001(4, "Diaz, Di", "   3 b 1", "   1 w 0", rating=1800),
    p001(5, "Egan, Ed", "   6 w =", "0000 - U", rating=1700),
    p001(6, "Fox, Flo", "   5 b =", "0000 - H", rating=1600),
)


def test_prohibited_pairings_fill_the_do_not_pair_list() -> None:
    notes: list[str] = []
    section = tournament_import_trf(text=TRF26_APART, warn=notes.append).sections.get()

    # Every two of a 260 record's players are kept apart; a record for rounds 3-4 only is not
    # (the do-not-pair list has no rounds), and the TD is told.
    assert section.pairing_options["do_not_pair"] == [[1, 3], [1, 5], [2, 6], [3, 5]]
    assert pairing.options_parse(section.pairing_options).do_not_pair == {
        frozenset(p) for p in ((1, 3), (1, 5), (3, 5), (2, 6))
    }
    assert notes == [
        "line 7: players 2, 4 may not meet in rounds 3 to 4 only: the record is kept, but "
        "the do-not-pair list applies to every round, so the pairing program does not "
        "apply it"
    ]
    # 240: a requested bye for the round played (its result is the bye) and the round to come.
    assert sorted(
        RequestedBye.objects.filter(player__section=section).values_list(
            "player__start_number", "round_number", "kind"
        )
    ) == [(2, 3, "zero"), (5, 3, "zero"), (6, 2, "half")]


def test_the_byes_and_prohibited_pairings_round_trip() -> None:
    section = tournament_import_trf(text=TRF26_APART).sections.get()

    exported = section_trf(section=section, version="2026")
    again = tournament_import_trf(text=exported).sections.get()

    for code in ("240", "260"):
        assert values(exported)[code] == values(TRF26_APART)[code], code
    assert again.pairing_options == section.pairing_options
    # TRF-16 has no 240 / 260 records: the imported ones are written back as the file had them.
    assert values(section_trf(section=section))["260"] == values(TRF26_APART)["260"]


def test_a_changed_do_not_pair_list_is_written_from_the_section() -> None:
    section = tournament_import_trf(text=TRF26_APART).sections.get()
    # The TD keeps 1 and 3 apart no more, and adds 4 and 6.
    Section.objects.filter(pk=section.pk).update(
        pairing_options={"do_not_pair": [[1, 5], [3, 5], [2, 6], [6, 4]]}
    )
    section.refresh_from_db()

    written = values(section_trf(section=section, version="2026"))

    assert (
        written["260"]
        == [
            "001 004    1    5",  # the family's record no longer holds: its pairs left, one each
            "001 004    3    5",
            "001 004    4    6",
            "001 004    2    6",  # still as the file had it
            "003 004    2    4",  # the section never held it: unchanged
        ]
    )


def test_a_section_made_here_writes_its_do_not_pair_list() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=[],
        rounds_total=5,
        pairing_options={"do_not_pair": [[4, 2], [1, 3]]},
    )

    assert values(section_trf(section=section, version="2026"))["260"] == [
        "001 005    1    3",
        "001 005    2    4",
    ]
    assert "260" not in values(section_trf(section=section))


def test_a_baku_acceleration_and_a_team_events_records_stay_as_the_file_had_them() -> (
    None
):
    text = TRF26_APART.replace(
        "142 4\n",
        "142 4\n250       2.0 001 001 0001 0003\n250       1.0 002 002 0001 0003\n",
    )
    section = tournament_import_trf(text=text).sections.get()
    assert "accelerated_rounds" not in section.pairing_options
    assert values(section_trf(section=section, version="2026"))["250"] == [
        "      2.0 001 001 0001 0003",
        "      1.0 002 002 0001 0003",
    ]
    # One bonus for players 1 to 2 of 6: not the top half the pairing program accelerates.
    two = TRF26_APART.replace("142 4\n", "142 4\n250       1.0 001 002 0001 0002\n")
    section = tournament_import_trf(text=two).sections.get()
    assert "accelerated_rounds" not in section.pairing_options
    assert values(section_trf(section=section, version="2026"))["250"] == [
        "      1.0 001 002 0001 0002"
    ]
    # A team tournament's file (team records 310): its ids are teams, not these players.
    team = text.replace("142 4\n", "142 4\n310   1 Lions\n")
    section = tournament_import_trf(text=team).sections.get()
    assert "do_not_pair" not in section.pairing_options
    assert not RequestedBye.objects.filter(player__section=section).exists()
    written = values(section_trf(section=section, version="2026"))
    assert written["260"] == values(TRF26_APART)["260"]
    assert written["240"] == values(TRF26_APART)["240"]


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("260 001 004    1", "expected the first and last round"),
        ("260 001 004    1    x", "expected the first and last round"),
        ("260 004 001    1    2", "the first round 4 is after the last round 1"),
        ("260 001 004    1    1", "names a player twice"),
        ("260 001 004    1    9", "names player 9, but no player line"),
        ("240 Q 003    1", "expected the bye type F, H or Z"),
        # str.isdigit() is true of these; int() refuses both (a superscript; 5,000 digits).
        ("240 H 003    \u00b2", "expected the bye type F, H or Z"),
        (f"240 H 003    {'9' * 5000}", "expected the bye type F, H or Z"),
        ("240 H \u00b2      1", "expected the bye type F, H or Z"),
        ("240 H 009    1", "player 1 in round 9, but the event has 4 rounds"),
        ("240 H 002    1", "player 1 has a bye in round 2, but plays 4"),
        ("240 H 003    7", "names player 7"),
        ("250       x.0 001 002 0001 0003", "expected the points"),
    ],
)
def test_a_bad_bye_acceleration_or_prohibited_record_imports_nothing(
    record: str, message: str
) -> None:
    text = TRF26_APART.replace("142 4\n", f"142 4\n{record}\n")

    with pytest.raises(TrfImportError, match=message) as caught:
        tournament_import_trf(text=text)

    assert caught.value.line == 3
    assert not Tournament.objects.exists()


def test_two_byes_for_one_player_and_round_name_both_lines() -> None:
    text = TRF26_APART.replace("142 4\n", "142 4\n240 F 003    5\n")

    with pytest.raises(
        TrfImportError, match=r"second bye in round 3 \(the first is on line 3\)"
    ):
        tournament_import_trf(text=text)
