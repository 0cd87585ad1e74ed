"""The use cases of the read side: a section's standings and its prize list, from the database.

``section_report`` loads the section (``loaders.snapshot_load``), parses the order (the posted
one unless another is given), picks the seed for the drawing of lots and ranks with the engine;
``report_explain`` explains one player's row. ``section_prizes`` hands those standings, the
section's prize fund and playoffs to the engine's ``distribute`` (cash follows US Chess 34C; the
rules are in ``standings/engine/prizes.py`` and docs/prizes.md).

The pages (``standings/pages/``), the files (``standings/downloads.py``) and the commands'
text (``standings/text.py``) all start from these.

Round 0 is accepted everywhere: the standings "after round 0" are the starting list, before
round 1, with everyone on 0 and listed by start number.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from standings.engine import (
    RowExplanation,
    Standings,
    TiebreakSpec,
    compute_standings,
    explain_row,
    format_decimal,
    parse_order,
)
from standings.engine.prizes import (
    Distribution,
    Playoff,
    Prize,
    contenders_from_standings,
    distribute,
)
from standings.loaders import LoaderError, PlayerRow, player_rows, snapshot_load
from tournaments.models import Section
from tournaments.prize_fund import FundError, fund_prizes

# Tiebreak values repeat a lot in a big section: format each distinct value once.
as_decimal: Callable[[Fraction], str] = functools.cache(format_decimal)
STORED_FUND_BAD = "The stored prize fund of {section} is not valid: {error}"


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
    groups: tuple[str, ...]  # the prize groups the player belongs to
    title: str = ""  # FIDE title as entered or imported ("GM", "IM", "WFM"...)


@dataclass(frozen=True, slots=True)
class SectionReport:
    """A section's standings and what is needed to show them."""

    section: Section
    standings: Standings
    players: dict[int, PlayerInfo]  # by player pk, as the engine's PlayerRef.id
    # True when the order has coin_flip, the section has no recorded seed and none was given:
    # the seed was generated for this report only and must be shown so that it can be recorded.
    seed_generated: bool

    def label(self, pk: int) -> str:
        """A player as the explanations name them: "#3 Cid Chen"."""
        info = self.players[pk]
        return f"#{info.start_number} {info.name}"


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
    # One read of the players serves the engine and the pages.
    rows = player_rows(section)
    try:
        snapshot = snapshot_load(
            section=section, through_round=through_round, players=rows
        )
    except LoaderError as error:
        raise ReportError(str(error)) from None
    lots_seed, generated = _lots_seed(order, seed or section.lots_seed)
    standings = compute_standings(snapshot, order, lots_seed=lots_seed)
    return SectionReport(section, standings, _infos(rows), generated)


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


def players_of(section: Section) -> dict[int, PlayerInfo]:
    """The section's players by pk, as reports (and pages without standings) show them."""
    return _infos(player_rows(section))


def _infos(rows: list[PlayerRow]) -> dict[int, PlayerInfo]:
    return {
        pk: PlayerInfo(
            number,
            name,
            rating,
            federation,
            withdrawn,
            tuple(g.strip() for g in groups.split(",") if g.strip()),
            title,
        )
        for pk, number, name, rating, federation, withdrawn, groups, title in rows
    }


# ---- One player's row explained ----------------------------------------------------------------


def report_explain(report: SectionReport, start_number: int) -> RowExplanation:
    """The engine's explanation of the row of the player with this start number."""
    pk = next(
        (pk for pk, p in report.players.items() if p.start_number == start_number),
        None,
    )
    if pk is None:
        raise ReportError(f"{report.section.name} has no player number {start_number}")
    return explain_row(report.standings, pk)


# ---- The prize list -------------------------------------------------------------------------


class PrizeReportError(ReportError):
    """No prize list: the standings cannot be given, or the stored fund is not valid."""


@dataclass(frozen=True, slots=True)
class PrizeReport:
    """A section's prize distribution and what is needed to show it."""

    report: SectionReport
    prizes: tuple[Prize, ...]
    distribution: Distribution

    @property
    def section(self) -> Section:
        return self.report.section


def section_prizes(
    *, section: Section, through_round: int | None = None
) -> PrizeReport:
    """The prize list after ``through_round`` (default: the last complete round)."""
    try:
        prizes = fund_prizes(section.prize_fund)
    except FundError as error:
        raise PrizeReportError(
            STORED_FUND_BAD.format(section=section.name, error=error)
        ) from None
    report = section_report(section=section, through_round=through_round)
    groups = {pk: info.groups for pk, info in report.players.items()}
    by_number = {info.start_number: pk for pk, info in report.players.items()}
    playoffs = [
        Playoff(
            # A start number no longer in the section gets an id no player has, so that the
            # engine reports the playoff as not applying rather than reading it differently.
            tuple(by_number.get(n, -n) for n in numbers),
            str(p.get("note", "")),
        )
        for p, numbers in _playoff_entries(section.playoffs)
    ]
    distribution = distribute(
        contenders_from_standings(report.standings, groups),
        prizes,
        playoffs=playoffs,
        playoff_decides_cash=section.playoff_announced,
    )
    return PrizeReport(report, prizes, distribution)


def _playoff_entries(stored: object) -> list[tuple[dict[str, Any], list[int]]]:
    """The stored playoffs with their start numbers; entries of another shape (an edit outside
    the services) are left out rather than failing the page."""
    if not isinstance(stored, list):
        return []
    return [
        (p, p["players"])
        for p in stored
        if isinstance(p, dict)
        and isinstance(p.get("players"), list)
        and all(isinstance(n, int) for n in p["players"])
    ]
