"""Colours in a Swiss round: transpositions and interchanges for due colours, the colour
difference limit, and who gets White on each board (US Chess 27A4, 27A5, 29E)."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction

from .arrange import (
    ALLOWANCE,
    LAYERED_ALLOWANCE,
    ROUND_ALLOWANCE,
    ROUND_LAYERED_ALLOWANCE,
    both_halves_fix,
)
from .assignment import EXACT_PAIRS, clash_key, places_fix, strayed
from .entities import ALTERNATION, EQUALISATION, STRONG, Board, Colour, PairingOptions
from .ranking import (
    Pair,
    Ranked,
    Settle,
    breach,
    clashes_least,
    conflict,
    ordered,
    score_text,
)

# With no rating limit (a strong claim), or to trade a clash for a weaker one, how many pairs
# on each side in rating are looked at.
_NEAREST = 60

# A ring of three pairs: a single clash's partners tried, and how far from them the third pair
# is looked for (in boards: the ring is a local repair, the partners come from the whole group).
_RING_PARTNERS = 8
_RING_REACH = 3
# The lower players' new places in a ring of three pairs (a single swap is colour_swap's).
_RINGS = ((1, 2, 0), (2, 0, 1))

# Chains of moves: how many players may move for one clash, about how many are looked at in
# all, and how many places nearest in rating (within the limit) each player moving is shown.
_CHAIN_DEPTH = 10
_CHAIN_VISITS = 1000
_CHAIN_NEAREST = 12

# A candidate colour fix: the two new pairs, the rating switch, the two players switched, and
# "transposition" or "interchange".
_Swap = tuple[Pair, Pair, int, Pair, str]

# The boards a move after the colour fixes made (players kept apart, the colour difference
# limit), each with the two players whose move the move's note is about.
Made = dict[frozenset[int], Pair]


class ColourFixer:
    """Colour fixes within a group, with the notes they leave."""

    def __init__(self, options: PairingOptions, notes: list[str]) -> None:
        self.options = options
        self.notes = notes
        # Notes with the players they are about (None: about no one in particular), kept until
        # the round is paired: a note about players the last resort re-paired no longer holds,
        # and a note naming an opponent is settled against the final boards (``settle``).
        self.tagged: list[tuple[frozenset[int] | None, str, Settle | None]] = []
        # The largest group (in pairs) given the exact colour fix (fewer in trial pairings).
        self.exact_pairs = EXACT_PAIRS
        # The boards the exact colour fix made (by their players), each with its score group's
        # key and the players it arranged ("the 2½ group"): the note on a board it leaves
        # clashing says so.
        self.arranged: dict[frozenset[int], tuple[int, str]] = {}
        # Boards the search moving both halves may still try in this round (the speed
        # targets: ``arrange.ROUND_ALLOWANCE``), and fillings its search layer by layer may
        # look at (``arrange.ROUND_LAYERED_ALLOWANCE``).
        self.search_left = ROUND_ALLOWANCE
        self.layered_left = ROUND_LAYERED_ALLOWANCE

    def tag(
        self,
        players: Iterable[Ranked] | None,
        text: str,
        settle: Settle | None = None,
    ) -> None:
        """A note about ``players``; ``settle`` (for a note that names an opponent) rewrites or
        drops it when a later move changed the boards it names."""
        ids = None if players is None else frozenset(p.id for p in players)
        self.tagged.append((ids, text, settle))

    def limit(self, severity: int) -> float:
        if severity >= STRONG:
            return float("inf")
        if severity == EQUALISATION:
            return self.options.equalise_limit
        return self.options.alternate_limit

    def limit_fix(self, pairs: list[Pair]) -> Made:
        """Across score groups if need be: no one ends with a colour difference of 3; the
        boards made, each with the two players who changed places.

        27A4 ranks colours below scores, but a difference of 3 is past what any table of the
        rules allows; the swap with the nearest score is taken, and noted.
        """
        made: Made = {}
        pairs.sort(key=lambda pair: pair[0].rank)
        for k in range(len(pairs)):
            a, b = pairs[k]
            if not breach(a, b):
                continue
            best: tuple[Fraction, int, int, Pair, Pair, Ranked, Ranked] | None
            best = None
            for other in range(len(pairs)):
                if other == k:
                    continue
                c, d = pairs[other]
                for (w, x), (y, z), moved in (
                    ((a, d), (c, b), (b, d)),
                    ((a, c), (b, d), (b, c)),
                    ((b, c), (a, d), (a, c)),
                    ((b, d), (a, c), (a, d)),
                ):
                    if x.id in w.opponents or z.id in y.opponents:
                        continue
                    if breach(w, x) or breach(y, z):
                        continue
                    cost = abs(moved[0].score - moved[1].score)
                    key = (cost, abs(other - k))
                    if best is None or key < best[:2]:
                        best = (cost, abs(other - k), other, (w, x), (y, z), *moved)
            if best is None:
                continue
            _cost, _distance, other, first, second, x, y = best
            pairs[k] = ordered(*first)
            pairs[other] = ordered(*second)
            for board in (first, second):
                made[_ids(board)] = (x, y)
            self.tag(
                None,
                f"{x.label} and {y.label} change places so that no one has 3 more games "
                "with one colour than the other (27A4).",
            )
        return made

    def colour_fix(
        self, pairs: list[Pair], group_score: str, tail: bool = False
    ) -> None:
        """Transpositions and interchanges that give due colours, within the rating limits (29E).

        A fix is looked for among every pair of the group whose players are within the rating
        limit of the clash, however far down the boards (the rules limit a transposition by
        rating, not by board distance). Only a pair in which neither player is due the clashing
        colour can help, so the candidates come from two lists of those pairs sorted by rating
        and searched by bisection: the search stays near-linear in the size of the group.

        In a group of up to ``exact_pairs`` pairs the best assignment within the limits is
        worked out as well (``assignment.places_fix``), and taken when it leaves fewer clashes
        than the fixes one at a time, or as many nearer top half against bottom half (27A3).
        """
        start = list(pairs)
        kept = self.tagged
        self.tagged = []
        self.colour_steps(pairs, group_score)
        steps, self.tagged = self.tagged, []
        arranged = dict(self.arranged)
        if not self.colour_exact(start, pairs, group_score, tail):
            self.tagged = steps
        both = self.colour_both(start, pairs, group_score, tail)
        if both is not None:
            # The arrangement moving both halves replaces what the fixes above did in its
            # group: their notes about its players only no longer hold (a note about a move
            # with a player outside the group, a floater's board, stays: that board stays).
            note, reasons, group = both
            self.arranged = arranged
            self.arranged.update(reasons)
            self.tagged = [
                tagged
                for tagged in self.tagged
                if tagged[0] is None or not tagged[0] <= group
            ]
            self.tagged.append(note)
        kept.extend(self.tagged)
        self.tagged = kept

    def colour_exact(
        self, start: list[Pair], pairs: list[Pair], group_score: str, tail: bool = False
    ) -> bool:
        """Each small score group of ``start`` (the pairs before any colour fix) re-made by the
        best assignment within the limits; taken, and noted, when the whole leaves fewer
        clashes than ``pairs`` (the fixes one at a time), or as few with players strayed less
        far from top half against bottom half (27A3) when the fixes one at a time moved any."""
        moved = pairs != start
        if not moved and clash_key(pairs) == (0, 0, 0):
            return False
        made = list(start)
        all_moves: list[tuple[Ranked, Ranked]] = []
        # Per group arranged: its boards as made and who they are ("the 2½ group").
        arranged: list[tuple[list[Pair], str]] = []
        by_key: dict[int, list[int]] = {}
        for k, (a, b) in enumerate(start):
            if a.key == b.key:
                by_key.setdefault(a.key, []).append(k)
        for ks in by_key.values():
            if len(ks) > self.exact_pairs or (
                not moved and _at_least(start, ks, pairs)
            ):
                continue
            found = places_fix([start[k] for k in ks], self.options)
            if found is None:
                continue
            for k, pair in zip(ks, found[0], strict=True):
                made[k] = pair
            all_moves.extend(found[1])
            score = score_text(start[ks[0]][0].score)
            where = (
                f"the {score} players paired with one another at the bottom"
                if tail
                else f"the {score} group"
            )
            arranged.append((found[0], where))
        if not all_moves:
            return False
        fewer = clash_key(made) < clash_key(pairs)
        if not fewer and not (
            moved
            and clash_key(made) == clash_key(pairs)
            and strayed(made) < strayed(pairs)
        ):
            return False
        pairs[:] = made
        for group, where in arranged:
            why = (
                f"the best arrangement of {where}, its lower (or upper) players taking "
                "one another's places within the rating limits "
                f"({_place_limits(self.options)}; 29E5), leaves this board without the "
                "due colour"
            )
            for pair in group:
                self.arranged[_ids(pair)] = (pair[0].key, why)
        names = ", ".join(_moves_text(all_moves))
        names += _also_meeting(
            start, made, frozenset(p.id for move in all_moves for p in move)
        )
        why = "" if fewer else " with players moved the fewest rating points (27A3)"
        self.tag(
            [p for move in all_moves for p in move],
            f"In the {group_score} group, for colours{why}: {names} "
            f"({_place_limits(self.options)}; 29E5).",
        )
        return True

    def colour_both(
        self, start: list[Pair], pairs: list[Pair], group_score: str, tail: bool
    ) -> (
        tuple[
            tuple[frozenset[int] | None, str, Settle | None],
            dict[frozenset[int], tuple[int, str]],
            frozenset[int],
        ]
        | None
    ):
        """A score group whose pairs in ``pairs`` still miss more due colours than its colour
        counts force, re-arranged with players of both halves moving at once
        (``arrange.both_halves_fix``) when that leaves fewer clashes (strong claims first,
        then claims to equalise, then any); ``pairs`` changed in place. The note naming the
        moves, the reason each board it leaves clashing gives (``unfixed``), and the group's
        players. Not in the trial pairings that choose floaters (the speed targets)."""
        if self.exact_pairs != EXACT_PAIRS:
            return None
        by_key: dict[int, list[int]] = {}
        for k, (a, b) in enumerate(pairs):
            if a.key == b.key:
                by_key.setdefault(a.key, []).append(k)
        for at in by_key.values():
            current = [pairs[k] for k in at]
            players = [p for pair in current for p in pair]
            if clash_key(current)[2] <= clashes_least(players):
                continue
            if self.search_left <= 0:
                break
            found = both_halves_fix(
                start,
                current,
                self.options,
                min(ALLOWANCE, self.search_left),
                max(0, min(LAYERED_ALLOWANCE, self.layered_left)),
            )
            self.search_left -= found.tried
            self.layered_left -= found.looked
            if found.pairs is None:
                continue
            for k, pair in zip(at, found.pairs, strict=True):
                pairs[k] = pair
            score = score_text(current[0][0].score)
            where = (
                f"the {score} players paired with one another at the bottom"
                if tail
                else f"the {score} group"
            )
            best = (
                "the best arrangement" if found.proved else "the best arrangement found"
            )
            why = (
                f"{best} of {where}, players of both halves taking one another's places "
                f"within the rating limits ({_place_limits(self.options)}; 29E5), leaves "
                "this board without the due colour"
            )
            names = ", ".join(_moves_text(found.moves))
            movers = frozenset(p.id for move in found.moves for p in move)
            names += _also_meeting(start, found.pairs, movers)
            note = (
                f"In the {group_score} group, for colours, players of both halves moved "
                f"together: {names} ({_place_limits(self.options)}; 29E5)."
            )
            reasons = {_ids(pair): (pair[0].key, why) for pair in found.pairs}
            group = frozenset(p.id for p in players)
            return (movers, note, None), reasons, group
        return None

    def colour_steps(self, pairs: list[Pair], group_score: str) -> None:
        """The fixes one at a time: matched along the boards, the best swap, rings, chains."""
        # Stronger claims first (29E): each level's clashes are matched along the boards
        # before the next level's, then the wider search takes what is left, strongest first.
        for level in (STRONG, EQUALISATION, ALTERNATION):
            self.colour_line(pairs, group_score, _Candidates(pairs), level)
        self.colour_swaps(pairs, group_score)
        index = _Candidates(pairs)
        moved = False
        for k in range(len(pairs)):
            severity = conflict(*pairs[k])
            if severity:
                moved |= self.colour_rotate(pairs, k, severity, group_score, index)
        before = list(pairs)
        self.colour_chains(pairs, group_score)
        if moved or pairs != before:
            # A ring or chain changes boards a swap may now mend: the swaps once more.
            self.colour_swaps(pairs, group_score)

    def colour_swaps(self, pairs: list[Pair], group_score: str) -> None:
        """The best swap for each clash left, strongest first, in up to three passes."""
        for _pass in range(3):
            improved = False
            index = _Candidates(pairs)
            for k, severity in _clashes(pairs):
                if self.colour_swap(pairs, k, severity, group_score, index):
                    improved = True
            if not improved:
                break

    def colour_line(
        self, pairs: list[Pair], group_score: str, index: _Candidates, level: int
    ) -> None:
        """Clashes of one strength over White and over Black met in board order, each with the nearest
        unmatched clash over the other colour (a stack, as brackets are matched): the pairing
        of clashes that moves players the fewest boards in all, so that one clash does not
        take the partner a nearer one needed. Each match is tried as one transposition or
        interchange within the limit; what is left goes to the wider search."""
        waiting: list[int] = []
        for k in range(len(pairs)):
            if conflict(*pairs[k]) != level:
                continue
            colour = pairs[k][0].due
            if waiting and pairs[waiting[-1]][0].due is not colour:
                m = waiting.pop()
                severity = conflict(*pairs[m])
                if not self.colour_swap(pairs, m, severity, group_score, index, [k]):
                    waiting.append(m)
                    waiting.append(k)
            else:
                waiting.append(k)

    def colour_chains(self, pairs: list[Pair], group_score: str) -> None:
        """Clashes no swap or ring mended: a chain of moves, each player taking the place of
        one within the rating limit of the clash (29E5), ending in the clash's pair.

        One of the clash's two players leaves; the player whose place they take leaves in
        turn, and so on, until one can take the first player's place. Every pair the chain
        passes through must end with both players' due colours and no rematch, and players
        only take places of their own score group: the clash is cured and no other board
        loses a colour. The shortest chain is taken (breadth first, fewest players moved)."""
        if not any(conflict(*pair) for pair in pairs):
            return
        chains = _Chains(pairs)
        for k, severity in _clashes(pairs):
            limit = self.limit(severity)
            moves = chains.find(k, limit)
            if moves is None:
                continue
            if len(moves) == 2:
                # Two players taking each other's places: a plain transposition (both upper
                # or both lower players of their boards) or interchange.
                (x, _), (y, _) = moves
                kind = (
                    "transposition"
                    if chains.where[x.id][1] == chains.where[y.id][1]
                    else "interchange"
                )
                chains.apply(moves)
                a, b = pairs[chains.where[x.id][0]]
                c, d = pairs[chains.where[y.id][0]]
                self.tag(
                    [a, b, c, d],
                    _swap_text(
                        group_score,
                        kind,
                        (x, y),
                        severity,
                        abs(x.rating - y.rating),
                        limit,
                    ),
                )
                continue
            chains.apply(moves)
            movers = [player for player, _place in moves]
            names = ", ".join(
                f"{player.label} takes the place of {place.label}"
                for player, place in moves
            )
            touched = {id(p) for player, place in moves for p in (player, place)}
            self.tag(
                [p for pair in pairs for p in pair if id(p) in touched] or movers,
                f"In the {group_score} group, for colours: {names} "
                f"({_within(limit, 'each within')}, 29E5).",
            )

    def colour_rotate(
        self,
        pairs: list[Pair],
        k: int,
        severity: int,
        group_score: str,
        index: _Candidates,
    ) -> bool:
        """Two transpositions at once: three pairs' lower players change places in a ring.

        For a clash no single swap mends (a rematch or the rating limit in the way), a pair
        that could take the clash over and a third pair near either of the two are tried; every
        lower player moved must be within the limit of the one whose place they take (29E5).
        """
        a, b = pairs[k]
        limit = self.limit(severity)
        assert a.due is not None
        helpful = sorted(
            (m for m in index.near(a.due, a.rating, b.rating, limit) if m != k),
            key=lambda m: abs(m - k),
        )[:_RING_PARTNERS]
        best: tuple[tuple[list[int], int], tuple[int, ...], list[Pair]] | None = None
        for m in helpful:
            thirds = {
                j
                for centre in (k, m)
                for j in range(centre - _RING_REACH, centre + _RING_REACH + 1)
                if 0 <= j < len(pairs) and j not in (k, m)
            }
            for j in sorted(thirds):
                at = (k, m, j)
                tops = [pairs[i][0] for i in at]
                bottoms = [pairs[i][1] for i in at]
                before = sorted((conflict(*pairs[i]) for i in at), reverse=True)
                for order in _RINGS:
                    moved = [
                        abs(bottoms[order[i]].rating - bottoms[i].rating)
                        for i in range(3)
                    ]
                    if max(moved) > limit or any(
                        bottoms[order[i]].key != bottoms[i].key for i in range(3)
                    ):
                        # Over the limit, or a player would change score group (27A2).
                        continue
                    new = [(tops[i], bottoms[order[i]]) for i in range(3)]
                    if any(x.id in w.opponents for w, x in new):
                        continue
                    after = sorted((conflict(w, x) for w, x in new), reverse=True)
                    if not after < before:
                        continue
                    key = (after, sum(moved))
                    if best is None or key < best[0]:
                        best = (key, at, new)
        if best is None:
            return False
        _key, ring, new = best
        for i, pair in zip(ring, new, strict=True):
            pairs[i] = ordered(*pair)
        names = ", ".join(pair[1].label for pair in new)
        self.tag(
            [p for pair in new for p in pair],
            f"In the {group_score} group, two transpositions at once (the lower players "
            f"{names} change places, {_within(limit, 'each within')}) for colours (29E5).",
        )
        return True

    def colour_swap(
        self,
        pairs: list[Pair],
        k: int,
        severity: int,
        group_score: str,
        index: _Candidates,
        only: Iterable[int] | None = None,
    ) -> bool:
        """The best transposition or interchange that eases a colour clash (with the pairs
        ``only`` when given, else with every pair the index finds within the limit).

        A transposition pairs a with d and c with b; its size is the smaller of the two rating
        switches (a-c, b-d). An interchange swaps b into the upper half against c. Within the
        limit for the clash (29E5a 80 points to alternate, 29E5b 200 to equalise), a
        transposition within 80 points comes first, then the smallest switch (29E5e).
        """
        a, b = pairs[k]
        limit = self.limit(severity)
        assert a.due is not None
        best: tuple[tuple[list[int], int, int, int], int, _Swap] | None = None
        if only is not None:
            candidates = set(only)
        else:
            candidates = index.near(a.due, a.rating, b.rating, limit)
            if severity > ALTERNATION:
                candidates |= index.near(None, a.rating, b.rating, limit)
        for other in sorted(candidates):
            if other == k:
                continue
            for after, swap in _easing(a, b, *pairs[other], limit):
                _new, _other_new, size, _moved, kind = swap
                tier = (
                    0
                    if kind == "transposition" and size <= self.options.alternate_limit
                    else 1
                )
                key = (after, tier, size, abs(other - k))
                if best is None or key < best[0]:
                    best = (key, other, swap)
        if best is None:
            return False
        _key, other, ((w, x), (y, z), size, moved, kind) = best
        pairs[k] = ordered(w, x)
        pairs[other] = ordered(y, z)
        self.tag(
            [w, x, y, z], _swap_text(group_score, kind, moved, severity, size, limit)
        )
        return True

    def unfixed(
        self, pairs: list[Pair], kept_apart: Made, limited: Made
    ) -> dict[frozenset[int], str]:
        """Why each board of two players of one score group due the same colour stays so, as
        the final ``pairs`` bear it out (the board's note ends with it): a move made after the
        colour fixes made the board (``limited``: the colour difference limit; ``kept_apart``:
        players kept apart, 29E8), the exact fix arranged its group (``self.arranged``), or
        the fixes one at a time left it: then whether any transposition or interchange with
        another board of the group, within the rating limit of the clash and without a
        rematch, would ease it (``swap_left``, over the whole group)."""
        found: dict[frozenset[int], str] = {}
        left: list[Pair] = []
        for a, b in pairs:
            if a.key != b.key or a.due is None or a.due is not b.due:
                continue
            ids = _ids((a, b))
            if ids in limited:
                x, y = limited[ids]
                found[ids] = (
                    f"this board comes from {x.label} and {y.label} changing places so "
                    "that no one has 3 more games with one colour than the other (27A4, "
                    "noted above)"
                )
            elif ids in kept_apart:
                x, y = kept_apart[ids]
                found[ids] = (
                    f"the swap that keeps {x.label} and {y.label} apart made this board "
                    "after the colour fixes (29E8, noted above)"
                )
            elif ids in self.arranged:
                found[ids] = self.arranged[ids][1]
            else:
                left.append((a, b))
        # The boards the fixes one at a time left: the rest of their score group searched.
        groups: dict[int, list[Pair]] = {a.key: [] for a, _b in left}
        place: dict[int, int] = {}
        for pair in pairs:
            if pair[0].key == pair[1].key and pair[0].key in groups:
                group = groups[pair[0].key]
                place[pair[0].id] = len(group)
                group.append(pair)
        indexes: dict[int, _Candidates] = {}
        for a, b in left:
            group = groups[a.key]
            if a.key not in indexes:
                indexes[a.key] = _Candidates(group)
            severity = conflict(a, b)
            swap = self.swap_left(group, place[a.id], severity, indexes[a.key])
            if swap is None:
                assert a.due is not None
                # A player due the other colour may be within the limit and still not be
                # moved: the board they leave would clash as badly (a 29E5 transposition or
                # interchange is made only to ease the clashes), so the note says which
                # players it means.
                found[_ids((a, b))] = (
                    "no transposition or interchange within the rating limit found a "
                    f"player due {a.due.other.word} whose move here would leave the two "
                    "boards with lighter clashes (29E5)"
                )
                continue
            _w, _x, size, moved, kind = swap
            found[_ids((a, b))] = (
                "the colour fixes, made one at a time, did not make "
                f"{_a(kind)} {kind} of {moved[0].label} and {moved[1].label} "
                f"({_within_size(severity, size, self.limit(severity))}) that would ease "
                "this clash (29E5)"
            )
        return found

    def swap_left(
        self, group: list[Pair], k: int, severity: int, index: _Candidates
    ) -> _Swap | None:
        """A transposition or interchange of pair ``k`` with another pair of ``group`` (one
        score group) within the limit of its clash that eases it, without a rematch; every
        pair within the limit is looked at (``colour_swap`` looks at the nearest only for a
        claim with no limit), and an interchange either way (``colour_swap``: the lower
        player of the clash moving up).

        It eases this pair's clash when the stronger clash of the two boards it leaves is
        weaker than this one (the two boards are then lighter as well). A swap that only
        lightens a stronger clash of the other pair (both pairs due the same colour, this
        one's clash left as it was) is not this board's to name: the note would say a move
        eases a clash it leaves."""
        a, b = group[k]
        limit = self.limit(severity)
        assert a.due is not None
        if limit == float("inf"):
            candidates: Iterable[int] = range(len(group))
        else:
            candidates = index.near(a.due, a.rating, b.rating, limit, every=True)
            if severity > ALTERNATION:
                candidates = set(candidates) | index.near(
                    None, a.rating, b.rating, limit, every=True
                )
        for other in sorted(candidates):
            if other != k:
                for after, swap in _easing(a, b, *group[other], limit, both=True):
                    if after[0] < severity:
                        return swap
        return None


def _ids(pair: Pair) -> frozenset[int]:
    return frozenset((pair[0].id, pair[1].id))


def _a(kind: str) -> str:
    return "an" if kind == "interchange" else "a"


def _within(limit: float, words: str) -> str:
    """The rating limit of a move in words ("each within 80 rating points"); a strong
    claim's move has none."""
    if limit == float("inf"):
        return "for a strong colour preference"
    return f"{words} {limit:g} rating points"


def _within_size(severity: int, size: int, limit: float) -> str:
    if severity >= STRONG:
        return f"{size} points, for a strong colour preference"
    return f"{size} points, within {limit:g}"


def _swap_text(
    group_score: str, kind: str, moved: Pair, severity: int, size: int, limit: float
) -> str:
    """The note on one transposition or interchange for colours."""
    what = (
        "a strong colour preference"
        if severity >= STRONG
        else f"colours ({size} points, within {limit:g})"
    )
    return (
        f"In the {group_score} group, {_a(kind)} {kind} of {moved[0].label} and "
        f"{moved[1].label} for {what} (29E5)."
    )


def _place_limits(options: PairingOptions) -> str:
    """How far the exact colour fixes let a player move (``assignment._cost``,
    ``arrange.both_halves_fix``), in words."""
    alternate, equalise = options.alternate_limit, options.equalise_limit
    text = f"each within {min(alternate, equalise)} rating points of the player whose place they take"
    if equalise > alternate:
        text = f"{text}, {equalise} to cure a clash between two players due to equalise"
    elif alternate > equalise:
        text = (
            f"{text}, {alternate} to cure a clash between two players due to alternate"
        )
    return f"{text}, any distance between two strong claims"


def _easing(
    a: Ranked, b: Ranked, c: Ranked, d: Ranked, limit: float, both: bool = False
) -> Iterator[tuple[list[int], _Swap]]:
    """The transposition and the interchange of pairs (a, b) and (c, d), each higher-ranked
    player first, that are within ``limit``, make no rematch and leave the two boards'
    clashes lighter (strongest first), with the clashes they leave.

    A transposition pairs a with d and c with b; its size is the smaller of the two rating
    switches (a-c, b-d). An interchange swaps b into the upper half against c; ``both``: or
    a into the lower half against d (the same boards), the smaller of the two switches."""
    before = sorted((conflict(a, b), conflict(c, d)), reverse=True)
    top_switch = abs(a.rating - c.rating)
    bottom_switch = abs(b.rating - d.rating)
    inner, outer = abs(b.rating - c.rating), abs(a.rating - d.rating)
    swaps: list[_Swap] = [
        (
            (a, d),
            (c, b),
            min(top_switch, bottom_switch),
            (a, c) if top_switch < bottom_switch else (b, d),
            "transposition",
        ),
        (
            (a, c),
            (b, d),
            min(inner, outer) if both else inner,
            (a, d) if both and outer < inner else (b, c),
            "interchange",
        ),
    ]
    for swap in swaps:
        (w, x), (y, z), size, _moved, _kind = swap
        if size > limit or x.id in w.opponents or z.id in y.opponents:
            continue
        after = sorted((conflict(w, x), conflict(y, z)), reverse=True)
        if after < before:
            yield after, swap


def _moves_text(moves: list[tuple[Ranked, Ranked]]) -> Iterator[str]:
    """The moves in words: two players taking each other's places are a transposition (the
    players who move are all upper or all lower players of their boards)."""
    place_of = {player.id: place for player, place in moves}
    told: set[int] = set()
    for player, place in moves:
        if player.id in told:
            continue
        told.add(player.id)
        back = place_of.get(place.id)
        if back is not None and back.id == player.id:
            told.add(place.id)
            yield f"a transposition of {player.label} and {place.label}"
        else:
            yield f"{player.label} takes the place of {place.label}"


def _also_meeting(
    start: Sequence[Pair], made: Sequence[Pair], named: frozenset[int]
) -> str:
    """The new opponents of players whose board before the colour fixes (a 27A1 repair's)
    an arrangement changed though its moves, told from top half against bottom half, name
    neither the player nor, of the old and the new opponent, both (so that the repair's
    note, which says the player meets the new opponent after this move, points to a note
    naming one of them)."""
    final = {a.id: b for pair in made for a, b in (pair, pair[::-1])}
    changed = [
        a
        for a, b in start
        if a.id in final
        and final[a.id] is not b
        and a.id not in named
        and not (b.id in named and final[a.id].id in named)
    ]
    if not changed:
        return ""
    return "; so " + ", ".join(f"{a.label} meets {final[a.id].label}" for a in changed)


def _at_least(start: list[Pair], ks: list[int], pairs: list[Pair]) -> bool:
    """Whether the players of ``start``'s pairs ``ks`` are paired among themselves in ``pairs``
    at the fewest clashes their colour counts allow (strong, to equalise, any): no assignment
    can do better."""
    players = {p.id for k in ks for p in start[k]}
    theirs = [pair for pair in pairs if pair[0].id in players and pair[1].id in players]
    if len(theirs) != len(ks):
        return False
    group = [p for k in ks for p in start[k]]
    least = (
        clashes_least(group, STRONG),
        clashes_least(group, EQUALISATION),
        clashes_least(group),
    )
    return clash_key(theirs) == least


def _clashes(pairs: list[Pair]) -> Iterator[tuple[int, int]]:
    """The pairs with a colour clash, strongest first, then in board order, with the clash's
    strength as it is when reached (an earlier fix may have changed or cured it)."""
    order = sorted(
        (k for k in range(len(pairs)) if conflict(*pairs[k])),
        key=lambda k: (-conflict(*pairs[k]), k),
    )
    for k in order:
        severity = conflict(*pairs[k])
        if severity:
            yield k, severity


class _Chains:
    """The places of a group's pairs, for chains of moves (``ColourFixer.colour_chains``).

    Places are kept sorted by rating in three lists by the colour their partner is due, so
    that a player moving is only shown places whose partner can give them their colour."""

    def __init__(self, pairs: list[Pair]) -> None:
        self.pairs = pairs
        self.where: dict[int, tuple[int, int]] = {}
        for k, pair in enumerate(pairs):
            for side in (0, 1):
                self.where[pair[side].id] = (k, side)
        self.index()

    def index(self) -> None:
        self.places: dict[Colour | None, tuple[list[int], list[Ranked]]] = {}
        self.cache: dict[tuple[int, float], list[Ranked]] = {}
        players = sorted(
            (p for pair in self.pairs for p in pair), key=lambda p: p.rating
        )
        for colour in (Colour.WHITE, Colour.BLACK, None):
            kept = [p for p in players if self.partner(p).due is colour]
            self.places[colour] = ([p.rating for p in kept], kept)

    def partner(self, player: Ranked) -> Ranked:
        k, side = self.where[player.id]
        return self.pairs[k][1 - side]

    def near(self, player: Ranked, limit: float) -> list[Ranked]:
        """The places ``player`` may take: same score, within the limit in rating, a partner
        not due the player's colour; the ``_CHAIN_NEAREST`` nearest in rating."""
        cached = self.cache.get((player.id, limit))
        if cached is not None:
            return cached
        found: list[Ranked] = []
        for colour in (Colour.WHITE, Colour.BLACK, None):
            if colour is not None and colour is player.due:
                continue
            ratings, kept = self.places[colour]
            at = bisect_left(ratings, player.rating)
            lo, hi = max(0, at - _CHAIN_NEAREST), at + _CHAIN_NEAREST
            if limit != float("inf"):
                lo = max(lo, bisect_left(ratings, player.rating - limit))
                hi = min(hi, bisect_right(ratings, player.rating + limit))
            found.extend(
                p for p in kept[lo:hi] if p.key == player.key and p is not player
            )
        found.sort(key=lambda p: abs(p.rating - player.rating))
        del found[_CHAIN_NEAREST:]
        self.cache[(player.id, limit)] = found
        return found

    def find(self, k: int, limit: float) -> list[tuple[Ranked, Ranked]] | None:
        """The shortest chain curing pair ``k``: (player, whose place they take), in order."""
        for leaving in self.pairs[k]:
            stays = self.partner(leaving)
            # Breadth first from the player who leaves; parent[p] = the player p displaces.
            parent: dict[int, Ranked] = {}
            frontier = [leaving]
            seen = {leaving.id, stays.id}
            for _depth in range(_CHAIN_DEPTH):
                following: list[Ranked] = []
                for mover in frontier:
                    for place in self.near(mover, limit):
                        if place.id in seen:
                            continue
                        partner = self.partner(place)
                        if partner is mover or not _fine(mover, partner):
                            continue
                        seen.add(place.id)
                        parent[place.id] = mover
                        if abs(place.rating - leaving.rating) <= limit and _fine(
                            place, stays
                        ):
                            chain = self._chain(place, parent, leaving)
                            if chain is not None:
                                return chain
                        following.append(place)
                frontier = following
                if not frontier or len(seen) > _CHAIN_VISITS:
                    break
        return None

    def _chain(
        self, last: Ranked, parent: dict[int, Ranked], leaving: Ranked
    ) -> list[tuple[Ranked, Ranked]] | None:
        moves = [(last, leaving)]
        place = last
        while place is not leaving:
            mover = parent[place.id]
            moves.append((mover, place))
            place = mover
        # Each pair at most once: a pair both of whose players move is not what was checked.
        touched = [self.where[place.id][0] for _mover, place in moves]
        if len(set(touched)) != len(touched):
            return None
        return moves

    def apply(self, moves: list[tuple[Ranked, Ranked]]) -> None:
        spots = [(mover, self.where[place.id]) for mover, place in moves]
        for mover, (k, side) in spots:
            pair = list(self.pairs[k])
            pair[side] = mover
            self.pairs[k] = ordered(pair[0], pair[1])
        for k in {k for _mover, (k, _side) in spots}:
            for side in (0, 1):
                self.where[self.pairs[k][side].id] = (k, side)
        self.index()


def _fine(a: Ranked, b: Ranked) -> bool:
    """Whether a and b may meet with both given their due colours."""
    return b.id not in a.opponents and not conflict(a, b)


class _Candidates:
    """The pairs that can ease a clash over one colour, sorted by rating for bisection.

    A pair cures a clash of two players due colour X only if neither of its players is due X:
    those are searched in full within the rating limit. A pair with a player due X can only
    take the clash over at a weaker claim (a strong claim traded for an alternation); those
    (``None`` below: every pair) are looked at only for claims stronger than alternation, and
    only the ``_NEAREST`` in rating on each side. Built once per pass; a pair changed since is
    read as it is now, so a stale entry costs a look, never a wrong swap.
    """

    def __init__(self, pairs: list[Pair]) -> None:
        self.by_top: dict[Colour | None, tuple[list[int], list[int]]] = {}
        self.by_bottom: dict[Colour | None, tuple[list[int], list[int]]] = {}
        for colour in (Colour.WHITE, Colour.BLACK, None):
            helpful = [
                k
                for k, (c, d) in enumerate(pairs)
                if colour is None or (c.due is not colour and d.due is not colour)
            ]
            top = sorted(helpful, key=lambda k: pairs[k][0].rating)
            bottom = sorted(helpful, key=lambda k: pairs[k][1].rating)
            self.by_top[colour] = ([pairs[k][0].rating for k in top], top)
            self.by_bottom[colour] = ([pairs[k][1].rating for k in bottom], bottom)

    def near(
        self,
        colour: Colour | None,
        top: int,
        bottom: int,
        limit: float,
        every: bool = False,
    ) -> set[int]:
        """Pairs whose upper player is within the limit of ``top`` or of ``bottom`` (a
        transposition of the upper players, an interchange), or whose lower player is within
        the limit of ``bottom`` (a transposition of the lower players); ``every``: all of them
        (a finite limit), not only the nearest, and those whose lower player is within the
        limit of ``top`` (an interchange the other way)."""
        found: set[int] = set()
        windows = [
            (self.by_top[colour], top),
            (self.by_top[colour], bottom),
            (self.by_bottom[colour], bottom),
        ]
        if every:
            windows.append((self.by_bottom[colour], top))
        for (ratings, ks), centre in windows:
            if not every and (limit == float("inf") or colour is None):
                at = bisect_left(ratings, centre)
                lo, hi = max(0, at - _NEAREST), min(len(ks), at + _NEAREST)
                if limit != float("inf"):
                    lo = max(lo, bisect_left(ratings, centre - limit))
                    hi = min(hi, bisect_right(ratings, centre + limit))
            else:
                lo = bisect_left(ratings, centre - limit)
                hi = bisect_right(ratings, centre + limit)
            found.update(ks[lo:hi])
        return found


def boards_coloured(
    pairs: Sequence[Pair],
    round_number: int,
    options: PairingOptions,
    seed: str,
    notes: list[str],
    unfixed: Mapping[frozenset[int], str],
) -> list[Board]:
    """Boards by the higher player's score and rank; colours: due colours, stronger claim
    first. ``unfixed``: why each board of one score group whose players are due the same
    colour stays so (``ColourFixer.unfixed``)."""
    in_order = sorted(
        (ordered(a, b) for a, b in pairs),
        key=lambda pair: (-max(pair[0].key, pair[1].key), pair[0].rank),
    )
    first = _board_one_colour(options, seed)
    if round_number == 1 and in_order:
        how = (
            f"by lot (seed {seed!r})"
            if options.board_one_colour == "lot"
            else "as posted"
        )
        notes.append(
            f"Round 1: the higher-ranked player on board 1 has {first.word} ({how}); "
            "colours alternate down the boards."
        )
    made: list[Board] = []
    for number, (a, b) in enumerate(in_order, start=1):
        white, black = _colours(
            a, b, number, first, notes, unfixed, options.colour_look_back
        )
        made.append(Board(white.id, black.id))
    return made


def _board_one_colour(options: PairingOptions, seed: str) -> Colour:
    if options.board_one_colour == "white":
        return Colour.WHITE
    if options.board_one_colour == "black":
        return Colour.BLACK
    return random.Random(f"{seed}/board-one-colour").choice(
        (Colour.WHITE, Colour.BLACK)
    )


def _looked_back(
    a: Ranked, b: Ranked, colour: Colour | None
) -> tuple[Ranked, int] | None:
    """Equal claims to ``colour``: the player who had the other colour in the latest game in
    which the two players' colours differed (counting back game by game), and how many games
    back that was; None when their histories never differ."""
    history_a, history_b = a.entrant.colours, b.entrant.colours
    for back in range(1, min(len(history_a), len(history_b)) + 1):
        if history_a[-back] is not history_b[-back]:
            return (a if history_a[-back] is not colour else b), back
    return None


def _colours(
    a: Ranked,
    b: Ranked,
    board: int,
    first: Colour,
    notes: list[str],
    unfixed: Mapping[frozenset[int], str],
    look_back: bool = True,
) -> Pair:
    """(white, black) for a (higher-ranked) against b."""
    if a.due is None and b.due is None:
        higher = first if board % 2 else first.other
        return (a, b) if higher is Colour.WHITE else (b, a)
    if a.due is None or b.due is None or a.due is not b.due:
        if a.due is Colour.WHITE or b.due is Colour.BLACK:
            return a, b
        return b, a
    # Both are due the same colour: the stronger claim wins, then (posted option, on by
    # default) the colours of the latest game in which the two differed, then the higher rank.
    winner, loser = a, b
    colour = a.due
    claim_a = (a.strength, abs(a.entrant.balance))
    claim_b = (b.strength, abs(b.entrant.balance))
    why = "a stronger claim"
    if claim_b > claim_a:
        winner, loser = b, a
    elif claim_a == claim_b:
        back = _looked_back(a, b, colour) if look_back else None
        if back is None:
            why = "the higher rank"
        else:
            winner, games_ago = back
            loser = b if winner is a else a
            why = (
                f"the other colour {games_ago} game{'s' if games_ago > 1 else ''} ago, "
                "the latest game in which their colours differed"
            )
    assert colour is not None
    if a.key != b.key:
        kept = "they come from different score groups, and scores come first (27A2)"
    else:
        kept = unfixed[_ids((a, b))]
    notes.append(
        f"Board {board}: {loser.label} gets {colour.other.word}, not the colour due: "
        f"{winner.label} is due {colour.word} too and has {why} (29E); {kept}."
    )
    return (winner, loser) if colour is Colour.WHITE else (loser, winner)
