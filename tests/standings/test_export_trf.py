"""section_trf and ``manage.py export_trf``: the text written, points from the scoring
system, a constant number of queries, and the import -> export round trip over real files."""

from __future__ import annotations

import datetime
import io
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from pytest_django import DjangoAssertNumQueries

from tests.tournaments.builders import section_build, tournament_build
from tests.tournaments.trf_builders import (
    SHARED_MISSING,
    fixture_files,
    p001,
    read,
    shared_files,
    trf_text,
)
from tournaments import trf
from tournaments.models import Player, Section
from standings.trf_export import section_trf
from tournaments.services import tournament_import_trf

pytestmark = pytest.mark.django_db


def test_a_section_is_written_in_trf_columns() -> None:
    tournament = tournament_build(
        name="Spring Open",
        location="Springfield, IL",
        start_date=datetime.date(2025, 4, 5),
        end_date=datetime.date(2025, 4, 6),
        chief_td="Pat Doe",
        time_control="G/90;d5",
    )
    # R1: 2-1 1-0, 3-4 ½-½, 5 pairing bye; R2: 1-3 forfeit win for 1, 4-5 not yet played,
    # 2 half-point bye; R3: 2-3 double forfeit, 1 zero-point bye, 4 not paired, 5 no row.
    section = section_build(
        tournament=tournament,
        ratings=[2210, 2050, None, 1720, 1500],
        names=["Avery, Alice", "Brandt, Bob", "Chen, Carol", "Diaz, Dan", "Ertel, Eve"],
        rounds=["2-1 1-0, 3-4 =, 5 U", "1-3 +-, 4-5 ?, 2 H", "2-3 --, 1 Z, 4 -"],
        rounds_total=4,
    )

    text = section_trf(section=section)

    # Round 2 is not complete, so the ranks are those after round 1 (US Chess order): 2 and 5
    # on 1 point, 2 ahead on Cumulative (5's bye is deducted, 34E3); 3 and 4 on ½ tied on every
    # tiebreak (they played each other), so both are 3rd; 1 last.
    assert text == trf_text(
        "012 Spring Open",
        "022 Springfield, IL",
        "042 2025/04/05",
        "052 2025/04/06",
        "062 5",
        "092 Individual: Swiss-System",
        "102 Pat Doe",
        "122 G/90;d5",
        "XXR 4",
        p001(
            1,
            "Avery, Alice",
            "   2 b 0",
            "   3 w +",
            "0000 - Z",
            rating=2210,
            points="1.0",
            rank="5",
        ),
        p001(
            2,
            "Brandt, Bob",
            "   1 w 1",
            "0000 - H",
            "   3 w -",
            rating=2050,
            points="1.5",
            rank="1",
        ),
        p001(
            3, "Chen, Carol", "   4 w =", "   1 b -", "   2 b -", points="0.5", rank="3"
        ),
        p001(
            4,
            "Diaz, Dan",
            "   3 b =",
            "   5 w",
            "0000 - -",
            rating=1720,
            points="0.5",
            rank="3",
        ),
        p001(
            5, "Ertel, Eve", "0000 - U", "   4 b", rating=1500, points="1.0", rank="2"
        ),
    )


def test_player_fields_are_written_back() -> None:
    text = trf_text(
        "012 Club Open",
        p001(
            1,
            "Vasquez,Rodrigo",
            "   2 w 1",
            sex="m",
            title="g",
            rating=2558,
            federation="CHI",
            fide_id="3400042",
            birth="1969.12.06",
        ),
        p001(2, "Milov,Leonid", "   1 b 0", sex="w", title="wf", birth="1966"),
    )
    section = tournament_import_trf(text=text).sections.get()

    first, second = trf.parse(section_trf(section=section)).players

    assert (first.sex, first.title, first.rating, first.federation, first.fide_id) == (
        "m",
        "g",
        2558,
        "CHI",
        "3400042",
    )
    assert (first.birth_date, second.sex, second.title, second.birth_date) == (
        "1969.12.06",
        "w",
        "wf",
        "1966",
    )


def test_a_tournament_with_several_sections_names_the_section() -> None:
    tournament = tournament_build(name="Spring Open")
    section_build(tournament=tournament, name="Open", ratings=[2000], rounds=["1 U"])
    reserve = section_build(
        tournament=tournament, name="Reserve", ratings=[1500], rounds=["1 U"]
    )

    parsed = trf.parse(section_trf(section=reserve))

    assert parsed.name == "Spring Open - Reserve"


def test_rounds_not_yet_paired_are_written_blank_and_counted_in_xxr() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0"], rounds_total=5)

    parsed = trf.parse(section_trf(section=section))

    assert parsed.rounds_total == 5
    assert parsed.players[0].rounds == (
        trf.TrfBlock(2, "w", "1"),
        None,
        None,
        None,
        None,
    )


@pytest.mark.parametrize(
    "rounds",
    [
        ["1-2 1-0"],
        ["1-2 1-0, 3-4 =, 5 H", "2-3 0-1, 4-5 +-, 1 U", "1-4 ?, 2-5 --, 3 -"],
    ],
    ids=["one-game", "three-rounds-of-five"],
)
def test_export_reads_the_database_in_seven_queries_whatever_the_size(
    rounds: list[str], django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # The standings (players, pairings, player details), the tournament, its number of
    # sections, the players' TRF fields and the pairings with pending ones.
    section = section_build(ratings=[2000, 1900, 1800, 1700, 1600], rounds=rounds)
    section = Section.objects.get(pk=section.pk)  # nothing cached

    with django_assert_num_queries(7):
        section_trf(section=section)


# ---------------------------------------------------------------------------------------------
# Round trip: import, export, parse both, compare


PlayerFields = tuple[int, str, int | None, str, str, str, str, str]


def _player_fields(player: trf.TrfPlayer) -> PlayerFields:
    return (
        player.start_number,
        player.name,
        player.rating or None,  # blank and 0 both mean unrated
        player.fide_id,
        player.federation,
        player.sex,
        player.title,
        player.birth_date,
    )


def _rounds(player: trf.TrfPlayer) -> list[tuple[int, str, str] | None]:
    """Per round (opponent, colour, result); a bye's blank opponent is 0000, " " colour is "-",
    and a blank result with no opponent is Z (TRF-16: "(blank) equivalent to Z")."""
    return [
        None
        if b is None
        else (
            b.opponent or 0,
            "-" if b.colour in trf.NO_COLOUR else b.colour,
            "Z" if not b.opponent and b.result == " " else b.result,
        )
        for b in player.rounds
    ]


def _round_trip(path: Path) -> None:
    original = trf.parse(read(path))
    section = tournament_import_trf(text=read(path)).sections.get()

    exported = trf.parse(section_trf(section=section))

    assert exported.rounds_total == original.rounds_total
    assert [_player_fields(p) for p in exported.players] == sorted(
        (_player_fields(p) for p in original.players), key=lambda f: f[0]
    )
    by_number = {p.start_number: p for p in original.players}
    for player in exported.players:
        assert _rounds(player) == _rounds(by_number[player.start_number]), player.name


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.stem)
def test_round_trip_of_a_fixture(path: Path) -> None:
    _round_trip(path)


SHARED = [pytest.param(p, id=p.stem) for p in shared_files()] or [
    pytest.param(None, marks=pytest.mark.skip(reason=SHARED_MISSING), id="shared")
]


@pytest.mark.parametrize("path", SHARED)
def test_round_trip_of_every_shared_file(path: Path) -> None:
    _round_trip(path)


@pytest.mark.parametrize("path", SHARED)
def test_exported_points_agree_with_the_points_column_of_the_source(path: Path) -> None:
    # The files' points columns come from their sources (chess-results, lichess, Swiss-Manager),
    # scored 1 / ½ / 0 with U, F and + worth 1, H ½, Z and - 0: the default ScoringSystem.
    original = trf.parse(read(path))
    section = tournament_import_trf(text=read(path)).sections.get()

    exported = trf.parse(section_trf(section=section))

    given = {p.start_number: Fraction(p.points) for p in original.players}
    assert {p.start_number: Fraction(p.points) for p in exported.players} == given


# ---------------------------------------------------------------------------------------------
# The command


def test_the_command_writes_the_section_to_stdout() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0"])
    out = io.StringIO()

    call_command("export_trf", section.tournament.slug, stdout=out)

    assert out.getvalue() == section_trf(section=section)


def test_the_command_picks_a_section_by_name_in_any_case() -> None:
    tournament = tournament_build(name="Spring Open")
    section_build(tournament=tournament, name="Open", ratings=[2000], rounds=["1 U"])
    reserve = section_build(
        tournament=tournament, name="Reserve", ratings=[1500], rounds=["1 H"]
    )
    out = io.StringIO()

    call_command("export_trf", tournament.slug, "--section", "reserve", stdout=out)

    assert out.getvalue() == section_trf(section=reserve)


def test_the_command_warns_on_stderr_for_each_value_cut_to_fit_its_columns() -> None:
    long_name = "Wolfeschlegelsteinhausenbergerdorff, Hubert"
    section = section_build(
        ratings=[2000, 1900, 1800],
        names=[long_name, "Short, Sam", "Brown, Bo"],
        rounds=["1-2 1-0, 3 U"],
    )
    section.players.filter(start_number=2).update(fide_id="123456789012")
    section.players.filter(start_number=3).update(federation="USA-IL")
    out, err = io.StringIO(), io.StringIO()

    call_command("export_trf", section.tournament.slug, stdout=out, stderr=err)

    assert err.getvalue().splitlines() == [
        f"warning: player 1 ({long_name}): name is longer than 33 characters, written as "
        f"{long_name[:33]!r}",
        "warning: player 2 (Short, Sam): FIDE ID is longer than 11 characters, written as "
        "'12345678901'",
        "warning: player 3 (Brown, Bo): federation is longer than 3 characters, written as "
        "'USA'",
    ]
    # The file is still written, with the values cut.
    players = trf.parse(out.getvalue()).players
    assert (players[0].name, players[1].fide_id, players[2].federation) == (
        long_name[:33],
        "12345678901",
        "USA",
    )


def test_the_service_reports_no_cut_for_values_that_fit() -> None:
    section = section_build(
        ratings=[2000], names=["N" * 33], rounds=["1 U"], rounds_total=1
    )
    section.players.update(fide_id="1" * 11, federation="GER")
    warnings: list[str] = []

    section_trf(section=section, warn=warnings.append)

    assert warnings == []


@pytest.fixture
def unchecked_players() -> Iterator[None]:
    """Player rows the database's range checks would refuse, as an older database may hold.

    The checks are dropped (PostgreSQL) or ignored (SQLite) inside the test's transaction only.
    """
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA ignore_check_constraints = ON")
        else:
            for name in ("player_rating_in_range", "player_start_number_fits_trf"):
                cursor.execute(
                    f"ALTER TABLE {Player._meta.db_table} DROP CONSTRAINT IF EXISTS {name}"
                )
    yield
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA ignore_check_constraints = OFF")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "rating",
            12345,
            "player 2 (Player 2): rating 12345 does not fit in 4 columns",
        ),
        (
            "start_number",
            10000,
            "player 10000 (Player 2): start number 10000 does not fit in 4 columns",
        ),
    ],
    ids=["rating", "start-number"],
)
@pytest.mark.usefixtures("unchecked_players")
def test_the_command_refuses_a_number_too_large_for_its_columns_naming_the_player(
    field: str, value: int, message: str
) -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"])
    section.players.filter(start_number=2).update(**{field: value})
    out = io.StringIO()

    with pytest.raises(CommandError) as caught:
        call_command("export_trf", section.tournament.slug, stdout=out)

    assert str(caught.value) == message
    assert out.getvalue() == ""


def test_the_command_refuses_an_unknown_slug() -> None:
    with pytest.raises(CommandError, match="^no tournament with slug 'nope'$"):
        call_command("export_trf", "nope")


def test_the_command_lists_the_sections_when_it_needs_one() -> None:
    tournament = tournament_build(name="Spring Open")
    section_build(tournament=tournament, name="Open", ratings=[2000], rounds=["1 U"])
    section_build(tournament=tournament, name="Reserve", ratings=[1500], rounds=["1 U"])

    with pytest.raises(CommandError) as caught:
        call_command("export_trf", tournament.slug)

    assert str(caught.value) == (
        "Spring Open has several sections; choose one with --section: 'Open', 'Reserve'"
    )


def test_the_command_refuses_an_unknown_section() -> None:
    tournament = tournament_build(name="Spring Open")
    section_build(tournament=tournament, name="Open", ratings=[2000], rounds=["1 U"])

    with pytest.raises(CommandError) as caught:
        call_command("export_trf", tournament.slug, "--section", "Blitz")

    assert (
        str(caught.value)
        == "Spring Open has no section 'Blitz'; its sections are 'Open'"
    )
