"""Every rule a round's pairing breaks, as sentences: for the program's pairings and hand-made ones."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .entities import Board, Bye, ByeKind, Colour, Entrant

# US Chess 27A4 asks for equal colours; a difference of 3 (say four Whites and one Black) is
# what no pairing should produce.
COLOUR_DIFFERENCE_LIMIT = 2


def pairing_problems(
    entrants: Iterable[Entrant],
    boards: Sequence[Board] | Sequence[tuple[int, int]],
    byes: Sequence[Bye] | Sequence[tuple[int, ByeKind]] = (),
) -> list[str]:
    """Sentences naming each broken rule; an empty list for a pairing that breaks none.

    ``entrants`` are the section's players as they stand before the round (``Entrant``:
    opponents, colours, earlier byes, withdrawn, requested bye). Checks: a player paired twice
    or not at all, a player unknown to the section, a withdrawn player paired, a rematch (27A1),
    a pairing bye to a player who has had a bye or a win by forfeit (28L), more pairing
    byes than an odd count needs, a colour difference over 2 after the round (27A4).
    """
    players = {e.id: e for e in entrants}
    pairs = [b if isinstance(b, tuple) else (b.white, b.black) for b in boards]
    bye_list = [b if isinstance(b, tuple) else (b.player, b.kind) for b in byes]
    problems: list[str] = []

    def label(pid: int) -> str:
        entrant = players.get(pid)
        return entrant.label if entrant is not None else f"#{pid}"

    seen = Counter([pid for pair in pairs for pid in pair] + [p for p, _ in bye_list])
    for pid in sorted(seen):
        if pid not in players:
            problems.append(f"{label(pid)} is not a player of this section.")
        elif seen[pid] > 1:
            problems.append(f"{label(pid)} is paired {seen[pid]} times in this round.")
    for pid, present in sorted(players.items()):
        if present.withdrawn and seen[pid]:
            problems.append(f"{present.label} has withdrawn but is paired.")
        elif not present.withdrawn and not seen[pid]:
            problems.append(f"{present.label} is missing: not paired and no bye.")
    for white, black in pairs:
        if white == black:
            problems.append(f"{label(white)} is paired against themself.")
        elif white in players and black in players[white].opponents:
            problems.append(f"{label(white)} and {label(black)} have already met.")
    pairing_byes = [pid for pid, kind in bye_list if kind is ByeKind.PAIRING]
    for pid in pairing_byes:
        entrant = players.get(pid)
        if entrant is not None and entrant.had_bye:
            problems.append(
                f"{entrant.label} gets a pairing bye after already having a bye or a "
                "point without playing."
            )
    if len(pairing_byes) > 1:
        problems.append(
            f"{len(pairing_byes)} pairing byes in one round; an odd number of players needs one."
        )
    for pid, kind in bye_list:
        entrant = players.get(pid)
        if (
            entrant is not None
            and entrant.requested_bye is not None
            and kind is not entrant.requested_bye
        ):
            problems.append(
                f"{entrant.label} asked for a {entrant.requested_bye.words} "
                f"but gets a {kind.words}."
            )
    for white, black in pairs:
        for pid, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            entrant = players.get(pid)
            if entrant is None:
                continue
            balance = entrant.balance + (1 if colour is Colour.WHITE else -1)
            if abs(balance) > COLOUR_DIFFERENCE_LIMIT:
                more = "White" if balance > 0 else "Black"
                problems.append(
                    f"{entrant.label} would have {abs(balance)} more {more} than "
                    f"{'Black' if more == 'White' else 'White'} games."
                )
    return problems
