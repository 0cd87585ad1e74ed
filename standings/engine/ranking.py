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

__all__ = [
    "ScoreGroup",
    "StandingRow",
    "Standings",
    "TiebreakValue",
    "compute_standings",
]


class TiebreakValue:
    """One tiebreak value of one player, with the breakdown of how it arose (read-only).

    ``explanation`` may be given as a function: it is then built on first access. Building every
    breakdown of a 5,000-player section up front would cost more than the ranking itself.
    """

    __slots__ = ("_value", "_explanation", "_explain", "_repeats")

    def __init__(
        self,
        value: Fraction,
        explanation: Explanation | Callable[[], Explanation],
        repeats: tuple[TiebreakValue, ...] = (),
    ) -> None:
        self._value = value
        self._repeats = repeats
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
    def repeats(self) -> tuple[TiebreakValue, ...]:
        """The player's values in the later passes of a re-applied tiebreak, in order (often none).

        ``value`` is the first pass, over the whole tied group; each repeat is the same rule read
        again among the players the previous pass left tied (``passes=repeat``).
        """
        return self._repeats

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
        document: dict[str, object] = {
            "value": str(self._value),
            "explanation": self.explanation.to_dict(),
        }
        if self._repeats:
            document["repeats"] = [r.to_dict() for r in self._repeats]
        return document


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's place: rank (first place of a shared group), whether it is shared, score, values in order.

    ``decided_by`` is the index (into the order) of the tiebreak that separated this row from the
    row above; None when the score did, for the first row, and for a row still tied with the one
    above after every tiebreak.
    """

    rank: int
    shared: bool
    player: PlayerRef
    score: Fraction
    values: tuple[TiebreakValue, ...]
    decided_by: int | None = None


@dataclass(frozen=True, slots=True)
class ScoreGroup:
    """Players on the same score and the places they occupy together (2-4), in rank order.

    US Chess 34C divides cash "evenly among the tied players": those are the players of a score
    group, whatever the tiebreaks say. ``first`` and ``last`` are the places the group covers.
    """

    score: Fraction
    first: int
    last: int
    rows: tuple[StandingRow, ...]

    @property
    def places(self) -> str:
        """ "3" for one player, "2-4" for a group."""
        return (
            str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        )


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
    # _steps[k][i]: the group of player (table index) i after the score (k = 0) and after the
    # first k tiebreaks; two players were separated at the first step where their groups differ.
    _steps: tuple[tuple[int, ...], ...] = field(default=(), repr=False, compare=False)

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

    def position(self, player_id: PlayerId) -> int:
        """The 0-based index of the player's row in ``rows``."""
        position = self._position.get(player_id)
        if position is not None:
            return position
        for n, row in enumerate(self.rows):
            if row.player.id == player_id:
                return n
        raise KeyError(player_id)

    def score_groups(self) -> tuple[ScoreGroup, ...]:
        """The rows cut into groups of equal score, best first, each with the places it covers."""
        groups: list[ScoreGroup] = []
        start = 0
        rows = self.rows
        for end in range(1, len(rows) + 1):
            if end == len(rows) or rows[end].score != rows[start].score:
                groups.append(
                    ScoreGroup(rows[start].score, start + 1, end, rows[start:end])
                )
                start = end
        return tuple(groups)

    def place_range(self, player_id: PlayerId) -> tuple[int, int]:
        """The first and last place of the player's score group: (2, 4) for a three-way tie for 2nd."""
        rows = self.rows
        position = self.position(player_id)
        score = rows[position].score
        first = position
        while first > 0 and rows[first - 1].score == score:
            first -= 1
        last = position
        while last + 1 < len(rows) and rows[last + 1].score == score:
            last += 1
        return first + 1, last + 1

    def separated_by(self, a: PlayerId, b: PlayerId) -> int | None:
        """The index of the tiebreak that separated two players on the same score.

        None when their scores differ or no tiebreak separated them. Raises ValueError for
        standings built without the engine's ranking steps.
        """
        if not self._steps or self._table is None:
            raise ValueError("these standings carry no ranking steps")
        index = self._table.index
        return _separation(self._steps, index[a], index[b])


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

    def __init__(
        self,
        value: Fraction,
        column: Column,
        index: int,
        repeats: tuple[TiebreakValue, ...] = (),
    ) -> None:
        self._value = value
        self._explanation = None
        self._column = column
        self._index = index
        self._repeats = repeats

    @property
    def explanation(self) -> Explanation:
        explanation = self._explanation
        if explanation is None:
            explanation = self._explanation = self._column.explain(self._index)
        return explanation


def _group_of(groups: list[list[int]], count: int) -> list[int]:
    """For each player, the index of their group."""
    group_of = [0] * count
    for g, members in enumerate(groups):
        for i in members:
            group_of[i] = g
    return group_of


@dataclass(slots=True)
class _Step:
    """One tiebreak applied: its first pass, later passes (re-applied to the players a pass left tied), who took part."""

    columns: list[Column]
    # player index -> the numbers of the later passes they took part in
    taking_part: dict[int, list[int]]


def _apply(
    t: Table, spec: TiebreakSpec, groups: list[list[int]]
) -> tuple[list[list[int]], _Step]:
    """Apply one tiebreak to the tied groups; a group-dependent one again to the players it left tied.

    Result between tied players and head-to-head look at the games among the players tied when
    they are reached. When a pass splits a group only partly (+1, 0, 0, -1), the players left tied
    form a smaller group among whom the same rule can be read again (the two on 0, one of whom
    beat the other): with ``passes=repeat`` it is, until a pass separates no one.
    """
    count = len(t.players)
    options = spec.resolved_options()
    repeat = options.get("passes") == "repeat"
    step = _Step([], {})
    out = groups
    # Positions in ``out`` of the groups the next pass reads: the first pass reads them all.
    pending = list(range(len(groups)))
    while pending or not step.columns:  # one pass at least, even with no players
        # Players outside the groups read in this pass each stand alone (a unique negative id).
        group_of = [-1 - i for i in range(count)]
        for position in pending:
            for i in out[position]:
                group_of[i] = position
        column = spec.system.compute(t, options, group_of)
        step.columns.append(column)
        number = len(step.columns) - 1
        again = set(pending)
        refined: list[list[int]] = []
        pending = []
        for position, group in enumerate(out):
            if position not in again:
                refined.append(group)
                continue
            if number:
                for i in group:
                    step.taking_part.setdefault(i, []).append(number)
            for part in _refine([group], column.keys):
                if repeat and 1 < len(part) < len(group):
                    pending.append(len(refined))
                refined.append(part)
        out = refined
    return out, step


def _values(step: _Step) -> list[TiebreakValue]:
    first, *later = step.columns
    values: list[TiebreakValue] = []
    taking_part = step.taking_part
    later_values = [_fractions(c.keys, c.scale) for c in later]
    for i, value in enumerate(_fractions(first.keys, first.scale)):
        passes = taking_part.get(i)
        repeats: tuple[TiebreakValue, ...] = ()
        if passes:
            repeats = tuple(
                _ColumnValue(later_values[p - 1][i], later[p - 1], i) for p in passes
            )
        values.append(_ColumnValue(value, first, i, repeats))
    return values


def compute_standings(
    snapshot: Snapshot, order: Sequence[TiebreakSpec], *, lots_seed: str | None = None
) -> Standings:
    """Rank a section: score first, then each tiebreak of ``order`` applied to the players still tied.

    Every player gets every value. A group-dependent system (result between tied players) sees,
    for each player, the players still tied with them when that tiebreak is reached, and (by
    default) is applied again to the players a pass leaves tied.
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
    steps_seen = [tuple(_group_of(groups, count))]
    values: list[list[TiebreakValue]] = []
    for spec in order:
        groups, step = _apply(t, spec, groups)
        steps_seen.append(tuple(_group_of(groups, count)))
        values.append(_values(step))

    scores = _fractions(score, t.unit)
    rows: list[StandingRow] = []
    previous = -1
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
                    None if previous < 0 else _separation(steps_seen, previous, i),
                )
            )
            previous = i
    position = {row.player.id: n for n, row in enumerate(rows)}
    return Standings(
        snapshot.through_round,
        order,
        tuple(rows),
        lots_seed,
        t,
        position,
        tuple(steps_seen),
    )


def _separation(steps: Sequence[tuple[int, ...]], i: int, j: int) -> int | None:
    """The tiebreak that separated players i and j (None: their scores differ, or still tied)."""
    if steps[0][i] != steps[0][j]:
        return None
    for k in range(1, len(steps)):
        if steps[k][i] != steps[k][j]:
            return k - 1
    return None
