"""Reading a TRF-16 text: ``decode`` (bytes to text), ``parse`` (the whole file, checked) and
``pairings`` (one ``TrfPairing`` per board or bye). Every problem is a ``TrfError`` with the
file's line number (1-based) and what is wrong; the layout is in ``records``.

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
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from tournaments.models import Result
from tournaments.trf.records import (
    BLOCK_START,
    BLOCK_WIDTH,
    COLOURS,
    MAX_ROUNDS,
    NO_COLOUR,
    ONE_PLAYER_LETTERS,
    RESULT_LETTERS,
    TWO_PLAYER_LETTERS,
    TrfBlock,
    TrfError,
    TrfPairing,
    TrfPlayer,
    TrfRecord,
    TrfTournament,
    is_number,
)

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
# Three capital letters are also TRF-2026's National Rating Support lines (a federation code,
# e.g. "USA", then the columns of a 001 line): kept as records.
_RECORD_CODE = re.compile(r"[0-9]{3}|XX[A-Z0-9]|###|[A-Z]{3}")
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
        if "\x00" in line:
            # No text field may hold it (PostgreSQL refuses it outright): a damaged file, or
            # one saved as UTF-16.
            raise TrfError(
                number,
                f"a NUL byte (character 0) in column {line.index(chr(0)) + 1}: the file "
                "is damaged or not a plain text file; save it again as text (UTF-8)",
            )
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
    if not is_number(text) or int(text) < 1:
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
    if not is_number(text):
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
    # The name field is fixed-width: a file may pad inside the name too ("Player   37").
    name = " ".join(line[14:47].split())
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
    if opponent_text and not is_number(opponent_text):
        raise TrfError(number, f"{where}: opponent {opponent_text!r} is not a number")
    opponent = int(opponent_text) if opponent_text else None
    # TRF-16 (and TRF26): "Letter codes are case-insensitive (i.e. w,d,l,h,f,u,z can be
    # used)". The block keeps the letter as written; it is read in capitals.
    colour, written = text[5], text[7]
    result = written.upper()
    if colour not in COLOURS:
        raise TrfError(
            number, f"{where}: unknown colour {colour!r} (expected w, b or -)"
        )
    if result not in RESULT_LETTERS:
        raise TrfError(
            number,
            f"{where}: unknown result code {written!r} (expected 1 = 0 + - W D L U F H Z)",
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
    return TrfBlock(opponent, colour, written)


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
                        r,
                        me,
                        None,
                        _ONE_PLAYER_RESULT[block.result.upper()],
                        player.line,
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
    code = _TWO_PLAYER_RESULT.get((white.result.upper(), black.result.upper()))
    if code is None:
        raise TrfError(
            number,
            f"round {r}: results do not match: player {me} has "
            f"{_RESULT_NAMES.get(block.result.upper(), repr(block.result))} ({block.result!r}), "
            f"player {them} (line {other.line}) has "
            f"{_RESULT_NAMES.get(theirs.result.upper(), repr(theirs.result))} ({theirs.result!r})",
        )
    if i_am_white:
        return TrfPairing(r, me, them, code, number)
    return TrfPairing(r, them, me, code, number)
