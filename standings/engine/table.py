"""Per-player arrays worked out once per snapshot and shared by every tiebreak system.

Everything here counts in integer *units*: one unit is 1/``unit`` of a point, where ``unit`` is the
common denominator of the scoring system (2 for US Chess 1 / ½ / 0). Fractions appear only when a
value leaves the engine, because Fraction arithmetic is far too slow for 5,000-player sections.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import accumulate

from .entities import Colour, Outcome, PlayerId, PlayerRef, Snapshot

# Outcomes as small integers, so hot loops compare ints instead of hashing enum members.
WIN, DRAW, LOSS = 0, 1, 2  # played over the board: codes up to LAST_PLAYED
FORFEIT_WIN, FORFEIT_LOSS = 3, 4  # unplayed; may name an opponent
BYE_PAIRING, BYE_FULL, BYE_HALF, BYE_ZERO, NOT_PAIRED = 5, 6, 7, 8, 9
LAST_PLAYED = LOSS
OUTCOME_OF_CODE: tuple[Outcome, ...] = (
    Outcome.WIN,
    Outcome.DRAW,
    Outcome.LOSS,
    Outcome.FORFEIT_WIN,
    Outcome.FORFEIT_LOSS,
    Outcome.BYE_PAIRING,
    Outcome.BYE_FULL,
    Outcome.BYE_HALF,
    Outcome.BYE_ZERO,
    Outcome.NOT_PAIRED,
)
CODE_OF_OUTCOME: dict[Outcome, int] = {o: c for c, o in enumerate(OUTCOME_OF_CODE)}

# Readable names for explanations.
OUTCOME_TEXT: tuple[str, ...] = (
    "win",
    "draw",
    "loss",
    "forfeit win",
    "forfeit loss",
    "pairing bye",
    "full-point bye",
    "half-point bye",
    "zero-point bye",
    "not paired",
)

# Both sides of one pairing must agree (a double forfeit is a forfeit loss on each side).
_PARTNER_OK: dict[int, frozenset[int]] = {
    WIN: frozenset({LOSS}),
    LOSS: frozenset({WIN}),
    DRAW: frozenset({DRAW}),
    FORFEIT_WIN: frozenset({FORFEIT_LOSS}),
    FORFEIT_LOSS: frozenset({FORFEIT_WIN, FORFEIT_LOSS}),
}


class Table:
    """The snapshot laid out as per-player lists indexed by player position (start-number order).

    ``outcomes[i][r]``, ``opponents[i][r]`` (-1 when none), ``colours[i][r]`` and ``points[i][r]``
    describe player i's round r + 1; ``score``, ``adjusted`` and ``running`` are in units.
    """

    def __init__(self, snapshot: Snapshot, lots_seed: str | None = None) -> None:
        self.snapshot = snapshot
        self.lots_seed = lots_seed
        self.rounds = _checked_rounds(snapshot)
        self.rounds_total = snapshot.rounds_total
        self.players, self.index = _indexed_players(snapshot)
        self._set_units(snapshot)
        self.outcomes, self.opponents, self.colours = _read_records(
            snapshot, self.index, self.rounds
        )
        _check_both_sides(self.players, self.outcomes, self.opponents, self.colours)
        self._set_scores()
        # Derived arrays shared between systems, keyed by the option that changes them.
        self.opposition_cache: dict[str, list[list[int]]] = {}
        self.cumulative_cache: dict[str, list[int]] = {}
        self.performance_cache: list[Fraction | None] | None = None

    def _set_units(self, snapshot: Snapshot) -> None:
        """Points per outcome in integer units of the scoring system's common denominator."""
        scoring = snapshot.scoring
        values = [scoring.points(o) for o in OUTCOME_OF_CODE]
        unit = math.lcm(*(Fraction(v).denominator for v in (*values, scoring.draw)))
        self.unit = unit
        self.points_of_code: tuple[int, ...] = tuple(int(v * unit) for v in values)
        self.win_units = self.points_of_code[WIN]
        # US Chess 34E1: an unplayed round counts "a half point", i.e. what a draw earns.
        self.unplayed_units = int(scoring.draw * unit)

    def _set_scores(self) -> None:
        """Points per round, scores, running scores and 34E1 adjusted scores, in units."""
        pts = self.points_of_code
        self.points: list[list[int]] = [[pts[c] for c in row] for row in self.outcomes]
        self.score: list[int] = [sum(row) for row in self.points]
        self.running: list[list[int]] = [list(accumulate(row)) for row in self.points]
        half = self.unplayed_units
        # US Chess 34E1: every unplayed round (bye, forfeit, not paired) counts half a point.
        self.adjusted: list[int] = [
            sum(
                p if c <= LAST_PLAYED else half for c, p in zip(crow, prow, strict=True)
            )
            for crow, prow in zip(self.outcomes, self.points, strict=True)
        ]

    def fraction(self, units: int) -> Fraction:
        """Units back to points."""
        return Fraction(units, self.unit)

    def player_id(self, i: int) -> PlayerId:
        return self.players[i].id


def _checked_rounds(snapshot: Snapshot) -> int:
    """``through_round``, refused unless 0 <= through_round <= rounds_total."""
    n = snapshot.through_round
    if snapshot.rounds_total < 0 or not 0 <= n <= snapshot.rounds_total:
        raise ValueError(
            f"through_round must be between 0 and rounds_total ({snapshot.rounds_total}), got {n}"
        )
    return n


def _indexed_players(
    snapshot: Snapshot,
) -> tuple[tuple[PlayerRef, ...], dict[PlayerId, int]]:
    """The players in start-number order and each id's position; ids and numbers must be unique."""
    players = tuple(sorted(snapshot.players, key=lambda p: p.start_number))
    index = {p.id: i for i, p in enumerate(players)}
    if len(index) != len(players):
        raise ValueError("two players in the snapshot share an id")
    if len({p.start_number for p in players}) != len(players):
        raise ValueError("two players in the snapshot share a start number")
    return players, index


def _read_records(
    snapshot: Snapshot, index: dict[PlayerId, int], n: int
) -> tuple[list[list[int]], list[list[int]], list[list[Colour | None]]]:
    """Outcome codes, opponent positions (-1: none) and colours per player and round 1..n.

    Refuses a record for a round after the event, for an unknown player, twice for one round, or
    with an opponent that cannot be. A (player, round) without a record is NOT_PAIRED.
    """
    count = len(index)
    outcomes: list[list[int]] = [[-1] * n for _ in range(count)]
    opponents: list[list[int]] = [[-1] * n for _ in range(count)]
    colours: list[list[Colour | None]] = [[None] * n for _ in range(count)]
    code_of = CODE_OF_OUTCOME
    for g in snapshot.games:
        r = g.round - 1
        if g.round > snapshot.rounds_total:
            raise ValueError(
                f"record for player {g.player} in round {g.round}: "
                f"the event has {snapshot.rounds_total} rounds"
            )
        if r >= n:
            continue  # after through_round: not part of this snapshot
        i = index.get(g.player)
        if i is None or r < 0:
            raise ValueError(
                f"record for player {g.player} in round {g.round}: "
                + (
                    "no such player in the snapshot"
                    if i is None
                    else "rounds start at 1"
                )
            )
        row = outcomes[i]
        if row[r] != -1:
            raise ValueError(f"player {g.player} has two records for round {g.round}")
        code = row[r] = code_of[g.outcome]
        colours[i][r] = g.colour
        if g.opponent is not None:
            j = index.get(g.opponent)
            if code > FORFEIT_LOSS or j is None or j == i:
                raise ValueError(
                    f"player {g.player}, round {g.round}: opponent {g.opponent} is not possible "
                    f"({OUTCOME_TEXT[code]}; a bye or absence has no opponent, and the opponent "
                    "must be another player of the snapshot)"
                )
            opponents[i][r] = j
        elif code <= LAST_PLAYED:
            raise ValueError(
                f"player {g.player}, round {g.round}: a played game needs an opponent"
            )
    filled = [[NOT_PAIRED if c < 0 else c for c in row] for row in outcomes]
    return filled, opponents, colours


def _check_both_sides(
    players: tuple[PlayerRef, ...],
    outcomes: list[list[int]],
    opponents: list[list[int]],
    colours: list[list[Colour | None]],
) -> None:
    """Both sides of every pairing must name each other and agree on the result and colours."""
    for i, (orow, crow) in enumerate(zip(opponents, outcomes, strict=True)):
        for r, j in enumerate(orow):
            if j >= 0 and (
                opponents[j][r] != i
                or outcomes[j][r] not in _PARTNER_OK[crow[r]]
                # Most Blacks and Black-win points read colours: one white, one black.
                or (colours[i][r] is not None and colours[i][r] == colours[j][r])
            ):
                p, q = players[i].id, players[j].id
                raise ValueError(
                    f"round {r + 1}: player {p}'s record ({OUTCOME_TEXT[crow[r]]} against {q}) "
                    f"does not match player {q}'s record"
                )
