"""Plain data the engine works on: players, per-player round records, the snapshot, the scoring."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias

PlayerId: TypeAlias = int


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"


class Outcome(enum.Enum):
    """One player's outcome in one round, from that player's point of view."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"  # opponent did not appear; unplayed
    FORFEIT_LOSS = "forfeit_loss"  # this player did not appear (also each side of a double forfeit)
    BYE_PAIRING = (
        "bye_pairing"  # full point, allocated by the pairings (odd player out)
    )
    BYE_FULL = "bye_full"  # full point, requested
    BYE_HALF = "bye_half"
    BYE_ZERO = "bye_zero"
    NOT_PAIRED = "not_paired"  # absent, withdrawn, entered late

    @property
    def played(self) -> bool:
        """True when a game was played over the board (US Chess 34E1: everything else is unplayed)."""
        return self in _PLAYED


_PLAYED = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS})


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points for each outcome; US Chess 1 / ½ / 0 by default."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    bye_pairing: Fraction = Fraction(1)
    bye_full: Fraction = Fraction(1)
    bye_half: Fraction = Fraction(1, 2)
    bye_zero: Fraction = Fraction(0)
    not_paired: Fraction = Fraction(0)

    def points(self, outcome: Outcome) -> Fraction:
        """Points this scoring system gives an outcome."""
        value: Fraction = getattr(self, outcome.value)
        return value


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player in the section: the engine needs only identity, rating and pairing number."""

    id: PlayerId
    start_number: int
    rating: int | None = None  # None = unrated


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One player's round: opponent (None for byes and absences), colour and outcome."""

    round: int
    player: PlayerId
    opponent: PlayerId | None
    colour: Colour | None
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A section's results through ``through_round``.

    ``games`` holds one record per player per round, both sides of every pairing. A (player, round)
    with no record counts as NOT_PAIRED, so a withdrawal or a late entry needs no filler rows.
    Records after ``through_round`` are ignored.
    """

    players: tuple[PlayerRef, ...]
    games: tuple[GameRecord, ...]
    rounds_total: int
    through_round: int
    scoring: ScoringSystem = field(default_factory=ScoringSystem)
