"""TRF-16 team records (013): read into the players' club / team on import, written on export."""

from __future__ import annotations

import pytest

from standings.trf_export import section_trf
from tests.tournaments.trf_builders import p001, trf_text
from tournaments import services, trf
from tournaments.models import Player
from tournaments.services import TrfImportError, tournament_import_trf

pytestmark = pytest.mark.django_db


def team_line(name: str, *numbers: int) -> str:
    """A 013 line laid out by hand: name in columns 5-36, numbers in 37-40, 42-45, ..."""
    return f"013 {name:<32}" + " ".join(f"{n:>4}" for n in numbers)


PLAYERS = (
    p001(1, "Ann", "   2 w 1"),
    p001(2, "Bob", "   1 b 0"),
    p001(3, "Cid", "   4 w ="),
    p001(4, "Dee", "   3 b ="),
)


def test_team_records_set_each_players_team() -> None:
    text = trf_text(
        "012 Schools Cup",
        team_line("Lincoln Elementary", 1, 3),
        team_line("Franklin", 2),
        *PLAYERS,
    )
    section = tournament_import_trf(text=text).sections.get()
    assert dict(
        Player.objects.filter(section=section).values_list("start_number", "club")
    ) == {
        1: "Lincoln Elementary",
        2: "Franklin",
        3: "Lincoln Elementary",
        4: "",
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (team_line("Lincoln", 1, 9), "no player has start number 9"),
        (team_line("", 1), "without a team name"),
        ("013 Lincoln                            1    x", "'x' is not a start number"),
        # str.isdigit() is true of these; int() refuses both (a superscript; 5,000 digits).
        ("013 Lincoln                            1    \u00b2", "is not a start number"),
        (f"013 Lincoln                            1 {'9' * 5000}", "is not a start"),
        (team_line("Lincoln", 1, 1), "names a player twice"),
    ],
)
def test_a_bad_team_record_is_refused_with_its_line(line: str, message: str) -> None:
    with pytest.raises(TrfImportError, match=message) as error:
        tournament_import_trf(text=trf_text("012 Schools Cup", line, *PLAYERS))
    assert error.value.line == 2


def test_a_player_in_two_teams_is_refused() -> None:
    text = trf_text("012 Cup", team_line("A", 1), team_line("B", 1), *PLAYERS)
    with pytest.raises(TrfImportError, match="already in team 'A'"):
        tournament_import_trf(text=text)


def test_team_records_come_back_on_export_from_the_current_teams() -> None:
    text = trf_text(
        "012 Cup", team_line("Lincoln", 1, 3), team_line("Franklin", 2, 4), *PLAYERS
    )
    section = tournament_import_trf(text=text).sections.get()
    Player.objects.filter(section=section, start_number=4).update(club="Lincoln")
    out = section_trf(section=section)
    assert [line for line in out.splitlines() if line.startswith("013")] == [
        team_line("Lincoln", 1, 3, 4),
        team_line("Franklin", 2),
    ]
    # The written file reads back to the same teams.
    again = tournament_import_trf(text=out, slug="again").sections.get()
    assert dict(
        Player.objects.filter(section=again).values_list("start_number", "club")
    ) == {
        1: "Lincoln",
        2: "Franklin",
        3: "Lincoln",
        4: "Lincoln",
    }


def test_a_section_with_team_scoring_exports_its_teams() -> None:
    section = tournament_import_trf(text=trf_text("012 Cup", *PLAYERS)).sections.get()
    Player.objects.filter(section=section, start_number__in=[1, 2]).update(club="North")
    assert "013" not in [line[:3] for line in section_trf(section=section).splitlines()]
    services.section_team_scoring_post(
        section=section, top=None, min_players=1, order=""
    )
    assert team_line("North", 1, 2) in section_trf(section=section).splitlines()


def test_team_value_cuts_a_long_name_to_its_columns() -> None:
    value = trf.team_value("A" * 40, (1, 12))
    assert "013 " + value == "013 " + "A" * 32 + "   1   12"


def test_a_team_section_exports_each_roster_in_board_order() -> None:
    unpaired = [
        p001(n, name) for n, name in enumerate(["Ann", "Bob", "Cid", "Dee"], start=1)
    ]
    section = tournament_import_trf(
        text=trf_text("012 Cup", "XXR 2", *unpaired)
    ).sections.get()
    services.section_teams_set(
        section=section, boards=2, rosters=[("Rooks", [3, 1]), ("Knights", [4, 2])]
    )
    lines = [
        line for line in section_trf(section=section).splitlines() if line[:3] == "013"
    ]
    assert lines == [team_line("Rooks", 3, 1), team_line("Knights", 4, 2)]
