"""The present players in pairing order, and the small comparisons every step of the Swiss uses.

Ranking follows 27A2 (score groups, highest first) and the rating order within a group; the
added-score acceleration puts the top half by rating one score group up (docs/pairing.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from .entities import ALTERNATION, Colour, Entrant, PairingOptions


class Ranked:
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


Pair = tuple[Ranked, Ranked]

# A note settled once the round is paired: from each player's final opponent, the note as it
# still holds (a later move may have changed the boards it names), or None when it no longer does.
Settle = Callable[[Mapping[int, Ranked]], str | None]


def conflict(a: Ranked, b: Ranked) -> int:
    """How badly a and b clash on colour: 0 when both can have their due colour."""
    if a.due is None or a.due is not b.due:
        return 0
    return min(a.strength, b.strength)


def breach(a: Ranked, b: Ranked) -> bool:
    """Whoever of a and b yields would end with a colour difference of 3."""
    return (
        a.due is not None
        and a.due is b.due
        and abs(a.entrant.balance) >= 2
        and abs(b.entrant.balance) >= 2
    )


def not_met(players: list[Ranked]) -> Callable[[int, int], bool]:
    def allowed(v: int, w: int) -> bool:
        return players[w].id not in players[v].opponents

    return allowed


def ordered(a: Ranked, b: Ranked) -> Pair:
    """The pair with the higher-ranked player first."""
    return (a, b) if a.rank < b.rank else (b, a)


def score_text(score: Fraction) -> str:
    whole, half = divmod(score, 1)
    if half == 0:
        return f"{int(whole)}"
    if half == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return f"{float(score):g}"


def rating_of(entrant: Entrant, options: PairingOptions) -> int:
    if entrant.rating is not None:
        return entrant.rating
    return options.unrated_rating if options.unrated_rating is not None else -1


def ranked(
    present: list[Entrant],
    round_number: int,
    options: PairingOptions,
    notes: list[str],
) -> list[Ranked]:
    """Present players in pairing order: score (plus acceleration), rating, start number."""
    bonus: set[int] = set()
    if round_number <= options.accelerated_rounds and present:
        by_rating = sorted(present, key=lambda e: (-rating_of(e, options), e.id))
        top = by_rating[: (len(by_rating) + 1) // 2]
        bonus = {e.id for e in top}
        lowest = rating_of(top[-1], options)
        notes.append(
            f"Accelerated pairings (added-score method): the top {len(top)} players by rating "
            f"(down to {lowest if lowest >= 0 else 'unrated'}) "
            f"are paired as if they had {score_text(options.accelerated_points)} more point(s) "
            f"in rounds 1 to {options.accelerated_rounds}."
        )
    players = [
        Ranked(
            e,
            e.score + (options.accelerated_points if e.id in bonus else 0),
            rating_of(e, options),
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


def clashes_least(players: Sequence[Ranked], level: int = ALTERNATION) -> int:
    """The fewest boards with a colour clash any pairing of these players can have: players due
    the colour more players are due, beyond those due the other one or nothing, meet in pairs.
    With ``level``, only clashes between two claims of that strength or more are counted (a
    weaker claim is free to give way)."""
    white = sum(1 for p in players if p.due is Colour.WHITE and p.strength >= level)
    black = sum(1 for p in players if p.due is Colour.BLACK and p.strength >= level)
    free = len(players) - white - black
    return max(0, abs(white - black) - free) // 2
