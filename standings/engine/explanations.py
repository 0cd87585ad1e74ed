"""How a tiebreak value arose: contributions, discards, deductions and a one-line summary."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .entities import PlayerId


def _number(x: Fraction) -> str:
    """Exact JSON text for a Fraction: "3", "7/2", "-1/3"."""
    return str(x)


@dataclass(frozen=True, slots=True)
class Contribution:
    """One term of a sum: the round it comes from, the opponent (None for an unplayed round), the value used."""

    round: int | None
    opponent: PlayerId | None
    value: Fraction
    note: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "round": self.round,
            "opponent": self.opponent,
            "value": _number(self.value),
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class Discard:
    """A contribution left out of the sum, and why (e.g. "plus score: lowest dropped")."""

    contribution: Contribution
    reason: str

    def to_dict(self) -> dict[str, object]:
        return {"contribution": self.contribution.to_dict(), "reason": self.reason}


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

    def to_dict(self) -> dict[str, object]:
        return {
            "summary": self.summary,
            "contributions": [c.to_dict() for c in self.contributions],
            "discarded": [d.to_dict() for d in self.discarded],
            "deductions": [d.to_dict() for d in self.deductions],
        }
