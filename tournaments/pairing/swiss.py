"""Swiss pairings by the US Chess rules (Official Rules of Chess, 7th ed., rules 27-29).

The order of priorities is rule 27A's: players never meet twice (27A1), equal scores meet
(27A2), the upper half of a score group plays the lower half (27A3), colours are equalised
(27A4) and then alternated (27A5). What each step does and which rule it follows is written out
in docs/pairing.md; every choice a TD may question leaves a one-line note.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import groupby

from .entities import (
    EQUALISATION,
    STRONG,
    Board,
    Bye,
    ByeKind,
    Colour,
    Entrant,
    PairingOptions,
    RoundPairing,
)
from .matching import maximum_matching

# How many boards up and down a colour fix looks for a player to swap with.
_WINDOW = 12
_STRONG_WINDOW = 60
# The largest tail (in players) the rematch-avoiding matching reaches back to.
_TAIL_LIMIT = 1200
# How many bye candidates are tried when the first one forces a rematch.
_BYE_TRIES = 4


class _P:
    """A present player with everything the pairing compares, worked out once."""

    __slots__ = (
        "due",
        "entrant",
        "id",
        "key",
        "opponents",
        "rank",
        "rating",
        "score",
        "strength",
    )

    def __init__(self, entrant: Entrant, score: Fraction, rating: int) -> None:
        self.entrant = entrant
        self.id = entrant.id
        self.score = score  # for pairing: the score plus any acceleration
        self.key = (
            0  # the score as a whole number (times a common denominator), to sort fast
        )
        self.rating = rating  # for ranking: unrated players placed as the options say
        self.opponents = entrant.opponents
        self.due = entrant.due
        self.strength = entrant.strength
        self.rank = 0

    @property
    def label(self) -> str:
        return self.entrant.label


# A candidate colour fix: the two new pairs, the rating switch, the two players switched, and
# "transposition" or "interchange".
_Swap = tuple[tuple[_P, _P], tuple[_P, _P], int, tuple[_P, _P], str]


def _conflict(a: _P, b: _P) -> int:
    """How badly a and b clash on colour: 0 when both can have their due colour."""
    if a.due is None or a.due is not b.due:
        return 0
    return min(a.strength, b.strength)


def _breach(a: _P, b: _P) -> bool:
    """Whoever of a and b yields would end with a colour difference of 3."""
    return (
        a.due is not None
        and a.due is b.due
        and abs(a.entrant.balance) >= 2
        and abs(b.entrant.balance) >= 2
    )


def _not_met(players: list[_P]) -> Callable[[int, int], bool]:
    def allowed(v: int, w: int) -> bool:
        return players[w].id not in players[v].opponents

    return allowed


def _score_text(score: Fraction) -> str:
    whole, half = divmod(score, 1)
    if half == 0:
        return f"{int(whole)}"
    if half == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return f"{float(score):g}"


class _Pairer:
    def __init__(self, options: PairingOptions, notes: list[str]) -> None:
        self.options = options
        self.notes = notes
        # Notes with the players they are about (None: about no one in particular), kept until
        # the round is paired: a note about players the last resort re-paired no longer holds.
        self.tagged: list[tuple[frozenset[int] | None, str]] = []

    def tag(self, players: Iterable[_P] | None, text: str) -> None:
        ids = None if players is None else frozenset(p.id for p in players)
        self.tagged.append((ids, text))

    def limit(self, severity: int) -> float:
        if severity >= STRONG:
            return float("inf")
        if severity == EQUALISATION:
            return self.options.equalise_limit
        return self.options.alternate_limit

    # ---- the whole field ------------------------------------------------------------------

    def pair(self, players: list[_P]) -> tuple[list[tuple[_P, _P]], int]:
        """Pairs (higher-ranked first) for an even, ranked list; and how many are rematches."""
        pairs: list[tuple[_P, _P]] = []
        carry: list[_P] = []
        self.tagged = []
        groups = [list(g) for _, g in groupby(players, key=lambda p: p.key)]
        for index, group in enumerate(groups):
            last = index == len(groups) - 1
            made, carry = self.pair_group(carry, group, last)
            pairs.extend(made)
        rematches = 0
        if carry:
            pairs, rematches = self.pair_tail(pairs, carry)
        self.limit_fix(pairs)
        self.notes.extend(text for _ids, text in self.tagged)
        return pairs, rematches

    def limit_fix(self, pairs: list[tuple[_P, _P]]) -> None:
        """Across score groups if need be: no one ends with a colour difference of 3.

        27A4 ranks colours below scores, but a difference of 3 is past what any table of the
        rules allows; the swap with the nearest score is taken, and noted.
        """
        pairs.sort(key=lambda pair: pair[0].rank)
        for k in range(len(pairs)):
            a, b = pairs[k]
            if not _breach(a, b):
                continue
            best: tuple[Fraction, int, int, tuple[_P, _P], tuple[_P, _P], _P, _P] | None
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
                    if _breach(w, x) or _breach(y, z):
                        continue
                    cost = abs(moved[0].score - moved[1].score)
                    key = (cost, abs(other - k))
                    if best is None or key < best[:2]:
                        best = (cost, abs(other - k), other, (w, x), (y, z), *moved)
            if best is None:
                continue
            _cost, _distance, other, first, second, x, y = best
            pairs[k] = first if first[0].rank < first[1].rank else (first[1], first[0])
            pairs[other] = (
                second if second[0].rank < second[1].rank else (second[1], second[0])
            )
            self.tag(
                None,
                f"{x.label} and {y.label} change places so that no one has 3 more games "
                "with one colour than the other (27A4).",
            )

    def pair_group(
        self, floaters: list[_P], residents: list[_P], last: bool
    ) -> tuple[list[tuple[_P, _P]], list[_P]]:
        """The pairs of one score group and the players who float down from it."""
        group_score = _score_text(residents[0].score)
        pairs: list[tuple[_P, _P]] = []
        carry: list[_P] = []
        residents = list(residents)
        for floater in floaters:
            partner = self.floater_partner(floater, residents)
            if partner is None:
                carry.append(floater)
                self.tag(
                    [floater],
                    f"{floater.label} has met everyone left in the {group_score} group "
                    "and floats on to the next group (27A1).",
                )
                continue
            residents.remove(partner)
            pairs.append((floater, partner))
        if len(residents) % 2 and not last:
            odd = self.odd_player(residents)
            residents.remove(odd)
            carry.append(odd)
            self.tag(
                [odd],
                f"{odd.label} floats down from the {group_score} group: the odd player, "
                "the lowest-ranked one whose group pairs without a rematch (29D).",
            )
        made, unpaired = self.pair_halves(residents)
        pairs.extend(made)
        for player in unpaired:
            if not last:
                self.tag(
                    [player],
                    f"{player.label} cannot be paired in the {group_score} group without a "
                    "rematch and floats down (27A1 before 27A2).",
                )
        carry.extend(unpaired)
        carry.sort(key=lambda p: p.rank)
        self.colour_fix(pairs, group_score)
        return pairs, carry

    def floater_partner(self, floater: _P, residents: list[_P]) -> _P | None:
        """The highest-ranked player of the group not met, moved for colour within the limits."""
        candidates = [r for r in residents if r.id not in floater.opponents]
        if not candidates:
            return None
        first = candidates[0]
        severity = _conflict(floater, first)
        if severity:
            limit = self.limit(severity)
            for other in candidates[1:]:
                if abs(other.rating - first.rating) > limit:
                    break
                if _conflict(floater, other) < severity:
                    self.tag(
                        [floater, other],
                        f"{floater.label}, floated down, meets {other.label} rather than "
                        f"{first.label} so that colours work out (ratings within {limit:g}).",
                    )
                    return other
        return first

    def odd_player(self, residents: list[_P]) -> _P:
        """The lowest-ranked player whose removal leaves a group that pairs without rematches."""
        for candidate in reversed(residents[-4:]):
            rest = [r for r in residents if r is not candidate]
            _pairs, unpaired = self.pair_halves(rest, quiet=True)
            if not unpaired:
                return candidate
        return residents[-1]

    def pair_halves(
        self, players: list[_P], quiet: bool = False
    ) -> tuple[list[tuple[_P, _P]], list[_P]]:
        """Top half against bottom half (27A3), the nearest free player when they have met."""
        half = len(players) // 2
        top, bottom = players[:half], players[half:]
        taken = [False] * len(bottom)
        pairs: list[tuple[_P, _P]] = []
        left: list[_P] = []
        for i, player in enumerate(top):
            j = self.nearest_free(player, bottom, taken, i)
            if j is None:
                left.append(player)
                continue
            taken[j] = True
            pairs.append((player, bottom[j]))
            if j != i and not quiet and bottom[i].id in player.opponents:
                self.tag(
                    [player, bottom[j]],
                    f"{player.label} has met {bottom[i].label} and plays {bottom[j].label} "
                    "instead (27A1).",
                )
        left.extend(b for j, b in enumerate(bottom) if not taken[j])
        left.sort(key=lambda p: p.rank)
        # Whoever is left: pair among themselves, then swap with a pair already made.
        unpaired: list[_P] = []
        while left:
            player = left.pop(0)
            partner = next((o for o in left if o.id not in player.opponents), None)
            if partner is not None:
                left.remove(partner)
                pairs.append((player, partner))
            else:
                unpaired.append(player)
        unpaired = self.swap_in(pairs, unpaired)
        pairs.sort(key=lambda pair: pair[0].rank)
        return pairs, unpaired

    @staticmethod
    def nearest_free(
        player: _P, bottom: list[_P], taken: list[bool], i: int
    ) -> int | None:
        for j in range(i, len(bottom)):
            if not taken[j] and bottom[j].id not in player.opponents:
                return j
        for j in range(min(i, len(bottom)) - 1, -1, -1):
            if not taken[j] and bottom[j].id not in player.opponents:
                return j
        return None

    @staticmethod
    def swap_in(pairs: list[tuple[_P, _P]], unpaired: list[_P]) -> list[_P]:
        """Two unpaired players who have met take the partners of a pair who can change."""
        changed = True
        while len(unpaired) >= 2 and changed:
            changed = False
            for x in range(len(unpaired)):
                for y in range(x + 1, len(unpaired)):
                    u, v = unpaired[x], unpaired[y]
                    for k, (a, b) in enumerate(pairs):
                        for p, q in ((a, b), (b, a)):
                            if p.id not in u.opponents and q.id not in v.opponents:
                                pairs[k] = (p, u) if p.rank < u.rank else (u, p)
                                pairs.append((q, v) if q.rank < v.rank else (v, q))
                                unpaired = [
                                    w for w in unpaired if w is not u and w is not v
                                ]
                                changed = True
                                break
                        if changed:
                            break
                    if changed:
                        break
                if changed:
                    break
        return unpaired

    # ---- colours --------------------------------------------------------------------------

    def colour_fix(self, pairs: list[tuple[_P, _P]], group_score: str) -> None:
        """Transpositions and interchanges that give due colours, within the rating limits (29E)."""
        for _pass in range(2):
            improved = False
            for k in range(len(pairs)):
                a, b = pairs[k]
                severity = _conflict(a, b)
                if not severity:
                    continue
                if self.colour_swap(pairs, k, severity, group_score):
                    improved = True
            if not improved:
                break

    def colour_swap(
        self, pairs: list[tuple[_P, _P]], k: int, severity: int, group_score: str
    ) -> bool:
        """The best transposition or interchange with a nearby pair that eases a colour clash.

        A transposition pairs a with d and c with b; its size is the smaller of the two rating
        switches (a-c, b-d). An interchange swaps b into the upper half against c. Within the
        limit for the clash (29E5a 80 points to alternate, 29E5b 200 to equalise), a
        transposition within 80 points comes first, then the smallest switch (29E5e).
        """
        a, b = pairs[k]
        limit = self.limit(severity)
        window = _STRONG_WINDOW if severity >= STRONG else _WINDOW
        best: tuple[tuple[list[int], int, int, int], int, _Swap] | None = None
        for distance in range(1, window + 1):
            for other in (k + distance, k - distance):
                if not 0 <= other < len(pairs):
                    continue
                c, d = pairs[other]
                before = sorted((severity, _conflict(c, d)), reverse=True)
                top_switch = abs(a.rating - c.rating)
                bottom_switch = abs(b.rating - d.rating)
                swaps: list[_Swap] = [
                    (
                        (a, d),
                        (c, b),
                        min(top_switch, bottom_switch),
                        (a, c) if top_switch < bottom_switch else (b, d),
                        "transposition",
                    ),
                    ((a, c), (b, d), abs(b.rating - c.rating), (b, c), "interchange"),
                ]
                for swap in swaps:
                    (w, x), (y, z), size, _moved, kind = swap
                    if size > limit:
                        continue
                    if x.id in w.opponents or z.id in y.opponents:
                        continue
                    after = sorted((_conflict(w, x), _conflict(y, z)), reverse=True)
                    if not after < before:
                        continue
                    tier = (
                        0
                        if kind == "transposition"
                        and size <= self.options.alternate_limit
                        else 1
                    )
                    key = (after, tier, size, distance)
                    if best is None or key < best[0]:
                        best = (key, other, swap)
        if best is None:
            return False
        _key, other, ((w, x), (y, z), size, moved, kind) = best
        pairs[k] = (w, x) if w.rank < x.rank else (x, w)
        pairs[other] = (y, z) if y.rank < z.rank else (z, y)
        what = (
            "a strong colour preference"
            if severity >= STRONG
            else f"colours ({size} points, within {limit:g})"
        )
        self.tag(
            [w, x, y, z],
            f"In the {group_score} group, {'an' if kind == 'interchange' else 'a'} {kind} of "
            f"{moved[0].label} and "
            f"{moved[1].label} for {what} (29E5).",
        )
        return True

    # ---- the last resort ------------------------------------------------------------------

    def pair_tail(
        self, pairs: list[tuple[_P, _P]], carry: list[_P]
    ) -> tuple[list[tuple[_P, _P]], int]:
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
            match = maximum_matching(len(players), _not_met(players), start)
            if (
                all(m != -1 for m in match)
                or reach >= len(pairs)
                or len(players) >= _TAIL_LIMIT
            ):
                break
        new: list[tuple[_P, _P]] = []
        lonely: list[_P] = []
        for v, w in enumerate(match):
            if w == -1:
                lonely.append(players[v])
            elif v < w:
                new.append((players[v], players[w]))
        rematches = 0
        for x in range(0, len(lonely) - 1, 2):
            new.append((lonely[x], lonely[x + 1]))
            rematches += 1
            self.tag(
                None,
                f"{lonely[x].label} and {lonely[x + 1].label} meet again: no pairing of "
                "the players left avoids a rematch.",
            )
        # Notes about the players re-paired here no longer hold.
        redone = {p.id for p in players}
        self.tagged = [
            (ids, text) for ids, text in self.tagged if ids is None or not ids & redone
        ]
        self.tag(
            None,
            f"The bottom {len(players)} players are paired across score groups: the lowest "
            "group could not be paired without a rematch (27A1 before 27A2).",
        )
        new.sort(key=lambda pair: pair[0].rank)
        self.colour_fix(new, "bottom")
        return kept + new, rematches


def _rating(entrant: Entrant, options: PairingOptions) -> int:
    if entrant.rating is not None:
        return entrant.rating
    return options.unrated_rating if options.unrated_rating is not None else -1


def pair_swiss(
    entrants: Iterable[Entrant],
    *,
    round_number: int,
    options: PairingOptions | None = None,
    seed: str = "",
) -> RoundPairing:
    """One Swiss round: boards (board 1 first), byes and the notes a TD may ask for.

    ``entrants`` are every player of the section as they stand before the round; withdrawn
    players and requested byes are taken out first. ``seed`` decides the lot for the colour of
    board 1 in round 1 when the options leave it to a lot.
    """
    options = options or PairingOptions()
    notes: list[str] = []
    byes: list[Bye] = []
    present: list[Entrant] = []
    for entrant in entrants:
        if entrant.withdrawn:
            notes.append(f"{entrant.label} has withdrawn and is not paired.")
        elif entrant.requested_bye is not None:
            byes.append(Bye(entrant.id, entrant.requested_bye))
            notes.append(
                f"{entrant.label}: {entrant.requested_bye.words}, as requested."
            )
        else:
            present.append(entrant)
    players = _ranked(present, round_number, options, notes)
    pairer = _Pairer(options, notes)
    pairs: list[tuple[_P, _P]] = []
    if len(players) % 2:
        candidates = _bye_candidates(players)
        best: tuple[int, list[tuple[_P, _P]], list[str], _P] | None = None
        for candidate in candidates[:_BYE_TRIES]:
            trial_notes: list[str] = []
            pairer.notes = trial_notes
            rest = [p for p in players if p is not candidate]
            made, rematches = pairer.pair(rest)
            if best is None or rematches < best[0]:
                best = (rematches, made, trial_notes, candidate)
            if rematches == 0:
                break
        assert best is not None
        _rematches, pairs, trial_notes, bye = best
        pairer.notes = notes
        notes.append(_bye_note(bye, players))
        byes.append(Bye(bye.id, ByeKind.PAIRING))
        notes.extend(trial_notes)
    elif players:
        pairs, _rematches = pairer.pair(players)
    boards = _boards(pairs, round_number, options, seed, notes)
    return RoundPairing(boards=tuple(boards), byes=tuple(byes), notes=tuple(notes))


def _ranked(
    present: list[Entrant],
    round_number: int,
    options: PairingOptions,
    notes: list[str],
) -> list[_P]:
    """Present players in pairing order: score (plus acceleration), rating, start number."""
    bonus: set[int] = set()
    if round_number <= options.accelerated_rounds and present:
        by_rating = sorted(present, key=lambda e: (-_rating(e, options), e.id))
        top = by_rating[: (len(by_rating) + 1) // 2]
        bonus = {e.id for e in top}
        notes.append(
            f"Accelerated pairings (added-score method): the top {len(top)} players by rating "
            f"(down to {_rating(top[-1], options) if _rating(top[-1], options) >= 0 else 'unrated'}) "
            f"are paired as if they had {_score_text(options.accelerated_points)} more point(s) "
            f"in rounds 1 to {options.accelerated_rounds}."
        )
    players = [
        _P(
            e,
            e.score + (options.accelerated_points if e.id in bonus else 0),
            _rating(e, options),
        )
        for e in present
    ]
    scale = math.lcm(1, *{p.score.denominator for p in players})
    for player in players:
        player.key = player.score.numerator * (scale // player.score.denominator)
    players.sort(key=lambda p: (-p.key, -p.rating, p.id))
    for rank, player in enumerate(players):
        player.rank = rank
    return players


def _bye_candidates(players: list[_P]) -> list[_P]:
    """Lowest score group first, lowest-ranked first, those who have had no point unplayed (28L)."""
    eligible = [p for p in reversed(players) if not p.entrant.had_bye]
    others = [p for p in reversed(players) if p.entrant.had_bye]
    return eligible + others


def _bye_note(bye: _P, players: list[_P]) -> str:
    lowest = players[-1].score
    if bye.entrant.had_bye:
        return (
            f"Pairing bye to {bye.label}: everyone has already had a bye or a win by forfeit, "
            "so it goes to the lowest-ranked player (28L)."
        )
    if bye.score == lowest and bye is players[-1]:
        return (
            f"Pairing bye to {bye.label}: the lowest-ranked player of the lowest score group "
            f"({_score_text(bye.score)}) (28L)."
        )
    return (
        f"Pairing bye to {bye.label} ({_score_text(bye.score)}): the players ranked below have "
        "already had a bye or a win by forfeit, or the bye to them forced a rematch (28L)."
    )


def _boards(
    pairs: Sequence[tuple[_P, _P]],
    round_number: int,
    options: PairingOptions,
    seed: str,
    notes: list[str],
) -> list[Board]:
    """Boards by the higher player's score and rank; colours: due colours, stronger claim first."""
    ordered = sorted(
        ((a, b) if a.rank < b.rank else (b, a) for a, b in pairs),
        key=lambda pair: (-max(pair[0].key, pair[1].key), pair[0].rank),
    )
    first = _board_one_colour(options, seed)
    if round_number == 1 and ordered:
        how = (
            f"by lot (seed {seed!r})"
            if options.board_one_colour == "lot"
            else "as posted"
        )
        notes.append(
            f"Round 1: the higher-ranked player on board 1 has {first.word} ({how}); "
            "colours alternate down the boards."
        )
    boards: list[Board] = []
    for number, (a, b) in enumerate(ordered, start=1):
        white, black = _colours(a, b, number, first, notes)
        boards.append(Board(white.id, black.id))
    return boards


def _board_one_colour(options: PairingOptions, seed: str) -> Colour:
    if options.board_one_colour == "white":
        return Colour.WHITE
    if options.board_one_colour == "black":
        return Colour.BLACK
    return random.Random(f"{seed}/board-one-colour").choice(
        (Colour.WHITE, Colour.BLACK)
    )


def _colours(
    a: _P, b: _P, board: int, first: Colour, notes: list[str]
) -> tuple[_P, _P]:
    """(white, black) for a (higher-ranked) against b."""
    if a.due is None and b.due is None:
        higher = first if board % 2 else first.other
        return (a, b) if higher is Colour.WHITE else (b, a)
    if a.due is None or b.due is None or a.due is not b.due:
        if a.due is Colour.WHITE or b.due is Colour.BLACK:
            return a, b
        return b, a
    # Both are due the same colour: the stronger claim wins, then the higher rank (29E).
    winner, loser = a, b
    if (b.strength, abs(b.entrant.balance)) > (a.strength, abs(a.entrant.balance)):
        winner, loser = b, a
    colour = winner.due
    assert colour is not None
    why = (
        "a stronger claim"
        if (winner.strength, abs(winner.entrant.balance))
        != (loser.strength, abs(loser.entrant.balance))
        else "the higher rank"
    )
    notes.append(
        f"Board {board}: {loser.label} gets {colour.other.word}, not the colour due: "
        f"{winner.label} is due {colour.word} too and has {why} (29E)."
    )
    return (winner, loser) if colour is Colour.WHITE else (loser, winner)
