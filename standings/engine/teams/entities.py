"""Plain data for fixed-roster team events: teams, each team's match per round, the match scoring."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias

from ..formatting import format_decimal

TeamId: TypeAlias = int


class ByeResult(enum.Enum):
    """What a round without an opposing team is worth in match points."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class MatchScoring:
    """Match points for a match won, drawn and lost: 2 / 1 / 0 by default, or 1 / ½ / 0 as posted."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)

    @classmethod
    def parse(cls, text: str) -> MatchScoring:
        """ "2/1/0" or "1/0.5/0" (also "1/½/0"): win, draw and loss, each 0 or more, win > draw >= loss."""
        parts = text.replace("½", "0.5").split("/")
        try:
            win, draw, loss = (Fraction(p.strip()) for p in parts)
        except ValueError:
            raise ValueError(
                f"match points {text!r}: write win/draw/loss, e.g. 2/1/0 or 1/0.5/0"
            ) from None
        if not win > draw >= loss >= 0:
            raise ValueError(
                f"match points {text!r}: a win must be worth more than a draw, and a draw at "
                "least as much as a loss"
            )
        return cls(win, draw, loss)

    def text(self) -> str:
        """ "2/1/0", "1/0.5/0": the posted form."""
        return "/".join(format_decimal(v) for v in (self.win, self.draw, self.loss))


@dataclass(frozen=True, slots=True)
class TeamRef:
    """A team of the section: identity and team number (its pairing number)."""

    id: TeamId
    number: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One team's round: the opposing team and the game points of each side.

    ``points`` are the game points this team's boards scored (forfeit wins included: a board
    won by forfeit scores its point, as it does in the individual standings); ``against`` those
    of the opposing team. A round with no opposing team (a team bye) has ``opponent`` None,
    ``against`` 0 and ``bye`` saying what it is worth in match points. A (team, round) with no
    record was not paired: no match points, no game points.
    """

    round: int
    team: TeamId
    opponent: TeamId | None
    points: Fraction
    against: Fraction = Fraction(0)
    bye: ByeResult | None = None


@dataclass(frozen=True, slots=True)
class TeamSnapshot:
    """A team section's matches through ``through_round``; ``primary`` is the posted first score.

    ``primary`` is "match_points" (the default in team Swisses) or "game_points" (SwissSys's "use
    game points for standings").
    """

    teams: tuple[TeamRef, ...]
    records: tuple[MatchRecord, ...]
    rounds_total: int
    through_round: int
    scoring: MatchScoring = field(default_factory=MatchScoring)
    primary: str = "match_points"
