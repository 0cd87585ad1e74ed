"""Colour fixes by exact assignment in a small score group (US Chess 29E5): every way of the
group's players taking one another's places within the rating limits, the best one found.

The transpositions, interchanges, rings and chains of ``colours.py`` each look for one fix at a
time; in a small group they can miss an arrangement that needs several players moved together.
Here the lower players of the group's pairs (or the upper ones) are assigned to the pairs'
places at the least cost. A player may take the place of one within both rating limits; further
only within the limit of the claim the move cures (29E5a the alternation limit, 29E5b the
equalisation limit, none for two strong claims): the board it forms gives both players their
colours, and one of them stood on a board clashing at that strength before the fixes. Never into a rematch (27A1). The places
are those of the pairs as made (top against bottom with the 27A1 repairs) or those of top half
against bottom half in rank order (27A3), so that a player moved for a rematch does not carry
the limit with them. The cost is lexicographic: boards clashing between strong claims, then
between claims to equalise or more, then any clash, then the rating points moved (the fewest,
so that the pairing stays as near top half against bottom half as it can, 27A3). The Hungarian
method solves it exactly in cubic time; it is used for groups of up to ``EXACT_PAIRS`` pairs
(``TRIAL_EXACT_PAIRS`` in the trial pairings of groups.py).
``colours.py`` takes it when it leaves fewer clashes than the fixes one at a time, or as many
with the players strayed less far from top half against bottom half (``strayed``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .entities import EQUALISATION, STRONG, PairingOptions
from .ranking import Pair, Ranked, conflict, ordered

# The largest group (in pairs) given the exact search, and in the trial pairings that choose
# floaters (many per group): the speed targets hold with room.
EXACT_PAIRS = 60
TRIAL_EXACT_PAIRS = 40

# Weights of the lexicographic cost: rating points moved stay under _POINTS, clashes under 100.
_POINTS = 10**7
_ANY = _POINTS
_EQUALISE = _ANY * 100
_STRONG = _EQUALISE * 100
_FORBIDDEN = _STRONG * 100
# The clash weights in the order of ``clash_key`` (strong, to equalise or more, any).
CLASH_WEIGHTS = (_STRONG, _EQUALISE, _ANY)

# An assignment found: (its clashes and rating points moved), the pairs made, the places it
# started from, the mover chosen for each place, and which side of the pairs moved.
_Found = tuple[tuple[tuple[int, int, int], int], list[Pair], list[Pair], list[int], int]


def clash_key(pairs: Sequence[Pair]) -> tuple[int, int, int]:
    """Boards clashing between strong claims, between claims to equalise or more, at all."""
    levels = [conflict(*pair) for pair in pairs]
    return (
        sum(1 for level in levels if level >= STRONG),
        sum(1 for level in levels if level >= EQUALISATION),
        sum(1 for level in levels if level),
    )


def strayed(pairs: Sequence[Pair]) -> int:
    """How far the pairs stray from top half against bottom half (27A3), in rating points: in
    each score group, every upper player's opponent against their natural opponent."""
    groups: dict[int, list[Ranked]] = {}
    for a, b in pairs:
        if a.key == b.key:
            groups.setdefault(a.key, []).extend((a, b))
    place: dict[int, tuple[int, list[Ranked]]] = {}
    for members in groups.values():
        members.sort(key=lambda p: p.rank)
        for i, player in enumerate(members):
            place[player.id] = (i, members)
    total = 0
    for a, b in pairs:
        if a.key != b.key:
            continue
        (i, members), (j, _same) = sorted(
            (place[a.id], place[b.id]), key=lambda x: x[0]
        )
        half = len(members) // 2
        natural = members[i + half] if i < half else members[i - half]
        total += abs(members[j].rating - natural.rating)
    return total


def places_fix(
    pairs: Sequence[Pair], options: PairingOptions
) -> tuple[list[Pair], list[tuple[Ranked, Ranked]]] | None:
    """The pairs re-made by the best assignment within the limits, and the moves that made new
    boards (player, whose place they take); None when every assignment has more clashes
    (``clash_key``) than ``pairs``. ``pairs`` are of one score group, each higher-ranked player
    first."""
    before = clash_key(pairs)
    # The places are those of ``pairs`` (top against bottom with the 27A1 repairs made), or
    # those of top half against bottom half in rank order (27A3), from which the limits are
    # measured whatever the repairs were.
    # How badly each player's board clashed before any fix: a move over the alternation limit
    # must cure a clash between two claims to equalise (29E5b).
    clashed = {p.id: conflict(*pair) for pair in pairs for p in pair}
    partner = {a.id: b.id for pair in pairs for a, b in (pair, pair[::-1])}
    players = sorted((p for pair in pairs for p in pair), key=lambda p: p.rank)
    half = len(pairs)
    natural = list(zip(players[:half], players[half:], strict=True))
    best: _Found | None = None
    for base in (list(pairs), natural):
        for side in (1, 0):
            # side 1: the lower players move (the upper ones keep their places), 0: the
            # reverse.
            cost = [
                [
                    _cost(base, place, mover, side, (clashed, partner), options)
                    for mover in range(half)
                ]
                for place in range(half)
            ]
            chosen = assignment(cost)
            total = sum(cost[place][mover] for place, mover in enumerate(chosen))
            if total >= _FORBIDDEN:
                continue
            made = [
                ordered(base[place][1 - side], base[mover][side])
                for place, mover in enumerate(chosen)
            ]
            key = (clash_key(made), total % _POINTS)
            if best is None or key < best[0]:
                best = (key, made, base, chosen, side)
    if best is None or best[0][0] > before:
        return None
    _key, made, base, chosen, side = best
    # The moves that make a new board (a pair already made before the fixes is no colour move).
    moves = [
        (base[mover][side], base[place][side])
        for place, mover in enumerate(chosen)
        if mover != place and partner[base[mover][side].id] != base[place][1 - side].id
    ]
    return made, moves


def _cost(
    pairs: Sequence[Pair],
    place: int,
    mover: int,
    side: int,
    before: tuple[dict[int, int], dict[int, int]],
    options: PairingOptions,
) -> int:
    """What it costs for the ``side`` player of pair ``mover`` to take the place of the
    ``side`` player of pair ``place`` (and so meet the other player of that pair); ``before``:
    how badly each player's board clashed before any colour fix, and their partner then."""
    stays = pairs[place][1 - side]
    player = pairs[mover][side]
    if player.id in stays.opponents:
        return _FORBIDDEN
    level = conflict(stays, player)
    moved = abs(player.rating - pairs[place][side].rating)
    clashed, partner = before
    # Within both limits: any move. Further, within the limit of the claim it cures: one of
    # the two players met a clash of that strength before the fixes and now has their colour
    # (29E5a alternation, 29E5b equalisation, no limit for a strong claim); or the move
    # keeps a pair made before the fixes (a 27A1 repair, measured from rank order).
    if (
        moved > min(options.alternate_limit, options.equalise_limit)
        and partner[player.id] != stays.id
        and not (
            not level
            and moved <= reach(max(clashed[stays.id], clashed[player.id]), options)
        )
    ):
        return _FORBIDDEN
    return clash_weight(level) + moved


def clash_weight(level: int) -> int:
    """A board's clash at ``level`` (0: none) in the cost's units, heavier than any rating
    points moved: strong, then to equalise or more, then any clash."""
    return (
        (level >= STRONG) * _STRONG
        + (level >= EQUALISATION) * _EQUALISE
        + (level > 0) * _ANY
    )


def reach(severity: int, options: PairingOptions) -> float:
    """How far a player may move to cure a clash of this strength (29E5a, 29E5b; a clash
    between two strong claims has no limit, as in the fixes one at a time,
    ``colours.ColourFixer.limit``: one rule for all the fixes; 0: no clash to cure)."""
    if severity >= STRONG:
        return float("inf")
    if severity >= EQUALISATION:
        return options.equalise_limit
    return options.alternate_limit if severity else 0


def assignment(cost: Sequence[Sequence[int]]) -> list[int]:
    """The column chosen for each row of a square cost matrix at the least total cost (the
    Hungarian method with potentials, O(n^3))."""
    n = len(cost)
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    owner = [0] * (n + 1)  # owner[column] = row (1-based; 0: none)
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        least = [_INFINITE] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            at = owner[column]
            delta = _INFINITE
            following = 0
            for j in range(1, n + 1):
                if used[j]:
                    continue
                reduced = cost[at - 1][j - 1] - u[at] - v[j]
                if reduced < least[j]:
                    least[j] = reduced
                    way[j] = column
                if least[j] < delta:
                    delta = least[j]
                    following = j
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            column = following
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    chosen = [0] * n
    for j in range(1, n + 1):
        chosen[owner[j] - 1] = j - 1
    return chosen


_INFINITE = _FORBIDDEN * 1000
