"""Score, then each tiebreak in order on the players still tied; ties left at the end share a rank."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .entities import PlayerId, PlayerRef, Snapshot
from .explanations import Explanation
from .order import TiebreakSpec, check_unique
from .systems import Column
from .table import Table

__all__ = ["Standings", "StandingRow", "TiebreakValue", "compute_standings"]


class TiebreakValue:
    """One tiebreak value of one player, with the breakdown of how it arose (read-only).

    ``explanation`` may be given as a function: it is then built on first access. Building every
    breakdown of a 5,000-player section up front would cost more than the ranking itself.
    """

    __slots__ = ("_value", "_explanation", "_explain")

    def __init__(
        self, value: Fraction, explanation: Explanation | Callable[[], Explanation]
    ) -> None:
        self._value = value
        if isinstance(explanation, Explanation):
            self._explanation: Explanation | None = explanation
            self._explain: Callable[[], Explanation] | None = None
        else:
            self._explanation = None
            self._explain = explanation

    @property
    def value(self) -> Fraction:
        return self._value

    @property
    def explanation(self) -> Explanation:
        explanation = self._explanation
        if explanation is None:
            assert self._explain is not None
            explanation = self._explanation = self._explain()
            self._explain = None
        return explanation

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TiebreakValue):
            return NotImplemented
        return self._value == other._value and self.explanation == other.explanation

    def __hash__(self) -> int:
        return hash(self._value)

    def __repr__(self) -> str:
        return f"TiebreakValue({self._value!r})"

    def to_dict(self) -> dict[str, object]:
        return {"value": str(self._value), "explanation": self.explanation.to_dict()}


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's place: rank (first place of a shared group), whether it is shared, score, values in order."""

    rank: int
    shared: bool
    player: PlayerRef
    score: Fraction
    values: tuple[TiebreakValue, ...]


@dataclass(frozen=True, slots=True)
class Standings:
    """Ranked rows through ``through_round`` for the given order; ``lots_seed`` is the seed used, if any."""

    through_round: int
    order: tuple[TiebreakSpec, ...]
    rows: tuple[StandingRow, ...]
    lots_seed: str | None = None
    _table: Table | None = field(default=None, repr=False, compare=False)
    _position: dict[PlayerId, int] = field(
        default_factory=dict, repr=False, compare=False
    )

    def running_scores(self, player_id: PlayerId) -> tuple[Fraction, ...]:
        """The player's score after each round 1..through_round (the wall chart's cumulative columns)."""
        if self._table is None:
            raise ValueError("these standings carry no round-by-round data")
        t = self._table
        i = t.index.get(player_id)
        if i is None:
            raise KeyError(player_id)
        return tuple(t.fraction(u) for u in t.running[i])

    def row(self, player_id: PlayerId) -> StandingRow:
        """The row of one player."""
        position = self._position.get(player_id)
        if position is not None:
            return self.rows[position]
        # Standings built by hand have no index: look through the rows.
        for row in self.rows:
            if row.player.id == player_id:
                return row
        raise KeyError(player_id)


def _refine(groups: list[list[int]], keys: Sequence[int | Fraction]) -> list[list[int]]:
    """Split each tied group by the new keys, higher first; a group's players stay in start order."""
    out: list[list[int]] = []
    for group in groups:
        if len(group) <= 1:
            if group:
                out.append(group)
            continue
        # sorted() is stable: players with equal keys stay in start-number order
        ordered = sorted(group, key=lambda i: -keys[i])
        current = [ordered[0]]
        for i in ordered[1:]:
            if keys[i] == keys[current[0]]:
                current.append(i)
            else:
                out.append(current)
                current = [i]
        out.append(current)
    return out


def _fractions(keys: Sequence[int | Fraction], scale: int) -> list[Fraction]:
    """``Fraction(key, scale)`` for each key; equal keys share one Fraction, as most values repeat."""
    made: dict[int | Fraction, Fraction] = {}
    out = []
    for key in keys:
        value = made.get(key)
        if value is None:
            value = made[key] = Fraction(key, scale)
        out.append(value)
    return out


class _ColumnValue(TiebreakValue):
    """A value whose explanation the column builds when first asked (no closure per player)."""

    __slots__ = ("_column", "_index")

    def __init__(self, value: Fraction, column: Column, index: int) -> None:
        self._value = value
        self._explanation = None
        self._column = column
        self._index = index

    @property
    def explanation(self) -> Explanation:
        explanation = self._explanation
        if explanation is None:
            explanation = self._explanation = self._column.explain(self._index)
        return explanation


def _values(column: Column) -> list[TiebreakValue]:
    return [
        _ColumnValue(value, column, i)
        for i, value in enumerate(_fractions(column.keys, column.scale))
    ]


def compute_standings(
    snapshot: Snapshot, order: Sequence[TiebreakSpec], *, lots_seed: str | None = None
) -> Standings:
    """Rank a section: score first, then each tiebreak of ``order`` applied to the players still tied.

    Every player gets every value. A group-dependent system (result between tied players) sees,
    for each player, the players still tied with them when that tiebreak is reached.
    """
    order = tuple(order)
    check_unique(order)
    if lots_seed is None and any(spec.system.needs_lots for spec in order):
        raise ValueError(
            "the order includes coin_flip: pass lots_seed (generate it once, record it, and pass "
            "the same seed again to reproduce the drawing)"
        )
    t = Table(snapshot, lots_seed)
    count = len(t.players)
    score = t.score
    # Players are indexed in start-number order, so a stable sort keeps ties in start order.
    groups = _refine([list(range(count))], score)
    columns: list[Column] = []
    for spec in order:
        group_of = [0] * count
        for g, members in enumerate(groups):
            for i in members:
                group_of[i] = g
        column = spec.system.compute(t, spec.resolved_options(), group_of)
        columns.append(column)
        groups = _refine(groups, column.keys)

    values = [_values(column) for column in columns]
    scores = _fractions(score, t.unit)
    rows: list[StandingRow] = []
    for members in groups:
        rank = len(rows) + 1
        shared = len(members) > 1
        for i in members:
            rows.append(
                StandingRow(
                    rank,
                    shared,
                    t.players[i],
                    scores[i],
                    tuple(v[i] for v in values),
                )
            )
    position = {row.player.id: n for n, row in enumerate(rows)}
    return Standings(snapshot.through_round, order, tuple(rows), lots_seed, t, position)
