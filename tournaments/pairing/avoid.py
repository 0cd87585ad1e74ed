"""Keeping apart players the TD posted should not meet: same club, school or family.

The rule book's team variation (29E8, as its 7th edition's summary of changes names it) puts
avoiding team-mates above colour equalisation; it never outranks the absolute rules or the
score groups. So a pair to avoid is only ever mended by a swap of two players of the same
score (every board keeps the scores it had), that makes no rematch and no other pair to avoid;
among those, the one that adds the fewest colour clashes and then moves the fewest rating
points is taken. The two players swapped trade opponents, so a float down can pass from one to
the other (noted; our choice, docs/pairing.md). When no such swap exists the pair plays, with a
note.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .entities import PairingOptions
from .ranking import Pair, Ranked, Settle, conflict, ordered


def avoided(options: PairingOptions) -> Callable[[Ranked, Ranked], bool]:
    """Whether two players are to be kept apart under the posted options."""
    listed = options.do_not_pair

    def keep_apart(a: Ranked, b: Ranked) -> bool:
        if options.avoid_same_club:
            club = a.entrant.club_key
            if club and club == b.entrant.club_key:
                return True
        return bool(listed) and frozenset((a.id, b.id)) in listed

    return keep_apart


def avoid_fix(
    pairs: list[Pair],
    options: PairingOptions,
    tag: Callable[[list[Ranked], str, Settle | None], None],
) -> dict[frozenset[int], Pair]:
    """Swap partners so that players to be kept apart do not meet, where the rules allow; the
    boards the swaps made (by their players), each with the two players kept apart."""
    made: dict[frozenset[int], Pair] = {}
    if not options.avoid_same_club and not options.do_not_pair:
        return made
    apart = avoided(options)

    def fine(w: Ranked, x: Ranked) -> bool:
        return x.id not in w.opponents and not apart(w, x)

    for k in range(len(pairs)):
        a, b = pairs[k]
        if not apart(a, b):
            continue
        best: tuple[tuple[int, int], int, Pair, Pair, Pair] | None = None
        for other, (c, d) in enumerate(pairs):
            if other == k:
                continue
            before = (conflict(a, b) > 0) + (conflict(c, d) > 0)
            for (w, x), (y, z), (p, q) in (
                ((a, d), (c, b), (b, d)),
                ((c, b), (a, d), (a, c)),
                ((a, c), (b, d), (b, c)),
                ((d, b), (c, a), (a, d)),
            ):
                # p and q change places: only within one score group (27A2 before this).
                if p.key != q.key or not fine(w, x) or not fine(y, z):
                    continue
                after = (conflict(w, x) > 0) + (conflict(y, z) > 0)
                key = (max(0, after - before), abs(p.rating - q.rating))
                if best is None or key < best[0]:
                    best = (key, other, (w, x), (y, z), (p, q))
        if best is None:
            text = (
                f"{a.label} and {b.label} are to be kept apart (posted option) but meet: "
                "no swap within their score group avoids it without a rematch."
            )
            tag([a, b], text, _kept(a, b, text))
            continue
        _key, other, first, second, (p, q) = best
        floats = _float_moved(p, q, pairs[k], pairs[other])
        pairs[k] = ordered(*first)
        pairs[other] = ordered(*second)
        for board in (first, second):
            made[frozenset((board[0].id, board[1].id))] = (a, b)
        (w, x), (y, z) = first, second
        why = f"{a.label} and {b.label} are kept apart (posted option: same club, school or family)"
        text = (
            f"{why}: {w.label} plays {x.label} and {y.label} plays {z.label} instead"
            f"{floats} (29E8)."
        )
        was = (
            f"{why}: {w.label} was paired with {x.label} and {y.label} with {z.label} "
            "instead (29E8), and the move noted below changed these boards."
        )
        tag([a, b], text, _kept(a, b, text, (first, second), was))
    return made


def _float_moved(p: Ranked, q: Ranked, one: Pair, two: Pair) -> str:
    """In words, when the swap of ``p`` and ``q`` (of one score group, on boards ``one`` and
    ``two``) changes which of them floats down: they trade opponents, so when one of them met
    a player of a lower score group, the other does now (US Chess 29D floats the group's
    lowest-ranked player; this is our choice for 29E8, see docs/pairing.md)."""
    opponent = {
        player.id: other for pair in (one, two) for player, other in (pair, pair[::-1])
    }
    for mover, other in ((p, q), (q, p)):
        # After the swap, ``mover`` meets the player ``other`` met.
        now, was = opponent[other.id], opponent[mover.id]
        if now.key < mover.key <= was.key:
            return f", so {mover.label} floats down in place of {other.label}"
    return ""


def _kept(
    a: Ranked,
    b: Ranked,
    text: str,
    boards: tuple[Pair, Pair] | None = None,
    was: str = "",
) -> Settle:
    """The note ``text`` on ``a`` and ``b`` (``boards``: the swap that keeps them apart) as
    the final pairs bear it out, the colour difference limit moving players after it: with no
    swap, left out when they no longer meet; after a swap, said so when they meet after all,
    ``was`` when a later move changed the swap's boards."""

    def settle(opponent: Mapping[int, Ranked]) -> str | None:
        meet = opponent[a.id].id == b.id
        if boards is None:
            return text if meet else None
        if meet:
            return (
                f"{a.label} and {b.label} are to be kept apart (posted option) but meet "
                "after the move noted below."
            )
        (w, x), (y, z) = boards
        return text if opponent[w.id].id == x.id and opponent[y.id].id == z.id else was

    return settle
