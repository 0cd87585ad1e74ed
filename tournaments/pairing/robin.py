"""Round robins by the FIDE Berger tables (FIDE Handbook C.05, Annex 1).

Table numbers 1..n (n even; an odd field adds a dummy as number n, whose opponent has no game
that round). Round 1 is 1-n, 2-(n-1), ..., n/2-(n/2+1). Each later round adds n/2 to every
number but n (counting round 1..n-1) and gives n the other colour on board 1: the tables FIDE
prints. A double round robin plays the table twice, the second time with colours reversed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from .entities import Board, Bye, ByeKind, Entrant, OptionsError, RoundPairing


def berger_round(size: int, round_number: int) -> list[tuple[int, int]]:
    """Round ``round_number`` of the Berger table for ``size`` table numbers, as (white, black).

    ``size`` odd gets the dummy ``size + 1``: its games are listed like the others.
    """
    if size < 2:
        raise ValueError("a round robin needs at least 2 players")
    n = size + size % 2
    if not 1 <= round_number <= n - 1:
        raise ValueError(f"a Berger table for {size} players has rounds 1 to {n - 1}")
    m = n - 1
    start = (round_number - 1) * (n // 2) % m
    seq = [(start + k) % m + 1 for k in range(m)]
    first = (seq[0], n) if round_number % 2 else (n, seq[0])
    return [first] + [(seq[k], seq[m - k]) for k in range(1, n // 2)]


def berger_table(size: int) -> list[list[tuple[int, int]]]:
    """Every round of the Berger table for ``size`` players (the dummy included for odd sizes)."""
    n = size + size % 2
    return [berger_round(size, r) for r in range(1, n)]


def robin_rounds(size: int, *, double: bool = False) -> int:
    n = size + size % 2
    return (n - 1) * (2 if double else 1)


def table_numbers(
    ids: Sequence[int], tables: str | Mapping[int, int], seed: str
) -> dict[int, int]:
    """Player id -> table number: by lot (seeded), by start number, or as the TD chose."""
    ordered = sorted(ids)
    if tables == "start_numbers":
        return {pid: n for n, pid in enumerate(ordered, start=1)}
    if isinstance(tables, Mapping):
        missing = [pid for pid in ordered if pid not in tables]
        if missing:
            raise OptionsError(f"tables: no table number for start number {missing[0]}")
        extra = sorted(set(tables) - set(ordered))
        if extra:
            raise OptionsError(f"tables: start number {extra[0]} is not in the section")
        if sorted(tables[pid] for pid in ordered) != list(range(1, len(ordered) + 1)):
            raise OptionsError(
                f"tables: the table numbers must be 1 to {len(ordered)}, each once"
            )
        return {pid: tables[pid] for pid in ordered}
    numbers = list(range(1, len(ordered) + 1))
    random.Random(f"{seed}/tables").shuffle(numbers)
    return dict(zip(ordered, numbers, strict=True))


def pair_round_robin(
    entrants: Iterable[Entrant],
    *,
    round_number: int,
    tables: Mapping[int, int],
    double: bool = False,
) -> RoundPairing:
    """One round of the Berger table; ``tables`` maps each player id to their table number.

    A withdrawn player and a requested bye leave the scheduled opponent without a game
    (``ByeKind.NO_GAME``), as does the dummy of an odd field.
    """
    players = {e.id: e for e in entrants}
    size = len(tables)
    cycle = robin_rounds(size)
    if not 1 <= round_number <= cycle * (2 if double else 1):
        raise ValueError(
            f"a {'double ' if double else ''}round robin of {size} players has rounds "
            f"1 to {cycle * (2 if double else 1)}"
        )
    second_cycle = round_number > cycle
    by_table = {t: pid for pid, t in tables.items()}
    boards: list[Board] = []
    byes: list[Bye] = []
    notes: list[str] = []
    if round_number == 1 or (second_cycle and round_number == cycle + 1):
        notes.append(
            "Berger table (FIDE Handbook C.05, Annex 1); table numbers: "
            + ", ".join(
                f"{players[pid].label} {t}" for t, pid in sorted(by_table.items())
            )
            + "."
        )
    if second_cycle and round_number == cycle + 1:
        notes.append("Second cycle: the table again with colours reversed.")
    table_round = round_number - cycle if second_cycle else round_number
    for white_t, black_t in berger_round(size, table_round):
        if second_cycle:
            white_t, black_t = black_t, white_t
        white, black = by_table.get(white_t), by_table.get(black_t)
        sides = [players[p] for p in (white, black) if p is not None]
        absent = [e for e in sides if e.withdrawn or e.requested_bye is not None]
        for e in absent:
            if e.withdrawn:
                notes.append(f"{e.label} has withdrawn and is not paired.")
            else:
                assert e.requested_bye is not None
                byes.append(Bye(e.id, e.requested_bye))
                notes.append(f"{e.label}: {e.requested_bye.words}.")
        playing = [e for e in sides if e not in absent]
        if len(playing) == 2:
            assert white is not None and black is not None
            boards.append(Board(white, black))
        elif playing:
            lone = playing[0]
            byes.append(Bye(lone.id, ByeKind.NO_GAME))
            why = "the dummy" if len(sides) == 1 else f"{absent[0].label}"
            notes.append(f"{lone.label} has no game this round: the opponent is {why}.")
    return RoundPairing(boards=tuple(boards), byes=tuple(byes), notes=tuple(notes))
