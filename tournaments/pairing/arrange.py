"""Colour fixes moving players of both halves of a score group at once (US Chess 29E5).

``assignment.py`` moves the players of one half only (a linear assignment); an arrangement in
which players of both halves change places, or players cross the halves (interchanges), is not
a linear assignment: a board's clash depends on both of its players. Here such arrangements
are searched for directly, in a score group whose pairing still misses more due colours than
the group's colour counts force.

The places are the group's boards before the colour fixes (top against bottom with the 27A1
repairs made), or top half against bottom half in rank order (27A3). Every player may take the
place of any other, in either half: within both rating limits (the smaller, 80 points by
default); further only within the limit of a clash the move cures (the board it forms gives
both players their due colours, and one of them stood on a board clashing at that strength
before the fixes: 29E5a the alternation limit, 29E5b the equalisation limit, no limit for two
strong claims); a pair made before the fixes may stay together; never into a rematch (27A1).
The cost is the exact fix's: boards clashing between strong claims, then between claims to
equalise or more, then any clash, then the rating points moved (27A3).

The search fills the boards top to bottom, each with two players not yet placed, cheapest
first, and keeps the best arrangement found; a branch is cut when its boards so far plus what
the players left must clash by their due colours alone (``clashes_least``) cannot beat it, when
a player left can no longer take any place below, or when the same players have filled the
same boards before at no greater cost. It stops after ``allowance`` boards tried: the result
is then the best found, not proved (``Arranged.proved``).

When it stops so, the boards are filled once more top to bottom, layer by layer (``_Search.layered``):
after each board only the ``LAYER_STATES`` cheapest sets of players placed are kept (their cost
so far plus what the players left must clash), each set once at its least cost. The depth-first
search goes deep down one branch; the layers keep many different beginnings alive, which finds
arrangements that need players moved all down the group. It too is bounded, by fillings looked
at (``layered``), never by time: the result is the same on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappush, heappushpop

from .assignment import CLASH_WEIGHTS, clash_key, clash_weight, reach
from .entities import ALTERNATION, EQUALISATION, STRONG, Colour, PairingOptions
from .ranking import Pair, Ranked, conflict, ordered

# Boards tried per group and per set of places, and in all in one round: the speed targets
# hold with room (a group rarely needs the search, and most of those are settled in a few
# hundred boards).
ALLOWANCE = 2_500
ROUND_ALLOWANCE = 8_000
# The largest group (in pairs) searched: its boards' possible fillings are worked out in full.
SEARCH_PAIRS = 40
# The search layer by layer, after the depth-first one stopped at its allowance: the sets of
# players placed kept after each board, and the fillings it may look at per group and per
# round (each about a microsecond: the speed targets hold with room).
LAYER_STATES = 200
LAYERED_ALLOWANCE = 300_000
ROUND_LAYERED_ALLOWANCE = 600_000

# A board filled: the two players as bits, its cost, and the two players (upper place, lower
# place).
_Filling = tuple[int, int, int, int]


@dataclass(frozen=True)
class Arranged:
    """The best arrangement found: its pairs (in the places' board order), the moves that
    made a new board (player, whose place they take), and whether the search was complete
    (None: nothing better found)."""

    pairs: list[Pair] | None
    moves: list[tuple[Ranked, Ranked]]
    proved: bool
    tried: int  # boards tried
    looked: int = 0  # fillings looked at by the search layer by layer


def weighted(key: tuple[int, int, int]) -> int:
    """Clashes (strong, to equalise or more, any) as one number ordered as the three are."""
    return sum(count * weight for count, weight in zip(key, CLASH_WEIGHTS, strict=True))


def both_halves_fix(
    start: Sequence[Pair],
    current: Sequence[Pair],
    options: PairingOptions,
    allowance: int = ALLOWANCE,
    layered: int = LAYERED_ALLOWANCE,
) -> Arranged:
    """The best arrangement found of the players of ``current`` (one score group's pairs as
    the other fixes left them, each higher-ranked player first) within the limits, when it
    clashes less than ``current`` (else its ``pairs`` are None). ``start``: the pairs before any colour fix (of
    these players and maybe others): each player's board then, from which a move's cure is
    measured, and a set of places when these players were paired among themselves.
    ``allowance``: boards the depth-first search may try per set of places; ``layered``:
    fillings the search layer by layer may look at in all, when the first stops unproved."""
    if len(current) > SEARCH_PAIRS:
        return Arranged(None, [], False, 0)
    players = sorted((p for pair in current for p in pair), key=lambda p: p.rank)
    ids = {p.id for p in players}
    before = [pair for pair in start if pair[0].id in ids or pair[1].id in ids]
    clashed = {p.id: conflict(*pair) for pair in before for p in pair}
    partner = {a.id: b.id for pair in before for a, b in (pair, pair[::-1])}
    half = len(current)
    natural = list(zip(players[:half], players[half:], strict=True))
    # Only an arrangement with fewer clashes (strong, to equalise, any) is wanted.
    ceiling = weighted(clash_key(current))
    if ceiling <= 0:
        return Arranged(None, [], True, 0)
    # The places: top half against bottom half in rank order (27A3), and the pairs as 27A1's
    # repairs left them when these players were paired among themselves.
    bases = [natural]
    if len(before) == half and sorted(before, key=lambda p: p[0].rank) != natural:
        bases.append(sorted(before, key=lambda pair: pair[0].rank))
    best: tuple[int, list[Pair], list[Pair]] | None = None
    proved = True
    tried = 0
    searches = []
    for base in bases:
        search = _Search(players, base, (clashed, partner), options, allowance)
        searches.append((search, base))
        found = search.run(ceiling if best is None else best[0])
        proved = proved and search.proved
        tried += allowance - max(0, search.left)
        if found is not None:
            best = (found[0], found[1], base)
    looked = 0
    if not proved:
        # The depth-first search stopped before it was done: layer by layer, from each set
        # of places, below the best found so far.
        for search, base in searches:
            if looked >= layered:
                break
            found, spent = search.layered(
                ceiling if best is None else best[0], layered - looked
            )
            looked += spent
            if found is not None:
                best = (found[0], found[1], base)
    if best is None:
        return Arranged(None, [], proved, tried, looked)
    _cost, made, base = best
    moves = []
    for (up, low), (x, y) in zip(base, made, strict=True):
        for place, mover, other in ((up, x, y), (low, y, x)):
            if mover is not place and partner[mover.id] != other.id:
                moves.append((mover, place))
    return Arranged([ordered(x, y) for x, y in made], moves, proved, tried, looked)


class _Search:
    """The boards' possible fillings and the branch-and-bound search over them."""

    def __init__(
        self,
        players: list[Ranked],
        base: list[Pair],
        before: tuple[dict[int, int], dict[int, int]],
        options: PairingOptions,
        allowance: int,
    ) -> None:
        clashed, partner = before
        bit = {p.id: 1 << i for i, p in enumerate(players)}
        free = min(options.alternate_limit, options.equalise_limit)
        widest = max(reach(level, options) for level in clashed.values())
        widest = max(widest, free)

        def allowed(mover: Ranked, place: Ranked, other: Ranked, level: int) -> bool:
            """Whether ``mover`` may take ``place`` with ``other`` in the board's other
            place (``level``: the clash of the board they form)."""
            moved = abs(mover.rating - place.rating)
            return (
                moved <= free
                or partner[mover.id] == other.id
                or (
                    not level
                    and moved
                    <= reach(max(clashed[mover.id], clashed[other.id]), options)
                )
            )

        fillings: list[list[_Filling]] = []
        self.size = len(base)
        for up, low in base:
            uppers = [p for p in players if abs(p.rating - up.rating) <= widest]
            lowers = [p for p in players if abs(p.rating - low.rating) <= widest]
            ways: list[_Filling] = []
            for x in uppers:
                for y in lowers:
                    if x is y or y.id in x.opponents:
                        continue
                    level = conflict(x, y)
                    if not (allowed(x, up, y, level) and allowed(y, low, x, level)):
                        continue
                    points = abs(x.rating - up.rating) + abs(y.rating - low.rating)
                    cost = clash_weight(level) + points
                    ways.append((bit[x.id] | bit[y.id], cost, x.id, y.id))
            ways.sort(key=lambda way: way[1])
            fillings.append(ways)
        # Top to bottom, for the search layer by layer.
        self.in_board_order = fillings
        # The boards with the fewest ways to fill them first: a dead end shows sooner.
        self.order = sorted(range(len(base)), key=lambda board: len(fillings[board]))
        self.fillings = [fillings[board] for board in self.order]
        last = dict.fromkeys(bit, -1)
        for board, ways in enumerate(self.fillings):
            for _both, _cost, upper, lower in ways:
                last[upper] = last[lower] = board
        self.stranded = [
            sum(b for pid, b in bit.items() if last[pid] < board)
            for board in range(len(base) + 1)
        ]
        self.by_id = {p.id: p for p in players}
        self.bit = bit
        # Players due each colour, by the strength of their claim (for the lower bound).
        self.due = [
            tuple(
                sum(
                    bit[p.id]
                    for p in players
                    if p.due is colour and p.strength >= level
                )
                for colour in (Colour.WHITE, Colour.BLACK)
            )
            for level in (STRONG, EQUALISATION, ALTERNATION)
        ]
        self.everyone = (1 << len(players)) - 1
        self.left = allowance
        self.proved = True
        self.seen: dict[int, int] = {}
        self.best: tuple[int, list[tuple[int, int]]] | None = None
        self.bound = 0

    def least(self, left: int) -> int:
        """The fewest clashes the players of ``left`` have among themselves (strong, to
        equalise or more, any), by their due colours alone, weighted as the costs are."""
        count = left.bit_count()
        total = 0
        for (white_due, black_due), weight in zip(self.due, CLASH_WEIGHTS, strict=True):
            white = (left & white_due).bit_count()
            black = (left & black_due).bit_count()
            total += weight * (
                max(0, abs(white - black) - (count - white - black)) // 2
            )
        return total

    def run(self, bound: int) -> tuple[int, list[Pair]] | None:
        """The cheapest arrangement below ``bound`` (clashes, then points moved, weighted),
        or None."""
        self.bound = bound
        chosen: list[tuple[int, int]] = []
        try:
            self.fill(0, 0, 0, chosen)
        except _Spent:
            self.proved = False
        if self.best is None:
            return None
        cost, made = self.best
        in_order = [made[self.order.index(board)] for board in range(len(made))]
        return cost, [(self.by_id[x], self.by_id[y]) for x, y in in_order]

    def layered(
        self, bound: int, allowance: int
    ) -> tuple[tuple[int, list[Pair]] | None, int]:
        """The cheapest arrangement below ``bound`` the search layer by layer finds, and the
        fillings it looked at (at most about ``allowance``). The boards are filled top to
        bottom; after each, of the sets of players placed only the ``LAYER_STATES`` cheapest
        (their cost so far plus what the players left must clash) are kept, each at its least
        cost. A player no board below may take must be placed by then: a set without them is
        dropped, and one missing one or two of them looks only at the fillings with them."""
        boards = self.in_board_order
        last = dict.fromkeys(self.by_id, -1)
        for board, ways in enumerate(boards):
            for _both, _cost, upper, lower in ways:
                last[upper] = last[lower] = board
        if min(last.values()) < 0:
            return None, 0
        bit = self.bit
        due_by = [
            sum(bit[pid] for pid, at in last.items() if at < board)
            for board in range(len(boards) + 1)
        ]
        with_player: list[dict[int, list[_Filling]]] = []
        with_both: list[dict[int, list[_Filling]]] = []
        for ways in boards:
            one: dict[int, list[_Filling]] = {}
            two: dict[int, list[_Filling]] = {}
            for way in ways:
                both = way[0]
                lone = both & -both
                one.setdefault(lone, []).append(way)
                one.setdefault(both ^ lone, []).append(way)
                two.setdefault(both, []).append(way)
            with_player.append(one)
            with_both.append(two)
        # Each layer: a set of players placed -> (cost, the set before, the filling added);
        # and its sets in order (cost so far plus what the players left must clash).
        layers: list[dict[int, tuple[int, int, _Filling | None]]] = [{0: (0, 0, None)}]
        kept = [0]
        looked = 0
        for board, ways in enumerate(boards):
            following: dict[int, tuple[int, int, _Filling | None]] = {}
            # The keys of the first LAYER_STATES sets made, as a max-heap: a set whose key is
            # past the largest cannot be among the ones kept (a set's key only goes down).
            heap: list[int] = []
            cut = bound
            due = due_by[board + 1]
            previous = layers[-1]
            for placed in kept:
                cost = previous[placed][0]
                missing = due & ~placed
                count = missing.bit_count()
                if count > 2:
                    continue
                if count == 2:
                    tries: list[_Filling] = with_both[board].get(missing, [])
                elif count == 1:
                    tries = with_player[board].get(missing, [])
                else:
                    tries = ways
                for way in tries:
                    looked += 1
                    after = cost + way[1]
                    if after >= cut:
                        break  # the fillings are in order of cost
                    if way[0] & placed:
                        continue
                    now = placed | way[0]
                    known = following.get(now)
                    if known is None:
                        key = after + self.least(self.everyone & ~now)
                        if key >= cut:
                            continue
                        following[now] = (after, placed, way)
                        if len(heap) < LAYER_STATES:
                            heappush(heap, -key)
                        else:
                            heappushpop(heap, -key)
                        if len(heap) == LAYER_STATES:
                            cut = min(bound, -heap[0])
                    elif after < known[0]:
                        following[now] = (after, placed, way)
            looked += len(following)
            ranked = sorted(
                (cost + self.least(self.everyone & ~now), now)
                for now, (cost, _before, _way) in following.items()
            )
            kept = [now for key, now in ranked[:LAYER_STATES] if key < bound]
            if not kept or looked > allowance:
                return None, looked
            layers.append({now: following[now] for now in kept})
        cost, placed = min((entry[0], now) for now, entry in layers[-1].items())
        made: list[Pair] = []
        for layer in reversed(layers[1:]):
            _cost, placed_before, added = layer[placed]
            assert added is not None
            made.append((self.by_id[added[2]], self.by_id[added[3]]))
            placed = placed_before
        return (cost, made[::-1]), looked

    def fill(
        self, board: int, placed: int, cost: int, chosen: list[tuple[int, int]]
    ) -> None:
        """The boards from ``board`` down filled with the players not in ``placed``, the
        boards above costing ``cost``; each arrangement cheaper than the best kept."""
        if board == len(self.fillings):
            self.bound = cost
            self.best = (cost, list(chosen))
            return
        if cost + self.least(self.everyone & ~placed) >= self.bound:
            return
        self.left -= 1
        if self.left < 0:
            raise _Spent
        stranded = self.stranded[board + 1]
        seen = self.seen
        for both, price, x, y in self.fillings[board]:
            if both & placed:
                continue
            after = cost + price
            if after >= self.bound:
                # The fillings are in order of cost: none after this one beats the best.
                break
            now = placed | both
            if stranded & ~now:
                continue
            # The same players on the same boards at no greater cost: searched already.
            if seen.get(now, after + 1) <= after:
                continue
            seen[now] = after
            chosen.append((x, y))
            self.fill(board + 1, now, after, chosen)
            chosen.pop()


class _Spent(Exception):
    """The search went past its allowance of boards tried."""
