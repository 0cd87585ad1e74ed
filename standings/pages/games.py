"""Each player's rounds from the posted pairings, and the wall chart's letters for them."""

from __future__ import annotations

from dataclasses import dataclass

from standings.engine import Outcome
from tournaments.models import Pairing, Result, Round, Section
from tournaments.results import outcomes

# The wall-chart letter of each outcome (US Chess wall-chart notation).
LETTER: dict[Outcome, str] = {
    Outcome.WIN: "W",
    Outcome.LOSS: "L",
    Outcome.DRAW: "D",
    Outcome.FORFEIT_WIN: "X",
    Outcome.FORFEIT_LOSS: "F",
    Outcome.BYE_PAIRING: "B",
    Outcome.BYE_FULL: "B",
    Outcome.BYE_HALF: "H",
    Outcome.BYE_ZERO: "U",
    Outcome.NOT_PAIRED: "U",
}
LEGEND = (
    ("W", "win"),
    ("L", "loss"),
    ("D", "draw"),
    ("X", "forfeit win"),
    ("F", "forfeit loss"),
    ("B", "full-point bye"),
    ("H", "half-point bye"),
    ("U", "not paired or zero-point bye"),
)
OUTCOME_WORDS: dict[Outcome, str] = {
    Outcome.WIN: "won",
    Outcome.LOSS: "lost",
    Outcome.DRAW: "drew",
    Outcome.FORFEIT_WIN: "won by forfeit",
    Outcome.FORFEIT_LOSS: "lost by forfeit",
    Outcome.BYE_PAIRING: "full-point bye",
    Outcome.BYE_FULL: "full-point bye (requested)",
    Outcome.BYE_HALF: "half-point bye",
    Outcome.BYE_ZERO: "zero-point bye",
    Outcome.NOT_PAIRED: "not paired",
}


@dataclass(frozen=True, slots=True)
class Game:
    """One player's round as the pages show it."""

    round: int
    board: int | None
    opponent: int | None  # the opponent's pk
    colour: str  # "w", "b" or "" for a bye or absence
    outcome: Outcome | None  # None while the result is pending
    result: str  # the stored code


def section_games(
    section: Section, *, through_round: int | None = None
) -> dict[int, dict[int, Game]]:
    """Every posted pairing of the section, per player pk and round number, in one query."""
    rows = Pairing.objects.filter(round__section=section).exclude(
        round__status=Round.Status.DRAFT
    )
    if through_round is not None:
        rows = rows.filter(round__number__lte=through_round)
    games: dict[int, dict[int, Game]] = {}
    for number, board, white, black, result in rows.values_list(
        "round__number", "board", "white_id", "black_id", "result"
    ):
        if result == Result.PENDING:
            white_outcome: Outcome | None = None
            black_outcome: Outcome | None = None
        else:
            white_outcome, black_outcome = outcomes(result)
        if black is None:
            games.setdefault(white, {})[number] = Game(
                number, board, None, "", white_outcome, result
            )
        else:
            games.setdefault(white, {})[number] = Game(
                number, board, black, "w", white_outcome, result
            )
            games.setdefault(black, {})[number] = Game(
                number, board, white, "b", black_outcome, result
            )
    return games
