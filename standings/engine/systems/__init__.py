"""One function per tiebreak system, and the registry ``SYSTEMS`` keyed by stable ids.

Every system has the same signature, ``(table, options, group_of) -> Column``: the shared
precomputation, the spec's options with defaults filled in, and for each player the id of the
group of players still tied with them. Only group-dependent systems read ``group_of``, so the
ranking loop needs no special cases (a team system would fit the same shape). A ``Column`` holds
one integer or Fraction key per player (higher is better), the scale that turns a key into
points, and a function that builds the explanation of one player's value on demand.

One module per family: ``opposition`` (Modified Median, Median, Solkoff), ``cumulative``
(Cumulative, cut, of Opposition), ``results`` (Sonneborn-Berger, Kashdan, wins, blacks,
black-win points, actual play), ``head_to_head`` (games among the tied players), ``ratings``
(opponents' ratings and performance), ``lots`` (coin flip); ``base`` holds the shared types and
``registry`` the table of every system.
"""

from __future__ import annotations

from .base import Column, OptionDef, Options, SystemDef, SystemFn
from .registry import ALIASES, SYSTEMS

__all__ = [
    "ALIASES",
    "SYSTEMS",
    "Column",
    "OptionDef",
    "Options",
    "SystemDef",
    "SystemFn",
]
