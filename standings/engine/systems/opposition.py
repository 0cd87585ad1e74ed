"""The opponents' scores: Modified Median, Median, Solkoff (US Chess 34E1, 34E2; FIDE: Buchholz).

One list of (adjusted) opponents' scores per player, cached on the table, sorted once; each
system is that list trimmed at one end, both ends or neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..explanations import Contribution, Discard, Explanation
from ..formatting import format_decimal
from ..table import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LAST_PLAYED,
    LOSS,
    OUTCOME_TEXT,
    WIN,
    Table,
)
from .base import Column, Options, opp_id, pts


def _rounds_text(rounds: Sequence[int]) -> str:
    return ", ".join(str(r) for r in rounds)


def _adjustment_text(t: Table, unplayed: Sequence[int]) -> str:
    """ "round 3 unplayed counted ½" (34E1's words: unplayed games "count a half point each")."""
    half = t.fraction(t.unplayed_units)
    value = "½" if half == Fraction(1, 2) else format_decimal(half)
    rounds = "round" if len(unplayed) == 1 else "rounds"
    each = "" if len(unplayed) == 1 else " each"
    return f"{rounds} {_rounds_text(unplayed)} unplayed counted {value}{each}"


def _opposition(t: Table, adjust: str) -> list[list[int]]:
    """Per player, the opponents' scores the median family sums, in units, one per counted round.

    ``adjust=uschess`` (34E1): every round counts; a played round gives the opponent's adjusted
    score, an unplayed round of the player's own gives 0. ``adjust=none``: only rounds played over
    the board count, each with the opponent's plain score.
    """
    got = t.opposition_cache.get(adjust)
    if got is None:
        if adjust == "uschess":
            adj = t.adjusted
            got = [
                [
                    adj[j] if c <= LAST_PLAYED else 0
                    for c, j in zip(crow, orow, strict=True)
                ]
                for crow, orow in zip(t.outcomes, t.opponents, strict=True)
            ]
        else:
            sc = t.score
            got = [
                [sc[j] for c, j in zip(crow, orow, strict=True) if c <= LAST_PLAYED]
                for crow, orow in zip(t.outcomes, t.opponents, strict=True)
            ]
        t.opposition_cache[adjust] = got
    return got


def _sorted_opposition(t: Table, adjust: str) -> list[list[int]]:
    key = "sorted:" + adjust
    got = t.opposition_cache.get(key)
    if got is None:
        got = [sorted(row) for row in _opposition(t, adjust)]
        t.opposition_cache[key] = got
    return got


def _trimmed_sum(values: list[int], low: int, high: int) -> int:
    """Sum of a sorted list without its ``low`` lowest and ``high`` highest entries."""
    m = len(values)
    if low + high >= m:
        return 0
    return sum(values[low : m - high])


def _opposition_contributions(
    t: Table, i: int, adjust: str
) -> tuple[list[Contribution], list[Discard]]:
    """The terms of a median-family sum for player i, with notes, plus the rounds adjust=none leaves out."""
    terms: list[Contribution] = []
    left_out: list[Discard] = []
    for r, (c, j) in enumerate(
        zip(t.outcomes[i], t.opponents[i], strict=True), start=1
    ):
        if c <= LAST_PLAYED:
            if adjust == "uschess":
                unplayed = [
                    q for q, oc in enumerate(t.outcomes[j], start=1) if oc > LAST_PLAYED
                ]
                actual: Fraction | None = None
                adjustment = ""
                if unplayed:
                    note = (
                        f"opponent's adjusted score: unplayed rounds {_rounds_text(unplayed)} counted "
                        f"{pts(t, t.unplayed_units)} each (34E1)"
                    )
                    if t.adjusted[j] != t.score[j]:
                        # The real score and the adjustment are shown beside the value.
                        note = "opponent's adjusted score (34E1)"
                        actual = t.fraction(t.score[j])
                        adjustment = _adjustment_text(t, unplayed)
                else:
                    note = "opponent's score (no unplayed rounds)"
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(t.adjusted[j]),
                        note,
                        actual=actual,
                        adjustment=adjustment,
                    )
                )
            else:
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(t.score[j]),
                        "opponent's score, not adjusted",
                    )
                )
        elif adjust == "uschess":
            terms.append(
                Contribution(
                    r,
                    opp_id(t, j),
                    Fraction(0),
                    f"own unplayed round ({OUTCOME_TEXT[c]}) counts as an opponent with 0 (34E1)",
                )
            )
        else:
            own = Contribution(r, opp_id(t, j), Fraction(0), OUTCOME_TEXT[c])
            left_out.append(
                Discard(own, "adjust=none: own unplayed rounds are left out")
            )
    return terms, left_out


_COUNT_TEXT = {1: "", 2: "two "}


def _explain_trimmed(
    t: Table, i: int, adjust: str, low: int, high: int, name: str, why: str
) -> Explanation:
    """Breakdown of a median-family value: the kept terms, and the dropped ones with the reason."""
    terms, left_out = _opposition_contributions(t, i, adjust)
    ordered = sorted(terms, key=lambda c: (c.value, c.round or 0))
    parts = []
    if high:
        parts.append(f"{_COUNT_TEXT[high]}highest")
    if low:
        parts.append(f"{_COUNT_TEXT[low]}lowest")
    rule = f"{why}: {' and '.join(parts)} dropped" if parts else ""
    if 2 in (low, high):
        rule += " (9+ rounds: two dropped)"
    m = len(ordered)
    cut_low = min(low, m)
    cut_high = min(high, m - cut_low)
    dropped = [Discard(c, rule) for c in ordered[:cut_low] + ordered[m - cut_high :]]
    kept_ids = {id(c) for c in ordered[cut_low : m - cut_high]}
    kept = tuple(c for c in terms if id(c) in kept_ids)
    total = sum((c.value for c in kept), Fraction(0))
    scores = "adjusted scores" if adjust == "uschess" else "scores"
    summary = (
        f"{name} {format_decimal(total)}: sum of {len(kept)} of {m} opponents' {scores}"
    )
    if rule:
        summary += f" ({rule})"
    if left_out:
        summary += f"; {len(left_out)} own unplayed rounds left out (adjust=none)"
    return Explanation(summary, kept, tuple(left_out + dropped))


def _drop_count(t: Table, opts: Options) -> int:
    # US Chess 34E1: "For tournaments of nine or more rounds" two are discarded at each end.
    return 2 if t.rounds_total >= 9 and opts["nine_rounds"] == "drop_two" else 1


def _score_class(t: Table, i: int, even: str) -> int:
    """-1 minus, 0 even, +1 plus score."""
    if even == "half_max":
        # US Chess 34E1: "an even score is equal to exactly one half of the maximum possible score".
        diff = 2 * t.score[i] - t.rounds * t.win_units
    else:
        # SwissSys list: even when "their number of wins and losses is the same". Forfeits are
        # wins and losses on the wall chart; byes and unpaired rounds are neither.
        row = t.outcomes[i]
        diff = sum(1 for c in row if c in (WIN, FORFEIT_WIN)) - sum(
            1 for c in row if c in (LOSS, FORFEIT_LOSS)
        )
    return (diff > 0) - (diff < 0)


_CLASS_TEXT = {-1: "minus", 0: "even", 1: "plus"}


def _modified_median_drops(
    t: Table, i: int, opts: Options, k: int
) -> tuple[int, int, int]:
    cls = _score_class(t, i, opts["even"])
    if cls == 0:
        return cls, k, k
    if cls > 0:
        return cls, k, 0
    # US Chess 34E1 drops the highest for minus scores; MCA 2001 as written drops the lowest.
    return (cls, 0, k) if opts["minus"] == "drop_highest" else (cls, k, 0)


def modified_median(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Opponents' (adjusted) scores, dropping by the player's own score: US Chess 34E1."""
    lists = _sorted_opposition(t, opts["adjust"])
    k = _drop_count(t, opts)
    keys: list[int | Fraction] = []
    for i, values in enumerate(lists):
        _, low, high = _modified_median_drops(t, i, opts, k)
        keys.append(_trimmed_sum(values, low, high))

    def explain(i: int) -> Explanation:
        cls, low, high = _modified_median_drops(t, i, opts, k)
        why = f"{_CLASS_TEXT[cls]} score"
        return _explain_trimmed(t, i, opts["adjust"], low, high, "Modified Median", why)

    return Column(keys, t.unit, explain)


def median(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Opponents' (adjusted) scores without the highest and lowest: US Chess 34E1 (Harkness); SwissSys list (Basic Median)."""
    lists = _sorted_opposition(t, opts["adjust"])
    k = _drop_count(t, opts)
    keys: list[int | Fraction] = [_trimmed_sum(v, k, k) for v in lists]
    why = "median"
    return Column(
        keys,
        t.unit,
        lambda i: _explain_trimmed(t, i, opts["adjust"], k, k, "Median", why),
    )


def solkoff(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of all opponents' (adjusted) scores: US Chess 34E2 (FIDE: Buchholz)."""
    keys: list[int | Fraction] = [sum(v) for v in _opposition(t, opts["adjust"])]
    return Column(
        keys,
        t.unit,
        lambda i: _explain_trimmed(t, i, opts["adjust"], 0, 0, "Solkoff", "solkoff"),
    )
