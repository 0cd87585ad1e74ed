"""tournament_import_trf and ``manage.py import_trf``: rows created, statuses, slugs, and errors
that leave the database exactly as it was."""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, ManagementUtility, call_command
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from tests.tournaments.trf_builders import (
    FIXTURES,
    SHARED_DATA,
    SHARED_MISSING,
    p001,
    read,
    trf_text,
)
from tournaments.models import (
    US_CHESS_DEFAULT_TIEBREAKS,
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
    Tournament,
)
from tournaments.services import TrfImportError, tournament_import_trf

pytestmark = pytest.mark.django_db

SINQUEFIELD = FIXTURES / "sinquefield2014.trf"
NEW_YORK = FIXTURES / "newyork1924.trf"
LICHESS = FIXTURES / "lichess_swiss_2020-05-29_13p.trf"


def counts() -> dict[str, int]:
    """Rows in every table the import writes to (and RequestedBye, which it must not)."""
    return {
        model.__name__: model.objects.count()
        for model in (Tournament, Section, Player, RequestedBye, Round, Pairing)
    }


def rows(tournament: Tournament) -> list[tuple[int, int | None, int, int | None, str]]:
    """(round, board, white's start number, black's start number, result); byes after the boards."""
    return list(
        Pairing.objects.filter(round__section__tournament=tournament)
        .order_by(
            "round__number", F("board").asc(nulls_last=True), "white__start_number"
        )
        .values_list(
            "round__number",
            "board",
            "white__start_number",
            "black__start_number",
            "result",
        )
    )


# ---------------------------------------------------------------------------------------------
# What an import creates


def test_a_finished_round_robin_becomes_a_final_tournament_with_one_section() -> None:
    tournament = tournament_import_trf(text=read(SINQUEFIELD))

    section = tournament.sections.get()
    assert (tournament.name, tournament.slug, tournament.status) == (
        "2nd Sinquefield Cup 2014",
        "2nd-sinquefield-cup-2014",
        Tournament.Status.FINAL,
    )
    assert tournament.rating_system == Tournament.RatingSystem.FIDE
    assert (section.name, section.rounds_total) == ("Open", 10)
    assert list(section.rounds.values_list("number", "status")) == [
        (n, Round.Status.COMPLETE) for n in range(1, 11)
    ]
    assert Player.objects.filter(section=section).count() == 6
    # Round 1 of the file: 1-3 (3 white) 0-1, 2-4 (4 white) ½-½, 5-6 (5 white) ½-½.
    assert [r for r in rows(tournament) if r[0] == 1] == [
        (1, 1, 3, 1, Result.BLACK_WIN),
        (1, 2, 4, 2, Result.DRAW),
        (1, 3, 5, 6, Result.DRAW),
    ]


def test_player_fields_come_from_their_columns() -> None:
    text = trf_text(
        "012 Club Open",
        p001(
            7,
            "Vasquez,Rodrigo",
            "   9 w 1",
            sex="m",
            title="g",
            rating=2558,
            federation="CHI",
            fide_id="3400042",
            birth="1969.12.06",
        ),
        p001(9, "Milov,Leonid", "   7 b 0", rating="0"),
    )

    tournament = tournament_import_trf(text=text)

    assert list(
        Player.objects.filter(section__tournament=tournament)
        .order_by("start_number")
        .values_list(
            "start_number",
            "name",
            "sex",
            "title",
            "rating",
            "federation",
            "fide_id",
            "birth_date",
            "status",
        )
    ) == [
        (
            7,
            "Vasquez,Rodrigo",
            "m",
            "g",
            2558,
            "CHI",
            "3400042",
            "1969.12.06",
            "active",
        ),
        (9, "Milov,Leonid", "", "", None, "", "", "", "active"),
    ]


def test_every_code_is_stored_with_boards_in_file_order_and_byes_without_board() -> (
    None
):
    text = trf_text(
        "012 Codes",
        "XXR 2",
        p001(1, "A", "   2 w 1", "   8 b W"),
        p001(2, "B", "   1 b 0", "   3 w +"),
        p001(3, "C", "   4 b =", "   2 b -"),
        p001(4, "D", "   3 w =", "   5 w -"),
        p001(5, "E", "   6 - -", "   4 b -"),
        p001(6, "F", "   5 - +", "0000 - F"),
        p001(7, "G", "0000 - U", "0000 - +"),
        p001(8, "H", "0000 - H", "   1 w L"),
        p001(9, "I", "0000 - Z", "0000 - -"),
        p001(10, "J", "", "  11 b D"),
        p001(11, "K", "", "  10 w D"),
    )

    tournament = tournament_import_trf(text=text)

    assert rows(tournament) == [
        (1, 1, 1, 2, Result.WHITE_WIN),
        (1, 2, 4, 3, Result.DRAW),
        (1, 3, 5, 6, Result.BLACK_FORFEIT_WIN),
        (1, None, 7, None, Result.BYE_PAIRING),
        (1, None, 8, None, Result.BYE_HALF),
        (1, None, 9, None, Result.BYE_ZERO),
        (2, 1, 8, 1, Result.BLACK_WIN_UNRATED),
        (2, 2, 2, 3, Result.WHITE_FORFEIT_WIN),
        (2, 3, 4, 5, Result.DOUBLE_FORFEIT),
        (2, 4, 11, 10, Result.DRAW_UNRATED),
        (2, None, 6, None, Result.BYE_FULL),
        (2, None, 7, None, Result.FORFEIT_WIN_NO_OPPONENT),
        (2, None, 9, None, Result.NOT_PAIRED),
    ]


def test_blank_rest_rounds_create_no_rows() -> None:
    tournament = tournament_import_trf(text=read(NEW_YORK))

    # 11 players: each of the 22 rounds has 5 games and one player resting with a blank block.
    assert Pairing.objects.filter(round__section__tournament=tournament).count() == 110
    assert not Pairing.objects.filter(
        round__section__tournament=tournament, black=None
    ).exists()
    assert tournament.status == Tournament.Status.FINAL
    assert tournament.rating_system == Tournament.RatingSystem.UNRATED


def test_a_pending_result_leaves_its_round_paired_and_the_tournament_running() -> None:
    text = trf_text(
        "012 Club Open",
        "XXR 3",
        p001(1, "A", "   2 w 1", "   3 b"),
        p001(2, "B", "   1 b 0", "0000 - U"),
        p001(3, "C", "0000 - U", "   1 w"),
    )

    tournament = tournament_import_trf(text=text)

    section = tournament.sections.get()
    assert tournament.status == Tournament.Status.RUNNING
    assert section.rounds_total == 3
    # Round 3 has no pairing in the file, so it gets no row (it is not paired yet).
    assert list(section.rounds.values_list("number", "status")) == [
        (1, Round.Status.COMPLETE),
        (2, Round.Status.PAIRED),
    ]


def test_a_file_with_every_round_complete_but_rounds_still_to_pair_is_running() -> None:
    text = trf_text(
        "012 Club Open", "XXR 2", p001(1, "A", "   2 w 1"), p001(2, "B", "   1 b 0")
    )

    assert tournament_import_trf(text=text).status == Tournament.Status.RUNNING


def test_header_fields_fill_the_tournament() -> None:
    text = trf_text(
        "012 9. Karl-Mala-Gedenkturnier",
        "022 Frankfurt (Main) /GER",
        "042 28. 07. 2005",
        "052 31. 07. 2005",
        "102 Ralph Blum (SV Griesheim)",
        "122 40/120, 60",
        p001(1, "A", "0000 - U"),
    )

    tournament = tournament_import_trf(text=text)

    assert (
        tournament.location,
        tournament.start_date,
        tournament.end_date,
        tournament.chief_td,
        tournament.time_control,
    ) == (
        "Frankfurt (Main) /GER",
        datetime.date(2005, 7, 28),
        datetime.date(2005, 7, 31),
        "Ralph Blum (SV Griesheim)",
        "40/120, 60",
    )


def test_dates_that_cannot_be_read_without_a_guess_are_left_empty() -> None:
    text = trf_text("012 Generated", "042 26/11/22", p001(1, "A", "0000 - U"))

    tournament = tournament_import_trf(text=text)

    assert (tournament.start_date, tournament.end_date) == (None, None)


# ---------------------------------------------------------------------------------------------
# Names and slugs


def test_slugs_are_made_unique_with_a_number() -> None:
    slugs = [tournament_import_trf(text=read(SINQUEFIELD)).slug for _ in range(3)]

    assert slugs == [
        "2nd-sinquefield-cup-2014",
        "2nd-sinquefield-cup-2014-2",
        "2nd-sinquefield-cup-2014-3",
    ]


def test_a_given_name_and_slug_are_used() -> None:
    tournament = tournament_import_trf(
        text=read(SINQUEFIELD), name="Sinquefield", slug="sq-2014"
    )

    assert (tournament.name, tournament.slug) == ("Sinquefield", "sq-2014")


def test_a_given_name_makes_the_slug() -> None:
    tournament = tournament_import_trf(text=read(SINQUEFIELD), name="Saint Louis 2014")

    assert tournament.slug == "saint-louis-2014"


# ---------------------------------------------------------------------------------------------
# Errors change nothing

BROKEN = trf_text(
    "012 Broken",
    p001(1, "A", "   2 w 1"),
    p001(2, "B", "   1 b 0"),
    p001(3, "C", "   4 w 1"),
    p001(4, "D", "   3 b 1"),
)

# Caruana's rating written one column to the right: columns 49-52 alone would read 280.
SHIFTED_RATING = trf_text(
    "012 Shifted",
    p001(2, "Nakamura, Hikaru", "   1 b 0", rating=2787, federation="USA"),
    p001(1, "Caruana, Fabiano", "   2 w 1")[:48] + " 2801 ITA" + " " * 38 + "2 w 1",
)
# Player 7's line starts with a blank; read as an unknown record, player 7 would vanish.
GHOST = trf_text(
    "012 Ghost",
    p001(1, "A", "   2 w 1", "   7 w 1"),
    p001(2, "B", "   1 b 0", "0000 - U"),
    " " + p001(7, "Ghost", "0000 - U", "   1 b 0"),
)

FAILURES = [
    ("results-do-not-match", {"text": BROKEN}, 4, "round 1: results do not match"),
    (
        "no-name",
        {"text": trf_text(p001(1, "A", "0000 - U"))},
        None,
        "no tournament name: the file has no 012 line and no name was given",
    ),
    (
        "no-players",
        {"text": trf_text("012 Empty", "XXR 5")},
        None,
        "the file has no player lines (001)",
    ),
    (
        "no-rounds",
        {"text": trf_text("012 Empty", p001(1, "A"))},
        None,
        "the number of rounds is unknown: no XXR line and no round results",
    ),
    (
        "end-before-start",
        {
            "text": trf_text(
                "012 Backwards",
                "042 2024/12/28",
                "052 2024/12/26",
                p001(1, "A", "0000 - U"),
            )
        },
        3,
        "end date '2024/12/26' is before the start date '2024/12/28'",
    ),
    (
        "name-too-long",
        {"text": trf_text("012 " + "N" * 201, p001(1, "A", "0000 - U"))},
        1,
        "012 (name) is longer than 200 characters",
    ),
    (
        "slug-in-use",
        {"text": read(SINQUEFIELD), "slug": "taken"},
        None,
        "slug 'taken' is already used by the tournament 'Already here'",
    ),
    (
        "slug-invalid",
        {"text": read(SINQUEFIELD), "slug": "not a slug"},
        None,
        "slug 'not a slug' may hold only letters, digits, hyphens and underscores",
    ),
    (
        "rounds-beyond-a-small-integer",
        {"text": trf_text("012 Big", "XXR 40000", p001(1, "A", "0000 - U"))},
        2,
        "number of rounds 40000 is more than 99",
    ),
    (
        "rating-shifted-one-column-right",
        {"text": SHIFTED_RATING},
        3,
        "column 53 should be blank between the rating (columns 49-52) and the federation",
    ),
    (
        "rating-above-the-database-limit",
        {"text": trf_text("012 Typo", p001(1, "A", "0000 - U", rating=3501))},
        2,
        "rating 3501 (columns 49-52) is more than 3500, which no rating pool reaches",
    ),
    (
        "player-line-with-a-leading-space",
        {"text": GHOST},
        4,
        "not a TRF-16 record: ' 001    7      Ghost...'",
    ),
]


@pytest.mark.parametrize(
    ("arguments", "line", "message"),
    [case[1:] for case in FAILURES],
    ids=[case[0] for case in FAILURES],
)
def test_a_failed_import_raises_the_line_and_writes_nothing(
    arguments: dict[str, Any], line: int | None, message: str
) -> None:
    Tournament.objects.create(name="Already here", slug="taken")
    tournament_import_trf(text=read(LICHESS))
    before = counts()

    with pytest.raises(TrfImportError) as caught:
        tournament_import_trf(**arguments)

    assert caught.value.line == line
    assert caught.value.message.startswith(message)
    assert counts() == before


# ---------------------------------------------------------------------------------------------
# Size


def test_the_number_of_queries_does_not_grow_with_the_file() -> None:
    with CaptureQueriesContext(connection) as small:
        tournament_import_trf(text=read(SINQUEFIELD))
    with CaptureQueriesContext(connection) as larger:
        tournament_import_trf(text=read(LICHESS))

    assert len(larger) == len(small)


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason=SHARED_MISSING)
def test_a_1200_player_file_imports_whole() -> None:
    text = read(SHARED_DATA / "synthetic_tbsgen_1200p_11r.trf")

    # Its speed is measured by bench/, not asserted here.
    tournament = tournament_import_trf(text=text)

    section = tournament.sections.get()
    assert (section.players.count(), section.rounds.count()) == (1200, 11)


# ---------------------------------------------------------------------------------------------
# The command


def test_the_command_prints_the_new_slug(capsys: pytest.CaptureFixture[str]) -> None:
    call_command(
        "import_trf", str(SINQUEFIELD), "--name", "Sinquefield", "--slug", "sq"
    )

    assert capsys.readouterr().out == "sq\n"
    assert Tournament.objects.get(slug="sq").name == "Sinquefield"


@pytest.mark.parametrize(
    ("encoding", "name"),
    [
        ("cp1252", "Šimek, Žofia"),
        ("cp1252", "Müller, Jörg"),
        # U+0085 is a line break to str.splitlines(); "…" is byte 0x85 in Windows-1252.
        ("cp1252", "Nowak… Jan"),
        ("utf-8", "Dvořák, Antonín"),
    ],
    ids=["windows-1252-caron", "windows-1252-umlaut", "windows-1252-ellipsis", "utf-8"],
)
def test_the_command_reads_utf_8_else_windows_1252(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str, name: str
) -> None:
    path = tmp_path / "encoded.trf"
    path.write_bytes(
        trf_text(
            "012 Schach in München",
            p001(1, name, "   2 w 1"),
            p001(2, "B", "   1 b 0"),
        ).encode(encoding)
    )

    call_command("import_trf", str(path))

    tournament = Tournament.objects.get(slug=capsys.readouterr().out.strip())
    assert tournament.name == "Schach in München"
    assert tournament.sections.get().players.get(start_number=1).name == name


def test_the_command_falls_back_to_latin_1_when_windows_1252_cannot_read_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 0x81 is undefined in Windows-1252.
    path = tmp_path / "latin1.trf"
    path.write_bytes(b"012 M\x81nchen\n" + p001(1, "A", "0000 - U").encode())

    call_command("import_trf", str(path))

    assert Tournament.objects.get().name == "M\x81nchen"


def test_the_command_reads_utf_8_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.trf"
    path.write_bytes(
        trf_text("012 Šachy", p001(1, "Dvořák", "0000 - U")).encode("utf-8-sig")
    )

    call_command("import_trf", str(path), stdout=io.StringIO())

    assert Tournament.objects.get().name == "Šachy"


@pytest.mark.parametrize(
    ("make_path", "message"),
    [
        (
            lambda tmp: tmp / "missing.trf",
            "cannot read {path}: No such file or directory",
        ),
        (lambda tmp: tmp, "cannot read {path}: Is a directory"),
    ],
    ids=["missing-file", "directory"],
)
def test_the_command_refuses_a_file_it_cannot_read(
    tmp_path: Path, make_path: Callable[[Path], Path], message: str
) -> None:
    path = make_path(tmp_path)

    with pytest.raises(CommandError) as caught:
        call_command("import_trf", str(path))

    assert str(caught.value) == message.format(path=path)


def test_the_command_reports_the_line_and_leaves_the_database_as_it_was(
    tmp_path: Path,
) -> None:
    tournament_import_trf(text=read(LICHESS))
    path = tmp_path / "broken.trf"
    path.write_text(BROKEN, encoding="utf-8")
    before = counts()

    with pytest.raises(CommandError) as caught:
        call_command("import_trf", str(path))

    assert str(caught.value).startswith(
        f"{path}: line 4: round 1: results do not match"
    )
    assert counts() == before


# A command run from the command line closes the database connections when it ends, which a
# test inside a transaction would not survive on PostgreSQL.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BROKEN, "line 4: round 1: results do not match"),
        (
            trf_text("012 Huge", "XXR 999999999", p001(1, "A", "0000 - U")),
            "line 2: number of rounds 999999999 is more than 99",
        ),
        (SHIFTED_RATING, "line 3: column 53 should be blank"),
        (GHOST, "line 4: not a TRF-16 record"),
        (trf_text("012 Garbage", "hello world"), "line 2: not a TRF-16 record"),
    ],
    ids=["results-do-not-match", "xxr-a-billion", "shifted-rating", "ghost", "garbage"],
)
def test_the_command_exits_non_zero_with_the_message_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "broken.trf"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(["manage.py", "import_trf", str(path)]).execute()

    err = capsys.readouterr().err
    assert exit_.value.code == 1
    assert err.startswith(f"CommandError: {path}: {message}")
    assert "Traceback" not in err
    assert counts()["Tournament"] == 0


# ---------------------------------------------------------------------------------------------
# Blank results (TRF-16: "(blank) equivalent to Z")

BLANK_RESULTS = FIXTURES / "blank_results.trf"


def test_a_blank_result_with_no_opponent_imports_as_a_zero_point_bye_in_any_round() -> (
    None
):
    tournament = tournament_import_trf(text=read(BLANK_RESULTS))

    # The file has "0000 -" with no result for player 3 in round 1, 4 in round 2, 6 in round 3.
    assert [r for r in rows(tournament) if r[3] is None] == [
        (1, None, 3, None, Result.BYE_ZERO),
        (1, None, 6, None, Result.BYE_PAIRING),
        (2, None, 4, None, Result.BYE_ZERO),
        (2, None, 5, None, Result.BYE_PAIRING),
        (3, None, 5, None, Result.BYE_HALF),
        (3, None, 6, None, Result.BYE_ZERO),
    ]
    assert tournament.status == Tournament.Status.FINAL


# ---------------------------------------------------------------------------------------------
# Header records the model has no field for


def test_header_records_are_kept_in_file_order_with_field_codes_as_places() -> None:
    text = trf_text(
        "### Source: a club's own export",
        "012 9. Karl-Mala-Gedenkturnier",
        "022 Frankfurt (Main) /GER",
        "032",
        "042 28. 07. 2005",
        "052 26/11/22",
        "062 2",
        "092 Individual: Swiss-System (Standard)",
        "102 Ralph Blum (SV Griesheim)",
        "112 NSR Thomas Rondio",
        "122 40/120, 60",
        "132                                                                                        05/07/28",
        "XXR 1",
        "XXC white1",
        "### end of header",
        p001(1, "A", "   2 w 1"),
        p001(2, "B", "   1 b 0"),
    )

    section = tournament_import_trf(text=text).sections.get()

    # A code whose value went into a field keeps only its place (an empty value); the end
    # date the field could not read keeps its text; everything else is kept as written.
    assert section.trf_records == [
        ["###", "Source: a club's own export"],
        ["012", ""],
        ["022", ""],
        ["032", ""],
        ["042", ""],
        ["052", "26/11/22"],
        ["062", ""],
        ["092", "Individual: Swiss-System (Standard)"],
        ["102", ""],
        ["112", "NSR Thomas Rondio"],
        ["122", ""],
        ["132", " " * 87 + "05/07/28"],
        ["XXR", ""],
        ["XXC", "white1"],
        ["###", "end of header"],
    ]


# ---------------------------------------------------------------------------------------------
# Round robins


def _round_robin(players: int, cycles: int = 1) -> list[list[str]]:
    """Each player's blocks for a round robin by the circle method (white alternates by round)."""
    n = players + players % 2  # a dummy for an odd number: its opponent rests
    blocks: list[list[str]] = [[] for _ in range(players)]
    order = list(range(1, n + 1))
    for cycle in range(cycles):
        for r in range(n - 1):
            pairs = [(order[i], order[n - 1 - i]) for i in range(n // 2)]
            for a, b in pairs:
                white, black = (a, b) if (r + cycle) % 2 == 0 else (b, a)
                if white > players:
                    blocks[black - 1].append("")
                elif black > players:
                    blocks[white - 1].append("")
                else:
                    blocks[white - 1].append(f"{black:>4} w =")
                    blocks[black - 1].append(f"{white:>4} b =")
            order = [order[0], order[-1], *order[1:-1]]
    return blocks


@pytest.mark.parametrize(
    ("header", "players", "cycles", "kind"),
    [
        (["092 Individual: Round-Robin"], 4, 1, Section.Kind.ROUND_ROBIN),
        (["092 Individual: Double Round-Robin"], 4, 2, Section.Kind.DOUBLE_ROUND_ROBIN),
        (["092 round robin"], 5, 1, Section.Kind.ROUND_ROBIN),
        ([], 4, 1, Section.Kind.ROUND_ROBIN),
        ([], 5, 1, Section.Kind.ROUND_ROBIN),
        ([], 6, 2, Section.Kind.DOUBLE_ROUND_ROBIN),
        # The file says what it is: a four-player Swiss of three rounds stays a Swiss.
        (["092 Individual: Swiss-System"], 4, 1, Section.Kind.SWISS),
    ],
    ids=[
        "092-round-robin",
        "092-double",
        "092-lower-case",
        "schedule-even",
        "schedule-odd-with-rests",
        "schedule-double",
        "092-swiss-wins",
    ],
)
def test_a_round_robin_is_marked_and_gets_the_round_robin_order(
    header: list[str], players: int, cycles: int, kind: Section.Kind
) -> None:
    blocks = _round_robin(players, cycles)
    text = trf_text(
        "012 Club Round Robin",
        *header,
        *(p001(n, f"P{n}", *blocks[n - 1]) for n in range(1, players + 1)),
    )

    section = tournament_import_trf(text=text).sections.get()

    assert section.kind == kind
    expected = (
        US_CHESS_DEFAULT_TIEBREAKS
        if kind == Section.Kind.SWISS
        else "sonneborn_berger,result_between_tied,wins"
    )
    assert section.tiebreaks == expected


def test_a_round_robin_schedule_cut_short_is_a_swiss_without_a_092() -> None:
    # Two of the three rounds of a four-player round robin: not every pair has met.
    blocks = [b[:2] for b in _round_robin(4)]
    text = trf_text(
        "012 Club", "XXR 3", *(p001(n, f"P{n}", *blocks[n - 1]) for n in (1, 2, 3, 4))
    )

    section = tournament_import_trf(text=text).sections.get()

    assert (section.kind, section.tiebreaks) == (
        Section.Kind.SWISS,
        US_CHESS_DEFAULT_TIEBREAKS,
    )


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        (SINQUEFIELD, Section.Kind.DOUBLE_ROUND_ROBIN),
        (NEW_YORK, Section.Kind.DOUBLE_ROUND_ROBIN),
        (LICHESS, Section.Kind.SWISS),
    ],
    ids=["sinquefield", "new-york", "lichess"],
)
def test_the_fixtures_get_their_kind(path: Path, kind: Section.Kind) -> None:
    assert tournament_import_trf(text=read(path)).sections.get().kind == kind


# ---------------------------------------------------------------------------------------------
# The same event twice, directors, publishing, the audit trail


def test_importing_the_same_event_again_says_which_tournament_is_which() -> None:
    tournament_import_trf(text=read(SINQUEFIELD))
    notes: list[str] = []

    again = tournament_import_trf(text=read(SINQUEFIELD), warn=notes.append)

    assert again.slug == "2nd-sinquefield-cup-2014-2"
    assert notes == [
        "a tournament named '2nd Sinquefield Cup 2014' already exists as "
        "2nd-sinquefield-cup-2014; created '2nd Sinquefield Cup 2014' as "
        "2nd-sinquefield-cup-2014-2"
    ]


def test_a_new_name_gives_no_note() -> None:
    notes: list[str] = []

    tournament_import_trf(text=read(SINQUEFIELD), warn=notes.append)

    assert notes == []


def test_an_import_is_a_draft_unless_published() -> None:
    draft = tournament_import_trf(text=read(SINQUEFIELD))
    published = tournament_import_trf(text=read(LICHESS), publish=True)

    assert (draft.is_published, published.is_published) == (False, True)


def test_each_result_is_recorded_in_the_audit_trail_as_imported() -> None:
    text = trf_text(
        "012 Club Open",
        "XXR 2",
        p001(1, "A", "   2 w 1", "   3 b"),
        p001(2, "B", "   1 b 0", "0000 - U"),
        p001(3, "C", "0000 -  ", "   1 w"),
    )

    tournament = tournament_import_trf(text=text)

    # The pending game of round 2 has no result yet, so nothing to record.
    assert sorted(
        ResultChange.objects.filter(
            pairing__round__section__tournament=tournament
        ).values_list(
            "pairing__round__number",
            "pairing__white__start_number",
            "old_result",
            "new_result",
            "source",
            "changed_by",
        )
    ) == [
        (1, 1, Result.PENDING, Result.WHITE_WIN, ResultChange.Source.IMPORT, None),
        (1, 3, Result.PENDING, Result.BYE_ZERO, ResultChange.Source.IMPORT, None),
        (2, 2, Result.PENDING, Result.BYE_PAIRING, ResultChange.Source.IMPORT, None),
    ]


def test_the_command_notes_a_name_already_used_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    call_command("import_trf", str(SINQUEFIELD))
    capsys.readouterr()

    call_command("import_trf", str(SINQUEFIELD))

    captured = capsys.readouterr()
    assert captured.out == "2nd-sinquefield-cup-2014-2\n"
    assert captured.err == (
        "note: a tournament named '2nd Sinquefield Cup 2014' already exists as "
        "2nd-sinquefield-cup-2014; created '2nd Sinquefield Cup 2014' as "
        "2nd-sinquefield-cup-2014-2\n"
    )


def test_the_command_adds_directors_and_publishes() -> None:
    alice = User.objects.create_user("alice")
    bob = User.objects.create_user("bob")
    User.objects.create_user("carol")

    call_command(
        "import_trf",
        str(SINQUEFIELD),
        "--director",
        "alice",
        "--director",
        "bob",
        "--publish",
        stdout=io.StringIO(),
    )

    tournament = Tournament.objects.get()
    assert set(tournament.directors.all()) == {alice, bob}
    assert tournament.is_published


def test_the_command_imports_a_draft_with_no_director_by_default() -> None:
    call_command("import_trf", str(SINQUEFIELD), stdout=io.StringIO())

    tournament = Tournament.objects.get()
    assert (tournament.is_published, tournament.directors.count()) == (False, 0)


def test_the_command_refuses_an_unknown_director_and_imports_nothing() -> None:
    User.objects.create_user("alice")

    with pytest.raises(CommandError) as caught:
        call_command(
            "import_trf",
            str(SINQUEFIELD),
            "--director",
            "alice",
            "--director",
            "mallory",
        )

    assert str(caught.value) == "no user named 'mallory'; nothing was imported"
    assert counts()["Tournament"] == 0


@pytest.mark.parametrize(
    "text",
    [
        "012 Spring\x00Open\n" + p001(1, "A", "0000 - U"),
        "012 Spring Open\n" + p001(1, "A\x00B", "0000 - U"),
    ],
    ids=["in a header record", "in a player's name"],
)
def test_a_nul_byte_is_refused_with_its_line_on_every_database(
    tmp_path: Path, text: str
) -> None:
    # PostgreSQL refuses NUL in any text: the import printed a traceback there.
    path = tmp_path / "nul.trf"
    path.write_bytes(text.encode())
    before = counts()

    with pytest.raises(CommandError) as caught:
        call_command("import_trf", str(path))

    line = 1 if "Spring\x00" in text else 2
    assert f"line {line}: a NUL byte (character 0) in column" in str(caught.value)
    assert counts() == before
