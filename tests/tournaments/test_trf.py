"""tournaments.trf: reading TRF-16 into plain data, every malformed case, and writing it back."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from tests.tournaments.trf_builders import (
    SHARED_MISSING,
    fixture_files,
    p001,
    read,
    shared_files,
    trf_text,
)
from tournaments import trf
from tournaments.models import Result


def test_the_line_helper_lays_out_columns_as_a_real_file_does() -> None:
    # Copied from tests/tournaments/data/sinquefield2014.trf and the shared karl_mala_2005.trf.
    assert p001(
        1,
        "Caruana, Fabiano",
        "   3 b 1",
        "   4 w 1",
        rating=2801,
        federation="ITA",
        points="8.5",
        rank="1",
    ) == (
        "001    1      Caruana, Fabiano                  2801 ITA                         8.5"
        "    1     3 b 1     4 w 1"
    )
    assert p001(
        1,
        "Vasquez,Rodrigo",
        " 141 w 1",
        title="g",
        rating=2558,
        federation="CHI",
        fide_id="3400042",
        birth="1969.12.06",
        points="6.0",
        rank="4",
    ) == (
        "001    1    g Vasquez,Rodrigo                   2558 CHI     3400042 1969.12.06  6.0"
        "    4   141 w 1"
    )


# ---------------------------------------------------------------------------------------------
# Header and player fields

HEADER = trf_text(
    "### a comment that is kept",
    "012 9. Karl-Mala-Gedenkturnier",
    "022 Frankfurt (Main) /GER",
    "032 GER",
    "042 28. 07. 2005",
    "052 31. 07. 2005",
    "062 2",
    "092 Individual: Swiss-System (Standard)",
    "102 Ralph Blum (SV Griesheim)",
    "122 40/120, 60",
    "XXZ an extension code nobody knows",
    p001(
        1,
        "Vasquez,Rodrigo",
        "   2 w 1",
        title="g",
        sex="m",
        rating=2558,
        federation="CHI",
        fide_id="3400042",
        birth="1969.12.06",
        points="1.0",
        rank="1",
    ),
    p001(2, "Milov,Leonid", "   1 b 0", points="0.0", rank="2"),
)


def test_header_records_give_the_tournament_fields_as_written() -> None:
    t = trf.parse(HEADER)

    assert (
        t.name,
        t.city,
        t.federation,
        t.start_date,
        t.end_date,
        t.tournament_type,
        t.chief_arbiter,
        t.time_control,
    ) == (
        "9. Karl-Mala-Gedenkturnier",
        "Frankfurt (Main) /GER",
        "GER",
        "28. 07. 2005",
        "31. 07. 2005",
        "Individual: Swiss-System (Standard)",
        "Ralph Blum (SV Griesheim)",
        "40/120, 60",
    )


def test_unknown_codes_and_comments_are_kept_in_file_order_with_their_lines() -> None:
    t = trf.parse(HEADER)

    assert [r.code for r in t.records] == [
        "###",
        "012",
        "022",
        "032",
        "042",
        "052",
        "062",
        "092",
        "102",
        "122",
        "XXZ",
    ]
    unknown, comment = t.record("XXZ"), t.record("###")
    assert unknown == trf.TrfRecord("XXZ", "an extension code nobody knows")
    assert unknown is not None and unknown.line == 11
    assert comment is not None and comment.value == "a comment that is kept"


def test_player_columns_are_read_into_fields() -> None:
    first, second = trf.parse(HEADER).players

    assert first == trf.TrfPlayer(
        start_number=1,
        name="Vasquez,Rodrigo",
        sex="m",
        title="g",
        rating=2558,
        federation="CHI",
        fide_id="3400042",
        birth_date="1969.12.06",
        points="1.0",
        rank="1",
        rounds=(trf.TrfBlock(2, "w", "1"),),
    )
    assert (first.line, second.line) == (12, 13)
    assert (second.rating, second.title, second.fide_id, second.birth_date) == (
        None,
        "",
        "",
        "",
    )


def test_a_zero_rating_is_kept_as_zero() -> None:
    t = trf.parse(trf_text(p001(1, "A", rating="0")))

    assert t.players[0].rating == 0


@pytest.mark.parametrize(
    ("records", "lines", "expected"),
    [
        (["XXR 5"], 2, 5),
        (["142 7"], 2, 7),
        (["142 7", "XXR 6"], 2, 6),
        ([], 3, 3),
    ],
    ids=["xxr", "trf25-142", "xxr-wins-over-142", "longest-player-line"],
)
def test_number_of_rounds(records: list[str], lines: int, expected: int) -> None:
    blocks = [
        ("   2 w 1", "   1 b 0"),
        ("   2 b =", "   1 w ="),
        ("0000 - U", "0000 - H"),
    ]
    text = trf_text(
        *records,
        p001(1, "A", *(b[0] for b in blocks[:lines])),
        p001(2, "B", *(b[1] for b in blocks[:lines])),
    )

    t = trf.parse(text)

    assert t.rounds_total == expected
    assert all(len(p.rounds) == expected for p in t.players)


def test_crlf_line_endings_a_byte_order_mark_and_blank_lines_are_accepted() -> None:
    text = "\ufeff012 Club Open\r\n\r\nXXR 1\r\n" + p001(1, "A", "0000 - U") + "\r\n"

    t = trf.parse(text)

    assert t.name == "Club Open"
    assert trf.pairings(t) == (trf.TrfPairing(1, 1, None, Result.BYE_PAIRING),)


# ---------------------------------------------------------------------------------------------
# Result codes


@pytest.mark.parametrize(
    ("block_1", "block_2", "white", "black", "result"),
    [
        ("   2 w 1", "   1 b 0", 1, 2, Result.WHITE_WIN),
        ("   2 b 1", "   1 w 0", 2, 1, Result.BLACK_WIN),
        ("   2 w =", "   1 b =", 1, 2, Result.DRAW),
        ("   2 w 0", "   1 b 1", 1, 2, Result.BLACK_WIN),
        ("   2 w +", "   1 b -", 1, 2, Result.WHITE_FORFEIT_WIN),
        ("   2 w -", "   1 b +", 1, 2, Result.BLACK_FORFEIT_WIN),
        ("   2 w -", "   1 b -", 1, 2, Result.DOUBLE_FORFEIT),
        ("   2 w W", "   1 b L", 1, 2, Result.WHITE_WIN_UNRATED),
        ("   2 w D", "   1 b D", 1, 2, Result.DRAW_UNRATED),
        ("   2 w L", "   1 b W", 1, 2, Result.BLACK_WIN_UNRATED),
        ("   2 w", "   1 b", 1, 2, Result.PENDING),
        ("   2 b", "   1 w", 2, 1, Result.PENDING),
        # No colours on either side: the lower start number is white.
        ("   2 - +", "   1 - -", 1, 2, Result.WHITE_FORFEIT_WIN),
        ("   2   -", "   1   +", 1, 2, Result.BLACK_FORFEIT_WIN),
        ("   2 - 1", "   1   0", 1, 2, Result.WHITE_WIN),
        ("   2", "   1", 1, 2, Result.PENDING),
    ],
    ids=[
        "1-0",
        "1-0-player-1-black",
        "draw",
        "0-1",
        "forfeit-white",
        "forfeit-black",
        "double-forfeit",
        "unrated-white-win",
        "unrated-draw",
        "unrated-black-win",
        "pending",
        "pending-player-1-black",
        "no-colours-dash",
        "no-colours-blank",
        "no-colours-mixed-dash-and-blank",
        "no-colours-pending",
    ],
)
def test_two_player_codes_map_to_one_result(
    block_1: str, block_2: str, white: int, black: int, result: Result
) -> None:
    t = trf.parse(trf_text(p001(1, "A", block_1), p001(2, "B", block_2)))

    assert trf.pairings(t) == (trf.TrfPairing(1, white, black, result),)


@pytest.mark.parametrize(
    ("block", "result"),
    [
        ("0000 - U", Result.BYE_PAIRING),
        ("0000 - F", Result.BYE_FULL),
        ("0000 - H", Result.BYE_HALF),
        ("0000 - Z", Result.BYE_ZERO),
        ("0000 - +", Result.FORFEIT_WIN_NO_OPPONENT),
        ("0000 - -", Result.NOT_PAIRED),
        ("       U", Result.BYE_PAIRING),
        ("       H", Result.BYE_HALF),
        ("       -", Result.NOT_PAIRED),
        ("     - Z", Result.BYE_ZERO),
        ("0000   F", Result.BYE_FULL),
        # TRF-16: "(blank) equivalent to Z".
        ("0000 -  ", Result.BYE_ZERO),
        ("0000", Result.BYE_ZERO),
        ("     -", Result.BYE_ZERO),
    ],
    ids=[
        "U",
        "F",
        "H",
        "Z",
        "plus-no-opponent",
        "minus-no-opponent",
        "U-blank-opponent",
        "H-blank-opponent",
        "minus-blank-opponent",
        "blank-opponent-dash-colour",
        "0000-blank-colour",
        "blank-result",
        "blank-result-and-colour",
        "blank-opponent-and-result",
    ],
)
def test_one_player_codes_map_to_one_result(block: str, result: Result) -> None:
    t = trf.parse(trf_text("XXR 1", p001(1, "A", block)))

    assert trf.pairings(t) == (trf.TrfPairing(1, 1, None, result),)


def test_a_blank_block_is_no_pairing_at_all() -> None:
    t = trf.parse(
        trf_text(
            p001(1, "A", "", "   2 w 1"),
            p001(2, "B", "", "   1 b 0"),
            p001(3, "C", "0000 - U"),
        )
    )

    assert t.players[0].rounds == (None, trf.TrfBlock(2, "w", "1"))
    assert trf.pairings(t) == (
        trf.TrfPairing(1, 3, None, Result.BYE_PAIRING),
        trf.TrfPairing(2, 1, 2, Result.WHITE_WIN),
    )


@pytest.mark.parametrize(
    "blank_round", [1, 2, 3], ids=["first-round", "middle-round", "last-round"]
)
def test_a_blank_result_with_no_opponent_is_a_zero_point_bye_in_any_round(
    blank_round: int,
) -> None:
    # Players 1-2 and 3-4 play every round; player 5 has "0000 -" with no result in one round
    # (a late entry, an absence, a withdrawal before the last round) and a bye in the others.
    games = ["   2 w 1", "   1 b 0", "   4 w =", "   3 b ="]
    fifth = ["0000 -  " if r == blank_round else "0000 - U" for r in (1, 2, 3)]
    text = trf_text(
        "XXR 3",
        *(p001(n, f"P{n}", *[games[n - 1]] * 3) for n in (1, 2, 3, 4)),
        p001(5, "P5", *fifth),
    )

    parsed = trf.parse(text)

    assert parsed.players[4].rounds[blank_round - 1] == trf.TrfBlock(0, "-", " ")
    assert [p for p in trf.pairings(parsed) if p.white == 5] == [
        trf.TrfPairing(
            r, 5, None, Result.BYE_ZERO if r == blank_round else Result.BYE_PAIRING
        )
        for r in (1, 2, 3)
    ]
    # Written back as read: the blank stays blank.
    assert trf.write(parsed) == text


def _letters_file(case: str) -> str:
    """Every result letter of TRF-16 in one file, in capitals or (``case="lower"``) not."""

    def c(letter: str) -> str:
        return letter.lower() if case == "lower" else letter

    return trf_text(
        "XXR 4",
        p001(
            1,
            "A",
            f"   2 w {c('W')}",
            f"0000 - {c('H')}",
            f"   3 b {c('D')}",
            "   4 w 1",
        ),
        p001(
            2,
            "B",
            f"   1 b {c('L')}",
            f"0000 - {c('F')}",
            f"0000 - {c('U')}",
            "   3 w =",
        ),
        p001(
            3,
            "C",
            f"0000 - {c('Z')}",
            f"0000 - {c('Z')}",
            f"   1 w {c('D')}",
            "   2 b =",
        ),
        p001(4, "D", "0000 - -", "0000 - +", f"0000 - {c('Z')}", "   1 b 0"),
    )


def test_result_letters_read_the_same_in_lower_case() -> None:
    # TRF-16 (FIDE's "TRF16" annex), under the result codes: "Letter codes are
    # case-insensitive (i.e. w,d,l,h,f,u,z can be used)".
    lower = trf.parse(_letters_file("lower"))

    assert trf.pairings(lower) == trf.pairings(trf.parse(_letters_file("upper")))
    assert {p.result for p in trf.pairings(lower)} >= {
        Result.WHITE_WIN_UNRATED,
        Result.DRAW_UNRATED,
        Result.BYE_HALF,
        Result.BYE_FULL,
        Result.BYE_PAIRING,
        Result.BYE_ZERO,
    }
    # Written back as read: the letters keep their case.
    assert trf.write(lower) == _letters_file("lower")


def test_pairings_come_in_file_order_of_their_first_player_with_byes_last() -> None:
    t = trf.parse(
        trf_text(
            p001(5, "E", "0000 - U"),
            p001(4, "D", "   1 b 1"),
            p001(3, "C", "   2 w ="),
            p001(2, "B", "   3 b ="),
            p001(1, "A", "   4 w 0"),
        )
    )

    assert trf.pairings(t) == (
        trf.TrfPairing(1, 1, 4, Result.BLACK_WIN),
        trf.TrfPairing(1, 3, 2, Result.DRAW),
        trf.TrfPairing(1, 5, None, Result.BYE_PAIRING),
    )


# ---------------------------------------------------------------------------------------------
# Malformed files: the line number and what is wrong

A1 = p001(1, "A", "   2 w 1")
B1 = p001(2, "B", "   1 b 0")

MALFORMED = [
    (
        "short-player-line",
        [A1, B1, "001    3"],
        3,
        "player line is too short (8 characters): it needs at least a start number "
        "(columns 5-8) and a name (columns 15-47)",
    ),
    (
        "start-number-not-a-number",
        [p001("1a", "A")],
        1,
        "start number '1a' (columns 5-8) is not a number",
    ),
    (
        "start-number-with-a-superscript",
        [p001("1²", "A")],
        1,
        "start number '1²' (columns 5-8) is not a number",
    ),
    (
        "round-beyond-142",
        ["142 2", A1, p001(2, "B", "   1 b 0", "", "0000 - U")],
        3,
        "round 3 has a result, but the file declares 2 rounds (142 on line 1)",
    ),
    (
        "start-number-missing",
        [p001("", "A")],
        1,
        "start number (columns 5-8) is missing or 0",
    ),
    (
        "no-name",
        ["001    1                                        2000"],
        1,
        "player has no name (columns 15-47)",
    ),
    (
        "rating-not-a-number",
        [A1, p001(2, "B", "   1 b 0", rating="20O0")],
        2,
        "rating '20O0' (columns 49-52) is not a number",
    ),
    (
        "line-truncated-in-rating",
        ["001    1      A                                 20"],
        1,
        "line is truncated: it ends inside the rating (columns 49-52)",
    ),
    (
        "opponent-not-a-number",
        [A1, p001(2, "B", "  x1 b 0")],
        2,
        "round 1 (columns 92-101): opponent 'x1' is not a number",
    ),
    (
        "line-truncated-in-opponent",
        [A1, p001(2, "B", "   1 b 0", "  1")],
        2,
        "line is truncated: it ends inside round 2 (columns 102-111)'s opponent number",
    ),
    (
        "unknown-result-code",
        [A1, p001(2, "B", "   1 b X")],
        2,
        "round 1 (columns 92-101): unknown result code 'X' (expected 1 = 0 + - W D L U F H Z)",
    ),
    (
        "unknown-colour",
        [A1, p001(2, "B", "   1 B 0")],
        2,
        "round 1 (columns 92-101): unknown colour 'B' (expected w, b or -)",
    ),
    (
        "block-shifted-one-column",
        [A1, p001(2, "B", "    1 b 0")],
        2,
        "round 1 (columns 92-101): '    1 b 0' is not laid out as opponent (4 columns), "
        "colour, result",
    ),
    (
        "duplicate-start-number",
        ["### comment", A1, B1, p001(1, "C")],
        4,
        "start number 1 is already used on line 2",
    ),
    (
        "player-paired-twice",
        [A1, B1, p001(3, "C", "   2 w 1")],
        3,
        "round 1: player 2 is paired twice, with 1 (line 1) and with 3",
    ),
    (
        "opponent-names-someone-else",
        [A1, p001(2, "B", "   3 b 0"), p001(3, "C", "   2 w 1")],
        1,
        "round 1: player 1 has opponent 2, but player 2 (line 2) has opponent 3 in that round",
    ),
    (
        "opponent-has-a-bye",
        [A1, p001(2, "B", "0000 - U")],
        1,
        "round 1: player 1 has opponent 2, but player 2 (line 2) has no opponent in that round",
    ),
    (
        "opponent-has-a-blank-round",
        [
            p001(1, "A", "", "   2 w 1"),
            p001(2, "B", "   3 w 1"),
            p001(3, "C", "   2 b 0"),
        ],
        1,
        "round 2: player 1 has opponent 2, but player 2 (line 2) has no opponent in that round",
    ),
    (
        "same-colour-twice",
        [A1, p001(2, "B", "   1 w 0")],
        1,
        "round 1: colours do not match: player 1 has 'w', player 2 (line 2) has 'w'",
    ),
    (
        "colour-on-one-side-only",
        [A1, p001(2, "B", "   1 - 0")],
        1,
        "round 1: colours do not match: player 1 has 'w', player 2 (line 2) has '-'",
    ),
    (
        "both-won",
        [A1, p001(2, "B", "   1 b 1")],
        1,
        "round 1: results do not match: player 1 has a win ('1'), player 2 (line 2) has a win ('1')",
    ),
    (
        "win-against-draw",
        [A1, p001(2, "B", "   1 b =")],
        1,
        "round 1: results do not match: player 1 has a win ('1'), player 2 (line 2) has a draw ('=')",
    ),
    (
        "forfeit-win-against-played-loss",
        [p001(1, "A", "   2 w +"), B1],
        1,
        "round 1: results do not match: player 1 has a forfeit win ('+'), player 2 (line 2) has "
        "a loss ('0')",
    ),
    (
        "result-on-one-side-only",
        [p001(1, "A", "   2 w"), B1],
        1,
        "round 1: results do not match: player 1 has no result (' '), player 2 (line 2) has a "
        "loss ('0')",
    ),
    (
        "unrated-against-rated",
        [p001(1, "A", "   2 w W"), B1],
        1,
        "round 1: results do not match: player 1 has an unrated win ('W'), player 2 (line 2) has "
        "a loss ('0')",
    ),
    (
        "opponent-does-not-exist",
        [A1, B1, p001(3, "C", "   9 w 1")],
        3,
        "round 1: opponent 9 does not exist (no player line for it)",
    ),
    (
        "paired-against-self",
        [p001(1, "A", "   1 w 1")],
        1,
        "round 1: player 1 is paired against themself",
    ),
    (
        "round-beyond-xxr",
        ["XXR 1", A1, p001(2, "B", "   1 b 0", "0000 - U")],
        3,
        "round 2 has a result, but the file declares 1 round (XXR on line 1)",
    ),
    (
        "xxr-not-a-number",
        ["012 Open", "XXR nine", A1, B1],
        2,
        "number of rounds 'nine' is not a whole number of at least 1",
    ),
    (
        "bye-with-an-opponent",
        [A1, B1, p001(3, "C", "   4 - U")],
        3,
        "round 1 (columns 92-101): result U is a bye and cannot have an opponent (4)",
    ),
    (
        "played-result-without-opponent",
        [A1, B1, p001(3, "C", "0000 - 1")],
        3,
        "round 1 (columns 92-101): result 1 (a played game) with no opponent; a round "
        "without an opponent needs U, F, H, Z, +, - or no result",
    ),
    (
        "colour-on-a-bye",
        [A1, B1, p001(3, "C", "0000 w U")],
        3,
        "round 1 (columns 92-101): colour w given, but there is no opponent",
    ),
    # The number of rounds is capped: a huge XXR would otherwise pad every player line.
    (
        "xxr-above-the-maximum",
        ["012 Open", "XXR 100", A1, B1],
        2,
        "number of rounds 100 is more than 99, the most a TRF file may have here",
    ),
    (
        "xxr-far-above-the-maximum",
        ["XXR 40000", A1, B1],
        1,
        "number of rounds 40000 is more than 99, the most a TRF file may have here",
    ),
    (
        "xxr-a-billion",
        ["XXR 999999999", A1, B1],
        1,
        "number of rounds 999999999 is more than 99, the most a TRF file may have here",
    ),
    (
        "142-above-the-maximum",
        ["142 120", A1, B1],
        1,
        "number of rounds 120 is more than 99, the most a TRF file may have here",
    ),
    (
        "player-line-with-round-100",
        [A1, B1, p001(3, "C", *[""] * 99, "0000 - U")],
        3,
        "round 100 (columns 1082-1091) is beyond round 99, the most a TRF file may have here",
    ),
    # Separator columns must be blank: a field written one column off would read as another.
    (
        "code-run-into-start-number",
        ["001x   1      A"],
        1,
        "column 4 should be blank between the record code (columns 1-3) and the start "
        "number (columns 5-8), but holds 'x': one of them is shifted or too long",
    ),
    (
        "start-number-five-digits",
        [p001("12345", "A")],
        1,
        "column 9 should be blank between the start number (columns 5-8) and the sex "
        "(column 10), but holds '5': one of them is shifted or too long",
    ),
    (
        "title-four-characters",
        [p001(1, "A", title="GMXX")],
        1,
        "column 14 should be blank between the title (columns 11-13) and the name "
        "(columns 15-47), but holds 'X': one of them is shifted or too long",
    ),
    (
        "name-34-characters",
        [A1, B1, p001(3, "N" * 33 + "Z")],
        3,
        "column 48 should be blank between the name (columns 15-47) and the rating "
        "(columns 49-52), but holds 'Z': one of them is shifted or too long",
    ),
    (
        "rating-shifted-one-column-right",
        [
            A1,
            p001(2, "B", "   1 b 0", rating=2801, federation="ITA")[:48] + " 2801 ITA",
        ],
        2,
        "column 53 should be blank between the rating (columns 49-52) and the federation "
        "(columns 54-56), but holds '1': one of them is shifted or too long",
    ),
    (
        "federation-four-characters",
        [p001(1, "A", federation="GERM")],
        1,
        "column 57 should be blank between the federation (columns 54-56) and the FIDE ID "
        "(columns 58-68), but holds 'M': one of them is shifted or too long",
    ),
    (
        "fide-id-twelve-digits",
        [p001(1, "A", fide_id="123456789012", birth="1970")],
        1,
        "column 69 should be blank between the FIDE ID (columns 58-68) and the birth date "
        "(columns 70-79), but holds '2': one of them is shifted or too long",
    ),
    (
        "birth-date-eleven-characters",
        [p001(1, "A", birth="1969.12.061")],
        1,
        "column 80 should be blank between the birth date (columns 70-79) and the points "
        "(columns 81-84), but holds '1': one of them is shifted or too long",
    ),
    (
        "points-five-characters",
        [p001(1, "A", points="10.50")],
        1,
        "column 85 should be blank between the points (columns 81-84) and the rank "
        "(columns 86-89), but holds '0': one of them is shifted or too long",
    ),
    (
        "rank-five-digits",
        [p001(1, "A", rank="12345")],
        1,
        "column 90 should be blank between the rank (columns 86-89) and round 1 "
        "(columns 92-101), but holds '5': one of them is shifted or too long",
    ),
    (
        "block-shifted-one-column-left",
        [A1, p001(2, "B").ljust(90) + "1002 b 0"],
        2,
        "column 91 should be blank between the rank (columns 86-89) and round 1 "
        "(columns 92-101), but holds '1': one of them is shifted or too long",
    ),
    # Only known record shapes: anything else would be kept as an unknown record.
    (
        "player-line-with-a-leading-space",
        [A1, B1, " " + p001(7, "Ghost", "0000 - U")],
        3,
        "not a TRF-16 record: ' 001    7      Ghost...' (a line starts in column 1 with a "
        "three-digit code such as 001 or 012, an XX code such as XXR, or ### for a comment)",
    ),
    (
        "garbage",
        ["012 Open", "hello world", A1, B1],
        2,
        "not a TRF-16 record: 'hello world' (a line starts in column 1 with a "
        "three-digit code such as 001 or 012, an XX code such as XXR, or ### for a comment)",
    ),
    (
        "lower-case-xxr",
        ["xxr 1", A1, B1],
        1,
        "not a TRF-16 record: 'xxr 1' (a line starts in column 1 with a "
        "three-digit code such as 001 or 012, an XX code such as XXR, or ### for a comment)",
    ),
    (
        "two-digit-code",
        ["12 Open", A1, B1],
        1,
        "not a TRF-16 record: '12 Open' (a line starts in column 1 with a "
        "three-digit code such as 001 or 012, an XX code such as XXR, or ### for a comment)",
    ),
    (
        "form-feed-line",
        [A1, "\x0c", B1],
        2,
        "not a TRF-16 record: '\\x0c' (a line starts in column 1 with a "
        "three-digit code such as 001 or 012, an XX code such as XXR, or ### for a comment)",
    ),
]


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [case[1:] for case in MALFORMED],
    ids=[case[0] for case in MALFORMED],
)
def test_malformed_files_are_refused_with_the_line_and_the_problem(
    lines: list[str], line: int, message: str
) -> None:
    with pytest.raises(trf.TrfError) as caught:
        trf.parse(trf_text(*lines))

    assert (caught.value.line, caught.value.message) == (line, message)
    assert str(caught.value) == f"line {line}: {message}"


@pytest.mark.parametrize(
    "line",
    [
        "###",
        "### a comment",
        "012 Open",
        "999 a numbered code nobody knows",
        "XXR 99",
        "XXC white1",
        "XX9 extension",
        "   ",
        "\t",
    ],
    ids=[
        "bare-comment",
        "comment",
        "012",
        "any-three-digits",
        "xxr-at-the-maximum",
        "xxc",
        "xx-and-a-digit",
        "blanks",
        "tab",
    ],
)
def test_record_shapes_that_are_accepted(line: str) -> None:
    t = trf.parse(trf_text(line, A1, B1))

    assert [p.start_number for p in t.players] == [1, 2]


def test_ninety_nine_rounds_are_accepted_on_a_player_line() -> None:
    t = trf.parse(trf_text(A1, B1, p001(3, "C", *[""] * 98, "0000 - U")))

    assert t.rounds_total == 99
    assert trf.pairings(t)[-1] == trf.TrfPairing(99, 3, None, Result.BYE_PAIRING)


# Characters str.splitlines() treats as line breaks; a TRF line ends only at "\n".
NOT_LINE_BREAKS = ["\x85", "\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]


@pytest.mark.parametrize(
    "character",
    NOT_LINE_BREAKS,
    ids=["nel", "u2028", "u2029", "vt", "ff", "fs", "gs", "rs"],
)
def test_only_newline_ends_a_line(character: str) -> None:
    text = trf_text(
        f"012 Open{character}Club",
        p001(1, f"A{character}B", "   2 w 1"),
        p001(2, "B", "   1 b 1"),
    )

    with pytest.raises(trf.TrfError) as caught:
        trf.parse(text)
    t = trf.parse(text.replace("   1 b 1", "   1 b 0"))

    assert caught.value.line == 2
    assert t.name == f"Open{character}Club"
    # A player's name is read with its runs of white space as one space (each of these
    # characters is white space to Python), so none of them reaches the player table.
    assert t.players[0].name == "A B"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("012 Dvořák\n".encode(), "012 Dvořák\n"),
        ("012 Dvořák\n".encode("utf-8-sig"), "012 Dvořák\n"),
        ("012 Šimek, Žofia\n".encode("cp1252"), "012 Šimek, Žofia\n"),
        ("012 Open…\n".encode("cp1252"), "012 Open…\n"),
        ("012 Müller\n".encode("cp1252"), "012 Müller\n"),
        # 0x81 is not a cp1252 character: the file can only be Latin-1.
        (b"012 M\x81ller\n", "012 M\x81ller\n"),
    ],
    ids=[
        "utf-8",
        "utf-8-bom",
        "cp1252-caron",
        "cp1252-ellipsis",
        "cp1252-umlaut",
        "latin-1",
    ],
)
def test_decode_tries_utf_8_then_windows_1252_then_latin_1(
    data: bytes, expected: str
) -> None:
    assert trf.decode(data) == expected


def test_line_numbers_count_comments_and_blank_lines() -> None:
    text = trf_text("### one", "", "012 Open", "", A1, p001(2, "B", "   1 b 1"))

    with pytest.raises(trf.TrfError) as caught:
        trf.parse(text)

    assert caught.value.line == 5


def test_trailing_blanks_beyond_the_declared_rounds_are_not_a_round() -> None:
    t = trf.parse(trf_text("XXR 1", A1 + " " * 25, B1))

    assert t.rounds_total == 1
    assert t.players[0].rounds == (trf.TrfBlock(2, "w", "1"),)


def test_a_player_line_shorter_than_the_rounds_declared_is_padded_with_no_pairing() -> (
    None
):
    t = trf.parse(trf_text("XXR 3", A1, B1))

    assert t.players[1].rounds == (trf.TrfBlock(1, "b", "0"), None, None)


# ---------------------------------------------------------------------------------------------
# Writing


def _squeeze(text: str) -> list[str]:
    """Lines with runs of blanks collapsed: what is left when whitespace trivia is ignored."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.stem)
def test_writing_a_parsed_fixture_gives_the_same_text(path: Path) -> None:
    text = read(path)

    written = trf.write(trf.parse(text))

    assert written.splitlines() == [line.rstrip() for line in text.splitlines()]


SHARED = [pytest.param(p, id=p.stem) for p in shared_files()] or [
    pytest.param(None, marks=pytest.mark.skip(reason=SHARED_MISSING), id="shared")
]


@pytest.mark.parametrize("path", SHARED)
def test_writing_a_parsed_shared_file_gives_equivalent_text(path: Path) -> None:
    text = read(path)
    parsed = trf.parse(text)

    written = trf.write(parsed)

    assert _squeeze(written) == _squeeze(text)
    assert trf.parse(written) == parsed


@pytest.mark.parametrize("path", SHARED)
def test_blocks_rebuilt_from_pairings_match_the_file(path: Path) -> None:
    parsed = trf.parse(read(path))

    blocks = trf.blocks_from_pairings(
        trf.pairings(parsed),
        [p.start_number for p in parsed.players],
        parsed.rounds_total,
    )

    def same(block: trf.TrfBlock | None) -> tuple[int, str, str] | None:
        # A bye's opponent may be blank or 0000 and "no colour" blank or "-" in the files.
        if block is None:
            return None
        colour = "-" if block.colour in trf.NO_COLOUR else block.colour
        return (block.opponent or 0, colour, block.result)

    for player in parsed.players:
        assert [same(b) for b in blocks[player.start_number]] == [
            same(b) for b in player.rounds
        ], player.name


def test_write_lays_out_every_block_kind() -> None:
    blocks = trf.blocks_from_pairings(
        [
            trf.TrfPairing(1, 2, 1, Result.WHITE_WIN),
            trf.TrfPairing(1, 3, None, Result.BYE_HALF),
            trf.TrfPairing(2, 1, 2, Result.PENDING),
            trf.TrfPairing(2, 3, None, Result.NOT_PAIRED),
        ],
        [1, 2, 3],
        3,
    )
    tournament = trf.TrfTournament(
        records=(trf.TrfRecord("012", "Club Open"), trf.TrfRecord("XXR", "3")),
        players=tuple(
            trf.TrfPlayer(start_number=n, name=name, rounds=blocks[n])
            for n, name in ((1, "A"), (2, "B"), (3, "C"))
        ),
        rounds_total=3,
    )

    assert trf.write(tournament) == trf_text(
        "012 Club Open",
        "XXR 3",
        p001(1, "A", "   2 b 0", "   2 w"),
        p001(2, "B", "   1 w 1", "   1 b"),
        p001(3, "C", "0000 - H", "0000 - -"),
    )


def test_write_cuts_text_too_long_for_its_columns() -> None:
    long = trf.TrfPlayer(start_number=1, name="N" * 40, federation="ABCDEFGH")
    line = trf.player_line(long)
    assert line[14:48] == "N" * 33 + " "
    assert line[53:56] == "ABC"


@pytest.mark.parametrize(
    ("player", "cuts"),
    [
        (trf.TrfPlayer(7, "N" * 33, federation="GER", fide_id="1" * 11), []),
        (
            trf.TrfPlayer(7, "N" * 34),
            [
                f"player 7 ({'N' * 34}): name is longer than 33 characters, written as "
                f"{'N' * 33!r}"
            ],
        ),
        (
            trf.TrfPlayer(7, "A", fide_id="123456789012"),
            [
                "player 7 (A): FIDE ID is longer than 11 characters, written as '12345678901'"
            ],
        ),
        (
            trf.TrfPlayer(7, "A", federation="USA-IL"),
            ["player 7 (A): federation is longer than 3 characters, written as 'USA'"],
        ),
        (
            trf.TrfPlayer(7, "A", title="GMXX", sex="mf", birth_date="1969.12.061"),
            [
                "player 7 (A): sex is longer than 1 character, written as 'm'",
                "player 7 (A): title is longer than 3 characters, written as 'GMX'",
                "player 7 (A): birth date is longer than 10 characters, written as '1969.12.06'",
            ],
        ),
    ],
    ids=["at-the-widths", "name", "fide-id", "federation", "sex-title-birth-date"],
)
def test_cuts_names_each_value_too_long_for_its_columns(
    player: trf.TrfPlayer, cuts: list[str]
) -> None:
    assert trf.cuts(player) == cuts


@pytest.mark.parametrize(
    ("player", "message"),
    [
        (
            trf.TrfPlayer(7, "A", rating=12345),
            "player 7 (A): rating 12345 does not fit in 4 columns",
        ),
        (
            trf.TrfPlayer(7, "A", rating=-1),
            "player 7 (A): rating -1 does not fit in 4 columns",
        ),
        (
            trf.TrfPlayer(10000, "A"),
            "player 10000 (A): start number 10000 does not fit in 4 columns",
        ),
    ],
    ids=["rating-five-digits", "rating-negative", "start-number-five-digits"],
)
def test_write_refuses_numbers_too_large_for_their_columns_naming_the_player(
    player: trf.TrfPlayer, message: str
) -> None:
    with pytest.raises(trf.TrfWriteError) as caught:
        trf.player_line(player)

    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024/12/26", datetime.date(2024, 12, 26)),
        ("2014.08.27", datetime.date(2014, 8, 27)),
        ("2014-08-27", datetime.date(2014, 8, 27)),
        ("28. 07. 2005", datetime.date(2005, 7, 28)),
        ("28.07.2005", datetime.date(2005, 7, 28)),
        ("May 29, 2020", datetime.date(2020, 5, 29)),
        ("26/11/22", None),
        ("", None),
        ("2005/13/01", None),
    ],
    ids=[
        "slashes",
        "dots",
        "iso",
        "german-spaced",
        "german",
        "english",
        "ambiguous-two-digit-year",
        "blank",
        "no-such-month",
    ],
)
def test_dates_as_written_in_files(text: str, expected: datetime.date | None) -> None:
    assert trf.date_from_text(text) == expected
