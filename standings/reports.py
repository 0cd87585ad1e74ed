"""The standings use case: a section's standings from the database, for the command and the pages.

``section_report`` loads the section (``loaders.snapshot_load``), parses the order (the posted
one unless another is given), picks the seed for the drawing of lots and ranks with the engine.
The renderings (text, JSON, CSV) and the pages read the ``SectionReport`` it returns.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from standings.engine import Standings, TiebreakSpec, compute_standings, parse_order
from standings.loaders import LoaderError, snapshot_load
from tournaments.models import Player, Section


class ReportError(ValueError):
    """Standings cannot be given: a round that does not exist or is incomplete, a bad order."""


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """What the pages and renderings show of a player besides the engine's values."""

    start_number: int
    name: str
    rating: int | None
    federation: str
    withdrawn_after_round: int | None


@dataclass(frozen=True, slots=True)
class SectionReport:
    """A section's standings and what is needed to show them."""

    section: Section
    standings: Standings
    players: dict[int, PlayerInfo]  # by player pk, as the engine's PlayerRef.id
    # True when the order has coin_flip, the section has no recorded seed and none was given:
    # the seed was generated for this report only and must be shown so that it can be recorded.
    seed_generated: bool

    @property
    def names(self) -> dict[int, str]:
        return {pk: p.name for pk, p in self.players.items()}


def order_for(section: Section, given: str | None = None) -> tuple[TiebreakSpec, ...]:
    """The order ``given`` (engine syntax), else the section's posted order; ``ReportError`` if bad."""
    try:
        return parse_order(section.tiebreaks if given is None else given)
    # The engine's UnknownTiebreak, InvalidTiebreakOption and DuplicateTiebreak are ValueErrors.
    except ValueError as error:
        where = (
            "--tiebreaks"
            if given is not None
            else f"the posted tiebreaks of {section.name}"
        )
        raise ReportError(f"{where}: {error}") from None


def section_report(
    *,
    section: Section,
    through_round: int | None = None,
    tiebreaks: str | None = None,
    seed: str | None = None,
) -> SectionReport:
    """The section's standings after ``through_round`` (default: its last complete round)."""
    order = order_for(section, tiebreaks)
    try:
        snapshot = snapshot_load(section=section, through_round=through_round)
    except LoaderError as error:
        raise ReportError(str(error)) from None
    lots_seed, generated = _lots_seed(order, seed or section.lots_seed)
    standings = compute_standings(snapshot, order, lots_seed=lots_seed)
    players = {
        pk: PlayerInfo(number, name, rating, federation, withdrawn)
        for pk, number, name, rating, federation, withdrawn in Player.objects.filter(
            section=section
        ).values_list(
            "pk",
            "start_number",
            "name",
            "rating",
            "federation",
            "withdrawn_after_round",
        )
    }
    return SectionReport(section, standings, players, generated)


def _lots_seed(
    order: tuple[TiebreakSpec, ...], recorded: str
) -> tuple[str | None, bool]:
    """The seed for coin_flip (None if the order has none) and whether it was generated now.

    A read does not write the database, so a generated seed is only reported.
    """
    if not any(spec.system.needs_lots for spec in order):
        return None, False
    if recorded:
        return recorded, False
    return secrets.token_hex(8), True
