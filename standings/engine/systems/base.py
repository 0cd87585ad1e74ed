"""What every tiebreak system shares: the ``Column`` it returns, the registry's entry types, and
the small helpers several families use."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..explanations import Contribution, Discard, Explanation
from ..formatting import format_decimal
from ..table import LAST_PLAYED, OUTCOME_TEXT, Table

Options = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Column:
    """One system's values for every player: ``Fraction(keys[i], scale)``, higher ranks first."""

    keys: Sequence[int | Fraction]
    scale: int
    explain: Callable[[int], Explanation]


SystemFn = Callable[[Table, Options, Sequence[int]], Column]


@dataclass(frozen=True, slots=True)
class OptionDef:
    """A named option: its allowed values (empty: any whole number >= 1) and default (None: required)."""

    name: str
    values: tuple[str, ...]
    default: str | None
    help: str


@dataclass(frozen=True, slots=True)
class SystemDef:
    """A registry entry: stable id, human name, source citation, options, and how it is computed."""

    id: str
    name: str
    source: str
    compute: SystemFn
    options: tuple[OptionDef, ...] = ()
    group_dependent: bool = False
    needs_lots: bool = False
    aliases: tuple[str, ...] = ()

    def option(self, name: str) -> OptionDef | None:
        return next((o for o in self.options if o.name == name), None)


def pts(t: Table, units: int) -> str:
    """A number of the table's units as points ("2.5")."""
    return format_decimal(t.fraction(units))


def opp_id(t: Table, j: int) -> int | None:
    """The opponent's player id, None for a round without one (a bye, not paired)."""
    return t.player_id(j) if j >= 0 else None


def counts_as_opponent(c: int, j: int, which: str) -> bool:
    """``opponents=played``: met over the board; ``paired``: also a forfeit against a named opponent."""
    return j >= 0 and (c <= LAST_PLAYED or which == "paired")


def explain_not_met(r: int, c: int, opp: int | None) -> Discard:
    return Discard(
        Contribution(r, opp, Fraction(0), OUTCOME_TEXT[c]),
        "not an opponent met over the board (opponents=played)"
        if opp is not None
        else "no opponent",
    )
