"""Running scores: Cumulative, Cumulative cut, Cumulative of Opposition (US Chess 34E3, 34E9;
SwissSys list).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..explanations import Contribution, Deduction, Discard, Explanation
from ..formatting import format_decimal
from ..table import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING,
    FORFEIT_WIN,
    LAST_PLAYED,
    OUTCOME_TEXT,
    Table,
)
from .base import Column, Options, counts_as_opponent, explain_not_met, opp_id

# Rounds whose points 34E3 (or MCA) takes back from the cumulative sum.
_DEDUCTED: dict[str, frozenset[int]] = {
    # 34E3: "One point is subtracted ... for each unplayed win or full-point bye (22B); likewise,
    # one-half point ... for each unplayed draw or half-point bye."
    "uschess": frozenset({FORFEIT_WIN, BYE_PAIRING, BYE_FULL, BYE_HALF}),
    # MCA 2001: "subtract one point for each one-point bye or forfeit win" (nothing for half byes).
    "mca": frozenset({FORFEIT_WIN, BYE_PAIRING, BYE_FULL}),
    "none": frozenset(),
}


def _deducted_rounds(t: Table, i: int, deduct: str, cut: int, in_cut: str) -> list[int]:
    """Rounds (0-based) whose points come off the sum: unplayed wins and byes the sum still holds.

    A round after the cut is in the sum itself. A round inside the cut is discarded, but its
    points still lift every running score after the cut; with ``in_cut=deduct`` it comes off
    too, as 34E3 takes an unplayed point off once whatever number of running scores it lifts.
    With nothing left after the cut the sum is 0 and nothing is taken off.
    """
    codes = _DEDUCTED[deduct]
    first = 0 if in_cut == "deduct" and t.rounds > cut else cut
    return [r for r, c in enumerate(t.outcomes[i]) if r >= first and c in codes]


def _cumulative_units(
    t: Table, i: int, deduct: str, cut: int, in_cut: str = "deduct"
) -> int:
    prow = t.points[i]
    taken = sum(prow[r] for r in _deducted_rounds(t, i, deduct, cut, in_cut))
    return sum(t.running[i][cut:]) - taken


def _cumulatives(t: Table, deduct: str) -> list[int]:
    got = t.cumulative_cache.get(deduct)
    if got is None:
        got = [_cumulative_units(t, i, deduct, 0) for i in range(len(t.players))]
        t.cumulative_cache[deduct] = got
    return got


_DEDUCTION_REASON = {
    "uschess": "34E3: the points of an unplayed win or bye are subtracted",
    "mca": "MCA: one point subtracted for each one-point bye or forfeit win",
}


def _explain_cumulative(
    t: Table, i: int, deduct: str, cut: int, name: str, in_cut: str = "deduct"
) -> Explanation:
    kept: list[Contribution] = []
    dropped: list[Discard] = []
    for r, (c, run) in enumerate(
        zip(t.outcomes[i], t.running[i], strict=True), start=1
    ):
        # A running score belongs to a round, not to an opponent: the term names the round.
        term = Contribution(
            r,
            None,
            t.fraction(run),
            f"running score after round {r} ({OUTCOME_TEXT[c]})",
            label=f"after round {r}",
        )
        if r <= cut:
            dropped.append(
                Discard(
                    term,
                    f"cut={cut}: the first {cut} rounds are discarded (SwissSys list)",
                )
            )
        else:
            kept.append(term)
    deductions: list[Deduction] = []
    for r in _deducted_rounds(t, i, deduct, cut, in_cut):
        points = t.points[i][r]
        if not points:
            continue
        reason = f"{OUTCOME_TEXT[t.outcomes[i][r]]}: {_DEDUCTION_REASON[deduct]}"
        if r < cut:
            reason += f"; its point still lifts the running scores after round {cut}"
        deductions.append(Deduction(r + 1, t.fraction(points), reason))
    total = t.fraction(_cumulative_units(t, i, deduct, cut, in_cut))
    summary = f"{name} {format_decimal(total)}: sum of running scores"
    if cut:
        summary += f" after round {cut}"
    if deductions:
        summary += f", less {format_decimal(sum((d.amount for d in deductions), Fraction(0)))} for unplayed rounds"
    return Explanation(summary, tuple(kept), tuple(dropped), tuple(deductions))


def cumulative(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of the running scores, less unplayed wins and byes: US Chess 34E3 (FIDE: Progress)."""
    deduct = opts["deduct"]
    keys: list[int | Fraction] = list(_cumulatives(t, deduct))
    return Column(
        keys, t.unit, lambda i: _explain_cumulative(t, i, deduct, 0, "Cumulative")
    )


def cumulative_cut(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Cumulative without the first X rounds' running scores: SwissSys list."""
    deduct = opts["deduct"]
    cut = int(opts["cut"])
    in_cut = opts["in_cut"]
    keys: list[int | Fraction] = [
        _cumulative_units(t, i, deduct, cut, in_cut) for i in range(len(t.players))
    ]
    return Column(
        keys,
        t.unit,
        lambda i: _explain_cumulative(
            t, i, deduct, cut, f"Cumulative cut {cut}", in_cut
        ),
    )


def cumulative_opposition(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of the opponents' cumulative tiebreaks: US Chess 34E9."""
    cums = _cumulatives(t, opts["deduct"])
    which = opts["opponents"]
    # The test of _counts_as_opponent, inlined: this runs once per game of the section.
    paired = which == "paired"
    keys: list[int | Fraction] = [
        sum(
            cums[j]
            for c, j in zip(crow, orow, strict=True)
            if c <= LAST_PLAYED or (paired and j >= 0)
        )
        for crow, orow in zip(t.outcomes, t.opponents, strict=True)
    ]

    def explain(i: int) -> Explanation:
        kept: list[Contribution] = []
        dropped: list[Discard] = []
        for r, (c, j) in enumerate(
            zip(t.outcomes[i], t.opponents[i], strict=True), start=1
        ):
            if counts_as_opponent(c, j, which):
                kept.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(cums[j]),
                        "opponent's cumulative tiebreak (34E3)",
                    )
                )
            else:
                dropped.append(explain_not_met(r, c, opp_id(t, j)))
        total = t.fraction(int(keys[i]))
        summary = f"Cumulative of Opposition {format_decimal(total)}: sum of {len(kept)} opponents' cumulative tiebreaks"
        return Explanation(summary, tuple(kept), tuple(dropped))

    return Column(keys, t.unit, explain)
