"""TRF-16 (FIDE's Tournament Report File) as plain data: its records, columns and codes.

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
with no opponent, a result letter not listed) is a ``TrfError``: we do not guess. Result
letters are read in either case (TRF-16: "Letter codes are case-insensitive"); a block keeps the
letter as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


def is_number(text: str) -> bool:
    """Digits int() reads: str.isdigit() alone accepts digits int() refuses, such as "²", and
    any number of them, where int() refuses more than 4,300 (no field of a TRF holds 19)."""
    return text.isascii() and text.isdigit() and len(text) <= 18


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
