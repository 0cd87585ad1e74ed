"""TRF-16 (FIDE's Tournament Report File) read and written as plain data: no ORM, no I/O.

``decode(data)`` turns a file's bytes into text (UTF-8, else Windows-1252, else Latin-1);
``parse(text)`` checks a whole file and returns a ``TrfTournament``; ``pairings(tournament)``
turns its player lines into one ``TrfPairing`` per board or bye, carrying our ``Result`` codes;
``blocks_from_pairings`` goes back from pairings to the per-player round blocks, and
``write(tournament)`` produces the text. Every problem found in a file is a ``TrfError`` with the
file's line number (1-based) and what is wrong.

- ``records``: the data (``TrfTournament``, ``TrfPlayer``, ...), the columns of a player line
  and the result codes, as the format defines them;
- ``reading``: ``decode``, ``parse``, ``pairings``, and the decisions where the format is silent;
- ``writing``: ``blocks_from_pairings``, ``write``, ``player_line``, ``cuts``;
- ``dates``: ``date_from_text``, ``date_text``;
- ``teams``: the team records (013), ``team_read`` and ``team_value``.

Callers use the package: ``from tournaments import trf``, then ``trf.parse(...)``.
"""

from __future__ import annotations

from tournaments.trf.dates import date_from_text, date_text
from tournaments.trf.reading import decode, pairings, parse
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
    TrfWriteError,
)
from tournaments.trf.teams import TEAM_CODE, team_read, team_value
from tournaments.trf.writing import blocks_from_pairings, cuts, player_line, write

__all__ = [
    "BLOCK_START",
    "BLOCK_WIDTH",
    "COLOURS",
    "MAX_ROUNDS",
    "NO_COLOUR",
    "ONE_PLAYER_LETTERS",
    "RESULT_LETTERS",
    "TEAM_CODE",
    "TWO_PLAYER_LETTERS",
    "TrfBlock",
    "TrfError",
    "TrfPairing",
    "TrfPlayer",
    "TrfRecord",
    "TrfTournament",
    "TrfWriteError",
    "blocks_from_pairings",
    "cuts",
    "date_from_text",
    "date_text",
    "decode",
    "pairings",
    "parse",
    "player_line",
    "team_read",
    "team_value",
    "write",
]
