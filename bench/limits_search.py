"""The best arrangement of one score group within the US Chess rating limits for colour moves.

The oracle behind ``pairing_compare.py``'s row "best possible within the US limits". It is its
own code: it takes only the plain data of the pairing program (a player's due colour and the
strength of the claim, ``Entrant.due`` and ``Entrant.strength``) and none of the colour fixes it
checks (``tournaments/pairing/colours.py``, ``assignment.py``); the definitions are those of
docs/pairing.md, item 5.

The places are the group's players in rank order (rating, then start number), upper half against
lower half (27A3): board i is the i-th player of each half. An arrangement puts every player in
a place; the two players in a board's places meet. A player who takes another's place moves by
the rating difference between the two, in either half: a transposition (two players of one half
change places), an interchange (a player of the upper half and one of the lower half change
places), a ring or chain of any length (each player takes the place of the next) are all
arrangements. Each move must be allowed (29E5):

- within both rating limits (the alternation limit, 80 points by default): any move;
- further, within the limit of a clash the move cures: the board it forms gives both players
  their due colours, and one of them stood on a natural board clashing at that strength: the
  alternation limit (29E5a), the equalisation limit for two claims to equalise (29E5b), none for
  two strong claims (a third colour in a row or an imbalance of 2: docs/pairing.md gives them no
  limit);
- with ``repairs`` (the default), a move that repairs a rematch of the natural pairing has no
  rating limit: a player whose natural opponent they have met, or the player who takes the place
  opposite one, moves as far as need be (27A1 comes before the colour limits). This is more than
  27A1 allows (it takes the nearest player free): an arrangement found that way may not be one
  the rules allow. Without it every move is measured strictly from top against bottom, and a
  rematch there must be repaired within the limits too.

No board is a rematch (27A1), and each board counts one clash when both players are due the same
colour (one of them misses it). The search is exact for each number of clashes allowed: the
boards are filled one at a time, each with two players not yet placed, top to bottom (or, to find
an arrangement sooner, the board or player with the fewest ways left first); a set of players
placed that has failed before with as many clashes to spare is not searched again, nor one that
leaves a player no place they may still take, nor one whose players left must clash more (by
their due colours alone) than the clashes to spare. Each search may be stopped after an
allowance of boards tried: the group is then not settled (``Best.exact``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing import Colour, Entrant, PairingOptions
from tournaments.pairing.entities import EQUALISATION, STRONG


@dataclass(frozen=True)
class Best:
    """What the search settled for a group: the fewest clashes of the arrangements it found
    within the limits (None: none found) with one of them (pairs of start numbers, the player in
    the board's upper place first, top board first), and the fewest it proved any arrangement
    within the limits must have (``exact`` when the two meet)."""

    clashes: int | None
    boards: tuple[tuple[int, int], ...]
    at_least: int

    @property
    def exact(self) -> bool:
        return self.clashes is not None and self.clashes == self.at_least


def group_rating(entrant: Entrant, options: PairingOptions) -> int:
    """The rating a player is ranked and moved by: an unrated player as the options say, else
    below everyone."""
    if entrant.rating is not None:
        return entrant.rating
    return options.unrated_rating if options.unrated_rating is not None else -1


def clashes_forced(players: Sequence[Entrant]) -> int:
    """The fewest clashes any pairing of these players has, by their due colours alone: those
    due the colour more players are due, beyond the players due the other one or nothing, meet
    one another."""
    white = sum(1 for p in players if p.due is Colour.WHITE)
    black = sum(1 for p in players if p.due is Colour.BLACK)
    return max(0, abs(white - black) - (len(players) - white - black)) // 2


def best_within_limits(
    players: Sequence[Entrant],
    options: PairingOptions,
    *,
    below: int | None = None,
    repairs: bool = True,
    allowance: int = 200_000,
) -> Best:
    """The group's best arrangement within the limits, looked for with fewer than ``below``
    clashes (any number when None). Each number of clashes is searched exhaustively, from the
    fewest the search has found less one down, then from what the due colours force up, each
    search stopped after ``allowance`` boards tried: ``Best.exact`` says whether the minimum
    was settled."""
    order = sorted(players, key=lambda e: (-group_rating(e, options), e.id))
    if len(order) % 2:
        raise ValueError(
            "a score group paired within itself has an even number of players"
        )
    search = _Search(order, options, repairs)
    least = clashes_forced(order)
    most = len(order) // 2 if below is None else below - 1
    found: list[tuple[int, int]] | None = None
    # Down from the most clashes wanted: each arrangement found lowers the next search.
    while most >= least:
        try:
            made = search.arranged(most, allowance, tightest=True)
        except _TooLong:
            break
        if made is None:
            least = most + 1
            break
        found = made
        most = sum(_clash(order[x], order[y]) for x, y in made) - 1
    # Up from what the due colours force, while it stays below what was found.
    while least <= most:
        try:
            made = search.arranged(least, allowance)
        except _TooLong:
            break
        if made is not None:
            found = made
            break
        least += 1
    if found is None:
        return Best(None, (), least)
    clashes = sum(_clash(order[x], order[y]) for x, y in found)
    return Best(clashes, tuple((order[x].id, order[y].id) for x, y in found), least)


def _clash(a: Entrant, b: Entrant) -> int:
    return 1 if a.due is not None and a.due is b.due else 0


def _severity(a: Entrant, b: Entrant) -> int:
    """How strong the clash of a and b is: the weaker claim (0: no clash)."""
    return min(a.strength, b.strength) if _clash(a, b) else 0


class _Search:
    """Places, the moves allowed into them, and the memory of the exhaustive search."""

    def __init__(
        self, order: Sequence[Entrant], options: PairingOptions, repairs: bool
    ) -> None:
        self.order = order
        half = len(order) // 2
        self.half = half
        rating = [group_rating(p, options) for p in order]
        # Each player's natural board: how badly it clashed, whether it was a rematch.
        natural = [(i, i + half) for i in range(half)]
        before = [0] * len(order)
        rematch = [False] * len(order)
        for u, low in natural:
            before[u] = before[low] = _severity(order[u], order[low])
            met = order[low].id in order[u].opponents
            rematch[u] = rematch[low] = met and repairs
        free = min(options.alternate_limit, options.equalise_limit)

        def reach(severity: int) -> float:
            if severity >= STRONG:
                return float("inf")
            if severity >= EQUALISATION:
                return options.equalise_limit
            return options.alternate_limit if severity else -1

        def allowed(player: int, place: int, partner: int) -> bool:
            """Whether ``player`` may take ``place`` (the place of the player ranked there)
            with ``partner`` in the board's other place."""
            if player == place:
                return True
            moved = abs(rating[player] - rating[place])
            if moved <= free or rematch[player] or rematch[partner]:
                return True
            if _clash(order[player], order[partner]):
                return False
            return moved <= reach(max(before[player], before[partner]))

        # Every way to fill each board: (the two players as a bit set, clash, upper, lower).
        self.fillings: list[list[tuple[int, int, int, int]]] = []
        last = [-1] * len(order)
        for board, (up, low) in enumerate(natural):
            ways = []
            for x in range(len(order)):
                for y in range(len(order)):
                    if x == y or order[y].id in order[x].opponents:
                        continue
                    if not (allowed(x, up, y) and allowed(y, low, x)):
                        continue
                    if x > y and allowed(y, up, x) and allowed(x, low, y):
                        continue  # the same board the other way round, already listed
                    ways.append((1 << x | 1 << y, _clash(order[x], order[y]), x, y))
                    last[x] = last[y] = board
            # Clash-free boards first, then the smallest moves: an arrangement is found early.
            ways.sort(key=lambda w: (w[1], abs(w[2] - up) + abs(w[3] - low)))
            self.fillings.append(ways)
        # stranded[board]: the players who may take no place on that board or below.
        self.stranded = [
            sum(1 << p for p in range(len(order)) if last[p] < board)
            for board in range(half + 1)
        ]
        self.white = sum(1 << p for p, e in enumerate(order) if e.due is Colour.WHITE)
        self.black = sum(1 << p for p, e in enumerate(order) if e.due is Colour.BLACK)
        self.everyone = (1 << len(order)) - 1
        self.nodes = 0
        # failed[placed]: the most clashes to spare with which that set of players placed on
        # the top boards has been found to lead nowhere.
        self.failed: dict[int, int] = {}
        self.covers_failed: dict[int, int] = {}
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * half + 100))

    def arranged(
        self, spare: int, allowance: int, *, tightest: bool = False
    ) -> list[tuple[int, int]] | None:
        """An arrangement with at most ``spare`` clashes (upper and lower place's players in
        rank order, top board first), or None when there is none. Boards are filled top to
        bottom, or with ``tightest`` the board or player with the fewest ways left first (finds
        an arrangement sooner where there is one)."""
        self.nodes = allowance
        if not tightest:
            chosen = self.fill(0, 0, spare)
            if chosen is None:
                return None
            ways = [self.fillings[b][k] for b, k in enumerate(reversed(chosen))]
            return [(x, y) for _both, _clash, x, y in ways]
        items = len(self.order)
        options = [
            (1 << (items + b) | both, clash, b, x, y)
            for b, ways in enumerate(self.fillings)
            for both, clash, x, y in ways
            if clash <= spare
        ]
        covered = self.cover(options, 0, spare, (1 << (items + self.half)) - 1)
        if covered is None:
            return None
        return [(x, y) for _b, x, y in sorted(covered)]

    def cover(
        self,
        options: list[tuple[int, int, int, int, int]],
        covered: int,
        spare: int,
        every: int,
    ) -> list[tuple[int, int, int]] | None:
        """Boards and players not in ``covered`` covered by ``options`` (each a board filled:
        its items as bits, clash, board, upper, lower) with at most ``spare`` clashes, the item
        with the fewest options first; None when they cannot be."""
        if covered == every:
            return []
        if (
            self.covers_failed.get(covered, -1) >= spare
            or self.forced(self.everyone & ~covered) > spare
        ):
            return None
        self.nodes -= 1
        if self.nodes < 0:
            raise _TooLong
        counts: dict[int, int] = {}
        for items, *_rest in options:
            while items:
                bit = items & -items
                counts[bit] = counts.get(bit, 0) + 1
                items ^= bit
        if len(counts) < (every & ~covered).bit_count():
            self.covers_failed[covered] = spare
            return None
        item = min(counts, key=counts.__getitem__)
        for items, clash, board, x, y in options:
            if not items & item:
                continue
            room = spare - clash
            rest = self.cover(
                [o for o in options if not o[0] & items and o[1] <= room],
                covered | items,
                room,
                every,
            )
            if rest is not None:
                rest.append((board, x, y))
                return rest
        self.covers_failed[covered] = spare
        return None

    def forced(self, left: int) -> int:
        """The fewest clashes the players of ``left`` have among themselves, by due colours."""
        white = (left & self.white).bit_count()
        black = (left & self.black).bit_count()
        return max(0, abs(white - black) - (left.bit_count() - white - black)) // 2

    def fill(self, board: int, placed: int, spare: int) -> list[int] | None:
        """The boards from ``board`` down filled with the players not in ``placed`` with at
        most ``spare`` clashes (the fillings chosen, bottom board first), or None; raises
        ``_TooLong`` past the search's allowance of boards tried."""
        if board == self.half:
            return []
        if self.failed.get(placed, -1) >= spare or self.stranded[board] & ~placed:
            return None
        if self.forced(self.everyone & ~placed) > spare:
            return None
        self.nodes -= 1
        if self.nodes < 0:
            raise _TooLong
        for k, (both, clash, _x, _y) in enumerate(self.fillings[board]):
            if both & placed or clash > spare:
                continue
            rest = self.fill(board + 1, placed | both, spare - clash)
            if rest is not None:
                rest.append(k)
                return rest
        self.failed[placed] = spare
        return None


class _TooLong(Exception):
    """The search went past its allowance of boards tried."""
