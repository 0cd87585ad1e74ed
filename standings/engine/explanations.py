"""How a tiebreak value arose, and how a player's place arose.

``Explanation``: one value's contributions, discards, deductions and a one-line summary.
``explain_row``: one player's row as a TD shows it to the player: the players tied with them on
score, the tiebreak that separated each of them (with the two values compared), and every
tiebreak's terms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .entities import PlayerId
from .formatting import format_decimal

if TYPE_CHECKING:
    from .ranking import Standings, TiebreakValue

# How a player id appears in a JSON document (the id itself unless the caller maps it).
PlayerJson = Callable[[PlayerId], object]


def _same(player: PlayerId) -> object:
    return player


def _number(x: Fraction) -> str:
    """Exact JSON text for a Fraction: "3", "7/2", "-1/3"."""
    return str(x)


@dataclass(frozen=True, slots=True)
class Contribution:
    """One term of a sum: the round it comes from, the opponent (None for an unplayed round), the value used.

    ``label`` names a term that belongs to a round rather than an opponent ("after round 3" for a
    running score). ``actual`` is the opponent's real score when ``value`` is a 34E1 adjusted
    score that differs from it, and ``adjustment`` says how it was adjusted ("round 3 unplayed
    counted ½").
    """

    round: int | None
    opponent: PlayerId | None
    value: Fraction
    note: str = ""
    label: str = ""
    actual: Fraction | None = None
    adjustment: str = ""

    def value_text(self, number: Callable[[Fraction], str] = format_decimal) -> str:
        """The value as a TD reads it out: "2.5", or "2 (2.5 with round 3 unplayed counted ½)";
        ``number`` writes each number (a page writes "2½", as in its cells)."""
        if self.actual is None:
            return number(self.value)
        return f"{number(self.actual)} ({number(self.value)} with {self.adjustment})"

    def describe(
        self,
        name: Callable[[PlayerId], str],
        number: Callable[[Fraction], str] = format_decimal,
    ) -> str:
        """One line: round, whom or what the term is about, and the value ("R2 Bob Brandt: 2")."""
        if self.label:
            who = self.label
        elif self.opponent is None:
            who = "unplayed"
        else:
            who = name(self.opponent)
        where = "" if self.round is None or self.label else f"R{self.round} "
        return f"{where}{who}: {self.value_text(number)}"

    def to_dict(self, ref: PlayerJson = _same) -> dict[str, object]:
        return {
            "round": self.round,
            "opponent": None if self.opponent is None else ref(self.opponent),
            "value": _number(self.value),
            "note": self.note,
            "label": self.label,
            "actual": None if self.actual is None else _number(self.actual),
            "adjustment": self.adjustment,
        }


@dataclass(frozen=True, slots=True)
class Discard:
    """A contribution left out of the sum, and why (e.g. "plus score: lowest dropped")."""

    contribution: Contribution
    reason: str

    def to_dict(self, ref: PlayerJson = _same) -> dict[str, object]:
        return {"contribution": self.contribution.to_dict(ref), "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Deduction:
    """An amount subtracted from the sum for one round, with the rule that asks for it."""

    round: int
    amount: Fraction
    reason: str

    def to_dict(self) -> dict[str, object]:
        return {
            "round": self.round,
            "amount": _number(self.amount),
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Explanation:
    """The breakdown of one tiebreak value: value = sum(contributions) - sum(deductions), unless the summary says otherwise."""

    summary: str
    contributions: tuple[Contribution, ...] = ()
    discarded: tuple[Discard, ...] = ()
    deductions: tuple[Deduction, ...] = ()

    def to_dict(self, ref: PlayerJson = _same) -> dict[str, object]:
        return {
            "summary": self.summary,
            "contributions": [c.to_dict(ref) for c in self.contributions],
            "discarded": [d.to_dict(ref) for d in self.discarded],
            "deductions": [d.to_dict() for d in self.deductions],
        }


@dataclass(frozen=True, slots=True)
class Neighbour:
    """A player tied on score with the one explained, and what separated them.

    ``tiebreak`` is the index into the order of the tiebreak that separated them (None: still
    tied after every tiebreak); ``own`` and ``theirs`` are the two values it compared, and
    ``pass_number`` is 1 unless the tiebreak was applied again to the players a pass left tied.
    """

    player: PlayerId
    rank: int
    above: bool
    tiebreak: int | None
    label: str
    own: Fraction | None
    theirs: Fraction | None
    pass_number: int = 1

    def describe(self) -> str:
        """ "decided by Solkoff: 14.5 against 15", or "still tied after every tiebreak"."""
        if self.tiebreak is None or self.own is None or self.theirs is None:
            return "still tied after every tiebreak"
        again = (
            ""
            if self.pass_number == 1
            else f" (applied again to the players left tied, pass {self.pass_number})"
        )
        return (
            f"decided by {self.label}{again}: {format_decimal(self.own)} against "
            f"{format_decimal(self.theirs)}"
        )

    def to_dict(self, ref: PlayerJson = _same) -> dict[str, object]:
        return {
            "player": ref(self.player),
            "rank": self.rank,
            "above": self.above,
            "tiebreak": self.tiebreak,
            "label": self.label,
            "own": None if self.own is None else _number(self.own),
            "theirs": None if self.theirs is None else _number(self.theirs),
            "pass": self.pass_number,
            "text": self.describe(),
        }


@dataclass(frozen=True, slots=True)
class TiebreakLine:
    """One tiebreak of the explained player: its place in the order, value, later passes, terms."""

    index: int
    key: str
    label: str
    value: Fraction
    explanation: Explanation
    repeats: tuple[tuple[Fraction, Explanation], ...] = ()

    def to_dict(self, ref: PlayerJson = _same) -> dict[str, object]:
        return {
            "index": self.index,
            "key": self.key,
            "label": self.label,
            "value": _number(self.value),
            "explanation": self.explanation.to_dict(ref),
            "repeats": [
                {"value": _number(v), "explanation": e.to_dict(ref)}
                for v, e in self.repeats
            ],
        }


@dataclass(frozen=True, slots=True)
class RowExplanation:
    """One player's place: rank, score, the places their score group covers, neighbours, tiebreaks."""

    player: PlayerId
    rank: int
    shared: bool
    score: Fraction
    places: tuple[int, int]
    decided_by: int | None
    neighbours: tuple[Neighbour, ...]
    tiebreaks: tuple[TiebreakLine, ...]

    def to_dict(self, ref: PlayerJson = _same) -> dict[str, object]:
        return {
            "player": ref(self.player),
            "rank": self.rank,
            "shared": self.shared,
            "score": _number(self.score),
            "places": list(self.places),
            "decided_by": self.decided_by,
            "neighbours": [n.to_dict(ref) for n in self.neighbours],
            "tiebreaks": [line.to_dict(ref) for line in self.tiebreaks],
        }


def _passes(value: TiebreakValue) -> tuple[Fraction, ...]:
    return (value.value, *(r.value for r in value.repeats))


def _compared(
    mine: TiebreakValue, theirs: TiebreakValue
) -> tuple[Fraction, Fraction, int]:
    """The two values a tiebreak compared: the first pass in which they differ (1-based)."""
    for number, (a, b) in enumerate(
        zip(_passes(mine), _passes(theirs), strict=False), start=1
    ):
        if a != b:
            return a, b, number
    return mine.value, theirs.value, 1


def explain_row(standings: Standings, player: PlayerId) -> RowExplanation:
    """The structured explanation of one player's row (KeyError for a player not in the standings)."""
    row = standings.row(player)
    position = standings.position(player)
    first, last = standings.place_range(player)
    neighbours: list[Neighbour] = []
    for n in range(first - 1, last):
        if n == position:
            continue
        other = standings.rows[n]
        k = standings.separated_by(player, other.player.id)
        if k is None:
            neighbours.append(
                Neighbour(
                    other.player.id, other.rank, n < position, None, "", None, None
                )
            )
            continue
        own, theirs, number = _compared(row.values[k], other.values[k])
        neighbours.append(
            Neighbour(
                other.player.id,
                other.rank,
                n < position,
                k,
                standings.order[k].label,
                own,
                theirs,
                number,
            )
        )
    tiebreaks = tuple(
        TiebreakLine(
            k,
            spec.key,
            spec.label,
            value.value,
            value.explanation,
            tuple((r.value, r.explanation) for r in value.repeats),
        )
        for k, (spec, value) in enumerate(zip(standings.order, row.values, strict=True))
    )
    return RowExplanation(
        player,
        row.rank,
        row.shared,
        row.score,
        (first, last),
        row.decided_by,
        tuple(neighbours),
        tiebreaks,
    )
