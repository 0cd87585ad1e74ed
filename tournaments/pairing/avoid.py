"""Keeping apart players the TD posted should not meet: same club, school or family.

The rule book's team variation (29E8, as its 7th edition's summary of changes names it) puts
avoiding team-mates above colour equalisation; it never outranks the absolute rules or the
score groups. So a pair to avoid is only ever mended by a swap that keeps every player's
opponent in the same score group (the players swapped have the same score), makes no rematch
and no other pair to avoid; among those, the one that adds the fewest colour clashes and then
moves the fewest rating points is taken. When no such swap exists the pair plays, with a note.
"""

from __future__ import annotations

from collections.abc import Callable

from .entities import PairingOptions
from .ranking import Pair, Ranked, conflict, ordered


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
    tag: Callable[[list[Ranked], str], None],
) -> None:
    """Swap partners so that players to be kept apart do not meet, where the rules allow."""
    if not options.avoid_same_club and not options.do_not_pair:
        return
    apart = avoided(options)

    def fine(w: Ranked, x: Ranked) -> bool:
        return x.id not in w.opponents and not apart(w, x)

    for k in range(len(pairs)):
        a, b = pairs[k]
        if not apart(a, b):
            continue
        best: tuple[tuple[int, int], int, Pair, Pair] | None = None
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
                    best = (key, other, (w, x), (y, z))
        if best is None:
            tag(
                [a, b],
                f"{a.label} and {b.label} are to be kept apart (posted option) but meet: "
                "no swap within their score group avoids it without a rematch.",
            )
            continue
        _key, other, first, second = best
        pairs[k] = ordered(*first)
        pairs[other] = ordered(*second)
        tag(
            [a, b],
            f"{a.label} and {b.label} are kept apart (posted option: same club, school or "
            f"family): {first[0].label} plays {first[1].label} and {second[0].label} plays "
            f"{second[1].label} instead (29E8).",
        )
