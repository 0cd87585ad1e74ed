"""Pairing a Swiss round score group by score group (US Chess 27A1-27A3, 29D), and the last
resort that re-pairs the bottom of the field when the lowest group cannot avoid a rematch."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import groupby

from .arrange import ROUND_ALLOWANCE, ROUND_LAYERED_ALLOWANCE
from .assignment import TRIAL_EXACT_PAIRS
from .avoid import avoid_fix
from .colours import ColourFixer
from .entities import EQUALISATION
from .matching import maximum_matching
from .ranking import (
    Pair,
    Ranked,
    Settle,
    clashes_least,
    conflict,
    not_met,
    ordered,
    score_text,
)

# The largest tail (in players) the rematch-avoiding matching reaches back to.
_TAIL_LIMIT = 1200
# How many of a group's lowest players are tried as the odd player, for colours.
_ODD_TRIES = 8
# How many players below the first are tried as a floater's opponent, for colours.
_FLOAT_TRIES = 6
# Up to this many players, a group is paired on trial (colour fixes included) to count what
# a choice of floater or of a floater's opponent costs in colours; a bigger group is counted
# from how many of its players are due each colour (room enough there to reach that count).
_TRIAL_LIMIT = 120


class GroupPairer(ColourFixer):
    """Pairs an even, ranked list of players; notes go to ``self.notes``."""

    # ---- the whole field ------------------------------------------------------------------

    def pair(
        self, players: list[Ranked]
    ) -> tuple[list[Pair], int, dict[frozenset[int], str]]:
        """Pairs (higher-ranked first) for an even, ranked list; how many are rematches; and
        why each board of one score group whose players are due the same colour stays so
        (``ColourFixer.unfixed``)."""
        pairs: list[Pair] = []
        carry: list[Ranked] = []
        self.tagged = []
        self.arranged = {}
        self.search_left = ROUND_ALLOWANCE
        self.layered_left = ROUND_LAYERED_ALLOWANCE
        # Per score group as its halves were drawn (before its colour fixes): its score,
        # each player's opponent, the players paired with one another; the steps after that
        # changed who those players are, and who they are after the latest step.
        self.drawn: dict[int, tuple[str, dict[int, int], frozenset[int]]] = {}
        self.reshaped: dict[int, list[str]] = {}
        self.within_now: dict[int, frozenset[int]] = {}
        groups = [list(g) for _, g in groupby(players, key=lambda p: p.key)]
        for index, group in enumerate(groups):
            last = index == len(groups) - 1
            below = [] if last else groups[index + 1]
            made, carry = self.pair_group(carry, group, last, below)
            pairs.extend(made)
        rematches = 0
        if carry:
            pairs, rematches = self.pair_tail(pairs, carry)
            self.reshaped_by(pairs, _BY_TAIL)
        kept_apart = avoid_fix(pairs, self.options, self.tag)
        self.reshaped_by(pairs, _BY_APART)
        limited = self.limit_fix(pairs)
        self.reshaped_by(pairs, _BY_LIMIT)
        self.notes.extend(self.settled(pairs))
        return pairs, rematches, self.unfixed(pairs, kept_apart, limited)

    def reshaped_by(self, pairs: list[Pair], cause: str) -> None:
        """Records ``cause`` for each score group whose players paired with one another
        changed in the step just made (``self.reshaped``)."""
        within = _within(pairs)
        for key, before in self.within_now.items():
            now = within.get(key, frozenset())
            if now != before:
                self.reshaped.setdefault(key, []).append(cause)
                self.within_now[key] = now

    def settled(self, pairs: list[Pair]) -> Iterator[str]:
        """The notes as the final pairs bear them out. A note that names a player's opponent or
        float, written before a later move changed that board (a colour fix, players kept
        apart, the colour difference limit; each noted after it), is rewritten to name the
        final opponent, or left out when what it says no longer holds. Last, a note on each
        score group whose players paired with one another a later move changed
        (``_reshaped``)."""
        opponent = {a.id: b for a, b in pairs} | {b.id: a for a, b in pairs}
        for _ids, text, settle in self.tagged:
            note = text if settle is None else settle(opponent)
            if note is not None:
                yield note
        for key, causes in self.reshaped.items():
            score, partners, drawn = self.drawn[key]
            note = _reshaped(score, key, causes, partners, drawn, opponent)
            if note is not None:
                yield note

    def pair_group(
        self,
        floaters: list[Ranked],
        residents: list[Ranked],
        last: bool,
        below: Sequence[Ranked] = (),
    ) -> tuple[list[Pair], list[Ranked]]:
        """The pairs of one score group and the players who float down from it."""
        group_score, group_key = score_text(residents[0].score), residents[0].key
        pairs: list[Pair] = []
        carry: list[Ranked] = []
        residents = list(residents)
        for floater in floaters:
            partner = self.floater_partner(floater, residents, below)
            if partner is None:
                carry.append(floater)
                text = (
                    f"{floater.label} has met everyone left in the {group_score} group "
                    "and floats on to the next group (27A1)."
                )
                self.tag([floater], text, _floating(floater, group_key, text))
                continue
            residents.remove(partner)
            pairs.append((floater, partner))
        if len(residents) % 2 and not last:
            odd, why = self.odd_player(residents, below)
            residents.remove(odd)
            carry.append(odd)
            text = (
                f"{odd.label} floats down from the {group_score} group: the odd player, "
                f"{why}."
            )
            self.tag([odd], text, _floating(odd, odd.key, text))
        made, unpaired = self.pair_halves(residents)
        pairs.extend(made)
        for player in unpaired:
            if not last:
                text = (
                    f"{player.label} cannot be paired in the {group_score} group without a "
                    "rematch and floats down (27A1 before 27A2)."
                )
                self.tag([player], text, _floating(player, player.key, text))
        carry.extend(unpaired)
        carry.sort(key=lambda p: p.rank)
        drawn = _within(pairs).get(group_key, frozenset())
        self.drawn[group_key] = (group_score, _partners(pairs), drawn)
        self.colour_fix(pairs, group_score)
        self.within_now[group_key] = _within(pairs).get(group_key, frozenset())
        if self.within_now[group_key] != drawn:
            self.reshaped[group_key] = [_BY_COLOURS]
        return pairs, carry

    def floater_partner(
        self, floater: Ranked, residents: list[Ranked], below: Sequence[Ranked] = ()
    ) -> Ranked | None:
        """The highest-ranked player of the group not met (29D); another within the rating
        limits when that leaves fewer boards missing a due colour, on the floater's board and
        in the rest of the group as it then pairs (its colour fixes made): within the
        alternation limit of the first for any gain, within the equalisation limit only when
        fewer boards then clash between players due to equalise (29E5)."""
        candidates = [r for r in residents if r.id not in floater.opponents]
        if not candidates:
            return None
        first = candidates[0]
        wide = max(self.options.alternate_limit, self.options.equalise_limit)
        others = [
            other
            for other in candidates[1 : 1 + _FLOAT_TRIES]
            if abs(other.rating - first.rating) <= wide and other.key == first.key
        ]
        if not others:
            return first
        first_cost = best_cost = self.float_cost(floater, first, residents, below)
        best = first
        if first_cost == (0, 0):
            return first
        for other in others:
            gap = abs(other.rating - first.rating)
            if (
                not self.float_cost(floater, other, residents, below, least=True)
                < best_cost
            ):
                # Even at the fewest clashes its colour counts allow, this choice is no better.
                continue
            found = self.float_cost(floater, other, residents, below)
            if found < best_cost and (
                gap <= self.options.alternate_limit or found[0] < first_cost[0]
            ):
                best, best_cost = other, found
        if best is not first:
            gap = abs(best.rating - first.rating)
            why = (
                f"rather than {first.label} so that colours work out ({gap} rating points "
                f"apart, {_fewer(first_cost, best_cost, *_FLOATER_GAIN)}; 29D, 29E5)"
            )
            text = f"{floater.label}, floated down, meets {best.label} {why}."
            was = f"{floater.label}, floated down, was paired with {best.label} {why}"
            self.tag([floater, best], text, _moved(floater, best, text, was))
        return best

    def float_cost(
        self,
        floater: Ranked,
        partner: Ranked,
        residents: list[Ranked],
        below: Sequence[Ranked] = (),
        least: bool = False,
    ) -> tuple[int, int]:
        """Boards clashing between players due to equalise (or more), and boards clashing at
        all, when the floater meets ``partner`` and the rest of the group pairs as it would
        (with the odd player it would send down, counted in the next group from its colour
        counts); ``least``: the rest at the fewest clashes its colour counts allow, a bound."""
        rest = [r for r in residents if r is not partner]
        severity = conflict(floater, partner)
        if least:
            # Whichever player floats on, the count moves by at most one board.
            slack = len(rest) % 2
            return (
                max(0, clashes_least(rest, EQUALISATION) - slack)
                + (severity >= EQUALISATION),
                max(0, clashes_least(rest) - slack) + (severity > 0),
            )
        extra = (0, 0)
        if len(rest) % 2:
            odd = self.odd_player(rest, below)[0] if below else rest[-1]
            rest.remove(odd)
            after = [*below, odd]
            extra = (clashes_least(after, EQUALISATION), clashes_least(after))
        if len(rest) > _TRIAL_LIMIT:
            here = (clashes_least(rest, EQUALISATION), clashes_least(rest))
        else:
            pairs, _unpaired = self.pair_halves(rest, quiet=True)
            here = self.fixed_clashes(pairs)
        return (
            here[0] + extra[0] + (severity >= EQUALISATION),
            here[1] + extra[1] + (severity > 0),
        )

    def fixed_clashes(self, pairs: list[Pair]) -> tuple[int, int]:
        """Boards clashing between players due to equalise (or more), and boards clashing at
        all, once the colour fixes are made (on a copy: nothing is changed or noted)."""
        kept, arranged, limit = self.tagged, self.arranged, self.exact_pairs
        self.tagged, self.arranged, self.exact_pairs = [], {}, TRIAL_EXACT_PAIRS
        trial = list(pairs)
        self.colour_fix(trial, "")
        self.tagged, self.arranged, self.exact_pairs = kept, arranged, limit
        levels = [conflict(*pair) for pair in trial]
        return (
            sum(1 for level in levels if level >= EQUALISATION),
            sum(1 for level in levels if level),
        )

    def odd_player(
        self, residents: list[Ranked], below: Sequence[Ranked] = ()
    ) -> tuple[Ranked, str]:
        """The player who floats down, and why: the lowest-ranked one whose removal leaves a
        group that pairs without rematches (29D); another of the lowest eight when that leaves
        fewer colour clashes in this group and the next (the odd player transposed for
        colours, 29E5): within the alternation limit of that player for any clash, within the
        equalisation limit only when it leaves fewer clashes between players due to equalise."""
        first: tuple[tuple[int, int], Ranked] | None = None
        best: tuple[tuple[int, int], Ranked] | None = None
        for candidate in reversed(residents[-_ODD_TRIES:]):
            gap = 0 if first is None else abs(candidate.rating - first[1].rating)
            if gap > self.options.equalise_limit:
                break
            rest = [r for r in residents if r is not candidate]
            after = [*below, candidate]
            next_cost = (clashes_least(after, EQUALISATION), clashes_least(after))
            if (
                best is not None
                and not (
                    clashes_least(rest, EQUALISATION) + next_cost[0],
                    clashes_least(rest) + next_cost[1],
                )
                < best[0]
            ):
                # Even at the fewest clashes its colour counts allow, this choice is no better.
                continue
            pairs, unpaired = self.pair_halves(rest, quiet=True)
            if unpaired:
                continue
            if len(rest) > _TRIAL_LIMIT:
                here = (clashes_least(rest, EQUALISATION), clashes_least(rest))
            else:
                here = self.fixed_clashes(pairs)
            cost = (here[0] + next_cost[0], here[1] + next_cost[1])
            if first is None or best is None:
                first = best = (cost, candidate)
            elif cost < best[0] and (
                gap <= self.options.alternate_limit or cost[0] < first[0][0]
            ):
                best = (cost, candidate)
        if first is None or best is None:
            return residents[-1], "the lowest-ranked player (29D)"
        if best is first:
            return first[
                1
            ], "the lowest-ranked one whose group pairs without a rematch (29D)"
        gap = abs(best[1].rating - first[1].rating)
        limit = (
            self.options.alternate_limit
            if gap <= self.options.alternate_limit
            else self.options.equalise_limit
        )
        fewer = _fewer(first[0], best[0], *_ODD_GAIN)
        return best[1], (
            f"rather than {first[1].label}, within {limit} rating points, so that "
            f"{fewer} (29D, 29E5)"
        )

    def pair_halves(
        self, players: list[Ranked], quiet: bool = False
    ) -> tuple[list[Pair], list[Ranked]]:
        """Top half against bottom half (27A3), the nearest free player when they have met."""
        half = len(players) // 2
        top, bottom = players[:half], players[half:]
        taken = [False] * len(bottom)
        pairs: list[Pair] = []
        left: list[Ranked] = []
        for i, player in enumerate(top):
            j = self.nearest_free(player, bottom, taken, i)
            if j is None:
                left.append(player)
                continue
            taken[j] = True
            pairs.append((player, bottom[j]))
            if j == i or quiet:
                continue
            if bottom[i].id in player.opponents:
                met = f"{player.label} has met {bottom[i].label} and"
                text = f"{met} plays {bottom[j].label} instead (27A1)."
                was = f"{met} was paired with {bottom[j].label} instead (27A1)"
            else:
                # The natural opponent went to a player above who had met theirs: the repair
                # moves every board below it until a free player is reached (27A1 before
                # 27A3), and each of those boards is told why.
                why = f"instead of {bottom[i].label}, whom a 27A1 repair above took (27A1)"
                text = f"{player.label} plays {bottom[j].label} {why}."
                was = f"{player.label} was paired with {bottom[j].label} {why}"
            self.tag([player, bottom[j]], text, _moved(player, bottom[j], text, was))
        left.extend(b for j, b in enumerate(bottom) if not taken[j])
        left.sort(key=lambda p: p.rank)
        # Whoever is left: pair among themselves, then swap with a pair already made.
        unpaired: list[Ranked] = []
        while left:
            player = left.pop(0)
            partner = next((o for o in left if o.id not in player.opponents), None)
            if partner is not None:
                left.remove(partner)
                pairs.append((player, partner))
                if not quiet:
                    why = (
                        "both were left over once each player of the top half had the "
                        "nearest player of the bottom half they had not met (27A1)"
                    )
                    text = f"{player.label} plays {partner.label}: {why}."
                    was = f"{player.label} was paired with {partner.label}: {why}"
                    self.tag(
                        [player, partner], text, _moved(player, partner, text, was)
                    )
            else:
                unpaired.append(player)
        unpaired = self.swap_in(pairs, unpaired, quiet)
        pairs.sort(key=lambda pair: pair[0].rank)
        return pairs, unpaired

    @staticmethod
    def nearest_free(
        player: Ranked, bottom: list[Ranked], taken: list[bool], i: int
    ) -> int | None:
        for j in range(i, len(bottom)):
            if not taken[j] and bottom[j].id not in player.opponents:
                return j
        for j in range(min(i, len(bottom)) - 1, -1, -1):
            if not taken[j] and bottom[j].id not in player.opponents:
                return j
        return None

    def swap_in(
        self, pairs: list[Pair], unpaired: list[Ranked], quiet: bool = False
    ) -> list[Ranked]:
        """Two unpaired players who have met take the partners of a pair who can change: of
        the pairs that can, the one that leaves the fewest colour clashes, then the first
        (both ways of it are rematch-free repairs alike, 27A1; colours decide, 27A4); noted,
        since it pairs players of the same half."""
        changed = True
        while len(unpaired) >= 2 and changed:
            changed = False
            for x in range(len(unpaired)):
                for y in range(x + 1, len(unpaired)):
                    u, v = unpaired[x], unpaired[y]
                    best: tuple[int, int, Ranked, Ranked] | None = None
                    for k, (a, b) in enumerate(pairs):
                        for p, q in ((a, b), (b, a)):
                            if p.id in u.opponents or q.id in v.opponents:
                                continue
                            clashes = (conflict(p, u) > 0) + (conflict(q, v) > 0)
                            if best is None or clashes < best[0]:
                                best = (clashes, k, p, q)
                    if best is None:
                        continue
                    _clashes, k, p, q = best
                    pairs[k] = ordered(p, u)
                    pairs.append(ordered(q, v))
                    if not quiet:
                        self.swap_note(u, v, p, q)
                    unpaired = [w for w in unpaired if w is not u and w is not v]
                    changed = True
                    break
                if changed:
                    break
        return unpaired

    def swap_note(self, u: Ranked, v: Ranked, p: Ranked, q: Ranked) -> None:
        """The note on a swap_in repair, settled against the final boards."""
        why = (
            f"{u.label} and {v.label} are left over and have met, so they take the "
            "partners of a pair already made"
        )
        text = f"{why}: {u.label} plays {p.label} and {v.label} plays {q.label} (27A1)."
        was = (
            f"{why}: {u.label} was paired with {p.label} and {v.label} with {q.label} "
            "(27A1), and the move noted below changed these boards."
        )

        def settle(opponent: Mapping[int, Ranked]) -> str:
            held = opponent[u.id].id == p.id and opponent[v.id].id == q.id
            return text if held else was

        self.tag([u, v, p, q], text, settle)

    # ---- the last resort ------------------------------------------------------------------

    def pair_tail(
        self, pairs: list[Pair], carry: list[Ranked]
    ) -> tuple[list[Pair], int]:
        """Re-pair the bottom of the field so that no one meets twice; rematches only if forced."""
        reach = max(len(carry), 2)
        while True:
            reach = min(reach * 2, len(pairs))
            kept, redo = pairs[: len(pairs) - reach], pairs[len(pairs) - reach :]
            players = sorted(
                [p for pair in redo for p in pair] + carry, key=lambda p: p.rank
            )
            index = {p.id: i for i, p in enumerate(players)}
            start = [(index[a.id], index[b.id]) for a, b in redo]
            match = maximum_matching(len(players), not_met(players), start)
            if (
                all(m != -1 for m in match)
                or reach >= len(pairs)
                or len(players) >= _TAIL_LIMIT
            ):
                break
        new: list[Pair] = []
        lonely: list[Ranked] = []
        for v, w in enumerate(match):
            if w == -1:
                lonely.append(players[v])
            elif v < w:
                new.append((players[v], players[w]))
        rematches = 0
        for x in range(0, len(lonely) - 1, 2):
            new.append((lonely[x], lonely[x + 1]))
            rematches += 1
            text = (
                f"{lonely[x].label} and {lonely[x + 1].label} meet again: no pairing of "
                "the players left avoids a rematch."
            )
            self.tag(None, text, _meeting(lonely[x], lonely[x + 1], text))
        # Notes about the players re-paired here no longer hold; a colour move's note stays
        # while any player it names keeps their board (it explains that board).
        redone = {p.id for p in players}
        self.tagged = [
            (ids, text, settle)
            for ids, text, settle in self.tagged
            if ids is None or not (ids & redone if settle else ids <= redone)
        ]
        # A group the exact colour fix arranged and this re-pairs in part is no longer its
        # arrangement: its boards left standing are not noted as such.
        split = {p.key for p in players}
        self.arranged = {
            ids: (key, where)
            for ids, (key, where) in self.arranged.items()
            if key not in split
        }
        new.sort(key=lambda pair: pair[0].rank)
        self.tag(players, "", _tail(len(players), list(new)))
        self.colour_fix(new, "bottom", tail=True)
        return kept + new, rematches


# How the notes word a float's gain: fewer boards missing a due colour, or fewer where a
# player due to equalise misses it (a choice made for that may miss as many colours or more).
_FLOATER_GAIN = (
    "missing a due colour",
    "where a player due to equalise misses the colour due",
)
_ODD_GAIN = (
    "here and in the next group miss a due colour",
    "here and in the next group have a player due to equalise miss the colour due",
)


def _fewer(
    first: tuple[int, int], best: tuple[int, int], missing: str, equalise: str
) -> str:
    """What a choice for colours gains over the first choice, costs as ``float_cost`` counts
    them (boards clashing between players due to equalise, boards clashing at all)."""
    if first[1] > best[1]:
        return f"{first[1] - best[1]} fewer board(s) {missing}"
    return f"{first[0] - best[0]} fewer board(s) {equalise}"


# Notes settled against the final boards (``GroupPairer.settled``).


def _moved(player: Ranked, paired: Ranked, text: str, was: str) -> Settle:
    """The note ``text`` that ``player`` plays ``paired``, as it stands once the round is
    paired: when a later move gave the player another opponent, what this step did (``was``)
    and the final opponent, whom the later move's note explains."""

    def settle(opponent: Mapping[int, Ranked]) -> str:
        final = opponent[player.id]
        if final.id == paired.id:
            return text
        return f"{was}; {player.label} meets {final.label} after the move noted below."

    return settle


def _floating(player: Ranked, key: int, text: str) -> Settle:
    """The note ``text`` that ``player`` floats below the score group ``key``: left out when a
    later move (the colour difference limit, which may cross score groups) undid the float."""

    def settle(opponent: Mapping[int, Ranked]) -> str | None:
        return text if opponent[player.id].key < key else None

    return settle


def _tail(count: int, made: list[Pair]) -> Settle:
    """The note on the last resort's re-pairing of the bottom ``count`` players, naming each
    board it made as the final boards bear it out: a board a later move (a colour fix among
    them, players kept apart, the colour difference limit) changed names the player's final
    opponent and points to that move's note."""

    def settle(opponent: Mapping[int, Ranked]) -> str:
        told: set[int] = set()
        boards: list[str] = []
        for a, b in made:
            if opponent[a.id].id == b.id:
                boards.append(f"{a.label} plays {b.label}")
                told |= {a.id, b.id}
        for player in sorted((p for pair in made for p in pair), key=lambda p: p.rank):
            if player.id in told:
                continue
            final = opponent[player.id]
            boards.append(
                f"{player.label} meets {final.label} after the move noted below"
            )
            told |= {player.id, final.id}
        return (
            f"The bottom {count} players are paired across score groups: the lowest "
            "group could not be paired without a rematch (27A1 before 27A2): "
            f"{', '.join(boards)}."
        )

    return settle


# The steps after a score group is paired that can change which of its players are paired
# with one another, as the note on the group names them (``GroupPairer.reshaped``).
_BY_COLOURS = "a colour move with a board across score groups (29E5)"
_BY_TAIL = "the last resort's re-pairing of the bottom players (27A1 before 27A2)"
_BY_APART = "a swap that keeps players apart (29E8)"
_BY_LIMIT = "players changing places for the colour difference limit (27A4)"


def _partners(pairs: Sequence[Pair]) -> dict[int, int]:
    return {a.id: b.id for a, b in pairs} | {b.id: a.id for a, b in pairs}


def _within(pairs: Sequence[Pair]) -> dict[int, frozenset[int]]:
    """Per score group, its players paired with one of their own group."""
    found: dict[int, set[int]] = {}
    for a, b in pairs:
        if a.key == b.key:
            found.setdefault(a.key, set()).update((a.id, b.id))
    return {key: frozenset(ids) for key, ids in found.items()}


def _reshaped(
    score: str,
    key: int,
    causes: list[str],
    drawn: Mapping[int, int],
    within: frozenset[int],
    opponent: Mapping[int, Ranked],
) -> str | None:
    """The note on a score group (``key``) whose players paired with one another (``within``
    as its halves were drawn, each with the opponent ``drawn`` gave them) a later step
    changed (``causes``): who left them and who joined, and the boards of the group standing
    as drawn otherwise than top half against bottom half of the players now paired with one
    another (27A3). None when there are none: the step's own note names its boards."""
    now = sorted(
        (p for p in opponent.values() if p.key == key == opponent[p.id].key),
        key=lambda p: p.rank,
    )
    half = len(now) // 2
    natural = {u.id: v.id for u, v in zip(now[:half], now[half:], strict=True)}
    natural |= {v: u for u, v in natural.items()}
    standing = [
        (p, opponent[p.id])
        for p in now
        if p.rank < opponent[p.id].rank
        and natural[p.id] != opponent[p.id].id
        and drawn.get(p.id) == opponent[p.id].id
    ]
    if not standing:
        return None
    ids = {p.id for p in now}
    left = [
        f"{p.label} plays {opponent[p.id].label} across score groups"
        for p in sorted(opponent.values(), key=lambda p: p.rank)
        if p.id in within and p.id not in ids
    ]
    joined = [p.label for p in now if p.id not in within]
    if joined:
        are = "is" if len(joined) == 1 else "are"
        left.append(f"{' and '.join(joined)} {are} paired within the group")
    if not left:
        return None
    boards = " and ".join(f"{a.label} plays {b.label}" for a, b in standing)
    return (
        f"In the {score} group, the players paired with one another changed after its "
        f"halves were drawn (27A3): {', '.join(left)}, after "
        f"{' and '.join(causes)}, noted above; so {boards} as drawn, not top half against "
        "bottom half of the players now paired with one another."
    )


def _meeting(a: Ranked, b: Ranked, text: str) -> Settle:
    """The note ``text`` that ``a`` and ``b`` meet: left out when a later move parted them."""

    def settle(opponent: Mapping[int, Ranked]) -> str | None:
        return text if opponent[a.id].id == b.id else None

    return settle
