"""Each player's rounds from the posted pairings, and the wall chart's letters for them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from standings.engine import Outcome
from tournaments.models import Pairing, RequestedBye, Result, Round, Section
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
# A bye in words on the public pages: its points, and "(requested)" when the player asked for
# it (US Chess 28M, requested byes; a half-point bye is always one). A zero-point bye the TD
# gave to a player who did not check in, or who lost the round before by forfeit, reads as a
# zero-point bye only: the pages are open to anyone, and why the TD gave it is the TD's record
# (the section page), not a notice about the player. The forfeit itself shows in its own round.
OUTCOME_WORDS: dict[Outcome, str] = {
    Outcome.WIN: "won",
    Outcome.LOSS: "lost",
    Outcome.DRAW: "drew",
    Outcome.FORFEIT_WIN: "won by forfeit",
    Outcome.FORFEIT_LOSS: "lost by forfeit",
    Outcome.BYE_PAIRING: "full-point bye",
    Outcome.BYE_FULL: "full-point bye (requested)",
    Outcome.BYE_HALF: "half-point bye (requested)",
    Outcome.BYE_ZERO: "zero-point bye",
    Outcome.NOT_PAIRED: "not paired",
}
ASKED_ZERO_WORDS = "zero-point bye (requested)"


@dataclass(frozen=True, slots=True)
class Game:
    """One player's round as the pages show it."""

    round: int
    board: int | None
    opponent: int | None  # the opponent's pk
    colour: str  # "w", "b" or "" for a bye or absence
    outcome: Outcome | None  # None while the result is pending
    result: str  # the stored code
    asked: bool = False  # a zero-point bye the player asked for

    @property
    def words(self) -> str:
        """The round in words ("won", "half-point bye (requested)"); "" while pending."""
        if self.outcome is None:
            return ""
        if self.asked and self.outcome is Outcome.BYE_ZERO:
            return ASKED_ZERO_WORDS
        return OUTCOME_WORDS[self.outcome]


def asked_zero_byes(
    section: Section, *, number: int | None = None
) -> set[tuple[int, int]]:
    """(player pk, round) of each zero-point bye a player asked for (round ``number`` only if
    given): the others were given by the TD."""
    rows = RequestedBye.objects.filter(
        player__section=section,
        kind=RequestedBye.Kind.ZERO,
        reason=RequestedBye.Reason.ASKED,
    )
    if number is not None:
        rows = rows.filter(round_number=number)
    return set(rows.values_list("player_id", "round_number"))


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
    zero: list[tuple[int, int]] = []
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
            if result == Result.BYE_ZERO:
                zero.append((white, number))
        else:
            games.setdefault(white, {})[number] = Game(
                number, board, black, "w", white_outcome, result
            )
            games.setdefault(black, {})[number] = Game(
                number, board, white, "b", black_outcome, result
            )
    if (
        zero
    ):  # which of them the players asked for: one more query, only when there are any
        asked = asked_zero_byes(section)
        for pk, number in zero:
            if (pk, number) in asked:
                games[pk][number] = replace(games[pk][number], asked=True)
    return games
