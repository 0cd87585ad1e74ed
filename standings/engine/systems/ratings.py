"""The opponents' ratings: Average Opposition, Average Opposition cut 1, Opposition's Rating Sum,
Opposition's Performance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from ..explanations import Contribution, Discard, Explanation
from ..formatting import format_decimal
from ..table import LAST_PLAYED, OUTCOME_TEXT, Table
from .base import Column, Options, counts_as_opponent, explain_not_met, opp_id


def _rated_opponents(t: Table, i: int, which: str) -> list[int]:
    """Ratings of player i's opponents that count (unrated opponents have none and are left out)."""
    players = t.players
    out = []
    for c, j in zip(t.outcomes[i], t.opponents[i], strict=True):
        if counts_as_opponent(c, j, which):
            rating = players[j].rating
            if rating is not None:
                out.append(rating)
    return out


def _explain_ratings(
    t: Table, i: int, which: str, value_of: Callable[[int], Fraction | None], what: str
) -> tuple[list[Contribution], list[Discard]]:
    kept: list[Contribution] = []
    dropped: list[Discard] = []
    for r, (c, j) in enumerate(
        zip(t.outcomes[i], t.opponents[i], strict=True), start=1
    ):
        if not counts_as_opponent(c, j, which):
            dropped.append(explain_not_met(r, c, opp_id(t, j)))
            continue
        v = value_of(j)
        if v is None:
            dropped.append(
                Discard(
                    Contribution(r, t.player_id(j), Fraction(0), OUTCOME_TEXT[c]),
                    f"opponent has no {what}",
                )
            )
        else:
            kept.append(Contribution(r, t.player_id(j), v, f"opponent's {what}"))
    return kept, dropped


def _rating_of(t: Table, j: int) -> Fraction | None:
    rating = t.players[j].rating
    return None if rating is None else Fraction(rating)


def _average(values: Sequence[int | Fraction]) -> Fraction:
    # No counted opponent at all gives 0, the lowest value, rather than an undefined average.
    return Fraction(sum(values), len(values)) if values else Fraction(0)


def average_opposition(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Average rating of the opponents: Rozycki 1997 (US Chess); SwissSys list."""
    which = opts["opponents"]
    keys: list[int | Fraction] = [
        _average(_rated_opponents(t, i, which)) for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: _rating_of(t, j), "rating"
        )
        return Explanation(
            f"Average Opposition {format_decimal(Fraction(keys[i]))}: average of {len(kept)} opponents' ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)


def average_opposition_cut1(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Average rating of the opponents without the lowest: SwissSys list."""
    which = opts["opponents"]
    keys: list[int | Fraction] = []
    for i in range(len(t.players)):
        ratings = sorted(_rated_opponents(t, i, which))
        # With a single rated opponent there is nothing left to average after a cut: keep it.
        keys.append(_average(ratings[1:] if len(ratings) >= 2 else ratings))

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: _rating_of(t, j), "rating"
        )
        if len(kept) >= 2:
            lowest = min(kept, key=lambda c: (c.value, c.round or 0))
            kept.remove(lowest)
            dropped.append(Discard(lowest, "cut 1: the lowest rating is dropped"))
        return Explanation(
            f"Average Opposition cut 1 {format_decimal(Fraction(keys[i]))}: average of {len(kept)} opponents' ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)


def opposition_rating_sum(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of the opponents' ratings: Rozycki 1997 (FIDE)."""
    which = opts["opponents"]
    keys: list[int | Fraction] = [
        sum(_rated_opponents(t, i, which)) for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: _rating_of(t, j), "rating"
        )
        return Explanation(
            f"Opposition's Rating Sum {keys[i]}: sum of {len(kept)} opponents' ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)


def _performances(t: Table) -> list[Fraction | None]:
    """Each player's performance rating (SCA posting): their opponents' ratings +400 per win, -400 per loss, averaged.

    Only games played over the board against a rated opponent count; a player without one has none.
    """
    if t.performance_cache is None:
        players = t.players
        bonus = (400, 0, -400)
        perf: list[Fraction | None] = []
        for crow, orow in zip(t.outcomes, t.opponents, strict=True):
            total = count = 0
            for c, j in zip(crow, orow, strict=True):
                if c <= LAST_PLAYED:
                    rating = players[j].rating
                    if rating is not None:
                        total += rating + bonus[c]
                        count += 1
            perf.append(Fraction(total, count) if count else None)
        t.performance_cache = perf
    return t.performance_cache


def opposition_performance(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Average of the opponents' performance ratings: Rozycki 1997 (US Chess), SCA posting, SwissSys list."""
    which = opts["opponents"]
    perf = _performances(t)
    keys: list[int | Fraction] = []
    for crow, orow in zip(t.outcomes, t.opponents, strict=True):
        values = [
            p
            for c, j in zip(crow, orow, strict=True)
            if counts_as_opponent(c, j, which) and (p := perf[j]) is not None
        ]
        keys.append(_average(values))

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: perf[j], "performance rating"
        )
        return Explanation(
            f"Opposition's Performance {format_decimal(Fraction(keys[i]))}: average of {len(kept)} opponents' performance ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)
