"""Games among the players still tied: Result between tied players, Head-to-head.

Both read ``group_of``: the ranking loop calls them again for every group a pass leaves tied.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..explanations import Contribution, Deduction, Explanation
from ..table import DRAW, FORFEIT_LOSS, FORFEIT_WIN, LOSS, WIN, Table
from .base import Column, Options


def _group_results(
    t: Table, i: int, group_of: Sequence[int], forfeits: str
) -> list[tuple[int, int, int]]:
    """(round, opponent index, +1 win / 0 draw / -1 loss) for player i's games inside their tied group."""
    wins_ = (WIN, FORFEIT_WIN) if forfeits == "include" else (WIN,)
    losses = (LOSS, FORFEIT_LOSS) if forfeits == "include" else (LOSS,)
    g = group_of[i]
    out = []
    for r, (c, j) in enumerate(
        zip(t.outcomes[i], t.opponents[i], strict=True), start=1
    ):
        if j >= 0 and group_of[j] == g:
            if c in wins_:
                out.append((r, j, 1))
            elif c in losses:
                out.append((r, j, -1))
            elif c == DRAW:
                out.append((r, j, 0))
    return out


def _group_note(t: Table, i: int, group_of: Sequence[int]) -> str:
    g = group_of[i]
    # Start numbers, not ids: this text is read out to players, who know each other by number.
    others = [
        f"#{p.start_number}"
        for j, p in enumerate(t.players)
        if group_of[j] == g and j != i
    ]
    return f"tied group: {', '.join(others)}" if others else "no other player tied"


def result_between_tied(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Wins minus losses in games among the tied players, not percentage: Rozycki 1997 (US Chess), MCA 2001."""
    keys: list[int | Fraction] = [
        sum(s for _, _, s in _group_results(t, i, group_of, opts["forfeits"]))
        for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        res = _group_results(t, i, group_of, opts["forfeits"])
        text = {1: "win", 0: "draw", -1: "loss"}
        terms = tuple(
            Contribution(
                r, t.player_id(j), Fraction(s), f"{text[s]} against a tied player"
            )
            for r, j, s in res
        )
        return Explanation(
            f"Result between tied players {keys[i]:+d} (wins minus losses; {_group_note(t, i, group_of)})",
            terms,
        )

    return Column(keys, 1, explain)


def head_to_head(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """100 less one per game lost to another tied player: SwissSys list."""
    keys: list[int | Fraction] = [
        100
        - sum(
            1 for _, _, s in _group_results(t, i, group_of, opts["forfeits"]) if s < 0
        )
        for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        lost = [
            (r, j)
            for r, j, s in _group_results(t, i, group_of, opts["forfeits"])
            if s < 0
        ]
        terms = (
            Contribution(
                None,
                None,
                Fraction(100),
                "SwissSys list: an arbitrary 100 point basis",
                label="starting value",
            ),
        )
        deductions = tuple(
            Deduction(
                r, Fraction(1), f"lost to tied player #{t.players[j].start_number}"
            )
            for r, j in lost
        )
        return Explanation(
            f"Head-to-head {keys[i]} ({_group_note(t, i, group_of)})",
            terms,
            (),
            deductions,
        )

    return Column(keys, 1, explain)
