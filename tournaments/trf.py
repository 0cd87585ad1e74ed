"""TRF-16 (FIDE's Tournament Report File) read and written as plain data: no ORM, no I/O.

``decode(data)`` turns a file's bytes into text (UTF-8, else Windows-1252, else Latin-1);
``parse(text)`` checks a whole file and returns a ``TrfTournament``; ``pairings(tournament)``
turns its player lines into one ``TrfPairing`` per board or bye, carrying our ``Result`` codes;
``blocks_from_pairings`` goes back from pairings to the per-player round blocks, and
``write(tournament)`` produces the text. Every problem found in a file is a ``TrfError`` with the
file's line number (1-based) and what is wrong.

Lines and records
-----------------
Only ``\n`` ends a line (a ``\r`` before it is dropped): ``str.splitlines`` would also break at
U+0085, U+2028, form feeds and more, which can sit inside a Latin-1 name and would shift every
later line number. Each line starts in column 1 with its code: three digits (``001``, ``012``,
... any three digits, as TRF-16 numbers its records), ``XX`` and a letter or digit (the
extensions pairing programs add: JaVaFo's ``XXR``, ``XXC``...) or ``###`` (a comment). Any other
line, including one starting with a blank, is refused: kept as an unknown record it would hide
a player line written one column off. Blank lines are skipped.

``001`` lines are players (below). Every other line (``012`` name, ``022`` city, ``032``
federation, ``042``/``052`` start and end dates as given, ``062``.. counts, ``092`` type, ``102``
chief arbiter, ``122`` time control, ``XXR`` number of rounds, ``###`` comments, and any code we
do not know) is kept as a ``TrfRecord`` in file order and written back unchanged; only ``XXR``
(or TRF-25's ``142`` when there is no ``XXR``) is interpreted here. ``write`` puts the records
before the player lines.

Player line (columns 1-based, as in the TRF-16 text)::

    1-3   001               49-52  rating (blank or 0: unrated; kept as given)
    5-8   start number      54-56  federation
    10    sex               58-68  FIDE ID
    11-13 title             70-79  birth date, as given
    15-47 name              81-84  points (kept as text; not imported)
                            86-89  rank (kept as text; not imported)

then one 10-character block per round from column 92 (round r starts at column 92 + 10(r-1))::

    +0..3 opponent's start number (``0000`` or blank: none)
    +5    colour: ``w``, ``b``, ``-`` or blank
    +7    result code

Numeric fields are right-aligned, text fields left-aligned (titles right-aligned, as
Swiss-Manager writes them). Trailing blanks may be trimmed; a line that stops inside a number
(start number, rating, opponent) is truncated and refused. The columns between fields (4, 9, 14,
48, 53, 57, 69, 80, 85, 90 and 91, as far as the line reaches) must be blank: a field written
one column off (a rating starting in column 50, a 34-character name) would otherwise be read,
silently wrong, as its neighbour.

Result codes (TRF letter for white / black) and our ``Result``
------------------------------------------------------------------
Two players (both lines must name each other in that round, with opposite colours)::

    1 / 0   white_win             W / L   white_win_unrated
    = / =   draw                  D / D   draw_unrated
    0 / 1   black_win             L / W   black_win_unrated
    + / -   white_forfeit_win     blank / blank  pending (paired, no result yet)
    - / +   black_forfeit_win
    - / -   double_forfeit

One player (opponent ``0000`` or blank; colour ``-`` or blank, both meaning "none")::

    U  bye_pairing (pairing-allocated bye)     Z  bye_zero
    F  bye_full (requested full-point bye)     +  forfeit_win_no_opponent
    H  bye_half                                -  not_paired
    blank  bye_zero: TRF-16 lists "(blank)" among the result codes, "equivalent to Z"

so ``0000 -`` with no result (what other programs write for a late entry or an absence) is a
zero-point bye. The block keeps the blank as written (``write`` gives the same text back); a
section that went through the database writes it as ``Z``. A completely blank block is no
pairing at all (a round-robin rest round, a player not yet entered); it is read as ``None`` and
written back blank. Any other combination (``1`` against ``1``, ``U`` with an opponent, ``=``
with no opponent, a result letter not listed) is a ``TrfError``: we do not guess.

Decisions where the format is silent
------------------------------------
- Colours ``-`` or blank on both sides of a two-player pairing (some programs write forfeits that
  way): the lower start number is white. One side with a colour and the other without, or the
  same colour twice, is an error.
- Boards: in each round, pairings are numbered in the order their first player appears in the
  file (a file sorted by start number or rank puts the top players on the top boards); byes and
  other one-player rows have no board.
- Number of rounds: ``XXR`` (JaVaFo's extension), else ``142`` (TRF-25), else the longest player
  line. A non-blank block beyond a declared number of rounds is an error. At most
  ``MAX_ROUNDS`` (99) rounds, however given (see there).
- Start numbers are kept (they are the pairing numbers); a start number used twice is an error.
- Sex, title, federation, FIDE ID and birth date are kept as text, unchecked; so are points and
  rank, which are derived data (the importer ignores them; the export, on the read side in
  ``standings/trf_export.py``, writes the engine's points and standings ranks).
- Dates (``042``/``052``) stay text here; ``date_from_text`` reads the unambiguous forms and
  gives None for the rest (``26/11/22``) rather than guess day/month/year order.

Writing
-------
``write`` lays every field out in the columns above and cuts text too long for its columns (a
name has 33); ``cuts(player)`` names each value cut, so a caller can warn. A start number or
rating that does not fit its 4 columns is a ``TrfWriteError`` naming the player. ``blocks_from_pairings`` gives the canonical blocks: ``w``/``b`` on every
two-player pairing, ``0000 - X`` for every one-player row, blank for a round with no row. So a
file read and written back keeps its exact text, while a file that went through the database
comes back with ``0000 -`` where it had a blank opponent or colour, and with colours where a
pairing had none.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from tournaments.models import Result

BLOCK_START = 91  # 0-based index of column 92, where round 1's block starts
BLOCK_WIDTH = 10
NO_COLOUR = frozenset({"-", " "})
COLOURS = frozenset({"w", "b"}) | NO_COLOUR
RESULT_LETTERS = frozenset("10=+-WDLUFHZ ")
# The most rounds a file may have. No Swiss or round robin in the shared files has more than 22
# (New York 1924's double round robin), and a round robin of 50 players is 49 rounds; a larger
# number is a typing error. The cap also keeps a bad XXR from padding every player line with
# millions of blocks, and fits the database's small-integer round numbers.
MAX_ROUNDS = 99
# The blank columns between the fields of a 001 line, 0-based, with the fields on either side.
_SEPARATORS: tuple[tuple[int, str, str], ...] = (
    (3, "the record code (columns 1-3)", "the start number (columns 5-8)"),
    (8, "the start number (columns 5-8)", "the sex (column 10)"),
    (13, "the title (columns 11-13)", "the name (columns 15-47)"),
    (47, "the name (columns 15-47)", "the rating (columns 49-52)"),
    (52, "the rating (columns 49-52)", "the federation (columns 54-56)"),
    (56, "the federation (columns 54-56)", "the FIDE ID (columns 58-68)"),
    (68, "the FIDE ID (columns 58-68)", "the birth date (columns 70-79)"),
    (79, "the birth date (columns 70-79)", "the points (columns 81-84)"),
    (84, "the points (columns 81-84)", "the rank (columns 86-89)"),
    (89, "the rank (columns 86-89)", "round 1 (columns 92-101)"),
    (90, "the rank (columns 86-89)", "round 1 (columns 92-101)"),
)
# Record codes: three digits (001, 012, ... 999), an XX extension (XXR, XXC...), a ### comment.
_RECORD_CODE = re.compile(r"[0-9]{3}|XX[A-Z0-9]|###")
# The text fields of a 001 line and their widths, in column order, for ``cuts``.
_TEXT_WIDTHS: tuple[tuple[str, str, int], ...] = (
    ("sex", "sex", 1),
    ("title", "title", 3),
    ("name", "name", 33),
    ("federation", "federation", 3),
    ("fide_id", "FIDE ID", 11),
    ("birth_date", "birth date", 10),
    ("points", "points", 4),
    ("rank", "rank", 4),
)

# Each two-player result as (white's TRF letter, black's TRF letter).
TWO_PLAYER_LETTERS: dict[str, tuple[str, str]] = {
    Result.PENDING: (" ", " "),
    Result.WHITE_WIN: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WIN: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "-"),
    Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    Result.WHITE_WIN_UNRATED: ("W", "L"),
    Result.DRAW_UNRATED: ("D", "D"),
    Result.BLACK_WIN_UNRATED: ("L", "W"),
}
# Each one-player result as its TRF letter (opponent 0000, colour "-").
ONE_PLAYER_LETTERS: dict[str, str] = {
    Result.BYE_PAIRING: "U",
    Result.BYE_FULL: "F",
    Result.BYE_HALF: "H",
    Result.BYE_ZERO: "Z",
    Result.FORFEIT_WIN_NO_OPPONENT: "+",
    Result.NOT_PAIRED: "-",
}
_TWO_PLAYER_RESULT = {letters: code for code, letters in TWO_PLAYER_LETTERS.items()}
_ONE_PLAYER_RESULT = {letter: code for code, letter in ONE_PLAYER_LETTERS.items()}
# TRF-16's result codes end with "(blank) equivalent to Z": no result with no opponent.
_ONE_PLAYER_RESULT[" "] = Result.BYE_ZERO
_RESULT_NAMES = {
    "1": "a win",
    "0": "a loss",
    "=": "a draw",
    "+": "a forfeit win",
    "-": "a forfeit loss",
    "W": "an unrated win",
    "D": "an unrated draw",
    "L": "an unrated loss",
    " ": "no result",
}


class TrfError(ValueError):
    """A TRF file that cannot be read: the line number (1-based) and what is wrong."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


class TrfWriteError(ValueError):
    """A value that cannot be written in its columns (a 5-digit rating): the player and why."""


@dataclass(frozen=True, slots=True)
class TrfRecord:
    """A line other than a player: its code (``012``, ``XXR``, ``###``...) and the text after it."""

    code: str
    value: str
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class TrfBlock:
    """One round of one player line, as written: ``opponent`` is None for a blank field, 0 for 0000."""

    opponent: int | None
    colour: str  # "w", "b", "-" or " "
    result: str  # one letter of RESULT_LETTERS, " " when not entered


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """A ``001`` line. ``rounds[r - 1]`` is round r's block, None when the block is blank."""

    start_number: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None  # None when blank; 0 is kept (TRF's "unrated")
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: str = ""
    rank: str = ""
    rounds: tuple[TrfBlock | None, ...] = ()
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class TrfTournament:
    """A whole file: the non-player records in file order, the players, the number of rounds."""

    records: tuple[TrfRecord, ...]
    players: tuple[TrfPlayer, ...]
    rounds_total: int

    def record(self, code: str) -> TrfRecord | None:
        """The first record with ``code``."""
        return next((r for r in self.records if r.code == code), None)

    def value(self, code: str) -> str:
        """The text of the first record with ``code``, stripped; "" when there is none."""
        record = self.record(code)
        return "" if record is None else record.value.strip()

    @property
    def name(self) -> str:
        return self.value("012")

    @property
    def city(self) -> str:
        return self.value("022")

    @property
    def federation(self) -> str:
        return self.value("032")

    @property
    def start_date(self) -> str:
        return self.value("042")

    @property
    def end_date(self) -> str:
        return self.value("052")

    @property
    def tournament_type(self) -> str:
        return self.value("092")

    @property
    def chief_arbiter(self) -> str:
        return self.value("102")

    @property
    def time_control(self) -> str:
        return self.value("122")


@dataclass(frozen=True, slots=True)
class TrfPairing:
    """A board or a bye: start numbers, our result code, and the file line of ``white``."""

    round: int
    white: int
    black: int | None
    result: str
    line: int = field(default=0, compare=False)


# ---------------------------------------------------------------------------------------------
# Reading


def decode(data: bytes) -> str:
    """A file's text: UTF-8 (with or without a byte-order mark), else Windows-1252, else Latin-1.

    Swiss-Manager writes "ANSI", which on a Western or Central European Windows is Windows-1252
    (or 1250, which we cannot tell apart from it); read as Latin-1, its Š, Ž and … become
    control characters. Latin-1 is the last resort for the five bytes cp1252 leaves undefined.
    """
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")  # every byte is a Latin-1 character: this cannot fail


def parse(text: str) -> TrfTournament:
    """Read and check a whole TRF-16 text; raise ``TrfError`` at the first problem."""
    records: list[TrfRecord] = []
    players: list[TrfPlayer] = []
    seen: dict[int, int] = {}  # start number -> line
    declared: tuple[int, int] | None = None  # (rounds, line) from XXR, else 142
    declared_by = ""
    # Only "\n" ends a line: see "Lines and records" in the module docstring.
    for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        line = raw.rstrip(" \t\r")
        if not line:
            continue
        code = line[:3]
        if not _RECORD_CODE.fullmatch(code):
            shown = line if len(line) <= 20 else line[:20] + "..."
            raise TrfError(
                number,
                f"not a TRF-16 record: {shown!r} (a line starts in column 1 with a "
                "three-digit code such as 001 or 012, an XX code such as XXR, or ### for "
                "a comment)",
            )
        if code != "001":
            value = line[4:] if line[3:4] == " " else line[3:]
            records.append(TrfRecord(code, value, number))
            if code == "XXR" or (code == "142" and declared_by != "XXR"):
                declared, declared_by = (_rounds_declared(value, number), number), code
            continue
        player = _player(line, number)
        if player.start_number in seen:
            raise TrfError(
                number,
                f"start number {player.start_number} is already used on line {seen[player.start_number]}",
            )
        seen[player.start_number] = number
        players.append(player)
    if declared is not None:
        rounds_total = declared[0]
        for player in players:
            beyond = player.rounds[rounds_total:]
            if any(beyond):
                r = rounds_total + 1 + next(i for i, b in enumerate(beyond) if b)
                raise TrfError(
                    player.line,
                    f"round {r} has a result, but the file declares {rounds_total} "
                    f"round{'' if rounds_total == 1 else 's'} "
                    f"({declared_by} on line {declared[1]})",
                )
    else:
        rounds_total = max((len(p.rounds) for p in players), default=0)
    tournament = TrfTournament(
        records=tuple(records),
        players=tuple(_pad(p, rounds_total) for p in players),
        rounds_total=rounds_total,
    )
    pairings(tournament)  # checks that the player lines agree with each other
    return tournament


def _rounds_declared(value: str, line: int) -> int:
    text = value.strip()
    if not _is_number(text) or int(text) < 1:
        raise TrfError(
            line, f"number of rounds {text!r} is not a whole number of at least 1"
        )
    if int(text) > MAX_ROUNDS:
        raise TrfError(
            line,
            f"number of rounds {int(text)} is more than {MAX_ROUNDS}, the most a TRF file "
            "may have here",
        )
    return int(text)


def _is_number(text: str) -> bool:
    # str.isdigit() alone accepts digits int() refuses, such as "²".
    return text.isascii() and text.isdigit()


def _pad(player: TrfPlayer, rounds_total: int) -> TrfPlayer:
    """``player`` with exactly ``rounds_total`` blocks: a short line has no pairing in the rest."""
    missing = rounds_total - len(player.rounds)
    return (
        replace(player, rounds=player.rounds + (None,) * missing) if missing else player
    )


def _number(line: str, start: int, end: int, what: str, number: int) -> int | None:
    """The right-aligned number in 0-based columns [start, end); None when blank."""
    text = line[start:end]
    if text.strip() and len(line) < end:
        raise TrfError(
            number,
            f"line is truncated: it ends inside the {what} (columns {start + 1}-{end})",
        )
    text = text.strip()
    if not text:
        return None
    if not _is_number(text):
        raise TrfError(
            number, f"{what} {text!r} (columns {start + 1}-{end}) is not a number"
        )
    return int(text)


def _player(line: str, number: int) -> TrfPlayer:
    if len(line) < 15:
        raise TrfError(
            number,
            f"player line is too short ({len(line)} characters): it needs at least a start "
            "number (columns 5-8) and a name (columns 15-47)",
        )
    for column, before, after in _SEPARATORS:
        if column < len(line) and line[column] != " ":
            raise TrfError(
                number,
                f"column {column + 1} should be blank between {before} and {after}, "
                f"but holds {line[column]!r}: one of them is shifted or too long",
            )
    last = (
        BLOCK_START + BLOCK_WIDTH * MAX_ROUNDS
    )  # 0-based end of round MAX_ROUNDS's block
    if len(line) > last:
        r = MAX_ROUNDS + 1 + (len(line) - 1 - last) // BLOCK_WIDTH
        start = BLOCK_START + 1 + BLOCK_WIDTH * (r - 1)
        raise TrfError(
            number,
            f"round {r} (columns {start}-{start + BLOCK_WIDTH - 1}) is beyond round "
            f"{MAX_ROUNDS}, the most a TRF file may have here",
        )
    start_number = _number(line, 4, 8, "start number", number)
    if not start_number:
        raise TrfError(number, "start number (columns 5-8) is missing or 0")
    name = line[14:47].strip()
    if not name:
        raise TrfError(number, "player has no name (columns 15-47)")
    rating = _number(line, 48, 52, "rating", number)
    rounds: list[TrfBlock | None] = []
    for r, start in enumerate(range(BLOCK_START, len(line), BLOCK_WIDTH), start=1):
        rounds.append(_block(line[start : start + BLOCK_WIDTH], r, number))
    while rounds and rounds[-1] is None:
        rounds.pop()
    return TrfPlayer(
        start_number=start_number,
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        name=name,
        rating=rating,
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth_date=line[69:79].strip(),
        points=line[80:84].strip(),
        rank=line[85:89].strip(),
        rounds=tuple(rounds),
        line=number,
    )


def _block(text: str, r: int, number: int) -> TrfBlock | None:
    """Round r's block of the player on line ``number``; None when blank."""
    if not text.strip():
        return None
    where = f"round {r} (columns {BLOCK_START + 1 + BLOCK_WIDTH * (r - 1)}-{BLOCK_START + BLOCK_WIDTH * r})"
    if len(text) < 4:
        raise TrfError(
            number, f"line is truncated: it ends inside {where}'s opponent number"
        )
    text = text.ljust(BLOCK_WIDTH)
    if text[4] != " " or text[6] != " " or text[8:].strip():
        raise TrfError(
            number,
            f"{where}: {text.rstrip()!r} is not laid out as opponent (4 columns), colour, result",
        )
    opponent_text = text[:4].strip()
    if opponent_text and not _is_number(opponent_text):
        raise TrfError(number, f"{where}: opponent {opponent_text!r} is not a number")
    opponent = int(opponent_text) if opponent_text else None
    colour, result = text[5], text[7]
    if colour not in COLOURS:
        raise TrfError(
            number, f"{where}: unknown colour {colour!r} (expected w, b or -)"
        )
    if result not in RESULT_LETTERS:
        raise TrfError(
            number,
            f"{where}: unknown result code {result!r} (expected 1 = 0 + - W D L U F H Z)",
        )
    if opponent:
        if result in "UFHZ":
            raise TrfError(
                number,
                f"{where}: result {result} is a bye and cannot have an opponent ({opponent})",
            )
    else:
        if colour not in NO_COLOUR:
            raise TrfError(
                number, f"{where}: colour {colour} given, but there is no opponent"
            )
        if result not in _ONE_PLAYER_RESULT:
            raise TrfError(
                number,
                f"{where}: result {result} (a played game) with no opponent; a round "
                "without an opponent needs U, F, H, Z, +, - or no result",
            )
    return TrfBlock(opponent, colour, result)


def pairings(tournament: TrfTournament) -> tuple[TrfPairing, ...]:
    """Every board and bye, round by round; raise ``TrfError`` where the player lines disagree.

    Within a round, pairings come in the order their first player appears in the file, which is
    the board order (see the module docstring). One-player rows come after the boards.
    """
    by_number = {p.start_number: p for p in tournament.players}
    result: list[TrfPairing] = []
    for r in range(1, tournament.rounds_total + 1):
        boards: list[TrfPairing] = []
        byes: list[TrfPairing] = []
        partner: dict[
            int, int
        ] = {}  # start number -> opponent, for pairings already read
        for player in tournament.players:
            block = player.rounds[r - 1]
            if block is None:
                continue
            me = player.start_number
            if not block.opponent:
                byes.append(
                    TrfPairing(
                        r, me, None, _ONE_PLAYER_RESULT[block.result], player.line
                    )
                )
                continue
            if me in partner:
                continue  # read from the opponent's line, which came first
            boards.append(_pairing(r, player, block, by_number, partner))
        result.extend(boards)
        result.extend(byes)
    return tuple(result)


def _pairing(
    r: int,
    player: TrfPlayer,
    block: TrfBlock,
    by_number: Mapping[int, TrfPlayer],
    partner: dict[int, int],
) -> TrfPairing:
    """The pairing of ``player`` in round r, checked against the opponent's line."""
    me, them = player.start_number, block.opponent
    assert them  # one-player blocks are handled by the caller
    number = player.line
    if them == me:
        raise TrfError(number, f"round {r}: player {me} is paired against themself")
    other = by_number.get(them)
    if other is None:
        raise TrfError(
            number, f"round {r}: opponent {them} does not exist (no player line for it)"
        )
    if them in partner:
        raise TrfError(
            number,
            f"round {r}: player {them} is paired twice, with {partner[them]} "
            f"(line {by_number[partner[them]].line}) and with {me}",
        )
    theirs = other.rounds[r - 1]
    if theirs is None or theirs.opponent != me:
        has = (
            "no opponent"
            if theirs is None or not theirs.opponent
            else f"opponent {theirs.opponent}"
        )
        raise TrfError(
            number,
            f"round {r}: player {me} has opponent {them}, but player {them} "
            f"(line {other.line}) has {has} in that round",
        )
    partner[me], partner[them] = them, me
    mine_none, theirs_none = block.colour in NO_COLOUR, theirs.colour in NO_COLOUR
    if mine_none and theirs_none:
        i_am_white = me < them  # no colours given: the lower start number is white
    elif mine_none or theirs_none or block.colour == theirs.colour:
        raise TrfError(
            number,
            f"round {r}: colours do not match: player {me} has {block.colour!r}, "
            f"player {them} (line {other.line}) has {theirs.colour!r}",
        )
    else:
        i_am_white = block.colour == "w"
    white, black = (block, theirs) if i_am_white else (theirs, block)
    code = _TWO_PLAYER_RESULT.get((white.result, black.result))
    if code is None:
        raise TrfError(
            number,
            f"round {r}: results do not match: player {me} has "
            f"{_RESULT_NAMES.get(block.result, repr(block.result))} ({block.result!r}), "
            f"player {them} (line {other.line}) has "
            f"{_RESULT_NAMES.get(theirs.result, repr(theirs.result))} ({theirs.result!r})",
        )
    if i_am_white:
        return TrfPairing(r, me, them, code, number)
    return TrfPairing(r, them, me, code, number)


# ---------------------------------------------------------------------------------------------
# Writing


def blocks_from_pairings(
    found: Iterable[TrfPairing], start_numbers: Iterable[int], rounds_total: int
) -> dict[int, tuple[TrfBlock | None, ...]]:
    """Each player's round blocks (None: no pairing that round) from the section's pairings."""
    rounds: dict[int, list[TrfBlock | None]] = {
        n: [None] * rounds_total for n in start_numbers
    }
    for p in found:
        if p.black is None:
            rounds[p.white][p.round - 1] = TrfBlock(
                0, "-", ONE_PLAYER_LETTERS[p.result]
            )
        else:
            white_letter, black_letter = TWO_PLAYER_LETTERS[p.result]
            rounds[p.white][p.round - 1] = TrfBlock(p.black, "w", white_letter)
            rounds[p.black][p.round - 1] = TrfBlock(p.white, "b", black_letter)
    return {n: tuple(blocks) for n, blocks in rounds.items()}


def write(tournament: TrfTournament) -> str:
    """The TRF-16 text: the records in order, then one line per player; LF line endings."""
    lines = [f"{r.code} {r.value}".rstrip() for r in tournament.records]
    lines.extend(player_line(p) for p in tournament.players)
    return "\n".join(lines) + "\n"


def cuts(player: TrfPlayer) -> list[str]:
    """One message per text value of ``player`` that ``player_line`` cuts to fit its columns."""
    found = []
    for attribute, what, width in _TEXT_WIDTHS:
        value: str = getattr(player, attribute)
        if len(value) > width:
            found.append(
                f"player {player.start_number} ({player.name}): {what} is longer than "
                f"{width} character{'' if width == 1 else 's'}, written as {value[:width]!r}"
            )
    return found


def player_line(player: TrfPlayer) -> str:
    """A ``001`` line in the fixed columns; text too long for its columns is cut (see ``cuts``)."""
    for what, value in (
        ("start number", player.start_number),
        ("rating", player.rating),
    ):
        if value is not None and not 0 <= value <= 9999:
            raise TrfWriteError(
                f"player {player.start_number} ({player.name}): {what} {value} does not "
                "fit in 4 columns"
            )
    head = (
        f"001 {player.start_number:>4} {player.sex[:1]:1}{player.title[:3]:>3} "
        f"{player.name[:33]:<33} {'' if player.rating is None else player.rating:>4} "
        f"{player.federation[:3]:<3} {player.fide_id[:11]:>11} {player.birth_date[:10]:<10} "
        f"{player.points[:4]:>4} {player.rank[:4]:>4}  "
    )
    blocks = "".join(_block_text(b) for b in player.rounds)
    return (head + blocks).rstrip()


def _block_text(block: TrfBlock | None) -> str:
    if block is None:
        return " " * BLOCK_WIDTH
    if block.opponent is None:
        opponent = "    "
    else:
        opponent = (
            f"{block.opponent:04d}" if block.opponent == 0 else f"{block.opponent:>4}"
        )
    return f"{opponent} {block.colour} {block.result}  "


# ---------------------------------------------------------------------------------------------
# Dates


_DATE_FORMATS = (
    "%Y/%m/%d",
    "%Y.%m.%d",
    "%Y-%m-%d",
    "%d.%m.%Y",
    "%b %d, %Y",
    "%B %d, %Y",
)


def date_from_text(text: str) -> datetime.date | None:
    """A TRF date as given (``2024/12/26``, ``28. 07. 2005``, ``May 29, 2020``...), or None.

    Two-digit years and day/month orders that cannot be told apart (``26/11/22``) give None
    rather than a guess.
    """
    text = re.sub(r"\.\s+", ".", text.strip())
    for fmt in _DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def date_text(value: datetime.date) -> str:
    """A date as TRF-16 writes it: YYYY/MM/DD."""
    return value.strftime("%Y/%m/%d")
