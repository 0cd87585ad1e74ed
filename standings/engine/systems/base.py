"""What every tiebreak system shares: the ``Column`` it returns, the registry's entry types, and
the small helpers several families use."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

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
    """A named option: its allowed values (empty: any whole number >= 1), default (None:
    required), help, and ``phrases``: what each value means in a label shown to players, in the
    order of ``values`` ("plain scores"); for a whole number, the singular and the plural with
    "{}" for the number ("first round cut", "first {} rounds cut")."""

    name: str
    values: tuple[str, ...]
    default: str | None
    help: str
    phrases: tuple[str, ...]

    def phrase(self, value: str) -> str:
        """``value`` in words, e.g. adjust=none: "plain scores"."""
        if self.values:
            return self.phrases[self.values.index(value)]
        one, many = self.phrases
        return one if value == "1" else many.format(value)


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


class Registered(Protocol):
    """A registry entry as an order item reads it: a player system or a team system."""

    @property
    def name(self) -> str: ...

    @property
    def options(self) -> tuple[OptionDef, ...]: ...


class OrderItem:
    """What an item of a posted order says of itself, a player tiebreak (``TiebreakSpec``) and
    a team tiebreak (``TeamTiebreakSpec``) alike: its text, its name, its options in full.

    The item is a system id and its options, defaults left out (``id``, ``options``); the
    subclass names the registry entry (``system``)."""

    __slots__ = ()
    id: str
    options: tuple[tuple[str, str], ...]

    @property
    def system(self) -> Registered:
        raise NotImplementedError

    @property
    def key(self) -> str:
        """The canonical text of this item, e.g. "kashdan:unplayed=2" (used as a JSON key)."""
        return self.id + "".join(f":{k}={v}" for k, v in self.options)

    @property
    def label(self) -> str:
        """The name a player reads, with the options that differ from the defaults in words,
        e.g. "Modified Median (plain scores, no extra drop at 9+ rounds)"."""
        name = self.system.name
        if not self.options:
            return name
        defs = {o.name: o for o in self.system.options}
        return f"{name} ({', '.join(defs[k].phrase(v) for k, v in self.options)})"

    def resolved_options(self) -> Mapping[str, str]:
        """Every option of the system, defaults filled in."""
        given = dict(self.options)
        return {o.name: given.get(o.name, o.default or "") for o in self.system.options}


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
