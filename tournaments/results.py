"""What each stored result code means for each side: the facts the read side maps to outcomes.

A pairing stores one ``Result`` code (tournaments/models/rounds.py). ``OUTCOMES`` gives, for each code,
white's and black's outcome as the engine names them (``standings.engine.Outcome``, the pure
library both sides use); one-player codes have no black side and ``Result.PENDING`` has no entry
(nothing to count yet). Points are never computed here: the engine's ``ScoringSystem`` gives
each outcome its points.
"""

from __future__ import annotations

from fractions import Fraction

from standings.engine import Outcome, ScoringSystem
from tournaments.models import Result, Section

# Unrated games (TRF W/D/L) were played over the board, so the engine treats them as played games.
OUTCOMES: dict[str, tuple[Outcome, Outcome | None]] = {
    Result.WHITE_WIN: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WIN: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_WIN_UNRATED: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW_UNRATED: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WIN_UNRATED: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    Result.BYE_PAIRING: (Outcome.BYE_PAIRING, None),
    Result.BYE_FULL: (Outcome.BYE_FULL, None),
    Result.BYE_HALF: (Outcome.BYE_HALF, None),
    Result.BYE_ZERO: (Outcome.BYE_ZERO, None),
    # TRF-16 "+" with no opponent: a point for an unplayed round, scored as a forfeit win.
    Result.FORFEIT_WIN_NO_OPPONENT: (Outcome.FORFEIT_WIN, None),
    Result.NOT_PAIRED: (Outcome.NOT_PAIRED, None),
}


def outcomes(result: str) -> tuple[Outcome, Outcome | None]:
    """White's and black's outcome for a stored result code; ``Result.PENDING`` has none."""
    return OUTCOMES[result]


# Codes of games played over the board (rated or not): forfeits and byes are not among them.
PLAYED_RESULTS = frozenset(
    code for code, (white, _) in OUTCOMES.items() if white.played
)


def section_scoring(section: Section) -> ScoringSystem:
    """The section's points for a win, draw and loss; forfeits and byes score as the same results.

    A forfeit win and a full-point bye score as a win, a half-point bye as a draw, a forfeit
    loss, a zero-point bye and a round not paired as a loss (the engine's 1 / ½ / 0 default).
    """
    win, draw, loss = (
        Fraction(section.win_points),
        Fraction(section.draw_points),
        Fraction(section.loss_points),
    )
    return ScoringSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=win,
        forfeit_loss=loss,
        bye_pairing=win,
        bye_full=win,
        bye_half=draw,
        bye_zero=loss,
        not_paired=loss,
    )


def withdrawal_words(after_round: int) -> str:
    """How a withdrawal reads: "withdrew before round 1" (after round 0), "withdrew after round 3"."""
    if after_round == 0:
        return "withdrew before round 1"
    return f"withdrew after round {after_round}"
