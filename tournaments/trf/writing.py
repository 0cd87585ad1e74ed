"""Writing a TRF-16 text.

``write`` lays every field out in the columns ``records`` describes and cuts text too long for
its columns (a name has 33); ``cuts(player)`` names each value cut, so a caller can warn. A
start number or rating that does not fit its 4 columns is a ``TrfWriteError`` naming the player.
``blocks_from_pairings`` gives the canonical blocks: ``w``/``b`` on every two-player pairing,
``0000 - X`` for every one-player row, blank for a round with no row. So a file read and written
back keeps its exact text, while a file that went through the database comes back with
``0000 -`` where it had a blank opponent or colour, and with colours where a pairing had none.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.trf.records import (
    BLOCK_WIDTH,
    ONE_PLAYER_LETTERS,
    TWO_PLAYER_LETTERS,
    TrfBlock,
    TrfPairing,
    TrfPlayer,
    TrfTournament,
    TrfWriteError,
)

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
