"""The player's own results, counted or weighted: Sonneborn-Berger, Kashdan, wins, most blacks,
black-win points, scored in actual play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from ..entities import Colour
from ..explanations import Contribution, Explanation
from ..formatting import format_decimal
from ..table import (
    BYE_FULL,
    BYE_PAIRING,
    DRAW,
    FORFEIT_WIN,
    LAST_PLAYED,
    LOSS,
    OUTCOME_TEXT,
    WIN,
    Table,
)
from .base import Column, Options, opp_id, pts


def sonneborn_berger(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Scores of beaten opponents plus half those of drawn opponents: Rozycki 1997, SwissSys list; adjusted scores per MCA 2001."""
    scores = t.adjusted if opts["scores"] == "adjusted" else t.score
    keys: list[int | Fraction] = []
    # Twice the value, so that half an opponent's score stays a whole number of units.
    for crow, orow in zip(t.outcomes, t.opponents, strict=True):
        total = 0
        for c, j in zip(crow, orow, strict=True):
            if c == WIN:
                total += 2 * scores[j]
            elif c == DRAW:
                total += scores[j]
        keys.append(total)

    def explain(i: int) -> Explanation:
        terms: list[Contribution] = []
        what = "adjusted score" if opts["scores"] == "adjusted" else "score"
        for r, (c, j) in enumerate(
            zip(t.outcomes[i], t.opponents[i], strict=True), start=1
        ):
            if c == WIN:
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(scores[j]),
                        f"beaten opponent's {what}",
                    )
                )
            elif c == DRAW:
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(scores[j]) / 2,
                        f"half the drawn opponent's {what}",
                    )
                )
            elif c == LOSS:
                terms.append(
                    Contribution(r, t.player_id(j), Fraction(0), "loss: adds nothing")
                )
            else:
                # No game was played, so there is no beaten or drawn opponent; 34E1 likewise counts a
                # player's own unplayed rounds as opponents worth 0.
                terms.append(
                    Contribution(
                        r,
                        opp_id(t, j),
                        Fraction(0),
                        f"{OUTCOME_TEXT[c]}: unplayed, adds nothing",
                    )
                )
        total = Fraction(keys[i], 2 * t.unit)
        return Explanation(
            f"Sonneborn-Berger {format_decimal(total)} ({what}s of beaten and half of drawn opponents)",
            tuple(terms),
        )

    return Column(keys, 2 * t.unit, explain)


def _counted(
    t: Table, name: str, points_for: Callable[[int, Colour | None], int], what: str
) -> Column:
    """A system that adds a fixed number per round from the outcome and colour alone."""
    keys: list[int | Fraction] = [
        sum(points_for(c, col) for c, col in zip(crow, colrow, strict=True))
        for crow, colrow in zip(t.outcomes, t.colours, strict=True)
    ]

    def explain(i: int) -> Explanation:
        terms = []
        for r, (c, col, j) in enumerate(
            zip(t.outcomes[i], t.colours[i], t.opponents[i], strict=True), start=1
        ):
            played_as = (
                f" as {col.name.lower()}"
                if col is not None and c <= LAST_PLAYED
                else ""
            )
            terms.append(
                Contribution(
                    r,
                    opp_id(t, j),
                    Fraction(points_for(c, col)),
                    f"{OUTCOME_TEXT[c]}{played_as}",
                )
            )
        return Explanation(f"{name} {keys[i]}: {what}", tuple(terms))

    return Column(keys, 1, explain)


def kashdan(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """4 per win, 2 per draw, 1 per loss, 0 (MCA: 2) per unplayed game: Rozycki 1997, SwissSys list, MCA 2001."""
    unplayed = int(opts["unplayed"])
    table = (4, 2, 1)

    def points_for(c: int, col: Colour | None) -> int:
        return table[c] if c <= LAST_PLAYED else unplayed

    return _counted(
        t,
        "Kashdan",
        points_for,
        f"4 per win, 2 per draw, 1 per loss, {unplayed} per unplayed round",
    )


def wins(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Number of wins (Rozycki 1997): games won over the board, or with unplayed=include also forfeit wins and full-point byes."""
    counted = (
        {WIN, FORFEIT_WIN, BYE_PAIRING, BYE_FULL}
        if opts["unplayed"] == "include"
        else {WIN}
    )

    def points_for(c: int, col: Colour | None) -> int:
        return 1 if c in counted else 0

    what = (
        "wins incl. forfeit wins and full-point byes"
        if opts["unplayed"] == "include"
        else "games won over the board"
    )
    return _counted(t, "Wins", points_for, what)


def most_blacks(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Number of games played with Black: Rozycki 1997, SwissSys list, MCA 2001."""

    def points_for(c: int, col: Colour | None) -> int:
        return 1 if c <= LAST_PLAYED and col is Colour.BLACK else 0

    return _counted(t, "Most Blacks", points_for, "games played with Black")


def black_win_points(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Win as Black 3, win as White 2, draw as Black 1, anything else 0: SwissSys list."""

    def points_for(c: int, col: Colour | None) -> int:
        if c == WIN:
            return 3 if col is Colour.BLACK else 2 if col is Colour.WHITE else 0
        return 1 if c == DRAW and col is Colour.BLACK else 0

    return _counted(
        t,
        "Black-win points",
        points_for,
        "win as Black 3, win as White 2, draw as Black 1",
    )


def actual_play_first(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """1 if any of the player's points came from games played over the board, else 0: MCA 2001."""
    over_board = [
        sum(p for c, p in zip(crow, prow, strict=True) if c <= LAST_PLAYED)
        for crow, prow in zip(t.outcomes, t.points, strict=True)
    ]
    keys: list[int | Fraction] = [1 if p > 0 else 0 for p in over_board]

    def explain(i: int) -> Explanation:
        terms = tuple(
            Contribution(
                r,
                opp_id(t, j),
                t.fraction(p),
                OUTCOME_TEXT[c]
                + ("" if c <= LAST_PLAYED else ": unplayed, not counted"),
            )
            for r, (c, j, p) in enumerate(
                zip(t.outcomes[i], t.opponents[i], t.points[i], strict=True), start=1
            )
            if p
        )
        if keys[i]:
            summary = f"Scored in actual play: 1 ({pts(t, over_board[i])} of {pts(t, t.score[i])} points over the board)"
        elif t.score[i]:
            summary = "Scored in actual play: 0 (every point came from unplayed rounds)"
        else:
            summary = "Scored in actual play: 0 (no points)"
        return Explanation(summary, terms)

    return Column(keys, 1, explain)
